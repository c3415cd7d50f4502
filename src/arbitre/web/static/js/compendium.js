// The Hérésie d'Horus compendium (/compendium/heresy[?pack=NAME]): every card of the
// content by deck, every Hero and every unit, with their texts, values and where they come
// from, in French or English, filtered by a text search. A content pack installed on the
// server is named by `?pack=`; the page shows its cards and which parts it replaces.

import { api } from "./api.js";
import { h, clear } from "./dom.js";
import { addStrings, applyStatic, mountLangSwitch, t, tx } from "./i18n.js";
import { faceNode } from "./heresy_cards.js";

addStrings({
  fr: {
    "comp.title": "L'Hérésie d'Horus : compendium",
    "comp.intro": "Toutes les cartes, tous les Héros et toutes les unités du jeu, avec leur texte, leurs valeurs et leur provenance (livre de règles, recherches, ou reconstitué par arbitre quand les sources se taisent).",
    "comp.filter": "Chercher",
    "comp.filter.placeholder": "nom, effet, valeur…",
    "comp.count": "{n} {n -> [one] élément affiché [other] éléments affichés} sur {total}",
    "comp.loading": "Chargement…",
    "comp.error": "Le compendium ne peut pas être chargé : {error}",
    "comp.toc": "Sommaire",
    "comp.pack": "Module de contenu « {pack} » ; fichiers remplacés : {parts}.",
    "comp.pack.none": "aucun",
    "comp.deck.orders_imperial": "Ordres de l'Imperium",
    "comp.deck.orders_traitor": "Ordres du Traître",
    "comp.deck.orders_unknown": "Ordres (camp inconnu)",
    "comp.deck.combat_imperial": "Cartes Combat de l'Imperium",
    "comp.deck.combat_traitor": "Cartes Combat du Traître",
    "comp.deck.combat_unknown": "Cartes Combat (camp inconnu)",
    "comp.deck.hero_combat_imperial": "Cartes Combat de Héros de l'Imperium",
    "comp.deck.hero_combat_traitor": "Cartes Combat de Héros du Traître",
    "comp.deck.hero_combat_unknown": "Cartes Combat de Héros (camp inconnu)",
    "comp.deck.events": "Cartes Événement",
    "comp.deck.bombardment": "Cartes Bombardement",
    "comp.heroes": "Héros",
    "comp.units": "Unités",
    "comp.side.imperial": "Imperium",
    "comp.side.traitor": "Traître",
    "comp.hero.legion": "Légion : {legion}",
    "comp.hero.move": "Mouvement : {n}",
    "comp.hero.ability": "Capacité : ",
    "comp.unit.values": "Rang {rank} · mouvement {move} · {count} {count -> [one] figurine [other] figurines} dans la boîte",
    "comp.unit.fast": "rapide",
    "comp.unit.flying": "volante",
    "comp.unit.transport": "transporte {n} {n -> [one] unité [other] unités}",
    "comp.provenance": "Provenance : {text}",
    "comp.no_text": "Texte inconnu des sources.",
  },
  en: {
    "comp.title": "Horus Heresy: compendium",
    "comp.intro": "Every card, Hero and unit of the game, with its text, values and source (rulebook, research, or reconstructed by arbitre where the sources are silent).",
    "comp.filter": "Search",
    "comp.filter.placeholder": "name, effect, value…",
    "comp.count": "{n} of {total} {total -> [one] item [other] items} shown",
    "comp.loading": "Loading…",
    "comp.error": "The compendium cannot be loaded: {error}",
    "comp.toc": "Contents",
    "comp.pack": "Content pack '{pack}'; files replaced: {parts}.",
    "comp.pack.none": "none",
    "comp.deck.orders_imperial": "Imperium Orders",
    "comp.deck.orders_traitor": "Traitor Orders",
    "comp.deck.orders_unknown": "Orders (side unknown)",
    "comp.deck.combat_imperial": "Imperium Combat cards",
    "comp.deck.combat_traitor": "Traitor Combat cards",
    "comp.deck.combat_unknown": "Combat cards (side unknown)",
    "comp.deck.hero_combat_imperial": "Imperium Hero Combat cards",
    "comp.deck.hero_combat_traitor": "Traitor Hero Combat cards",
    "comp.deck.hero_combat_unknown": "Hero Combat cards (side unknown)",
    "comp.deck.events": "Event cards",
    "comp.deck.bombardment": "Bombardment cards",
    "comp.heroes": "Heroes",
    "comp.units": "Units",
    "comp.side.imperial": "Imperium",
    "comp.side.traitor": "Traitor",
    "comp.hero.legion": "Legion: {legion}",
    "comp.hero.move": "Move: {n}",
    "comp.hero.ability": "Ability: ",
    "comp.unit.values": "Rank {rank} · move {move} · {count} {count -> [one] figure [other] figures} in the box",
    "comp.unit.fast": "fast",
    "comp.unit.flying": "flying",
    "comp.unit.transport": "carries {n} {n -> [one] unit [other] units}",
    "comp.provenance": "Source: {text}",
    "comp.no_text": "Text unknown to the sources.",
  },
});

