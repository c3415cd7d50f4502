// The Epic page renderer: the status line, the two named edges around the table
// (epic_table.js), the move being placed by pointing (epic_moves.js), a template's aim
// points, the note under the table (epic_note.js) and the detachments' panel
// (epic_panels.js). Board elements carry `data-target`: "det:N", "move:p:N", "terrain:N".
// The shell calls `render`, `targets` (option key → element), `whyKey` (element → the key
// "why not?" asks about) and `panels` (named sidebar regions).

import { h, s, title } from "./dom.js";
import { t, tx } from "./i18n.js";
import { sideName, sidesOf } from "./epic_words.js";
import { drawObjectives, drawStands, drawTerrain, edgeLabel } from "./epic_table.js";
import { drawGhosts, drawReach, startMove } from "./epic_moves.js";
import { restoreNote, showNote } from "./epic_note.js";
import { detList, panels, shellHasPanels } from "./epic_panels.js";

export { sideName, panels };

/** The detachment a decision is about (its raw argument `det`), outlined on the table. */
function decisionDet(ctx) {
  if (ctx.view?.reach) return ctx.view.reach.det;
  const spec = ctx.decision?.args?.det;
  if (!spec) return null;
  const dets = (ctx.view.detachments || []).filter((det) => det.detachment === spec);
  const det = dets.find((x) => x.side === ctx.view.to_play) || dets[0];
  return det ? det.id : null;
}

/** A template's aim points (`args.x`, `args.y`): small crosses, one per option. */
function drawAims(ctx, svg) {
  if (ctx.decision?.kind !== "epic.template") return;
  const layer = s("g", { class: "ghosts aims" });
  for (const option of ctx.decision.options || []) {
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
}

function statusLine(ctx) {
  const v = ctx.view;
  const phase = v.phase ? (t(`epic.phase.${v.phase}`) === `epic.phase.${v.phase}` ? v.phase : t(`epic.phase.${v.phase}`)) : "?";
  const parts = [h("strong", {}, t("epic.turn", { n: v.turn ?? "?" })), t("epic.phase", { phase })];
  if (v.to_play && !v.over) parts.push(h("strong", {}, t("epic.to_play", { side: sideName(ctx, v.to_play) })));
  if (v.initiative) parts.push(t("epic.initiative", { side: sideName(ctx, v.initiative) }));
  parts.push(v.seat ? t("board.you", { seat: sideName(ctx, v.seat) }) : t("board.spectator"));
  // a game from armies (issue 16): each seat's army by name, the seats keeping theirs
  (v.armies || []).forEach((army, i) => {
    const seat = ctx.state?.game?.seats?.[i]?.name;
    if (!army || !seat) return;
    // "Eldars · 2000 pts — Hôte de guerre d'Iyanden" says the side already: no "Eldars : " before it
    const side = sideName(ctx, seat);
    const text = tx(army).startsWith(side) ? tx(army) : t("epicd.army", { side, army: tx(army) });
    parts.push(h("span", { class: "army-name", "data-seat": seat }, text));
  });
  const out = [];
  parts.forEach((p, i) => {
    if (i) out.push(" · ");
    out.push(p);
  });
  return h("div", { class: "board-info" }, h("div", { class: "info-line" }, out));
}

/** A tap on a detachment or an objective that is not a choice names it in the note. */
function wireInfo(ctx, svg, moving) {
  svg.addEventListener("click", (event) => {
    if (moving || event.target.closest?.(".pickable")) return;
    const el = event.target.closest?.("[data-info]");
    if (!el) return;
    showNote(ctx, "info", h("span", { class: "note-text", "data-info-of": el.dataset.det ?? `objective:${el.dataset.objective}` }, el.dataset.info), true);
  });
  svg.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || moving) return;
    const el = event.target.closest?.("[data-objective]");
    if (el) showNote(ctx, "info", h("span", { class: "note-text" }, el.dataset.info), true);
  });
}

/** Draw the whole table of `ctx.view` into `host`. */
export function render(host, ctx) {
  const table = ctx.board?.table || ctx.view.table || { w: 180, h: 120 };
  const W = Number(table.w);
  const H = Number(table.h);
  const svg = s("svg", { class: "board-svg epic", viewBox: `-2 -2 ${W + 4} ${H + 4}`, "data-stands": (ctx.view.stands || []).length, role: "img", "aria-label": t("epicp.table") });
  drawTerrain(ctx, svg, W, H);
  const moving = startMove(ctx);
  if (moving) drawReach(ctx, svg, moving, W, H);
  drawObjectives(ctx, svg);
  drawStands(ctx, svg, decisionDet(ctx));
  if (moving) drawGhosts(ctx, svg, moving);
  drawAims(ctx, svg);
  wireInfo(ctx, svg, moving);
  if (moving) svg.classList.add("placing");
  // who deploys along which long edge (the board says; else the view's first side at the top)
  const sides = sidesOf(ctx.view);
  const top = ctx.board?.edges?.top || sides[0];
  const bottom = ctx.board?.edges?.bottom || sides.find((x) => x !== top);
  const wrap = h("div", { class: "svg-wrap epic-wrap" }, top ? edgeLabel(ctx, top, "top") : "", svg, bottom ? edgeLabel(ctx, bottom, "bottom") : "");
  const note = h("div", { class: "epic-note", role: "status", "aria-live": "polite", hidden: true });
  const parts = [statusLine(ctx), note, wrap];
  if (!shellHasPanels(ctx)) parts.push(h("section", { class: "panel epic-dets-fallback" }, detList(ctx)));
  host.replaceChildren(...parts);
  restoreNote(ctx);
}

/** The board elements an option refers to: "act:3", "join:3", "emb:3", "abandon:3" →
 * detachment 3; "fire:a:b" → its target b; "demolish:a:i" → terrain piece i; a template's
 * "p:2" → its aim point. */
export function targets(key, ctx) {
  let m = /^(?:act|join|emb|abandon|assault):(\d+)$/.exec(key);
  if (m) return [`det:${m[1]}`];
  m = /^fire:(\d+):(\d+)$/.exec(key);
  if (m) return [`det:${m[2]}`];
  m = /^demolish:(\d+):(\d+)$/.exec(key);
  if (m) return [`terrain:${m[2]}`];
  // a move's "p:N": its ghost shows while its button is hovered or focused (epic_moves.js);
  // a template's: its aim point
  if (/^p:\d+$/.test(key) && ctx?.decision?.kind === "epic.template") return [`move:${key}`];
  return [];
}

/** The key "why not?" asks the game about for a board element that is not a choice: a
 * detachment "det:N" (the game says why it cannot move, shoot…); null for anything else
 * (a point on the table is validated when it is played, epic_moves.js). */
export function whyKey(element, ctx) {
  const det = element?.closest?.("[data-det]");
  if (!det || ctx?.view?.reach) return null;
  return `det:${det.dataset.det}`;
}
