// Whose turn it is and since when, and being told when it is yours (issue 17; docs/web.md,
// Turn-based play and notifications). The table calls `showTurn(state)` at every render:
//
// - a line at the top of the sidebar: "À vous de jouer depuis 2 min" / "Au tour du Traître
//   depuis 3 h", from the time the server stored (GET /api/games/{id}/turn, asked again
//   whenever the move count or the deciding seat changes), counted on by the page;
// - for a person's seat of an online game, "Me prévenir" (a real button: the browser asks
//   for its permission only after a click): then, while this page is open but hidden, a
//   browser Notification when the turn comes to this seat, and the tab's title says so;
//   and, where the browser has a push service, a Web Push subscription (service worker
//   /sw.js) so that the seat is told even with the page closed;
// - where the server sends mail, an address to be written to when it is your turn.
// Nothing of the game's state goes into a notification: "your turn" and the game's name.

import { api, query } from "./api.js";
import { h, clear } from "./dom.js";
import { addStrings, lang, t, tx } from "./i18n.js";
import { $, errorText, page, toast } from "./table_page.js";
import { sinceText } from "./games.js";

addStrings({
  fr: {
    "turn.mine": "À vous de jouer depuis {time}",
    "turn.other": "{whose} depuis {time}",
    "turn.mine.untimed": "À vous de jouer",
    "turn.pace.turn": "Partie au long cours : revenez quand c'est à vous.",
    "turn.notify": "Me prévenir",
    "turn.notify.help": "Une notification quand c'est à vous de jouer, même page fermée si le navigateur le permet.",
    "turn.notify.on": "Vous serez prévenu quand c'est à vous.",
    "turn.notify.page": "Vous serez prévenu tant que cette page est ouverte (ce navigateur ne reçoit pas de notifications push).",
    "turn.notify.denied": "Le navigateur refuse les notifications pour ce site : autorisez-les dans ses réglages.",
    "turn.notify.off": "Ne plus me prévenir",
    "turn.notify.unsupported": "Ce navigateur n'affiche pas de notifications.",
    "turn.mail.label": "M'écrire quand c'est à moi (adresse e-mail)",
    "turn.mail.send": "M'écrire",
    "turn.mail.on": "Un e-mail vous sera envoyé quand c'est à vous (au plus un par heure).",
    "turn.mail.off": "Ne plus m'écrire",
    "turn.title": "À vous de jouer — {name}",
    "turn.notify.title": "À vous de jouer",
    "turn.games": "Mes parties",
    "turn.region": "Tour de jeu",
  },
  en: {
    "turn.mine": "Your turn for {time}",
    "turn.other": "{whose} for {time}",
    "turn.mine.untimed": "Your turn",
    "turn.pace.turn": "Turn-based game: come back when it is your turn.",
    "turn.notify": "Notify me",
    "turn.notify.help": "A notification when it is your turn, even with the page closed if the browser allows it.",
    "turn.notify.on": "You will be told when it is your turn.",
    "turn.notify.page": "You will be told while this page is open (this browser gets no push notifications).",
    "turn.notify.denied": "The browser refuses notifications for this site: allow them in its settings.",
    "turn.notify.off": "Stop notifying me",
    "turn.notify.unsupported": "This browser shows no notifications.",
    "turn.mail.label": "Write to me when it is my turn (e-mail address)",
    "turn.mail.send": "Write to me",
    "turn.mail.on": "You will get an e-mail when it is your turn (at most one an hour).",
    "turn.mail.off": "Stop writing to me",
    "turn.title": "Your turn — {name}",
    "turn.notify.title": "Your turn",
    "turn.games": "My games",
    "turn.region": "Whose turn",
  },
});

const turn = { sig: "", key: "", info: null, fetchedAt: 0, yours: null, title: null, timer: null, push: "", asking: false };
const SUBSCRIBE_WAIT = 8000; // ms
const FLAG = "arbitre.notify"; // per game: the person asked to be told ("1")

