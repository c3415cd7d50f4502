// The Hérésie map in SVG, from the board's outlines (GET …/board) and one seat's view: zones
// by sector, impassable zones hatched (Holy Terra Asunder: they no longer exist), crevasses,
// walls where a fortified zone (plastic piece or fortification marker, HH-33.2, HH-33.3)
// meets an open one, breaches on their edge segment (HH-33.5), the sector division; each
// zone's name row with its markers (fortification marker, defense lasers, activation / rout)
// and its tokens laid out inside the outline (heresy_layout.js); the initiative track.
// Board elements carry `data-target`: "zone:id", "unit:zone:label", "hero:id".

import { initials, s, title } from "./dom.js";
import { t, tx } from "./i18n.js";
import { ICON_W, LABEL_H, TOKEN_H, TOKEN_W, layoutZone } from "./heresy_layout.js";
import { SEATS, heroName, heroSeat, names, parseUnit, seatName, sectorName, tagName, unitName } from "./heresy_names.js";

const SECTOR_FILL = ["#e9dcc0", "#dfe8cf", "#d8e3ee", "#efe0d6", "#e6dff0", "#d9ece6", "#f1e8c8", "#e4e4e4"];
const ICON_GLYPH = { start: "▶", event: "E", order_draw: "O", restoration: "R", spaceport_victory: "S", imperial_victory: "V" };
const POWER_COLOUR = { red: "#c62828", green: "#558b2f", blue: "#1565c0", purple: "#8e24aa" };
const CHAR_W = 6.4; // the width of one character of a zone name at 11 px, roughly

