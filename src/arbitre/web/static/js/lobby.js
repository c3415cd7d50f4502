// The lobby (/): create a game (ruleset, options, each seat human or AI, played on this
// screen or online), its secret links and invites, my games (the tokens this browser holds,
// asked of POST /api/games/mine), the open games strangers may join, open a record to replay.

import { ApiError, api, deleteGame, gameLink, inviteLink, joinGame, tokens } from "./api.js";
import { clear, h } from "./dom.js";
import { addStrings, agentText, applyStatic, lang, mountLangSwitch, t, tx } from "./i18n.js";
import { clockBody, mountClock } from "./lobby_clock.js";
import { mountTurns, paceFields } from "./lobby_turns.js";
import { clearFieldErrors, readConfig, renderOptions as renderOptionForm, restore, rulesetLinks, showFieldError, snapshot } from "./lobby_options.js";

const $ = (sel) => document.querySelector(sel);

// the links to the editors (index.html, #editor-links)
addStrings({
  fr: { "lobby.editor.champs": "Dessiner un champ de bataille (Champs de Bataille)", "lobby.editor.epicArmy": "Construire une armée (Epic)" },
  en: { "lobby.editor.champs": "Draw a battlefield (Champs de Bataille)", "lobby.editor.epicArmy": "Build an army (Epic)" },
});

const lobby = { rulesets: [], seats: [], seatsAsked: 0, seatChoice: {}, mine: [], open: [], created: null, creatorSeat: null };

function errorText(err) {
  if (err instanceof ApiError && err.text) return tx(err.text);
  return err?.message || String(err);
}

function current() {
  return lobby.rulesets.find((r) => r.id === $("#ruleset").value) || lobby.rulesets[0];
}

function renderOptions() {
  const r = current();
  renderOptionForm($("#options"), r, refreshSeats);
  rulesetLinks($("#ruleset-links"), r);
  // each editor's link shows with its game (id="editor-<game>[-…]"), the line when one does
  const links = [...document.querySelectorAll("#editor-links a")];
  for (const a of links) a.hidden = !a.id.startsWith(`editor-${r?.id}`);
  $("#editor-links").hidden = links.every((a) => a.hidden);
}

/** A refusal: next to the option it names when it names one, else under the form. */
function showError(err) {
  const error = $("#form-error");
  const field = err instanceof ApiError ? err.text?.field : null;
  if (showFieldError(field, errorText(err))) {
    error.hidden = true;
    return;
  }
  error.textContent = errorText(err);
  error.hidden = false;
}

// --- seats --------------------------------------------------------------------------------

function defaultChoice(r, seat) {
  const agents = r.agents || [];
  if (seat === "mj" && agents.includes("mj")) return "ai:mj";
  return "human";
}

async function refreshSeats() {
  const r = current();
  if (!r) return;
  $("#form-error").hidden = true;
  clearFieldErrors();
  const asked = ++lobby.seatsAsked; // only the answer to the latest ask counts
  try {
    const data = await api("POST", "/api/seats", { ruleset: r.id, config: readConfig() });
    if (asked !== lobby.seatsAsked) return;
    lobby.seats = data.seats.map((name, i) => ({ name, label: data.seat_labels?.[i] || name }));
  } catch (err) {
    if (asked !== lobby.seatsAsked) return;
    showError(err);
    lobby.seats = (r.seats || []).map((name, i) => ({ name, label: r.seat_labels?.[i] || name }));
  }
  renderSeats();
}

function renderSeats() {
  const r = current();
  const box = $("#seats");
  clear(box);
  lobby.seats.forEach((seat, i) => {
    const key = `${r.id}:${seat.name}`;
    const chosen = lobby.seatChoice[key] || defaultChoice(r, seat.name);
    const select = h("select", { id: `seat-${i}`, "data-seat": i });
    select.append(h("option", { value: "human", selected: chosen === "human" }, t("lobby.seat.human")));
    for (const agent of r.agents || []) {
      select.append(h("option", { value: `ai:${agent}`, selected: chosen === `ai:${agent}` }, agentText(agent, r.id)));
    }
    select.addEventListener("change", () => {
      lobby.seatChoice[key] = select.value;
      renderCreatorSeat();
    });
    box.append(h("div", { class: "form-row" }, h("label", { for: `seat-${i}` }, tx(seat.label)), select));
  });
  renderCreatorSeat();
}

// --- how the game is played ---------------------------------------------------------------

function mode() {
  return document.querySelector("input[name=mode]:checked")?.value || "hotseat";
}

