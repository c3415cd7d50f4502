// The Hérésie d'Horus board in SVG: zones from their outlines (GET …/board), crevasses,
// walls and the sector division on the shared borders, units by side, type and rank,
// Heroes, activation / rout markers, lasers, the initiative track with both markers; then
// the strategic map's seven piles, the hands (the opponent's as a count), decks, reserves,
// events and the battle in progress, as HTML panels. Only the seat's view is read.
// Board elements carry `data-target`: "zone:id", "unit:zone:label", "hero:id", "pile:sector",
// "card:id", "unit:reserve:type", "reserve".

import { h, initials, s, title } from "./dom.js";
import { t, tx } from "./i18n.js";

const SEATS = ["imperium", "traitor"];
const CONTENT_SIDE = { imperial: "imperium", traitor: "traitor" };
const SECTOR_FILL = ["#e9dcc0", "#dfe8cf", "#d8e3ee", "#efe0d6", "#e6dff0", "#d9ece6", "#f1e8c8", "#e4e4e4"];
const ICON_GLYPH = { start: "▶", event: "E", order_draw: "O", restoration: "R", spaceport_victory: "S", imperial_victory: "V" };
const POWER_COLOUR = { red: "#c62828", green: "#558b2f", blue: "#1565c0", purple: "#8e24aa" };
const TOKEN_W = 40;
const TOKEN_H = 16;

function names(ctx) {
  return ctx.board?.names || {};
}

export function seatName(ctx, seat) {
  if (!seat) return "—";
  const game = (ctx.state.game?.seats || []).find((x) => x.name === seat);
  if (game) return tx(game.label);
  return t(`heresy.seat.${seat}`);
}

function base(card) {
  return String(card).split("#", 1)[0];
}

function zoneName(ctx, id) {
  const z = ctx.zones.get(id);
  return z ? tx(z.name) : id === "reserve" ? t("heresy.reserve", { seat: "" }).trim() : id;
}

function sectorName(ctx, id) {
  const sec = (ctx.board.sectors || []).find((x) => x.id === id);
  return sec ? tx(sec.name) : id;
}

function cardName(ctx, card) {
  const id = base(card);
  const n = names(ctx);
  const item = n.orders?.[id] || n.combat?.[id] || n.events?.[id];
  return item ? tx(item.name) : id;
}

function unitName(ctx, type) {
  return tx(names(ctx).units?.[type]?.name) || type;
}

function heroName(ctx, hero) {
  return tx(names(ctx).heroes?.[hero]?.name) || hero;
}

function heroSeat(ctx, hero) {
  return CONTENT_SIDE[names(ctx).heroes?.[hero]?.side] || "";
}

function tagName(ctx, tag) {
  const n = names(ctx);
  return tx(n.legions?.[tag]?.name || n.powers?.[tag]?.name) || tag;
}

/** `traitor:chaos_titan/nurgle/d2` → {seat, type, tag, damage, label}. */
export function parseUnit(entry) {
  const [seat, ...rest] = String(entry).split(":");
  const label = rest.join(":");
  const parts = label.split("/");
  let tag = "";
  let damage = 0;
  for (const part of parts.slice(1)) {
    const m = /^d(\d+)$/.exec(part);
    if (m) damage = Number(m[1]);
    else if (part) tag = part;
  }
  return { seat, type: parts[0], tag, damage, label };
}

function bbox(outline) {
  const xs = outline.map((p) => p[0]);
  const ys = outline.map((p) => p[1]);
  return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
}

/** A zone's name cut to the room it has (about 6 units per character at 11 px). */
function fitLabel(name, room) {
  const chars = Math.max(3, Math.floor(room / 6.8) - 1);
  if (name.length <= chars) return name;
  if (chars < 8) return initials(name, 4);
  return name.slice(0, chars - 1).trimEnd() + "…";
}

function zigzag(seg, step = 10, amp = 4) {
  const [x1, y1, x2, y2] = seg;
  const len = Math.hypot(x2 - x1, y2 - y1);
  const n = Math.max(2, Math.round(len / step));
  const nx = -(y2 - y1) / len;
  const ny = (x2 - x1) / len;
  const pts = [];
  for (let i = 0; i <= n; i += 1) {
    const k = i === 0 || i === n ? 0 : i % 2 ? amp : -amp;
    pts.push(`${(x1 + ((x2 - x1) * i) / n + nx * k).toFixed(1)},${(y1 + ((y2 - y1) * i) / n + ny * k).toFixed(1)}`);
  }
  return pts.join(" ");
}

