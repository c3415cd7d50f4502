// A Hérésie zone's card: tapping or clicking a zone (or Enter on it) that the current
// decision does not offer opens a non-modal panel over the map with its name, type, sectors,
// fortification and breaches, each side's units and Heroes, markers, lasers, and its
// neighbours with the crevasses marked (HH-3.15, HH-21.21, HH-31.8). The map's legend
// (sectors, borders, pieces) folds under the map. `whyKey` names the option a refused
// click would have been, for the page's "why not?".

import { h } from "./dom.js";
import { addStrings, t, tx } from "./i18n.js";
import { SEATS, names, parseUnit, seatName, sectorName, zoneName } from "./heresy_names.js";
import { UNIT_LOOK, abbr, heroText, typeColour, unitLabel, unitText } from "./heresy_pieces.js";
import { SECTOR_FILL } from "./heresy_map.js"; // used once drawn (the modules import each other)

addStrings({
  fr: {
    "heresy.map.kind.open": "zone ouverte",
    "heresy.map.kind.fortress": "forteresse",
    "heresy.map.kind.spaceport": "spatioport",
    "heresy.map.kind.industrial_complex": "complexe industriel",
    "heresy.map.kind.palace": "zone du Palais",
    "heresy.map.kind.vengeful_spirit": "zone du Vengeful Spirit",
    "heresy.map.card": "Fiche de la zone",
    "heresy.map.card.close": "Fermer la fiche",
    "heresy.map.card.sectors": "{n -> [one] Secteur [other] Secteurs} : {sectors}",
    "heresy.map.card.fortified": "Fortifiée (HH-33.2) · limite d'empilement {n}",
    "heresy.map.card.marker": "Fortifiée par un marqueur (HH-33.3) · limite d'empilement {n}",
    "heresy.map.card.open": "Non fortifiée · limite d'empilement {n}",
    "heresy.map.card.breaches": "Brèches : {list}",
    "heresy.map.card.no_breach": "Aucune brèche",
    "heresy.map.card.units": "Unités : {seat}",
    "heresy.map.card.heroes": "Héros",
    "heresy.map.card.markers": "Marqueurs",
    "heresy.map.card.empty": "Aucune unité ni aucun Héros.",
    "heresy.map.card.impassable": "Zone infranchissable : retirée de la partie.",
    "heresy.map.card.neighbours": "Zones voisines",
    "heresy.map.card.crevasse": "crevasse : 2 PM (volant : 1), pas de déroute à travers (HH-21.21, HH-31.8)",
    "heresy.map.card.closed": "infranchissable : on n'y entre plus",
    "heresy.map.card.division": "limite de secteur",
    "heresy.map.card.breach": "brèche",
    "heresy.map.crevasse": "Crevasse entre {a} et {b} : 2 PM à traverser (HH-21.21)",
    "heresy.map.legend": "Légende de la carte",
    "heresy.map.legend.sectors": "Secteurs",
    "heresy.map.legend.borders": "Bordures",
    "heresy.map.legend.crevasse": "crevasse : 2 PM à traverser, 1 pour un volant (HH-21.21), pas de déroute à travers (HH-31.8)",
    "heresy.map.legend.wall": "muraille : bord d'une zone fortifiée (HH-33.2)",
    "heresy.map.legend.division": "limite entre deux secteurs",
    "heresy.map.legend.breach": "✸ brèche dans une muraille (HH-33.5)",
    "heresy.map.legend.hatch": "hachures : zone infranchissable",
    "heresy.map.legend.pieces": "Pions",
    "heresy.map.legend.piece": "couleur du pion : camp (or : Imperium, rouge : Traître) · bande du bas : type d'unité · liseré gauche : Puissance du Chaos · ×n : nombre · pastille rouge : dégâts · ★ : Héros · +n : pions de plus (touchez la zone)",
    "heresy.map.legend.markers": "A / R : marqueur d'activation / de déroute · ▲n : lasers de défense · tour : marqueur de fortification",
    "heresy.map.legend.tap": "Touchez ou cliquez une zone pour ouvrir sa fiche.",
  },
  en: {
    "heresy.map.kind.open": "open zone",
    "heresy.map.kind.fortress": "fortress",
    "heresy.map.kind.spaceport": "spaceport",
    "heresy.map.kind.industrial_complex": "factory complex",
    "heresy.map.kind.palace": "Palace zone",
    "heresy.map.kind.vengeful_spirit": "Vengeful Spirit zone",
    "heresy.map.card": "Zone card",
    "heresy.map.card.close": "Close the card",
    "heresy.map.card.sectors": "{n -> [one] Sector [other] Sectors}: {sectors}",
    "heresy.map.card.fortified": "Fortified (HH-33.2) · stacking limit {n}",
    "heresy.map.card.marker": "Fortified by a marker (HH-33.3) · stacking limit {n}",
    "heresy.map.card.open": "Not fortified · stacking limit {n}",
    "heresy.map.card.breaches": "Breaches: {list}",
    "heresy.map.card.no_breach": "No breach",
    "heresy.map.card.units": "Units: {seat}",
    "heresy.map.card.heroes": "Heroes",
    "heresy.map.card.markers": "Markers",
    "heresy.map.card.empty": "No unit and no Hero.",
    "heresy.map.card.impassable": "Impassable zone: removed from the game.",
    "heresy.map.card.neighbours": "Neighbouring zones",
    "heresy.map.card.crevasse": "crevasse: 2 MP (flyer: 1), no rout across it (HH-21.21, HH-31.8)",
    "heresy.map.card.closed": "impassable: no longer entered",
    "heresy.map.card.division": "sector boundary",
    "heresy.map.card.breach": "breach",
    "heresy.map.crevasse": "Crevasse between {a} and {b}: 2 MP to cross (HH-21.21)",
    "heresy.map.legend": "Map legend",
    "heresy.map.legend.sectors": "Sectors",
    "heresy.map.legend.borders": "Borders",
    "heresy.map.legend.crevasse": "crevasse: 2 MP to cross, 1 for a flyer (HH-21.21), no rout across it (HH-31.8)",
    "heresy.map.legend.wall": "wall: edge of a fortified zone (HH-33.2)",
    "heresy.map.legend.division": "boundary between two sectors",
    "heresy.map.legend.breach": "✸ breach in a wall (HH-33.5)",
    "heresy.map.legend.hatch": "hatched: impassable zone",
    "heresy.map.legend.pieces": "Pieces",
    "heresy.map.legend.piece": "piece colour: side (gold: Imperium, red: Traitor) · bottom band: unit type · left stripe: Chaos Power · ×n: how many · red dot: damage · ★: Hero · +n: more pieces (tap the zone)",
    "heresy.map.legend.markers": "A / R: activation / rout marker · ▲n: defense lasers · tower: fortification marker",
    "heresy.map.legend.tap": "Tap or click a zone to open its card.",
  },
});

