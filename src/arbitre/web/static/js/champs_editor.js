// The Champs battlefield editor (/editor/champs): every field of a battlefield file
// (docs/champs.md, "Battlefields"; games/champs/board.py reads it), the obstacles drawn on
// the grid, checked by the server as the author types (POST /api/library/…/check, the code
// that loads battlefields), each refusal shown next to its field with the rule it cites;
// saved by name in the library, downloaded or opened as a TOML file.
// `?load=NAME` opens a library entry at once.

import { ApiError } from "./api.js";
import { EditorGrid } from "./champs_editor_grid.js";
import { TROOPS } from "./champs_editor_strings.js";
import { clear, h } from "./dom.js";
import { applyStatic, mountLangSwitch, t } from "./i18n.js";
import { NAME, downloadText, entryText, library, readTextFile, refusalText } from "./library.js";
import { tomlText } from "./toml.js";

const KIND = "champs.battlefield";
const $ = (sel) => document.querySelector(sel);
const BLANK = {
  name_fr: "",
  name_en: "",
  provenance: "ours",
  width: 10,
  height: 8,
  obstacles: [],
  players_line: "bottom",
  mj_line: "top",
  objective: "reach_start_line",
  rounds: 12,
  hold: 1,
  flyers_count: true,
  trap_tokens: null,
  deck: { soldats: 4, cavalerie: 3, airs: 3, mastodonte: 2, catapulte: 2 },
};
const TEXT_FIELDS = ["name_fr", "name_en", "provenance"];
const INT_FIELDS = ["width", "height", "rounds", "hold", "trap_tokens"];
const CHOICES = { players_line: ["bottom", "top"], mj_line: ["top", "bottom"], objective: ["reach_start_line", "annihilation"] };
const CHOICE_WORDS = { players_line: "ced.line", mj_line: "ced.line", objective: "ced.objective" };

const ed = { obstacles: new Set(), deckKeys: [...TROOPS], entries: [], checkSeq: 0, timer: null, grid: null, status: null };

// --- the form <-> the battlefield's data ------------------------------------------------------

function intOf(id) {
  const raw = $(`#f-${id}`).value.trim();
  if (raw === "") return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : raw; // a word goes to the server as text: it names the field
}

/** The battlefield as the file will hold it (keys in the order of the built-in files). */
function data() {
  const out = {};
  for (const f of TEXT_FIELDS) {
    const v = $(`#f-${f}`).value.trim();
    if (v) out[f] = v;
  }
  out.width = intOf("width");
  out.height = intOf("height");
  out.obstacles = [...ed.obstacles]
    .map((k) => k.split(",").map(Number))
    .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  out.players_line = $("#f-players_line").value;
  out.mj_line = $("#f-mj_line").value;
  out.objective = $("#f-objective").value;
  out.rounds = intOf("rounds");
  out.hold = intOf("hold");
  out.flyers_count = $("#f-flyers_count").checked;
  out.trap_tokens = intOf("trap_tokens");
  const deck = {};
  for (const tid of ed.deckKeys) {
    const v = $(`#f-deck-${tid}`)?.value.trim();
    if (v) deck[tid] = Number.isFinite(Number(v)) ? Number(v) : v;
  }
  out.deck = deck;
  return out;
}

function text() {
  return tomlText(data());
}

function model() {
  const w = Number($("#f-width").value);
  const hgt = Number($("#f-height").value);
  const ok = (n) => Number.isInteger(n) && n >= 3 && n <= 30;
  return {
    width: ok(w) ? w : ed.grid?.model?.width ?? BLANK.width,
    height: ok(hgt) ? hgt : ed.grid?.model?.height ?? BLANK.height,
    obstacles: ed.obstacles,
    players_line: $("#f-players_line").value,
    mj_line: $("#f-mj_line").value,
  };
}

/** The keys of a battlefield's data the form does not hold (games/champs/board.py reads
 * exactly the keys of BLANK): saving would drop them, so such a file is refused, naming them. */
export function unknownKeys(d) {
  return Object.keys(d || {}).filter((k) => !Object.hasOwn(BLANK, k));
}

function refuseUnknown(d, source) {
  const keys = unknownKeys(d);
  if (!keys.length) return false;
  clearErrors();
  const message = t("ced.unknown_keys", { source, n: keys.length, keys: keys.join(", ") });
  fileStatus(message, true);
  return true;
}

/** Fill the form from a battlefield's data (a library entry, an opened file). */
function fill(d) {
  const v = { ...BLANK, ...d, deck: d.deck && typeof d.deck === "object" ? d.deck : {} };
  for (const f of TEXT_FIELDS) $(`#f-${f}`).value = typeof v[f] === "string" ? v[f] : "";
  for (const f of INT_FIELDS) $(`#f-${f}`).value = v[f] === null || v[f] === undefined ? "" : String(v[f]);
  for (const f of Object.keys(CHOICES)) $(`#f-${f}`).value = CHOICES[f].includes(v[f]) ? v[f] : CHOICES[f][0];
  $("#f-flyers_count").checked = v.flyers_count !== false;
  ed.obstacles = new Set(
    (Array.isArray(v.obstacles) ? v.obstacles : [])
      .filter((c) => Array.isArray(c) && c.length === 2 && c.every(Number.isInteger))
      .map(([x, y]) => `${x},${y}`),
  );
  ed.deckKeys = [...TROOPS, ...Object.keys(v.deck).filter((k) => !TROOPS.includes(k))];
  renderDeck(v.deck);
  redraw();
  changed();
}