/** A zone's name cut to the room it has. */
function fitLabel(name, room, least = 2) {
  const chars = Math.max(least, Math.floor(room / CHAR_W));
  if (name.length <= chars) return name;
  if (chars < 8) return initials(name, Math.min(4, chars));
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

function edgeKey(a, b) {
  return [a, b].sort().join("|");
}

/** What the view changes on the static board: fortification markers, breaches, impassable zones. */
function dynamic(ctx) {
  const v = ctx.view;
  return {
    markers: new Set(v.fort_markers || []),
    breaches: new Set(v.breaches || []),
    impassable: new Set(v.impassable || []),
  };
}

/** The tokens of a zone, Heroes first (a crowded zone's badge hides units rather than them),
 * then units grouped by side, type, tag and damage. */
function zoneItems(ctx, z) {
  const v = ctx.view;
  const unitOrder = Object.keys(names(ctx).units || {});
  const groups = new Map();
  for (const entry of v.units?.[z.id] || []) {
    const key = String(entry);
    if (!groups.has(key)) groups.set(key, { kind: "unit", group: parseUnit(key), count: 0 });
    groups.get(key).count += 1;
  }
  const units = [...groups.values()].sort(
    (a, b) =>
      SEATS.indexOf(a.group.seat) - SEATS.indexOf(b.group.seat) ||
      unitOrder.indexOf(a.group.type) - unitOrder.indexOf(b.group.type) ||
      a.group.label.localeCompare(b.group.label)
  );
  const heroes = Object.entries(v.heroes || {})
    .filter(([, where]) => where === z.id)
    .map(([hero]) => ({ kind: "hero", hero }));
  return [...heroes, ...units];
}

/** The markers in a zone's name row, right to left. */
function zoneIcons(ctx, z, dyn) {
  const v = ctx.view;
  const out = [];
  for (const seat of SEATS) {
    const mark = v.activation?.[seat]?.[z.id];
    if (mark) out.push({ kind: "mark", seat, mark });
  }
  if (v.lasers?.[z.id]) out.push({ kind: "laser", n: v.lasers[z.id] });
  if (dyn.markers.has(z.id)) out.push({ kind: "fort" });
  return out;
}

function iconText(ctx, icon) {
  if (icon.kind === "mark") return `${t(icon.mark === 2 ? "heresy.mark.rout" : "heresy.mark.active")} (${seatName(ctx, icon.seat)})`;
  if (icon.kind === "laser") return t("heresy.lasers", { n: icon.n });
  return t("heresy.fort_marker");
}

// --- layers ---------------------------------------------------------------------------------

function defs() {
  return s(
    "defs",
    {},
    s(
      "pattern",
      { id: "heresy-hatch", patternUnits: "userSpaceOnUse", width: 9, height: 9, patternTransform: "rotate(45)" },
      s("rect", { width: 9, height: 9, fill: "#8d857a" }),
      s("line", { x1: 0, y1: 0, x2: 0, y2: 9, stroke: "#4a443c", "stroke-width": 4 })
    )
  );
}

function drawZones(ctx, svg, plan, dyn) {
  const sectorIndex = new Map((ctx.board.sectors || []).map((sec, i) => [sec.id, i]));
  const layer = s("g", { class: "zones" });
  for (const z of ctx.board.zones || []) {
    const gone = dyn.impassable.has(z.id);
    const fill = z.terra === false ? "#cfc6dc" : SECTOR_FILL[(sectorIndex.get(z.sectors[0]) ?? 7) % SECTOR_FILL.length];
    const classes = ["zone", `kind-${z.kind}`];
    if (z.fortified || dyn.markers.has(z.id)) classes.push("fortified");
    if (dyn.markers.has(z.id)) classes.push("fort-marked");
    if (z.dashed) classes.push("dashed");
    if (gone) classes.push("impassable");
    if (ctx.decision?.args?.zone === z.id) classes.push("focus"); // the zone the question is about
    // an impassable zone is no longer part of the map: nothing there can be chosen
    const g = s("g", { class: classes.join(" "), "data-target": gone ? null : `zone:${z.id}`, "data-zone": z.id });
    const points = z.outline.map((p) => p.join(",")).join(" ");
    g.append(s("polygon", { points, fill }));
    if (gone) g.append(s("polygon", { points, class: "hatch", fill: "url(#heresy-hatch)" }));
    // a point surely inside the zone and clear of its tokens: the middle of its name row
    const { lay } = plan.get(z.id);
    const ax = Math.min(Math.max(z.position[0], lay.label[0] + 5), lay.label[1] - 5);
    g.append(s("circle", { cx: ax, cy: lay.top + LABEL_H / 2, r: 5, class: "anchor" }));
    const extras = zoneIcons(ctx, z, dyn).map((icon) => iconText(ctx, icon));
    if (gone) extras.unshift(t("heresy.impassable"));
    const sectors = z.sectors.map((id) => sectorName(ctx, id)).join(", ");
    g.append(title([`${tx(z.name)}${z.fortified ? " ◆" : ""} · ${sectors}`, ...extras].join(" · ")));
    layer.append(g);
  }
  svg.append(layer);
}

function breachMark(x, y) {
  const pts = [];
  for (let i = 0; i < 16; i += 1) {
    const r = i % 2 ? 3.5 : 8;
    const a = (Math.PI / 8) * i;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return s("polygon", { points: pts.join(" "), class: "breach-mark" });
}

function drawEdges(ctx, svg, dyn) {
  const zones = ctx.zones;
  const fortified = (id) => Boolean(zones.get(id)?.fortified) || dyn.markers.has(id);
  const layer = s("g", { class: "edges" });
  const breaches = s("g", { class: "breaches" });
  const hits = s("g", { class: "edge-picks" });
  const picks = new Set(
    (ctx.decision?.options || []).filter((o) => o.key.startsWith("edge:")).map((o) => o.key.slice(5).split("|").sort().join("|"))
  );
  for (const e of ctx.board.edges || []) {
    const [a, b] = e.zones;
    const key = edgeKey(a, b);
    const broken = dyn.breaches.has(key);
    for (const seg of e.segments || []) {
      if (e.crevasse) layer.append(s("polyline", { class: "crevasse", points: zigzag(seg) }));
      else if (fortified(a) !== fortified(b)) layer.append(s("line", { class: "wall", x1: seg[0], y1: seg[1], x2: seg[2], y2: seg[3] }));
      else if (e.region_division) layer.append(s("line", { class: "division", x1: seg[0], y1: seg[1], x2: seg[2], y2: seg[3] }));
    }
    if (picks.has(key)) {
      // an edge segment to choose (a bombardment's breach, HH-33.15): a wide invisible hit line
      const g = s("g", { class: "edge-pick", "data-target": `edge:${key}`, "data-edge": key });
      for (const seg of e.segments || []) g.append(s("line", { x1: seg[0], y1: seg[1], x2: seg[2], y2: seg[3] }));
      g.append(title(t("heresy.edge", { a: tx(zones.get(a)?.name) || a, b: tx(zones.get(b)?.name) || b })));
      hits.append(g);
    }
    if (!broken || !(e.segments || []).length) continue;
    // the breach marker lies on the segment the two zones share (HH-33.5)
    const g = s("g", { class: "breach", "data-edge": key });
    for (const seg of e.segments) g.append(s("line", { class: "breach-gap", x1: seg[0], y1: seg[1], x2: seg[2], y2: seg[3] }));
    const seg = e.segments.reduce((x, y) => (Math.hypot(y[2] - y[0], y[3] - y[1]) > Math.hypot(x[2] - x[0], x[3] - x[1]) ? y : x));
    g.append(breachMark((seg[0] + seg[2]) / 2, (seg[1] + seg[3]) / 2));
    g.append(title(t("heresy.breach", { a: tx(zones.get(a)?.name) || a, b: tx(zones.get(b)?.name) || b })));
    breaches.append(g);
  }
  svg.append(layer, breaches, hits);
}

function iconShape(icon, x, y) {
  if (icon.kind === "mark") {
    const letter = icon.mark === 2 ? "R" : "A";
    const pts = [];
    for (let i = 0; i < 6; i += 1) pts.push(`${(x + 7 * Math.cos((Math.PI / 3) * i)).toFixed(1)},${(y + 7 * Math.sin((Math.PI / 3) * i)).toFixed(1)}`);
    return s("g", { class: `mark seat-${icon.seat} mark-${letter}` }, s("polygon", { points: pts.join(" ") }), s("text", { x, y: y + 3.2 }, letter));
  }
  if (icon.kind === "laser") {
    return s("g", { class: "laser" }, s("polygon", { points: `${x - 7},${y + 6} ${x + 7},${y + 6} ${x},${y - 7}` }), s("text", { x, y: y + 4.5 }, String(icon.n)));
  }
  // a fortification marker: a small tower
  const p = [
    [-6, 6], [-6, -4], [-4, -4], [-4, -7], [-1, -7], [-1, -4], [1, -4], [1, -7], [4, -7], [4, -4], [6, -4], [6, 6],
  ];
  return s("g", { class: "fort-marker" }, s("polygon", { points: p.map(([dx, dy]) => `${x + dx},${y + dy}`).join(" ") }));
}

function drawLabels(ctx, svg, plan, dyn) {
  const layer = s("g", { class: "labels" });
  for (const z of ctx.board.zones || []) {
    const { lay, icons } = plan.get(z.id);
    const [a, b] = lay.label;
    const y = lay.top + LABEL_H / 2;
    const g = s("g", { class: `zone-label${dyn.impassable.has(z.id) ? " impassable" : ""}`, "data-zone": z.id });
    icons.forEach((icon, i) => {
      const el = iconShape(icon, b - ICON_W / 2 - 1 - i * ICON_W, y);
      if (icon.kind === "fort") el.setAttribute("data-zone", z.id);
      g.append(el);
    });
    const right = b - icons.length * ICON_W - 2;
    const full = tx(z.name);
    const suffix = z.fortified ? " ◆" : "";
    const name = fitLabel(full, right - a - 4 - suffix.length * CHAR_W) + suffix;
    const text = s("text", { x: 0, y: y + 4, class: "zone-name", "data-full": full, "data-suffix": suffix, "data-left": a + 2, "data-right": right, "data-at": z.position[0] }, name);
    centre(text, name.length * CHAR_W);
    g.append(text);
    layer.append(g);
  }
  svg.append(layer);
}

function centre(text, w) {
  const d = text.dataset;
  const x = Math.min(Math.max(Number(d.at), Number(d.left) + w / 2), Number(d.right) - w / 2);
  text.setAttribute("x", x.toFixed(1));
}

/** Once the map is on screen: cut each zone name to the width it really takes (the drawing
 * only estimated it) and centre it again in its room. */
export function fitLabels(svg) {
  for (const text of svg.querySelectorAll("text.zone-name[data-full]")) {
    const d = text.dataset;
    const room = Number(d.right) - Number(d.left);
    let w = text.getComputedTextLength();
    if (!w) return; // not laid out (hidden): keep the estimate
    // shorter and shorter; in the narrowest rooms the ◆ goes first (the walls still show it)
    for (const suffix of d.suffix ? [d.suffix, ""] : [""]) {
      for (let chars = d.full.length; w > room && chars >= 1; chars -= 1) {
        text.textContent = fitLabel(d.full, chars * CHAR_W, 1) + suffix;
        w = text.getComputedTextLength();
      }
    }
    centre(text, w);
  }
}

function unitToken(ctx, zone, group, count) {
  const { seat, type, tag, damage, label } = group;
  const unit = names(ctx).units?.[type];
  const g = s("g", { class: `unit seat-${seat}`, "data-target": `unit:${zone}:${label}` });
  g.append(s("rect", { x: 0, y: 0, width: TOKEN_W, height: TOKEN_H, rx: 3, class: "unit-body" }));
  const power = names(ctx).powers?.[tag];
  if (power) g.append(s("rect", { x: 0, y: 0, width: 5, height: TOKEN_H, rx: 2, fill: POWER_COLOUR[power.colour] || power.colour }));
  g.append(s("text", { x: 5 + (TOKEN_W - 5) / 2 - 5, y: 12, class: "unit-abbr" }, initials(unitName(ctx, type), 3)));
  g.append(s("text", { x: TOKEN_W - 3, y: 12, class: "unit-count" }, count > 1 ? String(count) : ""));
  if (unit?.rank) {
    for (let i = 0; i < Math.min(unit.rank, 5); i += 1) g.append(s("circle", { cx: 9 + i * 4.5, cy: TOKEN_H - 1, r: 1.4, class: "rank-pip" }));
  }
  if (damage) {
    g.append(s("circle", { cx: TOKEN_W, cy: 0, r: 5.5, class: "damage" }));
    g.append(s("text", { x: TOKEN_W, y: 3, class: "damage-n" }, String(damage)));
  }
  g.append(title(unitText(ctx, group, count)));
  return g;
}

function unitText(ctx, group, count) {
  const { seat, type, tag, damage } = group;
  const unit = names(ctx).units?.[type];
  const parts = [`${count}× ${unitName(ctx, type)}`];
  if (unit?.rank) parts.push(`[${unit.rank}]`);
  if (tag) parts.push(tagName(ctx, tag));
  if (damage) parts.push(t("heresy.damage", { n: damage }));
  parts.push(`· ${seatName(ctx, seat)}`);
  return parts.join(" ");
}

function heroText(ctx, hero) {
  const dmg = ctx.view.hero_damage?.[hero];
  return `★${heroName(ctx, hero)} · ${seatName(ctx, heroSeat(ctx, hero))}${dmg ? " · " + t("heresy.damage", { n: dmg }) : ""}`;
}

function heroToken(ctx, hero) {
  const g = s("g", { class: `hero seat-${heroSeat(ctx, hero)}`, "data-target": `hero:${hero}` });
  g.append(s("rect", { x: 0, y: 0, width: TOKEN_W, height: TOKEN_H, rx: 8, class: "hero-body" }));
  g.append(s("text", { x: TOKEN_W / 2, y: 12, class: "hero-name" }, "★" + initials(heroName(ctx, hero), 3)));
  const dmg = ctx.view.hero_damage?.[hero];
  if (dmg) {
    g.append(s("circle", { cx: TOKEN_W, cy: 0, r: 5.5, class: "damage" }));
    g.append(s("text", { x: TOKEN_W, y: 3, class: "damage-n" }, String(dmg)));
  }
  g.append(title(heroText(ctx, hero)));
  return g;
}

function moreToken(ctx, hidden) {
  const units = hidden.reduce((n, item) => n + (item.kind === "unit" ? item.count : 1), 0);
  return s(
    "g",
    { class: "more", "data-more": hidden.length },
    s("rect", { x: 0, y: 0, width: TOKEN_W, height: TOKEN_H, rx: 8 }),
    s("text", { x: TOKEN_W / 2, y: 12 }, `+${units}`),
    title(hidden.map((item) => (item.kind === "unit" ? unitText(ctx, item.group, item.count) : heroText(ctx, item.hero))).join("\n"))
  );
}

function drawPieces(ctx, svg, plan) {
  const layer = s("g", { class: "pieces" });
  for (const z of ctx.board.zones || []) {
    const { items, lay } = plan.get(z.id);
    if (!items.length) continue;
    const g = s("g", { class: "zone-pieces", "data-zone": z.id, "data-scale": lay.k });
    const at = (i, el) => {
      const x = lay.x0 + (i % lay.cols) * lay.step[0];
      const y = lay.y0 + Math.floor(i / lay.cols) * lay.step[1];
      el.setAttribute("transform", `translate(${x.toFixed(1)} ${y.toFixed(1)})${lay.k === 1 ? "" : ` scale(${lay.k})`}`);
      g.append(el);
    };
    items.slice(0, lay.shown).forEach((item, i) => {
      at(i, item.kind === "unit" ? unitToken(ctx, z.id, item.group, item.count) : heroToken(ctx, item.hero));
    });
    if (lay.shown < items.length) at(lay.shown, moreToken(ctx, items.slice(lay.shown)));
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
    const lift = both && seat === track.top ? 3 : 0;
    g.append(
      s(
        "g",
        { class: `marker seat-${seat}`, "data-marker": seat },
        s("circle", { cx: x0 + i * cw + cw / 2 + dx, cy: y0 + hgt - 13 - lift, r: 9 }),
        s("text", { x: x0 + i * cw + cw / 2 + dx, y: y0 + hgt - 9 - lift }, seatName(ctx, seat).slice(0, 1)),
        title(`${seatName(ctx, seat)} : ${n}`)
      )
    );
  }
  svg.append(g);
}

/** Draw the map and the track into `svg` (ctx.zones: id → board zone). */
export function drawMap(ctx, svg) {
  const dyn = dynamic(ctx);
  const plan = new Map();
  for (const z of ctx.board.zones || []) {
    const items = zoneItems(ctx, z);
    const icons = zoneIcons(ctx, z, dyn);
    plan.set(z.id, { items, icons, lay: layoutZone(z, items.length) });
  }
  svg.append(defs());
  drawZones(ctx, svg, plan, dyn);
  drawEdges(ctx, svg, dyn);
  drawLabels(ctx, svg, plan, dyn);
  drawPieces(ctx, svg, plan);
  drawTrack(ctx, svg);
}