// --- the map --------------------------------------------------------------------------------

function drawZones(ctx, svg) {
  const v = ctx.view;
  const sectorIndex = new Map((ctx.board.sectors || []).map((sec, i) => [sec.id, i]));
  const layer = s("g", { class: "zones" });
  for (const z of ctx.board.zones || []) {
    const fill = z.terra === false ? "#cfc6dc" : SECTOR_FILL[(sectorIndex.get(z.sectors[0]) ?? 7) % SECTOR_FILL.length];
    const classes = ["zone", `kind-${z.kind}`];
    if (z.fortified) classes.push("fortified");
    if (z.dashed) classes.push("dashed");
    const g = s("g", { class: classes.join(" "), "data-target": `zone:${z.id}`, "data-zone": z.id });
    g.append(s("polygon", { points: z.outline.map((p) => p.join(",")).join(" "), fill }));
    // a point surely inside the zone (its centre may fall outside an L-shaped outline)
    g.append(s("circle", { cx: z.position[0], cy: z.position[1], r: 5, class: "anchor" }));
    const { box, n, y0, cx, cy } = layout(ctx, z);
    const fort = z.fortified ? " ◆" : "";
    const labelY = n ? y0 - 4 : cy + 4;
    g.append(s("text", { x: cx, y: labelY, class: "zone-name" }, fitLabel(tx(z.name), box.w - 6) + fort));
    const lasers = v.lasers?.[z.id];
    if (lasers) {
      const lx = box.x + box.w - 14;
      const ly = box.y + box.h - 6;
      g.append(
        s(
          "g",
          { class: "laser" },
          s("polygon", { points: `${lx - 8},${ly} ${lx + 8},${ly} ${lx},${ly - 13}` }),
          s("text", { x: lx, y: ly - 2 }, String(lasers)),
          title(t("heresy.lasers", { n: lasers }))
        )
      );
    }
    const sectors = z.sectors.map((id) => sectorName(ctx, id)).join(", ");
    g.append(title(`${tx(z.name)}${fort} · ${sectors}`));
    layer.append(g);
  }
  svg.append(layer);
}

function drawEdges(ctx, svg) {
  const layer = s("g", { class: "edges" });
  for (const e of ctx.board.edges || []) {
    for (const seg of e.segments || []) {
      if (e.crevasse) layer.append(s("polyline", { class: "crevasse", points: zigzag(seg) }));
      else if (e.fortified) layer.append(s("line", { class: "wall", x1: seg[0], y1: seg[1], x2: seg[2], y2: seg[3] }));
      else if (e.region_division) layer.append(s("line", { class: "division", x1: seg[0], y1: seg[1], x2: seg[2], y2: seg[3] }));
    }
  }
  svg.append(layer);
}

function unitToken(ctx, zone, group, count, x, y) {
  const { seat, type, tag, damage, label } = group;
  const unit = names(ctx).units?.[type];
  const g = s("g", { class: `unit seat-${seat}`, "data-target": `unit:${zone}:${label}` });
  g.append(s("rect", { x, y, width: TOKEN_W, height: TOKEN_H, rx: 3, class: "unit-body" }));
  const power = names(ctx).powers?.[tag];
  if (power) g.append(s("rect", { x, y, width: 5, height: TOKEN_H, rx: 2, fill: POWER_COLOUR[power.colour] || power.colour }));
  const abbrev = initials(unitName(ctx, type), 3);
  g.append(s("text", { x: x + 5 + (TOKEN_W - 5) / 2 - 5, y: y + 12, class: "unit-abbr" }, abbrev));
  g.append(s("text", { x: x + TOKEN_W - 3, y: y + 12, class: "unit-count" }, count > 1 ? String(count) : ""));
  if (unit?.rank) {
    for (let i = 0; i < Math.min(unit.rank, 5); i += 1) {
      g.append(s("circle", { cx: x + 9 + i * 4.5, cy: y + TOKEN_H - 1, r: 1.4, class: "rank-pip" }));
    }
  }
  if (damage) {
    g.append(s("circle", { cx: x + TOKEN_W, cy: y, r: 5.5, class: "damage" }));
    g.append(s("text", { x: x + TOKEN_W, y: y + 3, class: "damage-n" }, String(damage)));
  }
  const parts = [`${count}× ${unitName(ctx, type)}`];
  if (unit?.rank) parts.push(`[${unit.rank}]`);
  if (tag) parts.push(tagName(ctx, tag));
  if (damage) parts.push(t("heresy.damage", { n: damage }));
  parts.push(`· ${seatName(ctx, seat)}`);
  g.append(title(parts.join(" ")));
  return g;
}

