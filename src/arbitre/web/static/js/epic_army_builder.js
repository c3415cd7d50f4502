// The Epic army builder (/editor/epic-army; issue 16, docs/epic.md "Army builder"): pick a
// list (GET /api/epic/armies), start empty or from a ready-made army, add and remove cards,
// choose options and where Bound Characters go; the server checks the army as it changes
// (POST /api/epic/armies/check, debounced: the points and every problem with its rule);
// save it by name in the library (epic.army), download it as TOML, open a file, share a
// link. `?army=NAME` opens a saved army (or a ready-made one, `list@points`).

import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { applyStatic, lang, mountLangSwitch, t, tx } from "./i18n.js";
import { NAME, downloadText, entryText, library, readTextFile, refusalText } from "./library.js";
import "./epic_army_builder_strings.js";
import { renderCatalogue, renderTaken } from "./epic_army_builder_cards.js";
import { addCard, armyFrom, armyText, blankArmy, cardsById, pointsOf, removeCard, toggleOption } from "./epic_army_builder_model.js";

const KIND = "epic.army";
const $ = (sel) => document.querySelector(sel);
const eab = { open: new Set(), lists: [], full: {}, army: null, result: null, error: null, seq: 0, timer: null, entries: [], savedName: null, note: null };

const lst = () => eab.full[eab.army.list];

async function fullList(id) {
  if (!eab.full[id]) eab.full[id] = await api("GET", `/api/epic/armies/${encodeURIComponent(id)}`);
  return eab.full[id];
}

// --- checking: the server is the authority ---------------------------------------------------

function changed() {
  eab.seq += 1; // an answer on the army as it was is stale now
  eab.result = null;
  eab.error = null;
  document.body.dataset.check = "pending";
  renderStatus();
  clearTimeout(eab.timer);
  eab.timer = setTimeout(check, 300);
}

async function check() {
  const seq = ++eab.seq;
  try {
    const answer = await api("POST", "/api/epic/armies/check", { text: armyText(eab.army) });
    if (seq !== eab.seq) return;
    eab.result = answer;
  } catch (err) {
    if (seq !== eab.seq) return;
    eab.error = err;
  }
  renderAll();
  document.body.dataset.check = eab.error ? "error" : eab.result.legal ? "legal" : "illegal";
}

// --- rendering -----------------------------------------------------------------------------------

function renderStatus() {
  const status = $("#eab-status");
  const limit = eab.army.points;
  const r = eab.result;
  const fill = $("#eab-bar-fill");
  status.classList.remove("good", "bad");
  if (eab.error) {
    status.textContent = t("eab.unreadable", { text: refusalText(eab.error, t) });
    status.classList.add("bad");
    fill.style.width = "0%";
    return;
  }
  if (!r) {
    status.textContent = `${t("eab.total.none", { limit })} — ${t("eab.checking")}`;
    return;
  }
  const left = r.limit - r.points;
  const total = t("eab.total", { total: r.points, limit: r.limit });
  const room = left >= 0 ? t("eab.left", { n: left }) : t("eab.over", { n: -left });
  const verdict = r.legal ? t("eab.legal") : t("eab.illegal", { n: r.problems.length, first: tx(r.problems[0].text) });
  status.textContent = `${total} (${room}) — ${verdict}`;
  status.classList.add(r.legal ? "good" : "bad");
  fill.style.width = `${Math.min(100, (100 * r.points) / Math.max(1, r.limit))}%`;
  fill.classList.toggle("over", left < 0);
}

function focusCard(n) {
  const el = document.getElementById(`eab-taken-${n}`);
  if (!el) return;
  el.scrollIntoView({ block: "nearest" });
  el.focus();
}

function renderProblems() {
  const list = eab.result?.problems || [];
  $("#eab-problems-box").hidden = !list.length;
  clear($("#eab-problems")).append(
    ...list.map((p) =>
      h(
        "li",
        { dataset: { rule: p.rule } },
        h("span", {}, tx(p.text)),
        p.card ? h("button", { type: "button", class: "eab-goto", onclick: () => focusCard(p.card) }, t("eab.problem.card", { n: p.card })) : null,
      ),
    ),
  );
}

const on = {
  isOpen: (n) => eab.open.has(n),
  opened(n, value) {
    if (value) eab.open.add(n);
    else eab.open.delete(n);
  },
  option(n, id, value) {
    toggleOption(eab.army.cards[n - 1], id, value);
    renderTakenList();
    changed();
  },
  attach(n, value) {
    const taken = eab.army.cards[n - 1];
    taken.attach = value;
    taken.detachment = null;
    renderTakenList();
    changed();
    document.getElementById(`eab-attach-${n}`)?.focus();
  },
  detachment(n, value) {
    eab.army.cards[n - 1].detachment = value;
    changed();
  },
  remove(n) {
    const card = cardsById(lst())[eab.army.cards[n - 1].card];
    removeCard(eab.army, n);
    // the cards after it move down one: so do their open units
    eab.open = new Set([...eab.open].filter((k) => k !== n).map((k) => (k > n ? k - 1 : k)));
    note("eab.removed", { card: tx(card?.name) });
    renderTakenList();
    changed();
    const next = Math.min(n, eab.army.cards.length);
    if (next) document.querySelector(`#eab-taken-${next} .eab-remove`)?.focus();
    else $("#eab-catalogue .eab-add")?.focus();
  },
};

