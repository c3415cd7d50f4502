// The Epic table editor's model (issue 16): a table as plain data, read from and written to
// the TOML format of games/epic/tables.py (docs/epic.md "Tables"). The server validates
// every table it saves (rules TABLE-1..TABLE-7); here pieces are only kept on the table.
//
// Model: { name_fr, name_en, source, width, height,
//          areas: [{kind, shape: "circle", x, y, r, structure?} |
//                  {kind, shape: "rect", x, y, w, h, angle, structure?}]   (x, y: the centre)
//          zones: [{side, x, y, w, h}], objectives: [{x, y}] }

export const KINDS = ["forest", "ruins", "water", "building", "impassable"];
export const SIZE = [60, 400]; // TABLE-1
export const RADIUS = [1, 60]; // TABLE-3
export const BUILDING_SP = 3; // data/terrain.toml: a building's Structure Points

const round = (v) => Math.round(v * 10) / 10;

export function blank() {
  return { name_fr: "Nouvelle table", name_en: "New table", source: "ours", width: 180, height: 120, areas: [], zones: [{ side: 0, x: 90, y: 15, w: 180, h: 30 }, { side: 1, x: 90, y: 105, w: 180, h: 30 }], objectives: [] };
}

// --- TOML (the subset tables.py writes: keys, strings, numbers, booleans, [[arrays]]) ---

