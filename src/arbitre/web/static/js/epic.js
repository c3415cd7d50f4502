// The Epic table in SVG, one SVG unit per cm (180 × 120 by default), drawn from one seat's
// view: terrain pieces (a building at 0 Structure Points drawn as ruins, EP-5.2), objectives
// and who holds them, every stand coloured by side and grouped by detachment (flyers marked
// by altitude), the order counters the seat may see ("hidden" ones face down). A move
// decision shows its destinations as ghost markers placed from the options' raw arguments
// (`args.dx`, `args.dy`; the text only when they are missing), a template decision its aim
// points (`args.x`, `args.y`). Board elements carry `data-target`: "det:N", "move:p:N",
// "terrain:N".

import { h, initials, s, title } from "./dom.js";
import { t, tx } from "./i18n.js";

const BASE_W = 2.6; // a stand's frontage in cm (drawn, not a rule: the view has no base size)
const BASE_D = 1.6;

function names(ctx) {
  return ctx.board?.names || {};
}

export function sideName(ctx, side) {
  if (!side) return "—";
  const game = (ctx.state.game?.seats || []).find((x) => x.name === side);
  if (game) return tx(game.label);
  return tx(names(ctx).armies?.[side]) || side;
}

function detName(ctx, det) {
  return tx(names(ctx).units?.[det.unit]) || det.detachment || String(det.id);
}

function orderName(ctx, order) {
  if (order === null || order === undefined) return t("epic.order.none");
  if (order === "hidden") return t("epic.order.hidden");
  return tx(names(ctx).orders?.[order]) || order;
}

function sidesOf(view) {
  const out = [];
  for (const d of view.detachments || []) if (!out.includes(d.side)) out.push(d.side);
  return out;
}

/** A, B, … for the first side's detachments; a, b, … for the second's (as in the terminal). */
function letters(view) {
  const sides = sidesOf(view);
  const counts = {};
  const out = new Map();
  for (const d of view.detachments || []) {
    const n = counts[d.side] || 0;
    counts[d.side] = n + 1;
    const letter = String.fromCharCode(65 + (n % 26));
    out.set(d.id, sides.indexOf(d.side) === 0 ? letter : letter.toLowerCase());
  }
  return out;
}

function centroid(stands) {
  if (!stands.length) return null;
  const x = stands.reduce((a, st) => a + Number(st.x), 0) / stands.length;
  const y = stands.reduce((a, st) => a + Number(st.y), 0) / stands.length;
  return [x, y];
}

/** The detachment a decision names in its raw arguments (`args.det`), the side to play's
 * first: it is outlined on the table while the seat decides about it. */
function decisionDet(ctx) {
  const spec = ctx.decision?.args?.det;
  if (!spec) return null;
  const dets = (ctx.view.detachments || []).filter((det) => det.detachment === spec);
  return dets.find((det) => det.side === ctx.view.to_play) || dets[0] || null;
}

/** The detachment a move decision is about: from the decision's args, else its text. */
function movingDet(ctx) {
  const d = ctx.decision;
  if (!d || d.kind !== "epic.move") return null;
  const view = ctx.view;
  const mine = (view.detachments || []).filter((det) => det.side === view.to_play);
  const spec = d.args?.det;
  if (spec) {
    const found = mine.find((det) => det.detachment === spec);
    if (found) return found;
  }
  const text = `${d.text?.fr || ""} ${d.text?.en || ""}`;
  return mine.find((det) => text.includes(det.detachment) || text.includes(tx(names(ctx).units?.[det.unit]) || "\u0000")) || null;
}

function moveOf(option) {
  const a = option.args;
  if (a && a.dx !== undefined && a.dy !== undefined) return [Number(a.dx), Number(a.dy)];
  const m = /\((-?[\d.]+),\s*(-?[\d.]+)\)/.exec(option.text?.en || option.text?.fr || "");
  return m ? [Number(m[1]), Number(m[2])] : null;
}

function drawTable(ctx, svg, W, H) {
  svg.append(s("rect", { x: 0, y: 0, width: W, height: H, class: "table" }));
  const grid = s("g", { class: "grid" });
  for (let x = 10; x < W; x += 10) grid.append(s("line", { x1: x, y1: 0, x2: x, y2: H, class: x % 30 ? "minor" : "major" }));
  for (let y = 10; y < H; y += 10) grid.append(s("line", { x1: 0, y1: y, x2: W, y2: y, class: y % 30 ? "minor" : "major" }));
  svg.append(grid);
  const terrain = s("g", { class: "terrain" });
  const structure = ctx.view.structure || {};
  for (const piece of ctx.board?.terrain || []) {
    const sp = structure[String(piece.id)];
    // EP-5.2: a building brought to 0 Structure Points is a ruin from then on
    const kind = sp === 0 ? "ruins" : piece.kind;
    const name = tx(names(ctx).terrain?.[kind]) || (kind === "ruins" ? t("epic.ruins") : kind);
    const shape = piece.radius
      ? s("circle", { cx: piece.x0, cy: piece.y0, r: piece.radius, class: `terrain-${kind}` })
      : s("rect", { x: piece.x0, y: piece.y0, width: piece.x1 - piece.x0, height: piece.y1 - piece.y0, class: `terrain-${kind}` });
    const g = s("g", { class: `piece${sp === 0 ? " ruined" : ""}`, "data-target": `terrain:${piece.id}`, "data-terrain": piece.id, "data-kind": kind }, shape);
    const label = sp === undefined ? name : `${name} · ${t("epic.structure", { n: sp })}`;
    if (sp !== undefined && sp > 0) {
      const [cx, cy] = piece.radius ? [piece.x0, piece.y0] : [(piece.x0 + piece.x1) / 2, (piece.y0 + piece.y1) / 2];
      g.append(s("text", { x: cx, y: cy + 0.9, class: "structure" }, String(sp)));
    }
    g.append(title(label));
    terrain.append(g);
  }
  svg.append(terrain);
}

