// The chat of an online game (issue 17; docs/web.md, Chat): the seats' channel for the
// people seated, the spectators' channel for the others; a seat may also read the
// spectators and mute another seat. Lines come as their own socket frames
// `{type: "chat", line}` (and `{type: "chat", history}` on connect), never inside a State.
// Every line is shown as text (textContent through dom.h), never as HTML.

import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { addStrings, lang, t, tx } from "./i18n.js";
import { $, errorText, page, seatLabel, toast } from "./table_page.js";

const LIMIT = 500;

addStrings({
  fr: {
    "chat.title": "Discussion",
    "chat.label": "Votre message",
    "chat.send": "Envoyer",
    "chat.empty": "Aucun message pour l'instant.",
    "chat.seats": "Entre joueurs : les spectateurs ne lisent pas ce canal.",
    "chat.spectators": "Entre spectateurs : les joueurs ne vous lisent que s'ils le choisissent.",
    "chat.options": "Options de la discussion",
    "chat.hear": "Lire aussi les spectateurs",
    "chat.mute": "Masquer {seat}",
    "chat.from_spectators": "spectateurs",
    "chat.count": "{n} / {max}",
  },
  en: {
    "chat.title": "Chat",
    "chat.label": "Your message",
    "chat.send": "Send",
    "chat.empty": "No messages yet.",
    "chat.seats": "Between players: spectators do not read this channel.",
    "chat.spectators": "Between spectators: players read you only if they choose to.",
    "chat.options": "Chat options",
    "chat.hear": "Also read the spectators",
    "chat.mute": "Mute {seat}",
    "chat.from_spectators": "spectators",
    "chat.count": "{n} / {max}",
  },
});

const chat = { lines: [], prefs: { muted: [], spectators: false }, mounted: false, sending: false };

function seated() {
  const role = page.state?.you?.role;
  return role === "seat" || role === "admin";
}

