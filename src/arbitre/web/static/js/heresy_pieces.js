// The Hérésie pieces on the map: a unit token shows its side (body colour), its type (a
// short abbreviation in the page's language and a colour band per type), its Legion or
// Power (a stripe), its damage and how many of them stand there; a Hero token its name.
// Each names itself ("3 × Space Marines (Imperial Fists)") in a <title> and aria-label.

import { s, title } from "./dom.js";
import { addStrings, lang, t } from "./i18n.js";
import { TOKEN_H, TOKEN_W } from "./heresy_layout.js";
import { measure } from "./heresy_labels.js";
import { heroName, heroSeat, names, seatName, tagName, unitName } from "./heresy_names.js";

addStrings({
  fr: {
    "heresy.map.piece": "{n} × {unit}",
    "heresy.map.piece.tag": "{n} × {unit} ({tag})",
    "heresy.map.piece.rank": "rang {n}",
    "heresy.map.piece.damage": "{n} {n -> [one] dégât [other] dégâts}",
    "heresy.map.piece.flying": "volant",
    "heresy.map.hero": "{hero} (Héros)",
    "heresy.map.more": "{n} {n -> [one] pion [other] pions} de plus : {list}",
  },
  en: {
    "heresy.map.piece": "{n} × {unit}",
    "heresy.map.piece.tag": "{n} × {unit} ({tag})",
    "heresy.map.piece.rank": "rank {n}",
    "heresy.map.piece.damage": "{n} damage",
    "heresy.map.piece.flying": "flying",
    "heresy.map.hero": "{hero} (Hero)",
    "heresy.map.more": "{n} more {n -> [one] piece [other] pieces}: {list}",
  },
});

// abbreviation per unit type and language, and the colour of its band (one per kind of unit)
export const UNIT_LOOK = {
  space_marines: { fr: "SM", en: "SM", colour: "#2f5fa7" },
  imperial_army: { fr: "Arm", en: "Army", colour: "#6b7d3a" },
  imperial_tank_division: { fr: "Blin", en: "Tank", colour: "#7a5230" },
  adeptus_custodes: { fr: "Cust", en: "Cust", colour: "#b8860b" },
  adeptus_arbites: { fr: "Arb", en: "Arb", colour: "#37474f" },
  adeptus_mechanicus: { fr: "Méca", en: "Mech", colour: "#c0392b" },
  imperial_titan: { fr: "Titan", en: "Titan", colour: "#111" },
  chaos_space_marines: { fr: "SMC", en: "CSM", colour: "#2f5fa7" },
  chaos_titan: { fr: "Titan", en: "Titan", colour: "#111" },
  chaos_thunderhawk: { fr: "Hawk", en: "Hawk", colour: "#29a3d6" },
  chaos_cultists: { fr: "Ador", en: "Cult", colour: "#8d8d8d" },
  chaos_warband: { fr: "Coh", en: "Band", colour: "#e67e22" },
  daemon_horde: { fr: "Dém", en: "Dmn", colour: "#c2185b" },
  traitor_army: { fr: "Arm", en: "Army", colour: "#6b7d3a" },
  traitor_tank_division: { fr: "Blin", en: "Tank", colour: "#7a5230" },
};
const POWER_COLOUR = { red: "#e53935", green: "#7cb342", blue: "#1e88e5", purple: "#ab47bc" };
const HERO_SHORT = {
  the_emperor: { fr: "Empereur", en: "Emperor" },
  rogal_dorn: { fr: "Dorn", en: "Dorn" },
  jaghatai_khan: { fr: "Khan", en: "Khan" },
  fabricator_general: { fr: "Fabricator", en: "Fabricator" },
  magnus_the_red: { fr: "Magnus", en: "Magnus" },
  horus: { fr: "Horus", en: "Horus" },
};

/** The short text on a unit token: the table's, else the name's initials. */
export function abbr(ctx, type) {
  const look = UNIT_LOOK[type];
  if (look) return look[lang()] || look.en;
  return unitName(ctx, type)
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .slice(0, 4);
}

export function typeColour(type) {
  return UNIT_LOOK[type]?.colour || "#777";
}

