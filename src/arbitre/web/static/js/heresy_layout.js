// Where a Hérésie zone's name and tokens go so that they stay inside its outline. The
// reconstructed zones are rectilinear polygons, some L-shaped, some only 50 units wide: the
// name takes the largest setting that leaves room for the tokens; a crowded zone gets
// smaller tokens, then a "+n" badge for what still does not fit.

export const TOKEN_W = 44;
export const TOKEN_H = 16;
export const GAP = 3;
export const ICON_W = 18; // one marker in the name row (activation, laser, fortification)
const SCALES = [1, 0.85, 0.72]; // below ~0.7 the token letters no longer read on a laptop
const MAX_COLS = 4;
const MAX_ROWS = 6;
const MARGIN = 2;

export function bbox(outline) {
  const xs = outline.map((p) => p[0]);
  const ys = outline.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/** The interior of the polygon on the horizontal line `y`: the interval holding `x`, else
 * the nearest one; null when the line misses the polygon. */
export function span(outline, y, x) {
  const xs = [];
  for (let i = 0; i < outline.length; i += 1) {
    const [x1, y1] = outline[i];
    const [x2, y2] = outline[(i + 1) % outline.length];
    if ((y1 <= y && y < y2) || (y2 <= y && y < y1)) xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
  }
  xs.sort((a, b) => a - b);
  let best = null;
  for (let i = 0; i + 1 < xs.length; i += 2) {
    const [a, b] = [xs[i], xs[i + 1]];
    if (a <= x && x <= b) return [a, b];
    const d = x < a ? a - x : x - b;
    if (!best || d < best.d) best = { d, a, b };
  }
  return best ? [best.a, best.b] : null;
}

/** The x-interval free inside the polygon over the whole band [y0, y1], around `x`. */
export function room(outline, y0, y1, x) {
  let a = -Infinity;
  let b = Infinity;
  const ys = [y0 + 0.5];
  for (let y = y0 + 4; y < y1 - 0.5; y += 4) ys.push(y);
  ys.push(Math.max(y0 + 0.5, y1 - 0.5));
  for (const y of ys) {
    const sp = span(outline, y, x);
    if (!sp) return null;
    a = Math.max(a, sp[0]);
    b = Math.min(b, sp[1]);
  }
  return b > a ? [a, b] : null;
}

/** Tops for a band of height `hgt` in the box: the one centred on `cy` first, then the
 * others by distance from it (an L-shaped zone may only have room lower or higher). */
function tops(box, cy, hgt) {
  const lo = box.y + MARGIN;
  const hi = box.y + box.h - MARGIN - hgt;
  if (hi < lo) return [];
  const want = Math.min(hi, Math.max(lo, cy - hgt / 2));
  const out = [want];
  for (let d = 10; want - d >= lo || want + d <= hi; d += 10) {
    if (want + d <= hi) out.push(want + d);
    if (want - d >= lo) out.push(want - d);
  }
  if (!out.includes(hi)) out.push(hi);
  return out;
}

function place(z, box, cols, rows, k, foot) {
  const [cx, cy] = z.position;
  const tw = TOKEN_W * k;
  const th = TOKEN_H * k;
  const g = GAP * k;
  const w = cols * (tw + g) - g;
  const fh = foot ? foot.fh : 0;
  const hgt = fh + (rows ? rows * (th + g) - g : 0);
  if (!hgt) return null;
  for (const top of tops(box, cy, hgt)) {
    const r = rows ? room(z.outline, top + fh, top + hgt, cx) : [box.x, box.x + box.w];
    if (!r || r[1] - r[0] - 2 * MARGIN < w) continue;
    let label = null;
    if (foot) {
      label = room(z.outline, top, top + fh, cx);
      if (!label || label[1] - label[0] - 2 * MARGIN < foot.fw) continue;
    }
    const x0 = Math.min(r[1] - MARGIN - w, Math.max(r[0] + MARGIN, cx - w / 2));
    const lx = label ? Math.min(label[1] - MARGIN - foot.fw, Math.max(label[0] + MARGIN, cx - foot.fw / 2)) : 0;
    return { k, cols, rows, x0, y0: top + fh, top, label, lx, step: [tw + g, th + g] };
  }
  return null;
}

/** Every token of `n` in the zone under the footprint `foot` (null: no name inside). */
function fitAll(z, box, n, foot) {
  if (!n) return place(z, box, 0, 0, 1, foot);
  for (const k of SCALES) {
    for (let cols = Math.min(n, MAX_COLS); cols >= 1; cols -= 1) {
      const p = place(z, box, cols, Math.ceil(n / cols), k, foot);
      if (p) return { ...p, shown: n };
    }
  }
  return null;
}

/** Too many tokens: the largest grid that fits at the smallest scale, its last cell a badge. */
function fitBadge(z, box, foot) {
  const k = SCALES[SCALES.length - 1];
  let best = null;
  for (let rows = 1; rows <= MAX_ROWS; rows += 1) {
    for (let cols = 1; cols <= MAX_COLS; cols += 1) {
      if (best && cols * rows <= best.cols * best.rows) continue;
      const p = place(z, box, cols, rows, k, foot);
      if (p) best = p;
    }
  }
  return best && best.cols * best.rows >= 2 ? { ...best, shown: best.cols * best.rows - 1 } : null;
}

/** The layout of `n` tokens in zone `z` under its name: `names` are the ways to set the
 * name, best first (heresy_labels.js). Returns the token grid (scale `k`, `cols` × `rows`
 * from (x0, y0), `shown` tokens and a "+n" badge in the last cell when `shown < n`) and
 * `name`: the setting chosen and its top-left corner (lx, top), or `callout` when the
 * name fits nowhere inside (then the tokens take the whole zone). */
export function layoutZone(z, n, names = []) {
  const box = bbox(z.outline);
  for (const name of names) {
    const p = fitAll(z, box, n, name);
    if (p) return { ...p, box, name, callout: false };
  }
  if (n) {
    for (const name of names) {
      const p = fitBadge(z, box, name);
      if (p) return { ...p, box, name, callout: false };
    }
  }
  const name = names[0] || null;
  if (!n) return { ...fallback(z, box, 0, 0, 1), shown: 0, box, name, callout: true };
  const p = fitAll(z, box, n, null) || fitBadge(z, box, null);
  if (p) return { ...p, box, name, callout: true };
  const k = SCALES[SCALES.length - 1];
  return { ...fallback(z, box, 1, 1, k), shown: 0, box, name, callout: true };
}

/** Nothing fits (a zone smaller than one token): one cell at the zone's position. */
function fallback(z, box, cols, rows, k) {
  const [cx, cy] = z.position;
  const tw = TOKEN_W * k;
  const th = TOKEN_H * k;
  const top = Math.max(box.y, cy - th / 2);
  return {
    k,
    cols,
    rows,
    x0: cx - (cols * tw) / 2,
    y0: top,
    top,
    label: null,
    lx: 0,
    step: [tw + GAP * k, th + GAP * k],
  };
}
