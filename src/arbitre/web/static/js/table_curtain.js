// The hotseat curtain: when the table must pass the screen to another seat, a modal dialog
// covers the whole page (the rest is inert, and the board, panels and log under it are
// emptied); nothing of that seat is asked for before its player presses "I am <seat>".

import { h, clear } from "./dom.js";
import { t } from "./i18n.js";
import { $, errorText, page, seatLabel, toast } from "./table_page.js";

const curtain = { asked: null, bound: false };

function bind(dialog) {
  if (curtain.bound) return;
  curtain.bound = true;
  // Escape does not lift it: only the next seat's "I am …" does
  dialog.addEventListener("cancel", (event) => event.preventDefault());
}

function setInert(on) {
  for (const el of [$("main"), $(".topbar")]) if (el) el.inert = on;
}

/** The State says whether the screen must be handed over (the table, unless #viewer pins a
 * seat): keep the curtain's seat on the page. */
export function readHandover(state) {
  const table = state.you?.role === "admin" && page.seat === null;
  const next = table && state.handover ? state.handover.seat : null;
  if (next !== page.curtainFor) curtain.asked = null;
  page.curtainFor = next;
  if (table && next === null && state.viewer !== null && state.viewer !== undefined) page.live.confirmed = state.viewer;
}

async function confirm(seat, button) {
  curtain.asked = seat;
  button.disabled = true;
  button.textContent = t("table.curtain.wait");
  try {
    await page.live.view(seat);
  } catch (err) {
    curtain.asked = null;
    toast(`${t("table.error")} : ${errorText(err)}`, err.rule);
    page.act.render();
  }
}

export function renderCurtain(state) {
  const dialog = $("#curtain");
  bind(dialog);
  if (page.curtainFor === null) {
    if (dialog.open) dialog.close();
    clear(dialog);
    setInert(false);
    return;
  }
  const seat = page.curtainFor;
  const name = seatLabel(state, seat);
  const asked = curtain.asked === seat;
  const button = h("button", { type: "button", class: "primary", id: "curtain-go", disabled: asked }, asked ? t("table.curtain.wait") : t("table.curtain.me", { seat: name }));
  button.addEventListener("click", () => confirm(seat, button));
  clear(dialog);
  dialog.dataset.seat = String(seat);
  dialog.append(
    h(
      "div",
      { class: "curtain-card" },
      h("h2", { id: "curtain-title" }, t("table.curtain.title")),
      h("p", { id: "curtain-text" }, t("table.curtain.next", { seat: name })),
      button
    )
  );
  setInert(true);
  if (!dialog.open) dialog.showModal();
  button.focus();
}
