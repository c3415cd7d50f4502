// The Epic page's own words (fr/en), and the names the table shows: sides, detachments
// "Marines tactiques (B)", orders, objectives. Texts from the server arrive translated.

import { addStrings, t, tx } from "./i18n.js";

addStrings({
  fr: {
    "epicp.edge.imperium": "Bord de l'Imperium",
    "epicp.edge.mille_fils": "Bord des Mille Fils",
    "epicp.edge.other": "Bord : {side}",
    "epicp.edge.yours": "votre bord",
    "epicp.edge.enemy": "bord ennemi",
    "epicp.edge.north": "nord",
    "epicp.edge.south": "sud",
    "epicp.objective": "Objectif {n}",
    "epicp.objective.free": "libre",
    "epicp.objective.held": "tenu par {side}",
    "epicp.det.info": "{name} — {side} · {stands} {stands -> [one] socle [other] socles}, pertes {lost}/{bp} · ordre : {order}",
    "epicp.det.broken": "brisé",
    "epicp.det.moved": "a bougé",
    "epicp.det.acted": "a agi",
    "epicp.panel.dets": "Détachements",
    "epicp.reach": "Zone atteignable : {lo}–{hi} cm pour le socle de tête",
    "epicp.reach.flying": "en vol : le terrain ne gêne pas",
    "epicp.ghost.point": "Aller {dir}, {cm} cm",
    "epicp.dir.n": "vers le nord",
    "epicp.dir.ne": "vers le nord-est",
    "epicp.dir.e": "vers l'est",
    "epicp.dir.se": "vers le sud-est",
    "epicp.dir.s": "vers le sud",
    "epicp.dir.sw": "vers le sud-ouest",
    "epicp.dir.w": "vers l'ouest",
    "epicp.dir.nw": "vers le nord-ouest",
    "epicp.ghost.confirm": "Aller ici",
    "epicp.ghost.cancel": "Annuler",
    "epicp.refused": "Refusé :",
    "epicp.close": "Fermer",
    "epicp.legend": "1 case = 10 cm · nord en haut · le trait marque l'avant du socle · ▲ basse altitude, ▲▲ haute altitude · ⚑ objectif (couleur de qui le tient) · chiffre sur un bâtiment : points de structure",
    "epicp.blocked": "infranchissable pour ce détachement",
    "epicp.table": "La table de jeu, nord en haut",
  },
  en: {
    "epicp.edge.imperium": "Imperium edge",
    "epicp.edge.mille_fils": "Thousand Sons edge",
    "epicp.edge.other": "Edge: {side}",
    "epicp.edge.yours": "your edge",
    "epicp.edge.enemy": "enemy edge",
    "epicp.edge.north": "north",
    "epicp.edge.south": "south",
    "epicp.objective": "Objective {n}",
    "epicp.objective.free": "not held",
    "epicp.objective.held": "held by {side}",
    "epicp.det.info": "{name} — {side} · {stands} {stands -> [one] stand [other] stands}, losses {lost}/{bp} · order: {order}",
    "epicp.det.broken": "broken",
    "epicp.det.moved": "moved",
    "epicp.det.acted": "acted",
    "epicp.panel.dets": "Detachments",
    "epicp.reach": "Reachable area: {lo}–{hi} cm for the lead stand",
    "epicp.reach.flying": "flying: terrain does not hinder",
    "epicp.ghost.point": "Go {dir}, {cm} cm",
    "epicp.dir.n": "north",
    "epicp.dir.ne": "north-east",
    "epicp.dir.e": "east",
    "epicp.dir.se": "south-east",
    "epicp.dir.s": "south",
    "epicp.dir.sw": "south-west",
    "epicp.dir.w": "west",
    "epicp.dir.nw": "north-west",
    "epicp.ghost.confirm": "Go here",
    "epicp.ghost.cancel": "Cancel",
    "epicp.refused": "Refused:",
    "epicp.close": "Close",
    "epicp.legend": "1 square = 10 cm · north at the top · the stroke marks a stand's front · ▲ low altitude, ▲▲ high altitude · ⚑ objective (in its holder's colour) · number on a building: Structure Points",
    "epicp.blocked": "impassable for this detachment",
    "epicp.table": "The battle table, north at the top",
  },
});