function heroToken(ctx, hero, x, y) {
  const seat = heroSeat(ctx, hero);
  const g = s("g", { class: `hero seat-${seat}`, "data-target": `hero:${hero}` });
  g.append(s("rect", { x, y, width: TOKEN_W, height: TOKEN_H, rx: 8, class: "hero-body" }));
  g.append(s("text", { x: x + TOKEN_W / 2, y: y + 12, class: "hero-name" }, "★" + initials(heroName(ctx, hero), 3)));
  const dmg = ctx.view.hero_damage?.[hero];
  if (dmg) {
    g.append(s("circle", { cx: x + TOKEN_W, cy: y, r: 5.5, class: "damage" }));
    g.append(s("text", { x: x + TOKEN_W, y: y + 3, class: "damage-n" }, String(dmg)));
  }
  g.append(title(`${heroName(ctx, hero)} · ${seatName(ctx, seat)}${dmg ? " · " + t("heresy.damage", { n: dmg }) : ""}`));
  return g;
}

function markToken(ctx, seat, mark, x, y) {
  const letter = mark === 2 ? "R" : "A";
  const label = t(mark === 2 ? "heresy.mark.rout" : "heresy.mark.active");
  const r = 8;
  const pts = [];
  for (let i = 0; i < 6; i += 1) pts.push(`${(x + r * Math.cos((Math.PI / 3) * i)).toFixed(1)},${(y + r * Math.sin((Math.PI / 3) * i)).toFixed(1)}`);
  return s(
    "g",
    { class: `mark seat-${seat} mark-${letter}` },
    s("polygon", { points: pts.join(" ") }),
    s("text", { x, y: y + 3.5 }, letter),
    title(`${label} · ${seatName(ctx, seat)}`)
  );
}

/** Where a zone's tokens go: units grouped by side, type, tag and damage, then Heroes,
 * in up to three columns around the zone's centre, below its name. */
function layout(ctx, z) {
  const v = ctx.view;
  const unitOrder = Object.keys(names(ctx).units || {});
  const groups = new Map();
  for (const entry of v.units?.[z.id] || []) {
    const key = String(entry);
    if (!groups.has(key)) groups.set(key, { group: parseUnit(key), count: 0 });
    groups.get(key).count += 1;
  }
  const sorted = [...groups.values()].sort(
    (a, b) =>
      SEATS.indexOf(a.group.seat) - SEATS.indexOf(b.group.seat) ||
      unitOrder.indexOf(a.group.type) - unitOrder.indexOf(b.group.type) ||
      a.group.label.localeCompare(b.group.label)
  );
  const heroes = Object.entries(v.heroes || {})
    .filter(([, where]) => where === z.id)
    .map(([hero]) => hero);
  const n = sorted.length + heroes.length;
  const box = bbox(z.outline);
  const cols = Math.max(1, Math.min(3, Math.floor((box.w - 4) / (TOKEN_W + 3)), n));
  const rows = Math.ceil(n / cols);
  const [cx, cy] = z.position;
  const x0 = cx - (cols * (TOKEN_W + 3) - 3) / 2;
  const y0 = Math.max(box.y + 18, Math.min(cy - (rows * (TOKEN_H + 3)) / 2 + 6, box.y + box.h - rows * (TOKEN_H + 3)));
  return { sorted, heroes, n, box, cols, rows, x0, y0, cx, cy };
}

function drawPieces(ctx, svg) {
  const v = ctx.view;
  const layer = s("g", { class: "pieces" });
  for (const z of ctx.board.zones || []) {
    const { sorted, heroes, n, box, cols, x0, y0 } = layout(ctx, z);
    if (!n && !Object.values(v.activation || {}).some((m) => m && m[z.id])) continue;
    const g = s("g", { class: "zone-pieces" });
    let i = 0;
    for (const { group, count } of sorted) {
      g.append(unitToken(ctx, z.id, group, count, x0 + (i % cols) * (TOKEN_W + 3), y0 + Math.floor(i / cols) * (TOKEN_H + 3)));
      i += 1;
    }
    for (const hero of heroes) {
      g.append(heroToken(ctx, hero, x0 + (i % cols) * (TOKEN_W + 3), y0 + Math.floor(i / cols) * (TOKEN_H + 3)));
      i += 1;
    }
    let m = 0;
    for (const seat of SEATS) {
      const mark = v.activation?.[seat]?.[z.id];
      if (mark) {
        g.append(markToken(ctx, seat, mark, box.x + box.w - 10 - m * 18, box.y + 10));
        m += 1;
      }
    }
    layer.append(g);
  }
  svg.append(layer);
}

