// The table page (/game/{id}?token=…): the board, the current decision as buttons and as
// clickable board elements, the log, undo, save, invite links, "why?" and the language.

import { ApiError, LiveGame, download, gameLink, query, rulesText, tokens } from "./api.js";
import { h, clear, mountZoom } from "./dom.js";
import { applyStatic, lang, mountLangSwitch, t, tx } from "./i18n.js";
import * as champs from "./champs.js";
import * as heresy from "./heresy.js";
import * as epic from "./epic.js";

const RENDERERS = { champs, heresy, epic };
const HIDDEN_INFO = new Set(["heresy", "epic"]); // hotseat: pass the screen between seats

const $ = (sel) => document.querySelector(sel);

export const page = {
  id: null,
  token: null,
  seat: null,
  board: null,
  state: null,
  live: null,
  busy: false,
  lastViewer: null,
  curtainFor: null,
  lastJson: "",
};

function gameId() {
  const m = /^\/game\/([^/]+)/.exec(location.pathname);
  return m ? decodeURIComponent(m[1]) : new URLSearchParams(location.search).get("id");
}

function seatLabel(state, n) {
  const seat = (state.game?.seats || []).find((x) => x.seat === n);
  return seat ? tx(seat.label) : String(n);
}

function humanSeats(state) {
  return (state.game?.seats || []).filter((x) => x.kind === "human");
}

function errorText(err) {
  if (err instanceof ApiError && err.text) return tx(err.text);
  return err?.message || String(err);
}

export function toast(message, rule = null, kind = "error") {
  const box = $("#toast");
  const item = h("div", { class: `toast ${kind}`, role: "status" }, message, rule ? h("span", { class: "rule-chip" }, rule) : "");
  box.append(item);
  setTimeout(() => item.remove(), 6000);
}

// --- render -------------------------------------------------------------------------------

function renderHeader(state) {
  const game = state.game || {};
  $("#game-title").textContent = tx(game.title) || game.ruleset || "";
  const you = state.you || {};
  let who = "";
  if (you.role === "admin") who = t("table.you.admin");
  else if (you.role === "seat") who = t("table.you.seat", { seat: (you.seats || []).map((n) => seatLabel(state, n)).join(", ") });
  else who = t("table.you.spectator");
  $("#you").textContent = `${who} · ${t("table.moves", { n: state.moves })}`;
  $("#undo").disabled = !state.can_undo || page.busy;
  $("#undo").hidden = you.role === "spectator";
  const viewerWrap = $("#viewer-wrap");
  const humans = humanSeats(state);
  viewerWrap.hidden = !(you.role === "admin" && humans.length > 1);
  const select = $("#viewer");
  const wanted = page.seat === null ? "" : String(page.seat);
  clear(select);
  select.append(h("option", { value: "" }, t("table.viewer.auto")));
  for (const seat of humans) select.append(h("option", { value: String(seat.seat) }, tx(seat.label)));
  select.value = wanted;
}

function ctxFor(state) {
  return { state, board: page.board || {}, view: state.view || {}, decision: state.decision, lang: lang() };
}

function renderBoard(state) {
  const host = $("#board");
  const renderer = RENDERERS[state.game?.ruleset];
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
  bindTargets(host, renderer, ctx);
}

function cssTarget(name) {
  return `[data-target~="${CSS.escape(name)}"]`;
}

/** Make the board elements that options refer to clickable; several options on one element
 * open a small menu. Returns the option key → target map (the buttons show a mark). */
function bindTargets(host, renderer, ctx) {
  const decision = ctx.decision;
  page.targets = new Map();
  host.classList.remove("picking");
  if (!decision || !decision.yours || !decision.options?.length || page.curtainFor !== null) return;
  const byTarget = new Map();
  for (const option of decision.options) {
    for (const candidate of renderer.targets(option.key, ctx)) {
      if (host.querySelector(cssTarget(candidate))) {
        if (!byTarget.has(candidate)) byTarget.set(candidate, []);
        byTarget.get(candidate).push(option);
        page.targets.set(option.key, candidate);
        break;
      }
    }
  }
  if (byTarget.size) host.classList.add("picking");
  for (const [target, options] of byTarget) {
    for (const el of host.querySelectorAll(cssTarget(target))) {
      el.classList.add("pickable");
      el.setAttribute("tabindex", "0");
      const pick = (event) => {
        event.stopPropagation();
        event.preventDefault();
        if (options.length === 1) play(options[0].key);
        else showMenu(event, options);
      };
      el.addEventListener("click", pick);
      el.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") pick(event);
      });
    }
  }
}

