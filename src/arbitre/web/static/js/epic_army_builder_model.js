// The army the builder edits (issue 16; docs/epic.md "The army file"): a list id, a name,
// a points limit and the cards taken, each with its options and, for a card of Bound
// Characters, the card it joins (`attach`, 1-based) and optionally which detachment of it.
// Plain data and the TOML text the server reads; the server decides what is legal.

import { tomlText } from "./toml.js";

export const MIN_POINTS = 100;
export const MAX_POINTS = 20000;
export const MAX_CARDS = 60; // armies/model.py MAX_CARDS

/** The list's cards by id (built once per list). */
export function cardsById(lst) {
  if (!lst._byId) lst._byId = Object.fromEntries(lst.cards.map((c) => [c.id, c]));
  return lst._byId;
}

export function blankArmy(listId, points) {
  return { list: listId, name: "", points, cards: [] };
}

/** An army read back by the server (POST /api/epic/armies/check `army`), kept as given. */
export function armyFrom(data) {
  return {
    list: data.list,
    name: typeof data.name === "string" ? data.name : "",
    points: data.points,
    cards: (data.cards || []).map((c) => ({
      card: c.card,
      options: [...(c.options || [])],
      attach: c.attach ?? null,
      detachment: c.detachment ?? null,
    })),
  };
}

/** The army file's text (TOML; null fields left out). */
export function armyText(army) {
  const cards = army.cards.map((c) => ({ card: c.card, options: c.options, attach: c.attach, detachment: c.detachment }));
  const data = { list: army.list, name: army.name, points: army.points };
  if (!cards.length) data.cards = [];
  else data.cards = cards;
  return tomlText(data, "Armée Epic / Epic army (arbitre)");
}

/** The numbers (1-based) and cards of the army that have detachments: where Bound
 * Characters may go (EP-10.1). */
export function hosts(army, lst) {
  const byId = cardsById(lst);
  return army.cards
    .map((c, i) => ({ n: i + 1, card: byId[c.card] }))
    .filter((x) => x.card && !x.card.character);
}

/** The detachments a taken card lays out, in order (its own, then its options'). */
export function detachmentsOf(taken, lst) {
  const card = cardsById(lst)[taken.card];
  if (!card) return [];
  const groups = [...card.detachments];
  for (const o of card.options) if (taken.options.includes(o.id)) groups.push(...o.detachments);
  return groups.flatMap((g) => Array.from({ length: g.count }, () => g.unit));
}

/** Take a card: a card of Bound Characters joins the first card with detachments. */
export function addCard(army, lst, cardId) {
  const card = cardsById(lst)[cardId];
  if (!card || army.cards.length >= MAX_CARDS) return null;
  const first = hosts(army, lst)[0];
  army.cards.push({ card: cardId, options: [], attach: card.character ? first?.n ?? null : null, detachment: null });
  return army.cards.length;
}

/** Remove card number `n` (1-based); the characters that joined it join nothing (the
 * server then says so, EP-10.1), later numbers move down by one. */
export function removeCard(army, n) {
  army.cards.splice(n - 1, 1);
  for (const c of army.cards) {
    if (c.attach === null) continue;
    if (c.attach === n) {
      c.attach = null;
      c.detachment = null;
    } else if (c.attach > n) c.attach -= 1;
  }
}

export function toggleOption(taken, optionId, on) {
  taken.options = taken.options.filter((o) => o !== optionId);
  if (on) taken.options.push(optionId);
}

/** The points limit typed: a whole number in range, or the text as typed (the server
 * refuses it, naming the field). */
export function pointsOf(raw) {
  const text = String(raw).trim();
  const n = Number(text);
  return text !== "" && Number.isInteger(n) ? n : text;
}
