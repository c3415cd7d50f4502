// The options of a new game in the lobby's form: each option by its name in the page's
// language, with its help and its rule ID in small print; choices as menus whose entries
// are words (scenarios and battlefields by name, one hero menu per player), yes/no options
// as checkboxes. The options a new player needs are in view; the others are folded in
// "Options avancées", grouped. A value changed from its default is marked and can be reset;
// a value the server refuses (422) is shown next to its field.

import { clear, h } from "./dom.js";
import { addStrings, lang, t, tx } from "./i18n.js";

addStrings({
  fr: {
    "lobbyopt.advanced": "Options avancées",
    "lobbyopt.advanced.help": "Les lectures des règles retenues par défaut conviennent à une première partie.",
    "lobbyopt.changed": "{n} {n -> [one] modifiée [other] modifiées}",
    "lobbyopt.changed.mark": "modifiée",
    "lobbyopt.reset": "Rétablir",
    "lobbyopt.reset.label": "Rétablir la valeur par défaut de « {label} » : {value}",
    "lobbyopt.reset_all": "Tout rétablir",
    "lobbyopt.default_plain": "par défaut",
    "lobbyopt.yes": "oui",
    "lobbyopt.no": "non",
    "lobbyopt.empty": "vide : {v}",
    "lobbyopt.player": "Joueur {n}",
    "lobbyopt.rule": "règle {rule}",
    "lobbyopt.compendium": "Compendium : unités, héros, cartes et règles",
  },
  en: {
    "lobbyopt.advanced": "Advanced options",
    "lobbyopt.advanced.help": "The rule readings chosen by default suit a first game.",
    "lobbyopt.changed": "{n} changed",
    "lobbyopt.changed.mark": "changed",
    "lobbyopt.reset": "Reset",
    "lobbyopt.reset.label": "Reset “{label}” to its default: {value}",
    "lobbyopt.reset_all": "Reset all",
    "lobbyopt.default_plain": "default",
    "lobbyopt.yes": "yes",
    "lobbyopt.no": "no",
    "lobbyopt.empty": "empty: {v}",
    "lobbyopt.player": "Player {n}",
    "lobbyopt.rule": "rule {rule}",
    "lobbyopt.compendium": "Compendium: units, heroes, cards and rules",
  },
});

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of the form now shown: key → {option, read(), write(value), row}. */
let fields = new Map();
let onChange = () => {};
const openSections = new Set(); // "ruleset:group" of the sections unfolded (kept on a language switch)

// --- values in words ----------------------------------------------------------------------

/** A value of `option` in words: its own name, a game content name, oui/non, a number. */
export function valueText(option, value) {
  const named = (option.value_labels || []).find((v) => same(v.value, value));
  if (named) return tx(named.label);
  const suggested = (option.suggestions || []).find((s) => s.value === value);
  if (suggested) return tx(suggested.label);
  if (value === true) return t("lobbyopt.yes");
  if (value === false) return t("lobbyopt.no");
  if (value === null || value === undefined) return t("lobbyopt.default_plain");
  if (Array.isArray(value)) return value.map((v) => valueText(option, v)).join(", ");
  if (typeof value === "number") return value.toLocaleString(lang() === "fr" ? "fr-FR" : "en-GB");
  return String(value);
}

function labelOf(option) {
  return tx(option.label) || option.key;
}

// --- one field per option -----------------------------------------------------------------

const isYesNo = (o) => Array.isArray(o.choices) && o.choices.length === 2 && o.choices.every((c) => typeof c === "boolean");

function selectOf(id, entries, selected) {
  const select = h("select", { id });
  entries.forEach(([value, text], i) => select.append(h("option", { value: String(i), selected: same(value, selected) }, text)));
  return {
    el: select,
    read: () => entries[Number(select.value)]?.[0],
    write: (v) => {
      const i = entries.findIndex(([value]) => same(value, v));
      select.value = String(i < 0 ? 0 : i);
    },
  };
}

/** The menu entries of a free option with known values (scenarios, battlefields, packs
 * installed by the operator): by name; the default comes first when it is not one of them. */
function suggestedEntries(option) {
  const entries = (option.suggestions || []).map((s) => [s.value, tx(s.label)]);
  const none = (option.value_labels || []).find((v) => v.value === null);
  if (option.nullable && none) entries.unshift([null, tx(none.label)]);
  // a scenario left unset is the content's first one: that entry stands for "unset"
  else if (option.default === null && entries.length) entries[0] = [null, entries[0][1]];
  else if (!entries.some(([v]) => same(v, option.default))) entries.unshift([option.default, valueText(option, option.default)]);
  return entries;
}

