// A TOML writer for the editors' files: plain data (strings, whole and decimal numbers,
// booleans, arrays of those or of arrays) at the top, then each table (`[deck]`) and each
// array of tables (`[[areas]]`). Keys are written in the order given; null/undefined are
// left out. The server reads the file back (tomllib) and validates it: this only writes.

const BARE = /^[A-Za-z0-9_-]+$/;

function key(k) {
  return BARE.test(k) ? k : JSON.stringify(k);
}

/** One value: JSON's string escapes are TOML's basic-string escapes (DEL must be escaped). */
export function tomlValue(v) {
  if (typeof v === "string") return JSON.stringify(v).replace(/\x7f/g, "\\u007f");
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`not a TOML number: ${v}`);
    return String(v);
  }
  if (Array.isArray(v)) return `[${v.map(tomlValue).join(", ")}]`;
  throw new Error(`not a TOML value: ${typeof v}`);
}

const isTable = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isTableArray = (v) => Array.isArray(v) && v.length > 0 && v.every(isTable);

function pairs(obj) {
  return Object.entries(obj)
    .filter(([, v]) => v !== null && v !== undefined && !isTable(v) && !isTableArray(v))
    .map(([k, v]) => `${key(k)} = ${tomlValue(v)}`);
}

/** The TOML text of `data` (an object); `comment` (one line or several) goes on top. */
export function tomlText(data, comment = "") {
  const lines = comment ? comment.split("\n").map((l) => `# ${l}`) : [];
  lines.push(...pairs(data));
  for (const [k, v] of Object.entries(data)) {
    if (isTable(v)) lines.push("", `[${key(k)}]`, ...pairs(v));
    else if (isTableArray(v)) for (const item of v) lines.push("", `[[${key(k)}]]`, ...pairs(item));
  }
  return lines.join("\n") + "\n";
}