/** Online: which human seat the creator plays (by its name), or none (host only). */
function renderCreatorSeat() {
  const select = $("#creator-seat");
  const kept = lobby.creatorSeat;
  clear(select);
  const humans = [...document.querySelectorAll("#seats select")].filter((sel) => sel.value === "human").map((sel) => Number(sel.dataset.seat));
  for (const n of humans) select.append(h("option", { value: String(n) }, tx(lobby.seats[n]?.label)));
  select.append(h("option", { value: "" }, t("lobby.creator.none")));
  if (kept !== null && (kept === "" || humans.includes(Number(kept)))) select.value = kept;
  else select.value = humans.length ? String(humans[0]) : "";
  $("#online-options").hidden = mode() !== "online";
}

// --- create -------------------------------------------------------------------------------

async function create(event) {
  event.preventDefault();
  const r = current();
  $("#form-error").hidden = true;
  clearFieldErrors();
  const seats = [...document.querySelectorAll("#seats select")].map((sel) =>
    sel.value === "human" ? { kind: "human" } : { kind: "ai", agent: sel.value.slice(3) }
  );
  const how = mode();
  const body = { ruleset: r.id, mode: how, config: readConfig(), seats };
  if (how === "online") {
    const creator = $("#creator-seat").value;
    body.creator_seat = creator === "" ? null : Number(creator);
    body.listed = $("#listed").checked;
    Object.assign(body, clockBody()); // `clock`, `timeout` (js/lobby_clock.js)
    Object.assign(body, paceFields()); // `pace`: live | turn (js/lobby_turns.js)
  }
  const seed = $("#seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  $("#create").disabled = true;
  try {
    const game = await api("POST", "/api/games", body);
    remember(game, r.id);
    lobby.created = { game, labels: lobby.seats.map((x) => x.label) };
    renderCreated();
    await refreshGames();
    $("#created").scrollIntoView({ block: "nearest" });
  } catch (err) {
    showError(err);
  } finally {
    $("#create").disabled = false;
  }
}

/** Keep this browser's tokens: hotseat, the table and every human seat (one screen);
 * online, the host link, the creator's own seat and the invite codes (never another
 * person's seat token: those are made when each friend claims an invite). */
function remember(game, ruleset) {
  if (game.mode === "online") {
    const seats = game.seat ? { [String(game.seat.seat)]: game.seat.token } : {};
    const invites = Object.fromEntries((game.invites || []).map((x) => [String(x.seat), x.code]));
    tokens.merge(game.id, { mode: "online", host: game.host, spectator: game.spectator, seats, invites, ruleset });
    return;
  }
  const seats = Object.fromEntries((game.seats || []).filter((x) => x.token).map((x) => [String(x.seat), x.token]));
  tokens.merge(game.id, { mode: "hotseat", admin: game.admin, spectator: game.spectator, seats, ruleset });
}

function linkRow(label, href, { primary = false, open = true, note = null, name = null } = {}) {
  const url = `${location.origin}${href}`;
  const field = h("input", { type: "text", readonly: true, value: url, "aria-label": label, onclick: (e) => e.target.select() });
  const actions = [];
  if (open) actions.push(h("a", { class: `button${primary ? " primary" : ""}`, href }, name || t("lobby.open")));
  actions.push(h("button", { type: "button", class: "copy", "aria-label": `${t("lobby.copy")} : ${label}`, onclick: (e) => copy(url, e.currentTarget) }, t("lobby.copy")));
  return h(
    "div",
    { class: "link-row" },
    h("span", { class: "link-label" }, label, note ? h("span", { class: "chip once" }, note) : ""),
    field,
    h("span", { class: "link-actions" }, actions)
  );
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = t("lobby.copied");
    setTimeout(() => (button.textContent = t("lobby.copy")), 1500);
  } catch (err) {
    /* the field can still be selected by hand */
  }
}

function renderCreated() {
  const box = $("#created");
  const c = lobby.created;
  clear(box);
  if (!c) {
    box.hidden = true;
    return;
  }
  const { game, labels } = c;
  const label = (n) => tx(labels[n]) || String(n);
  const rows = [];
  let help;
  if (game.mode === "online") {
    help = t("lobby.links.online");
    if (game.seat) rows.push(linkRow(t("lobby.link.mine", { seat: label(game.seat.seat) }), gameLink(game.id, game.seat.token), { primary: true }));
    for (const inv of game.invites || []) {
      rows.push(linkRow(t("lobby.link.invite", { seat: label(inv.seat) }), inviteLink(game.id, inv.code), { open: false, note: t("lobby.invite.once") }));
    }
    rows.push(linkRow(t("lobby.link.host"), gameLink(game.id, game.host), { primary: !game.seat, name: t("lobby.open_host") }));
  } else {
    help = t("lobby.links");
    rows.push(linkRow(t("lobby.link.admin"), gameLink(game.id, game.admin), { primary: true }));
    for (const seat of game.seats || []) {
      if (seat.token) rows.push(linkRow(t("lobby.link.seat", { seat: label(seat.seat) }), gameLink(game.id, seat.token)));
    }
  }
  rows.push(linkRow(t("lobby.link.spectator"), gameLink(game.id, game.spectator)));
  box.append(h("h2", {}, t("lobby.created", { id: game.id })), h("p", { class: "created-help" }, help), h("div", { class: "links" }, rows));
  box.hidden = false;
}

