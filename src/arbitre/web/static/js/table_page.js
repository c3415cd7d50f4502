// What every part of the table page shares: the page's state, a few lookups, the toasts.
// The parts (table_*.js) reach the page's actions (play, render) through `page.act`.

import { ApiError } from "./api.js";
import { h } from "./dom.js";
import { tx } from "./i18n.js";
import "./table_strings.js";

export const $ = (sel) => document.querySelector(sel);

export const page = {
  id: null,
  token: null,
  seat: null, // the seat the #viewer menu pins (admin); null: the table follows the game
  board: null,
  state: null,
  live: null,
  busy: false,
  curtainFor: null, // the seat the screen must be handed to (hotseat curtain up)
  lastJson: "",
  agents: null, // the ruleset's AI agents (the host's seat menus)
  seatsKey: "",
  takebackKey: "",
  gone: false,
  targets: new Map(),
  act: { play: async () => {}, render: () => {} },
};

export function seatLabel(state, n) {
  const seat = (state.game?.seats || []).find((x) => x.seat === n);
  return seat ? tx(seat.label) : String(n);
}

export function humanSeats(state) {
  return (state.game?.seats || []).filter((x) => x.kind === "human");
}

export function errorText(err) {
  if (err instanceof ApiError && err.text) return tx(err.text);
  return err?.message || String(err);
}

export function toast(message, rule = null, kind = "error") {
  const box = $("#toast");
  const item = h("div", { class: `toast ${kind}`, role: "status" }, message, rule ? h("span", { class: "rule-chip" }, rule) : "");
  box.append(item);
  setTimeout(() => item.remove(), 6000);
}

/** A text field (or a menu) has the keyboard: the page's shortcuts keep off it. */
export function typing(el = document.activeElement) {
  if (!el || el === document.body) return false;
  return el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName);
}

/** A modal dialog is up (the curtain, a takeback to answer, "why?"): page keys keep off. */
export function modalOpen() {
  try {
    return !!document.querySelector("dialog:modal");
  } catch (err) {
    return !!document.querySelector("dialog[open]");
  }
}
