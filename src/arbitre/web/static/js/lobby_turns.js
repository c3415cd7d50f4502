// The lobby's part of turn-based play (issue 17; docs/web.md, Turn-based play and
// notifications): the pace of an online game ("En direct" / "Au long cours") in the online
// options, and the link to "my games" in the header.

import { h } from "./dom.js";
import { addStrings, t } from "./i18n.js";

addStrings({
  fr: {
    "lobby.pace": "Rythme",
    "lobby.pace.live": "En direct",
    "lobby.pace.live.help": "Tout le monde joue en même temps.",
    "lobby.pace.turn": "Au long cours",
    "lobby.pace.turn.help": "Chacun revient quand c'est son tour ; on peut être prévenu.",
    "nav.games": "Mes parties",
  },
  en: {
    "lobby.pace": "Pace",
    "lobby.pace.live": "Live",
    "lobby.pace.live.help": "Everybody plays at the same time.",
    "lobby.pace.turn": "Turn-based",
    "lobby.pace.turn.help": "Each comes back when it is their turn, and may be notified.",
    "nav.games": "My games",
  },
});

function choice(value, checked) {
  return h(
    "label",
    { class: "choice" },
    h("input", { type: "radio", name: "pace", value, id: `pace-${value}`, checked }),
    h("span", {}, h("b", { "data-i18n": `lobby.pace.${value}` }, t(`lobby.pace.${value}`)), " ", h("small", { class: "muted", "data-i18n": `lobby.pace.${value}.help` }, t(`lobby.pace.${value}.help`)))
  );
}

/** The pace choice (in the online options) and the "my games" link (in the header). */
export function mountTurns() {
  const online = document.querySelector("#online-options");
  if (online && !document.querySelector("#pace")) {
    online.append(h("fieldset", { id: "pace", class: "pace" }, h("legend", { "data-i18n": "lobby.pace" }, t("lobby.pace")), choice("live", true), choice("turn", false)));
  }
  const lang = document.querySelector(".topbar #lang");
  if (lang && !document.querySelector("#nav-games")) {
    lang.before(h("a", { id: "nav-games", class: "button", href: "/games", "data-i18n": "nav.games" }, t("nav.games")));
  }
}

/** The creation body's `pace` (online games only). */
export function paceFields() {
  const value = document.querySelector("input[name=pace]:checked")?.value || "live";
  return { pace: value };
}
