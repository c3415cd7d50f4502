// "Why not?": a click on a board element that is not a legal choice asks the server why
// (POST /api/games/{id}/why) and shows the answer next to that element: the reason, the
// rule's chip and a "Rule" button that unfolds the rule's text. On a phone it is a bottom
// sheet. It is a live region (role="status"); Escape, a tap elsewhere or the close button
// dismiss it. The answer holds both languages: switching language redraws it in place.
//
// The shell (table.js) calls `explainRefusal(page, key, anchor)` with the key the board's
// renderer gives for the element (`renderer.whyKey(element, ctx)`).

import { ApiError, api } from "./api.js";
import { addStrings, t, tx } from "./i18n.js";
import { h } from "./dom.js";

addStrings({
  fr: {
    "why.title": "Pourquoi pas ?",
    "why.allowed": "Choix permis",
    "why.rule": "Règle",
    "why.rule.label": "Lire la règle {rule}",
    "why.rule.unknown": "Le texte de cette règle n'est pas disponible.",
    "why.close": "Fermer l'explication",
    "why.failed": "Impossible d'obtenir l'explication.",
  },
  en: {
    "why.title": "Why not?",
    "why.allowed": "Allowed",
    "why.rule": "Rule",
    "why.rule.label": "Read rule {rule}",
    "why.rule.unknown": "The text of this rule is not available.",
    "why.close": "Close the explanation",
    "why.failed": "Could not get the explanation.",
  },
});

const PHONE = 600; // px: below this width the answer is a sheet at the bottom of the screen
const TAP = "44px"; // the smallest tap target on a phone

let current = null; // {box, answer, anchor, open, cleanup}

/** Ask the server why `key` is refused and show the answer beside `anchor`. */
export async function explainRefusal(page, key, anchor) {
  const body = { token: page.token, key: String(key).slice(0, 64) };
  const seat = page.state?.decision?.seat;
  if (page.state?.you?.role === "admin" && Number.isInteger(seat)) body.seat = seat;
  let answer;
  try {
    answer = await api("POST", `/api/games/${encodeURIComponent(page.id)}/why`, body);
  } catch (err) {
    const text = err instanceof ApiError && err.text ? err.text : null;
    answer = { legal: false, failed: true, text, rule: err?.rule || null, rule_text: null };
  }
  show(answer, anchor);
  return answer;
}

/** Close the answer, if one is shown. */
export function dismissRefusal() {
  if (!current) return;
  const { box, cleanup } = current;
  current = null;
  cleanup();
  box.remove();
}

function show(answer, anchor) {
  dismissRefusal();
  const box = h("div", { class: "popover why-popover", id: "why-popover", role: "status", "aria-live": "polite" });
  current = { box, answer, anchor, open: false, cleanup: () => {} };
  fill(current);
  document.body.append(box);
  place(box, anchor);
  const unmark = mark(anchor);
  const onKey = (event) => {
    if (event.key === "Escape") dismissRefusal();
  };
  const onPointer = (event) => {
    if (!box.contains(event.target)) dismissRefusal();
  };
  const onLang = () => {
    if (!current) return;
    fill(current);
    place(box, anchor);
  };
  const onResize = () => place(box, anchor);
  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", onPointer, true);
  window.addEventListener("langchange", onLang);
  window.addEventListener("resize", onResize);
  current.cleanup = () => {
    unmark();
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("pointerdown", onPointer, true);
    window.removeEventListener("langchange", onLang);
    window.removeEventListener("resize", onResize);
  };
}

