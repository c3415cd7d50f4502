// Hérésie cards a seat may read: a chip (name, cost or values) that opens the card's face on
// hover, on focus and on tap (its "i" button): full text, cost, attack / shields, requirement,
// counter cost, where it comes from. The faces are the board's public catalog
// (`ctx.board.cards`, GET …/board); a chip is only ever made for an id the seat's view holds.
// `cardPopover(ctx, cardId, anchor)` opens a face from anywhere (the log, a battle).

import { h } from "./dom.js";
import { addStrings, t, tx } from "./i18n.js";
import { base, cardName, names } from "./heresy_names.js";

addStrings({
  fr: {
    "hcard.read": "Lire la carte {card}",
    "hcard.close": "Fermer",
    "hcard.cost": "Coût : {n}",
    "hcard.cost.unknown": "Coût : inconnu",
    "hcard.attack": "Attaque : {n}",
    "hcard.shields": "Boucliers : {n}",
    "hcard.counter": "Coût de contre : {n}",
    "hcard.free": "Effet gratuit",
    "hcard.requirement": "Condition de l'effet spécial : {text}",
    "hcard.effect.label": "Effet : ",
    "hcard.strategic.label": "Effet stratégique : ",
    "hcard.provenance": "Provenance : {text}",
    "hcard.copies": "{n} {n -> [one] exemplaire [other] exemplaires}",
    "hcard.iterations": "{n} {n -> [one] itération [other] itérations}",
    "hcard.starting": "carte de départ",
    "hcard.reusable": "réutilisable",
    "hcard.immediate": "à exécuter immédiatement",
    "hcard.symbol": "Symbole : {text}",
    "hcard.no_text": "Texte inconnu des sources.",
    "hcard.unknown": "Carte inconnue de ce contenu.",
    "hcard.deck.orders_imperial": "Ordre de l'Imperium",
    "hcard.deck.orders_traitor": "Ordre du Traître",
    "hcard.deck.orders_unknown": "Ordre",
    "hcard.deck.combat_imperial": "Combat de l'Imperium",
    "hcard.deck.combat_traitor": "Combat du Traître",
    "hcard.deck.combat_unknown": "Combat",
    "hcard.deck.hero_combat_imperial": "Combat de Héros de l'Imperium",
    "hcard.deck.hero_combat_traitor": "Combat de Héros du Traître",
    "hcard.deck.hero_combat_unknown": "Combat de Héros",
    "hcard.deck.events": "Événement",
    "hcard.deck.bombardment": "Bombardement",
    "hcard.kind.movement": "mouvement",
    "hcard.kind.attack": "attaque",
    "hcard.kind.landing": "atterrissage",
    "hcard.kind.other": "autre",
  },
  en: {
    "hcard.read": "Read the card {card}",
    "hcard.close": "Close",
    "hcard.cost": "Cost: {n}",
    "hcard.cost.unknown": "Cost: unknown",
    "hcard.attack": "Attack: {n}",
    "hcard.shields": "Shields: {n}",
    "hcard.counter": "Counter cost: {n}",
    "hcard.free": "Free effect",
    "hcard.requirement": "Special effect requirement: {text}",
    "hcard.effect.label": "Effect: ",
    "hcard.strategic.label": "Strategic effect: ",
    "hcard.provenance": "Source: {text}",
    "hcard.copies": "{n} {n -> [one] copy [other] copies}",
    "hcard.iterations": "{n} {n -> [one] iteration [other] iterations}",
    "hcard.starting": "starting card",
    "hcard.reusable": "reusable",
    "hcard.immediate": "to be played at once",
    "hcard.symbol": "Symbol: {text}",
    "hcard.no_text": "Text unknown to the sources.",
    "hcard.unknown": "A card this content does not know.",
    "hcard.deck.orders_imperial": "Imperium Order",
    "hcard.deck.orders_traitor": "Traitor Order",
    "hcard.deck.orders_unknown": "Order",
    "hcard.deck.combat_imperial": "Imperium Combat",
    "hcard.deck.combat_traitor": "Traitor Combat",
    "hcard.deck.combat_unknown": "Combat",
    "hcard.deck.hero_combat_imperial": "Imperium Hero Combat",
    "hcard.deck.hero_combat_traitor": "Traitor Hero Combat",
    "hcard.deck.hero_combat_unknown": "Hero Combat",
    "hcard.deck.events": "Event",
    "hcard.deck.bombardment": "Bombardment",
    "hcard.kind.movement": "movement",
    "hcard.kind.attack": "attack",
    "hcard.kind.landing": "landing",
    "hcard.kind.other": "other",
  },
});

