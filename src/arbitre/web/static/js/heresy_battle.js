// The battle in progress, as the sidebar's first panel while it lasts: the two sides'
// engaged units (names and counts) and Heroes, the order, the fortification, the iteration
// and who is active, the damage to assign, the cards played this iteration with their
// effects, the effect being resolved, and the Combat hands (the opponent's as counts,
// HH-26.6). Everything here is in `ctx.view.battle` / `ctx.view.combat`, i.e. public.

import { h } from "./dom.js";
import { addStrings, t, tx } from "./i18n.js";
import { cardChip, cardFace } from "./heresy_cards.js";
import { SEATS, heroName, heroSeat, parseUnit, sectorName, seatName, tagName, unitName, zoneName } from "./heresy_names.js";

addStrings({
  fr: {
    "hbattle.title": "Bataille : {zone}",
    "hbattle.title.coex": "Bataille de coexistence : {zone}",
    "hbattle.attacker": "attaquant",
    "hbattle.defender": "défenseur",
    "hbattle.active": "actif",
    "hbattle.order": "Ordre ({sector}) :",
    "hbattle.sides.imperium": "L'Imperium attaque le Traître",
    "hbattle.sides.traitor": "Le Traître attaque l'Imperium",
    "hbattle.hand.imperium": "Cartes Combat de l'Imperium",
    "hbattle.hand.traitor": "Cartes Combat du Traître",
    "hbattle.hand.hidden": "{n} {n -> [one] carte [other] cartes} Combat et {h} {h -> [one] carte [other] cartes} Combat de Héros en main · paquets : {dn} + {dh} de Héros",
    "hbattle.joining": "Les camps engagent leurs forces",
    "hbattle.effect": "Effet en cours : ",
    "hbattle.paid": "payé contre lui : {n}",
    "hbattle.units": "{n} × {unit}",
    "hbattle.none": "aucune unité engagée",
    "hbattle.in": "en {zone}",
    "hbattle.stage.shields": "Le défenseur de cette itération défausse des boucliers",
    "hbattle.stage.assign": "Répartition des dégâts",
    "hbattle.stage.play": "Les joueurs jouent leurs cartes",
    "hbattle.stage.effect": "Effets spéciaux des cartes jouées",
    "hbattle.stage.counter": "Contre d'un effet spécial",
  },
  en: {
    "hbattle.title": "Battle: {zone}",
    "hbattle.title.coex": "Coexistence battle: {zone}",
    "hbattle.attacker": "attacker",
    "hbattle.defender": "defender",
    "hbattle.active": "active",
    "hbattle.order": "Order ({sector}):",
    "hbattle.sides.imperium": "The Imperium attacks the Traitor",
    "hbattle.sides.traitor": "The Traitor attacks the Imperium",
    "hbattle.hand.imperium": "Imperium Combat cards",
    "hbattle.hand.traitor": "Traitor Combat cards",
    "hbattle.hand.hidden": "{n} Combat {n -> [one] card [other] cards} and {h} Hero Combat {h -> [one] card [other] cards} in hand · decks: {dn} + {dh} Hero",
    "hbattle.joining": "The sides engage their forces",
    "hbattle.effect": "Effect being resolved: ",
    "hbattle.paid": "paid against it: {n}",
    "hbattle.units": "{n} × {unit}",
    "hbattle.none": "no unit engaged",
    "hbattle.in": "in {zone}",
    "hbattle.stage.shields": "This iteration's defender discards shields",
    "hbattle.stage.assign": "Assigning damage",
    "hbattle.stage.play": "The players play their cards",
    "hbattle.stage.effect": "Special effects of the cards played",
    "hbattle.stage.counter": "Countering a special effect",
  },
});

