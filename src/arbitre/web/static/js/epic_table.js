// The Epic table in SVG, one SVG unit per cm: terrain (a building at 0 Structure Points as
// ruins, EP-5.2), objectives with their names and holders, every stand coloured by side and
// grouped by detachment (flyers marked by altitude), the order counters the seat may see,
// and the two long edges named (whose edge is the enemy's). Elements carry `data-target`
// ("det:N", "terrain:N") for the page's clickable choices.

import { h, initials, s, title } from "./dom.js";
import { t, tx } from "./i18n.js";
import { detInfo, edgeName, letters, names, objectiveText, orderName, sidesOf } from "./epic_words.js";

export const BASE_W = 2.6; // a stand's frontage in cm (drawn, not a rule: the view has no base size)
export const BASE_D = 1.6;

export function centroid(stands) {
  if (!stands.length) return null;
  const x = stands.reduce((a, st) => a + Number(st.x), 0) / stands.length;
  const y = stands.reduce((a, st) => a + Number(st.y), 0) / stands.length;
  return [x, y];
}

export function drawTerrain(ctx, svg, W, H) {
  svg.append(s("rect", { x: 0, y: 0, width: W, height: H, class: "table" }));
  const grid = s("g", { class: "grid" });
  for (let x = 10; x < W; x += 10) grid.append(s("line", { x1: x, y1: 0, x2: x, y2: H, class: x % 30 ? "minor" : "major" }));
  for (let y = 10; y < H; y += 10) grid.append(s("line", { x1: 0, y1: y, x2: W, y2: y, class: y % 30 ? "minor" : "major" }));
  svg.append(grid);
  drawZones(svg, ctx.board?.zones);
  const terrain = s("g", { class: "terrain" });
  const structure = ctx.view.structure || {};
  for (const piece of ctx.board?.terrain || []) {
    const sp = structure[String(piece.id)];
    // EP-5.2: a building brought to 0 Structure Points is a ruin from then on
    const kind = sp === 0 ? "ruins" : piece.kind;
    const name = tx(names(ctx).terrain?.[kind]) || (kind === "ruins" ? t("epic.ruins") : kind);
    const g = s("g", { class: `piece${sp === 0 ? " ruined" : ""}`, "data-target": `terrain:${piece.id}`, "data-terrain": piece.id, "data-kind": kind }, pieceShape(piece, `terrain-${kind}`));
    const label = sp === undefined ? name : `${name} · ${t("epic.structure", { n: sp })}`;
    if (sp !== undefined && sp > 0) {
      const [cx, cy] = pieceCentre(piece);
      g.append(s("text", { x: cx, y: cy + 0.9, class: "structure" }, String(sp)));
    }
    g.append(title(label));
    terrain.append(g);
  }
  svg.append(terrain);
}

export function pieceShape(piece, cls) {
  if (piece.radius) return s("circle", { cx: piece.x0, cy: piece.y0, r: piece.radius, class: cls });
  const attrs = { x: piece.x0, y: piece.y0, width: piece.x1 - piece.x0, height: piece.y1 - piece.y0, class: cls };
  // a rectangle of the table may be turned about its centre (tables.py, TABLE-3)
  if (piece.angle) attrs.transform = `rotate(${Number(piece.angle)} ${(piece.x0 + piece.x1) / 2} ${(piece.y0 + piece.y1) / 2})`;
  return s("rect", attrs);
}

/** The deployment zones of the table (issue 16), faint, in each side's colour. */
export function drawZones(svg, zones) {
  const layer = s("g", { class: "zones", "aria-hidden": "true" });
  for (const z of zones || []) {
    // presentation attributes (not a style sheet rule): the side's tint, barely there
    const fill = Number(z.side) === 0 ? "#c9a227" : "#b8433a";
    layer.append(s("rect", { x: z.x0, y: z.y0, width: z.x1 - z.x0, height: z.y1 - z.y0, class: `zone side-${z.side}`, fill, "fill-opacity": 0.1, stroke: fill, "stroke-opacity": 0.5, "stroke-width": 0.3, "stroke-dasharray": "1.5 1" }));
  }
  svg.append(layer);
}

function pieceCentre(piece) {
  return piece.radius ? [piece.x0, piece.y0] : [(piece.x0 + piece.x1) / 2, (piece.y0 + piece.y1) / 2];
}

/** Objectives: a flag in the holder's colour, its name ("Objectif 2") written beside it. */
export function drawObjectives(ctx, svg) {
  const sides = sidesOf(ctx.view);
  const layer = s("g", { class: "objectives" });
  (ctx.view.objectives || []).forEach((o, i) => {
    const held = o.holder ? ` side-${sides.indexOf(o.holder)}` : " free";
    const x = Number(o.x);
    const y = Number(o.y);
    const text = objectiveText(ctx, o, i);
    layer.append(
      s(
        "g",
        { class: `objective${held}`, "data-objective": i, "data-info": text, tabindex: 0, role: "img", "aria-label": text },
        s("circle", { cx: x, cy: y, r: 2.2 }),
        s("path", { d: `M ${x - 0.4} ${y + 1.2} L ${x - 0.4} ${y - 1.6} L ${x + 1.4} ${y - 1.0} L ${x - 0.4} ${y - 0.4}`, class: "flag" }),
        s("text", { x, y: y + 4.6, class: "objective-name" }, String(i + 1)),
        title(text)
      )
    );
  });
  svg.append(layer);
}