function value(raw, line) {
  const str = raw.match(/^"((?:[^"\\]|\\.)*)"\s*(#.*)?$/);
  if (str) return JSON.parse(`"${str[1]}"`);
  const num = raw.match(/^([+-]?\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*(#.*)?$/);
  if (num) return Number(num[1].replace(/_/g, ""));
  const bool = raw.match(/^(true|false)\s*(#.*)?$/);
  if (bool) return bool[1] === "true";
  throw new Error(`line ${line}: ${raw.slice(0, 40)}`);
}

export function readToml(text) {
  const out = {};
  let cur = out;
  text.split(/\r?\n/).forEach((rawLine, i) => {
    const line = rawLine.trim();
    if (!line || line.startsWith("#")) return;
    const arr = line.match(/^\[\[\s*([A-Za-z_]+)\s*\]\]\s*(#.*)?$/);
    if (arr) {
      if (!Array.isArray(out[arr[1]] ?? [])) throw new Error(`line ${i + 1}`);
      out[arr[1]] = out[arr[1]] || [];
      cur = {};
      out[arr[1]].push(cur);
      return;
    }
    const kv = line.match(/^([A-Za-z0-9_]+)\s*=\s*(.+)$/);
    if (!kv) throw new Error(`line ${i + 1}: ${line.slice(0, 40)}`);
    cur[kv[1]] = value(kv[2].trim(), i + 1);
  });
  return out;
}

const num = (v, d = 0) => (typeof v === "number" && Number.isFinite(v) ? v : d);

/** The model of a parsed table file (missing values get the defaults tables.py uses). */
export function fromRaw(raw) {
  const m = blank();
  m.name_fr = typeof raw.name_fr === "string" ? raw.name_fr : "Table sans nom";
  m.name_en = typeof raw.name_en === "string" ? raw.name_en : "Unnamed table";
  m.source = typeof raw.source === "string" ? raw.source : "ours";
  m.width = num(raw.width, 180);
  m.height = num(raw.height, 120);
  m.areas = (raw.areas || []).map((a) => {
    const piece = { kind: String(a.kind) };
    if ("radius" in a) Object.assign(piece, { shape: "circle", x: num(a.x), y: num(a.y), r: num(a.radius, 5) });
    else {
      const [x0, y0, x1, y1] = [num(a.x0), num(a.y0), num(a.x1), num(a.y1)];
      Object.assign(piece, { shape: "rect", x: (x0 + x1) / 2, y: (y0 + y1) / 2, w: x1 - x0, h: y1 - y0, angle: num(a.angle) });
    }
    if (typeof a.structure === "number") piece.structure = a.structure;
    return piece;
  });
  const zones = (raw.deployment || []).map((z) => ({ side: num(z.side), x: (num(z.x0) + num(z.x1)) / 2, y: (num(z.y0) + num(z.y1)) / 2, w: num(z.x1) - num(z.x0), h: num(z.y1) - num(z.y0) }));
  m.zones = zones.length ? zones : blank().zones;
  m.objectives = (raw.objectives || []).map((o) => ({ x: num(o.x), y: num(o.y) }));
  return m;
}

const q = (s) => JSON.stringify(String(s));
const n = (v) => {
  const r = Math.round(Number(v) * 1000) / 1000;
  return Number.isInteger(r) ? `${r}.0` : String(r);
};

/** The model as a table file (tables.py reads it; the server checks it on save). */
export function toToml(m) {
  const out = [`name_fr = ${q(m.name_fr)}`, `name_en = ${q(m.name_en)}`, `source = ${q(m.source || "ours")}`, `width = ${n(m.width)}`, `height = ${n(m.height)}`];
  for (const a of m.areas) {
    out.push("", "[[areas]]", `kind = ${q(a.kind)}`);
    if (a.shape === "circle") out.push(`x = ${n(a.x)}`, `y = ${n(a.y)}`, `radius = ${n(a.r)}`);
    else {
      out.push(`x0 = ${n(a.x - a.w / 2)}`, `y0 = ${n(a.y - a.h / 2)}`, `x1 = ${n(a.x + a.w / 2)}`, `y1 = ${n(a.y + a.h / 2)}`);
      if (a.angle) out.push(`angle = ${n(a.angle)}`);
    }
    if (a.structure !== undefined && a.kind === "building") out.push(`structure = ${Math.round(a.structure)}`);
  }
  for (const z of m.zones) {
    out.push("", "[[deployment]]", `side = ${z.side}`, `x0 = ${n(z.x - z.w / 2)}`, `y0 = ${n(z.y - z.h / 2)}`, `x1 = ${n(z.x + z.w / 2)}`, `y1 = ${n(z.y + z.h / 2)}`);
  }
  for (const o of m.objectives) out.push("", "[[objectives]]", `x = ${n(o.x)}`, `y = ${n(o.y)}`);
  return out.join("\n") + "\n";
}

// --- edits that keep each item on the table -------------------------------------------

/** Half the extent of an item along x and y (a turned rectangle's bounding box). */
function half(item) {
  if (item.shape === "circle") return [item.r, item.r];
  if (item.w === undefined) return [0, 0]; // an objective
  const a = ((item.angle || 0) * Math.PI) / 180;
  const [c, s] = [Math.abs(Math.cos(a)), Math.abs(Math.sin(a))];
  return [(item.w * c + item.h * s) / 2, (item.w * s + item.h * c) / 2];
}

/** Keep the item wholly on the table (TABLE-3/5/6), shrinking it if it cannot fit. */
export function clamp(m, item) {
  if (item.shape === "circle") item.r = Math.min(Math.max(item.r, RADIUS[0]), RADIUS[1], m.width / 2, m.height / 2);
  else if (item.w !== undefined) {
    item.w = Math.max(1, item.w);
    item.h = Math.max(1, item.h);
    for (let i = 0; i < 40; i++) {
      const [hx, hy] = half(item);
      if (hx * 2 <= m.width && hy * 2 <= m.height) break;
      item.w = Math.max(1, item.w * 0.9);
      item.h = Math.max(1, item.h * 0.9);
    }
  }
  const [hx, hy] = half(item);
  item.x = round(Math.min(Math.max(item.x, hx), m.width - hx));
  item.y = round(Math.min(Math.max(item.y, hy), m.height - hy));
  return item;
}

export function move(m, item, dx, dy) {
  item.x += dx;
  item.y += dy;
  return clamp(m, item);
}

export function resize(m, item, dw, dh) {
  if (item.shape === "circle") item.r = round(item.r + (dw || dh));
  else if (item.w !== undefined) {
    item.w = round(item.w + dw);
    item.h = round(item.h + dh);
  }
  return clamp(m, item);
}

export function rotate(m, item, deg) {
  if (item.shape !== "rect") return item;
  item.angle = (((Math.round(item.angle + deg) % 360) + 540) % 360) - 180;
  return clamp(m, item);
}

export function newPiece(m, kind) {
  const piece = kind === "forest" ? { kind, shape: "circle", x: m.width / 2, y: m.height / 2, r: 8 } : { kind, shape: "rect", x: m.width / 2, y: m.height / 2, w: 16, h: 10, angle: 0 };
  if (kind === "building") piece.structure = BUILDING_SP;
  return clamp(m, piece);
}

export function newZone(m, side) {
  const depth = Math.min(30, m.height / 3);
  return clamp(m, { side, x: m.width / 2, y: side === 0 ? depth / 2 : m.height - depth / 2, w: m.width, h: depth });
}

/** The table's new size: every item is brought back onto it. */
export function setSize(m, width, height) {
  m.width = Math.min(Math.max(Math.round(width), SIZE[0]), SIZE[1]);
  m.height = Math.min(Math.max(Math.round(height), SIZE[0]), SIZE[1]);
  for (const item of [...m.areas, ...m.zones, ...m.objectives]) clamp(m, item);
}
