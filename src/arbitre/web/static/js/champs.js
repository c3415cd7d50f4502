// The Champs de Bataille board in SVG, drawn from one seat's view (what it may not see,
// hidden traps, is not in the view). y grows upwards: the players' start line at the bottom.
// Board elements carry `data-target`: "cell:x,y", "unit:N", "hero:p1".

import { h, s, title } from "./dom.js";
import { t, tx } from "./i18n.js";

const C = 64; // one cell, in SVG units
const LEFT = 26;
const TOP = 8;
const BOTTOM = 22;
const RIGHT = 8;
const SIDE_CLASS = { players: "side-players", mj: "side-mj" };

function xy(v) {
  return [Number(v[0]), Number(v[1])];
}

function cellKey(x, y) {
  return `${x},${y}`;
}

export function seatLabel(ctx, name) {
  const seat = (ctx.state.game?.seats || []).find((x) => x.name === name);
  return seat ? tx(seat.label) : String(name);
}

function typeName(ctx, id) {
  return tx(ctx.board?.names?.types?.[id]?.name) || id;
}

function typeLetter(ctx, id) {
  return ctx.board?.names?.types?.[id]?.letter || id.slice(0, 1).toUpperCase();
}

function heroName(ctx, skill) {
  return tx(ctx.board?.names?.heroes?.[skill]) || skill;
}

function seatDigit(seat) {
  return /^p\d+$/.test(seat) ? seat.slice(1) : seat.slice(0, 1).toUpperCase();
}

