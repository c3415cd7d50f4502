// One note under the Epic table, kept across redraws of the same position: the name of a
// detachment or objective tapped, a point waiting for "Go here", or why a point was refused.

import { h } from "./dom.js";
import { t } from "./i18n.js";

let note = null; // {moves, kind, node, closable}

function host() {
  return document.querySelector("#board .epic-note");
}

/** Show `node` as the note of kind `kind` (null clears it). */
export function showNote(ctx, kind, node = null, closable = false) {
  note = kind ? { moves: ctx.state?.moves, kind, node, closable } : null;
  paint();
}

export function noteKind() {
  return note?.kind || null;
}

/** Put the note back after the table was drawn again (a new position clears it). */
export function restoreNote(ctx) {
  if (note && note.moves !== ctx.state?.moves) note = null;
  paint();
}

function paint() {
  const box = host();
  if (!box) return;
  if (!note) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  const close = note.closable ? h("button", { type: "button", class: "note-close", "aria-label": t("epicp.close"), onclick: () => { note = null; paint(); } }, "×") : "";
  box.replaceChildren(note.node, close);
  box.dataset.kind = note.kind;
  box.hidden = false;
}