function drawObjectives(ctx, svg) {
  const sides = sidesOf(ctx.view);
  const layer = s("g", { class: "objectives" });
  (ctx.view.objectives || []).forEach((o, i) => {
    const held = o.holder ? ` side-${sides.indexOf(o.holder)}` : "";
    const x = Number(o.x);
    const y = Number(o.y);
    layer.append(
      s(
        "g",
        { class: `objective${held}`, "data-objective": i },
        s("circle", { cx: x, cy: y, r: 2.2 }),
        s("path", { d: `M ${x - 0.4} ${y + 1.2} L ${x - 0.4} ${y - 1.6} L ${x + 1.4} ${y - 1.0} L ${x - 0.4} ${y - 0.4}`, class: "flag" }),
        title(o.holder ? t("epic.objective.held", { side: sideName(ctx, o.holder) }) : t("epic.objective"))
      )
    );
  });
  svg.append(layer);
}

function drawStands(ctx, svg) {
  const view = ctx.view;
  const sides = sidesOf(view);
  const ids = letters(view);
  const byDet = new Map();
  for (const st of view.stands || []) {
    if (!byDet.has(st.det)) byDet.set(st.det, []);
    byDet.get(st.det).push(st);
  }
  const layer = s("g", { class: "stands" });
  const focus = decisionDet(ctx);
  for (const det of view.detachments || []) {
    const stands = byDet.get(det.id) || [];
    if (!stands.length) continue;
    const sideIndex = sides.indexOf(det.side);
    // the first side deploys at the top edge and faces down the table, the second faces up
    const facing = sideIndex === 0 ? 1 : -1;
    const g = s("g", {
      class: `det side-${sideIndex}${det.broken ? " broken" : ""}${det.acted || det.moved ? " acted" : ""}${det === focus ? " focus" : ""}`,
      "data-target": `det:${det.id}`,
      "data-det": det.id,
    });
    for (const st of stands) {
      const x = Number(st.x);
      const y = Number(st.y);
      // the view's facing (degrees, 90 = down the table) when it gives one, else towards the enemy
      const degrees = typeof st.facing === "number" ? st.facing : facing > 0 ? 90 : -90;
      const alt = st.alt && st.alt !== "ground" ? ` alt-${st.alt}` : "";
      const stand = s("g", { class: `stand${alt}`, "data-stand": st.id, "data-alt": st.alt || "ground", transform: `rotate(${degrees - 90} ${x} ${y})` });
      stand.append(s("rect", { x: x - BASE_W / 2, y: y - BASE_D / 2, width: BASE_W, height: BASE_D, rx: 0.2 }));
      const fy = y + BASE_D / 2;
      stand.append(s("line", { x1: x - BASE_W / 2, y1: fy, x2: x + BASE_W / 2, y2: fy, class: "front" }));
      g.append(stand);
      if (alt) g.append(s("text", { x, y: y - BASE_D / 2 - 0.4, class: "alt-mark" }, st.alt === "high" ? "▲▲" : "▲"));
      if (Number(st.wounds) > 1) g.append(s("text", { x, y: y + 0.5, class: "wounds" }, String(st.wounds)));
    }
    const [cx, cy] = centroid(stands);
    const labelY = cy - facing * 3.2;
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
    g.append(title(`${ids.get(det.id)} · ${detName(ctx, det)} (${sideName(ctx, det.side)}) · ${orderName(ctx, det.order)}`));
    layer.append(g);
  }
  svg.append(layer);
}

/** The stands of a detachment moved by (dx, dy): the footprint a ghost shows on hover. */
function footprint(stands, dx, dy) {
  return s(
    "g",
    { class: "ghost-stands" },
    stands.map((st) => s("rect", { x: Number(st.x) + dx - BASE_W / 2, y: Number(st.y) + dy - BASE_D / 2, width: BASE_W, height: BASE_D, rx: 0.2 }))
  );
}

