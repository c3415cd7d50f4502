// The Hérésie d'Horus board: the map and the initiative track in SVG (heresy_map.js), then
// the strategic map's seven piles, the hands (the opponent's as a count), decks, reserves,
// special tokens, events and the battle in progress, as HTML panels. Only the seat's view
// is read. Board elements carry `data-target`: "zone:id", "unit:zone:label", "hero:id",
// "pile:sector", "card:id", "unit:reserve:type", "reserve".

import { h, s } from "./dom.js";
import { t, tx } from "./i18n.js";
import { drawMap, fitLabels } from "./heresy_map.js";
import { SEATS, base, cardName, heroName, heroSeat, names, parseUnit, sectorName, seatName, tagName, unitName, zoneName } from "./heresy_names.js";

export { parseUnit, seatName };

// --- panels ---------------------------------------------------------------------------------

function cardChip(ctx, card, extra = "") {
  const id = base(card);
  const order = names(ctx).orders?.[id];
  const combat = names(ctx).combat?.[id];
  const cost = order ? (order.cost === null || order.cost === undefined ? t("heresy.cost.unknown") : t("heresy.cost", { n: order.cost })) : "";
  const stats = combat ? tx(combat.stats) : "";
  return h(
    "span",
    { class: `card${combat?.hero ? " hero-card" : ""}`, "data-target": `card:${card}${card !== id ? " card:" + id : ""}`, title: [cardName(ctx, card), cost, stats].filter(Boolean).join(" · ") },
    h("b", {}, cardName(ctx, card)),
    cost || stats ? h("small", {}, cost || stats) : "",
    extra
  );
}

function pilesPanel(ctx) {
  const v = ctx.view;
  const piles = (ctx.board.sectors || []).map((sec) => {
    const pile = v.piles?.[sec.id] || [];
    const stack = h(
      "div",
      { class: "pile-stack" },
      pile.length
        ? pile.map((c) => h("span", { class: `pile-card seat-${c.owner}${c.fresh ? " fresh" : ""}`, title: seatName(ctx, c.owner) }))
        : h("span", { class: "muted" }, t("heresy.pile.empty"))
    );
    const top = pile.length ? pile[pile.length - 1].card : null;
    return h(
      "div",
      { class: "pile", "data-target": `pile:${sec.id}`, "data-pile": sec.id },
      h("div", { class: "pile-name" }, tx(sec.name)),
      stack,
      h("div", { class: "pile-count" }, t("heresy.pile.count", { n: pile.length })),
      top ? h("div", { class: "pile-top" }, t("heresy.pile.top", { card: cardName(ctx, top) })) : ""
    );
  });
  return h("section", { class: "panel piles" }, h("h3", {}, t("heresy.piles")), h("div", { class: "pile-row" }, piles));
}

function sidePanel(ctx, seat) {
  const v = ctx.view;
  const hand = v.hands?.[seat];
  const rows = [];
  if (Array.isArray(hand)) {
    rows.push(h("div", { class: "row-title" }, t("heresy.hand.own", { n: hand.length })));
    rows.push(h("div", { class: "cards hand", "data-hand": seat }, hand.map((c) => cardChip(ctx, c))));
  } else {
    rows.push(h("div", { class: "row-title" }, t("heresy.hand.other", { seat: seatName(ctx, seat), n: hand ?? 0 })));
    rows.push(h("div", { class: "cards backs", "data-hand": seat, "data-count": hand ?? 0 }, Array.from({ length: Number(hand) || 0 }, () => h("span", { class: `card-back seat-${seat}` }))));
  }
  const discard = v.discards?.[seat] || [];
  rows.push(h("div", { class: "muted" }, t("heresy.deck", { n: v.decks?.[seat] ?? "?", d: discard.length }), discard.length ? ` (${cardName(ctx, discard[discard.length - 1])})` : ""));
  const specials = Number(v.tokens?.[seat]) || 0;
  if (specials) {
    // Fortune Favors the Bold, Cry Havoc: each spent token pays 1 initiative less (HH-12.5)
    const coins = Array.from({ length: specials }, () => h("span", { class: `special-token seat-${seat}` }));
    rows.push(h("div", { class: "specials", "data-tokens": specials, title: t("heresy.tokens.help") }, h("span", { class: "row-title" }, t("heresy.tokens", { n: specials })), " ", coins));
  }
  const kept = v.card_reserve?.[seat] || [];
  rows.push(h("div", { class: "muted" }, t("heresy.card_reserve", { cards: kept.map((c) => cardName(ctx, c)).join(", ") || t("board.none") })));
  const reserve = v.reserve?.[seat] || {};
  const unitOrder = Object.keys(names(ctx).units || {});
  const units = Object.entries(reserve)
    .filter(([, n]) => n)
    .sort((a, b) => unitOrder.indexOf(a[0]) - unitOrder.indexOf(b[0]))
    .map(([type, n]) => {
      const u = names(ctx).units?.[type];
      return h("span", { class: `chip unit-chip seat-${seat}`, "data-target": `unit:reserve:${type}` }, `${n}× ${unitName(ctx, type)}${u?.rank ? ` [${u.rank}]` : ""}`);
    });
  const offMap = Object.entries(v.heroes || {})
    .filter(([hero, where]) => !where && heroSeat(ctx, hero) === seat)
    .map(([hero]) => h("span", { class: `chip hero-chip seat-${seat}`, "data-target": `hero:${hero}` }, "★" + heroName(ctx, hero)));
  rows.push(
    h(
      "div",
      { class: "reserve", "data-target": seat === v.seat ? "reserve" : null },
      h("span", { class: "row-title" }, t("heresy.reserve", { seat: seatName(ctx, seat) })),
      " ",
      units.length || offMap.length ? [...units, ...offMap] : h("span", { class: "muted" }, t("board.none"))
    )
  );
  return h("section", { class: `panel side seat-${seat}${seat === v.seat ? " mine" : ""}` }, h("h3", {}, seatName(ctx, seat)), rows);
}