/** One side of the battle: its engaged units grouped by type, tag, damage and zone. */
function sideColumn(ctx, b, seat) {
  const counts = new Map();
  for (const entry of b.engaged || []) {
    const [who, zone, ...rest] = String(entry).split(":");
    if (who !== seat) continue;
    const key = `${zone}:${rest.join(":")}`;
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const items = [...counts.entries()].map(([key, n]) => {
    const [zone, ...rest] = key.split(":");
    const u = parseUnit(`${seat}:${rest.join(":")}`);
    const extra = [u.tag ? tagName(ctx, u.tag) : "", u.damage ? t("heresy.damage", { n: u.damage }) : ""].filter(Boolean).join(", ");
    const where = zone !== b.target ? ` · ${t("hbattle.in", { zone: zoneName(ctx, zone) })}` : "";
    return h(
      "li",
      { class: `chip unit-chip seat-${seat}`, "data-target": `unit:${zone}:${u.label}`, "data-unit": u.type },
      t("hbattle.units", { n, unit: unitName(ctx, u.type) }) + (extra ? ` (${extra})` : "") + where
    );
  });
  for (const hero of b.heroes || []) {
    if (heroSeat(ctx, hero) === seat) items.push(h("li", { class: `chip hero-chip seat-${seat}`, "data-target": `hero:${hero}` }, "★ " + heroName(ctx, hero)));
  }
  const role = t(seat === b.attacker ? "hbattle.attacker" : "hbattle.defender");
  const active = !b.joining && seat === b.active;
  return h(
    "div",
    { class: `battle-side seat-${seat}${active ? " active" : ""}`, "data-side": seat },
    h("div", { class: "battle-side-head" }, h("b", {}, seatName(ctx, seat)), ` (${role})`, active ? h("span", { class: "active-chip" }, t("hbattle.active")) : ""),
    items.length ? h("ul", { class: "battle-units" }, items) : h("p", { class: "muted" }, t("hbattle.none"))
  );
}

function playedCards(ctx, b) {
  const used = new Set(b.used || []);
  return (b.played || []).map((c) => {
    const face = cardFace(ctx, c);
    return h(
      "li",
      { class: `played${used.has(c) ? " used" : ""}` },
      cardChip(ctx, c),
      face?.effect ? h("span", { class: "played-effect" }, tx(face.effect)) : ""
    );
  });
}

function hands(ctx) {
  const v = ctx.view;
  const rows = [];
  for (const seat of SEATS) {
    const hand = v.combat?.hands?.[seat];
    const title = h("span", { class: "row-title" }, t(`hbattle.hand.${seat}`));
    if (Array.isArray(hand)) {
      rows.push(h("div", { class: "battle-hand", "data-combat-hand": seat }, title, " ", h("span", { class: "cards" }, hand.length ? hand.map((c) => cardChip(ctx, c)) : t("board.none"))));
    } else {
      // the opponent's Combat hand: how many normal and Hero cards only (HH-26.6)
      const counts = hand || {};
      const text = t("hbattle.hand.hidden", { n: counts.combat ?? "?", h: counts.hero ?? "?", dn: v.combat?.decks?.[seat] ?? "?", dh: v.combat?.hero_decks?.[seat] ?? "?" });
      rows.push(h("div", { class: "battle-hand", "data-combat-hand": seat }, title, h("div", { class: "muted" }, text)));
    }
  }
  return rows;
}

/** The battle panel's title and its body, or null when no battle is being fought. */
export function battlePanel(ctx) {
  const b = ctx.view.battle;
  if (!b) return null;
  const title = t(b.coexistence ? "hbattle.title.coex" : "hbattle.title", { zone: zoneName(ctx, b.target) });
  const rows = [];
  rows.push(h("p", { class: "battle-sides" }, t(`hbattle.sides.${b.attacker}`)));
  const info = [];
  if (b.card) info.push(h("span", { class: "battle-order" }, t("hbattle.order", { sector: sectorName(ctx, b.sector) }), " ", cardChip(ctx, b.card)));
  if (b.fortification) info.push(h("span", {}, t("heresy.battle.fort", { n: b.fortification })));
  if (!b.joining) info.push(h("span", { class: "battle-iteration" }, t("heresy.battle.iteration", { it: b.iteration, iters: b.iterations, seat: seatName(ctx, b.active) })));
  if (info.length) rows.push(h("div", { class: "battle-info" }, info));
  if (b.joining) rows.push(h("p", { class: "battle-stage" }, t("hbattle.joining")));
  else if (b.stage && ["shields", "assign", "play", "effect", "counter"].includes(b.stage)) rows.push(h("p", { class: "battle-stage" }, t(`hbattle.stage.${b.stage}`)));
  if (b.damage) rows.push(h("p", { class: "battle-damage", role: "status" }, t("heresy.battle.damage", { n: b.damage })));
  rows.push(h("div", { class: "battle-sides-grid" }, sideColumn(ctx, b, b.attacker), sideColumn(ctx, b, b.defender)));
  if ((b.origins || []).length) rows.push(h("p", { class: "muted" }, t("heresy.battle.origins", { zones: b.origins.map((z) => zoneName(ctx, z)).join(", ") })));
  if (!b.joining) {
    const played = playedCards(ctx, b);
    rows.push(h("div", { class: "battle-played" }, h("span", { class: "row-title" }, t("heresy.battle.played")), played.length ? h("ul", { class: "played-list" }, played) : h("span", { class: "muted" }, " ", t("board.none"))));
    if (b.effect) {
      const face = cardFace(ctx, b.effect);
      rows.push(
        h(
          "div",
          { class: "battle-effect", role: "status" },
          h("span", { class: "row-title" }, t("hbattle.effect")),
          cardChip(ctx, b.effect),
          face?.effect ? h("span", { class: "played-effect" }, tx(face.effect)) : "",
          b.paid ? h("span", { class: "muted" }, ` · ${t("hbattle.paid", { n: b.paid })}`) : ""
        )
      );
    }
    rows.push(...hands(ctx));
  }
  return { title, node: h("div", { class: "battle-body" }, rows) };
}