export function names(ctx) {
  return ctx.board?.names || {};
}

/** A side of a game from armies as the view names it (issue 16): `name` "Space Marines
 * (nord)", `edge` "Bord des Space Marines", both languages; undefined in the starter battle. */
function namedSide(ctx, side) {
  return (ctx.view?.sides || []).find((x) => x.seat === side);
}

export function sideName(ctx, side) {
  if (!side) return "—";
  const named = namedSide(ctx, side);
  if (named) return tx(named.name);
  const game = (ctx.state?.game?.seats || []).find((x) => x.name === side);
  if (game) return tx(game.label);
  return tx(names(ctx).armies?.[side]) || side;
}

export function sidesOf(view) {
  const out = [];
  for (const d of view.detachments || []) if (!out.includes(d.side)) out.push(d.side);
  return out;
}

/** A, B, … for the first side's detachments; a, b, … for the second's (as the server's texts
 * and the terminal letter them). */
export function letters(view) {
  const sides = sidesOf(view);
  const counts = {};
  const out = new Map();
  for (const d of view.detachments || []) {
    const n = counts[d.side] || 0;
    counts[d.side] = n + 1;
    const letter = String.fromCharCode(65 + (n % 26));
    out.set(d.id, sides.indexOf(d.side) === 0 ? letter : letter.toLowerCase());
  }
  return out;
}

export function unitName(ctx, det) {
  return tx(names(ctx).units?.[det.unit]) || det.detachment || String(det.id);
}

/** "Marines tactiques (B)" */
export function detLabel(ctx, det) {
  const letter = letters(ctx.view).get(det.id);
  return letter ? `${unitName(ctx, det)} (${letter})` : unitName(ctx, det);
}

export function orderName(ctx, order) {
  if (order === null || order === undefined || order === "aucun") return t("epic.order.none");
  if (order === "hidden") return t("epic.order.hidden");
  return tx(names(ctx).orders?.[order]) || order;
}

/** "Marines tactiques (B) — Imperium · 7 socles, pertes 0/3 · ordre : Avance" (+ state). */
export function detInfo(ctx, det) {
  const stands = (ctx.view.stands || []).filter((st) => st.det === det.id).length;
  let text = t("epicp.det.info", { name: detLabel(ctx, det), side: sideName(ctx, det.side), stands, lost: det.lost, bp: det.break_points, order: orderName(ctx, det.order) });
  const flags = [];
  if (det.broken) flags.push(t("epicp.det.broken"));
  if (det.moved) flags.push(t("epicp.det.moved"));
  if (det.acted) flags.push(t("epicp.det.acted"));
  if (flags.length) text += ` · ${flags.join(", ")}`;
  return text;
}

/** "Bord de l'Imperium" with its article, "Bord : X" for an army the page does not know. */
export function edgeName(ctx, side) {
  const named = namedSide(ctx, side);
  if (named) return tx(named.edge);
  const key = `epicp.edge.${side}`;
  const text = t(key);
  return text === key ? t("epicp.edge.other", { side: sideName(ctx, side) }) : text;
}

export function objectiveText(ctx, o, i) {
  // "tenu par la Garde Impériale": a side of a game from armies with its article
  const named = namedSide(ctx, o.holder);
  const side = named?.the ? tx(named.the) : sideName(ctx, o.holder);
  const state = o.holder ? t("epicp.objective.held", { side }) : t("epicp.objective.free");
  return `${t("epicp.objective", { n: i + 1 })} — ${state}`;
}

/** A length in cm as the page's language writes it: "12,5" in French. */
export function cm(value, lang) {
  const text = String(Math.round(Number(value) * 10) / 10);
  return lang === "fr" ? text.replace(".", ",") : text;
}

const COMPASS = ["e", "ne", "n", "nw", "w", "sw", "s", "se"]; // north: the top edge

/** "vers le sud-est": the heading of a move (dx, dy) in cm, north at the top. */
export function heading(dx, dy) {
  const angle = (((Math.atan2(-dy, dx) * 180) / Math.PI) % 360 + 360) % 360;
  return t(`epicp.dir.${COMPASS[Math.round(angle / 45) % 8]}`);
}