const ZONE_PREFIXES = ["to", "target", "origin", "retreat", "zone", "khan", "from", "fly"];

const open = { zone: null, focus: null, legend: false };

export function zoneKind(kind) {
  const key = `heresy.map.kind.${kind}`;
  const text = t(key);
  return text === key ? kind : text;
}

function edgeKey(a, b) {
  return [a, b].sort().join("|");
}

/** The zone's neighbours from the board's edges: crevasse, sector boundary, breach, gone. */
export function neighboursOf(ctx, zone) {
  const v = ctx.view;
  const gone = new Set(v.impassable || []);
  const breaches = new Set(v.breaches || []);
  const out = [];
  for (const e of ctx.board.edges || []) {
    const [a, b] = e.zones;
    if (a !== zone && b !== zone) continue;
    const other = a === zone ? b : a;
    out.push({ id: other, crevasse: e.crevasse, division: e.region_division, breach: breaches.has(edgeKey(a, b)), gone: gone.has(other) });
  }
  return out.sort((x, y) => zoneName(ctx, x.id).localeCompare(zoneName(ctx, y.id)));
}

function unitLines(ctx, zone, seat) {
  const counts = new Map();
  for (const entry of ctx.view.units?.[zone] || []) {
    const u = parseUnit(entry);
    if (u.seat !== seat) continue;
    counts.set(entry, (counts.get(entry) || 0) + 1);
  }
  return [...counts.entries()].map(([entry, n]) => {
    const group = parseUnit(entry);
    return { target: `unit:${zone}:${group.label}`, text: unitText(ctx, group, n), name: unitLabel(ctx, group, n) };
  });
}

