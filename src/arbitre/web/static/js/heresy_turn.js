// "Last turn of the opponent": the server's summary in words of what the other seat did
// since this seat last answered (State `last_turn`, games/heresy/summary.py, built from
// public events only), and the zones it touched marked on the map (`g.zone.last-turn`).

import { h } from "./dom.js";
import { addStrings, t, tx } from "./i18n.js";
import { seatName } from "./heresy_names.js";

addStrings({
  fr: {
    "hturn.title": "Dernier tour de l'adversaire",
    "hturn.who": "Depuis votre dernier choix ({seat}) :",
    "hturn.zones": "Zones concernées entourées sur la carte.",
  },
  en: {
    "hturn.title": "Opponent's last turn",
    "hturn.who": "Since your last choice ({seat}):",
    "hturn.zones": "The zones involved are outlined on the map.",
  },
});

/** The summary panel, or null when there is nothing to tell. */
export function lastTurnPanel(ctx) {
  const last = ctx.state?.last_turn;
  if (!last || !(last.lines || []).length) return null;
  const node = h(
    "div",
    { class: "last-turn", "data-seat": last.seat },
    h("p", { class: "muted" }, t("hturn.who", { seat: seatName(ctx, last.seat) })),
    h("ul", { class: "last-turn-lines" }, last.lines.map((line) => h("li", {}, tx(line)))),
    (last.rules || []).length ? h("p", { class: "last-turn-rules" }, last.rules.map((r) => h("span", { class: "rule-chip" }, r))) : "",
    (last.zones || []).length ? h("p", { class: "muted" }, t("hturn.zones")) : ""
  );
  return { title: t("hturn.title"), node };
}

/** Outline on the map the zones the last turn touched (the map's `g.zone[data-zone]`). */
export function markZones(svg, ctx) {
  const zones = new Set(ctx.state?.last_turn?.zones || []);
  for (const g of svg.querySelectorAll("g.zone[data-zone]")) g.classList.toggle("last-turn", zones.has(g.dataset.zone));
}
