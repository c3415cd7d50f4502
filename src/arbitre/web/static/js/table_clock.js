// The clocks of an online game (issue 17; docs/web.md, Clocks): each seat's time by its
// name, ticking here between the server's `{type: "clock"}` frames (sent on connect and
// at each change, never inside a State), a low-time look, one announcement for screen
// readers when the running clock reaches its last minute (live) or hour (turn-based), and
// the "claim the game" button once a seat is out of time and the creator chose `claim`.

import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { addStrings, lang, t, tx } from "./i18n.js";
import { $, errorText, page, seatLabel, toast } from "./table_page.js";

addStrings({
  fr: {
    "clock.title": "Pendule",
    "clock.rule.live": "{base} + {inc} par coup",
    "clock.rule.turn": "{base} + {inc} par coup",
    "clock.waiting": "Les pendules démarrent quand toutes les places sont prises.",
    "clock.running": "à jouer",
    "clock.ai": "l'IA joue",
    "clock.out": "temps écoulé",
    "clock.low.minute": "{seat} : moins d'une minute",
    "clock.low.hour": "{seat} : moins d'une heure",
    "clock.claim": "Réclamer la partie (gain au temps)",
    "clock.timeout.ai": "Si le temps s'écoule : l'IA prend la place.",
    "clock.timeout.skip": "Si le temps s'écoule : l'IA répond une fois.",
    "clock.timeout.claim": "Si le temps s'écoule : les autres peuvent réclamer la partie.",
    "clock.unit.days": "{n} j",
    "clock.unit.hours": "{n} h",
    "clock.unit.minutes": "{n} min",
    "clock.unit.seconds": "{n} s",
  },
  en: {
    "clock.title": "Clock",
    "clock.rule.live": "{base} + {inc} a move",
    "clock.rule.turn": "{base} + {inc} a move",
    "clock.waiting": "The clocks start once every seat is taken.",
    "clock.running": "to play",
    "clock.ai": "the AI plays",
    "clock.out": "out of time",
    "clock.low.minute": "{seat}: less than a minute left",
    "clock.low.hour": "{seat}: less than an hour left",
    "clock.claim": "Claim the game (win on time)",
    "clock.timeout.ai": "If time runs out: the AI takes the seat.",
    "clock.timeout.skip": "If time runs out: the AI answers once.",
    "clock.timeout.claim": "If time runs out: the others may claim the game.",
    "clock.unit.days": "{n} d",
    "clock.unit.hours": "{n} h",
    "clock.unit.minutes": "{n} min",
    "clock.unit.seconds": "{n} s",
  },
});

const clock = { frame: null, at: 0, mounted: false, timer: null, warned: new Set(), key: "" };

