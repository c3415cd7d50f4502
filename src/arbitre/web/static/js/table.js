// The table page (/game/{id}?token=… or ?invite=CODE): the board, the current decision as
// buttons and as clickable board elements, the game's panels, the log, undo (or a takeback
// request between people online), save, links and invites, the host's seats, "why?", the
// hotseat curtain and the language. The parts live in table_*.js; this module runs them.

import { ApiError, api, download, gameLink, inviteLink, joinGame, query, rulesText, tokens } from "./api.js";
import { h, clear, mountZoom } from "./dom.js";
import { applyStatic, lang, mountLangSwitch, t, tx } from "./i18n.js";
import * as champs from "./champs.js";
import * as heresy from "./heresy.js";
import * as epic from "./epic.js";
import { applyZoom, mountPinch } from "./board_zoom.js";
import { $, errorText, page, seatLabel, toast } from "./table_page.js";
import { bindTargets, hideMenu, renderDecision, whyNot } from "./table_decision.js";
import { clearLog, renderLog } from "./table_log.js";
import { readHandover, renderCurtain } from "./table_curtain.js";
import { clearPanels, renderPanels } from "./table_panels.js";
import { copyLink, renderHeader, renderRole, renderSeatsPanel } from "./table_seats.js";
import { renderTakeback, takebackEnded } from "./table_takeback.js";
import { TableGame } from "./table_live.js";
import { showTurn } from "./table_turn.js";

export { page, toast };

const RENDERERS = { champs, heresy, epic };

function gameId() {
  const m = /^\/game\/([^/]+)/.exec(location.pathname);
  return m ? decodeURIComponent(m[1]) : new URLSearchParams(location.search).get("id");
}

function ctxFor(state) {
  return { state, board: page.board || {}, view: state.view || {}, decision: state.decision, lang: lang(), hasPanels: true };
}

function rendererOf(state) {
  return RENDERERS[state.game?.ruleset] || null;
}

function renderBoard(state) {
  const host = $("#board");
  const renderer = rendererOf(state);
  if (!renderer) {
    host.replaceChildren(h("pre", { class: "raw-view" }, JSON.stringify(state.view, null, 2)));
    return;
  }
  const ctx = ctxFor(state);
  try {
    renderer.render(host, ctx);
  } catch (err) {
    console.error(err);
    host.replaceChildren(h("pre", { class: "raw-view" }, String(err), "\n", JSON.stringify(state.view, null, 2)));
    return;
  }
  renderPanels(renderer, ctx);
  applyZoom();
  bindTargets(renderer, ctx);
}

function renderResult(state) {
  const box = $("#result");
  const r = state.result;
  box.hidden = !r;
  clear(box);
  if (!r) return;
  box.append(h("h2", {}, t("table.result")), h("p", { class: "summary" }, tx(r.summary)));
  if (r.scores) {
    const scores = r.scores.map((sc, i) => `${seatLabel(state, i)} ${sc}`).join(" · ");
    box.append(h("p", { class: "muted" }, t("table.scores", { scores })));
  }
  box.append(h("a", { class: "button", href: `/replay${query({ game: page.id, token: page.token })}` }, t("table.replay")));
}

/** Under the curtain nothing of any seat is drawn: no board, no panels, no log. */
function emptyUnderCurtain() {
  $("#board").replaceChildren();
  clearPanels();
  clearLog();
  page.targets = new Map();
}

export function render() {
  const state = page.state;
  if (!state || page.gone) return;
  hideMenu();
  renderHeader(state);
  renderRole(state);
  renderSeatsPanel(state);
  renderTakeback(state);
  if (page.curtainFor === null) renderBoard(state);
  else emptyUnderCurtain();
  renderDecision(state);
  renderResult(state);
  if (page.curtainFor === null) {
    const renderer = rendererOf(state);
    const ctx = renderer?.logText ? ctxFor(state) : null;
    const textOf = ctx ? (entry) => renderer.logText(ctx, entry) : null;
    renderLog(state, textOf);
  }
  renderCurtain(state);
  showTurn(state); // whose turn since when, "notify me" (js/table_turn.js, issue 17)
  document.body.dataset.moves = String(state.moves);
  document.body.dataset.over = state.result ? "1" : "0";
  document.body.dataset.yours = state.decision?.yours && page.curtainFor === null ? "1" : "0";
  document.body.dataset.role = state.you?.role || "";
  document.body.dataset.curtain = page.curtainFor === null ? "" : String(page.curtainFor);
}

// --- state --------------------------------------------------------------------------------

function remember(state) {
  const you = state.you || {};
  const patch = { ruleset: state.game?.ruleset, mode: state.game?.mode };
  if (you.role === "admin") patch.admin = page.token;
  else if (you.role === "host") patch.host = page.token;
  else if (you.role === "spectator") patch.spectator = page.token;
  else if (you.role === "seat") patch.seats = Object.fromEntries((you.seats || []).map((n) => [String(n), page.token]));
  tokens.merge(page.id, patch);
}

