// The table page (/game/{id}?token=… or ?invite=CODE): the board, the current decision as
// buttons and as clickable board elements, the log, undo (or a takeback request between
// people online), save, links and invites, the host's seats, "why?" and the language.

import { ApiError, LiveGame, api, changeSeat, deleteGame, download, gameLink, inviteLink, joinGame, newInvite, query, rulesText, tokens } from "./api.js";
import { h, clear, mountZoom } from "./dom.js";
import { agentText, applyStatic, lang, mountLangSwitch, t, tx } from "./i18n.js";
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
  agents: null, // the ruleset's AI agents (the host's seat menus)
  seatsKey: "",
  takebackKey: "",
  gone: false,
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
  else if (you.role === "host") who = t("table.you.host");
  else if (you.role === "seat") who = t("table.you.seat", { seat: (you.seats || []).map((n) => seatLabel(state, n)).join(", ") });
  else who = t("table.you.spectator");
  $("#you").textContent = `${who} · ${t("table.moves", { n: state.moves })}`;
  const mode = game.mode === "online" ? "online" : "hotseat";
  $("#mode").textContent = t(`table.mode.${mode}`);
  $("#mode").dataset.mode = mode;
  const undo = $("#undo");
  const ask = !state.can_undo && state.can_ask_undo;
  undo.textContent = t(ask ? "table.undo.ask" : "table.undo");
  undo.title = ask ? t("table.undo.ask.title") : "";
  undo.dataset.ask = ask ? "1" : "0";
  undo.disabled = !(state.can_undo || state.can_ask_undo) || page.busy;
  undo.hidden = you.role === "spectator" || you.role === "host";
  // the record holds the seed, i.e. every hidden card: the one-screen table, or once over
  $("#save").hidden = !(you.role === "admin" || state.result);
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

// --- who is where: the host's panel, the seats, the one-screen notice ---------------------

function manages(state) {
  return state.you?.role === "host";
}

function renderRole(state) {
  const box = $("#role-panel");
  const role = state.you?.role;
  const mode = state.game?.mode;
  clear(box);
  box.className = "panel role-panel";
  if (role === "host") {
    box.classList.add("host");
    box.append(h("h2", { id: "host-banner" }, t("table.host.banner")), h("p", {}, t("table.host.help")));
  } else if (mode === "hotseat" && role === "seat") {
    box.classList.add("notice");
    box.setAttribute("role", "note");
    box.append(h("p", {}, t("table.hotseat.notice")));
  } else {
    box.hidden = true;
    return;
  }
  box.hidden = false;
}

function seatState(state, seat) {
  const mine = (state.you?.seats || []).includes(seat.seat) && state.you?.role === "seat";
  if (seat.kind === "ai") return agentText(seat.agent);
  if (seat.open) return t("table.seat.open");
  if (mine) return t("table.seat.you");
  return t("table.seat.taken");
}

/** The seats by name and who holds them; the host also gets the invite links of open seats,
 * the AI seats' menus and "delete". Redrawn only when something it shows changed (a menu
 * being used must not be rebuilt under the pointer by an unrelated State). */
function renderSeatsPanel(state) {
  const box = $("#seats-panel");
  const online = state.game?.mode === "online";
  const host = manages(state);
  if (!online && !host) {
    box.hidden = true;
    page.seatsKey = "";
    return;
  }
  const known = tokens.get(page.id) || {};
  const key = JSON.stringify([lang(), state.game?.seats, state.you, host ? known.invites || {} : null, page.agents]);
  if (key === page.seatsKey && !box.hidden) return;
  page.seatsKey = key;
  clear(box);
  box.classList.toggle("manage", host);
  box.append(h("h2", { id: "seats-title" }, t("table.seats")));
  const list = h("ul", { class: "seat-list" });
  for (const seat of state.game?.seats || []) {
    const name = tx(seat.label);
    const item = h(
      "li",
      { class: `seat-item${seat.open ? " open" : ""}${seat.kind === "ai" ? " ai" : ""}`, "data-seat": seat.seat },
      h("span", { class: "seat-name" }, name),
      " ",
      // the host's menu names an AI seat's agent already
      host && seat.kind === "ai" ? "" : h("span", { class: `seat-state${seat.open ? " waiting" : ""}` }, seatState(state, seat))
    );
    if (host) item.append(seatControls(state, seat, known));
    list.append(item);
  }
  box.append(list);
  if (host) {
    box.append(h("div", { class: "host-actions" }, h("button", { type: "button", class: "danger", id: "delete-game", onclick: confirmDelete }, t("table.delete"))));
  }
  box.hidden = false;
}