/** The public face of a card id (`assault#2` is a copy of `assault`), or null. */
export function cardFace(ctx, card) {
  return ctx.board?.cards?.[base(card)] || null;
}

function faceName(ctx, card) {
  const face = cardFace(ctx, card);
  return face ? tx(face.name) : cardName(ctx, card);
}

/** What a chip shows under the name: the cost of an Order, the values of a Combat card. */
export function cardStats(ctx, card) {
  const face = cardFace(ctx, card);
  if (!face) return "";
  if (face.deck.startsWith("orders")) return face.cost === null || face.cost === undefined ? t("heresy.cost.unknown") : t("heresy.cost", { n: face.cost });
  const combat = names(ctx).combat?.[base(card)];
  if (combat) return tx(combat.stats);
  return "";
}

function values(face) {
  const out = [];
  if (face.deck.startsWith("orders")) out.push(face.cost === null || face.cost === undefined ? t("hcard.cost.unknown") : t("hcard.cost", { n: face.cost }));
  if (face.attack !== null && face.attack !== undefined) out.push(t("hcard.attack", { n: face.attack }));
  if (face.shields !== null && face.shields !== undefined) out.push(t("hcard.shields", { n: face.shields }));
  if (face.counter) out.push(t("hcard.counter", { n: face.counter }));
  if (face.free) out.push(t("hcard.free"));
  if (face.iterations) out.push(t("hcard.iterations", { n: face.iterations }));
  if (face.starting) out.push(t("hcard.starting"));
  if (face.reusable) out.push(t("hcard.reusable"));
  if (face.immediate) out.push(t("hcard.immediate"));
  if (face.copies) out.push(t("hcard.copies", { n: face.copies }));
  return out;
}

/** The face of `card` as a block of HTML (the popover's and the compendium's body). */
export function faceNode(face, opts = {}) {
  if (!face) return h("div", { class: "card-face" }, h("p", {}, t("hcard.unknown")));
  const deck = t(`hcard.deck.${face.deck}`);
  const kind = face.kind ? ` · ${t(`hcard.kind.${face.kind}`)}` : "";
  const parts = [
    h("div", { class: "face-head" }, h(opts.heading || "h3", { class: "face-name" }, tx(face.name)), h("span", { class: `face-deck deck-${face.deck}` }, deck + kind)),
  ];
  if (face.name_ours) parts.push(h("p", { class: "face-ours" }, t("heresy.card.name_ours")));
  const vals = values(face);
  if (vals.length) parts.push(h("p", { class: "face-values" }, vals.join(" · ")));
  if (face.requirement) parts.push(h("p", { class: "face-req" }, t("hcard.requirement", { text: tx(face.requirement) })));
  parts.push(h("p", { class: "face-effect" }, face.deck.startsWith("orders") && face.strategic ? h("b", {}, t("hcard.effect.label")) : "", face.effect ? tx(face.effect) : t("hcard.no_text")));
  if (face.strategic) parts.push(h("p", { class: "face-strategic" }, h("b", {}, t("hcard.strategic.label")), tx(face.strategic)));
  if (face.symbol) parts.push(h("p", { class: "face-symbol" }, t("hcard.symbol", { text: tx(face.symbol) })));
  parts.push(h("p", { class: `face-prov source-${face.source}` }, t("hcard.provenance", { text: tx(face.provenance) })));
  if (face.designed) parts.push(h("p", { class: "face-designed" }, tx(face.designed)));
  return h("div", { class: "card-face", "data-card": face.id }, parts);
}

