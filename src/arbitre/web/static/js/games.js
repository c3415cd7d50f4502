// "My games" (/games; issue 17, docs/web.md, Turn-based play and notifications): the games
// whose tokens this browser holds (POST /api/games/mine), where it is my turn first (the
// longest waiting first), then those waiting for others, then the finished ones; each a
// link to its table. Also `sinceText`, the elapsed time in words the table uses too.

import { api, gameLink, tokens } from "./api.js";
import { h, clear } from "./dom.js";
import { addStrings, applyStatic, mountLangSwitch, t, tx } from "./i18n.js";

addStrings({
  fr: {
    "games.title": "Mes parties",
    "games.mine": "À vous de jouer",
    "games.waiting": "En attente des autres",
    "games.over": "Terminées",
    "games.none": "Aucune partie sur ce navigateur pour l'instant : créez-en une depuis l'accueil.",
    "games.empty": "Aucune.",
    "games.you": "Vous : {seat}",
    "games.you.table": "Vous : la table (toutes les places humaines)",
    "games.you.host": "Vous : l'hôte",
    "games.you.spectator": "Vous : spectateur",
    "games.yours": "À vous depuis {time}",
    "games.theirs": "Au tour de : {seat}, depuis {time}",
    "games.yours.untimed": "À vous de jouer",
    "games.theirs.untimed": "Au tour de : {seat}",
    "games.finished": "Partie terminée",
    "games.pace.turn": "Au long cours",
    "games.pace.live": "En direct",
    "games.failed": "Le serveur ne répond pas : réessayez dans un moment.",
    "games.time.now": "moins d'une minute",
    "games.time.min": "{n} min",
    "games.time.hours": "{n} h",
    "games.time.days": "{n} j",
  },
  en: {
    "games.title": "My games",
    "games.mine": "Your turn",
    "games.waiting": "Waiting for the others",
    "games.over": "Finished",
    "games.none": "No game in this browser yet: make one from the home page.",
    "games.empty": "None.",
    "games.you": "You: {seat}",
    "games.you.table": "You: the table (every human seat)",
    "games.you.host": "You: the host",
    "games.you.spectator": "You: spectator",
    "games.yours": "Your turn for {time}",
    "games.theirs": "Turn of: {seat}, for {time}",
    "games.yours.untimed": "Your turn",
    "games.theirs.untimed": "Turn of: {seat}",
    "games.finished": "Game over",
    "games.pace.turn": "Turn-based",
    "games.pace.live": "Live",
    "games.failed": "The server does not answer: try again in a moment.",
    "games.time.now": "less than a minute",
    "games.time.min": "{n} min",
    "games.time.hours": "{n} h",
    "games.time.days": "{n} d",
  },
});

/** Seconds in words: "moins d'une minute", "12 min", "3 h", "2 j". */
export function sinceText(seconds) {
  const s = Math.max(0, Number(seconds) || 0);
  if (s < 60) return t("games.time.now");
  if (s < 3600) return t("games.time.min", { n: Math.floor(s / 60) });
  if (s < 48 * 3600) return t("games.time.hours", { n: Math.floor(s / 3600) });
  return t("games.time.days", { n: Math.floor(s / 86400) });
}

const $ = (sel) => document.querySelector(sel);
const view = { games: null, failed: false, at: 0 };

function who(game) {
  if (game.role === "seat" && game.you?.label) return t("games.you", { seat: tx(game.you.label) });
  if (game.role === "admin") return t("games.you.table");
  return t(game.role === "host" ? "games.you.host" : "games.you.spectator");
}

function when(game) {
  if (game.over) return t("games.finished");
  if (!game.turn) return "";
  const seat = tx(game.turn.label);
  // since null: the server does not know when the turn began (an old game): no time shown
  if (game.turn.since === null || game.turn.since === undefined) return game.mine ? t("games.yours.untimed") : t("games.theirs.untimed", { seat });
  const time = sinceText(game.now - game.turn.since + (Date.now() - view.at) / 1000);
  return game.mine ? t("games.yours", { time }) : t("games.theirs", { seat, time });
}

function card(game) {
  const name = tx(game.name) || tx(game.title);
  const link = gameLink(game.id, tokens.best(game.id));
  return h(
    "li",
    { class: `game-card${game.mine ? " mine" : ""}${game.over ? " over" : ""}`, dataset: { id: game.id } },
    h("a", { class: "game-link", href: link }, h("span", { class: "game-name" }, name), h("span", { class: "game-when" }, when(game))),
    h("p", { class: "game-meta" }, h("span", {}, who(game)), h("span", { class: "pace-chip", dataset: { pace: game.pace || "live" } }, t(`games.pace.${game.pace || "live"}`)))
  );
}

function section(key, games, id) {
  return h(
    "section",
    { class: "panel games-group", id, "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title` }, t(key), " ", h("span", { class: "count" }, `(${games.length})`)),
    games.length ? h("ul", { class: "game-cards" }, games.map(card)) : h("p", { class: "muted" }, t("games.empty"))
  );
}

function render() {
  applyStatic();
  const box = $("#games");
  clear(box);
  if (view.failed && view.games === null) {
    box.append(h("p", { class: "alert" }, t("games.failed")));
    return;
  }
  const games = view.games || [];
  if (!games.length) {
    box.append(h("p", { class: "muted" }, t("games.none")));
    return;
  }
  box.append(
    section("games.mine", games.filter((g) => g.mine && !g.over), "games-mine"),
    section("games.waiting", games.filter((g) => !g.mine && !g.over), "games-waiting"),
    section("games.over", games.filter((g) => g.over), "games-over")
  );
}

async function refresh() {
  const pairs = tokens.pairs();
  try {
    view.games = pairs.length ? (await api("POST", "/api/games/mine", { games: pairs })).games || [] : [];
    view.failed = false;
    view.at = Date.now();
  } catch (err) {
    view.failed = true;
  }
  render();
}

export async function start() {
  applyStatic();
  mountLangSwitch($("#lang"));
  window.addEventListener("langchange", render);
  await refresh();
  setInterval(refresh, 60000);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) refresh();
  });
  document.body.dataset.ready = "1";
}