export function heroShort(ctx, hero) {
  const short = HERO_SHORT[hero];
  if (short) return short[lang()] || short.en;
  return heroName(ctx, hero).replace(/^(L'|Le |La |The )/, "");
}

/** "3 × Space Marines (Imperial Fists)": the piece's name, as its aria-label says it. */
export function unitLabel(ctx, group, count) {
  const { type, tag } = group;
  const unit = unitName(ctx, type);
  return tag ? t("heresy.map.piece.tag", { n: count, unit, tag: tagName(ctx, tag) }) : t("heresy.map.piece", { n: count, unit });
}

/** The name and what else a player may want: side, rank, damage, flying. */
export function unitText(ctx, group, count) {
  const info = names(ctx).units?.[group.type];
  const extra = [seatName(ctx, group.seat)];
  if (info?.rank) extra.push(t("heresy.map.piece.rank", { n: info.rank }));
  if (group.damage) extra.push(t("heresy.map.piece.damage", { n: group.damage }));
  if (info?.flying) extra.push(t("heresy.map.piece.flying"));
  return `${unitLabel(ctx, group, count)} · ${extra.join(" · ")}`;
}

export function heroText(ctx, hero) {
  const dmg = ctx.view.hero_damage?.[hero];
  const extra = [seatName(ctx, heroSeat(ctx, hero))];
  if (dmg) extra.push(t("heresy.map.piece.damage", { n: dmg }));
  return `${t("heresy.map.hero", { hero: heroName(ctx, hero) })} · ${extra.join(" · ")}`;
}

function fitText(el, text, room, size) {
  // a long abbreviation or Hero name is squeezed, never cut
  if (measure(text, size) * 1.04 > room) {
    el.setAttribute("textLength", room.toFixed(1));
    el.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return el;
}

function damageBadge(g, n) {
  g.append(s("circle", { cx: TOKEN_W - 1, cy: 1, r: 5.5, class: "damage" }));
  g.append(s("text", { x: TOKEN_W - 1, y: 4, class: "damage-n" }, String(n)));
}

export function unitToken(ctx, zone, group, count) {
  const { seat, type, tag, damage, label } = group;
  const name = unitText(ctx, group, count);
  const g = s("g", {
    class: `unit seat-${seat}`,
    "data-target": `unit:${zone}:${label}`,
    "data-zone": zone,
    "data-count": count,
    role: "img",
    "aria-label": name,
  });
  g.append(s("rect", { x: 0, y: 0, width: TOKEN_W, height: TOKEN_H, rx: 3, class: "unit-body" }));
  g.append(s("rect", { x: 0.5, y: TOKEN_H - 4, width: TOKEN_W - 1, height: 3.5, class: "type-band", fill: typeColour(type) }));
  const power = names(ctx).powers?.[tag];
  if (power) g.append(s("rect", { x: 0.5, y: 0.5, width: 4, height: TOKEN_H - 1, class: "power", fill: POWER_COLOUR[power.colour] || power.colour }));
  const short = abbr(ctx, type);
  const left = power ? 6 : 3;
  let right = TOKEN_W - 2;
  if (count > 1) {
    // the count: a light badge at the right end, "×3"
    const text = `×${count}`;
    const w = measure(text, 9) + 4;
    right = TOKEN_W - w - 2;
    g.append(s("rect", { x: right + 0.5, y: 1.5, width: w, height: TOKEN_H - 6, rx: 2, class: "count-badge" }));
    g.append(s("text", { x: right + 0.5 + w / 2, y: 9.6, class: "unit-count" }, text));
  }
  g.append(fitText(s("text", { x: left, y: 10.5, class: "unit-abbr" }, short), short, right - left - 1, 9.5));
  if (damage) damageBadge(g, damage);
  g.append(title(name));
  return g;
}

export function heroToken(ctx, hero) {
  const name = heroText(ctx, hero);
  const zone = ctx.view.heroes?.[hero];
  const g = s("g", { class: `hero seat-${heroSeat(ctx, hero)}`, "data-target": `hero:${hero}`, "data-zone": zone, role: "img", "aria-label": name });
  g.append(s("rect", { x: 0, y: 0, width: TOKEN_W, height: TOKEN_H, rx: 8, class: "hero-body" }));
  const short = `★${heroShort(ctx, hero)}`;
  g.append(fitText(s("text", { x: TOKEN_W / 2, y: 11, class: "hero-name" }, short), short, TOKEN_W - 6, 9));
  const dmg = ctx.view.hero_damage?.[hero];
  if (dmg) damageBadge(g, dmg);
  g.append(title(name));
  return g;
}

export function moreToken(ctx, hidden) {
  const units = hidden.reduce((n, item) => n + (item.kind === "unit" ? item.count : 1), 0);
  const list = hidden.map((item) => (item.kind === "unit" ? unitLabel(ctx, item.group, item.count) : heroText(ctx, item.hero)));
  const name = t("heresy.map.more", { n: units, list: list.join(", ") });
  return s(
    "g",
    { class: "more", "data-more": hidden.length, role: "img", "aria-label": name },
    s("rect", { x: 0, y: 0, width: TOKEN_W, height: TOKEN_H, rx: 8 }),
    s("text", { x: TOKEN_W / 2, y: 11.5 }, `+${units}`),
    title(name)
  );
}