function item(line) {
  const focused = open.focus && open.focus === line.target;
  return h("li", { class: focused ? "focused" : "", "data-target-ref": line.target }, line.text);
}

function cardBody(ctx, z) {
  const v = ctx.view;
  const rows = [];
  const gone = (v.impassable || []).includes(z.id);
  rows.push(h("p", { class: "zone-kind" }, `${zoneKind(z.kind)} · ${t("heresy.map.card.sectors", { n: z.sectors.length, sectors: z.sectors.map((id) => sectorName(ctx, id)).join(", ") })}`));
  if (gone) rows.push(h("p", { class: "alert" }, t("heresy.map.card.impassable")));
  const marker = (v.fort_markers || []).includes(z.id);
  const fortKey = z.fortified ? "heresy.map.card.fortified" : marker ? "heresy.map.card.marker" : "heresy.map.card.open";
  rows.push(h("p", {}, t(fortKey, { n: z.fortified || marker ? Math.min(3, z.stacking_limit) : z.stacking_limit })));
  const near = neighboursOf(ctx, z.id);
  if (z.fortified || marker) {
    const broken = near.filter((n) => n.breach).map((n) => zoneName(ctx, n.id));
    rows.push(h("p", { class: "breaches" }, broken.length ? t("heresy.map.card.breaches", { list: broken.join(", ") }) : t("heresy.map.card.no_breach")));
  }
  let any = false;
  for (const seat of SEATS) {
    const lines = unitLines(ctx, z.id, seat);
    if (!lines.length) continue;
    any = true;
    rows.push(h("h4", { class: `seat-text seat-${seat}` }, t("heresy.map.card.units", { seat: seatName(ctx, seat) })), h("ul", { class: "zone-units" }, lines.map(item)));
  }
  const heroes = Object.entries(v.heroes || {}).filter(([, where]) => where === z.id);
  if (heroes.length) {
    any = true;
    const lines = heroes.map(([hero]) => ({ target: `hero:${hero}`, text: heroText(ctx, hero) }));
    rows.push(h("h4", {}, t("heresy.map.card.heroes")), h("ul", { class: "zone-heroes" }, lines.map(item)));
  }
  if (!any) rows.push(h("p", { class: "muted" }, t("heresy.map.card.empty")));
  const marks = [];
  for (const seat of SEATS) {
    const mark = v.activation?.[seat]?.[z.id];
    if (mark) marks.push(`${t(mark === 2 ? "heresy.mark.rout" : "heresy.mark.active")} (${seatName(ctx, seat)})`);
  }
  if (v.lasers?.[z.id]) marks.push(t("heresy.lasers", { n: v.lasers[z.id] }));
  if (marker) marks.push(t("heresy.fort_marker"));
  if (marks.length) rows.push(h("h4", {}, t("heresy.map.card.markers")), h("ul", {}, marks.map((m) => h("li", {}, m))));
  rows.push(h("h4", {}, t("heresy.map.card.neighbours")));
  rows.push(
    h(
      "ul",
      { class: "zone-neighbours" },
      near.map((n) => {
        const notes = [];
        if (n.gone) notes.push(h("span", { class: "closed" }, t("heresy.map.card.closed")));
        if (n.crevasse) notes.push(h("span", { class: "crevasse-note" }, "≋ ", t("heresy.map.card.crevasse")));
        if (n.division) notes.push(h("span", { class: "muted" }, t("heresy.map.card.division")));
        if (n.breach) notes.push(h("span", {}, "✸ ", t("heresy.map.card.breach")));
        const go = h("button", { type: "button", class: "link-button", "data-zone": n.id, onclick: () => show(ctx, n.id) }, zoneName(ctx, n.id));
        return h("li", { class: `${n.crevasse ? "crevasse" : ""}${n.gone ? " gone" : ""}`, "data-neighbour": n.id, "data-crevasse": n.crevasse ? "1" : "0" }, go, notes.length ? " — " : "", ...joined(notes));
      })
    )
  );
  return rows;
}

