// The decision panel (a named region: who is to answer, the question, its options as
// buttons numbered for the keyboard) and the board elements the options refer to. On a
// phone the panel is a bottom sheet that stays on screen (it can be folded).

import { h, clear } from "./dom.js";
import { t, tx } from "./i18n.js";
import { $, modalOpen, page, seatLabel, typing } from "./table_page.js";
import { takebackButtons } from "./table_takeback.js";

const decisionState = { key: "", folded: false, bound: false };

function cssTarget(name) {
  return `[data-target~="${CSS.escape(name)}"]`;
}

/** Where board elements live: the board and the games' panels. */
function scopes() {
  return [$("#board"), $("#panels")].filter(Boolean);
}

function findAll(target) {
  return scopes().flatMap((el) => [...el.querySelectorAll(cssTarget(target))]);
}

/** Make the board elements that options refer to clickable; several options on one element
 * open a small menu. */
export function bindTargets(renderer, ctx) {
  const decision = ctx.decision;
  page.targets = new Map();
  const host = $("#board");
  host.classList.remove("picking");
  if (!decision || !decision.yours || !decision.options?.length || page.curtainFor !== null) return;
  const byTarget = new Map();
  for (const option of decision.options) {
    for (const candidate of renderer.targets(option.key, ctx)) {
      if (findAll(candidate).length) {
        if (!byTarget.has(candidate)) byTarget.set(candidate, []);
        byTarget.get(candidate).push(option);
        page.targets.set(option.key, candidate);
        break;
      }
    }
  }
  if (byTarget.size) host.classList.add("picking");
  for (const [target, options] of byTarget) {
    for (const el of findAll(target)) {
      el.classList.add("pickable");
      el.setAttribute("tabindex", "0");
      const pick = (event) => {
        event.stopPropagation();
        event.preventDefault();
        if (options.length === 1) page.act.play(options[0].key);
        else showMenu(event, options);
      };
      el.addEventListener("click", pick);
      el.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") pick(event);
      });
    }
  }
}

/** A click on a board element that is no choice now: ask the game why not (js/why.js). */
export async function whyNot(event, renderer, ctx) {
  if (!renderer?.whyKey || !ctx.decision?.yours || page.curtainFor !== null) return;
  const el = event.target.closest?.("[data-target]");
  if (!el || el.classList.contains("pickable") || !scopes().some((s) => s.contains(el))) return;
  const key = renderer.whyKey(el, ctx);
  if (!key) return;
  try {
    const { explainRefusal } = await import("./why.js");
    await explainRefusal(page, key, el);
  } catch (err) {
    console.warn("why not?", err); // the page works without the explanations
  }
}

export function showMenu(event, options) {
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
            page.act.play(option.key);
          },
        },
        tx(option.text)
      )
    );
  }
  menu.hidden = false;
  const x = Math.min((event.clientX || 0) + 8, window.innerWidth - menu.offsetWidth - 8);
  const y = Math.min((event.clientY || 0) + 8, window.innerHeight - menu.offsetHeight - 8);
  menu.style.left = `${Math.max(4, x)}px`;
  menu.style.top = `${Math.max(4, y)}px`;
  menu.querySelector("button")?.focus();
}

export function hideMenu() {
  $("#popover").hidden = true;
}

function highlight(key, on) {
  const target = page.targets?.get(key);
  if (!target) return;
  for (const el of findAll(target)) el.classList.toggle("hint", on);
}

function optionButton(option, n) {
  const targeted = page.targets?.has(option.key);
  const text = tx(option.text);
  return h(
    "button",
    {
      type: "button",
      class: `option${targeted ? " targeted" : ""}`,
      "data-key": option.key,
      disabled: page.busy,
      title: text.length > 60 ? text : null,
      onclick: () => page.act.play(option.key),
      onmouseenter: () => highlight(option.key, true),
      onmouseleave: () => highlight(option.key, false),
      onfocus: () => highlight(option.key, true),
      onblur: () => highlight(option.key, false),
    },
    n <= 10 ? h("span", { class: "key-badge", "aria-hidden": "true" }, String(n % 10)) : "",
    h("span", { class: "option-text" }, text)
  );
}