function onState(state) {
  const json = JSON.stringify(state);
  if (json === page.lastJson) return;
  page.lastJson = json;
  const first = page.state === null;
  const before = page.state;
  page.state = state;
  if (first) {
    remember(state);
    mountZoom($("#zoom"), $("#board"), state.game?.ruleset);
    if (state.you?.role === "host") loadAgents(state.game?.ruleset);
  }
  // an invite code is good until its seat is claimed: forget those of seats no longer open
  tokens.keepInvites(page.id, (state.game?.seats || []).filter((x) => x.open).map((x) => x.seat));
  takebackEnded(before, state);
  readHandover(state);
  render();
}

async function loadAgents(ruleset) {
  try {
    const data = await api("GET", "/api/rulesets");
    page.agents = data.rulesets?.find((r) => r.id === ruleset)?.agents || [];
  } catch (err) {
    page.agents = [];
  }
  render();
}

async function play(key) {
  const state = page.state;
  if (!state || page.busy || page.curtainFor !== null) return;
  page.busy = true;
  document.body.classList.add("busy");
  const seat = state.you?.role === "admin" ? state.decision?.seat : null;
  try {
    await page.live.play(key, state.moves, seat);
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) {
      toast(t("table.stale"), null, "info");
      await page.live.fetchState().catch(() => {});
    } else if (err instanceof ApiError && err.code === "lost") {
      // a play sent on a socket that closed: the State says whether it was played
      toast(errorText(err), null, "info");
      await page.live.fetchState().catch(() => {});
    } else {
      toast(`${t("table.error")} : ${errorText(err)}`, err.rule);
    }
  } finally {
    page.busy = false;
    document.body.classList.remove("busy");
    render();
  }
}

async function undo() {
  if (page.busy) return;
  page.busy = true;
  try {
    await page.live.undo();
  } catch (err) {
    toast(`${t("table.error")} : ${errorText(err)}`, err.rule);
  } finally {
    page.busy = false;
    render();
  }
}

async function save() {
  try {
    const record = await page.live.record();
    download(`arbitre-${record.ruleset || page.state?.game?.ruleset}-${page.id}.json`, record);
  } catch (err) {
    toast(err instanceof ApiError && err.status === 403 ? t("table.save.denied") : errorText(err), err.rule);
  }
}

function openDialog(titleText, body) {
  const dialog = $("#dialog");
  clear(dialog);
  dialog.append(
    h("h2", { id: "dialog-title" }, titleText),
    body,
    h("form", { method: "dialog", class: "dialog-actions" }, h("button", { class: "primary", value: "close" }, t("table.close")))
  );
  dialog.showModal();
}

async function why(state) {
  const d = state.decision;
  const ids = d?.rules || [];
  if (!ids.length) {
    openDialog(t("table.why.title"), h("p", {}, t("table.why.none")));
    return;
  }
  try {
    const data = await rulesText(state.game.ruleset, ids);
    const items = (data.rules || []).map((r) => h("div", { class: "rule" }, h("span", { class: "rule-chip" }, r.id), " ", h("span", { class: "rule-text" }, tx(r.text))));
    openDialog(t("table.why.title"), h("div", { class: "rules" }, items.length ? items : t("table.why.none")));
  } catch (err) {
    toast(errorText(err), err.rule);
  }
}

/** The links this browser holds for this game (they are all this person's own), and the
 * invite links of the seats still open (online, kept for the host). */
function invite() {
  const known = tokens.get(page.id) || {};
  const state = page.state;
  const name = (n) => (state ? seatLabel(state, Number(n)) : String(n));
  const rows = [];
  const link = (label, href, cls = "") => {
    const url = `${location.origin}${href}`;
    return h(
      "div",
      { class: `link-row ${cls}` },
      h("span", { class: "link-label" }, label),
      h("input", { type: "text", readonly: true, value: url, "aria-label": label, onclick: (e) => e.target.select() }),
      h("button", { type: "button", "aria-label": `${t("lobby.copy")} : ${label}`, onclick: (e) => copyLink(url, e.currentTarget) }, t("lobby.copy"))
    );
  };
  if (known.admin) rows.push(link(t("lobby.link.admin"), gameLink(page.id, known.admin)));
  const online = state?.game?.mode === "online" || known.mode === "online";
  for (const [n, token] of Object.entries(known.seats || {})) {
    rows.push(link(t(online ? "lobby.link.mine" : "lobby.link.seat", { seat: name(n) }), gameLink(page.id, token)));
  }
  if (known.host) rows.push(link(t("lobby.link.host"), gameLink(page.id, known.host)));
  if (known.spectator) rows.push(link(t("lobby.link.spectator"), gameLink(page.id, known.spectator)));
  const open = new Set((state?.game?.seats || []).filter((x) => x.open).map((x) => String(x.seat)));
  const invites = Object.entries(known.invites || {}).filter(([n]) => open.has(n));
  const body = h("div", {}, rows.length ? h("div", { class: "links" }, rows) : h("p", {}, t("table.links.none")));
  if (invites.length) {
    body.append(
      h("h3", {}, t("table.links.invites")),
      h("div", { class: "links" }, invites.map(([n, code]) => link(t("lobby.link.invite", { seat: name(n) }), inviteLink(page.id, code), "invite")))
    );
  }
  openDialog(t("table.links.title"), body);
}