/** One menu per player for a list option of known items (Champs: each player's hero). */
function listMenus(option, id) {
  const box = h("div", { class: "list-menus", id, role: "group" });
  const menus = [];
  const count = () => {
    const players = fields.get("players")?.read();
    return Math.min(option.max_items || 4, Number.isInteger(players) ? players : option.default.length);
  };
  const build = (values) => {
    clear(box);
    menus.length = 0;
    for (let i = 0; i < count(); i++) {
      const entries = option.items.map((item) => [item, valueText(option, item)]);
      const menu = selectOf(`${id}-${i}`, entries, values[i] ?? option.default[i] ?? option.items[0]);
      menu.el.addEventListener("change", () => changedNow(option.key));
      menus.push(menu);
      box.append(h("label", { class: "list-item" }, h("span", {}, t("lobbyopt.player", { n: i + 1 })), menu.el));
    }
  };
  build(option.default);
  return {
    el: box,
    read: () => menus.map((m) => m.read()),
    write: (v) => build(Array.isArray(v) ? v : option.default),
    resize: () => build(menus.map((m) => m.read())),
    initial: () => option.default.slice(0, count()),
  };
}

function freeInput(option, id) {
  const number = option.type === "int" || option.type === "float";
  const none = (option.value_labels || []).find((v) => v.value === null);
  const attrs = { id, type: number ? "number" : "text", inputmode: number ? (option.type === "int" ? "numeric" : "decimal") : null };
  if (number) Object.assign(attrs, { min: option.lo, max: option.hi, step: option.type === "int" ? 1 : "any" });
  if (option.nullable) attrs.placeholder = t("lobbyopt.empty", { v: none ? tx(none.label) : t("lobbyopt.default_plain") });
  const input = h("input", attrs);
  const write = (v) => {
    input.value = v === null || v === undefined ? "" : Array.isArray(v) ? v.join(", ") : String(v);
  };
  write(option.default);
  return {
    el: input,
    read: () => {
      const raw = input.value.trim();
      if (raw === "") return option.nullable ? null : option.default;
      if (number) return Number(raw.replace(",", "."));
      if (option.type === "list") return raw.split(",").map((x) => x.trim()).filter(Boolean);
      return raw;
    },
    write,
  };
}

function fieldOf(option) {
  const id = `opt-${option.key}`;
  if (isYesNo(option)) {
    const box = h("input", { id, type: "checkbox", checked: option.default === true });
    return { el: box, read: () => box.checked, write: (v) => (box.checked = v === true), check: true };
  }
  if (Array.isArray(option.choices)) return selectOf(id, option.choices.map((c) => [c, valueText(option, c)]), option.default);
  if (option.suggestions?.length || option.resource) return selectOf(id, suggestedEntries(option), option.default);
  if (option.type === "list" && Array.isArray(option.items)) return listMenus(option, id);
  return freeInput(option, id);
}

function helpLine(option) {
  const help = tx(option.help);
  const plain = (text) => text.toLocaleLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  return h(
    "div",
    { class: "help", id: `help-${option.key}` },
    plain(help) === plain(labelOf(option)) ? null : help,
    option.rule ? [" ", h("small", { class: "rule-id", title: t("lobbyopt.rule", { rule: option.rule }) }, option.rule)] : null
  );
}

function optionRow(option) {
  const field = fieldOf(option);
  const id = `opt-${option.key}`;
  const initial = () => (field.initial ? field.initial() : option.default);
  const reset = h("button", { type: "button", class: "reset", hidden: true }, t("lobbyopt.reset"));
  const mark = h("span", { class: "changed-mark", hidden: true }, t("lobbyopt.changed.mark"));
  const error = h("p", { class: "field-error alert", role: "alert", hidden: true });
  const name = labelOf(option);
  const menus = field.el.tagName === "DIV"; // a group of menus, named by aria-labelledby
  let row;
  if (field.check) {
    const control = h("div", { class: "opt-control" }, h("label", { class: "check", for: id }, field.el, h("span", {}, name), mark), reset);
    field.el.setAttribute("aria-describedby", `help-${option.key}`);
    row = h("div", { class: "form-row opt-row opt-check", "data-option": option.key }, control, helpLine(option), error);
  } else {
    const title = h(menus ? "span" : "label", { class: "opt-label", for: menus ? null : id, id: `label-${option.key}` }, name, mark);
    if (menus) field.el.setAttribute("aria-labelledby", `label-${option.key}`);
    else field.el.setAttribute("aria-describedby", `help-${option.key}`);
    row = h("div", { class: "form-row opt-row", "data-option": option.key }, title, h("div", { class: "opt-control" }, field.el, reset), helpLine(option), error);
  }
  const entry = { option, row, error, read: field.read, write: field.write, initial, resize: field.resize };
  entry.changed = () => !same(field.read(), initial());
  entry.refresh = () => {
    const changed = entry.changed();
    row.classList.toggle("changed", changed);
    mark.hidden = !changed;
    reset.hidden = !changed;
    reset.setAttribute("aria-label", t("lobbyopt.reset.label", { label: name, value: valueText(option, initial()) }));
  };
  reset.addEventListener("click", () => {
    field.write(initial());
    changedNow(option.key);
    (menus ? field.el.querySelector("select") : field.el)?.focus();
  });
  const changed = () => changedNow(option.key);
  if (!menus) {
    field.el.addEventListener("change", changed);
    if (field.el.tagName === "INPUT" && !field.check) field.el.addEventListener("input", () => entry.refresh());
  }
  return entry;
}