// --- the popover --------------------------------------------------------------------------

const pop = { el: null, anchor: null, pinned: false, quiet: false };

function popEl() {
  if (pop.el && pop.el.isConnected) return pop.el;
  pop.el = h("div", { class: "card-pop", id: "card-pop", role: "dialog", hidden: true });
  document.body.append(pop.el);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !pop.el.hidden) closeCard(true);
  });
  document.addEventListener("click", (e) => {
    if (pop.el.hidden || pop.el.contains(e.target) || pop.anchor?.contains(e.target)) return;
    closeCard(false);
  });
  return pop.el;
}

function place(el, anchor) {
  if (window.innerWidth <= 700) {
    // a phone: a sheet along the bottom of the screen
    el.classList.add("sheet");
    el.style.left = "";
    el.style.top = "";
    return;
  }
  el.classList.remove("sheet");
  const r = anchor?.getBoundingClientRect?.() || { left: 20, right: 20, top: 20, bottom: 20 };
  const w = el.offsetWidth;
  const hgt = el.offsetHeight;
  let x = r.left;
  if (x + w > window.innerWidth - 8) x = window.innerWidth - w - 8;
  let y = r.bottom + 6;
  if (y + hgt > window.innerHeight - 8) y = Math.max(8, r.top - hgt - 6);
  el.style.left = `${Math.max(8, x)}px`;
  el.style.top = `${y}px`;
}

/** Open the face of `cardId` next to `anchor` (an element). `pinned`: opened by a tap or
 * a click, it stays until closed; opened by hover or focus, it goes when they end. */
export function cardPopover(ctx, cardId, anchor, pinned = true) {
  const el = popEl();
  const face = cardFace(ctx, cardId);
  const label = face ? tx(face.name) : cardName(ctx, cardId);
  el.replaceChildren(
    faceNode(face),
    h("button", { type: "button", class: "card-pop-close", "aria-label": t("hcard.close"), onclick: () => closeCard(true) }, "×")
  );
  el.setAttribute("aria-label", label);
  el.dataset.card = base(cardId);
  el.hidden = false;
  pop.anchor = anchor || null;
  pop.pinned = pinned;
  place(el, anchor);
  return el;
}

export function closeCard(refocus = false) {
  if (!pop.el || pop.el.hidden) return;
  pop.el.hidden = true;
  const anchor = pop.anchor;
  pop.anchor = null;
  pop.pinned = false;
  const target = anchor?.querySelector?.("button.card-info") || anchor;
  if (refocus && target?.isConnected && target.focus) {
    pop.quiet = true; // focus comes back to the card: it must not open it again
    target.focus();
    pop.quiet = false;
  }
}

/** After a redraw: a face opened by hover or focus goes with the chip it was opened on. */
export function forgetStaleCard() {
  if (pop.el && !pop.el.hidden && !pop.pinned && !pop.anchor?.isConnected) closeCard(false);
}

function softClose(anchor) {
  if (!pop.pinned && pop.anchor === anchor) closeCard(false);
}

/** Hover, focus and tap on `el` open the face of `card`; `button` is its "i" button. */
export function readable(ctx, el, card, button) {
  // hover with a mouse only: a finger's tap is a click (a sheet opened under the finger
  // by its compatibility mouse events would take the click)
  el.addEventListener("pointerenter", (e) => {
    if (e.pointerType === "mouse" && !pop.pinned) cardPopover(ctx, card, el, false);
  });
  el.addEventListener("pointerleave", (e) => {
    if (e.pointerType === "mouse") softClose(el);
  });
  // focus from the keyboard (Tab): a tap's focus is not `:focus-visible`
  el.addEventListener("focusin", (e) => {
    if (!pop.pinned && !pop.quiet && e.target.matches?.(":focus-visible")) cardPopover(ctx, card, el, false);
  });
  el.addEventListener("focusout", () => softClose(el));
  const open = (event) => {
    event.stopPropagation();
    event.preventDefault();
    if (!pop.el?.hidden && pop.anchor === el && pop.pinned) closeCard(false);
    else cardPopover(ctx, card, el, true);
  };
  button.addEventListener("click", open);
  // a card that is not a choice opens its face when tapped anywhere
  el.addEventListener("click", (event) => {
    if (!el.classList.contains("pickable")) open(event);
  });
}