/** The game cannot be shown (deleted, a link that opens nothing): say so, and nothing else. */
function showGone(message) {
  page.gone = true;
  $("#board").replaceChildren(h("div", { class: "gone" }, h("p", { class: "alert", role: "alert" }, message), h("a", { class: "button", href: "/" }, t("table.to_lobby"))));
  for (const id of ["#undo", "#save", "#invite", "#zoom", "#live", "#viewer-wrap", ".sidebar"]) $(id).hidden = true;
  const dialog = $("#takeback");
  if (dialog.open) dialog.close();
}

/** `?invite=CODE`: claim the seat, keep its token, and show the seat's own link instead. */
async function claimInvite(code) {
  $("#board").replaceChildren(h("p", { class: "muted" }, t("table.joining")));
  try {
    const joined = await joinGame(page.id, { code });
    page.id = joined.id;
    history.replaceState(null, "", gameLink(joined.id, joined.token));
    return joined.token;
  } catch (err) {
    const known = tokens.best(page.id);
    if (known) {
      // this browser already holds this game (the link opened twice): open what it holds
      toast(t("table.join.failed", { error: errorText(err) }), null, "info");
      history.replaceState(null, "", gameLink(page.id, known));
      return known;
    }
    showGone(t("table.join.failed", { error: errorText(err) }));
    return null;
  }
}

export async function start() {
  applyStatic();
  mountLangSwitch($("#lang"));
  const labels = () => $(".board-area").setAttribute("aria-label", t("table.board"));
  labels();
  window.addEventListener("langchange", () => {
    applyStatic();
    labels();
    render();
  });
  document.addEventListener("click", (e) => {
    if (!$("#popover").contains(e.target)) hideMenu();
  });
  page.act = { play, render, why };
  mountPinch($("#board"));
  for (const where of ["#board", "#panels"]) {
    $(where).addEventListener("click", (event) => {
      const state = page.state;
      if (state) whyNot(event, rendererOf(state), ctxFor(state));
    });
  }
  watchSheet();
  page.id = gameId();
  const params = new URLSearchParams(location.search);
  const code = params.get("invite");
  if (page.id && code) {
    page.token = await claimInvite(code);
    if (!page.token) return;
  } else page.token = params.get("token") || (page.id ? tokens.best(page.id) : null);
  page.seat = params.get("seat") !== null && params.get("seat") !== "" ? Number(params.get("seat")) : null;
  if (!page.id || !page.token) {
    $("#board").replaceChildren(h("p", { class: "alert" }, t("table.no_token")));
    return;
  }
  $("#undo").addEventListener("click", undo);
  $("#takeback").addEventListener("close", () => {
    // Escape closes the modal request unanswered: the decision panel keeps its buttons
    if (page.state?.takeback?.yours) renderDecision(page.state);
  });
  $("#save").addEventListener("click", save);
  $("#invite").addEventListener("click", invite);
  $("#viewer").addEventListener("change", (e) => {
    page.seat = e.target.value === "" ? null : Number(e.target.value);
    page.curtainFor = null;
    page.live.confirmed = null; // back to following the game: the curtain asks who is there
    page.lastJson = "";
    page.live.setSeat(page.seat);
    page.live.fetchState().catch(() => {});
  });
  page.live = new TableGame(page.id, page.token, {
    seat: page.seat,
    onState,
    onStatus: (on) => {
      const el = $("#live");
      el.textContent = t(on ? "table.live.on" : "table.live.off");
      el.className = on ? "live on" : "live off";
    },
    onError: (err) => toast(`${t("table.error")} : ${errorText(err)}`, err.rule),
    onGone: (err) => {
      if (page.gone) return;
      if (err.code === "deleted") tokens.forget(page.id);
      showGone(t(err.code === "deleted" ? "table.deleted" : "table.gone"));
    },
  });
  try {
    page.board = await page.live.board();
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      $("#board").replaceChildren(h("p", { class: "alert" }, t("table.no_game")));
      return;
    }
    page.board = {};
  }
  page.live.connect();
  try {
    await page.live.fetchState();
  } catch (err) {
    $("#board").replaceChildren(h("p", { class: "alert" }, errorText(err)));
  }
}

// the test suite and curious players may look at the page's state
window.arbitre = page;

/** On a phone the decision is a sheet fixed at the bottom: the page keeps room for it. */
function watchSheet() {
  const sheet = $("#decision");
  if (!window.ResizeObserver) return;
  new ResizeObserver(() => {
    document.body.style.setProperty("--sheet", `${Math.ceil(sheet.getBoundingClientRect().height)}px`);
  }).observe(sheet);
}
