"""Answers for the action step and the Order cards (HH-14.11..HH-19.9, HH-16.3..HH-16.6,
EX-16.1): the planner's best plan, followed pick by pick (action, card, pile or sector)."""

from __future__ import annotations

from arbitre.engine.decision import Decision
from arbitre.games.heresy import orders, strategic
from arbitre.games.heresy.ai import values as V
from arbitre.games.heresy.ai.context import Ctx
from arbitre.games.heresy.ai.plans import Plan, Planner


def _best(plans: list[Plan], card: str = "") -> Plan | None:
    for p in plans:
        if not card or p.card == card:
            return p
    return None


def action(pl: Planner, dec: Decision) -> str:
    best = _best(pl.plans())
    return f"action:{best.action}" if best else ""


def place_card(pl: Planner, dec: Decision) -> str:
    best = _best(pl.plans("place"))
    return f"card:{best.card}" if best else ""


def place_pile(pl: Planner, dec: Decision) -> str:
    card = pl.ctx.s.stack[-1].data["card"]
    best = _best(pl.plans("place"), card)
    return f"pile:{best.sector}" if best else ""


def map_card(pl: Planner, dec: Decision) -> str:
    best = _best(pl.plans("map"))
    return f"card:{best.card}" if best else ""


def hand_card(pl: Planner, dec: Decision) -> str:
    best = _best(pl.plans("hand"))
    return f"card:{best.card}" if best else ""


def hand_sector(pl: Planner, dec: Decision) -> str:
    card = pl.ctx.s.stack[-1].data["card"]
    best = _best(pl.plans("hand"), card)
    return f"sector:{best.sector}" if best else ""


def draw(pl: Planner, dec: Decision) -> str:
    best = _best(pl.plans("draw"))
    if best is None or best.card == "deck":
        return "deck"
    return f"card:{best.card}"


def bury(pl: Planner, dec: Decision) -> str:
    best = _best(pl.plans("bury"))
    return f"pile:{best.sector}" if best else ""


def worth(pl: Planner, card: str, from_map: bool) -> float:
    """The most an order could gain now, in any sector."""
    s = pl.ctx.s
    return max(pl.execution(card, sec.id, from_map)[0] for sec in s.content.sectors)


def _useless(ctx: Ctx, card: str) -> bool:
    return orders.stubbed(strategic.order(ctx.s, card))


def order_draw_discard(pl: Planner, dec: Decision) -> str:
    """HH-16.4: orders that do nothing now (attacks and landings are kept: their targets
    come and go), so that the refill brings new ones."""
    worst, key = V.KEEP_ORDER, "done"
    for o in dec.options:
        if not o.key.startswith("card:"):
            continue
        card = o.key[5:]
        if _useless(pl.ctx, card):
            return o.key
        if strategic.order(pl.ctx.s, card).kind in ("attack", "landing"):
            continue
        v = worth(pl, card, False)
        if v < worst:
            worst, key = v, o.key
    return key


def order_draw_recover(pl: Planner, dec: Decision) -> str:
    """HH-16.5: reusable orders worth playing come back to hand, the best first."""
    best, key = 0.0, "done"
    for o in dec.options:
        if o.key.startswith("card:"):
            v = worth(pl, o.key[5:], False) + 1.0
            if v > best:
                best, key = v, o.key
    return key


def event_orders(pl: Planner, dec: Decision) -> str:
    """EX-16.1: orders placed for free where they will be worth most."""
    best, key = 0.0, "done"
    for o in dec.options:
        if o.key.startswith("card:"):
            v = worth(pl, o.key[5:], True)
            if v > best:
                best, key = v, o.key
    return key


def event_orders_sector(pl: Planner, dec: Decision) -> str:
    card = pl.ctx.s.stack[-1].data["chosen"]
    best, key = -1e9, ""
    for o in dec.options:
        v = pl.execution(card, o.key.partition(":")[2], True)[0] - pl._covers(o.key[7:])
        if v > best:
            best, key = v, o.key
    return key


def landing_pile(pl: Planner, dec: Decision) -> str:
    """Like Unto Gods' landing orders placed at setup: where they will land best."""
    card = pl.ctx.s.stack[-1].data["card"]
    best, key = -1e9, dec.options[0].key
    for o in dec.options:
        v = pl.execution(card, o.key.partition(":")[2], True)[0]
        if v > best:
            best, key = v, o.key
    return key