function battlePanel(ctx) {
  const v = ctx.view;
  const b = v.battle;
  if (!b) return null;
  const rows = [];
  rows.push(
    h(
      "h3",
      {},
      t(b.coexistence ? "heresy.battle.coexistence" : "heresy.battle", { zone: zoneName(ctx, b.target) }),
      " · ",
      t("heresy.battle.sides", { attacker: seatName(ctx, b.attacker), defender: seatName(ctx, b.defender) })
    )
  );
  const info = [];
  if (b.card) info.push(t("heresy.battle.order", { card: cardName(ctx, b.card), sector: sectorName(ctx, b.sector) }));
  if (b.fortification) info.push(t("heresy.battle.fort", { n: b.fortification }));
  if (!b.joining) info.push(t("heresy.battle.iteration", { it: b.iteration, iters: b.iterations, seat: seatName(ctx, b.active) }));
  if (b.damage) info.push(t("heresy.battle.damage", { n: b.damage }));
  if (info.length) rows.push(h("div", {}, info.join(" · ")));
  rows.push(h("div", { class: "muted" }, t("heresy.battle.origins", { zones: (b.origins || []).map((z) => zoneName(ctx, z)).join(", ") || t("board.none") })));
  for (const seat of [b.attacker, b.defender]) {
    const counts = new Map();
    for (const entry of b.engaged || []) {
      const [who, zone, ...rest] = String(entry).split(":");
      if (who !== seat) continue;
      const key = `${zone}:${rest.join(":")}`;
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    const chips = [...counts.entries()].map(([key, n]) => {
      const [zone, ...rest] = key.split(":");
      const u = parseUnit(`${seat}:${rest.join(":")}`);
      const extra = [u.tag ? tagName(ctx, u.tag) : "", u.damage ? t("heresy.damage", { n: u.damage }) : ""].filter(Boolean).join(", ");
      return h("span", { class: `chip unit-chip seat-${seat}`, "data-target": `unit:${zone}:${u.label}` }, `${n}× ${unitName(ctx, u.type)}${extra ? ` (${extra})` : ""} · ${zoneName(ctx, zone)}`);
    });
    for (const hero of b.heroes || []) {
      if (heroSeat(ctx, hero) === seat) chips.push(h("span", { class: `chip hero-chip seat-${seat}`, "data-target": `hero:${hero}` }, "★" + heroName(ctx, hero)));
    }
    rows.push(h("div", {}, h("span", { class: "row-title" }, t("heresy.battle.engaged", { seat: seatName(ctx, seat) })), " ", chips.length ? chips : t("board.none")));
  }
  if (!b.joining) {
    const played = (b.played || []).map((c) => cardChip(ctx, c));
    rows.push(h("div", {}, h("span", { class: "row-title" }, t("heresy.battle.played")), " ", played.length ? played : t("board.none")));
    for (const seat of SEATS) {
      const hand = v.combat?.hands?.[seat];
      if (Array.isArray(hand)) {
        rows.push(h("div", {}, h("span", { class: "row-title" }, t("heresy.battle.hand", { seat: seatName(ctx, seat) })), " ", h("span", { class: "cards" }, hand.map((c) => cardChip(ctx, c)))));
      } else {
        const counts = hand || {};
        rows.push(
          h(
            "div",
            { class: "muted" },
            t("heresy.battle.hand", { seat: seatName(ctx, seat) }),
            " : ",
            t("heresy.battle.hand.hidden", { n: counts.combat ?? "?", h: counts.hero ?? "?" }),
            " · ",
            t("heresy.battle.decks", { n: v.combat?.decks?.[seat] ?? "?", h: v.combat?.hero_decks?.[seat] ?? "?" })
          )
        );
      }
    }
  }
  return h("section", { class: "panel battle" }, rows);
}

function statusLine(ctx) {
  const v = ctx.view;
  const parts = [h("strong", {}, t("board.round", { n: v.round ?? "?" }))];
  if (v.current && !v.over) parts.push(h("span", { class: `seat-text seat-${v.current}` }, t("heresy.current", { seat: seatName(ctx, v.current) })));
  parts.push(v.seat ? t("board.you", { seat: seatName(ctx, v.seat) }) : t("board.spectator"));
  const discard = v.event_discard || [];
  parts.push(t("heresy.events", { n: v.events ?? "?", cards: discard.slice(-3).map((c) => cardName(ctx, c)).join(", ") || t("board.none") }));
  if (v.over) parts.push(h("strong", {}, t("heresy.over", { seat: seatName(ctx, v.winner) })));
  const out = [];
  parts.forEach((p, i) => {
    if (i) out.push(" · ");
    out.push(p);
  });
  return h("div", { class: "board-info" }, h("div", { class: "info-line" }, out));
}

/** Draw the whole board of `ctx.view` into `host`. */
export function render(host, ctx) {
  ctx.zones = new Map((ctx.board.zones || []).map((z) => [z.id, z]));
  const b = ctx.board.board || { width: 1200, height: 950 };
  const svg = s("svg", {
    class: "board-svg heresy",
    viewBox: `0 0 ${b.width} ${b.height}`,
    "data-zones": (ctx.board.zones || []).length,
    role: "img",
  });
  drawMap(ctx, svg);
  const me = ctx.view.seat;
  const order = me ? [me, ...SEATS.filter((x) => x !== me)] : SEATS;
  const panels = [battlePanel(ctx), pilesPanel(ctx), h("div", { class: "sides" }, order.map((seat) => sidePanel(ctx, seat)))];
  host.replaceChildren(
    statusLine(ctx),
    h("div", { class: "svg-wrap" }, svg),
    h("div", { class: "legend" }, t("heresy.legend")),
    ...panels.filter(Boolean)
  );
  fitLabels(svg);
}

/** Where an option's raw arguments (`args`: zone, what) put it when its key does not say:
 * "unit:type" of an event or a laser shot, "warband:zone:power", "khan:zone", "land". */
function fromArgs(args) {
  const out = [];
  const zone = args?.zone;
  const what = typeof args?.what === "string" ? args.what : typeof args?.unit === "string" ? args.unit : null;
  if (what && zone === "reserve") out.push(`unit:reserve:${what}`, `unit:reserve:${what.split("/")[0]}`, "reserve");
  else if (what && zone) out.push(`unit:${zone}:${what}`, `hero:${what}`);
  if (typeof zone === "string" && zone !== "reserve") out.push(`zone:${zone}`);
  return out;
}

/** The board elements an option refers to, best first. */
export function targets(key, ctx) {
  const parts = String(key).split(":");
  const [p, a] = parts;
  const option = (ctx.decision?.options || []).find((o) => o.key === key);
  const byArgs = fromArgs(option?.args);
  if (parts.length < 2) return byArgs;
  switch (p) {
    case "to":
    case "target":
    case "origin":
    case "retreat":
    case "zone":
    case "khan":
      return [`zone:${a}`];
    case "from":
      return a === "reserve" ? ["reserve"] : [`zone:${a}`];
    case "fly":
      return [`zone:${parts.length >= 4 ? parts[3] : a}`];
    case "unit":
      if (parts.length === 2) return byArgs;
      return [`unit:${a}:${parts.slice(2).join(":")}`, a === "reserve" ? "reserve" : `zone:${a}`];
    case "edge":
      return [`edge:${a.split("|").sort().join("|")}`];
    case "pile":
    case "sector":
      return [`pile:${a}`];
    case "card":
      return [`card:${parts.slice(1).join(":")}`];
    case "hero":
    case "pickhero":
    case "drophero":
      return [`hero:${a}`];
    default:
      return byArgs;
  }
}