function flags() {
  try {
    const data = JSON.parse(localStorage.getItem(FLAG) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch (err) {
    return {};
  }
}

function setFlag(id, on) {
  const all = flags();
  if (on) all[id] = 1;
  else delete all[id];
  localStorage.setItem(FLAG, JSON.stringify(all));
}

function panel() {
  let box = $("#turn-panel");
  if (!box) {
    box = h("section", { id: "turn-panel", class: "panel turn-panel" });
    $(".sidebar").prepend(box);
  }
  return box;
}

/** Elapsed time in words, counted from what the server said (its clock, not this one's). */
function elapsed(info) {
  return sinceText(info.now - info.since + (Date.now() - turn.fetchedAt) / 1000);
}

async function fetchTurn() {
  try {
    const info = await api("GET", `/api/games/${encodeURIComponent(page.id)}/turn${query({ token: page.token })}`);
    turn.info = info;
    turn.fetchedAt = Date.now();
  } catch (err) {
    turn.info = null;
  }
  draw();
}

/** The table renders: ask whose turn since when again if the game moved on. */
export function showTurn(state) {
  const seat = state.decision ? state.decision.seat : null;
  const key = `${state.moves}:${seat}:${state.result ? 1 : 0}`;
  const mine = !!state.decision?.yours && state.you?.role === "seat";
  if (turn.yours === false && mine) becameMine();
  turn.yours = mine;
  if (key !== turn.key) {
    turn.key = key;
    fetchTurn();
  }
  if (!turn.timer) {
    turn.timer = setInterval(draw, 30000);
    document.addEventListener("visibilitychange", draw);
  }
  draw();
}

function gameName() {
  return tx(turn.info?.name) || tx(page.state?.game?.title) || "arbitre";
}

/** The turn just came to this seat: the page, if hidden, raises a browser notification. */
function becameMine() {
  if (!document.hidden || !flags()[page.id] || !("Notification" in window)) return;
  if (Notification.permission !== "granted") return;
  try {
    // the same tag as the Web Push of this game: the browser shows one, not two
    new Notification(t("turn.notify.title"), { body: gameName(), tag: `arbitre-${page.id}` });
  } catch (err) {
    // some browsers allow notifications from the service worker only: the push covers it
  }
}

function draw() {
  const state = page.state;
  if (!state || page.gone) return;
  const box = panel();
  const info = turn.info;
  const over = !!state.result || !state.decision;
  // the tab's title says it is your turn (the original title is kept to come back to)
  if (turn.title === null) turn.title = document.title;
  document.title = turn.yours && !over ? t("turn.title", { name: gameName() }) : turn.title;
  box.hidden = over;
  box.setAttribute("aria-label", t("turn.region"));
  if (over) return;
  if (!box.querySelector(".turn-line")) {
    turn.sig = "";
    box.append(h("p", { class: "turn-line", role: "status", "aria-live": "polite" }), h("div", { class: "turn-rest" }));
  }
  const line = box.querySelector(".turn-line");
  // until the server says since when, or when it does not know (answers stored before
  // their time was): whose turn without a time, never "just begun"
  let text = turn.yours ? t("turn.mine.untimed") : "";
  if (info && info.seat === state.decision.seat) {
    const time = info.since === null || info.since === undefined ? null : elapsed(info);
    if (turn.yours) text = time ? t("turn.mine", { time }) : t("turn.mine.untimed");
    else text = time ? t("turn.other", { whose: tx(info.whose), time }) : tx(info.whose);
  }
  if (line.textContent !== text) line.textContent = text;
  line.hidden = !text;
  line.classList.toggle("yours", !!turn.yours);
  // the rest is built again only when it changes (a half-typed address keeps its focus)
  const permission = "Notification" in window ? Notification.permission : "none";
  const seat = state.you?.role === "seat" && state.game?.mode === "online";
  const sig = JSON.stringify([lang(), info?.pace, seat, !!flags()[page.id], permission, info?.push, info?.mail, info?.mail_ready]);
  if (sig === turn.sig) return;
  turn.sig = sig;
  const rest = clear(box.querySelector(".turn-rest"));
  if (info?.pace === "turn") rest.append(h("p", { class: "muted turn-pace" }, t("turn.pace.turn")));
  if (seat) rest.append(notifyControls(info));
  rest.append(h("a", { class: "button turn-games", href: "/games" }, t("turn.games")));
}

function notifyControls(info) {
  const wrap = h("div", { class: "turn-notify" });
  const on = !!flags()[page.id];
  const supported = "Notification" in window;
  if (!supported) {
    wrap.append(h("p", { class: "muted" }, t("turn.notify.unsupported")));
  } else if (on && Notification.permission === "granted") {
    wrap.append(h("p", { class: "turn-note" }, t(info?.push ? "turn.notify.on" : "turn.notify.page")));
    wrap.append(h("button", { type: "button", class: "turn-off", onclick: stopNotify }, t("turn.notify.off")));
  } else {
    if (on && Notification.permission === "denied") wrap.append(h("p", { class: "alert" }, t("turn.notify.denied")));
    wrap.append(
      h("button", { type: "button", class: "primary turn-on", onclick: startNotify, "aria-describedby": "turn-notify-help" }, t("turn.notify")),
      h("p", { id: "turn-notify-help", class: "muted turn-help" }, t("turn.notify.help"))
    );
  }
  if (info?.mail_ready) wrap.append(mailControls(info));
  return wrap;
}

function mailControls(info) {
  if (info.mail) {
    return h("div", { class: "turn-mail" }, h("p", { class: "turn-note" }, t("turn.mail.on")), h("button", { type: "button", onclick: stopMail }, t("turn.mail.off")));
  }
  const input = h("input", { id: "turn-mail", type: "email", autocomplete: "email", maxlength: "254", required: true });
  const form = h(
    "form",
    { class: "turn-mail", novalidate: true },
    h("label", { for: "turn-mail" }, t("turn.mail.label")),
    h("div", { class: "turn-mail-row" }, input, h("button", { type: "submit" }, t("turn.mail.send")))
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("POST", `/api/games/${encodeURIComponent(page.id)}/mail`, { token: page.token, address: input.value, lang: lang() });
      await fetchTurn();
    } catch (err) {
      toast(errorText(err));
    }
  });
  return form;
}

