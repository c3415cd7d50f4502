// The Hérésie d'Horus board: the map and the initiative track in SVG (heresy_map.js) with
// its status line (`render`), and the side panels (`panels`): the battle in progress
// (heresy_battle.js), the other seat's last turn (heresy_turn.js), each seat's hand, decks,
// card reserve, special tokens and reserve, the strategic map's seven piles; cards open
// their face on hover and tap (heresy_cards.js). Only the seat's view is read. Elements
// carry `data-target`: "zone:id", "unit:zone:label", "hero:id", "pile:sector", "card:id",
// "unit:reserve:type", "reserve". A page shell that shows `panels(ctx)` itself has a
// `#panels` slot (or sets `ctx.hasPanels`); otherwise `render` puts them under the board.

export { whyKey } from "./heresy_map.js";
import { h, s } from "./dom.js";
import { addStrings, t, tx } from "./i18n.js";
import { drawMap, fitLabels } from "./heresy_map.js";
import { SEATS, cardName, heroName, heroSeat, names, parseUnit, seatName, unitName } from "./heresy_names.js";
import { cardChip, cardPopover, forgetStaleCard, linkCards } from "./heresy_cards.js";
import { battlePanel } from "./heresy_battle.js";
import { lastTurnPanel, markZones } from "./heresy_turn.js";

export { cardPopover, parseUnit, seatName };

addStrings({
  fr: {
    "hpanel.mine": "Votre jeu ({seat})",
    "hpanel.hand.imperium": "Main de l'Imperium : {n} {n -> [one] carte [other] cartes}",
    "hpanel.hand.traitor": "Main du Traître : {n} {n -> [one] carte [other] cartes}",
    "hpanel.reserve.imperium": "Réserve de l'Imperium",
    "hpanel.reserve.traitor": "Réserve du Traître",
    "hpanel.pile.top": "votre carte du dessus :",
    "hpanel.events": "Derniers événements :",
    "hpanel.bombard": "Cartes Bombardement tirées :",
    "hpanel.card_reserve": "Réserve de cartes :",
    "hpanel.compendium": "Toutes les cartes, Héros et unités (compendium)",
  },
  en: {
    "hpanel.mine": "Your game ({seat})",
    "hpanel.hand.imperium": "The Imperium's hand: {n} {n -> [one] card [other] cards}",
    "hpanel.hand.traitor": "The Traitor's hand: {n} {n -> [one] card [other] cards}",
    "hpanel.reserve.imperium": "Imperium reserve",
    "hpanel.reserve.traitor": "Traitor reserve",
    "hpanel.pile.top": "your top card:",
    "hpanel.events": "Latest events:",
    "hpanel.bombard": "Bombardment cards drawn:",
    "hpanel.card_reserve": "Card reserve:",
    "hpanel.compendium": "Every card, Hero and unit (compendium)",
  },
});

// --- panels ---------------------------------------------------------------------------------

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
    // only the seat's own top card shows (HH-18.14): the view holds no other card id
    const top = pile.length ? pile[pile.length - 1].card : null;
    return h(
      "div",
      { class: "pile", "data-target": `pile:${sec.id}`, "data-pile": sec.id },
      h("div", { class: "pile-name" }, tx(sec.name)),
      stack,
      h("div", { class: "pile-count" }, t("heresy.pile.count", { n: pile.length })),
      top ? h("div", { class: "pile-top" }, t("hpanel.pile.top"), " ", cardChip(ctx, top)) : ""
    );
  });
  const rows = [h("div", { class: "pile-row" }, piles)];
  const events = v.event_discard || [];
  if (events.length) rows.push(h("div", { class: "event-row" }, h("span", { class: "row-title" }, t("hpanel.events")), " ", h("span", { class: "cards" }, events.slice(-3).map((c) => cardChip(ctx, c)))));
  const bomb = v.bombardment || {};
  const drawn = [...(bomb.drawn || []), ...(bomb.card ? [bomb.card] : [])].filter((c, i, all) => all.indexOf(c) === i);
  if (drawn.length) rows.push(h("div", { class: "bombard-row" }, h("span", { class: "row-title" }, t("hpanel.bombard")), " ", h("span", { class: "cards" }, drawn.map((c) => cardChip(ctx, c)))));
  return h("div", { class: "piles" }, rows);
}

