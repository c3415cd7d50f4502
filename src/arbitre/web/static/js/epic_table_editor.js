// The Epic table editor (issue 16, /editor/epic-table): the table's size and names, terrain
// pieces of the game's kinds, deployment zones of each side and objectives, placed on the
// board (epic_table_editor_board.js) or with the chosen item's step buttons (phones); load
// the default or a saved table, save by name in the library (the server checks the rules
// TABLE-1..TABLE-7 and names the field and rule it refuses), download or open a TOML file.

import "./epic_table_editor_strings.js";
import { clear, h } from "./dom.js";
import { applyStatic, lang, mountLangSwitch, t, tx } from "./i18n.js";
import { EditorBoard, itemName } from "./epic_table_editor_board.js";
import { BUILDING_SP, KINDS, blank, fromRaw, move, newPiece, newZone, readToml, resize, rotate, setSize, toToml } from "./epic_table_editor_model.js";
import { NAME, downloadText, library, readTextFile, refusalText } from "./library.js";

const KIND = "epic.table";
const $ = (id) => document.getElementById(id);

const ed = {
  model: blank(),
  sel: null,
  board: null,
  select(ref) {
    ed.sel = ref;
    ed.refresh();
  },
  changed() {
    ed.refresh();
  },
  step(what, a, b) {
    const item = ed.item();
    if (!item) return;
    if (what === "move") move(ed.model, item, a, b);
    else if (what === "size") resize(ed.model, item, a, b);
    else if (what === "turn") rotate(ed.model, item, a);
    ed.refresh(true);
  },
  remove() {
    const sel = ed.sel;
    if (!sel) return;
    ed.model[sel.list].splice(sel.i, 1);
    ed.sel = null;
    ed.refresh();
  },
  item() {
    return ed.sel ? ed.model[ed.sel.list][ed.sel.i] || null : null;
  },
  refresh(keepFocus = false) {
    const focused = document.activeElement?.closest?.("[data-ref], [data-step]");
    ed.board.draw();
    drawSelected();
    drawTableFields();
    drawItems();
    checkSoon();
    $("ete-count").textContent = t("ete.count", { areas: ed.model.areas.length, zones: ed.model.zones.length, objectives: ed.model.objectives.length });
    if (keepFocus && focused?.dataset.step) $("ete-selected").querySelector(`[data-step="${focused.dataset.step}"]`)?.focus();
    else if (focused?.dataset.ref) ed.board.focusChosen();
  },
};

function say(text, bad = false) {
  const box = $("ete-status");
  box.textContent = text;
  box.classList.toggle("error", bad);
}

// --- the side panel -------------------------------------------------------------------

function numberField(id, key, value, onchange, attrs = {}) {
  const input = h("input", { id, type: "number", step: attrs.step || 1, min: attrs.min, max: attrs.max, value: Math.round(value * 10) / 10, inputmode: "decimal" });
  input.addEventListener("change", () => {
    const v = Number(input.value);
    if (Number.isFinite(v)) onchange(v);
  });
  return h("label", { class: "ete-field", for: id }, h("span", {}, t(key)), input);
}

function drawTableFields() {
  const m = ed.model;
  for (const [id, key] of [["ete-name-fr", "name_fr"], ["ete-name-en", "name_en"]]) if (document.activeElement !== $(id)) $(id).value = m[key];
  for (const [id, key] of [["ete-width", "width"], ["ete-height", "height"]]) if (document.activeElement !== $(id)) $(id).value = m[key];
}

function stepButton(step, label, text, fn) {
  return h("button", { type: "button", class: "ete-step", "data-step": step, "aria-label": label, title: label, onclick: fn }, text);
}