function joined(parts) {
  const out = [];
  parts.forEach((p, i) => {
    if (i) out.push(" · ");
    out.push(p);
  });
  return out;
}

let current = null; // { svg, ctx }

function host() {
  return current?.svg?.closest(".svg-wrap") || null;
}

const PHONE = "(max-width: 700px)";

/** The card shown now: over the map (laptop) or right under it (phone). */
function shown() {
  return host()?.parentElement?.querySelector(".zone-card") || null;
}

function close() {
  const el = shown();
  const zone = open.zone;
  open.zone = null;
  open.focus = null;
  el?.remove();
  current?.svg?.querySelector(`g.zone[data-zone="${CSS.escape(zone || "")}"]`)?.focus();
  for (const g of current?.svg?.querySelectorAll("g.zone.carded") || []) g.classList.remove("carded");
}

/** Open the card of `zone` (and keep it open across redraws until closed). */
export function show(ctx, zone, focus = null, asked = true) {
  const wrap = host();
  const z = ctx.zones?.get(zone) || (ctx.board.zones || []).find((x) => x.id === zone);
  if (!wrap || !z) return;
  open.zone = zone;
  open.focus = focus;
  shown()?.remove();
  const card = h(
    "section",
    // on the side of the map away from the zone, so that the zone stays in view
    { class: `zone-card${z.position[0] > (ctx.board.board?.width || 1200) / 2 ? " left" : ""}`, role: "region", "aria-label": `${t("heresy.map.card")} : ${tx(z.name)}`, "data-zone": zone },
    h("div", { class: "zone-card-head" }, h("h3", {}, tx(z.name)), h("button", { type: "button", class: "close", "aria-label": t("heresy.map.card.close"), title: t("heresy.map.card.close"), onclick: close }, "×")),
    cardBody(ctx, z)
  );
  card.addEventListener("keydown", (e) => {
    if (e.key === "Escape") close();
  });
  // a phone's decision sits in a sheet at the bottom: the card goes in the page, under the map
  const phone = window.matchMedia(PHONE).matches;
  if (phone) wrap.after(card);
  else wrap.append(card);
  if (phone && asked) card.scrollIntoView({ block: "nearest" });
  for (const g of current.svg.querySelectorAll("g.zone.carded")) g.classList.remove("carded");
  current.svg.querySelector(`g.zone[data-zone="${CSS.escape(zone)}"]`)?.classList.add("carded");
}

function onClick(event) {
  if (!current) return;
  const el = event.target.closest?.("[data-zone]");
  if (!el || !current.svg.contains(el) || el.closest(".pickable")) return;
  const target = el.closest("[data-target]")?.getAttribute("data-target");
  show(current.ctx, el.dataset.zone, target && !target.startsWith("zone:") ? target : null);
}

function onKey(event) {
  if (!current || (event.key !== "Enter" && event.key !== " ")) return;
  const el = event.target.closest?.("g.zone[data-zone]");
  if (!el || el.classList.contains("pickable")) return;
  event.preventDefault();
  show(current.ctx, el.dataset.zone);
}

