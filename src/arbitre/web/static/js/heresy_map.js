// The Hérésie map in SVG, from the board's outlines (GET …/board) and one seat's view: zones
// filled by sector (a zone of two sectors striped), impassable zones hatched (Holy Terra
// Asunder: they no longer exist), crevasses as jagged dark lines, walls where a fortified
// zone (plastic piece or fortification marker, HH-33.2, HH-33.3) meets an open one, breaches
// on their edge segment (HH-33.5), the sector division; each zone's full name (set by
// heresy_labels.js) with its markers (fortification marker, defense lasers, activation /
// rout), its pieces laid out inside the outline (heresy_layout.js, heresy_pieces.js); the
// initiative track. Zones are buttons: a click or Enter opens the zone's card
// (heresy_zone_card.js) unless the current decision offers the zone.
// Board elements carry `data-target`: "zone:id", "unit:zone:label", "hero:id".

import { s, title } from "./dom.js";
import { addStrings, t, tx } from "./i18n.js";
import { ICON_W, TOKEN_H, TOKEN_W, layoutZone } from "./heresy_layout.js";
import { LINE, PAD, callout, settings } from "./heresy_labels.js";
import { SEATS, names, parseUnit, seatName, sectorName } from "./heresy_names.js";
import { heroToken, moreToken, unitToken } from "./heresy_pieces.js";
import { mountCard, zoneKind } from "./heresy_zone_card.js";

export { whyKey } from "./heresy_zone_card.js";

addStrings({
  fr: { "heresy.map.zone": "{zone} ({kind})" },
  en: { "heresy.map.zone": "{zone} ({kind})" },
});

// one colour per sector, in the board's order: Vengeful Spirit, Lion's Gate, Crucible,
// Palace, Imperial Plateau, Black Ministry, Volcanus
export const SECTOR_FILL = ["#d3c4e0", "#cfe3b4", "#bcd4ee", "#f1cdb6", "#dccbf0", "#b9e0d4", "#f3e2a6", "#e4e4e4"];
const ICON_GLYPH = { start: "▶", event: "E", order_draw: "O", restoration: "R", spaceport_victory: "S", imperial_victory: "V" };
const MIN_INSIDE = 10; // below this size (user units) a name goes on a plate outside its zone
const PLATE_SIZE = 11;
const CTX = new WeakMap(); // svg → the ctx it was drawn from (for the card, once on screen)

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

export function edgeKey(a, b) {
  return [a, b].sort().join("|");
}

/** What the view changes on the static board: fortification markers, breaches, impassable zones. */
export function dynamic(ctx) {
  const v = ctx.view;
  return {
    markers: new Set(v.fort_markers || []),
    breaches: new Set(v.breaches || []),
    impassable: new Set(v.impassable || []),
  };
}

/** The tokens of a zone, Heroes first (a crowded zone's badge hides units rather than them),
 * then units grouped by side, type, tag and damage. */