function showMenu(event, options) {
  const menu = $("#popover");
  clear(menu);
  menu.append(h("div", { class: "popover-title" }, t("table.choose_among")));
  for (const option of options) {
    menu.append(
      h(
        "button",
        {
          class: "option",
          "data-key": option.key,
          onclick: (e) => {
            e.stopPropagation();
            hideMenu();
            play(option.key);
          },
        },
        tx(option.text)
      )
    );
  }
  menu.hidden = false;
  const x = Math.min(event.clientX + 8, window.innerWidth - menu.offsetWidth - 8);
  const y = Math.min(event.clientY + 8, window.innerHeight - menu.offsetHeight - 8);
  menu.style.left = `${Math.max(4, x)}px`;
  menu.style.top = `${Math.max(4, y)}px`;
}

function hideMenu() {
  $("#popover").hidden = true;
}

function highlight(key, on) {
  const target = page.targets?.get(key);
  if (!target) return;
  for (const el of $("#board").querySelectorAll(cssTarget(target))) el.classList.toggle("hint", on);
}

function renderDecision(state) {
  const box = $("#decision");
  clear(box);
  const d = state.decision;
  if (!d) {
    box.append(h("h2", {}, t("table.over")));
    return;
  }
  const seat = (state.game?.seats || []).find((x) => x.seat === d.seat);
  const ai = seat && seat.kind === "ai";
  let who;
  if (d.yours) who = h("div", { class: "who yours" }, t("table.yours", { seat: seatLabel(state, d.seat) }));
  else who = h("div", { class: "who waiting" }, h("span", { class: "spinner" }), t(ai ? "table.waiting.ai" : "table.waiting", { seat: seatLabel(state, d.seat) }));
  box.append(h("h2", {}, t("table.decision")), who);
  box.append(h("p", { class: "decision-text", "data-kind": d.kind }, tx(d.text)));
  if (d.yours && page.curtainFor === null) {
    const list = h("div", { class: "options" });
    for (const option of d.options || []) {
      const targeted = page.targets?.has(option.key);
      list.append(
        h(
          "button",
          {
            class: `option${targeted ? " targeted" : ""}`,
            "data-key": option.key,
            disabled: page.busy,
            onclick: () => play(option.key),
            onmouseenter: () => highlight(option.key, true),
            onmouseleave: () => highlight(option.key, false),
            onfocus: () => highlight(option.key, true),
            onblur: () => highlight(option.key, false),
          },
          tx(option.text)
        )
      );
    }
    box.append(list);
  }
  const rules = (d.rules || []).map((r) => h("span", { class: "rule-chip" }, r));
  box.append(h("div", { class: "why-row" }, h("button", { class: "link", id: "why", onclick: () => why(state) }, t("table.why")), " ", rules));
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

function renderLog(state) {
  const list = $("#log");
  const stick = list.scrollTop + list.clientHeight >= list.scrollHeight - 30;
  clear(list);
  for (const entry of state.log || []) {
    const who = entry.seat === null || entry.seat === undefined ? "" : seatLabel(state, entry.seat);
    list.append(
      h(
        "li",
        { class: `log-${entry.kind}`, "data-index": entry.index },
        entry.kind === "choice" && who ? h("b", {}, `${who} : `) : "",
        tx(entry.text)
      )
    );
  }
  if (stick || !page.logSeen) list.scrollTop = list.scrollHeight;
  page.logSeen = true;
}

function renderCurtain(state) {
  const box = $("#curtain");
  if (page.curtainFor === null) {
    box.hidden = true;
    return;
  }
  clear(box);
  const name = seatLabel(state, page.curtainFor);
  box.append(
    h(
      "div",
      { class: "curtain-card" },
      h("h2", {}, t("table.curtain", { seat: name })),
      h("p", {}, t("table.curtain.help", { seat: name })),
      h(
        "button",
        {
          class: "primary",
          id: "curtain-go",
          onclick: () => {
            page.curtainFor = null;
            render();
          },
        },
        t("table.curtain.go", { seat: name })
      )
    )
  );
  box.hidden = false;
}

export function render() {
  const state = page.state;
  if (!state) return;
  hideMenu();
  renderHeader(state);
  if (page.curtainFor === null) renderBoard(state);
  else $("#board").replaceChildren();
  renderDecision(state);
  renderResult(state);
  renderLog(state);
  renderCurtain(state);
  document.body.dataset.moves = String(state.moves);
  document.body.dataset.over = state.result ? "1" : "0";
  document.body.dataset.yours = state.decision?.yours ? "1" : "0";
}

// --- state --------------------------------------------------------------------------------

function remember(state) {
  const you = state.you || {};
  const patch = { ruleset: state.game?.ruleset };
  if (you.role === "admin") patch.admin = page.token;
  else if (you.role === "spectator") patch.spectator = page.token;
  else if (you.role === "seat") patch.seats = Object.fromEntries((you.seats || []).map((n) => [String(n), page.token]));
  tokens.merge(page.id, patch);
}

function onState(state) {
  const json = JSON.stringify(state);
  if (json === page.lastJson) return;
  page.lastJson = json;
  const first = page.state === null;
  page.state = state;
  if (first) {
    remember(state);
    mountZoom($("#zoom"), $("#board"), state.game?.ruleset);
  }
  const hotseat = state.you?.role === "admin" && humanSeats(state).length > 1 && HIDDEN_INFO.has(state.game?.ruleset);
  if (!first && hotseat && page.seat === null && state.viewer !== page.lastViewer && state.viewer !== null && state.viewer !== undefined) {
    page.curtainFor = state.viewer;
  }
  page.lastViewer = state.viewer;
  render();
}

async function play(key) {
  const state = page.state;
  if (!state || page.busy) return;
  page.busy = true;
  document.body.classList.add("busy");
  const seat = state.you?.role === "admin" ? state.decision?.seat : null;
  try {
    await page.live.play(key, state.moves, seat);
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) {
      toast(t("table.stale"), null, "info");
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
    h("h2", {}, titleText),
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

function invite() {
  const known = tokens.get(page.id) || {};
  const state = page.state;
  const rows = [];
  const link = (label, token, seat) => {
    const url = `${location.origin}${gameLink(page.id, token, seat)}`;
    return h(
      "div",
      { class: "link-row" },
      h("span", { class: "link-label" }, label),
      h("input", { type: "text", readonly: true, value: url, onclick: (e) => e.target.select() }),
      h("button", { onclick: () => navigator.clipboard?.writeText(url) }, t("lobby.copy"))
    );
  };
  if (known.admin) rows.push(link(t("lobby.link.admin"), known.admin));
  for (const [n, token] of Object.entries(known.seats || {})) rows.push(link(t("lobby.link.seat", { seat: state ? seatLabel(state, Number(n)) : n }), token));
  if (known.spectator) rows.push(link(t("lobby.link.spectator"), known.spectator));
  openDialog(t("table.links.title"), rows.length ? h("div", { class: "links" }, rows) : h("p", {}, t("table.links.none")));
}

export async function start() {
  applyStatic();
  mountLangSwitch($("#lang"));
  window.addEventListener("langchange", () => {
    applyStatic();
    render();
  });
  document.addEventListener("click", (e) => {
    if (!$("#popover").contains(e.target)) hideMenu();
  });
  page.id = gameId();
  const params = new URLSearchParams(location.search);
  page.token = params.get("token") || (page.id ? tokens.best(page.id) : null);
  page.seat = params.get("seat") !== null && params.get("seat") !== "" ? Number(params.get("seat")) : null;
  if (!page.id || !page.token) {
    $("#board").replaceChildren(h("p", { class: "alert" }, t("table.no_token")));
    return;
  }
  $("#undo").addEventListener("click", undo);
  $("#save").addEventListener("click", save);
  $("#invite").addEventListener("click", invite);
  $("#viewer").addEventListener("change", (e) => {
    page.seat = e.target.value === "" ? null : Number(e.target.value);
    page.curtainFor = null;
    page.lastJson = "";
    page.live.setSeat(page.seat);
    page.live.fetchState().catch(() => {});
  });
  page.live = new LiveGame(page.id, page.token, {
    seat: page.seat,
    onState,
    onStatus: (on) => {
      const el = $("#live");
      el.textContent = t(on ? "table.live.on" : "table.live.off");
      el.className = on ? "live on" : "live off";
    },
    onError: (err) => toast(`${t("table.error")} : ${errorText(err)}`, err.rule),
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