function renderTakenList() {
  const problems = eab.result?.problems || [];
  const active = document.activeElement;
  const focused = active && $("#eab-taken").contains(active) ? active.id : null;
  renderTaken($("#eab-taken"), eab.army, lst(), problems, on);
  if (focused) document.getElementById(focused)?.focus(); // a redraw keeps the place
  $("#eab-taken-title").textContent = t("eab.taken", { n: eab.army.cards.length });
  $("#eab-taken-none").hidden = eab.army.cards.length > 0;
}

function renderAll() {
  renderStatus();
  renderProblems();
  renderTakenList();
}

function renderLists() {
  clear($("#eab-list")).append(...eab.lists.map((l) => h("option", { value: l.id }, tx(l.name))));
  $("#eab-list").value = eab.army?.list || eab.lists[0]?.id || "";
}

function renderStarts() {
  const select = $("#eab-start");
  const chosen = select.value;
  const ready = lst().ready_made.map((r) => h("option", { value: String(r.points) }, t("eab.start.ready", { points: r.points, name: tx(r.name) })));
  clear(select).append(h("option", { value: "" }, t("eab.start.empty")), ...ready);
  select.value = [...select.options].some((o) => o.value === chosen) ? chosen : "";
}

function renderForm() {
  renderLists();
  renderStarts();
  $("#eab-points").value = String(eab.army.points);
  $("#eab-name").value = eab.army.name;
  renderCatalogue($("#eab-catalogue"), lst(), add);
  renderAll();
}

/** A short word on what just happened, in the file status (a live region). */
function note(key, args = {}, bad = false) {
  eab.note = key ? [key, args, bad] : null;
  const el = $("#eab-file-status");
  el.textContent = key ? t(key, args) : "";
  el.classList.toggle("alert", bad);
}

function noteText(text, bad = false) {
  eab.note = null;
  const el = $("#eab-file-status");
  el.textContent = text;
  el.classList.toggle("alert", bad);
}

// --- editing ---------------------------------------------------------------------------------------

function add(cardId) {
  const n = addCard(eab.army, lst(), cardId);
  if (!n) return;
  note("eab.added", { card: tx(cardsById(lst())[cardId].name), n });
  renderTakenList();
  changed();
}

async function useArmy(army) {
  await fullList(army.list);
  eab.army = army;
  eab.open = new Set();
  renderForm();
  changed();
}

async function changeList(id) {
  await fullList(id);
  const points = eab.army?.points ?? 2000;
  await useArmy(blankArmy(id, points));
  note("eab.list.changed", { list: tx(lst().name) });
}

async function startFrom(value) {
  if (!value) {
    await useArmy(blankArmy(eab.army.list, eab.army.points));
    note("eab.started.empty");
    return;
  }
  const ready = lst().ready_made.find((r) => String(r.points) === value);
  if (!ready) return;
  const name = tx(ready.name);
  await useArmy(armyFrom({ list: eab.army.list, name, points: ready.points, cards: ready.cards }));
  $("#eab-start").value = value;
  note("eab.started.ready", { name, points: ready.points });
}

// --- the library, files and links ------------------------------------------------------------

function shareLink(name) {
  return `${location.origin}/editor/epic-army?army=${encodeURIComponent(name)}`;
}

function renderShare() {
  const name = eab.savedName;
  $("#eab-share-link").value = name ? shareLink(name) : "";
  $("#eab-copy").disabled = !name;
  $("#eab-share-help").textContent = name ? t("eab.share.help") : t("eab.share.none");
}

/** A library entry in words; a ready-made army (`list@points`) by the list's data. */
function savedText(entry) {
  const [listId, level] = entry.name.split("@");
  const ready = eab.lists.find((l) => l.id === listId)?.ready_made.find((r) => String(r.points) === level);
  if (level === undefined || !ready) return entryText(entry, t);
  const list = tx(eab.lists.find((l) => l.id === listId).name);
  return `${list} · ${t("eab.start.ready", { points: ready.points, name: tx(ready.name) })} (${t("lib.origin.builtin")})`;
}

function renderSaved(selected) {
  const select = $("#eab-saved");
  const chosen = selected ?? select.value;
  clear(select).append(...eab.entries.map((e) => h("option", { value: e.name }, savedText(e))));
  if (!eab.entries.length) select.append(h("option", { value: "" }, t("eab.saved.none")));
  if ([...select.options].some((o) => o.value === chosen)) select.value = chosen;
  $("#eab-delete").hidden = !eab.entries.find((e) => e.name === select.value)?.mine;
}

async function refreshSaved(selected) {
  eab.entries = await library.list(KIND);
  renderSaved(selected);
}

/** Open a library entry: a ready-made army (`list@points`) from the list's data, any other
 * through the library; someone else's entry opens without a name (copy it under yours). */