/** (Re)draw the answer's words in the page's language. */
function fill(state) {
  const { box, answer } = state;
  const phone = window.innerWidth <= PHONE;
  const title = h("strong", { class: "why-title" }, t(answer.legal ? "why.allowed" : "why.title"));
  if (answer.rule) title.append(" ", h("span", { class: "rule-chip" }, answer.rule));
  const close = h("button", { type: "button", class: "why-close", "aria-label": t("why.close"), title: t("why.close"), onclick: dismissRefusal }, "×");
  sized(close, phone);
  const head = h("div", { class: "why-head" }, title, close);
  head.style.display = "flex";
  head.style.alignItems = "center";
  head.style.justifyContent = "space-between";
  head.style.gap = "0.5rem";
  const reason = h("p", { class: "why-text" }, answer.text ? tx(answer.text) : t("why.failed"));
  reason.style.margin = "0.2rem 0";
  const parts = [head, reason];
  if (answer.rule) {
    const text = h("div", { class: "why-rule-text", id: "why-rule-text" }, answer.rule_text ? tx(answer.rule_text) : t("why.rule.unknown"));
    text.hidden = !state.open;
    text.style.fontSize = "0.88rem";
    text.style.maxHeight = phone ? "30vh" : "14rem";
    text.style.overflowY = "auto";
    text.style.borderTop = "1px solid var(--line)";
    text.style.paddingTop = "0.3rem";
    const label = () => `${state.open ? "▾" : "▸"} ${t("why.rule")} ${answer.rule}`;
    const toggle = h(
      "button",
      {
        type: "button",
        class: "why-rule",
        "aria-expanded": state.open ? "true" : "false",
        "aria-controls": "why-rule-text",
        "aria-label": t("why.rule.label", { rule: answer.rule }),
        onclick: () => {
          state.open = !state.open;
          text.hidden = !state.open;
          toggle.setAttribute("aria-expanded", state.open ? "true" : "false");
          toggle.textContent = label();
          place(box, state.anchor);
        },
      },
      label()
    );
    sized(toggle, phone, true);
    parts.push(h("div", {}, toggle), text);
  }
  box.replaceChildren(...parts);
  box.classList.toggle("why-legal", Boolean(answer.legal));
  box.style.borderLeft = `4px solid ${answer.legal ? "#3c7a3c" : "#a5452e"}`;
}

function sized(button, phone, wide = false) {
  button.style.minHeight = phone ? TAP : "30px";
  button.style.minWidth = phone ? TAP : "30px";
  if (wide) button.style.padding = "0.2rem 0.7rem";
}

/** Beside the anchor on a laptop (right of it, else left; inside the window); at the
 * bottom of the screen on a phone. */
function place(box, anchor) {
  const s = box.style;
  s.zIndex = "45";
  if (window.innerWidth <= PHONE) {
    Object.assign(s, { left: "8px", right: "8px", bottom: "8px", top: "auto", maxWidth: "none" });
    s.maxHeight = "60vh";
    s.overflowY = "auto";
    return;
  }
  Object.assign(s, { right: "auto", bottom: "auto", maxWidth: "340px", maxHeight: "80vh", overflowY: "auto" });
  const r = anchor && anchor.isConnected ? anchor.getBoundingClientRect() : null;
  const w = box.offsetWidth;
  const hgt = box.offsetHeight;
  let x = r ? r.right + 8 : (window.innerWidth - w) / 2;
  if (r && x + w > window.innerWidth - 8) x = r.left - w - 8;
  x = Math.max(8, Math.min(x, window.innerWidth - w - 8));
  let y = r ? r.top : window.innerHeight / 3;
  y = Math.max(8, Math.min(y, window.innerHeight - hgt - 8));
  s.left = `${Math.round(x)}px`;
  s.top = `${Math.round(y)}px`;
}

/** Outline the element the answer speaks of (an SVG shape's stroke, else an outline). */
function mark(anchor) {
  if (!anchor || !anchor.style) return () => {};
  const shapes = "rect, path, circle, polygon, ellipse";
  const shape = anchor instanceof SVGElement ? (anchor.matches(shapes) ? anchor : anchor.querySelector(shapes)) : null;
  if (shape) {
    const before = [shape.style.stroke, shape.style.strokeWidth];
    shape.style.stroke = "#a5452e";
    shape.style.strokeWidth = "4px";
    return () => {
      [shape.style.stroke, shape.style.strokeWidth] = before;
    };
  }
  const before = anchor.style.outline;
  anchor.style.outline = "3px solid #a5452e";
  return () => {
    anchor.style.outline = before;
  };
}