/** Seconds in words: "0:42", "12:05", "1:02:03" (live); "2 j 3 h", "5 h 12 min" (turn). */
export function clockText(seconds, kind) {
  const s = Math.max(0, Math.floor(seconds));
  if (kind === "turn" && s >= 3600) {
    const days = Math.floor(s / 86400);
    const hours = Math.floor((s % 86400) / 3600);
    const mins = Math.floor((s % 3600) / 60);
    if (days > 0) return `${t("clock.unit.days", { n: days })} ${t("clock.unit.hours", { n: hours })}`;
    return `${t("clock.unit.hours", { n: hours })} ${t("clock.unit.minutes", { n: mins })}`;
  }
  const hours = Math.floor(s / 3600);
  const mins = Math.floor((s % 3600) / 60);
  const secs = String(s % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(mins).padStart(2, "0")}:${secs}` : `${mins}:${secs}`;
}

function amount(seconds) {
  if (seconds % 86400 === 0 && seconds > 0) return t("clock.unit.days", { n: seconds / 86400 });
  if (seconds % 3600 === 0 && seconds > 0) return t("clock.unit.hours", { n: seconds / 3600 });
  if (seconds % 60 === 0 && seconds > 0) return t("clock.unit.minutes", { n: seconds / 60 });
  return t("clock.unit.seconds", { n: seconds });
}

/** The seat's time left now, counted down here since the frame came. */
function leftOf(seat) {
  const f = clock.frame;
  if (!f) return 0;
  const elapsed = f.running === seat.seat ? (performance.now() - clock.at) / 1000 : 0;
  return Math.max(0, seat.remaining - elapsed);
}

function lowLimit(kind) {
  return kind === "turn" ? 3600 : 60;
}

function onClock(frame) {
  clock.frame = frame;
  clock.at = performance.now();
  clock.key = "";
  render();
}

/** Take the `clock` frames off the socket before the table's own handler sees them. */
function listen() {
  const live = page.live;
  if (!live || live.clockHooked) return;
  live.clockHooked = true;
  const received = live.received.bind(live);
  live.received = (data) => {
    if (typeof data === "string" && data.startsWith('{"type":"clock"')) {
      try {
        onClock(JSON.parse(data));
      } catch (err) {
        /* a broken frame: the next one will do */
      }
      return;
    }
    received(data);
  };
}

async function fetchClock() {
  try {
    onClock(await api("GET", `/api/games/${encodeURIComponent(page.id)}/clock?token=${encodeURIComponent(page.token)}`));
  } catch (err) {
    /* no clock (404): the panel stays hidden */
  }
}

async function claim() {
  try {
    await api("POST", `/api/games/${encodeURIComponent(page.id)}/clock/claim`, { token: page.token });
  } catch (err) {
    toast(`${t("table.error")} : ${errorText(err)}`, err.rule);
  }
}

function mine() {
  const you = page.state?.you;
  return you?.role === "seat" ? you.seats?.[0] ?? null : null;
}

/** Whether this reader may claim: a seat not on the late seat's side (Champs: the players
 * are one side against the MJ). The server checks it again. */
function mayClaim(f) {
  const me = mine();
  if (me === null || f.flagged === null || f.flagged === undefined || me === f.flagged || f.over) return false;
  const seats = page.state?.game?.seats || [];
  if (page.state?.game?.ruleset === "champs") {
    const mj = (n) => seats.find((s) => s.seat === n)?.name === "mj";
    return mj(me) !== mj(f.flagged);
  }
  return true;
}

function render() {
  const box = $("#clock-panel");
  const f = clock.frame;
  if (!box) return;
  box.hidden = !f || page.state?.game?.mode !== "online";
  if (box.hidden) return;
  const key = JSON.stringify([f, lang(), page.state?.game?.seats, mine(), !!page.state?.result]);
  if (key !== clock.key) {
    clock.key = key;
    build($("#clock-body"), f);
  }
  tick();
}

function build(box, f) {
  clear(box);
  const rule = t(`clock.rule.${f.kind}`, { base: amount(f.base), inc: amount(f.increment) });
  box.append(
    h("h2", { id: "clock-title" }, t("clock.title"), " ", h("small", { class: "muted clock-rule" }, rule)),
    h("p", { class: "muted clock-note" }, f.started ? t(`clock.timeout.${f.timeout}`) : t("clock.waiting"))
  );
  const list = h("ul", { class: "clock-seats", "aria-labelledby": "clock-title" });
  for (const seat of f.seats) {
    const running = f.running === seat.seat && !f.over;
    const state = seat.ai ? t("clock.ai") : seat.out ? t("clock.out") : running ? t("clock.running") : "";
    list.append(
      h(
        "li",
        { class: `clock-seat${running ? " running" : ""}${seat.out ? " out" : ""}${seat.ai ? " ai" : ""}${seat.seat === mine() ? " mine" : ""}`, "data-seat": seat.seat, "aria-current": running ? "true" : null },
        h("span", { class: "clock-name" }, seatLabel(page.state, seat.seat)),
        h("span", { class: "clock-state muted" }, state),
        h("time", { class: "clock-time", "data-seat": seat.seat })
      )
    );
  }
  box.append(list);
  if (f.notice && !f.over) box.append(h("p", { class: "social-note asked", role: "status" }, tx(f.notice)));
  if (mayClaim(f)) box.append(h("button", { type: "button", class: "primary", id: "clock-claim", onclick: claim }, t("clock.claim")));
}

/** Redraw the times (every second while a clock runs); announce the last minute/hour once. */
function tick() {
  const f = clock.frame;
  if (!f) return;
  const low = lowLimit(f.kind);
  for (const seat of f.seats) {
    const el = document.querySelector(`#clock-panel time[data-seat="${seat.seat}"]`);
    if (!el) continue;
    const left = leftOf(seat);
    el.textContent = clockText(left, f.kind);
    el.setAttribute("datetime", `PT${Math.floor(left)}S`);
    const row = el.closest("li");
    row.classList.toggle("low", !seat.ai && left < low);
    const running = f.running === seat.seat && !f.over;
    const mark = `${seat.seat}`;
    if (running && left < low && left > 0 && !clock.warned.has(mark)) {
      clock.warned.add(mark);
      const say = $("#clock-say");
      if (say) say.textContent = t(f.kind === "turn" ? "clock.low.hour" : "clock.low.minute", { seat: seatLabel(page.state, seat.seat) });
    } else if (left >= low) {
      clock.warned.delete(mark);
    }
  }
}

/** Called at each render of the sidebar (table_panels.js): build once, then refresh. */
export function mountClock() {
  if (!page.state || !page.live || page.state.game?.mode !== "online") return;
  if (!clock.mounted) {
    clock.mounted = true;
    // the announcement stays in place (a live region added later may not be read)
    const say = h("p", { id: "clock-say", class: "clock-say", "aria-live": "polite" });
    const box = h("section", { id: "clock-panel", class: "panel clock-panel", "aria-labelledby": "clock-title", hidden: true }, h("div", { id: "clock-body" }), say);
    $("#decision").before(box);
    listen();
    fetchClock();
    clock.timer = setInterval(tick, 1000);
  }
  render();
}
