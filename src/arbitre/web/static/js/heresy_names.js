// Names of what a Hérésie view carries as ids (seats, zones, sectors, cards, units, Heroes,
// legions, Powers), read from the board's public catalog (GET …/board, "names").

import { t, tx } from "./i18n.js";

export const SEATS = ["imperium", "traitor"];
const CONTENT_SIDE = { imperial: "imperium", traitor: "traitor" };

export function names(ctx) {
  return ctx.board?.names || {};
}

export function seatName(ctx, seat) {
  if (!seat) return "—";
  const game = (ctx.state.game?.seats || []).find((x) => x.name === seat);
  if (game) return tx(game.label);
  return t(`heresy.seat.${seat}`);
}

export function base(card) {
  return String(card).split("#", 1)[0];
}

export function zoneName(ctx, id) {
  const z = ctx.zones.get(id);
  return z ? tx(z.name) : id === "reserve" ? t("heresy.reserve", { seat: "" }).trim() : id;
}

export function sectorName(ctx, id) {
  const sec = (ctx.board.sectors || []).find((x) => x.id === id);
  return sec ? tx(sec.name) : id;
}

export function cardName(ctx, card) {
  const id = base(card);
  const n = names(ctx);
  const item = n.orders?.[id] || n.combat?.[id] || n.events?.[id];
  return item ? tx(item.name) : id;
}

export function unitName(ctx, type) {
  return tx(names(ctx).units?.[type]?.name) || type;
}

export function heroName(ctx, hero) {
  return tx(names(ctx).heroes?.[hero]?.name) || hero;
}

export function heroSeat(ctx, hero) {
  return CONTENT_SIDE[names(ctx).heroes?.[hero]?.side] || "";
}

export function tagName(ctx, tag) {
  const n = names(ctx);
  return tx(n.legions?.[tag]?.name || n.powers?.[tag]?.name) || tag;
}

/** `traitor:chaos_titan/nurgle/d2` → {seat, type, tag, damage, label}. */
export function parseUnit(entry) {
  const [seat, ...rest] = String(entry).split(":");
  const label = rest.join(":");
  const parts = label.split("/");
  let tag = "";
  let damage = 0;
  for (const part of parts.slice(1)) {
    const m = /^d(\d+)$/.exec(part);
    if (m) damage = Number(m[1]);
    else if (part) tag = part;
  }
  return { seat, type: parts[0], tag, damage, label };
}
