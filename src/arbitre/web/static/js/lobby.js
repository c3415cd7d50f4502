// The lobby (/): create a game (ruleset, options, each seat human or AI), the secret links,
// my games (tokens kept in this browser), every game on the server, open a record to replay.

import { ApiError, api, gameLink, tokens } from "./api.js";
import { clear, h } from "./dom.js";
import { applyStatic, lang, mountLangSwitch, t, tx } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);
const SHOWN_OPTIONS = 3; // the first options of a ruleset are shown; the rest are folded

const lobby = { rulesets: [], seats: [], seatChoice: {}, games: [], created: null };

function errorText(err) {
  if (err instanceof ApiError && err.text) return tx(err.text);
  return err?.message || String(err);
}

function current() {
  return lobby.rulesets.find((r) => r.id === $("#ruleset").value) || lobby.rulesets[0];
}

function show(value) {
  if (value === null || value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

// --- options ------------------------------------------------------------------------------

function optionRow(option) {
  const id = `opt-${option.key}`;
  let input;
  if (Array.isArray(option.choices)) {
    input = h("select", { id, "data-key": option.key, "data-kind": "choice" });
    option.choices.forEach((choice, i) => {
      input.append(h("option", { value: String(i), selected: JSON.stringify(choice) === JSON.stringify(option.default) }, show(choice)));
    });
  } else if (Array.isArray(option.suggestions) && option.suggestions.length) {
    // A free option with known values (scenarios, battlefields): pick one by its name.
    input = h("select", { id, "data-key": option.key, "data-kind": "suggested" });
    input.append(h("option", { value: "" }, t("lobby.default", { v: show(option.default) })));
    for (const s of option.suggestions) input.append(h("option", { value: s.value }, `${tx(s.label)} (${s.value})`));
  } else {
    input = h("input", { id, type: "text", "data-key": option.key, "data-kind": "free", placeholder: t("lobby.default", { v: show(option.default) }) });
  }
  input.addEventListener("change", refreshSeats);
  const help = [tx(option.help), option.rule ? `(${option.rule})` : ""].filter(Boolean).join(" ");
  return h("div", { class: "form-row" }, h("label", { for: id, title: option.key }, option.key.replaceAll(".", ".\u200b")), input, h("div", { class: "help" }, help));
}

function renderOptions() {
  const box = $("#options");
  clear(box);
  const r = current();
  if (!r) return;
  const options = r.options || [];
  for (const option of options.slice(0, SHOWN_OPTIONS)) box.append(optionRow(option));
  if (options.length > SHOWN_OPTIONS) {
    const rest = options.slice(SHOWN_OPTIONS);
    box.append(
      h("details", { class: "more" }, h("summary", {}, t("lobby.more_options", { n: rest.length })), h("div", { class: "options-list" }, rest.map(optionRow)))
    );
  }
}

/** The options the player changed, typed (a free field is JSON when it parses, else text). */
function readConfig() {
  const r = current();
  const config = {};
  for (const input of document.querySelectorAll("#options [data-key]")) {
    const option = r.options.find((o) => o.key === input.dataset.key);
    if (!option) continue;
    if (input.dataset.kind === "choice") {
      const value = option.choices[Number(input.value)];
      if (JSON.stringify(value) !== JSON.stringify(option.default)) config[option.key] = value;
    } else if (input.dataset.kind === "suggested") {
      if (input.value !== "") config[option.key] = input.value;
    } else if (input.value.trim() !== "") {
      const raw = input.value.trim();
      let value;
      try {
        value = JSON.parse(raw);
      } catch (err) {
        value = raw;
      }
      config[option.key] = value;
    }
  }
  return config;
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
  const error = $("#form-error");
  error.hidden = true;
  try {
    const data = await api("POST", "/api/seats", { ruleset: r.id, config: readConfig() });
    lobby.seats = data.seats.map((name, i) => ({ name, label: data.seat_labels?.[i] || name }));
  } catch (err) {
    error.textContent = errorText(err);
    error.hidden = false;
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
      select.append(h("option", { value: `ai:${agent}`, selected: chosen === `ai:${agent}` }, agentText(agent)));
    }
    select.addEventListener("change", () => {
      lobby.seatChoice[key] = select.value;
    });
    box.append(h("div", { class: "form-row" }, h("label", { for: `seat-${i}` }, tx(seat.label)), select));
  });
}

// --- create -------------------------------------------------------------------------------

