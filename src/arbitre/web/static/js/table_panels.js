// The games' own panels (hand, piles, battle, detachments…) in the sidebar: a renderer may
// export `panels(ctx)` → `[{id, title, node, open}]`; each becomes a named, foldable region.
// A renderer without it draws everything into the board as before.

import { h, clear } from "./dom.js";
import { $, page } from "./table_page.js";
import { mountSocial } from "./table_social.js";
import { mountClock } from "./table_clock.js";

const opened = {}; // what the reader folded or unfolded, by panel id

export function clearPanels() {
  const box = $("#panels");
  clear(box);
  box.hidden = true;
}

export function renderPanels(renderer, ctx) {
  const box = $("#panels");
  mountSocial(); // chat, resign, AI handover, rematch: online games (issue 17)
  mountClock(); // each seat's clock: online games with a clock (issue 17)
  let list = [];
  try {
    list = (renderer?.panels && page.curtainFor === null ? renderer.panels(ctx) : []) || [];
  } catch (err) {
    console.error(err);
    list = [];
  }
  clear(box);
  box.hidden = !list.length;
  for (const panel of list) {
    const id = `panel-${panel.id}`;
    const open = opened[panel.id] ?? panel.open ?? true;
    const details = h("details", { open }, h("summary", {}, h("h2", { id: `${id}-title`, class: "panel-title" }, panel.title)), panel.node);
    details.addEventListener("toggle", () => {
      opened[panel.id] = details.open;
    });
    box.append(h("section", { class: "panel game-panel", id, "aria-labelledby": `${id}-title`, "data-panel": panel.id }, details));
  }
}