function seatControls(state, seat, known) {
  const name = tx(seat.label);
  const out = h("div", { class: "seat-controls" });
  if (seat.kind === "ai") {
    const select = h("select", { "aria-label": t("table.seat.agent", { seat: name }), "data-seat": seat.seat });
    const agents = page.agents && page.agents.includes(seat.agent) ? page.agents : [...(page.agents || []), seat.agent];
    for (const agent of agents) select.append(h("option", { value: agent, selected: agent === seat.agent }, agentText(agent)));
    select.addEventListener("change", () => seatChange(seat.seat, "ai", select.value));
    out.append(select, h("button", { type: "button", onclick: () => seatChange(seat.seat, "human") }, t("table.seat.to_human")));
    return out;
  }
  if (!seat.open) return out;
  const code = known.invites?.[String(seat.seat)];
  if (code && state.game?.mode === "online") {
    const url = `${location.origin}${inviteLink(page.id, code)}`;
    const label = t("table.invite.link", { seat: name });
    out.append(
      h("label", { class: "invite-label" }, label),
      h("input", { type: "text", readonly: true, class: "invite-url", value: url, "aria-label": label, onclick: (e) => e.target.select() }),
      h("button", { type: "button", class: "copy", "aria-label": t("table.invite.copy", { seat: name }), onclick: (e) => copyLink(url, e.currentTarget) }, t("lobby.copy")),
      h("button", { type: "button", class: "new-invite", title: t("table.invite.new.title", { seat: name }), onclick: () => makeInvite(seat) }, t("table.invite.new"))
    );
  } else if (state.game?.mode === "online") {
    out.append(h("button", { type: "button", class: "primary new-invite", onclick: () => makeInvite(seat) }, t("table.invite.make")));
  }
  if (page.agents?.length) {
    // the AI made for this seat if there is one (Champs "mj"), else the game's usual one
    const agent = [seat.name, "ai", "players"].find((x) => page.agents.includes(x)) || page.agents[0];
    out.append(h("button", { type: "button", onclick: () => seatChange(seat.seat, "ai", agent) }, t("table.seat.to_ai")));
  }
  return out;
}

async function copyLink(url, button) {
  try {
    await navigator.clipboard.writeText(url);
    toast(t("table.copied"), null, "info");
  } catch (err) {
    /* the field can still be selected by hand */
  }
  button.focus();
}

async function hostAction(work) {
  if (page.busy) return;
  page.busy = true;
  try {
    await work();
  } catch (err) {
    toast(`${t("table.error")} : ${errorText(err)}`, err.rule);
  } finally {
    page.busy = false;
    render();
  }
}

function makeInvite(seat) {
  return hostAction(async () => {
    await newInvite(page.id, page.token, seat.seat);
    toast(t("table.invite.made", { seat: tx(seat.label) }), null, "info");
  });
}

function seatChange(seat, kind, agent) {
  return hostAction(() => changeSeat(page.id, page.token, seat, kind, agent));
}

function confirmDelete() {
  const dialog = $("#dialog");
  clear(dialog);
  dialog.append(
    h("h2", { id: "dialog-title" }, t("table.delete")),
    h("p", {}, t("table.delete.confirm")),
    h(
      "form",
      { method: "dialog", class: "dialog-actions" },
      h("button", { value: "keep", autofocus: true }, t("table.delete.keep")),
      " ",
      h("button", { value: "delete", class: "danger", id: "delete-confirm" }, t("table.delete"))
    )
  );
  dialog.addEventListener(
    "close",
    async () => {
      if (dialog.returnValue !== "delete") return;
      try {
        page.gone = true;
        page.live.close();
        await deleteGame(page.id, page.token);
        location.href = "/";
      } catch (err) {
        page.gone = false;
        toast(`${t("table.error")} : ${errorText(err)}`, err.rule);
      }
    },
    { once: true }
  );
  dialog.returnValue = "";
  dialog.showModal();
}

// --- takebacks ----------------------------------------------------------------------------

function takebackButtons(tb) {
  if (tb.mine) return h("span", { class: "takeback-actions" }, h("button", { type: "button", onclick: () => answerTakeback(false) }, t("table.takeback.withdraw")));
  return h(
    "span",
    { class: "takeback-actions" },
    h("button", { type: "button", class: "primary", onclick: () => answerTakeback(true) }, t("table.takeback.accept")),
    h("button", { type: "button", onclick: () => answerTakeback(false) }, t("table.takeback.refuse"))
  );
}

