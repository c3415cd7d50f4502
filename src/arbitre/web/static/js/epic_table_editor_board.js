// The Epic table editor's board (issue 16): the table in SVG, one unit per cm, its terrain
// pieces, deployment zones and objectives as buttons (named "Forêt à (28, 58)"); a piece is
// dragged to move it, the chosen one has a round handle to resize it and a handle on top to
// turn it. Two fingers pinch and pan as on the game board (board_zoom.js); a drag that starts
// on a piece moves the piece, never the view.

import { s, title } from "./dom.js";
import { t } from "./i18n.js";
import { applyZoom, mountPinch, resetZoom } from "./board_zoom.js";
import { BUILDING_SP, clamp } from "./epic_table_editor_model.js";

const SIDE_FILL = ["#c9a227", "#b8433a"];
const cm = (v) => Math.round(v);

/** The accessible name of an item: "Forêt à (28, 58)", "Objectif 2 à (90, 45)". */
export function itemName(list, item, i) {
  if (list === "areas") return t("ete.piece", { kind: t(`ete.kind.${item.kind}`), x: cm(item.x), y: cm(item.y) });
  if (list === "zones") return t("ete.zone", { side: t(`ete.side.${item.side}`), x0: cm(item.x - item.w / 2), y0: cm(item.y - item.h / 2), x1: cm(item.x + item.w / 2), y1: cm(item.y + item.h / 2) });
  return t("ete.objective", { n: i + 1, x: cm(item.x), y: cm(item.y) });
}

function turn(cx, cy, lx, ly, deg) {
  const a = (deg * Math.PI) / 180;
  return [cx + lx * Math.cos(a) - ly * Math.sin(a), cy + lx * Math.sin(a) + ly * Math.cos(a)];
}

function shapeOf(list, item) {
  if (list === "objectives") return [s("circle", { cx: item.x, cy: item.y, r: 2.4, class: "ete-objective" }), s("text", { x: item.x, y: item.y + 0.9, class: "ete-objective-mark" }, "◎")];
  if (list === "zones") {
    const fill = SIDE_FILL[item.side] || "#888";
    return [s("rect", { x: item.x - item.w / 2, y: item.y - item.h / 2, width: item.w, height: item.h, fill, "fill-opacity": 0.08, stroke: fill, "stroke-width": 0.4, "stroke-dasharray": "2 1", class: "ete-zone" })];
  }
  if (item.shape === "circle") return [s("circle", { cx: item.x, cy: item.y, r: item.r, class: `ete-piece terrain-${item.kind}` })];
  const rect = s("rect", { x: item.x - item.w / 2, y: item.y - item.h / 2, width: item.w, height: item.h, class: `ete-piece terrain-${item.kind}` });
  if (item.angle) rect.setAttribute("transform", `rotate(${item.angle} ${item.x} ${item.y})`);
  const out = [rect];
  if (item.kind === "building") out.push(s("text", { x: item.x, y: item.y + 1, class: "ete-sp" }, String(item.structure ?? BUILDING_SP)));
  return out;
}

/** How far (cm) the point (px, py) lies from the item's outline (0 inside it). */
function distanceTo(list, item, px, py) {
  if (list === "objectives") return Math.max(0, Math.hypot(px - item.x, py - item.y) - 2.4);
  if (item.shape === "circle") return Math.max(0, Math.hypot(px - item.x, py - item.y) - item.r);
  const a = (-(item.angle || 0) * Math.PI) / 180;
  const [dx, dy] = [px - item.x, py - item.y];
  const [lx, ly] = [dx * Math.cos(a) - dy * Math.sin(a), dx * Math.sin(a) + dy * Math.cos(a)];
  return Math.hypot(Math.max(0, Math.abs(lx) - item.w / 2), Math.max(0, Math.abs(ly) - item.h / 2));
}

const REACH_PX = 24; // a finger's half-width: a touch this close to a piece takes it

