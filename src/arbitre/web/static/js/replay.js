// The replay page (/replay): step through a game record, from an uploaded file (kept in
// sessionStorage by the lobby) or from a finished game (?game=id&token=…). Each step asks
// the server for the State after n moves (POST /api/replay), seen by the chosen seat.

import { ApiError, api, query } from "./api.js";
import { clear, h, mountZoom } from "./dom.js";
import { applyStatic, mountLangSwitch, t, tx } from "./i18n.js";
import * as champs from "./champs.js";
import * as heresy from "./heresy.js";
import * as epic from "./epic.js";

const RENDERERS = { champs, heresy, epic };
const $ = (sel) => document.querySelector(sel);

const replay = { record: null, upto: 0, total: 0, seat: null, state: null, board: null, timer: null, loading: false, pending: null };

function errorText(err) {
  if (err instanceof ApiError && err.text) return tx(err.text);
  return err?.message || String(err);
}

function seatLabel(state, n) {
  const seat = (state.game?.seats || []).find((x) => x.seat === n);
  return seat ? tx(seat.label) : String(n);
}

async function load(upto) {
  if (!replay.record) return;
  upto = Math.max(0, Math.min(upto, replay.total || replay.record.keys.length));
  if (replay.loading) {
    replay.pending = upto;
    return;
  }
  replay.loading = true;
  try {
    const state = await api("POST", "/api/replay", { record: replay.record, upto, seat: replay.seat });
    if (!replay.state || replay.state.game?.ruleset !== state.game?.ruleset) mountZoom($("#zoom"), $("#board"), state.game?.ruleset);
    replay.state = state;
    replay.upto = upto;
    replay.total = state.total ?? replay.record.keys.length;
    if (state.board) replay.board = state.board;
    render();
  } catch (err) {
    $("#board").replaceChildren(h("p", { class: "alert" }, errorText(err)));
    stop();
  } finally {
    replay.loading = false;
    if (replay.pending !== null) {
      const next = replay.pending;
      replay.pending = null;
      load(next);
    }
  }
}

function render() {
  const state = replay.state;
  if (!state) return;
  $("#game-title").textContent = tx(state.game?.title) || state.game?.ruleset || "";
  const slider = $("#slider");
  slider.max = String(replay.total);
  slider.value = String(replay.upto);
  $("#step").textContent = t("replay.step", { n: replay.upto, total: replay.total });
  document.body.dataset.upto = String(replay.upto);
  const seatSelect = $("#seat");
  const wanted = replay.seat === null ? "" : String(replay.seat);
  clear(seatSelect);
  seatSelect.append(h("option", { value: "" }, t("replay.spectator")));
  for (const seat of state.game?.seats || []) seatSelect.append(h("option", { value: String(seat.seat) }, tx(seat.label)));
  seatSelect.value = wanted;
  const renderer = RENDERERS[state.game?.ruleset];
  const host = $("#board");
  if (renderer) {
    try {
      renderer.render(host, { state, board: replay.board || {}, view: state.view || {}, decision: state.decision });
    } catch (err) {
      host.replaceChildren(h("pre", { class: "raw-view" }, String(err)));
    }
  } else {
    host.replaceChildren(h("pre", { class: "raw-view" }, JSON.stringify(state.view, null, 2)));
  }
  const d = state.decision;
  const box = $("#decision");
  clear(box);
  if (d) {
    box.append(h("h2", {}, t("table.decision")), h("div", { class: "who" }, seatLabel(state, d.seat)), h("p", { class: "decision-text" }, tx(d.text)));
    box.append(h("div", {}, (d.rules || []).map((r) => h("span", { class: "rule-chip" }, r))));
  } else {
    box.append(h("h2", {}, t("table.over")));
  }
  const result = $("#result");
  clear(result);
  result.hidden = !state.result;
  if (state.result) result.append(h("h2", {}, t("table.result")), h("p", { class: "summary" }, tx(state.result.summary)));
  const log = $("#log");
  clear(log);
  for (const entry of state.log || []) {
    const who = entry.seat === null || entry.seat === undefined ? "" : seatLabel(state, entry.seat);
    log.append(h("li", { class: `log-${entry.kind}` }, entry.kind === "choice" && who ? h("b", {}, `${who} : `) : "", tx(entry.text)));
  }
  log.scrollTop = log.scrollHeight;
}

function stop() {
  clearInterval(replay.timer);
  replay.timer = null;
  $("#play").textContent = "▶▶";
  $("#play").title = t("replay.play");
}

function toggle() {
  if (replay.timer) {
    stop();
    return;
  }
  $("#play").textContent = "❚❚";
  $("#play").title = t("replay.pause");
  replay.timer = setInterval(() => {
    if (replay.upto >= replay.total) stop();
    else load(replay.upto + 1);
  }, 700);
}

function setRecord(record) {
  replay.record = record;
  replay.total = record.keys.length;
  replay.board = null;
  load(0);
}

export async function start() {
  applyStatic();
  mountLangSwitch($("#lang"));
  window.addEventListener("langchange", () => {
    applyStatic();
    render();
  });
  $("#first").addEventListener("click", () => load(0));
  $("#prev").addEventListener("click", () => load(replay.upto - 1));
  $("#next").addEventListener("click", () => load(replay.upto + 1));
  $("#last").addEventListener("click", () => load(replay.total));
  $("#play").addEventListener("click", toggle);
  $("#slider").addEventListener("input", (e) => load(Number(e.target.value)));
  $("#seat").addEventListener("change", (e) => {
    replay.seat = e.target.value === "" ? null : Number(e.target.value);
    load(replay.upto);
  });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === "ArrowLeft") load(replay.upto - 1);
    else if (e.key === "ArrowRight") load(replay.upto + 1);
    else if (e.key === "Home") load(0);
    else if (e.key === "End") load(replay.total);
  });
  $("#record-file").addEventListener("change", (e) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      try {
        const record = JSON.parse(String(reader.result));
        if (!record || !Array.isArray(record.keys)) throw new Error("bad");
        sessionStorage.setItem("arbitre.replay", JSON.stringify(record));
        setRecord(record);
      } catch (err) {
        $("#board").replaceChildren(h("p", { class: "alert" }, t("lobby.replay.bad")));
      }
    };
    reader.readAsText(file);
  });
  const params = new URLSearchParams(location.search);
  const game = params.get("game");
  try {
    if (game) {
      const token = params.get("token");
      const record = await api("GET", `/api/games/${encodeURIComponent(game)}/record${query({ token })}`);
      try {
        replay.board = await api("GET", `/api/games/${encodeURIComponent(game)}/board${query({ token })}`);
      } catch (err) {
        replay.board = null;
      }
      replay.record = record;
      replay.total = record.keys.length;
      await load(record.keys.length);
      return;
    }
    const stored = sessionStorage.getItem("arbitre.replay");
    if (stored) {
      setRecord(JSON.parse(stored));
      return;
    }
  } catch (err) {
    $("#board").replaceChildren(h("p", { class: "alert" }, errorText(err)));
    return;
  }
  $("#board").replaceChildren(h("p", { class: "muted" }, t("replay.none")));
}
