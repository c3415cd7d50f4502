// Takebacks between people online: a request this person must answer is a modal dialog
// (Accept / Refuse); one they made waits in a small dialog that leaves the board usable.

import { h, clear } from "./dom.js";
import { lang, t, tx } from "./i18n.js";
import { $, errorText, page, toast } from "./table_page.js";

export function takebackButtons(tb) {
  if (tb.mine) return h("span", { class: "takeback-actions" }, h("button", { type: "button", onclick: () => answerTakeback(false) }, t("table.takeback.withdraw")));
  return h(
    "span",
    { class: "takeback-actions" },
    h("button", { type: "button", class: "primary", onclick: () => answerTakeback(true) }, t("table.takeback.accept")),
    h("button", { type: "button", onclick: () => answerTakeback(false) }, t("table.takeback.refuse"))
  );
}

async function answerTakeback(accept) {
  if (page.busy) return;
  page.busy = true;
  page.withdrawing = !accept && !!page.state?.takeback?.mine;
  try {
    await page.live.takeback(accept);
  } catch (err) {
    toast(`${t("table.error")} : ${errorText(err)}`, err.rule);
  } finally {
    page.busy = false;
    page.act.render();
  }
}

export function renderTakeback(state) {
  const dialog = $("#takeback");
  const tb = state.takeback;
  const shown = tb && (tb.yours || tb.mine) ? tb : null;
  const key = shown ? JSON.stringify([shown.seat, shown.moves, shown.yours, shown.mine, lang()]) : "";
  if (key === page.takebackKey) return;
  page.takebackKey = key;
  if (dialog.open) dialog.close();
  clear(dialog);
  dialog.classList.toggle("asked", !!shown?.yours);
  if (!shown) return;
  dialog.append(
    h("h2", { id: "takeback-title" }, t("table.takeback.title")),
    h("p", { id: "takeback-text", class: "takeback-text" }, shown.mine ? t("table.takeback.mine") : tx(shown.text)),
    shown.mine ? h("p", { class: "who waiting" }, h("span", { class: "spinner" }), t("table.takeback.waiting")) : "",
    h("p", { class: "muted" }, t("table.takeback.help")),
    h("div", { class: "dialog-actions" }, takebackButtons(shown))
  );
  if (shown.yours) dialog.showModal();
  else dialog.show();
}

/** What the previous State had pending, read against the new one: a toast says how it ended. */
export function takebackEnded(before, after) {
  const tb = before?.takeback;
  if (!tb || after.takeback) return;
  if (after.moves < before.moves) toast(t("table.takeback.done"), null, "info");
  else if (tb.mine && !page.withdrawing && after.moves === before.moves) toast(t("table.takeback.refused"), null, "info");
  page.withdrawing = false;
}
