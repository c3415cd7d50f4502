"""Special phases (HH-16.1..HH-17.2) and the initiative change step (HH-15.3, HH-38.1..6).

Each special-phase space triggers once per game (HH-15.7, initiative.move_marker); its
frame resolves the phase. Event effects are a hook the event issue fills (`EVENT_EFFECTS`,
event id -> function); coexistence battles are `battle` frames (joining.coexistence_battle).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy import strategic
from arbitre.games.heresy.board import eliminate, hero_seats, take_unit
from arbitre.games.heresy.distances import zone_sides
from arbitre.games.heresy.opts import keyed, new_decision, new_msg, two
from arbitre.games.heresy.state import ACTIVE, IMPERIUM, ROUT, Frame, HeresyState, label

EVENT_EFFECTS: dict[str, Callable[[HeresyState, int], None]] = {}  # the event issue


def auto_event(s: HeresyState, f: Frame) -> None:
    """HH-16.2: the current player draws the top Event card and follows it (hook).
    AMB-19: an empty Event deck does nothing; HH-39.6: it is never reshuffled."""
    s.stack.pop()
    if not s.events:
        s.log.append(new_msg(("heresy.log.event_none", {}, "AMB-19")))
        return
    _act, card = s.events.pop(0)
    s.event_discard.append(card)
    s.log.append(new_msg(("heresy.log.event", {"seat": f.seat, "card": card}, "HH-16.2")))
    effect = EVENT_EFFECTS.get(card)
    if effect is not None:
        effect(s, f.seat)


def auto_restoration(s: HeresyState, f: Frame) -> None:
    """HH-17.2: remove activation-side markers, then flip rout markers to activation."""
    s.stack.pop()
    for marks in s.marks:
        for zone in [z for z, side in marks.items() if side == ACTIVE]:
            del marks[zone]
        for zone in [z for z, side in marks.items() if side == ROUT]:
            marks[zone] = ACTIVE
    s.log.append(new_msg(("heresy.log.restoration", {}, "HH-17.2")))


# --- Order Draw (HH-16.3..HH-16.6): discard, recover, refill; current player first ----


_DONE = Option("done", Msg("engine.done"))
_Q_DISCARD = Msg("heresy.q.order_draw_discard")
_Q_RECOVER = Msg("heresy.q.order_draw_recover")


def _od_seat(s: HeresyState, f: Frame) -> int:
    return f.seat if f.data.get("turn", 0) == 0 else 1 - f.seat


def decide_order_draw(s: HeresyState, f: Frame) -> Decision | None:
    sub = f.data.setdefault("sub", "discard")
    seat = _od_seat(s, f)
    done = _DONE
    if sub == "discard":
        if not s.hands[seat]:
            return None
        opts = [_card_opt("heresy.opt.discard", c) for c in strategic.distinct(s.hands[seat])]
        return new_decision(
            (seat, "heresy.order_draw.discard", (*opts, done), _Q_DISCARD, ("HH-16.4",), False)
        )
    if sub == "recover":
        opts = []
        if len(s.hands[seat]) < strategic.HAND_LIMIT:
            opts = [
                _card_opt("heresy.opt.recover", c) for c in strategic.distinct(s.card_reserve[seat])
            ]
        if not opts:
            return None
        return new_decision(
            (seat, "heresy.order_draw.recover", (*opts, done), _Q_RECOVER, ("HH-16.5",), False)
        )
    return None


@cache
def _card_opt(msg_key: str, c: str) -> Option:
    return Option(f"card:{c}", Msg(msg_key, {"card": strategic.card_id(c)}))


def _next_sub(f: Frame) -> None:
    if f.data.get("turn", 0) == 0:
        f.data["turn"] = 1
    else:
        f.data["turn"] = 0
        f.data["sub"] = "recover" if f.data["sub"] == "discard" else "refill"


def choose_order_draw(s: HeresyState, f: Frame, key: str) -> None:
    seat = _od_seat(s, f)
    if key == "done":
        _next_sub(f)
        return
    card = key[5:]
    if f.data["sub"] == "discard":
        s.hands[seat].remove(card)
        strategic.discard_order(s, seat, card)
        s.log.append(new_msg(("heresy.log.discarded", {"seat": seat, "card": card}, "HH-16.4")))
    else:
        strategic.take_from_reserve(s, seat, card)


def auto_order_draw(s: HeresyState, f: Frame) -> None:
    if f.data.get("sub") in ("discard", "recover"):
        _next_sub(f)  # nothing to discard or recover for this player
        return
    s.stack.pop()
    for seat in (f.seat, 1 - f.seat):  # HH-16.6: refill to six
        while len(s.hands[seat]) < strategic.HAND_LIMIT:
            if strategic.draw_from_deck(s, seat) is None:
                break
    s.log.append(new_msg(("heresy.log.order_draw", {}, "HH-16.6")))


# --- initiative change step (HH-15.3) ---------------------------------------------------


def _coexistence_left(s: HeresyState, f: Frame) -> list[str]:
    return [z for z in coexisting_zones(s) if z not in f.data.setdefault("done", [])]


def decide_coexistence(s: HeresyState, f: Frame) -> Decision | None:
    """HH-15.3 (1), HH-25.7: the Imperium chooses the order of the coexistence battles."""
    zones = _coexistence_left(s, f)
    if len(zones) < 2:
        f.memo = zones  # auto_coexistence comes next, on the same state (settle)
        return None
    return Decision(
        IMPERIUM,
        "heresy.coexistence",
        tuple(keyed("zone", "heresy.opt.destination", "zone", z) for z in zones),
        Msg("heresy.q.coexistence"),
        ("HH-15.3", "HH-25.7"),
        private=False,
    )


def _start_coexistence(s: HeresyState, f: Frame, zone: str) -> None:
    from arbitre.games.heresy.joining import coexistence_battle

    f.data["done"].append(zone)
    s.log.append(new_msg(("heresy.log.coexistence_stub", {"zone": zone}, "HH-15.3")))
    s.stack.append(coexistence_battle(s, zone))


def choose_coexistence(s: HeresyState, f: Frame, key: str) -> None:
    _start_coexistence(s, f, key[5:])


def auto_coexistence(s: HeresyState, f: Frame) -> None:
    """A battle in every zone where enemy forces still coexist (each zone once)."""
    # settle calls this right after decide_coexistence found fewer than two zones, on the
    # same state: its list is reused once (speed), else computed again
    zones = f.memo if isinstance(f.memo, list) else _coexistence_left(s, f)
    f.memo = None
    if not zones:
        s.stack.pop()
        return
    _start_coexistence(s, f, zones[0])


def coexisting_zones(s: HeresyState) -> list[str]:
    """Zones holding forces (units or Heroes) of both sides (HH-15.3, HH-25.7), sorted.
    The units' sides are read from `distances.zone_sides` (one scan shared with the
    blocked zones); the Heroes' sides as bits, 1 per seat. The answer is kept in the
    state's `from_units` memo with the Heroes' places it was read from (speed: asked
    before every step of the coexistence phase, often with no unit changed; a Hero's
    move or death is seen by comparing his place)."""
    memo = s.from_units()
    kept: tuple[dict[str, str], list[str]] | None = memo.get("coexisting")
    if kept is not None and kept[0] == s.heroes:
        return kept[1].copy()  # the kept list is shared: never changed
    imperium, traitor, both = zone_sides(s)  # the units' sides, one scan (speed)
    out = both.copy()
    seat_of = hero_seats(s)
    heroes: dict[str, int] = {}
    for hero, zone in s.heroes.items():
        if zone and zone != "dead" and zone != "@air":
            heroes[zone] = heroes.get(zone, 0) | 1 << seat_of[hero]
    for zone, bits in heroes.items():
        if bits != 3:  # a Hero's side: the other side's units make the zone coexisting
            if zone in imperium:
                bits |= 1
            if zone in traitor:
                bits |= 2
        if bits == 3 and zone not in out:
            out.append(zone)
    out.sort()
    memo["coexisting"] = (s.heroes.copy(), out.copy())
    return out


def _over_limit(s: HeresyState) -> tuple[int, str] | None:
    """HH-38.6: the first seat, then the first zone in map order, over the stacking limit.
    Only zones holding more units than the limit are counted (speed: most hold fewer).
    Kept in the state's `from_units` memo (speed: asked again while no unit changed)."""
    memo = s.from_units()
    if "over" in memo:
        kept: tuple[int, str] | None = memo["over"]
        return kept
    limits = _limits(s)
    over: list[tuple[int, int, str]] = []  # (seat, map order, zone)
    for zone, units in s.units.items():
        got = limits.get(zone)
        if got is None or len(units) <= got[1]:
            continue
        for seat in (0, 1):
            if sum(1 for u in units if u[0] == seat) > got[1]:
                over.append((seat, got[0], zone))
    if not over:
        memo["over"] = None
        return None
    seat, _, zone = min(over)
    memo["over"] = (seat, zone)
    return seat, zone