function drawTrack(ctx, svg) {
  const v = ctx.view;
  const rect = ctx.board.board?.initiative_track || [5, 870, 1190, 60];
  const spaces = ctx.board.track || [];
  const [x0, y0, w, hgt] = rect;
  const cw = w / Math.max(1, spaces.length);
  const track = v.track || {};
  const triggered = new Set((track.triggered || []).map(Number));
  const g = s("g", { class: "track" });
  g.append(s("text", { x: x0, y: y0 - 5, class: "track-title" }, t("heresy.track")));
  spaces.forEach((space, i) => {
    const x = x0 + i * cw;
    const icons = space.icons || [];
    const victory = icons.some((ic) => ic.endsWith("victory"));
    const done = triggered.has(space.n) && !victory;
    const cell = s("g", { class: `space${done ? " done" : ""}${icons.length ? " icon-" + icons[0] : ""}`, "data-space": space.n });
    cell.append(s("rect", { x: x + 1, y: y0, width: cw - 2, height: hgt, rx: 3 }));
    cell.append(s("text", { x: x + cw / 2, y: y0 + 13, class: "space-n" }, String(space.n)));
    if (icons.length) {
      cell.append(s("text", { x: x + cw / 2, y: y0 + 29, class: "space-icon" }, icons.map((ic) => ICON_GLYPH[ic] || ic[0]).join("")));
      cell.append(title(`${space.n}: ${icons.map((ic) => t(`heresy.icon.${ic}`)).join(", ")}`));
    }
    g.append(cell);
  });
  const order = track.top ? [SEATS.find((x) => x !== track.top), track.top] : SEATS;
  for (const seat of order) {
    const n = Number(track[seat]);
    const i = spaces.findIndex((sp) => sp.n === n);
    if (i < 0) continue;
    const both = track.imperium === track.traitor;
    const dx = both ? (seat === track.top ? 4 : -4) : 0;
    g.append(
      s(
        "g",
        { class: `marker seat-${seat}`, "data-marker": seat },
        s("circle", { cx: x0 + i * cw + cw / 2 + dx, cy: y0 + hgt - 13 - (both && seat === track.top ? 3 : 0), r: 9 }),
        s("text", { x: x0 + i * cw + cw / 2 + dx, y: y0 + hgt - 9 - (both && seat === track.top ? 3 : 0) }, seatName(ctx, seat).slice(0, 1)),
        title(`${seatName(ctx, seat)} : ${n}`)
      )
    );
  }
  svg.append(g);
}

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
  drawZones(ctx, svg);
  drawEdges(ctx, svg);
  drawPieces(ctx, svg);
  drawTrack(ctx, svg);
  const me = ctx.view.seat;
  const order = me ? [me, ...SEATS.filter((x) => x !== me)] : SEATS;
  const panels = [battlePanel(ctx), pilesPanel(ctx), h("div", { class: "sides" }, order.map((seat) => sidePanel(ctx, seat)))];
  host.replaceChildren(
    statusLine(ctx),
    h("div", { class: "svg-wrap" }, svg),
    h("div", { class: "legend" }, t("heresy.legend")),
    ...panels.filter(Boolean)
  );
}

/** The board elements an option refers to, best first. */
export function targets(key, ctx) {
  const parts = String(key).split(":");
  const [p, a] = parts;
  if (parts.length < 2) return [];
  switch (p) {
    case "to":
    case "target":
    case "origin":
    case "retreat":
    case "zone":
      return [`zone:${a}`];
    case "from":
      return a === "reserve" ? ["reserve"] : [`zone:${a}`];
    case "fly":
      return [`zone:${parts.length >= 4 ? parts[3] : a}`];
    case "unit":
      return [`unit:${a}:${parts.slice(2).join(":")}`, a === "reserve" ? "reserve" : `zone:${a}`];
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
      return [];
  }
}