async function stopMail() {
  try {
    await api("DELETE", `/api/games/${encodeURIComponent(page.id)}/mail`, { token: page.token });
  } catch (err) {
    toast(errorText(err));
  }
  await fetchTurn();
}

/** The same call the page makes once the browser gave a push subscription (the tests make
 * it with keys they hold: a headless browser has no push service to subscribe to). */
export async function sendSubscription(subscription) {
  const answer = await api("POST", `/api/games/${encodeURIComponent(page.id)}/push`, { token: page.token, subscription, lang: lang() });
  fetchTurn(); // the panel says the seat is now told even with the page closed
  return answer;
}

function keyBytes(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

/** Web Push where the browser has it: the service worker, a subscription, sent to the server. */
async function subscribePush() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return false;
  try {
    const registration = await navigator.serviceWorker.register("/sw.js");
    await navigator.serviceWorker.ready;
    const { key } = await api("GET", "/api/push/key");
    const asked = registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
    // a browser without a reachable push service may never answer: give up after a while
    const late = new Promise((resolve, reject) => setTimeout(() => reject(new Error("push: no answer")), SUBSCRIBE_WAIT));
    const sub = await Promise.race([asked, late]);
    await sendSubscription(sub.toJSON());
    turn.push = sub.endpoint;
    return true;
  } catch (err) {
    return false; // no push service here (offline, headless, refused): the page still tells
  }
}

async function startNotify() {
  if (turn.asking || !("Notification" in window)) return;
  turn.asking = true;
  try {
    const permission = await Notification.requestPermission();
    setFlag(page.id, true);
    if (permission === "granted") await subscribePush();
  } finally {
    turn.asking = false;
  }
  await fetchTurn();
}

async function stopNotify() {
  setFlag(page.id, false);
  try {
    const registration = await navigator.serviceWorker?.getRegistration?.("/");
    const sub = await registration?.pushManager?.getSubscription();
    // this browser's subscription only (the seat may be told on another device too)
    const body = sub ? { token: page.token, endpoint: sub.endpoint } : { token: page.token };
    await api("DELETE", `/api/games/${encodeURIComponent(page.id)}/push`, body);
    if (sub && !Object.keys(flags()).length) await sub.unsubscribe(); // no other game wants it
  } catch (err) {
    // the server forgets them anyway when the push service answers "gone"
  }
  await fetchTurn();
}