function drawSelected() {
  const box = clear($("ete-selected"));
  const item = ed.item();
  if (!item) {
    box.append(h("p", { class: "muted" }, t("ete.none")));
    return;
  }
  const { list, i } = ed.sel;
  box.append(h("p", { class: "ete-chosen-name" }, itemName(list, item, i)));
  const moves = h("div", { class: "ete-steps", role: "group", "aria-label": t("ete.move") }, h("span", { class: "ete-steps-label" }, t("ete.move")));
  for (const [step, key, text, dx, dy] of [["left", "ete.left", "←", -5, 0], ["up", "ete.up", "↑", 0, -5], ["down", "ete.down", "↓", 0, 5], ["right", "ete.right", "→", 5, 0]]) {
    moves.append(stepButton(step, t(key), text, () => ed.step("move", dx, dy)));
  }
  box.append(moves);
  if (list !== "objectives") {
    const size = h("div", { class: "ete-steps", role: "group", "aria-label": t("ete.size") }, h("span", { class: "ete-steps-label" }, t("ete.size")));
    size.append(stepButton("narrower", t("ete.narrower"), "−↔", () => ed.step("size", -2, 0)), stepButton("wider", t("ete.wider"), "+↔", () => ed.step("size", 2, 0)));
    if (item.shape !== "circle") size.append(stepButton("shallower", t("ete.shallower"), "−↕", () => ed.step("size", 0, -2)), stepButton("deeper", t("ete.deeper"), "+↕", () => ed.step("size", 0, 2)));
    box.append(size);
  }
  if (item.shape === "rect") {
    box.append(h("div", { class: "ete-steps", role: "group", "aria-label": t("ete.rotate") }, h("span", { class: "ete-steps-label" }, t("ete.rotate")), stepButton("rot-left", t("ete.rot.left"), "⟲", () => ed.step("turn", -15)), stepButton("rot-right", t("ete.rot.right"), "⟳", () => ed.step("turn", 15))));
  }
  if (item.kind === "building") {
    const sp = item.structure ?? BUILDING_SP;
    const change = (d) => {
      item.structure = Math.min(20, Math.max(1, sp + d));
      ed.refresh(true);
    };
    box.append(h("div", { class: "ete-steps", role: "group", "aria-label": t("ete.structure") }, h("span", { class: "ete-steps-label" }, `${t("ete.structure")} : ${sp}`), stepButton("sp-less", t("ete.sp.less"), "−", () => change(-1)), stepButton("sp-more", t("ete.sp.more"), "+", () => change(1))));
  }
  // exact values for a mouse and a keyboard
  const exact = h("div", { class: "ete-exact" });
  const set = (key) => (v) => {
    item[key] = v;
    if (key === "w" || key === "h" || key === "r") resize(ed.model, item, 0, 0);
    else move(ed.model, item, 0, 0);
    ed.refresh();
  };
  exact.append(numberField("ete-x", "ete.x", item.x, set("x")), numberField("ete-y", "ete.y", item.y, set("y")));
  if (item.shape === "circle") exact.append(numberField("ete-r", "ete.r", item.r, set("r")));
  else if (item.w !== undefined) exact.append(numberField("ete-w", "ete.w", item.w, set("w")), numberField("ete-h", "ete.h", item.h, set("h")));
  if (item.shape === "rect") exact.append(numberField("ete-angle", "ete.angle", item.angle || 0, (v) => (rotate(ed.model, item, v - (item.angle || 0)), ed.refresh()), { step: 5 }));
  box.append(exact);
  box.append(h("button", { type: "button", class: "danger ete-delete", "data-step": "delete", onclick: () => ed.remove() }, t("ete.delete")));
}

/** Every item as a button (a finger or a screen reader picks a piece without the board). */
function drawItems() {
  const list = clear($("ete-items"));
  for (const key of ["areas", "zones", "objectives"]) {
    ed.model[key].forEach((item, i) => {
      const chosen = ed.sel && ed.sel.list === key && ed.sel.i === i;
      list.append(h("li", {}, h("button", { type: "button", class: `ete-item-button${chosen ? " chosen" : ""}`, "aria-pressed": chosen ? "true" : "false", "data-item": `${key}:${i}`, onclick: () => ed.select({ list: key, i }) }, itemName(key, item, i))));
    });
  }
  $("ete-items-count").textContent = `(${list.children.length})`;
}

// --- the server's check as the author edits (rules TABLE-1..TABLE-7) --------------------

let checkTimer = null;
let checkedText = null;

function checkSoon() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(checkNow, 700);
}

async function checkNow() {
  const text = toToml(ed.model);
  if (text === checkedText) return;
  checkedText = text;
  const box = $("ete-check");
  try {
    await library.check(KIND, text);
    if (checkedText !== text) return;
    box.textContent = t("ete.valid");
    box.classList.remove("error");
  } catch (err) {
    if (checkedText !== text) return;
    box.textContent = t("ete.invalid", { text: refusalText(err, t) });
    box.classList.add("error");
  }
}

function drawAddButtons() {
  const box = clear($("ete-add"));
  for (const kind of KINDS) {
    box.append(h("button", { type: "button", class: "ete-add", "data-add": kind, onclick: () => add("areas", newPiece(ed.model, kind)) }, `+ ${t(`ete.kind.${kind}`)}`));
  }
  for (const side of [0, 1]) {
    box.append(h("button", { type: "button", class: "ete-add", "data-add": `zone-${side}`, onclick: () => add("zones", newZone(ed.model, side)) }, `+ ${t("ete.add.zone", { side: t(`ete.side.${side}`) })}`));
  }
  box.append(h("button", { type: "button", class: "ete-add", "data-add": "objective", onclick: () => add("objectives", { x: Math.round(ed.model.width / 2), y: Math.round(ed.model.height / 2) }) }, `+ ${t("ete.add.objective")}`));
}