function sidePanel(ctx, seat) {
  const v = ctx.view;
  const hand = v.hands?.[seat];
  const rows = [];
  if (Array.isArray(hand)) {
    rows.push(h("div", { class: "row-title" }, t("heresy.hand.own", { n: hand.length })));
    rows.push(h("div", { class: "cards hand", "data-hand": seat }, hand.map((c) => cardChip(ctx, c))));
  } else {
    rows.push(h("div", { class: "row-title" }, t(`hpanel.hand.${seat}`, { n: Number(hand) || 0 })));
    rows.push(h("div", { class: "cards backs", "data-hand": seat, "data-count": hand ?? 0 }, Array.from({ length: Number(hand) || 0 }, () => h("span", { class: `card-back seat-${seat}` }))));
  }
  const discard = v.discards?.[seat] || [];
  rows.push(h("div", { class: "muted deck-line" }, t("heresy.deck", { n: v.decks?.[seat] ?? "?", d: discard.length }), discard.length ? [" ", cardChip(ctx, discard[discard.length - 1])] : ""));
  const specials = Number(v.tokens?.[seat]) || 0;
  if (specials) {
    // Fortune Favors the Bold, Cry Havoc: each spent token pays 1 initiative less (HH-12.5)
    const coins = Array.from({ length: specials }, () => h("span", { class: `special-token seat-${seat}` }));
    rows.push(h("div", { class: "specials", "data-tokens": specials, title: t("heresy.tokens.help") }, h("span", { class: "row-title" }, t("heresy.tokens", { n: specials })), " ", coins));
  }
  const kept = v.card_reserve?.[seat] || [];
  rows.push(h("div", { class: "card-reserve" }, h("span", { class: "row-title" }, t("hpanel.card_reserve")), " ", kept.length ? h("span", { class: "cards" }, kept.map((c) => cardChip(ctx, c))) : h("span", { class: "muted" }, t("board.none"))));
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
      h("span", { class: "row-title" }, t(`hpanel.reserve.${seat}`)),
      " ",
      units.length || offMap.length ? [...units, ...offMap] : h("span", { class: "muted" }, t("board.none"))
    )
  );
  if (seat === v.seat || (!v.seat && seat === SEATS[0])) {
    rows.push(h("p", { class: "compendium-link" }, h("a", { href: "/compendium/heresy", target: "_blank", rel: "noopener" }, t("hpanel.compendium"))));
  }
  return h("div", { class: `panel side seat-${seat}${seat === v.seat ? " mine" : ""}`, "data-side": seat }, rows);
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

/** The side panels: the battle first (open while it lasts), the other seat's last turn,
 * the seat's own hand and reserves, the strategic map, the other seat. The page shell
 * shows them beside the board as named collapsible regions. */
export function panels(ctx) {
  const out = [];
  const battle = battlePanel(ctx);
  if (battle) out.push({ id: "heresy-battle", title: battle.title, node: battle.node, open: true });
  const last = lastTurnPanel(ctx);
  if (last) out.push({ id: "heresy-last-turn", title: last.title, node: last.node, open: !battle });
  const me = ctx.view.seat;
  const order = me ? [me, ...SEATS.filter((x) => x !== me)] : SEATS;
  const [first, second] = order;
  out.push({ id: `heresy-side-${first}`, title: me ? t("hpanel.mine", { seat: seatName(ctx, first) }) : seatName(ctx, first), node: sidePanel(ctx, first), open: true });
  out.push({ id: "heresy-piles", title: t("heresy.piles"), node: pilesPanel(ctx), open: !battle });
  out.push({ id: `heresy-side-${second}`, title: seatName(ctx, second), node: sidePanel(ctx, second), open: !battle });
  return out;
}

/** The panels under the board, for a page shell that does not show `panels(ctx)`. */
function fallbackPanels(ctx) {
  return panels(ctx).map((p) =>
    h("section", { class: `panel heresy-panel ${p.id}`, id: p.id, "aria-label": p.title }, h("h3", {}, p.title), p.node)
  );
}

/** A log entry's text with its card names as buttons that open the card (for the shell's
 * log: `renderer.logText?.(ctx, entry) ?? tx(entry.text)`). */
export function logText(ctx, entry) {
  const seat = (ctx.state?.game?.seats || []).find((x) => x.seat === entry.seat)?.name || null;
  return linkCards(ctx, tx(entry.text), seat);
}

/** Whether the page shell shows `panels(ctx)` itself (the table page's sidebar slot). */
function shellPanels(ctx) {
  return Boolean(ctx.hasPanels || document.getElementById("panels"));
}

/** Draw the map, its status line and (when the shell does not take `panels`) the panels. */
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
  markZones(svg, ctx);
  host.replaceChildren(
    statusLine(ctx),
    h("div", { class: "svg-wrap" }, svg),
    h("div", { class: "legend" }, t("heresy.legend")),
    ...(shellPanels(ctx) ? [] : fallbackPanels(ctx))
  );
  fitLabels(svg);
  queueMicrotask(forgetStaleCard);
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