async function openEntry(name) {
  if (!name) return;
  try {
    const [listId, level] = name.split("@");
    if (level !== undefined) {
      await fullList(listId);
      const ready = eab.full[listId].ready_made.find((r) => String(r.points) === level);
      if (!ready) throw new Error(name);
      await useArmy(armyFrom({ list: listId, name: tx(ready.name), points: ready.points, cards: ready.cards }));
      eab.savedName = null;
      $("#eab-lib-name").value = "";
      note("eab.loaded.other", { name: tx(ready.name) });
    } else {
      const entry = await library.get(KIND, name);
      const checked = await api("POST", "/api/epic/armies/check", { text: entry.text });
      await useArmy(armyFrom(checked.army));
      eab.savedName = name; // its link opens it, for its author and for others
      $("#eab-lib-name").value = entry.mine ? name : "";
      note(entry.mine ? "eab.loaded" : "eab.loaded.other", { name });
    }
    renderSaved(name);
    renderShare();
  } catch (err) {
    noteText(refusalText(err, t), true);
  }
}

async function save(event) {
  event.preventDefault();
  const name = $("#eab-lib-name").value.trim();
  if (!NAME.test(name)) {
    noteText(t("lib.bad_name"), true);
    $("#eab-lib-name").setAttribute("aria-invalid", "true");
    $("#eab-lib-name").focus();
    return;
  }
  $("#eab-lib-name").removeAttribute("aria-invalid");
  try {
    await library.save(KIND, name, armyText(eab.army));
    eab.savedName = name;
    await refreshSaved(name);
    renderShare();
    note("lib.saved", { name });
    history.replaceState(null, "", `/editor/epic-army?army=${encodeURIComponent(name)}`);
  } catch (err) {
    noteText(refusalText(err, t), true);
  }
}

async function remove() {
  const name = $("#eab-saved").value;
  try {
    await library.remove(KIND, name);
    if (eab.savedName === name) eab.savedName = null;
    note("lib.deleted", { name });
    await refreshSaved("");
    renderShare();
  } catch (err) {
    noteText(refusalText(err, t), true);
  }
}

async function upload(event) {
  const file = event.target.files?.[0];
  event.target.value = "";
  if (!file) return;
  try {
    const text = await readTextFile(file, t);
    const checked = await api("POST", "/api/epic/armies/check", { text });
    await useArmy(armyFrom(checked.army));
    const stem = file.name.replace(/\.(toml|json)$/i, "").toLowerCase();
    if (!$("#eab-lib-name").value && NAME.test(stem)) $("#eab-lib-name").value = stem;
    note("eab.opened", { name: file.name });
  } catch (err) {
    noteText(`${file.name} — ${refusalText(err, t)}`, true);
  }
}

async function copyLink() {
  const link = $("#eab-share-link").value;
  if (!link) return;
  try {
    await navigator.clipboard.writeText(link);
    note("eab.copied");
  } catch (err) {
    $("#eab-share-link").select();
    note("eab.copy.failed", {}, true);
  }
}

function rerender() {
  applyStatic();
  document.title = t("eab.page_title");
  renderForm();
  renderSaved();
  renderShare();
  if (eab.note) note(...eab.note);
}

export async function start() {
  applyStatic();
  document.title = t("eab.page_title");
  mountLangSwitch($("#lang"));
  try {
    eab.lists = (await api("GET", "/api/epic/armies")).lists;
  } catch (err) {
    noteText(refusalText(err, t), true);
    return;
  }
  const params = new URLSearchParams(location.search);
  const wantedList = eab.lists.some((l) => l.id === params.get("list")) ? params.get("list") : eab.lists[0].id;
  await useArmy(blankArmy(wantedList, 2000));
  $("#eab-list").addEventListener("change", (e) => changeList(e.target.value));
  $("#eab-points").addEventListener("input", (e) => {
    eab.army.points = pointsOf(e.target.value);
    changed();
  });
  $("#eab-name").addEventListener("input", (e) => {
    eab.army.name = e.target.value;
    changed();
  });
  $("#eab-start-apply").addEventListener("click", () => startFrom($("#eab-start").value));
  $("#eab-saved").addEventListener("change", () => renderSaved());
  $("#eab-open").addEventListener("click", () => openEntry($("#eab-saved").value));
  $("#eab-delete").addEventListener("click", remove);
  $("#eab-save-form").addEventListener("submit", save);
  $("#eab-lib-name").addEventListener("input", () => $("#eab-lib-name").removeAttribute("aria-invalid"));
  $("#eab-download").addEventListener("click", () => downloadText(`${$("#eab-lib-name").value.trim() || eab.army.list}.toml`, armyText(eab.army)));
  $("#eab-upload").addEventListener("change", upload);
  $("#eab-copy").addEventListener("click", copyLink);
  window.addEventListener("langchange", rerender);
  try {
    await refreshSaved(params.get("army"));
  } catch (err) {
    noteText(refusalText(err, t), true);
  }
  renderShare();
  if (params.get("army")) await openEntry(params.get("army"));
  document.body.dataset.lang = lang();
  document.body.dataset.ready = "1";
}