function add(list, item) {
  ed.model[list].push(item);
  ed.select({ list, i: ed.model[list].length - 1 });
  ed.board.focusChosen();
}

// --- library and files -----------------------------------------------------------------

async function fillLibrary(selected) {
  const menu = clear($("ete-pick"));
  try {
    const entries = await library.list(KIND);
    for (const e of entries) {
      const label = tx(e.label) || e.name;
      menu.append(h("option", { value: e.name, selected: e.name === selected }, e.mine ? t("ete.mine", { name: `${label} — ${e.name}` }) : `${label} — ${e.name}`));
    }
  } catch (err) {
    say(t("ete.refused", { text: refusalText(err, t) }), true);
  }
}

function open(text, name, data = null) {
  try {
    ed.model = fromRaw(data && typeof data === "object" ? data : readToml(text));
  } catch (err) {
    say(t("ete.bad_file", { why: err.message }), true);
    return false;
  }
  ed.sel = null;
  ed.refresh();
  say(t("ete.loaded", { name }));
  return true;
}

async function load() {
  const name = $("ete-pick").value;
  if (!name) return;
  try {
    const entry = await library.get(KIND, name);
    const label = tx(entry.label) || name;
    if (open(entry.text, label, entry.data) && entry.mine) $("ete-save-name").value = name;
  } catch (err) {
    say(t("ete.refused", { text: refusalText(err, t) }), true);
  }
}

async function save() {
  const name = $("ete-save-name").value.trim();
  if (!NAME.test(name)) {
    say(t("ete.bad_name"), true);
    $("ete-save-name").focus();
    return;
  }
  try {
    await library.save(KIND, name, toToml(ed.model));
    say(t("ete.saved", { name }));
    await fillLibrary(name);
  } catch (err) {
    say(t("ete.refused", { text: refusalText(err, t) }), true);
  }
}

function downloadToml() {
  const name = $("ete-save-name").value.trim();
  downloadText(`${NAME.test(name) ? name : "table"}.toml`, toToml(ed.model));
}

async function upload(input) {
  const file = input.files?.[0];
  input.value = "";
  if (!file) return;
  let text;
  try {
    text = await readTextFile(file, t);
  } catch (err) {
    say(t("ete.bad_file", { why: err.message }), true);
    return;
  }
  // the server checks the file at once (rules TABLE-1..7), before it is drawn
  try {
    const checked = await library.check(KIND, text);
    open(text, file.name, checked?.data);
  } catch (err) {
    if (err?.status === 404 || err?.status === 405) open(text, file.name);
    else say(t("ete.refused", { text: refusalText(err, t) }), true);
  }
}

// --- start -----------------------------------------------------------------------------

function texts() {
  checkedText = null;
  applyStatic();
  document.title = t("ete.title");
  drawAddButtons();
  ed.refresh();
}

export function start() {
  ed.board = new EditorBoard($("ete-board"), ed);
  mountLangSwitch($("lang"));
  // on a phone the pieces are a few pixels wide: their list of buttons shows at once
  if (window.matchMedia("(max-width: 700px)").matches) document.querySelector(".ete-items-box").open = true;
  $("ete-name-fr").addEventListener("input", (e) => (ed.model.name_fr = e.target.value.slice(0, 60)));
  $("ete-name-en").addEventListener("input", (e) => (ed.model.name_en = e.target.value.slice(0, 60)));
  for (const id of ["ete-width", "ete-height"]) {
    $(id).addEventListener("change", () => {
      setSize(ed.model, Number($("ete-width").value) || ed.model.width, Number($("ete-height").value) || ed.model.height);
      ed.refresh();
    });
  }
  $("ete-load").addEventListener("click", load);
  $("ete-save").addEventListener("click", save);
  $("ete-download").addEventListener("click", downloadToml);
  $("ete-file").addEventListener("change", (e) => upload(e.target));
  $("ete-upload").addEventListener("click", () => $("ete-file").click());
  window.addEventListener("langchange", texts);
  texts();
  fillLibrary("default").then(() => {
    $("ete-pick").value = "default";
    load();
  });
  document.documentElement.lang = lang();
}