function timeText(seconds) {
  const d = new Date(seconds * 1000);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

function lineNode(line) {
  const spect = line.channel === "spectators" && seated();
  return h(
    "li",
    { class: `chat-line${line.seat === page.state?.you?.seats?.[0] ? " mine" : ""}`, "data-id": line.id },
    h("span", { class: "chat-who" }, tx(line.who), spect ? ` (${t("chat.from_spectators")})` : ""),
    h("time", { class: "chat-time muted", datetime: new Date(line.time * 1000).toISOString() }, timeText(line.time)),
    h("span", { class: "chat-text" }, line.text)
  );
}

function renderLines(force = true) {
  const list = $("#chat-log");
  if (!list) return;
  const key = JSON.stringify([chat.lines.length, chat.lines[chat.lines.length - 1]?.id, lang(), seated()]);
  if (!force && key === chat.linesKey) return;
  chat.linesKey = key;
  const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  clear(list);
  if (!chat.lines.length) list.append(h("li", { class: "muted chat-empty" }, t("chat.empty")));
  for (const line of chat.lines) list.append(lineNode(line));
  if (atEnd) list.scrollTop = list.scrollHeight;
}

/** A `chat` frame (or the `chat` list of GET …/social). */
export function onChat(frame) {
  if (Array.isArray(frame.history)) chat.lines = frame.history.slice();
  if (frame.line && !chat.lines.some((x) => x.id === frame.line.id)) chat.lines.push(frame.line);
  chat.lines = chat.lines.slice(-200);
  renderLines();
}

export function onPrefs(prefs) {
  if (!prefs) return;
  chat.prefs = prefs;
  chat.optionsKey = "";
  renderOptions();
}

async function send(event) {
  event.preventDefault();
  const input = $("#chat-text");
  const text = input.value.trim();
  if (!text || chat.sending) return;
  chat.sending = true;
  try {
    const out = await api("POST", `/api/games/${encodeURIComponent(page.id)}/chat`, { token: page.token, text });
    input.value = "";
    counter();
    if (!chat.lines.some((x) => x.id === out.id)) {
      // the socket brings the line; without one, fetch what we may read
      setTimeout(() => {
        if (!chat.lines.some((x) => x.id === out.id)) refresh();
      }, 1500);
    }
  } catch (err) {
    toast(`${t("table.error")} : ${errorText(err)}`, err.rule);
  } finally {
    chat.sending = false;
  }
}

export async function refresh() {
  try {
    const out = await api("GET", `/api/games/${encodeURIComponent(page.id)}/social?token=${encodeURIComponent(page.token)}`);
    onChat({ history: out.chat || [] });
    return out;
  } catch (err) {
    return null;
  }
}

async function setPrefs(change) {
  try {
    chat.prefs = await api("POST", `/api/games/${encodeURIComponent(page.id)}/chat/prefs`, { token: page.token, ...change });
    chat.optionsKey = "";
    renderOptions();
  } catch (err) {
    toast(`${t("table.error")} : ${errorText(err)}`, err.rule);
  }
}

function counter() {
  const input = $("#chat-text");
  const out = $("#chat-count");
  if (input && out) out.textContent = t("chat.count", { n: input.value.length, max: LIMIT });
}

function renderOptions() {
  const box = $("#chat-options");
  if (!box) return;
  const state = page.state;
  const me = state?.you?.seats?.[0];
  box.hidden = state?.you?.role !== "seat";
  if (box.hidden) return;
  const key = JSON.stringify([chat.prefs, lang(), state.game?.seats]);
  if (key === chat.optionsKey) return;
  chat.optionsKey = key;
  const body = $("#chat-options-body");
  clear(body);
  const hear = h("input", { type: "checkbox", id: "chat-hear", checked: chat.prefs.spectators });
  hear.addEventListener("change", () => setPrefs({ spectators: hear.checked }));
  body.append(h("label", { class: "check" }, hear, " ", t("chat.hear")));
  for (const seat of state.game?.seats || []) {
    if (seat.seat === me || seat.kind !== "human") continue;
    const muted = chat.prefs.muted.includes(seat.seat);
    const box2 = h("input", { type: "checkbox", class: "chat-mute", "data-seat": seat.seat, checked: muted });
    box2.addEventListener("change", () => {
      const set = new Set(chat.prefs.muted);
      if (box2.checked) set.add(seat.seat);
      else set.delete(seat.seat);
      setPrefs({ muted: [...set] });
    });
    body.append(h("label", { class: "check" }, box2, " ", t("chat.mute", { seat: seatLabel(state, seat.seat) })));
  }
}

/** Build the panel once (after the sidebar's log); later calls only refresh its words. */
export function mountChat(after) {
  if (!chat.mounted) {
    chat.mounted = true;
    const input = h("input", { id: "chat-text", type: "text", maxlength: LIMIT, autocomplete: "off", "aria-describedby": "chat-note chat-count" });
    input.addEventListener("input", counter);
    const panel = h(
      "section",
      { id: "chat-panel", class: "panel chat-panel", "aria-labelledby": "chat-title" },
      h("h2", { id: "chat-title" }),
      h("p", { id: "chat-note", class: "muted chat-note" }),
      h("ol", { id: "chat-log", class: "chat-log", role: "log", "aria-live": "polite", "aria-labelledby": "chat-title", tabindex: "0" }),
      h(
        "form",
        { id: "chat-form", class: "chat-form" },
        h("label", { for: "chat-text", id: "chat-label" }),
        h("div", { class: "chat-row" }, input, h("button", { type: "submit", id: "chat-send", class: "primary" })),
        h("span", { id: "chat-count", class: "muted chat-count" })
      ),
      h("details", { id: "chat-options", class: "chat-options", hidden: true }, h("summary", { id: "chat-options-title" }), h("div", { id: "chat-options-body" }))
    );
    panel.querySelector("form").addEventListener("submit", send);
    after.after(panel);
  }
  $("#chat-title").textContent = t("chat.title");
  $("#chat-note").textContent = t(seated() ? "chat.seats" : "chat.spectators");
  $("#chat-label").textContent = t("chat.label");
  $("#chat-send").textContent = t("chat.send");
  $("#chat-options-title").textContent = t("chat.options");
  counter();
  renderLines(false);
  renderOptions();
}
