// The editor's grid: one button per cell (its name says where it is and what it holds,
// "case 3,4 : obstacle"), drawn with row 0 at the bottom as the game's board draws it.
// A tap or a click toggles an obstacle; with a mouse, dragging paints (or erases) a run of
// cells; from the keyboard, the arrow keys move the chosen cell (one tab stop for the whole
// grid) and Enter/Space toggles it. The grid scrolls inside its frame and zooms (−/+).

import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

export const SIZES = [28, 36, 44, 56]; // cell sizes in px; 44 (a finger) by default
const cellKey = (x, y) => `${x},${y}`;

/**
 * `grid.draw(model)` redraws; `model` is {width, height, obstacles: Set("x,y"),
 * players_line, mj_line}. `onToggle(key, on)` is called for each cell changed.
 */
export class EditorGrid {
  constructor(host, onToggle) {
    this.host = host;
    this.onToggle = onToggle;
    this.selected = null;
    this.size = 2;
    this.painting = null; // with a mouse button down: true paints obstacles, false erases
    this.skipClick = false;
    window.addEventListener("pointerup", () => {
      this.painting = null;
      // a drag ends on another cell, where no click follows: the next click is a real one
      setTimeout(() => (this.skipClick = false), 0);
    });
  }

  zoom(step) {
    this.size = Math.max(0, Math.min(SIZES.length - 1, this.size + step));
    this.host.style.setProperty("--cell", `${SIZES[this.size]}px`);
    return this.size;
  }

  lineOf(model, y) {
    const row = (where) => (where === "top" ? model.height - 1 : 0);
    if (y === row(model.players_line)) return "players";
    if (y === row(model.mj_line)) return "mj";
    return null;
  }

  cellName(model, x, y) {
    const key = cellKey(x, y);
    const parts = [model.obstacles.has(key) ? t("ced.cell.obstacle") : t("ced.cell.free")];
    const line = this.lineOf(model, y);
    if (line) parts.push(t(`ced.cell.${line}`));
    return t("ced.cell", { at: key, what: parts.join(", ") });
  }

  draw(model) {
    this.model = model;
    const { width: W, height: H } = model;
    if (this.selected) {
      const [x, y] = this.selected.split(",").map(Number);
      if (x >= W || y >= H) this.selected = null;
    }
    const grid = h("div", {
      class: "ced-grid",
      role: "group",
      "aria-label": t("ced.grid.label", { w: W, h: H }),
      id: "ced-grid",
    });
    grid.style.gridTemplateColumns = `repeat(${W}, var(--cell))`;
    for (let y = H - 1; y >= 0; y -= 1) {
      for (let x = 0; x < W; x += 1) grid.append(this.cellButton(model, x, y));
    }
    if (!grid.querySelector("[tabindex='0']")) grid.firstChild?.setAttribute("tabindex", "0");
    clear(this.host).append(grid);
  }

  /** A cell's look and name, from the model (the button is kept: focus stays on it). */
  paint(button, model, x, y) {
    const key = cellKey(x, y);
    const line = this.lineOf(model, y);
    const on = model.obstacles.has(key);
    button.className = "ced-cell";
    button.classList.toggle("obstacle", on);
    if (line) button.classList.add(`line-${line}`);
    button.classList.toggle("bad", Boolean(line) && on);
    button.classList.toggle("selected", key === this.selected);
    const name = this.cellName(model, x, y);
    button.setAttribute("aria-label", name);
    button.title = name;
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.setAttribute("tabindex", key === this.selected ? "0" : "-1");
  }

  cellButton(model, x, y) {
    const key = cellKey(x, y);
    const button = h("button", { type: "button", "data-cell": key });
    this.paint(button, model, x, y);
    button.addEventListener("pointerdown", (e) => {
      if (e.pointerType !== "mouse" || e.button !== 0) return;
      this.painting = !this.model.obstacles.has(key);
      this.skipClick = true;
      this.set(key, this.painting);
    });
    button.addEventListener("pointerenter", (e) => {
      if (e.pointerType === "mouse" && this.painting !== null && e.buttons === 1) this.set(key, this.painting);
    });
    button.addEventListener("click", () => {
      if (this.skipClick) {
        this.skipClick = false;
        return;
      }
      this.set(key, !this.model.obstacles.has(key));
    });
    button.addEventListener("keydown", (e) => this.key(e, x, y));
    button.addEventListener("focus", () => this.select(key));
    return button;
  }

  /** Put (on) or take away an obstacle at `key`, then redraw that cell only. */
  set(key, on) {
    this.select(key);
    if (this.model.obstacles.has(key) === on) return;
    this.onToggle(key, on);
    const [x, y] = key.split(",").map(Number);
    const button = this.host.querySelector(`[data-cell="${key}"]`);
    if (button) this.paint(button, this.model, x, y);
  }

  select(key) {
    if (this.selected === key) return;
    for (const old of this.host.querySelectorAll(".ced-cell.selected, .ced-cell[tabindex='0']")) {
      old.classList.remove("selected");
      old.setAttribute("tabindex", "-1");
    }
    this.selected = key;
    const cell = this.host.querySelector(`[data-cell="${key}"]`);
    if (cell) {
      cell.classList.add("selected");
      cell.setAttribute("tabindex", "0");
    }
    this.host.dispatchEvent(new CustomEvent("cellselect", { detail: key, bubbles: true }));
  }

  key(e, x, y) {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const step = moves[e.key];
    if (!step) return;
    e.preventDefault();
    const nx = Math.max(0, Math.min(this.model.width - 1, x + step[0]));
    const ny = Math.max(0, Math.min(this.model.height - 1, y + step[1]));
    const next = this.host.querySelector(`[data-cell="${cellKey(nx, ny)}"]`);
    if (next) {
      this.select(cellKey(nx, ny));
      next.focus();
      next.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }
}