function legend(ctx) {
  const sectors = (ctx.board.sectors || []).map((sec, i) =>
    h("li", {}, h("span", { class: "swatch", "data-colour": SECTOR_FILL[i % SECTOR_FILL.length] }), tx(sec.name))
  );
  const units = Object.keys(names(ctx).units || {})
    .filter((type) => UNIT_LOOK[type])
    .map((type) => {
      const side = names(ctx).units[type].side === "traitor" ? "traitor" : "imperium";
      return h("li", {}, h("span", { class: `legend-token seat-${side}`, "data-colour": typeColour(type) }, abbr(ctx, type)), " ", tx(names(ctx).units[type].name));
    });
  const details = h(
    "details",
    { class: "map-legend" },
    h("summary", {}, t("heresy.map.legend")),
    h("p", {}, t("heresy.map.legend.tap")),
    h("h4", {}, t("heresy.map.legend.borders")),
    h(
      "ul",
      { class: "legend-borders" },
      h("li", {}, h("span", { class: "line crevasse" }), t("heresy.map.legend.crevasse")),
      h("li", {}, h("span", { class: "line wall" }), t("heresy.map.legend.wall")),
      h("li", {}, h("span", { class: "line division" }), t("heresy.map.legend.division")),
      h("li", {}, t("heresy.map.legend.breach")),
      h("li", {}, t("heresy.map.legend.hatch"))
    ),
    h("h4", {}, t("heresy.map.legend.pieces")),
    h("p", {}, t("heresy.map.legend.piece")),
    h("ul", { class: "legend-units" }, units),
    h("p", {}, t("heresy.map.legend.markers"))
  );
  details.open = open.legend;
  // the sectors stay in view: the seven colours of the map at a glance
  const strip = h("ul", { class: "legend-sectors", "aria-label": t("heresy.map.legend.sectors") }, sectors);
  details.addEventListener("toggle", () => {
    open.legend = details.open;
  });
  // colours come from data, set through the DOM (no inline style in HTML)
  for (const el of [...strip.querySelectorAll("[data-colour]"), ...details.querySelectorAll("[data-colour]")]) {
    if (el.classList.contains("legend-token")) el.style.borderBottomColor = el.dataset.colour;
    else el.style.background = el.dataset.colour;
  }
  return [strip, details];
}

/** Wire the cards and the legend to a map just put on screen; reopen the card shown before. */
export function mountCard(svg, ctx) {
  current = { svg, ctx };
  svg.addEventListener("click", onClick);
  svg.addEventListener("keydown", onKey);
  const wrap = svg.closest(".svg-wrap");
  const old = wrap?.parentElement?.querySelector(":scope > .legend");
  if (old) {
    old.replaceChildren(...legend(ctx));
    old.classList.add("heresy-legend");
  }
  if (open.zone && ctx.zones?.has(open.zone)) show(ctx, open.zone, open.focus, false);
}

/** For a click on a board element that the current decision does not offer: the key the
 * option would have had (a zone's prefix as the decision's zone options use it; a piece's
 * own key), for the server's "why not?"; null when the decision is not about the board. */
export function whyKey(element, ctx) {
  const options = ctx.decision?.options || [];
  if (!options.length || !element?.closest) return null;
  const piece = element.closest("[data-target]");
  const target = piece?.getAttribute("data-target") || "";
  const keys = options.map((o) => String(o.key));
  if (target.startsWith("unit:") || target.startsWith("hero:")) {
    if (keys.some((k) => k.startsWith(target.split(":")[0] + ":"))) return target;
  }
  const zone = element.closest("[data-zone]")?.getAttribute("data-zone");
  if (!zone) return null;
  const count = new Map();
  for (const k of keys) {
    const prefix = k.split(":")[0];
    if (ZONE_PREFIXES.includes(prefix) && k.split(":").length === 2) count.set(prefix, (count.get(prefix) || 0) + 1);
  }
  if (!count.size) {
    // a decision about units: the zone's own units are what a click there means
    if (keys.some((k) => k.startsWith("unit:"))) return `unit:${zone}`;
    return null;
  }
  const prefix = [...count.entries()].sort((a, b) => b[1] - a[1])[0][0];
  return `${prefix}:${zone}`;
}