const $ = (sel) => document.querySelector(sel);
const state = { data: null, pack: null };

function heroItem(hero) {
  return h(
    "article",
    { class: `comp-item hero seat-${hero.side}`, "data-hero": hero.id },
    h("div", { class: "face-head" }, h("h3", { class: "face-name" }, tx(hero.name)), h("span", { class: "face-deck" }, t(`comp.side.${hero.side}`))),
    h("p", { class: "face-values" }, [hero.legion ? t("comp.hero.legion", { legion: tx(hero.legion) }) : "", t("comp.hero.move", { n: hero.move })].filter(Boolean).join(" · ")),
    h("p", { class: "face-effect" }, h("b", {}, t("comp.hero.ability")), hero.ability ? tx(hero.ability) : t("comp.no_text")),
    h("p", { class: `face-prov source-${hero.source}` }, t("comp.provenance", { text: tx(hero.provenance) })),
    hero.designed ? h("p", { class: "face-designed" }, tx(hero.designed)) : ""
  );
}

function unitItem(unit) {
  const traits = [unit.fast ? t("comp.unit.fast") : "", unit.flying ? t("comp.unit.flying") : "", unit.air_transport ? t("comp.unit.transport", { n: unit.air_transport }) : ""].filter(Boolean);
  return h(
    "article",
    { class: `comp-item unit seat-${unit.side}`, "data-unit": unit.id },
    h("div", { class: "face-head" }, h("h3", { class: "face-name" }, tx(unit.name)), h("span", { class: "face-deck" }, t(`comp.side.${unit.side}`))),
    h("p", { class: "face-values" }, t("comp.unit.values", { rank: unit.rank, move: unit.move, count: unit.count }), traits.length ? ` · ${traits.join(", ")}` : ""),
    h("p", { class: `face-prov source-${unit.source}` }, t("comp.provenance", { text: tx(unit.provenance) }))
  );
}

function section(id, title, items) {
  return h(
    "section",
    { class: "panel comp-section", id: `comp-${id}`, "aria-labelledby": `comp-${id}-title`, "data-section": id },
    h("h2", { id: `comp-${id}-title` }, title, " ", h("span", { class: "muted comp-n" }, `(${items.length})`)),
    h("div", { class: "comp-grid" }, items)
  );
}

function draw() {
  const data = state.data;
  const body = $("#comp-body");
  const toc = $("#comp-toc");
  clear(body);
  clear(toc);
  const sections = [];
  for (const deck of data.decks) {
    const items = deck.cards.map((card) => h("article", { class: "comp-item card-item", "data-card": card.id }, faceNode(card)));
    sections.push([deck.id, t(`comp.deck.${deck.id}`), items]);
  }
  sections.push(["heroes", t("comp.heroes"), data.heroes.map(heroItem)]);
  sections.push(["units", t("comp.units"), data.units.map(unitItem)]);
  for (const [id, title, items] of sections) {
    body.append(section(id, title, items));
    toc.append(h("a", { href: `#comp-${id}` }, title));
  }
  const pack = $("#comp-pack");
  pack.hidden = !data.pack;
  if (data.pack) pack.textContent = t("comp.pack", { pack: data.pack, parts: data.replaced.join(", ") || t("comp.pack.none") });
  filter();
}

const fold = (text) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

function filter() {
  const words = fold($("#comp-filter").value.trim()).split(/\s+/).filter(Boolean);
  let shown = 0;
  let total = 0;
  for (const sec of document.querySelectorAll(".comp-section")) {
    let here = 0;
    for (const item of sec.querySelectorAll(".comp-item")) {
      const text = fold(item.textContent);
      const ok = words.every((w) => text.includes(w));
      item.hidden = !ok;
      total += 1;
      if (ok) here += 1;
    }
    sec.hidden = here === 0;
    shown += here;
  }
  $("#comp-count").textContent = t("comp.count", { n: shown, total });
}

async function load() {
  const params = new URLSearchParams(location.search);
  state.pack = params.get("pack") || null;
  const path = `/api/rulesets/heresy/compendium${state.pack ? `?pack=${encodeURIComponent(state.pack)}` : ""}`;
  try {
    state.data = await api("GET", path);
  } catch (err) {
    $("#comp-body").replaceChildren(h("p", { class: "alert", role: "alert" }, t("comp.error", { error: tx(err.text) || err.message || String(err) })));
    return;
  }
  draw();
}

export function start() {
  applyStatic();
  mountLangSwitch($("#lang"));
  window.addEventListener("langchange", () => {
    applyStatic();
    if (state.data) draw();
  });
  $("#comp-filter").addEventListener("input", filter);
  load();
}