// --- rendering ---------------------------------------------------------------------------------

function renderChoices() {
  for (const [f, values] of Object.entries(CHOICES)) {
    const select = $(`#f-${f}`);
    const current = select.value || values[0];
    clear(select).append(...values.map((v) => h("option", { value: v }, t(`${CHOICE_WORDS[f]}.${v}`))));
    select.value = current;
  }
}

/** The deck's rows; `deck` null: keep the values typed (a change of language). */
function renderDeck(deck) {
  const values = deck || Object.fromEntries(ed.deckKeys.map((tid) => [tid, $(`#f-deck-${tid}`)?.value]));
  const rows = clear($("#deck-rows"));
  for (const tid of ed.deckKeys) {
    const id = `f-deck-${tid}`;
    const label = TROOPS.includes(tid) ? t(`ced.troop.${tid}`) : tid;
    const value = values[tid];
    const input = h("input", { id, type: "number", min: 0, max: 99, step: 1, inputmode: "numeric", "data-troop": tid });
    input.value = value === undefined || value === null ? "0" : String(value);
    rows.append(h("div", { class: "form-row deck-row" }, h("label", { for: id }, label), input));
  }
}

function deckTotal() {
  let n = 0;
  for (const tid of ed.deckKeys) {
    const v = Number($(`#f-deck-${tid}`)?.value);
    if (Number.isInteger(v) && v > 0) n += v;
  }
  $("#deck-total").textContent = t("ced.deck.total", { n });
}

function redraw() {
  const m = model();
  for (const k of [...ed.obstacles]) {
    const [x, y] = k.split(",").map(Number);
    if (x >= m.width || y >= m.height) ed.obstacles.delete(k); // the grid shrank
  }
  ed.grid.draw(m);
  $("#obstacle-count").textContent = t("ced.obstacles", { n: ed.obstacles.size });
  showSelected();
}

function showSelected() {
  const key = ed.grid.selected;
  $("#selected-cell").textContent = key ? t("ced.selected", { cell: ed.grid.cellName(ed.grid.model, ...key.split(",").map(Number)) }) : t("ced.selected.none");
}

// --- checking ------------------------------------------------------------------------------------

function errorSlot(field) {
  if (!field) return $("#err-text");
  if (field.startsWith("deck")) return $("#err-deck");
  return $(`#err-${CSS.escape(field)}`) || $("#err-text");
}