function drawGhosts(ctx, svg) {
  const options = ctx.decision?.options || [];
  if (!options.length) return;
  const layer = s("g", { class: "ghosts" });
  if (ctx.decision.kind === "epic.template") {
    for (const option of options) {
      const a = option.args;
      if (!a || a.x === undefined || a.y === undefined) continue;
      const [x, y] = [Number(a.x), Number(a.y)];
      layer.append(
        s(
          "g",
          { class: "ghost aim", "data-target": `move:${option.key}` },
          s("circle", { cx: x, cy: y, r: 1.6 }),
          s("path", { d: `M ${x - 2.4} ${y} H ${x + 2.4} M ${x} ${y - 2.4} V ${y + 2.4}`, class: "cross" }),
          title(tx(option.text))
        )
      );
    }
    svg.append(layer);
    return;
  }
  const det = movingDet(ctx);
  if (!det) return;
  const stands = (ctx.view.stands || []).filter((st) => st.det === det.id);
  const c = centroid(stands);
  if (!c) return;
  for (const option of options) {
    const d = moveOf(option);
    if (!d) continue;
    const [x, y] = [c[0] + d[0], c[1] + d[1]];
    if (d[0] || d[1]) layer.append(s("line", { x1: c[0], y1: c[1], x2: x, y2: y, class: "ghost-path" }));
    layer.append(
      s(
        "g",
        { class: "ghost", "data-target": `move:${option.key}`, "data-dx": d[0], "data-dy": d[1] },
        footprint(stands, d[0], d[1]),
        s("circle", { cx: x, cy: y, r: 1.3 }),
        title(`${t("epic.ghost")} : ${tx(option.text)}`)
      )
    );
  }
  svg.append(layer);
}

function statusLine(ctx) {
  const v = ctx.view;
  const phase = v.phase ? (t(`epic.phase.${v.phase}`) === `epic.phase.${v.phase}` ? v.phase : t(`epic.phase.${v.phase}`)) : "?";
  const parts = [h("strong", {}, t("epic.turn", { n: v.turn ?? "?" })), t("epic.phase", { phase })];
  if (v.to_play && !v.over) parts.push(h("strong", {}, t("epic.to_play", { side: sideName(ctx, v.to_play) })));
  if (v.initiative) parts.push(t("epic.initiative", { side: sideName(ctx, v.initiative) }));
  parts.push(v.seat ? t("board.you", { seat: sideName(ctx, v.seat) }) : t("board.spectator"));
  const out = [];
  parts.forEach((p, i) => {
    if (i) out.push(" · ");
    out.push(p);
  });
  return h("div", { class: "board-info" }, h("div", { class: "info-line" }, out));
}

function legend(ctx) {
  const v = ctx.view;
  const ids = letters(v);
  const sides = sidesOf(v);
  const left = new Map();
  for (const st of v.stands || []) left.set(st.det, (left.get(st.det) || 0) + 1);
  const rows = (v.detachments || []).map((det) => {
    const flags = [];
    if (det.moved) flags.push(t("epic.moved"));
    if (det.acted) flags.push(t("epic.acted"));
    return h(
      "tr",
      { class: `det-row side-${sides.indexOf(det.side)}${det.broken ? " broken" : ""}`, "data-target": `det:${det.id}` },
      h("td", { class: "det-letter-cell" }, ids.get(det.id)),
      h("td", {}, detName(ctx, det)),
      h("td", { class: "muted" }, sideName(ctx, det.side)),
      h("td", { class: det.order === "hidden" || !det.order ? "muted" : "" }, orderName(ctx, det.order)),
      h("td", {}, t("epic.stands", { n: left.get(det.id) || 0, lost: det.lost, bp: det.break_points })),
      h("td", { class: "muted" }, flags.join(", ")),
      h("td", { class: "alert" }, det.broken ? t("epic.broken") : "")
    );
  });
  return h("section", { class: "panel" }, h("table", { class: "dets" }, h("tbody", {}, rows)), h("div", { class: "legend" }, t("epic.legend")));
}

/** Draw the whole table of `ctx.view` into `host`. */
export function render(host, ctx) {
  const table = ctx.board?.table || ctx.view.table || { w: 180, h: 120 };
  const W = Number(table.w);
  const H = Number(table.h);
  const svg = s("svg", { class: "board-svg epic", viewBox: `-2 -2 ${W + 4} ${H + 4}`, "data-stands": (ctx.view.stands || []).length, role: "img" });
  drawTable(ctx, svg, W, H);
  drawObjectives(ctx, svg);
  drawStands(ctx, svg);
  drawGhosts(ctx, svg);
  host.replaceChildren(statusLine(ctx), h("div", { class: "svg-wrap" }, svg), legend(ctx));
}

/** The board elements an option refers to: "act:3", "join:3", "emb:3", "abandon:3" →
 * detachment 3; "fire:a:b" → its target b; "demolish:a:i" → terrain piece i; "p:2" → its
 * ghost (a move destination or a template's aim point). */
export function targets(key, ctx) {
  let m = /^(?:act|join|emb|abandon|assault):(\d+)$/.exec(key);
  if (m) return [`det:${m[1]}`];
  m = /^fire:(\d+):(\d+)$/.exec(key);
  if (m) return [`det:${m[2]}`];
  m = /^demolish:(\d+):(\d+)$/.exec(key);
  if (m) return [`terrain:${m[2]}`];
  if (/^p:\d+$/.test(key)) return [`move:${key}`];
  return [];
}