// --- games --------------------------------------------------------------------------------

function when(ts) {
  if (!ts) return "";
  const d = new Date(Number(ts) * (Number(ts) < 1e12 ? 1000 : 1));
  return d.toLocaleString(lang() === "fr" ? "fr-FR" : "en-GB", { dateStyle: "short", timeStyle: "short" });
}

function seatsText(game) {
  return (game.seats || [])
    .map((s) => {
      if (s.kind === "ai") return `${tx(s.label)} (${agentText(s.agent, game.ruleset)})`;
      if (s.open) return `${tx(s.label)} (${t("lobby.seat.open")})`;
      return tx(s.label);
    })
    .join(", ");
}

function roleText(game, known) {
  if (game.role !== "seat") return t(`lobby.role.${game.role}`);
  const mine = Object.keys(known?.seats || {}).map(Number);
  const names = (game.seats || []).filter((s) => mine.includes(s.seat)).map((s) => tx(s.label));
  return names.length ? `${t("lobby.role.seat")} (${names.join(", ")})` : t("lobby.role.seat");
}

const cell = (key, ...content) => h("td", { "data-label": t(key) }, ...content);

function mineRow(game, known) {
  const actions = [];
  const token = tokens.best(game.id);
  const word = game.role === "host" ? t("lobby.manage") : game.role === "spectator" ? t("lobby.watch") : t("lobby.resume");
  if (token) actions.push(h("a", { class: "button", href: gameLink(game.id, token) }, word));
  const manager = tokens.manager(game.id);
  if (manager) {
    actions.push(
      h(
        "button",
        {
          type: "button",
          class: "danger",
          onclick: async () => {
            if (!confirm(t("lobby.delete.confirm", { id: game.id }))) return;
            try {
              await deleteGame(game.id, manager);
            } catch (err) {
              alert(errorText(err));
            }
            refreshGames();
          },
        },
        t("lobby.delete")
      )
    );
  }
  return h(
    "tr",
    { "data-game": game.id, "data-role": game.role },
    cell("lobby.col.game", h("code", {}, game.id)),
    cell("lobby.col.ruleset", tx(game.title) || game.ruleset),
    cell("lobby.col.mode", t(`lobby.mode.short.${game.mode || "hotseat"}`)),
    cell("lobby.col.role", roleText(game, known)),
    cell("lobby.col.seats", seatsText(game)),
    cell("lobby.col.moves", String(game.moves ?? "")),
    cell("lobby.col.state", game.over ? t("lobby.state.over") : t("lobby.state.running")),
    cell("lobby.col.updated", when(game.updated)),
    h("td", { class: "actions" }, actions)
  );
}

function unknownRow(id) {
  return h(
    "tr",
    { "data-game": id },
    cell("lobby.col.game", h("code", {}, id)),
    h("td", { colspan: 7, class: "muted" }, "?"),
    h("td", { class: "actions" }, h("a", { class: "button", href: gameLink(id, tokens.best(id)) }, t("lobby.resume")))
  );
}

function goneRow(id) {
  return h(
    "tr",
    { "data-game": id, class: "gone" },
    cell("lobby.col.game", h("code", {}, id)),
    h("td", { colspan: 7, class: "muted" }, t("lobby.gone")),
    h("td", { class: "actions" }, h("button", { type: "button", onclick: () => { tokens.forget(id); renderGames(); } }, t("lobby.forget")))
  );
}

async function join(game, seat) {
  try {
    const joined = await joinGame(game.id, { seat: seat.seat });
    tokens.merge(joined.id, { ruleset: game.ruleset });
    location.href = gameLink(joined.id, joined.token);
  } catch (err) {
    alert(errorText(err));
    refreshGames();
  }
}

function openRow(game, known) {
  const actions = [];
  if (known) {
    // a game this browser already plays or hosts: resume it rather than take a second seat
    actions.push(h("a", { class: "button", href: gameLink(game.id, tokens.best(game.id)) }, t("lobby.resume")));
  } else {
    for (const seat of (game.seats || []).filter((s) => s.open)) {
      const name = tx(seat.label);
      actions.push(h("button", { type: "button", class: "primary join", title: t("lobby.join.title", { seat: name }), onclick: () => join(game, seat) }, t("lobby.join", { seat: name })));
    }
  }
  return h(
    "tr",
    { "data-game": game.id },
    cell("lobby.col.ruleset", tx(game.title) || game.ruleset),
    cell("lobby.col.seats", seatsText(game)),
    cell("lobby.col.moves", String(game.moves ?? "")),
    cell("lobby.col.updated", when(game.updated)),
    h("td", { class: "actions" }, actions)
  );
}

