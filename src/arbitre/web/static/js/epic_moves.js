// Moves by pointing (issue 13): while a move is being placed the table shows the reachable
// area (the view's `reach`: the lead stand's ring from `lo` to `hi` cm, inside the table,
// with the terrain it may not cross struck out), ONE ghost of the detachment (under the
// mouse, where a finger tapped, or for the option button hovered or focused), and a click,
// tap or drag of the detachment sends the point: the key of an option when the point is
// within SNAP_CM of its destination, else "x,y" (the lead stand's destination), which the
// game validates. A refused point says why, with its rule, next to the table.

import { h, s, title } from "./dom.js";
import { addStrings, lang, t, tx } from "./i18n.js";
import { cm, detLabel, heading } from "./epic_words.js";
import { centroid, footprint, pieceShape } from "./epic_table.js";
import { showNote } from "./epic_note.js";

addStrings({
  fr: {
    "epicd.zone": "Zone de déploiement : touchez où placer le premier socle du détachement",
    "epicd.at": "Placer ici ({x} ; {y} cm)",
    "epic.phase.deployment": "déploiement",
    "epicd.army": "{side} : {army}",
  },
  en: {
    "epicd.zone": "Deployment zone: tap where the detachment's first stand goes",
    "epicd.at": "Place here ({x}, {y} cm)",
    "epic.phase.deployment": "deployment",
    "epicd.army": "{side}: {army}",
  },
});

const SNAP_CM = 1.5;
let pending = null; // {moves, x, y, key, text}: a point placed by a tap, waiting for "Go here"
let current = null; // the move on the table now: its ghost follows the option buttons
let refusedAt = null; // {moves, x, y}: the point refused last, drawn red until the next one
let listening = false;

export function moveContext(ctx) {
  const d = ctx.decision;
  const reach = ctx.view?.reach;
  if (!d || !d.yours || d.kind !== "epic.move" || !reach) return null;
  const movers = new Set(reach.movers || []);
  const stands = (ctx.view.stands || []).filter((st) => movers.has(st.id));
  if (!stands.length) return null;
  const det = (ctx.view.detachments || []).find((x) => x.id === reach.det);
  const options = [];
  for (const option of d.options || []) {
    const a = option.args || {};
    if (a.dx === undefined || a.dy === undefined) continue;
    options.push({ key: option.key, text: tx(option.text), x: reach.x + Number(a.dx), y: reach.y + Number(a.dy), dx: Number(a.dx), dy: Number(a.dy) });
  }
  return { reach, stands, det, options, moves: ctx.state?.moves };
}

function toTable(svg, event) {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
  return [p.x, p.y];
}

/** The option whose destination is within SNAP_CM of (x, y), nearest first. */
export function snap(mc, x, y) {
  let best = null;
  for (const o of mc.options) {
    const d = Math.hypot(o.x - x, o.y - y);
    if (d <= SNAP_CM && (!best || d < best.d)) best = { ...o, d };
  }
  return best;
}

function inside(piece, x, y) {
  if (piece.radius) return Math.hypot(x - piece.x0, y - piece.y0) < piece.radius;
  return x > piece.x0 && x < piece.x1 && y > piece.y0 && y < piece.y1;
}

/** A first look on the page's side (the game decides): within the ring, on the table,
 * no stand of the ghost inside a piece of terrain it may not enter. */
function looksLegal(ctx, mc, x, y) {
  const { reach } = mc;
  const dist = Math.hypot(x - reach.x, y - reach.y);
  if (dist > reach.hi + 1e-6 || dist < reach.lo - 1e-6) return false;
  const inZone = (px, py) => (reach.zones || []).some(([x0, y0, x1, y1]) => px >= x0 && px <= x1 && py >= y0 && py <= y1);
  const W = Number(ctx.board?.table?.w || 180);
  const H = Number(ctx.board?.table?.h || 120);
  const blocked = (ctx.board?.terrain || []).filter((p) => (reach.blocked || []).includes(p.id));
  const dx = x - reach.x;
  const dy = y - reach.y;
  for (const st of mc.stands) {
    const [sx, sy] = [Number(st.x) + dx, Number(st.y) + dy];
    if (sx < 0 || sy < 0 || sx > W || sy > H) return false;
    if (reach.zones && !inZone(sx, sy)) return false; // deployment (issue 16): its zone
    if (blocked.some((p) => inside(p, sx, sy))) return false;
  }
  return true;
}

/** The reachable area: a ring around the lead stand clipped to the table, the impassable
 * pieces struck out (an SVG mask). */
