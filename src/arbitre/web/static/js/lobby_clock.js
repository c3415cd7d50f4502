// The lobby's "Clock" fieldset (issue 17; docs/web.md, Clocks), shown for online games:
// presets (none, 10 min + 5 s, 30 min + 30 s, 3 days + 1 day a move) or custom values, and
// what happens to a seat out of time. `clockBody()` gives the creation body's `clock` and
// `timeout` fields; the server checks them again (422 naming `clock.base`, …).

import { h } from "./dom.js";
import { addStrings, applyStatic, t } from "./i18n.js";

addStrings({
  fr: {
    "lobbyclock.legend": "Pendule",
    "lobbyclock.none": "Sans pendule",
    "lobbyclock.blitz": "10 min + 5 s par coup",
    "lobbyclock.rapid": "30 min + 30 s par coup",
    "lobbyclock.days": "3 jours + 1 jour par coup",
    "lobbyclock.custom": "Personnalisée",
    "lobbyclock.kind": "Type de pendule",
    "lobbyclock.kind.live": "En direct (minutes, secondes)",
    "lobbyclock.kind.turn": "Au tour par tour (jours, heures)",
    "lobbyclock.base.live": "Temps de base (minutes, 1 à 180)",
    "lobbyclock.base.turn": "Temps de base (jours, 1 à 30)",
    "lobbyclock.inc.live": "Ajout par coup (secondes, 0 à 600)",
    "lobbyclock.inc.turn": "Ajout par coup (heures, 0 à 240)",
    "lobbyclock.timeout": "À court de temps",
    "lobbyclock.timeout.ai": "L'IA prend sa place",
    "lobbyclock.timeout.skip": "L'IA répond une fois pour elle",
    "lobbyclock.timeout.claim": "Les autres réclament la partie",
    "lobbyclock.help": "Le temps d'une place court quand la partie attend sa réponse ; les pendules démarrent quand toutes les places sont prises. Une place confiée à l'IA peut être reprise.",
  },
  en: {
    "lobbyclock.legend": "Clock",
    "lobbyclock.none": "No clock",
    "lobbyclock.blitz": "10 min + 5 s a move",
    "lobbyclock.rapid": "30 min + 30 s a move",
    "lobbyclock.days": "3 days + 1 day a move",
    "lobbyclock.custom": "Custom",
    "lobbyclock.kind": "Clock type",
    "lobbyclock.kind.live": "Live (minutes, seconds)",
    "lobbyclock.kind.turn": "Turn-based (days, hours)",
    "lobbyclock.base.live": "Base time (minutes, 1 to 180)",
    "lobbyclock.base.turn": "Base time (days, 1 to 30)",
    "lobbyclock.inc.live": "Added a move (seconds, 0 to 600)",
    "lobbyclock.inc.turn": "Added a move (hours, 0 to 240)",
    "lobbyclock.timeout": "Out of time",
    "lobbyclock.timeout.ai": "The AI takes the seat",
    "lobbyclock.timeout.skip": "The AI answers once for them",
    "lobbyclock.timeout.claim": "The others may claim the game",
    "lobbyclock.help": "A seat's time runs while the game waits for its answer; the clocks start once every seat is taken. A seat handed to the AI can be taken back.",
  },
});

const PRESETS = {
  none: null,
  blitz: { kind: "live", base: 10, increment: 5 },
  rapid: { kind: "live", base: 30, increment: 30 },
  days: { kind: "turn", base: 3, increment: 24 },
};
const LIMITS = { live: { base: [1, 180], increment: [0, 600] }, turn: { base: [1, 30], increment: [0, 240] } };

const $ = (sel) => document.querySelector(sel);

function preset() {
  return document.querySelector("input[name=clock-preset]:checked")?.value || "none";
}

function refresh() {
  const which = preset();
  $("#clock-custom").hidden = which !== "custom";
  $("#clock-timeout-row").hidden = which === "none";
  const kind = $("#clock-kind").value;
  const [blo, bhi] = LIMITS[kind].base;
  const [ilo, ihi] = LIMITS[kind].increment;
  Object.assign($("#clock-base"), { min: blo, max: bhi });
  Object.assign($("#clock-increment"), { min: ilo, max: ihi });
  // the keys follow the pace, so the lobby's own applyStatic (language switch) keeps them
  for (const [id, key] of [["#clock-base-label", `lobbyclock.base.${kind}`], ["#clock-increment-label", `lobbyclock.inc.${kind}`]]) {
    $(id).dataset.i18n = key;
    $(id).textContent = t(key);
  }
}

function choice(value, checked = false) {
  const input = h("input", { type: "radio", name: "clock-preset", value, id: `clock-preset-${value}`, checked });
  input.addEventListener("change", refresh);
  return h("label", { class: "choice", for: `clock-preset-${value}` }, input, h("span", { "data-i18n": `lobbyclock.${value}` }));
}

function row(id, labelKey, control) {
  return h("div", { class: "form-row", id: `${id}-row` }, h("label", { for: id, id: `${id}-label`, "data-i18n": labelKey }), control);
}

/** Build the fieldset at the end of `container` (the lobby's online options), once. */
export function mountClock(container) {
  if (!container || $("#clock-fieldset")) return;
  const kind = h(
    "select",
    { id: "clock-kind" },
    h("option", { value: "live", "data-i18n": "lobbyclock.kind.live" }),
    h("option", { value: "turn", "data-i18n": "lobbyclock.kind.turn" })
  );
  kind.addEventListener("change", () => {
    $("#clock-base").value = kind.value === "turn" ? 3 : 30;
    $("#clock-increment").value = kind.value === "turn" ? 24 : 30;
    refresh();
  });
  const timeout = h(
    "select",
    { id: "clock-timeout" },
    ["ai", "skip", "claim"].map((v) => h("option", { value: v, "data-i18n": `lobbyclock.timeout.${v}` }))
  );
  const number = (id, value) => h("input", { type: "number", id, value, step: 1, inputmode: "numeric" });
  const fieldset = h(
    "fieldset",
    { id: "clock-fieldset", class: "clock" },
    h("legend", { "data-i18n": "lobbyclock.legend" }),
    h("p", { class: "help muted", "data-i18n": "lobbyclock.help" }),
    h("div", { class: "clock-presets" }, Object.keys(PRESETS).map((k) => choice(k, k === "none")), choice("custom")),
    h(
      "div",
      { id: "clock-custom", class: "clock-custom", hidden: true },
      row("clock-kind", "lobbyclock.kind", kind),
      row("clock-base", "lobbyclock.base.live", number("clock-base", 30)),
      row("clock-increment", "lobbyclock.inc.live", number("clock-increment", 30))
    ),
    row("clock-timeout", "lobbyclock.timeout", timeout)
  );
  container.append(fieldset);
  applyStatic(fieldset);
  refresh();
  window.addEventListener("langchange", () => {
    applyStatic(fieldset);
    refresh();
  });
}

/** The creation body's `clock` and `timeout` (nothing for "no clock"). */
export function clockBody() {
  if (!$("#clock-fieldset")) return {};
  const which = preset();
  if (which === "none") return {};
  let clock = PRESETS[which];
  if (which === "custom") {
    // sent as typed: a value out of bounds is refused by the server, naming its field
    const read = (id) => ($(id).value.trim() === "" ? null : Number($(id).value));
    clock = { kind: $("#clock-kind").value, base: read("#clock-base"), increment: read("#clock-increment") ?? 0 };
  }
  return { clock, timeout: $("#clock-timeout").value };
}