function changedNow(key) {
  const entry = fields.get(key);
  if (entry) {
    entry.error.hidden = true;
    entry.refresh();
  }
  if (key === "players") fields.get("heroes")?.resize?.();
  fields.get("heroes")?.refresh();
  refreshCounts();
  onChange(key);
}

const changedText = (n) => (n ? ` · ${t("lobbyopt.changed", { n })}` : "");

function refreshCounts() {
  for (const details of document.querySelectorAll("#options details[data-group]")) {
    const n = [...fields.values()].filter((f) => f.row.closest("details") === details && f.changed()).length;
    const count = details.querySelector(":scope > summary .count");
    if (count) count.textContent = changedText(n);
  }
  const all = document.querySelector("#options details.advanced");
  if (all) {
    const n = [...fields.values()].filter((f) => f.option.group && f.changed()).length;
    all.querySelector(":scope > summary .count").textContent = changedText(n);
    all.querySelector(".reset-all").hidden = n === 0;
  }
}

// --- the whole form -----------------------------------------------------------------------

/** Build the options of ruleset `r` in `box`; `changed(key)` is called after each change. */
export function renderOptions(box, r, changed) {
  onChange = changed || (() => {});
  fields = new Map();
  clear(box);
  if (!r) return;
  const options = r.options || [];
  for (const option of options) fields.set(option.key, null);
  // fields are made in order: the hero menus read the players' count
  for (const option of options) fields.set(option.key, optionRow(option));
  for (const option of options.filter((o) => !o.group)) box.append(fields.get(option.key).row);
  const groups = new Map();
  for (const option of options.filter((o) => o.group)) {
    if (!groups.has(option.group)) groups.set(option.group, { label: option.group_label, rows: [] });
    groups.get(option.group).rows.push(fields.get(option.key).row);
  }
  if (groups.size) {
    const resetAll = h("button", { type: "button", class: "reset-all", hidden: true }, t("lobbyopt.reset_all"));
    resetAll.addEventListener("click", () => {
      for (const f of fields.values()) if (f.option.group && f.changed()) f.write(f.initial());
      for (const f of fields.values()) f.refresh();
      refreshCounts();
      onChange(null);
    });
    const keep = (details, name) => {
      details.open = openSections.has(name);
      details.addEventListener("toggle", () => (details.open ? openSections.add(name) : openSections.delete(name)));
      return details;
    };
    const sections = [...groups.entries()].map(([group, g]) =>
      keep(
        h("details", { class: "opt-group", "data-group": group }, h("summary", {}, h("span", {}, tx(g.label) || group), h("span", { class: "count" })), h("div", { class: "opt-rows" }, g.rows)),
        `${r.id}:${group}`
      )
    );
    const advanced = h(
      "details",
      { class: "advanced", id: "advanced-options" },
      h("summary", {}, h("span", {}, t("lobbyopt.advanced")), h("span", { class: "count" })),
      h("p", { class: "help advanced-help" }, t("lobbyopt.advanced.help"), " ", resetAll),
      sections
    );
    box.append(keep(advanced, `${r.id}:`));
  }
  for (const f of fields.values()) f.refresh();
  refreshCounts();
}

/** The options changed from their defaults, typed as the server expects them. */
export function readConfig() {
  const config = {};
  for (const [key, f] of fields) {
    if (f && f.changed()) config[key] = f.read();
  }
  return config;
}

/** Every field's value (kept across a language switch, which rebuilds the form). */
export function snapshot() {
  return Object.fromEntries([...fields].map(([key, f]) => [key, f.read()]));
}

export function restore(values) {
  // the players' count first: the hero menus follow it
  const keys = Object.keys(values).sort((a, b) => (a === "players" ? -1 : b === "players" ? 1 : 0));
  for (const key of keys) {
    const f = fields.get(key);
    if (!f) continue;
    f.write(values[key]);
    if (key === "players") fields.get("heroes")?.resize?.();
  }
  for (const f of fields.values()) f.refresh();
  refreshCounts();
}

/** Show a refusal next to the field it names (unfolding its section); false if none. */
export function showFieldError(key, text) {
  for (const f of fields.values()) f.error.hidden = true;
  const f = key ? fields.get(key) : null;
  if (!f) return false;
  // the server names the option by its key: here it is named as the form shows it
  const name = labelOf(f.option);
  const quoted = lang() === "fr" ? `« ${name} »` : `“${name}”`;
  f.error.textContent = text.split(`« ${key} »`).join(quoted).split(`'${key}'`).join(quoted).split(key).join(quoted);
  f.error.hidden = false;
  for (let d = f.row.closest("details"); d; d = d.parentElement?.closest("details")) d.open = true;
  f.row.scrollIntoView({ block: "center" });
  f.row.querySelector("input, select")?.focus({ preventScroll: true });
  return true;
}

export function clearFieldErrors() {
  for (const f of fields.values()) if (f) f.error.hidden = true;
}

/** Links shown under the game's menu (Heresy: its compendium page). */
export function rulesetLinks(box, r) {
  clear(box);
  if (r?.id === "heresy") box.append(h("a", { href: "/compendium/heresy", class: "compendium-link" }, t("lobbyopt.compendium")));
  box.hidden = !box.firstChild;
}
