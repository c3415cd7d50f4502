// Pinch-zoom and pan on the board's SVG (phones, and trackpads: ctrl + wheel): two fingers
// change the viewBox, one finger drags it once zoomed; a tap (down and up without moving)
// still reaches the board's targets. The zoom survives the board being redrawn.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const MAX = 6;
const MOVE = 8; // px: beyond this a press is a drag, not a tap

const zoom = { s: 1, cx: null, cy: null }; // scale, and the centre in SVG units
const pointers = new Map();
let gesture = null;
let dragged = false;
let host = null;

function svgOf() {
  return host?.querySelector("svg.board-svg") || null;
}

function base(svg) {
  if (!svg.dataset.vb0) svg.dataset.vb0 = svg.getAttribute("viewBox") || "";
  const v = svg.dataset.vb0.split(/[\s,]+/).map(Number);
  return v.length === 4 && v.every(Number.isFinite) ? v : null;
}

/** The box shown at scale `s` around (cx, cy), kept inside the board. */
function box(v0, s, cx, cy) {
  const [x0, y0, w0, h0] = v0;
  const w = w0 / s;
  const hh = h0 / s;
  const x = Math.min(Math.max(cx - w / 2, x0), x0 + w0 - w);
  const y = Math.min(Math.max(cy - hh / 2, y0), y0 + h0 - hh);
  return [x, y, w, hh];
}

function apply() {
  const svg = svgOf();
  if (!svg) return;
  const v0 = base(svg);
  if (!v0) return;
  if (zoom.s <= 1.001) {
    zoom.s = 1;
    svg.setAttribute("viewBox", v0.join(" "));
  } else {
    if (zoom.cx === null) [zoom.cx, zoom.cy] = [v0[0] + v0[2] / 2, v0[1] + v0[3] / 2];
    const b = box(v0, zoom.s, zoom.cx, zoom.cy);
    [zoom.cx, zoom.cy] = [b[0] + b[2] / 2, b[1] + b[3] / 2];
    svg.setAttribute("viewBox", b.join(" "));
  }
  svg.classList.toggle("zoomed", zoom.s > 1);
  host.classList.toggle("board-zoomed", zoom.s > 1);
  const reset = host.parentElement?.querySelector(".board-reset");
  if (reset) {
    reset.hidden = zoom.s <= 1;
    reset.setAttribute("aria-label", t("board.reset"));
    reset.title = t("board.reset");
  }
}

/** Client point → SVG point for the box `b` drawn in the svg's rectangle (xMidYMid meet). */
function toSvg(svg, b, clientX, clientY) {
  const r = svg.getBoundingClientRect();
  const k = Math.min(r.width / b[2], r.height / b[3]) || 1;
  const ox = (r.width - b[2] * k) / 2;
  const oy = (r.height - b[3] * k) / 2;
  return [b[0] + (clientX - r.left - ox) / k, b[1] + (clientY - r.top - oy) / k, k, ox, oy, r];
}

function current(svg) {
  const v0 = base(svg);
  return zoom.s > 1 ? box(v0, zoom.s, zoom.cx, zoom.cy) : v0;
}

/** Zoom to scale `s` keeping the SVG point `p` under the client point (x, y). */
function zoomAt(svg, s, p, x, y) {
  const v0 = base(svg);
  s = Math.min(MAX, Math.max(1, s));
  const w = v0[2] / s;
  const hh = v0[3] / s;
  const r = svg.getBoundingClientRect();
  const k = Math.min(r.width / w, r.height / hh) || 1;
  const ox = (r.width - w * k) / 2;
  const oy = (r.height - hh * k) / 2;
  const left = p[0] - (x - r.left - ox) / k;
  const top = p[1] - (y - r.top - oy) / k;
  zoom.s = s;
  zoom.cx = left + w / 2;
  zoom.cy = top + hh / 2;
  apply();
}

function mid() {
  const [a, b] = [...pointers.values()];
  return [(a.x + b.x) / 2, (a.y + b.y) / 2, Math.hypot(a.x - b.x, a.y - b.y) || 1];
}

function down(event) {
  const svg = svgOf();
  if (!svg || !svg.contains(event.target)) return;
  pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, x0: event.clientX, y0: event.clientY });
  if (pointers.size === 1) dragged = false;
  if (pointers.size === 2) {
    const [x, y, d] = mid();
    const b = current(svg);
    gesture = { kind: "pinch", s: zoom.s, d, p: toSvg(svg, b, x, y) };
    dragged = true;
  } else if (pointers.size === 1 && zoom.s > 1) {
    gesture = { kind: "pan", b: current(svg), x: event.clientX, y: event.clientY };
  }
}

function move(event) {
  const p = pointers.get(event.pointerId);
  if (!p) return;
  p.x = event.clientX;
  p.y = event.clientY;
  const svg = svgOf();
  if (!svg || !gesture) return;
  if (gesture.kind === "pinch" && pointers.size >= 2) {
    const [x, y, d] = mid();
    zoomAt(svg, (gesture.s * d) / gesture.d, gesture.p, x, y);
    event.preventDefault();
  } else if (gesture.kind === "pan" && pointers.size === 1) {
    if (!dragged && Math.hypot(p.x - p.x0, p.y - p.y0) < MOVE) return;
    dragged = true;
    const [, , k] = toSvg(svg, gesture.b, 0, 0);
    zoom.cx = gesture.b[0] + gesture.b[2] / 2 - (p.x - gesture.x) / k;
    zoom.cy = gesture.b[1] + gesture.b[3] / 2 - (p.y - gesture.y) / k;
    apply();
    event.preventDefault();
  }
}

function up(event) {
  pointers.delete(event.pointerId);
  if (pointers.size < 2 && gesture?.kind === "pinch") gesture = null;
  if (pointers.size === 0) gesture = null;
}

function wheel(event) {
  const svg = svgOf();
  if (!event.ctrlKey || !svg || !svg.contains(event.target)) return;
  event.preventDefault();
  const p = toSvg(svg, current(svg), event.clientX, event.clientY);
  zoomAt(svg, zoom.s * Math.exp(-event.deltaY / 300), p, event.clientX, event.clientY);
}

export function resetZoom() {
  zoom.s = 1;
  zoom.cx = zoom.cy = null;
  apply();
}

/** Watch `board` (the element the renderers draw into) for gestures; once. */
export function mountPinch(board) {
  host = board;
  board.addEventListener("pointerdown", down);
  board.addEventListener("pointermove", move, { passive: false });
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) board.addEventListener(type, up);
  board.addEventListener("wheel", wheel, { passive: false });
  // a drag or a pinch is not a tap: the click that follows it reaches no target
  board.addEventListener(
    "click",
    (event) => {
      if (!dragged) return;
      dragged = false;
      event.stopPropagation();
      event.preventDefault();
    },
    true
  );
  const reset = h("button", { type: "button", class: "board-reset", hidden: true, "aria-label": t("board.reset"), title: t("board.reset") }, "⟲");
  reset.addEventListener("click", resetZoom);
  board.parentElement?.append(reset);
}

/** After each redraw: the new SVG shows the same part of the board. */
export function applyZoom() {
  apply();
}

export function zoomScale() {
  return zoom.s;
}
