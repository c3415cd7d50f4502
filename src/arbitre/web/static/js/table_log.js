// The log (#log, an ARIA log): entries are appended, never redrawn, so that a reader's
// scroll position holds; it follows the newest entry while the reader is at its end
// (whatever happens to the panels' heights around it), and offers "new events ↓" when
// the reader scrolled up and something happened.

import { h, clear } from "./dom.js";
import { lang, t, tx } from "./i18n.js";
import { $, seatLabel } from "./table_page.js";

const NEAR = 12; // px from the end still count as "at the end"
const KEEP = 400; // entries kept on the page

const log = {
  keys: [], // one key per entry shown, in order: `${seq}|${lang}|${text}`
  first: 0, // the sequence number of the first entry shown
  stuck: true, // the reader is at the end: follow
  fresh: true, // nothing drawn yet (the first render goes to the end)
  bound: false,
};

function list() {
  return $("#log");
}

function atEnd(el) {
  return el.scrollTop + el.clientHeight >= el.scrollHeight - NEAR;
}

function toEnd() {
  const el = list();
  el.scrollTop = el.scrollHeight;
  log.stuck = true;
  $("#log-new").hidden = true;
}

function bind() {
  if (log.bound) return;
  log.bound = true;
  const el = list();
  el.addEventListener("scroll", () => {
    log.stuck = atEnd(el);
    if (log.stuck) $("#log-new").hidden = true;
  });
  $("#log-new").addEventListener("click", () => {
    toEnd();
    el.lastElementChild?.focus?.();
  });
  // a panel that grows or shrinks changes the log's height: stay at the end if we were
  const follow = () => {
    if (log.stuck) el.scrollTop = el.scrollHeight;
  };
  if (window.ResizeObserver) new ResizeObserver(follow).observe(el);
}

function entryKey(state, entry, seq) {
  return `${seq}|${lang()}|${entry.seat ?? ""}|${JSON.stringify(entry.text)}`;
}

function item(state, entry, seq, textOf) {
  const who = entry.seat === null || entry.seat === undefined ? "" : seatLabel(state, entry.seat);
  return h(
    "li",
    { class: `log-${entry.kind}`, "data-index": entry.index, "data-seq": seq },
    entry.kind === "choice" && who ? h("b", {}, lang() === "fr" ? `${who} : ` : `${who}: `) : "",
    textOf ? textOf(entry) : tx(entry.text)
  );
}

/** Empty the log (the hotseat curtain: nothing of the previous seat stays under it). */
export function clearLog() {
  clear(list());
  log.keys = [];
  log.first = 0;
  log.fresh = true;
  log.stuck = true;
  $("#log-new").hidden = true;
}

/** Show `state.log`: append what is new; redraw only when the past changed (an undo,
 * another seat's eyes, the language). `textOf(entry)`, when given, draws an entry's text
 * (a game may turn the card names it holds into buttons opening the card). */
export function renderLog(state, textOf = null) {
  bind();
  const el = list();
  const entries = state.log || [];
  const total = state.log_total ?? entries.length;
  const start = total - entries.length;
  const keys = entries.map((e, i) => entryKey(state, e, start + i));
  // do the entries both lists hold agree? then only the new ones are appended
  const shownEnd = log.first + log.keys.length;
  let agree = log.keys.length > 0 && start >= log.first && start <= shownEnd && total >= shownEnd;
  for (let seq = start; agree && seq < shownEnd; seq += 1) {
    if (log.keys[seq - log.first] !== keys[seq - start]) agree = false;
  }
  const wasStuck = log.fresh || log.stuck || atEnd(el);
  if (!agree) {
    clear(el);
    log.keys = [];
    log.first = start;
  }
  const from = log.first + log.keys.length;
  let added = 0;
  for (let seq = from; seq < total; seq += 1) {
    el.append(item(state, entries[seq - start], seq, textOf));
    log.keys.push(keys[seq - start]);
    added += 1;
  }
  while (log.keys.length > KEEP) {
    el.firstElementChild?.remove();
    log.keys.shift();
    log.first += 1;
  }
  if (wasStuck) toEnd();
  else if (added) $("#log-new").hidden = false;
  log.fresh = false;
}

export function logLabel() {
  const el = list();
  el.setAttribute("aria-label", t("table.log.region"));
}