_LIMITS: dict[int, dict[str, tuple[int, int]]] = {}  # id(content) -> zone: (order, limit)


def _limits(s: HeresyState) -> dict[str, tuple[int, int]]:
    got = _LIMITS.get(id(s.content))
    if got is None:
        got = {z.id: (i, z.stacking_limit) for i, z in enumerate(s.content.zones)}
        _LIMITS[id(s.content)] = got
    return got


def decide_stacking(s: HeresyState, f: Frame) -> Decision | None:
    """HH-38.6: each player removes excess units of his choice (AMB-10: eliminated)."""
    over = _over_limit(s)
    if over is None:
        return None
    seat, zone = over
    labels = dict.fromkeys(label(u) for u in s.units[zone] if u[0] == seat)
    return Decision(
        seat,
        "heresy.stacking",
        tuple(
            two(f"unit:{zone}:{t}", "heresy.opt.remove_unit", "zone", zone, "unit", t)
            for t in labels
        ),
        Msg("heresy.q.stacking", {"zone": zone, "limit": s.content.zones[zone].stacking_limit}),
        ("HH-38.6", "AMB-10"),
        private=False,
    )


def choose_stacking(s: HeresyState, f: Frame, key: str) -> None:
    _, zone, text = key.split(":", 2)
    u = take_unit(s, zone, text)
    assert u is not None
    eliminate(s, u, to_reserve=s.rules.stacking_removed == "reserve")
    s.log.append(new_msg(("heresy.log.stacking", {"zone": zone, "unit": text}, "HH-38.6")))


def auto_stacking(s: HeresyState, f: Frame) -> None:
    s.stack.pop()
