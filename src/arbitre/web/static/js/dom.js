// Small helpers to build HTML and SVG without a framework.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** `h("button", {class: "x", onclick: f}, "text", child…)` */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** `s("rect", {x: 0, y: 0, width: 10, height: 10})`: an SVG element. */
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** An SVG tooltip child. */
export function title(text) {
  return s("title", {}, text);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Initials of a name for a small token: "Space Marines" → "SM", "Titan" → "Tit". */
export function initials(name, max = 3) {
  const words = String(name)
    .split(/[\s_'’()-]+/)
    .filter((w) => w && /[A-Za-zÀ-ÿ]/.test(w[0]) && !["the", "de", "du", "des", "la", "le", "of", "d"].includes(w.toLowerCase()));
  if (words.length === 1) return words[0].slice(0, max);
  return words
    .map((w) => w[0].toUpperCase())
    .join("")
    .slice(0, max);
}

const ZOOM_DEFAULT = { heresy: 1 }; // the Heresy map reads better at full width
const ZOOM_LEVELS = 4;

/** The ⤢ button: cycles the board's size (fit to the screen, full width, larger), kept per game. */
export function mountZoom(button, board, ruleset) {
  const key = `arbitre.zoom.${ruleset}`;
  const read = () => {
    const stored = Number(localStorage.getItem(key));
    return Number.isInteger(stored) && localStorage.getItem(key) !== null ? stored : ZOOM_DEFAULT[ruleset] ?? 0;
  };
  board.dataset.zoom = String(read());
  button.onclick = () => {
    const next = (read() + 1) % ZOOM_LEVELS;
    localStorage.setItem(key, String(next));
    board.dataset.zoom = String(next);
  };
}