function whoLine(state, d) {
  const seat = (state.game?.seats || []).find((x) => x.seat === d.seat);
  const ai = seat && seat.kind === "ai";
  if (d.yours) return h("div", { class: "who yours" }, t("table.yours", { seat: seatLabel(state, d.seat) }));
  const key = ai ? "table.waiting.ai" : seat?.open ? "table.waiting.open" : "table.waiting";
  return h("div", { class: "who waiting" }, h("span", { class: "spinner" }), t(key, { seat: seatLabel(state, d.seat) }));
}

function sheetToggle() {
  const folded = decisionState.folded;
  return h(
    "button",
    {
      type: "button",
      class: "sheet-toggle",
      "aria-expanded": folded ? "false" : "true",
      "aria-controls": "decision-body",
      "aria-label": t(folded ? "table.decision.sheet.open" : "table.decision.sheet.close"),
      onclick: () => {
        decisionState.folded = !decisionState.folded;
        page.act.render();
      },
    },
    folded ? "▴" : "▾"
  );
}

export function renderDecision(state) {
  bindKeys();
  const box = $("#decision");
  clear(box);
  box.classList.toggle("folded", decisionState.folded);
  const d = state.decision;
  const head = h("div", { class: "decision-head" }, h("h2", { id: "decision-title" }, t(d ? "table.decision" : "table.over")), sheetToggle());
  box.append(head);
  if (!d) return;
  const body = h("div", { class: "decision-body", id: "decision-body" });
  box.append(body);
  head.append(whoLine(state, d));
  const tb = state.takeback;
  if (tb && !tb.mine && !(tb.yours && $("#takeback").open)) {
    // a pending request, for those its dialog does not show it to (the host, the
    // spectators, a seat that already accepted; or a dialog closed with Escape)
    const line = h("div", { class: "takeback-line", role: "status" }, tx(tb.text), " ");
    line.append(tb.yours ? takebackButtons(tb) : h("span", { class: "muted" }, t("table.takeback.waiting")));
    body.append(line);
  }
  // another seat's decision reads "Waiting for …": the line above already says it
  if (d.yours) body.append(h("p", { class: "decision-text", "data-kind": d.kind }, tx(d.text)));
  const yours = d.yours && page.curtainFor === null;
  if (yours) body.append(h("div", { class: "options", role: "group", "aria-labelledby": "decision-title" }, (d.options || []).map((o, i) => optionButton(o, i + 1))));
  const rules = (d.rules || []).map((r) => h("span", { class: "rule-chip" }, r));
  body.append(h("div", { class: "why-row" }, h("button", { type: "button", class: "link", id: "why", onclick: () => page.act.why(state) }, t("table.why")), " ", rules));
  focusNew(state, yours);
}

/** A decision that just became yours: the keyboard goes to its first option (unless a
 * text field or a menu has it). */
function focusNew(state, yours) {
  const d = state.decision;
  const key = yours ? JSON.stringify([state.moves, d.seat, d.kind]) : "";
  if (key === decisionState.key) return;
  decisionState.key = key;
  if (!yours || typing() || modalOpen()) return;
  const first = $("#decision .options button.option");
  first?.focus({ preventScroll: true });
}

function bindKeys() {
  if (decisionState.bound) return;
  decisionState.bound = true;
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || !/^[0-9]$/.test(event.key)) return;
    if (typing(event.target) || modalOpen() || !$("#popover").hidden) return;
    const n = event.key === "0" ? 10 : Number(event.key);
    const button = document.querySelectorAll("#decision .options button.option")[n - 1];
    if (!button || button.disabled) return;
    event.preventDefault();
    button.click();
  });
}