async function create(event) {
  event.preventDefault();
  const r = current();
  const error = $("#form-error");
  error.hidden = true;
  const seats = [...document.querySelectorAll("#seats select")].map((sel) =>
    sel.value === "human" ? { kind: "human" } : { kind: "ai", agent: sel.value.slice(3) }
  );
  const body = { ruleset: r.id, config: readConfig(), seats };
  const seed = $("#seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  $("#create").disabled = true;
  try {
    const game = await api("POST", "/api/games", body);
    const human = new Set(seats.map((x, i) => (x.kind === "human" ? i : -1)).filter((i) => i >= 0));
    const seatTokens = Object.fromEntries(game.seats.filter((x) => human.has(x.seat)).map((x) => [String(x.seat), x.token]));
    tokens.merge(game.id, { admin: game.admin, spectator: game.spectator, seats: seatTokens, ruleset: r.id });
    lobby.created = { game, labels: lobby.seats.map((x) => x.label), human };
    renderCreated();
    await refreshGames();
  } catch (err) {
    error.textContent = errorText(err);
    error.hidden = false;
  } finally {
    $("#create").disabled = false;
  }
}

function linkRow(label, href, primary = false) {
  const url = `${location.origin}${href}`;
  return h(
    "div",
    { class: "link-row" },
    h("span", { class: "link-label" }, label),
    h("input", { type: "text", readonly: true, value: url, onclick: (e) => e.target.select() }),
    h("span", {}, h("a", { class: `button${primary ? " primary" : ""}`, href }, t("lobby.open")), " ", h("button", { type: "button", onclick: (e) => copy(url, e.target) }, t("lobby.copy")))
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
  const { game, labels, human } = c;
  const rows = [linkRow(t("lobby.link.admin"), gameLink(game.id, game.admin), true)];
  for (const seat of game.seats) {
    if (human.has(seat.seat)) rows.push(linkRow(t("lobby.link.seat", { seat: tx(labels[seat.seat]) }), gameLink(game.id, seat.token)));
  }
  rows.push(linkRow(t("lobby.link.spectator"), gameLink(game.id, game.spectator)));
  box.append(h("h2", {}, `${t("lobby.created")} : ${game.id}`), h("p", { class: "muted" }, t("lobby.links")), h("div", { class: "links" }, rows));
  box.hidden = false;
}

// --- games --------------------------------------------------------------------------------

function when(ts) {
  if (!ts) return "";
  const d = new Date(Number(ts) * (Number(ts) < 1e12 ? 1000 : 1));
  return d.toLocaleString(lang() === "fr" ? "fr-FR" : "en-GB", { dateStyle: "short", timeStyle: "short" });
}

/** "IA : facile" for the agent "ai-easy"; an agent the page has no word for keeps its id. */
function agentText(agent) {
  const key = `lobby.agent.${agent}`;
  const word = t(key);
  return t("lobby.seat.ai", { agent: word === key ? agent : word });
}

function seatsText(game) {
  return (game.seats || []).map((s) => `${tx(s.label)}${s.kind === "ai" ? ` (${agentText(s.agent)})` : ""}`).join(", ");
}

function gameRow(game, known) {
  const actions = [];
  const token = tokens.best(game.id);
  if (token) actions.push(h("a", { class: "button", href: gameLink(game.id, token) }, known?.admin || Object.keys(known?.seats || {}).length ? t("lobby.resume") : t("lobby.watch")));
  if (known?.admin) {
    actions.push(
      h(
        "button",
        {
          class: "danger",
          onclick: async () => {
            if (!confirm(t("lobby.delete.confirm", { id: game.id }))) return;
            try {
              await api("DELETE", `/api/games/${encodeURIComponent(game.id)}?token=${encodeURIComponent(known.admin)}`);
              tokens.forget(game.id);
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
    { "data-game": game.id },
    h("td", {}, h("code", {}, game.id)),
    h("td", {}, tx(game.title) || game.ruleset),
    h("td", {}, seatsText(game)),
    h("td", {}, String(game.moves ?? "")),
    h("td", {}, game.over ? t("lobby.state.over") : t("lobby.state.running")),
    h("td", {}, when(game.updated)),
    h("td", { class: "actions" }, actions)
  );
}

function gamesTable(rows) {
  return h(
    "table",
    { class: "games" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ["lobby.col.game", "lobby.col.ruleset", "lobby.col.seats", "lobby.col.moves", "lobby.col.state", "lobby.col.updated"].map((k) => h("th", {}, t(k))),
        h("th", {})
      )
    ),
    h("tbody", {}, rows)
  );
}

function renderGames() {
  const known = tokens.all();
  const byId = new Map(lobby.games.map((g) => [g.id, g]));
  const mine = Object.keys(known).map((id) => {
    const game = byId.get(id);
    if (game) return gameRow(game, known[id]);
    return h(
      "tr",
      { "data-game": id },
      h("td", {}, h("code", {}, id)),
      h("td", { colspan: 5, class: "muted" }, known[id].ruleset || "?"),
      h("td", { class: "actions" }, h("button", { onclick: () => { tokens.forget(id); renderGames(); } }, t("lobby.forget")))
    );
  });
  const mineBox = $("#mine-list");
  clear(mineBox);
  mineBox.append(mine.length ? gamesTable(mine) : h("p", { class: "muted" }, t("lobby.mine.none")));
  const allBox = $("#all-list");
  clear(allBox);
  allBox.append(lobby.games.length ? gamesTable(lobby.games.map((g) => gameRow(g, known[g.id]))) : h("p", { class: "muted" }, t("lobby.all.none")));
}

async function refreshGames() {
  try {
    lobby.games = (await api("GET", "/api/games")).games || [];
  } catch (err) {
    lobby.games = [];
  }
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
  const config = readConfigSafe();
  renderOptions();
  restoreConfig(config);
  renderSeats();
  renderCreated();
  renderGames();
}

function readConfigSafe() {
  const values = {};
  for (const input of document.querySelectorAll("#options [data-key]")) values[input.dataset.key] = input.value;
  return values;
}

function restoreConfig(values) {
  for (const input of document.querySelectorAll("#options [data-key]")) {
    if (input.dataset.key in values) input.value = values[input.dataset.key];
  }
}

export async function start() {
  applyStatic();
  mountLangSwitch($("#lang"));
  window.addEventListener("langchange", rerender);
  $("#new-form").addEventListener("submit", create);
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