/** A card chip: name, cost or values, and the "i" button that opens its face. */
export function cardChip(ctx, card, extra = "") {
  const id = base(card);
  const face = cardFace(ctx, card);
  const name = faceName(ctx, card);
  const stats = cardStats(ctx, card);
  const button = h("button", { type: "button", class: "card-info", "aria-label": t("hcard.read", { card: name }), "aria-haspopup": "dialog" }, h("span", { class: "i-mark", "aria-hidden": "true" }, "i"));
  const chip = h(
    "span",
    {
      class: `card${face?.hero ? " hero-card" : ""}${face ? ` deck-${face.deck}` : ""}`,
      "data-target": `card:${card}${card !== id ? " card:" + id : ""}`,
      "data-card": id,
    },
    h("span", { class: "card-text" }, h("b", {}, name), stats ? h("small", {}, stats) : ""),
    extra,
    button
  );
  readable(ctx, chip, card, button);
  return chip;
}

// --- card names in the log -----------------------------------------------------------------

const namesCache = { board: null, lang: null, re: null, byName: null };

function nameIndex(ctx) {
  const lang = document.documentElement.lang || "fr";
  if (namesCache.board === ctx.board && namesCache.lang === lang) return namesCache;
  const byName = new Map();
  for (const face of Object.values(ctx.board?.cards || {})) {
    if (face.deck === "bombardment") continue; // "Carte Bombardement n" is never in the log
    const name = tx(face.name);
    if (!name || name.length < 4) continue;
    if (!byName.has(name)) byName.set(name, []);
    byName.get(name).push(face);
  }
  const escaped = [...byName.keys()].sort((a, b) => b.length - a.length).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  namesCache.board = ctx.board;
  namesCache.lang = lang;
  namesCache.byName = byName;
  namesCache.re = escaped.length ? new RegExp(`(?<![\\p{L}])(${escaped.join("|")})(?![\\p{L}])`, "gu") : null;
  return namesCache;
}

/** A log line's text with each card name it holds as a button opening that card's face
 * (the line is already public; the faces are the public catalog). `seat`: the entry's
 * seat name, to tell apart two sides' cards of the same name. Returns nodes and strings. */
export function linkCards(ctx, text, seat = null) {
  const index = nameIndex(ctx);
  if (!index.re || !text) return [text];
  const out = [];
  let last = 0;
  for (const m of text.matchAll(index.re)) {
    const faces = index.byName.get(m[1]) || [];
    const side = seat === "imperium" ? "imperial" : seat === "traitor" ? "traitor" : null;
    const face = faces.find((f) => (f.side || "") === side) || faces[0];
    // a line never opens with a card's name; one that does names something else (a breach)
    if (!face || m.index === 0) continue;
    out.push(text.slice(last, m.index));
    const button = h("button", { type: "button", class: "log-card", "data-card": face.id, "aria-haspopup": "dialog", title: t("hcard.read", { card: m[1] }) }, m[1]);
    button.addEventListener("click", (e) => {
      e.stopPropagation();
      cardPopover(ctx, face.id, button, true);
    });
    out.push(button);
    last = m.index + m[1].length;
  }
  out.push(text.slice(last));
  return out.filter((x) => x !== "");
}

addStrings({
  fr: { "heresy.card.name_ours": "Nom français donné par arbitre (titre français inconnu)." },
  en: { "heresy.card.name_ours": "French name given by arbitre (the French title is unknown)." },
});