function clearErrors(except = []) {
  for (const el of document.querySelectorAll(".field-error")) {
    if (except.includes(el.id)) continue;
    el.hidden = true;
    el.textContent = "";
  }
  for (const el of document.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
}

function showError(err) {
  const slot = errorSlot(err.field);
  slot.textContent = refusalText(err, t);
  slot.hidden = false;
  const input = err.field && $(`#f-${CSS.escape(err.field.startsWith("deck.") ? `deck-${err.field.slice(5)}` : err.field)}`);
  if (input) input.setAttribute("aria-invalid", "true");
  return slot.textContent;
}

function setStatus(key, args = {}, bad = false) {
  ed.status = [key, args, bad];
  const el = $("#check-status");
  el.textContent = t(key, args);
  el.classList.toggle("bad", bad);
  el.classList.toggle("good", !bad && key === "ced.valid");
}

async function check() {
  const seq = ++ed.checkSeq;
  setStatus("ced.checking");
  try {
    await library.check(KIND, text());
    if (seq !== ed.checkSeq) return;
    clearErrors(["err-name"]);
    setStatus("ced.valid");
  } catch (err) {
    if (seq !== ed.checkSeq) return;
    clearErrors(["err-name"]);
    setStatus("ced.invalid", { text: showError(err) }, true);
  }
}

function changed() {
  deckTotal();
  clearTimeout(ed.timer);
  ed.timer = setTimeout(check, 300);
}

// --- the library and files -----------------------------------------------------------------------

async function refreshEntries(selected) {
  ed.entries = await library.list(KIND);
  const select = clear($("#start-from"));
  select.append(h("option", { value: "" }, t("ced.new")));
  for (const e of ed.entries) select.append(h("option", { value: e.name }, entryText(e, t)));
  select.value = selected && ed.entries.some((e) => e.name === selected) ? selected : "";
  showDelete();
}

function showDelete() {
  const entry = ed.entries.find((e) => e.name === $("#start-from").value);
  $("#delete").hidden = !entry?.mine;
}

function fileStatus(message, bad = false) {
  const el = $("#file-status");
  el.textContent = message;
  el.classList.toggle("alert", bad);
}

async function load(name) {
  clearErrors();
  $("#play-link").hidden = true;
  if (!name) {
    fill(BLANK);
    $("#f-name").value = "";
    fileStatus("");
    return;
  }
  try {
    const entry = await library.get(KIND, name);
    if (refuseUnknown(entry.data, name)) return; // the form stays as it was
    fill(entry.data);
    $("#f-name").value = entry.mine ? entry.name : "";
    fileStatus(t("ced.loaded", { name }));
  } catch (err) {
    fileStatus(refusalText(err, t), true);
  }
}

function nameOk() {
  const name = $("#f-name").value.trim();
  const slot = $("#err-name");
  const ok = NAME.test(name);
  slot.hidden = ok || name === "";
  slot.textContent = ok || name === "" ? "" : t("lib.bad_name");
  return ok;
}

async function save(event) {
  event.preventDefault();
  const name = $("#f-name").value.trim();
  if (!nameOk()) {
    $("#err-name").textContent = t("lib.bad_name");
    $("#err-name").hidden = false;
    $("#f-name").focus();
    return;
  }
  clearErrors();
  try {
    await library.save(KIND, name, text());
    await refreshEntries(name);
    fileStatus(t("lib.saved", { name }));
    setStatus("ced.valid");
    $("#play-link").hidden = false;
  } catch (err) {
    const shown = showError(err);
    if (err instanceof ApiError && err.code === "invalid") setStatus("ced.invalid", { text: shown }, true);
    fileStatus("");
  }
}

async function remove() {
  const name = $("#start-from").value;
  try {
    await library.remove(KIND, name);
    fileStatus(t("lib.deleted", { name }));
    await refreshEntries("");
  } catch (err) {
    fileStatus(refusalText(err, t), true);
  }
}

async function upload(event) {
  const file = event.target.files?.[0];
  event.target.value = "";
  if (!file) return;
  clearErrors();
  try {
    const content = await readTextFile(file, t);
    const checked = await library.check(KIND, content);
    if (refuseUnknown(checked.data, file.name)) return; // nothing of the file is taken
    fill(checked.data);
    const stem = file.name.replace(/\.toml$/i, "").toLowerCase();
    if (!$("#f-name").value && NAME.test(stem)) $("#f-name").value = stem;
    fileStatus(t("ced.opened", { name: file.name }));
  } catch (err) {
    if (err instanceof ApiError) err.field = "text"; // the form does not hold that file: the message names its field
    const shown = showError(err instanceof ApiError ? err : { field: "text", message: err.message });
    fileStatus(`${file.name} — ${shown}`, true);
  }
}

function rerender() {
  applyStatic();
  document.title = t("ced.page_title");
  renderChoices();
  renderDeck(null);
  deckTotal();
  redraw();
  if (ed.status) setStatus(...ed.status);
  const select = $("#start-from");
  const chosen = select.value;
  clear(select).append(h("option", { value: "" }, t("ced.new")), ...ed.entries.map((e) => h("option", { value: e.name }, entryText(e, t))));
  select.value = chosen;
}

export async function start() {
  applyStatic();
  document.title = t("ced.page_title");
  mountLangSwitch($("#lang"));
  renderChoices();
  ed.grid = new EditorGrid($("#grid-frame"), (key, on) => {
    if (on) ed.obstacles.add(key);
    else ed.obstacles.delete(key);
    $("#obstacle-count").textContent = t("ced.obstacles", { n: ed.obstacles.size });
    changed();
  });
  ed.grid.zoom(0);
  $("#grid-frame").addEventListener("cellselect", showSelected);
  $("#zoom-in").addEventListener("click", () => ed.grid.zoom(1));
  $("#zoom-out").addEventListener("click", () => ed.grid.zoom(-1));
  $("#clear-obstacles").addEventListener("click", () => {
    ed.obstacles.clear();
    redraw();
    changed();
  });
  const form = $("#fields");
  form.addEventListener("submit", save);
  form.addEventListener("input", (e) => {
    if (e.target.id === "f-name") return nameOk();
    if (["f-width", "f-height"].includes(e.target.id)) redraw();
    changed();
  });
  form.addEventListener("change", (e) => {
    if (["f-players_line", "f-mj_line"].includes(e.target.id)) redraw();
    if (e.target.id === "start-from") showDelete();
  });
  $("#load").addEventListener("click", () => load($("#start-from").value));
  $("#delete").addEventListener("click", remove);
  $("#download").addEventListener("click", () => downloadText(`${$("#f-name").value.trim() || "battlefield"}.toml`, text()));
  $("#upload").addEventListener("change", upload);
  window.addEventListener("langchange", rerender);
  const wanted = new URLSearchParams(location.search).get("load");
  try {
    await refreshEntries(wanted);
  } catch (err) {
    fileStatus(refusalText(err, t), true);
  }
  if (wanted && ed.entries.some((e) => e.name === wanted)) await load(wanted);
  else fill(BLANK);
  document.body.dataset.ready = "1";
}
