// The detachments of both sides as a list of cards (no table: nothing scrolls sideways on
// a phone), offered to the page shell as a named panel (`panels(ctx)`), or placed under the
// table when the shell has no panel slot.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { letters, orderName, sideName, sidesOf, unitName } from "./epic_words.js";

export function detList(ctx) {
  const v = ctx.view;
  const ids = letters(v);
  const sides = sidesOf(v);
  const left = new Map();
  for (const st of v.stands || []) left.set(st.det, (left.get(st.det) || 0) + 1);
  const items = (v.detachments || []).map((det) => {
    const flags = [];
    if (det.moved) flags.push(t("epic.moved"));
    if (det.acted) flags.push(t("epic.acted"));
    const hidden = det.order === "hidden" || !det.order;
    return h(
      "li",
      { class: `det-card side-${sides.indexOf(det.side)}${det.broken ? " broken" : ""}`, "data-target": `det:${det.id}`, "data-det": det.id },
      h("span", { class: "det-letter-cell", "aria-hidden": "true" }, ids.get(det.id)),
      h(
        "span",
        { class: "det-body" },
        h("span", { class: "det-name" }, `${unitName(ctx, det)} (${ids.get(det.id)})`),
        h("span", { class: "det-side muted" }, sideName(ctx, det.side)),
        h("span", { class: `det-order${hidden ? " muted" : ""}` }, orderName(ctx, det.order)),
        h("span", { class: "det-stands" }, t("epic.stands", { n: left.get(det.id) || 0, lost: det.lost, bp: det.break_points })),
        flags.length ? h("span", { class: "det-flags muted" }, flags.join(", ")) : "",
        det.broken ? h("span", { class: "alert" }, t("epic.broken")) : ""
      )
    );
  });
  return h("div", { class: "epic-dets" }, h("ul", { class: "dets", "aria-label": t("epicp.panel.dets") }, items), h("p", { class: "legend" }, t("epicp.legend")));
}

/** The renderer's panels for the shell's sidebar: the detachments, folded on a phone. */
export function panels(ctx) {
  const phone = typeof window !== "undefined" && window.matchMedia?.("(max-width: 700px)").matches;
  return [{ id: "epic-dets", title: t("epicp.panel.dets"), node: detList(ctx), open: !phone }];
}

/** Whether the page shell shows the renderer's panels (then the list is not drawn under
 * the table as well). */
export function shellHasPanels(ctx) {
  return Boolean(ctx.panels || ctx.hasPanels || document.querySelector("[data-panels], #panels"));
}