/** Where the chosen item's handles stand: resize (a corner, or the circle's rim), turn. */
function handles(item) {
  if (item.shape === "circle") return { size: [item.x + item.r, item.y] };
  if (item.w === undefined) return {};
  const size = turn(item.x, item.y, item.w / 2, item.h / 2, item.angle || 0);
  if (item.shape !== "rect") return { size };
  return { size, turn: turn(item.x, item.y, 0, -item.h / 2 - 5, item.angle || 0) };
}

export class EditorBoard {
  /** `host`: the element the SVG goes in; `ed`: {model, sel, select(ref), changed()}. */
  constructor(host, ed) {
    this.host = host;
    this.ed = ed;
    this.drag = null;
    this.svg = null;
    mountPinch(host);
  }

  svgPoint(event) {
    const m = this.svg.getScreenCTM();
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  /** A new SVG when the table's size changed (the zoom starts again), else the layers. */
  draw() {
    const m = this.ed.model;
    const box = `-3 -3 ${m.width + 6} ${m.height + 6}`;
    if (!this.svg || this.svg.dataset.box !== box) {
      this.svg?.remove();
      this.svg = s("svg", { class: "board-svg epic ete-svg", viewBox: box, role: "group", "aria-label": t("ete.board") });
      this.svg.dataset.box = box;
      this.svg.addEventListener("pointermove", (e) => this.onMove(e));
      this.svg.addEventListener("pointerdown", (e) => this.onNear(e));
      for (const type of ["pointerup", "pointercancel"]) this.svg.addEventListener(type, (e) => this.onUp(e));
      this.host.append(this.svg);
      resetZoom();
    }
    this.svg.replaceChildren();
    this.svg.setAttribute("aria-label", t("ete.board"));
    this.svg.append(s("rect", { x: 0, y: 0, width: m.width, height: m.height, class: "table" }));
    const grid = s("g", { class: "grid", "aria-hidden": "true" });
    for (let x = 10; x < m.width; x += 10) grid.append(s("line", { x1: x, y1: 0, x2: x, y2: m.height, class: x % 30 ? "minor" : "major" }));
    for (let y = 10; y < m.height; y += 10) grid.append(s("line", { x1: 0, y1: y, x2: m.width, y2: y, class: y % 30 ? "minor" : "major" }));
    this.svg.append(grid);
    for (const list of ["zones", "areas", "objectives"]) {
      const layer = s("g", { class: `ete-${list}${list === "areas" ? " terrain" : ""}` });
      m[list].forEach((item, i) => layer.append(this.itemEl(list, item, i)));
      this.svg.append(layer);
    }
    this.drawHandles();
    applyZoom();
  }

  itemEl(list, item, i) {
    const chosen = this.ed.sel && this.ed.sel.list === list && this.ed.sel.i === i;
    const name = itemName(list, item, i);
    const g = s("g", { class: `ete-item${chosen ? " chosen" : ""}`, role: "button", tabindex: 0, "aria-label": name, "aria-pressed": chosen ? "true" : "false", "data-ref": `${list}:${i}` }, ...shapeOf(list, item), title(name));
    g.addEventListener("pointerdown", (e) => this.onDown(e, { list, i }, "move"));
    g.addEventListener("keydown", (e) => this.onKey(e, { list, i }));
    g.addEventListener("click", () => this.ed.select({ list, i }));
    return g;
  }

  drawHandles() {
    const sel = this.ed.sel;
    const item = sel && this.ed.model[sel.list][sel.i];
    if (!item) return;
    const at = handles(item);
    const layer = s("g", { class: "ete-handles", "aria-hidden": "true" });
    if (at.turn) {
      const [hx, hy] = at.turn;
      layer.append(s("line", { x1: item.x, y1: item.y, x2: hx, y2: hy, class: "ete-turn-line" }));
      const h = s("circle", { cx: hx, cy: hy, r: 2.2, class: "ete-handle ete-turn", "data-handle": "turn" });
      h.addEventListener("pointerdown", (e) => this.onDown(e, sel, "turn"));
      layer.append(h);
    }
    if (at.size) {
      const h = s("rect", { x: at.size[0] - 2, y: at.size[1] - 2, width: 4, height: 4, rx: 0.6, class: "ete-handle ete-size", "data-handle": "size" });
      h.addEventListener("pointerdown", (e) => this.onDown(e, sel, "size"));
      layer.append(h);
    }
    this.svg.append(layer);
  }

  onDown(event, ref, what) {
    if (event.button !== undefined && event.button > 0) return;
    event.stopPropagation(); // a drag on a piece moves it, not the view (board_zoom.js)
    event.preventDefault();
    const item = this.ed.model[ref.list][ref.i];
    const [px, py] = this.svgPoint(event);
    this.drag = { id: event.pointerId, ref, what, px, py, x: item.x, y: item.y, moved: false };
    this.svg.setPointerCapture?.(event.pointerId);
    if (!this.ed.sel || this.ed.sel.list !== ref.list || this.ed.sel.i !== ref.i) this.ed.select(ref);
  }

  /** A touch beside the pieces (a small objective, a thin ruin is a few pixels wide on a
   * phone) takes the nearest one within a finger's reach, objectives first, so a piece
   * is chosen and dragged without zooming in; farther away the view pans (board_zoom.js). */
  nearest(px, py) {
    const width = this.svg.getBoundingClientRect().width || 1;
    const reach = (REACH_PX * (this.ed.model.width + 6)) / width;
    let best = null;
    for (const list of ["objectives", "areas", "zones"]) {
      this.ed.model[list].forEach((item, i) => {
        const d = distanceTo(list, item, px, py) + (list === "zones" ? 0.01 : 0);
        if (d <= reach && (!best || d < best.d)) best = { d, ref: { list, i } };
      });
      if (best && best.d === 0) break;
    }
    return best?.ref || null;
  }

  onNear(event) {
    if (event.target.closest?.(".ete-item, .ete-handle") || this.drag) return;
    if (event.button !== undefined && event.button > 0) return;
    const [px, py] = this.svgPoint(event);
    const ref = this.nearest(px, py);
    if (ref) this.onDown(event, ref, "move");
  }

  onMove(event) {
    const d = this.drag;
    if (!d || d.id !== event.pointerId) return;
    const m = this.ed.model;
    const item = m[d.ref.list][d.ref.i];
    if (!item) return;
    const [px, py] = this.svgPoint(event);
    if (!d.moved && Math.hypot(px - d.px, py - d.py) < 0.8) return;
    d.moved = true;
    if (d.what === "move") {
      item.x = d.x + px - d.px;
      item.y = d.y + py - d.py;
    } else if (d.what === "size") {
      const a = (-(item.angle || 0) * Math.PI) / 180;
      const [dx, dy] = [px - item.x, py - item.y];
      const [lx, ly] = [dx * Math.cos(a) - dy * Math.sin(a), dx * Math.sin(a) + dy * Math.cos(a)];
      if (item.shape === "circle") item.r = Math.round(Math.hypot(dx, dy) * 2) / 2;
      else {
        item.w = Math.round(Math.abs(lx) * 2);
        item.h = Math.round(Math.abs(ly) * 2);
      }
    } else if (d.what === "turn") {
      const deg = (Math.atan2(py - item.y, px - item.x) * 180) / Math.PI + 90;
      item.angle = ((((Math.round(deg / 5) * 5) % 360) + 540) % 360) - 180;
    }
    clamp(m, item);
    this.draw();
  }

  onUp(event) {
    const d = this.drag;
    if (!d || d.id !== event.pointerId) return;
    this.drag = null;
    if (d.moved) this.ed.changed();
  }

  onKey(event, ref) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.ed.select(ref);
      return;
    }
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (steps[event.key]) {
      event.preventDefault();
      const k = event.shiftKey ? 5 : 1;
      this.ed.select(ref);
      this.ed.step("move", steps[event.key][0] * k, steps[event.key][1] * k);
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      this.ed.select(ref);
      this.ed.remove();
    }
  }

  /** Keyboard focus back on the chosen item after a redraw. */
  focusChosen() {
    const sel = this.ed.sel;
    if (sel) this.svg?.querySelector(`[data-ref="${sel.list}:${sel.i}"]`)?.focus({ preventScroll: true });
  }
}