export function zoneItems(ctx, zone) {
  const v = ctx.view;
  const unitOrder = Object.keys(names(ctx).units || {});
  const groups = new Map();
  for (const entry of v.units?.[zone] || []) {
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
    .filter(([, where]) => where === zone)
    .map(([hero]) => ({ kind: "hero", hero }));
  return [...heroes, ...units];
}

/** The markers next to a zone's name. */
export function zoneIcons(ctx, zone, dyn) {
  const v = ctx.view;
  const out = [];
  for (const seat of SEATS) {
    const mark = v.activation?.[seat]?.[zone];
    if (mark) out.push({ kind: "mark", seat, mark });
  }
  if (v.lasers?.[zone]) out.push({ kind: "laser", n: v.lasers[zone] });
  if (dyn.markers.has(zone)) out.push({ kind: "fort" });
  return out;
}

export function iconText(ctx, icon) {
  if (icon.kind === "mark") return `${t(icon.mark === 2 ? "heresy.mark.rout" : "heresy.mark.active")} (${seatName(ctx, icon.seat)})`;
  if (icon.kind === "laser") return t("heresy.lasers", { n: icon.n });
  return t("heresy.fort_marker");
}

// --- the plan: names, pieces and plates ------------------------------------------------------

/** The ways to set a zone's name inside it, best first (large, few lines, upright). */
function nameSettings(z, name, icons) {
  const xs = z.outline.map((p) => p[0]);
  const ys = z.outline.map((p) => p[1]);
  const w = Math.max(...xs) - Math.min(...xs);
  const hgt = Math.max(...ys) - Math.min(...ys);
  const all = settings(name, icons, ICON_W);
  if (w <= 60 && hgt >= 1.8 * w) all.push(...settings(name, icons, ICON_W, true));
  const score = (x) => x.size - 0.6 * (x.lines.length - 1) - (x.rotated ? 0.4 : 0);
  return all.filter((x) => x.size >= MIN_INSIDE).sort((a, b) => score(b) - score(a));
}

function plateSetting(name, icons) {
  const words = String(name).split(/\s+/).length;
  const options = settings(name, icons, ICON_W).filter((x) => x.size === PLATE_SIZE);
  return options.find((x) => x.lines.length === Math.min(2, words)) || options[0];
}

function tokenBoxes(lay, n) {
  const out = [];
  const cells = Math.min(n, lay.shown + (lay.shown < n ? 1 : 0));
  for (let i = 0; i < cells; i += 1) {
    const x = lay.x0 + (i % lay.cols) * lay.step[0];
    const y = lay.y0 + Math.floor(i / lay.cols) * lay.step[1];
    out.push({ x, y, w: TOKEN_W * lay.k, h: TOKEN_H * lay.k });
  }
  return out;
}

function planMap(ctx, dyn) {
  const plan = new Map();
  const taken = [];
  for (const z of ctx.board.zones || []) {
    const items = zoneItems(ctx, z.id);
    const icons = zoneIcons(ctx, z.id, dyn);
    const name = tx(z.name);
    const lay = layoutZone(z, items.length, nameSettings(z, name, icons.length));
    plan.set(z.id, { items, icons, lay, name });
    taken.push(...tokenBoxes(lay, items.length));
    if (!lay.callout) taken.push({ x: lay.lx, y: lay.top, w: lay.name.fw, h: lay.name.fh, label: true });
  }
  const map = ctx.board.board?.map || [0, 0, ctx.board.board?.width || 1200, 850];
  for (const z of ctx.board.zones || []) {
    const p = plan.get(z.id);
    if (!p.lay.callout) continue;
    const setting = plateSetting(p.name, p.icons.length);
    const w = setting.fw + 4;
    const hgt = Math.max(setting.th, p.icons.length ? 16 : 0) + 2 * PAD;
    p.plate = { ...callout(p.lay.box, w, hgt, map, taken), setting };
    taken.push({ ...p.plate, label: true });
  }
  return plan;
}

// --- layers ---------------------------------------------------------------------------------

function sectorFill(ctx, z) {
  if (z.terra === false && !(ctx.board.sectors || []).length) return "#cfc6dc";
  const index = new Map((ctx.board.sectors || []).map((sec, i) => [sec.id, i]));
  const colours = z.sectors.map((id) => SECTOR_FILL[(index.get(id) ?? 7) % SECTOR_FILL.length]);
  return colours.length > 1 ? `url(#heresy-sectors-${z.sectors.join("-")})` : colours[0] || SECTOR_FILL[7];
}

function defs(ctx) {
  const out = s(
    "defs",
    {},
    s(
      "pattern",
      { id: "heresy-hatch", patternUnits: "userSpaceOnUse", width: 9, height: 9, patternTransform: "rotate(45)" },
      s("rect", { width: 9, height: 9, fill: "#8d857a" }),
      s("line", { x1: 0, y1: 0, x2: 0, y2: 9, stroke: "#4a443c", "stroke-width": 4 })
    )
  );
  // a zone in two or three sectors: stripes of each sector's colour
  const index = new Map((ctx.board.sectors || []).map((sec, i) => [sec.id, i]));
  const done = new Set();
  for (const z of ctx.board.zones || []) {
    if (z.sectors.length < 2) continue;
    const id = `heresy-sectors-${z.sectors.join("-")}`;
    if (done.has(id)) continue;
    done.add(id);
    const w = 8;
    const pattern = s("pattern", { id, patternUnits: "userSpaceOnUse", width: w * z.sectors.length, height: 10, patternTransform: "rotate(45)" });
    z.sectors.forEach((sec, i) => pattern.append(s("rect", { x: i * w, y: 0, width: w, height: 10, fill: SECTOR_FILL[(index.get(sec) ?? 7) % SECTOR_FILL.length] })));
    out.append(pattern);
  }
  return out;
}

/** The zones whose units or Heroes the decision offers to pick (a movement's origins). */
function originZones(ctx) {
  const out = new Set();
  if (!ctx.decision?.yours) return out;
  for (const o of ctx.decision.options || []) {
    const [verb, a] = String(o.key).split(":");
    if (verb === "unit" && a && a !== "reserve") out.add(a);
    else if (verb === "hero" && ctx.view.heroes?.[a]) out.add(ctx.view.heroes[a]);
  }
  return out;
}

function drawZones(ctx, svg, plan, dyn) {
  const layer = s("g", { class: "zones" });
  const origins = originZones(ctx);
  for (const z of ctx.board.zones || []) {
    const gone = dyn.impassable.has(z.id);
    const classes = ["zone", `kind-${z.kind}`, `sector-${z.sectors[0]}`];
    if (z.fortified || dyn.markers.has(z.id)) classes.push("fortified");
    if (dyn.markers.has(z.id)) classes.push("fort-marked");
    if (z.dashed) classes.push("dashed");
    if (gone) classes.push("impassable");
    if (origins.has(z.id)) classes.push("origin");
    if (ctx.decision?.args?.zone === z.id) classes.push("focus"); // the zone the question is about
    const { lay, name, icons } = plan.get(z.id);
    const label = t("heresy.map.zone", { zone: name, kind: zoneKind(z.kind) });
    // an impassable zone is no longer part of the map: nothing there can be chosen
    const g = s("g", {
      class: classes.join(" "),
      "data-target": gone ? null : `zone:${z.id}`,
      "data-zone": z.id,
      role: "button",
      tabindex: 0,
      "aria-label": label,
    });
    const points = z.outline.map((p) => p.join(",")).join(" ");
    g.append(s("polygon", { points, fill: sectorFill(ctx, z) }));
    if (gone) g.append(s("polygon", { points, class: "hatch", fill: "url(#heresy-hatch)" }));
    // a point surely inside the zone and clear of its tokens: the middle of its name
    const [ax, ay] = lay.callout ? freePoint(z, lay) : [lay.lx + lay.name.fw / 2, lay.top + lay.name.fh / 2];
    g.append(s("circle", { cx: ax.toFixed(1), cy: ay.toFixed(1), r: 5, class: "anchor" }));
    const extras = icons.map((icon) => iconText(ctx, icon));
    if (gone) extras.unshift(t("heresy.impassable"));
    const sectors = z.sectors.map((id) => sectorName(ctx, id)).join(", ");
    g.append(title([label, sectors, ...extras].join(" · ")));
    layer.append(g);
  }
  svg.append(layer);
}

/** A point inside a zone whose name is outside: under the tokens if there is room, else the
 * zone's position. */
function freePoint(z, lay) {
  const below = lay.y0 + lay.rows * lay.step[1] + 4;
  return below < lay.box.y + lay.box.h - 4 ? [z.position[0], below] : z.position;
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
  const zname = (id) => tx(zones.get(id)?.name) || id;
  for (const e of ctx.board.edges || []) {
    const [a, b] = e.zones;
    const key = edgeKey(a, b);
    const broken = dyn.breaches.has(key);
    for (const seg of e.segments || []) {
      if (e.crevasse) {
        // a crevasse: a light halo under a jagged dark line, unlike any other border
        const points = zigzag(seg);
        layer.append(
          s("polyline", { class: "crevasse-halo", points }),
          s("polyline", { class: "crevasse", points, "data-edge": key }, title(t("heresy.map.crevasse", { a: zname(a), b: zname(b) })))
        );
      } else if (fortified(a) !== fortified(b)) layer.append(s("line", { class: "wall", x1: seg[0], y1: seg[1], x2: seg[2], y2: seg[3] }));
      else if (e.region_division) layer.append(s("line", { class: "division", x1: seg[0], y1: seg[1], x2: seg[2], y2: seg[3] }));
    }
    if (picks.has(key)) {
      // an edge segment to choose (a bombardment's breach, HH-33.15): a wide invisible hit line
      const g = s("g", { class: "edge-pick", "data-target": `edge:${key}`, "data-edge": key });
      for (const seg of e.segments || []) g.append(s("line", { x1: seg[0], y1: seg[1], x2: seg[2], y2: seg[3] }));
      g.append(title(t("heresy.edge", { a: zname(a), b: zname(b) })));
      hits.append(g);
    }
    if (!broken || !(e.segments || []).length) continue;
    // the breach marker lies on the segment the two zones share (HH-33.5)
    const g = s("g", { class: "breach", "data-edge": key });
    for (const seg of e.segments) g.append(s("line", { class: "breach-gap", x1: seg[0], y1: seg[1], x2: seg[2], y2: seg[3] }));
    const seg = e.segments.reduce((x, y) => (Math.hypot(y[2] - y[0], y[3] - y[1]) > Math.hypot(x[2] - x[0], x[3] - x[1]) ? y : x));
    g.append(breachMark((seg[0] + seg[2]) / 2, (seg[1] + seg[3]) / 2));
    g.append(title(t("heresy.breach", { a: zname(a), b: zname(b) })));
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

/** The name's lines, centred on (cx, top…), as one <text> of <tspan>s. */
function nameText(setting, cx, top, full) {
  const { size, lines } = setting;
  const text = s("text", { class: "zone-name", "data-size": size, "data-name": full, "data-width": setting.tw.toFixed(1) });
  text.style.fontSize = `${size}px`;
  lines.forEach((line, i) => {
    const y = top + i * size * LINE + size * (0.82 + (LINE - 1) / 2);
    text.append(s("tspan", { x: cx.toFixed(1), y: y.toFixed(1) }, line));
  });
  return text;
}

function drawLabels(ctx, svg, plan, dyn) {
  const layer = s("g", { class: "labels" });
  for (const z of ctx.board.zones || []) {
    const { lay, icons, name, plate } = plan.get(z.id);
    const g = s("g", { class: `zone-label${dyn.impassable.has(z.id) ? " impassable" : ""}${plate ? " plate" : ""}`, "data-zone": z.id });
    const iconAt = (icon, x, y) => {
      const el = iconShape(icon, x, y);
      if (icon.kind === "fort") el.setAttribute("data-zone", z.id);
      g.append(el);
    };
    if (plate) {
      const st = plate.setting;
      const [zx, zy] = freePoint(z, lay);
      const px = Math.min(Math.max(zx, plate.x), plate.x + plate.w);
      const py = Math.min(Math.max(zy, plate.y), plate.y + plate.h);
      g.append(s("line", { class: "leader", x1: px.toFixed(1), y1: py.toFixed(1), x2: zx, y2: zy }));
      g.append(s("circle", { class: "leader-dot", cx: zx, cy: zy, r: 2.5 }));
      g.append(s("rect", { class: "name-plate", x: plate.x.toFixed(1), y: plate.y.toFixed(1), width: plate.w.toFixed(1), height: plate.h.toFixed(1), rx: 3 }));
      g.append(nameText(st, plate.x + PAD + 2 + st.tw / 2, plate.y + PAD, name));
      icons.forEach((icon, i) => iconAt(icon, plate.x + PAD + 2 + st.tw + PAD + ICON_W / 2 + i * ICON_W, plate.y + plate.h / 2));
    } else if (lay.name.rotated) {
      const st = lay.name;
      const cx = lay.lx + st.fw / 2;
      const cy = lay.top + PAD + st.tw / 2;
      const text = nameText(st, 0, -st.th / 2, name);
      g.append(s("g", { class: "turned", transform: `translate(${cx.toFixed(1)} ${cy.toFixed(1)}) rotate(-90)` }, text));
      icons.forEach((icon, i) => iconAt(icon, cx, lay.top + PAD + st.tw + PAD + ICON_W / 2 + i * ICON_W));
    } else {
      const st = lay.name;
      g.append(nameText(st, lay.lx + PAD + st.tw / 2, lay.top, name));
      const y = lay.top + (st.size * LINE) / 2;
      icons.forEach((icon, i) => iconAt(icon, lay.lx + PAD + st.tw + PAD + ICON_W / 2 + i * ICON_W, y));
    }
    layer.append(g);
  }
  svg.append(layer);
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
    if (lay.shown < items.length) {
      const badge = moreToken(ctx, items.slice(lay.shown));
      badge.setAttribute("data-zone", z.id);
      at(lay.shown, badge);
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
  const plan = planMap(ctx, dyn);
  svg.append(defs(ctx));
  drawZones(ctx, svg, plan, dyn);
  drawEdges(ctx, svg, dyn);
  drawLabels(ctx, svg, plan, dyn);
  drawPieces(ctx, svg, plan);
  drawTrack(ctx, svg);
  CTX.set(svg, ctx);
  svg.setAttribute("data-map", (ctx.board.board?.map || [0, 0, 1200, 850]).join(" "));
}

/** Once the map is on screen: a name the canvas measured narrower than the SVG draws it is
 * made smaller to fit its room; then the zone cards and the legend are wired. */
export function fitLabels(svg) {
  for (const text of svg.querySelectorAll("text.zone-name[data-width]")) {
    const room = Number(text.dataset.width) + 1;
    let widest = 0;
    for (const line of text.querySelectorAll("tspan")) widest = Math.max(widest, line.getComputedTextLength());
    if (widest > room) {
      const size = (Number(text.dataset.size) * room) / widest;
      text.dataset.size = size.toFixed(2);
      text.style.fontSize = `${size.toFixed(2)}px`;
    }
  }
  const ctx = CTX.get(svg);
  if (ctx) mountCard(svg, ctx);
}