async function answerTakeback(accept) {
  if (page.busy) return;
  page.busy = true;
  page.withdrawing = !accept && !!page.state?.takeback?.mine;
  try {
    await page.live.takeback(accept);
  } catch (err) {
    toast(`${t("table.error")} : ${errorText(err)}`, err.rule);
  } finally {
    page.busy = false;
    render();
  }
}

/** A request this person must answer is a modal dialog (Accept / Refuse); one they made
 * waits in a small dialog that leaves the board usable (Withdraw). */
function renderTakeback(state) {
  const dialog = $("#takeback");
  const tb = state.takeback;
  const shown = tb && (tb.yours || tb.mine) ? tb : null;
  const key = shown ? JSON.stringify([shown.seat, shown.moves, shown.yours, shown.mine, lang()]) : "";
  if (key === page.takebackKey) return;
  page.takebackKey = key;
  if (dialog.open) dialog.close();
  clear(dialog);
  dialog.classList.toggle("asked", !!shown?.yours);
  if (!shown) return;
  dialog.append(
    h("h2", { id: "takeback-title" }, t("table.takeback.title")),
    h("p", { id: "takeback-text", class: "takeback-text" }, shown.mine ? t("table.takeback.mine") : tx(shown.text)),
    shown.mine ? h("p", { class: "who waiting" }, h("span", { class: "spinner" }), t("table.takeback.waiting")) : "",
    h("p", { class: "muted" }, t("table.takeback.help")),
    h("div", { class: "dialog-actions" }, takebackButtons(shown))
  );
  if (shown.yours) dialog.showModal();
  else dialog.show();
}

function onTakebackClosed() {
  // Escape closes the modal request unanswered: the decision panel keeps its buttons
  if (page.state?.takeback?.yours) renderDecision(page.state);
}

/** What the previous State had pending, read against the new one: a toast says how it ended. */
function takebackEnded(before, after) {
  const tb = before?.takeback;
  if (!tb || after.takeback) return;
  if (after.moves < before.moves) toast(t("table.takeback.done"), null, "info");
  else if (tb.mine && !page.withdrawing && after.moves === before.moves) toast(t("table.takeback.refused"), null, "info");
  page.withdrawing = false;
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
  else {
    const key = ai ? "table.waiting.ai" : seat?.open ? "table.waiting.open" : "table.waiting";
    who = h("div", { class: "who waiting" }, h("span", { class: "spinner" }), t(key, { seat: seatLabel(state, d.seat) }));
  }
  box.append(h("h2", {}, t("table.decision")), who);
  const tb = state.takeback;
  if (tb && !tb.mine && !(tb.yours && $("#takeback").open)) {
    // a pending request, for those its dialog does not show it to (the host, the
    // spectators, a seat that already accepted; or a dialog closed with Escape)
    const line = h("div", { class: "takeback-line", role: "status" }, tx(tb.text), " ");
    line.append(tb.yours ? takebackButtons(tb) : h("span", { class: "muted" }, t("table.takeback.waiting")));
    box.append(line);
  }
  // another seat's decision reads "Waiting for …": the line above already says it
  if (d.yours) box.append(h("p", { class: "decision-text", "data-kind": d.kind }, tx(d.text)));
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
  if (!state || page.gone) return;
  hideMenu();
  renderHeader(state);
  renderRole(state);
  renderSeatsPanel(state);
  renderTakeback(state);
  if (page.curtainFor === null) renderBoard(state);
  else $("#board").replaceChildren();
  renderDecision(state);
  renderResult(state);
  renderLog(state);
  renderCurtain(state);
  document.body.dataset.moves = String(state.moves);
  document.body.dataset.over = state.result ? "1" : "0";
  document.body.dataset.yours = state.decision?.yours ? "1" : "0";
  document.body.dataset.role = state.you?.role || "";
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
  const hotseat = state.you?.role === "admin" && humanSeats(state).length > 1 && HIDDEN_INFO.has(state.game?.ruleset);
  if (!first && hotseat && page.seat === null && state.viewer !== page.lastViewer && state.viewer !== null && state.viewer !== undefined) {
    page.curtainFor = state.viewer;
  }
  page.lastViewer = state.viewer;
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
  window.addEventListener("langchange", () => {
    applyStatic();
    render();
  });
  document.addEventListener("click", (e) => {
    if (!$("#popover").contains(e.target)) hideMenu();
  });
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
  $("#takeback").addEventListener("close", onTakebackClosed);
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