export function drawReach(ctx, svg, mc, W, H) {
  const { reach } = mc;
  const mask = s("mask", { id: "epic-reach-mask", maskUnits: "userSpaceOnUse", x: 0, y: 0, width: W, height: H });
  mask.append(s("rect", { x: 0, y: 0, width: W, height: H, fill: "black" }));
  const zones = reach.zones || null; // deployment (issue 16): the zone's rectangles, no ring
  for (const [x0, y0, x1, y1] of zones || []) mask.append(s("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, fill: "white" }));
  if (!zones) mask.append(s("circle", { cx: reach.x, cy: reach.y, r: Math.max(reach.hi, 0.8), fill: "white" }));
  if (!zones && reach.lo > 0) mask.append(s("circle", { cx: reach.x, cy: reach.y, r: reach.lo, fill: "black" }));
  const blocked = (ctx.board?.terrain || []).filter((p) => (reach.blocked || []).includes(p.id));
  for (const piece of blocked) {
    const shape = pieceShape(piece, "");
    shape.setAttribute("fill", "black");
    mask.append(shape);
  }
  svg.append(s("defs", {}, mask));
  const text = zones ? t("epicd.zone") : `${t("epicp.reach", { lo: cm(reach.lo, lang()), hi: cm(reach.hi, lang()) })}${reach.flying ? ` · ${t("epicp.reach.flying")}` : ""}`;
  const layer = s("g", { class: zones ? "reach deploy-zone" : "reach", "data-reach": mc.det?.id ?? "", "data-hi": reach.hi, "data-lo": reach.lo });
  layer.append(s("rect", { x: 0, y: 0, width: W, height: H, class: "reach-area", mask: "url(#epic-reach-mask)" }));
  for (const [x0, y0, x1, y1] of zones || []) layer.append(s("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, class: "reach-rim" }));
  if (!zones) layer.append(s("circle", { cx: reach.x, cy: reach.y, r: Math.max(reach.hi, 0.8), class: "reach-rim" }));
  for (const piece of blocked) {
    const shape = pieceShape(piece, "reach-blocked");
    shape.append(title(t("epicp.blocked")));
    layer.append(shape);
  }
  layer.append(title(text));
  svg.append(layer);
}

function ghostAt(mc, x, y, cls, text) {
  const dx = x - mc.reach.x;
  const dy = y - mc.reach.y;
  const c = centroid(mc.stands);
  const g = s("g", { class: cls, "data-x": x.toFixed(1), "data-y": y.toFixed(1) });
  g.append(s("line", { x1: mc.reach.x, y1: mc.reach.y, x2: x, y2: y, class: "ghost-path" }));
  g.append(footprint(mc.stands, dx, dy));
  g.append(s("circle", { cx: x, cy: y, r: 1.3, class: "ghost-lead" }));
  if (c) g.append(s("circle", { cx: c[0] + dx, cy: c[1] + dy, r: 0.5, class: "ghost-centre" }));
  if (text) g.append(title(text));
  return g;
}

function pointText(mc, x, y) {
  const l = lang();
  if (mc.reach.zones) return t("epicd.at", { x: cm(x, l), y: cm(y, l) });
  const dist = Math.hypot(x - mc.reach.x, y - mc.reach.y);
  return t("epicp.ghost.point", { dir: heading(x - mc.reach.x, y - mc.reach.y), cm: cm(dist, l) });
}

/** The move being placed, if any (`pending` is dropped when the position changed). */
export function startMove(ctx) {
  const mc = moveContext(ctx);
  if (!mc || (pending && pending.moves !== mc.moves)) pending = null;
  if (!mc) current = null;
  return mc;
}

/** Draw the option ghosts (hidden until their button is hovered or focused: `.hint`), the
 * live ghost, and wire the pointer; the reachable area is drawn first, under the stands. */
export function drawGhosts(ctx, svg, mc) {
  const layer = s("g", { class: "ghosts" });
  const live = s("g", { class: "ghost-live" });
  layer.append(live);
  svg.append(layer);
  for (const el of svg.querySelectorAll(`g.det[data-det="${mc.reach.det}"]`)) el.classList.add("moving");
  const show = (x, y, fixed, refused = false) => {
    const hit = snap(mc, x, y);
    const [gx, gy] = hit ? [hit.x, hit.y] : [x, y];
    const ok = !refused && (hit || looksLegal(ctx, mc, gx, gy));
    const text = hit ? hit.text : pointText(mc, gx, gy);
    live.replaceChildren(ghostAt(mc, gx, gy, `ghost live${ok ? "" : " bad"}${fixed ? " fixed" : ""}`, text));
    return { x: gx, y: gy, key: hit ? hit.key : `${gx.toFixed(1)},${gy.toFixed(1)}`, text };
  };
  const hide = () => {
    if (pending) show(pending.x, pending.y, true);
    else live.replaceChildren();
  };
  if (pending) show(pending.x, pending.y, true);
  else if (refusedAt && refusedAt.moves === mc.moves) show(refusedAt.x, refusedAt.y, true, true);
  current = { mc, show, hide };
  listenToOptions();
  wirePointer(ctx, svg, mc, show, live);
  return mc;
}


/** The ghost of the option button under the mouse or focused (one at a time). */
function listenToOptions() {
  if (listening) return;
  listening = true;
  const optionOf = (event) => event.target.closest?.("#decision button.option[data-key]");
  const enter = (event) => {
    const button = optionOf(event);
    const o = button && current?.mc.options.find((x) => x.key === button.dataset.key);
    if (o) current.show(o.x, o.y, false);
  };
  const leave = (event) => {
    if (optionOf(event) && current) current.hide();
  };
  document.addEventListener("mouseover", enter);
  document.addEventListener("focusin", enter);
  document.addEventListener("mouseout", leave);
  document.addEventListener("focusout", leave);
}

function wirePointer(ctx, svg, mc, show, live) {
  let drag = null;
  let skipClick = false;
  svg.addEventListener("pointermove", (event) => {
    const p = toTable(svg, event);
    if (!p) return;
    if (drag) {
      const [x, y] = [mc.reach.x + p[0] - drag[0], mc.reach.y + p[1] - drag[1]];
      drag.moved = drag.moved || Math.hypot(p[0] - drag[0], p[1] - drag[1]) > 0.6;
      drag.at = show(x, y, false);
      return;
    }
    if (event.pointerType === "mouse" && !pending) show(p[0], p[1], false);
  });
  svg.addEventListener("pointerleave", () => {
    if (!drag && !pending) live.replaceChildren();
  });
  svg.addEventListener("pointerdown", (event) => {
    if (!event.target.closest?.(`g.det[data-det="${mc.reach.det}"]`)) return;
    const p = toTable(svg, event);
    if (!p) return;
    drag = Object.assign([p[0], p[1]], { moved: false, at: null });
    svg.setPointerCapture?.(event.pointerId);
    event.preventDefault();
  });
  svg.addEventListener("pointerup", (event) => {
    if (!drag) return;
    const done = drag;
    drag = null;
    if (done.moved && done.at) {
      skipClick = true;
      choose(ctx, mc, done.at, event.pointerType);
    }
  });
  svg.addEventListener("click", (event) => {
    if (skipClick) {
      skipClick = false;
      return;
    }
    if (event.target.closest?.(".pickable")) return; // an element the page binds itself
    const p = toTable(svg, event);
    if (!p) return;
    event.preventDefault();
    choose(ctx, mc, show(p[0], p[1], true), event.pointerType);
  });
}

/** A mouse sends at once (its ghost was under the pointer); a finger places the ghost and
 * asks to confirm, unless it tapped the ghost already placed there. */
function choose(ctx, mc, at, pointerType) {
  const again = pending && Math.hypot(pending.x - at.x, pending.y - at.y) <= SNAP_CM;
  if (pointerType === "mouse" || again) {
    send(ctx, at);
    return;
  }
  pending = { ...at, moves: mc.moves };
  showNote(
    ctx,
    "confirm",
    h(
      "div",
      { class: "epic-confirm" },
      h("span", { class: "note-text" }, at.text),
      h("button", { type: "button", class: "primary", "data-confirm": at.key, onclick: () => send(ctx, pending || at) }, t("epicp.ghost.confirm")),
      h("button", { type: "button", onclick: () => cancel(ctx) }, t("epicp.ghost.cancel"))
    )
  );
}

function cancel(ctx) {
  pending = null;
  showNote(ctx, null);
  for (const g of document.querySelectorAll("svg.epic g.ghost-live")) g.replaceChildren();
}

/** Play the key through the page's live game; a refusal is shown with its rule. */
export async function send(ctx, at) {
  refusedAt = null;
  const shell = await import("./table.js");
  const page = shell.page;
  if (!page?.live || page.busy) return;
  page.busy = true;
  document.body.classList.add("busy");
  const seat = page.state?.you?.role === "admin" ? page.state?.decision?.seat : null;
  let refused = null;
  try {
    await page.live.play(at.key, page.state.moves, seat);
    pending = null;
    showNote(ctx, null);
  } catch (err) {
    refused = err;
  } finally {
    page.busy = false;
    document.body.classList.remove("busy");
  }
  if (refused) {
    pending = null;
    refusedAt = { moves: page.state?.moves, x: at.x, y: at.y };
    shell.render();
    refusal(ctx, refused, at);
  } else shell.render();
}

function refusal(ctx, err, at) {
  const text = tx(err?.text) || err?.message || String(err);
  const rule = err?.rule || err?.text?.rule || "";
  const plain = rule ? text.replace(` [${rule}]`, "") : text;
  const det = (ctx.view?.detachments || []).find((d) => d.id === ctx.view?.reach?.det);
  const name = det ? detLabel(ctx, det) : "";
  showNote(
    ctx,
    "refusal",
    h(
      "div",
      { class: "epic-refusal", role: "alert", "data-key": at.key },
      h("strong", {}, `${t("epicp.refused")} `),
      name ? `${name} — ` : "",
      plain,
      rule ? h("span", { class: "rule-chip", "data-rule": rule }, rule) : ""
    ),
    true
  );
}