function gamesTable(columns, rows) {
  return h("table", { class: "games" }, h("thead", {}, h("tr", {}, columns.map((k) => h("th", {}, t(k))), h("th", {}))), h("tbody", {}, rows));
}

function renderGames() {
  const known = tokens.all();
  const byId = new Map(lobby.mine.map((g) => [g.id, g]));
  const rows = Object.keys(known)
    .sort((a, b) => (byId.get(b)?.updated || 0) - (byId.get(a)?.updated || 0))
    .map((id) => (byId.has(id) ? mineRow(byId.get(id), known[id]) : lobby.mineFailed ? unknownRow(id) : goneRow(id)));
  const mineBox = $("#mine-list");
  clear(mineBox);
  const mineCols = ["lobby.col.game", "lobby.col.ruleset", "lobby.col.mode", "lobby.col.role", "lobby.col.seats", "lobby.col.moves", "lobby.col.state", "lobby.col.updated"];
  mineBox.append(rows.length ? gamesTable(mineCols, rows) : h("p", { class: "muted" }, t("lobby.mine.none")));
  const openBox = $("#open-list");
  clear(openBox);
  const openCols = ["lobby.col.ruleset", "lobby.col.seats", "lobby.col.moves", "lobby.col.updated"];
  openBox.append(lobby.open.length ? gamesTable(openCols, lobby.open.map((g) => openRow(g, known[g.id]))) : h("p", { class: "muted" }, t("lobby.open_games.none")));
}

async function refreshGames() {
  const pairs = tokens.pairs();
  const [mine, open] = await Promise.all([
    pairs.length ? api("POST", "/api/games/mine", { games: pairs }).then((x) => x.games || [], () => null) : Promise.resolve([]),
    api("GET", "/api/games").then((x) => x.games || [], () => []),
  ]);
  lobby.mineFailed = mine === null; // the server did not answer: keep the rows, say nothing is gone
  if (mine !== null) lobby.mine = mine;
  lobby.open = open;
  renderGames();
}

// --- records ------------------------------------------------------------------------------

function openRecord(event) {
  const file = event.target.files?.[0];
  const error = $("#record-error");
  error.hidden = true;
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => {
    try {
      const record = JSON.parse(String(reader.result));
      if (!record || typeof record !== "object" || !record.ruleset || !Array.isArray(record.keys)) throw new Error("bad");
      sessionStorage.setItem("arbitre.replay", JSON.stringify(record));
      location.href = "/replay";
    } catch (err) {
      error.textContent = t("lobby.replay.bad");
      error.hidden = false;
    }
  };
  reader.readAsText(file);
}

function rerender() {
  applyStatic();
  const select = $("#ruleset");
  const value = select.value;
  clear(select);
  for (const r of lobby.rulesets) select.append(h("option", { value: r.id }, tx(r.title)));
  if (value) select.value = value;
  const values = snapshot();
  renderOptions();
  restore(values);
  renderSeats();
  renderCreated();
  renderGames();
}

export async function start() {
  applyStatic();
  mountLangSwitch($("#lang"));
  window.addEventListener("langchange", rerender);
  $("#new-form").addEventListener("submit", create);
  mountClock($("#online-options")); // the "Clock" fieldset of online games (issue 17)
  mountTurns(); // the "Pace" fieldset of online games, the "My games" link (issue 17)
  for (const radio of document.querySelectorAll("input[name=mode]")) radio.addEventListener("change", renderCreatorSeat);
  $("#creator-seat").addEventListener("change", (e) => (lobby.creatorSeat = e.target.value));
  $("#record-file").addEventListener("change", openRecord);
  $("#ruleset").addEventListener("change", () => {
    renderOptions();
    refreshSeats();
  });
  try {
    lobby.rulesets = (await api("GET", "/api/rulesets")).rulesets || [];
  } catch (err) {
    $("#form-error").textContent = errorText(err);
    $("#form-error").hidden = false;
  }
  const select = $("#ruleset");
  for (const r of lobby.rulesets) select.append(h("option", { value: r.id }, tx(r.title)));
  const wanted = new URLSearchParams(location.search).get("ruleset");
  if (wanted && lobby.rulesets.some((r) => r.id === wanted)) select.value = wanted;
  renderOptions();
  await refreshSeats();
  await refreshGames();
  document.body.dataset.ready = "1";
}