/** The tokens of one cell: every unit and hero when they fit (3×3), else one per type. */
function cellTokens(ctx, cell, px, py) {
  const side = cell.side;
  const items = [];
  for (const u of cell.units || []) items.push({ unit: u });
  for (const hero of cell.heroes || []) items.push({ hero });
  const g = s("g", { class: `tokens ${SIDE_CLASS[side] || ""}` });
  if (items.length <= 9) {
    items.forEach((item, i) => {
      const cx = px + 12 + (i % 3) * 20;
      const cy = py + 14 + Math.floor(i / 3) * 20;
      g.append(item.unit ? unitToken(ctx, item.unit, cx, cy, [item.unit.id]) : heroToken(ctx, item.hero, cx, cy));
    });
    return g;
  }
  const groups = new Map();
  for (const u of cell.units || []) {
    const key = `${u.type}|${u.acted ? 1 : 0}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(u);
  }
  let i = 0;
  for (const units of groups.values()) {
    const cx = px + 12 + (i % 3) * 20;
    const cy = py + 14 + Math.floor(i / 3) * 20;
    const token = unitToken(ctx, units[0], cx, cy, units.map((u) => u.id));
    token.append(s("text", { x: cx + 8, y: cy + 9, class: "count" }, String(units.length)));
    g.append(token);
    i += 1;
  }
  for (const hero of cell.heroes || []) {
    g.append(heroToken(ctx, hero, px + 12 + (i % 3) * 20, py + 14 + Math.floor(i / 3) * 20));
    i += 1;
  }
  return g;
}

function unitToken(ctx, u, cx, cy, ids) {
  const g = s("g", {
    class: `unit${u.acted ? " acted" : ""}`,
    "data-target": ids.map((id) => `unit:${id}`).join(" "),
  });
  g.append(s("rect", { x: cx - 8, y: cy - 8, width: 16, height: 16, rx: 3, class: "unit-body" }));
  g.append(s("text", { x: cx, y: cy + 4, class: "unit-letter" }, typeLetter(ctx, u.type)));
  if (u.loaded) g.append(s("circle", { cx: cx + 6, cy: cy - 6, r: 3, class: "loaded" }));
  const state = u.acted ? ` · ${t("champs.legend.acted")}` : "";
  g.append(title(`${typeName(ctx, u.type)} #${u.id}${state}`));
  return g;
}

function heroToken(ctx, hero, cx, cy) {
  const g = s("g", { class: `hero${hero.acted ? " acted" : ""}`, "data-target": `hero:${hero.seat}` });
  g.append(s("circle", { cx, cy, r: 8.5, class: "hero-body" }));
  g.append(s("text", { x: cx, y: cy + 4, class: "hero-letter" }, seatDigit(hero.seat)));
  g.append(title(`${heroName(ctx, hero.skill)} (${seatLabel(ctx, hero.seat)})`));
  return g;
}

function trapMark(side, px, py) {
  const x = px + C - 12;
  const y = py + C - 12;
  const points =
    side === "mj"
      ? `${x - 7},${y - 5} ${x + 7},${y - 5} ${x},${y + 7}`
      : `${x - 7},${y + 6} ${x + 7},${y + 6} ${x},${y - 6}`;
  return s("polygon", { points, class: `trap ${SIDE_CLASS[side] || ""}` }, title(t("champs.legend.trap")));
}

function infoPanel(ctx) {
  const v = ctx.view;
  const bf = v.battlefield || {};
  const lines = [];
  const head = [h("strong", {}, `${tx(bf.name)} ${bf.width}×${bf.height}`), t("board.round_of", { n: v.round, of: bf.rounds })];
  if (v.turn) head.push(t("champs.turn", { seat: seatLabel(ctx, v.turn.seat), used: v.turn.activations_used }));
  if (v.to_move && !v.over) head.push(h("strong", {}, t("champs.to_move", { seat: seatLabel(ctx, v.to_move) })));
  lines.push(h("div", { class: "info-line" }, join(head)));
  const objective = `champs.objective.${bf.objective}`;
  const tokens = v.trap_tokens || { players: [], mj: 0 };
  const inf = (n) => (n < 0 ? "∞" : String(n));
  const counts = [
    t(objective, { hold: bf.hold }),
    t("champs.deck", { n: v.deck }),
    t("champs.traps", { p: (tokens.players || []).map(inf).join("/") || "0", m: inf(tokens.mj) }),
    t("champs.units_left", { p: v.units_left?.players ?? "?", m: v.units_left?.mj ?? "?" }),
  ];
  if (v.hidden_traps) counts.push(t("champs.hidden_traps", { n: v.hidden_traps }));
  lines.push(h("div", { class: "info-line muted" }, join(counts)));
  const heroes = (v.heroes || []).map((hero) => {
    const where = hero.captured ? t("champs.captured") : hero.at ? `(${hero.at[0]},${hero.at[1]})` : t("champs.not_deployed");
    return h(
      "span",
      { class: "chip hero-chip", "data-target": `hero:${hero.seat}` },
      `★${seatDigit(hero.seat)} `,
      t("champs.hero", { name: heroName(ctx, hero.skill), seat: seatLabel(ctx, hero.seat), destiny: hero.destiny }),
      ` · ${where}`
    );
  });
  if (heroes.length) lines.push(h("div", { class: "info-line" }, heroes));
  const combat = v.combat;
  if (combat) {
    const cell = (c) => (c ? `(${c[0]},${c[1]})` : "—");
    const dice = (list) => (list && list.length ? list.map((d) => h("span", { class: "die" }, String(d))) : "—");
    lines.push(
      h(
        "div",
        { class: "info-line combat-line" },
        h("strong", {}, t("champs.combat", { kind: t(combat.ranged ? "champs.ranged" : "champs.melee"), att: cell(combat.attacker), tgt: cell(combat.target) })),
        " · ",
        t("champs.dice.att"),
        " ",
        dice(combat.attacker_dice),
        " · ",
        t("champs.dice.def"),
        " ",
        dice(combat.defender_dice),
        combat.support && combat.support.length ? ` · ${t("champs.support", { cells: combat.support.map(cell).join(", ") })}` : ""
      )
    );
  }
  return h("div", { class: "board-info" }, lines);
}

function join(parts) {
  const out = [];
  parts.forEach((p, i) => {
    if (i) out.push(" · ");
    out.push(p);
  });
  return out;
}

function legend(ctx) {
  const types = Object.keys(ctx.board?.names?.types || {});
  const items = types.map((id) => h("span", { class: "legend-item" }, h("b", {}, typeLetter(ctx, id)), " ", typeName(ctx, id)));
  items.push(h("span", { class: "legend-item" }, t("champs.legend.trap")));
  items.push(h("span", { class: "legend-item" }, t("champs.legend.loaded")));
  items.push(h("span", { class: "legend-item" }, t("champs.legend.acted")));
  return h("div", { class: "legend" }, items);
}

/** Draw the whole board of `ctx.view` into `host`. */
export function render(host, ctx) {
  const v = ctx.view;
  const bf = v.battlefield || ctx.board?.battlefield;
  const W = Number(bf.width);
  const H = Number(bf.height);
  const width = LEFT + W * C + RIGHT;
  const height = TOP + H * C + BOTTOM;
  const py = (y) => TOP + (H - 1 - y) * C;
  const px = (x) => LEFT + x * C;
  const svg = s("svg", {
    class: "board-svg champs",
    viewBox: `0 0 ${width} ${height}`,
    "data-cells": W * H,
    role: "img",
    "aria-label": tx(bf.name),
  });
  const obstacles = new Set((bf.obstacles || []).map((c) => cellKey(...xy(c))));
  const lines = new Map();
  for (const c of bf.players_line || []) lines.set(cellKey(...xy(c)), "players");
  for (const c of bf.mj_line || []) lines.set(cellKey(...xy(c)), "mj");
  const cells = new Map((v.cells || []).map((c) => [cellKey(...xy(c.at)), c]));
  const traps = new Map((v.traps || []).map((tr) => [cellKey(...xy(tr.at)), tr.side]));
  const combat = v.combat || null;
  const attacker = combat?.attacker ? cellKey(...xy(combat.attacker)) : null;
  const target = combat?.target ? cellKey(...xy(combat.target)) : null;
  const support = new Set((combat?.support || []).map((c) => cellKey(...xy(c))));

  const grid = s("g", { class: "grid" });
  const pieces = s("g", { class: "pieces" });
  for (let y = 0; y < H; y += 1) {
    for (let x = 0; x < W; x += 1) {
      const key = cellKey(x, y);
      const line = lines.get(key);
      const classes = ["cell"];
      if (obstacles.has(key)) classes.push("obstacle");
      if (line) classes.push(`line-${line}`);
      if (key === attacker) classes.push("attacker");
      else if (key === target) classes.push("target");
      else if (support.has(key)) classes.push("support");
      const g = s("g", { class: classes.join(" "), "data-target": `cell:${key}` });
      g.append(s("rect", { x: px(x) + 1, y: py(y) + 1, width: C - 2, height: C - 2, rx: 4 }));
      if (obstacles.has(key)) {
        g.append(s("path", { class: "rocks", d: `M${px(x) + 10},${py(y) + 50} l12,-22 l9,12 l8,-18 l15,28 z` }));
      }
      g.append(title(`(${key})${line ? " · " + t(`champs.line.${line}`) : ""}`));
      grid.append(g);
      const content = cells.get(key);
      if (content) pieces.append(cellTokens(ctx, content, px(x), py(y)));
      if (traps.has(key)) pieces.append(trapMark(traps.get(key), px(x), py(y)));
    }
  }
  const labels = s("g", { class: "axis" });
  for (let x = 0; x < W; x += 1) labels.append(s("text", { x: px(x) + C / 2, y: TOP + H * C + 16 }, String(x)));
  for (let y = 0; y < H; y += 1) labels.append(s("text", { x: LEFT - 8, y: py(y) + C / 2 + 4 }, String(y)));
  svg.append(grid, labels, pieces);
  host.replaceChildren(infoPanel(ctx), h("div", { class: "svg-wrap" }, svg), legend(ctx));
}

/** The board elements an option refers to, best first ("to:3,4" → the cell 3,4). */
export function targets(key, ctx) {
  let m = /^sel:u(\d+)$/.exec(key);
  if (m) return [`unit:${m[1]}`];
  m = /^sel:h(\d+)$/.exec(key);
  if (m) {
    const seat = ctx.view.seats?.[Number(m[1])];
    return seat ? [`hero:${seat}`] : [];
  }
  const cells = [...key.matchAll(/(-?\d+),(-?\d+)/g)];
  if (cells.length) {
    const last = cells[cells.length - 1];
    return [`cell:${last[1]},${last[2]}`];
  }
  return [];
}

/** Where the board shows who is to play, for the page header. */
export function status(ctx) {
  const v = ctx.view;
  return t("board.round_of", { n: v.round, of: v.battlefield?.rounds ?? "?" });
}

/** The key the current decision would use for the board element `el` that is not one of
 * its choices (for "why not?", js/why.js): the options' own shape with that cell in it
 * ("to:1,2" → "to:5,6", "attack:1,2>3,4" → "attack:1,2>5,6"); none when the decision
 * does not ask for a cell. */
export function whyKey(el, ctx) {
  const target = el?.dataset?.target || "";
  const cell = /^cell:(-?\d+),(-?\d+)$/.exec(target);
  let at = cell ? [cell[1], cell[2]] : null;
  const unit = /^unit:(\d+)/.exec(target);
  const hero = /^hero:(\w+)/.exec(target);
  if (!at && (unit || hero)) {
    const found = (ctx.view?.cells || []).find((c) =>
      unit ? (c.units || []).some((u) => String(u.id) === unit[1]) : (c.heroes || []).some((x) => x.seat === hero[1])
    );
    if (found) at = xy(found.at).map(String);
  }
  if (!at) return null;
  const shape = (ctx.decision?.options || []).map((o) => o.key).find((k) => /(-?\d+),(-?\d+)/.test(k));
  if (!shape) return null;
  const matches = [...shape.matchAll(/(-?\d+),(-?\d+)/g)];
  const last = matches[matches.length - 1];
  return `${shape.slice(0, last.index)}${at[0]},${at[1]}${shape.slice(last.index + last[0].length)}`;
}
