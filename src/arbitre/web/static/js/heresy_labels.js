// How a Hérésie zone's full name is set: measured (canvas, the page's font) and wrapped on
// one to three balanced lines at the largest size that fits, upright, or turned a quarter
// in a tall narrow zone; a name that fits nowhere inside its zone gets a plate outside it
// (a callout with a leader line), placed where it covers no other name nor piece. Widths are
// measured on a hidden SVG text that the page's CSS styles as a zone name.

export const LINE = 1.12; // line height, in font sizes
export const SIZES = [12, 11, 10.5, 10, 9.5, 9, 8.5, 8];
export const PAD = 2;

const NS = "http://www.w3.org/2000/svg";
const widths = new Map(); // text → its width at 1 px, as the page's own CSS draws a zone name
let probe = null;

/** A hidden SVG <text> styled as a zone name: names are measured as they will be drawn. */
function probeText() {
  if (!probe || !probe.isConnected) {
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("class", "heresy heresy-probe");
    svg.setAttribute("aria-hidden", "true");
    svg.style.position = "absolute";
    svg.style.left = "-10000px";
    svg.style.top = "0";
    svg.style.width = "10px";
    svg.style.height = "10px";
    svg.style.visibility = "hidden";
    probe = document.createElementNS(NS, "text");
    probe.setAttribute("class", "zone-name");
    probe.style.fontSize = "100px";
    svg.append(probe);
    document.body.append(svg);
  }
  return probe;
}

/** The width of `text` at `size` (user units = px at the SVG's scale 1). */
export function measure(text, size) {
  let w = widths.get(text);
  if (w === undefined) {
    const p = probeText();
    p.textContent = text;
    w = p.getComputedTextLength() / 100;
    if (!w) w = (String(text).length * 0.62); // not laid out: a fair guess
    widths.set(text, w);
  }
  return w * size;
}

/** The split of `words` into `n` lines whose longest line is the shortest. */
function balanced(words, n, size) {
  if (n === 1 || words.length <= 1) return [words.join(" ")];
  let best = null;
  const cuts = (start, left, acc) => {
    if (left === 1) {
      const lines = [...acc, words.slice(start).join(" ")];
      const w = Math.max(...lines.map((l) => measure(l, size)));
      if (!best || w < best.w) best = { w, lines };
      return;
    }
    for (let i = start + 1; i <= words.length - left + 1; i += 1) cuts(i, left - 1, [...acc, words.slice(start, i).join(" ")]);
  };
  cuts(0, Math.min(n, words.length), []);
  return best.lines;
}

/** Every way to set `name`, best first: the largest size, then the fewest lines; each with
 * its text block (`tw` × `th`) and the footprint it takes in the zone (`fw` × `fh`). */
export function settings(name, icons, iconW, rotated = false) {
  const words = String(name).split(/\s+/).filter(Boolean);
  const out = [];
  for (const size of SIZES) {
    for (let n = 1; n <= Math.min(3, words.length); n += 1) {
      const lines = balanced(words, n, size);
      if (lines.length !== n) continue;
      const tw = Math.max(...lines.map((l) => measure(l, size)));
      const th = n * size * LINE;
      const iw = icons ? icons * iconW + PAD : 0;
      if (rotated) out.push({ size, lines, tw, th, rotated, fw: Math.max(th, icons ? iconW : 0) + 2 * PAD, fh: tw + iw + 2 * PAD });
      else out.push({ size, lines, tw, th, rotated, fw: tw + iw + 2 * PAD, fh: Math.max(th, icons ? 16 : 0) + PAD });
    }
  }
  return out;
}

function overlaps(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** A plate for a name that fits nowhere inside its zone: around the zone's box, inside the
 * map, clear of `taken` boxes (other names and pieces) if it can be; `w` × `h` its size. */
export function callout(box, w, h, map, taken) {
  const [mx, my, mw, mh] = map;
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  const gap = 4;
  const spots = [
    [cx - w / 2, box.y - h - gap],
    [cx - w / 2, box.y + box.h + gap],
    [box.x + box.w + gap, cy - h / 2],
    [box.x - w - gap, cy - h / 2],
    [box.x, box.y - h - gap],
    [box.x + box.w - w, box.y - h - gap],
    [box.x, box.y + box.h + gap],
    [box.x + box.w - w, box.y + box.h + gap],
  ];
  let best = null;
  for (const [d, extra] of [[0, 0], [16, 1], [32, 2]]) {
    for (const [x0, y0] of spots) {
      for (const [dx, dy] of d ? [[0, -d], [0, d], [-d, 0], [d, 0]] : [[0, 0]]) {
        const r = { x: x0 + dx, y: y0 + dy, w, h };
        if (r.x < mx || r.y < my || r.x + r.w > mx + mw || r.y + r.h > my + mh) continue;
        const hits = taken.filter((t) => overlaps(r, t));
        const cost = hits.reduce((n, t) => n + (t.label ? 100 : 1), 0) + extra;
        if (!best || cost < best.cost) best = { ...r, cost };
        if (cost === 0) return best;
      }
    }
  }
  return best || { x: Math.min(Math.max(mx, cx - w / 2), mx + mw - w), y: box.y, w, h, cost: 999 };
}