export function standsByDet(view) {
  const byDet = new Map();
  for (const st of view.stands || []) {
    if (!byDet.has(st.det)) byDet.set(st.det, []);
    byDet.get(st.det).push(st);
  }
  return byDet;
}

function standShape(st, facing, extraClass = "") {
  const x = Number(st.x);
  const y = Number(st.y);
  // the view's facing (degrees, 90 = down the table) when it gives one, else towards the enemy
  const degrees = typeof st.facing === "number" ? st.facing : facing > 0 ? 90 : -90;
  const alt = st.alt && st.alt !== "ground" ? ` alt-${st.alt}` : "";
  const stand = s("g", { class: `stand${alt}${extraClass}`, "data-stand": st.id, "data-alt": st.alt || "ground", transform: `rotate(${degrees - 90} ${x} ${y})` });
  stand.append(s("rect", { x: x - BASE_W / 2, y: y - BASE_D / 2, width: BASE_W, height: BASE_D, rx: 0.2 }));
  const fy = y + BASE_D / 2;
  stand.append(s("line", { x1: x - BASE_W / 2, y1: fy, x2: x + BASE_W / 2, y2: fy, class: "front" }));
  return stand;
}

/** Every detachment as a group of stands with its letter, its order counter and its name
 * ("Marines tactiques (B) — … ordre : Avance") on hover (title) and tap (`data-info`). */
export function drawStands(ctx, svg, focus) {
  const view = ctx.view;
  const sides = sidesOf(view);
  const ids = letters(view);
  const byDet = standsByDet(view);
  const layer = s("g", { class: "stands" });
  for (const det of view.detachments || []) {
    const stands = byDet.get(det.id) || [];
    if (!stands.length) continue;
    const sideIndex = sides.indexOf(det.side);
    // the first side deploys at the top edge and faces down the table, the second faces up
    const facing = sideIndex === 0 ? 1 : -1;
    const info = detInfo(ctx, det);
    const g = s("g", {
      class: `det side-${sideIndex}${det.broken ? " broken" : ""}${det.acted || det.moved ? " acted" : ""}${det.id === focus ? " focus" : ""}`,
      "data-target": `det:${det.id}`,
      "data-det": det.id,
      "data-info": info,
      "aria-label": info,
    });
    for (const st of stands) {
      g.append(standShape(st, facing));
      const x = Number(st.x);
      const y = Number(st.y);
      if (st.alt && st.alt !== "ground") g.append(s("text", { x, y: y - BASE_D / 2 - 0.4, class: "alt-mark" }, st.alt === "high" ? "▲▲" : "▲"));
      if (Number(st.wounds) > 1) g.append(s("text", { x, y: y + 0.5, class: "wounds" }, String(st.wounds)));
    }
    const [cx, cy] = centroid(stands);
    const labelY = cy - facing * 3.2;
    // a transparent pad under the letter: an easy target for a finger
    g.append(s("circle", { cx, cy: labelY, r: 2.6, class: "det-pad" }));
    g.append(s("text", { x: cx, y: labelY + 0.8, class: "det-letter" }, ids.get(det.id)));
    if (det.order) {
      const hidden = det.order === "hidden";
      g.append(
        s(
          "g",
          { class: `order${hidden ? " hidden" : ""}` },
          s("rect", { x: cx + 2.5, y: labelY - 1.6, width: 3.2, height: 3.2, rx: 0.4 }),
          s("text", { x: cx + 4.1, y: labelY + 0.8 }, hidden ? "?" : initials(orderName(ctx, det.order), 1))
        )
      );
    }
    g.append(title(info));
    layer.append(g);
  }
  svg.append(layer);
}

/** The footprint of a detachment's stands moved by (dx, dy): what a ghost shows. */
export function footprint(stands, dx, dy, cls = "ghost-stands") {
  return s(
    "g",
    { class: cls },
    stands.map((st) => s("rect", { x: Number(st.x) + dx - BASE_W / 2, y: Number(st.y) + dy - BASE_D / 2, width: BASE_W, height: BASE_D, rx: 0.2 }))
  );
}

/** The long edge a side deploys from, named, and whose it is for the seat looking. */
export function edgeLabel(ctx, side, where) {
  const seat = ctx.view.seat;
  const mine = seat && seat === side;
  const whose = seat ? ` · ${t(mine ? "epicp.edge.yours" : "epicp.edge.enemy")}` : "";
  const arrow = where === "top" ? "▲" : "▼";
  const compass = t(where === "top" ? "epicp.edge.north" : "epicp.edge.south");
  return h(
    "div",
    { class: `epic-edge edge-${where}${seat ? (mine ? " own" : " enemy") : ""}`, "data-edge": side, "data-enemy": seat ? String(!mine) : "" },
    `${arrow} ${edgeName(ctx, side)}${whose} (${compass})`
  );
}

