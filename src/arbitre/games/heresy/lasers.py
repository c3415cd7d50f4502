"""Defense lasers (HH-36.10..HH-37.2, AMB-11): fire at the units a Drop Pods or an
Atterrissage au Port lands on Terra, and their destruction when their zone becomes
friendly to the Traitor.

Frame `lasers` (seat: the Imperium), data: zone (landing zone), n (lasers in or adjacent,
counted once the units are named, HH-36.12), incoming (units still to be fired at, as
lists), landed (units that survived), by (the landing player). Key `unit:<label>`: the
next incoming unit fired at (HH-36.14).
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg
from arbitre.games.heresy import bombardment, messages_fire  # noqa: F401
from arbitre.games.heresy.board import add_unit, eliminate, neighbours
from arbitre.games.heresy.opts import keyed
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, Frame, HeresyState, Unit, label


def count(s: HeresyState, zone: str) -> int:
    """HH-36.12: the lasers in the landing zone and in every zone adjacent to it."""
    if not s.lasers:
        return 0
    near = neighbours(s, zone)
    return sum(n for z, n in s.lasers.items() if z == zone or z in near)


def line(n: int) -> int:
    """AMB-11: the card line read for n lasers (over 4: the '4' line); 0 means no fire."""
    return min(n, 4)


def fire_at_landing(s: HeresyState, seat: int, zone: str, incoming: list[list[Any]]) -> None:
    """HH-36.11..HH-36.13: the named units land in `zone` after the Loyalist's fire; with
    no laser in range, none is drawn (AMB-11). Pushes the `lasers` frame."""
    n = count(s, zone)
    if n:
        s.log.append(Msg("heresy.log.lasers_fire", {"zone": zone, "n": n}, "HH-36.12"))
    data: dict[str, Any] = {
        "zone": zone,
        "n": n,
        "incoming": list(incoming) if n else [],
        "landed": [] if n else list(incoming),
        "by": seat,
    }
    s.stack.append(Frame("lasers", IMPERIUM, data))


def _targets(f: Frame) -> list[str]:
    return list(dict.fromkeys(label(_unit(u)) for u in f.data["incoming"]))


def _unit(u: list[Any]) -> Unit:
    return (int(u[0]), str(u[1]), str(u[2]), int(u[3]))


def decide_lasers(s: HeresyState, f: Frame) -> Decision | None:
    """HH-36.14: before each card the Loyalist names the incoming unit it is aimed at."""
    targets = _targets(f)
    if len(targets) < 2:
        return None
    opts = tuple(keyed("unit", "heresy.opt.laser_target", "unit", t) for t in targets)
    return Decision(
        IMPERIUM,
        "heresy.lasers",
        opts,
        Msg("heresy.q.laser_target", {"zone": f.data["zone"], "n": f.data["n"]}),
        ("HH-36.13", "HH-36.14", "HH-36.15"),
        private=False,
    )


def choose_lasers(s: HeresyState, f: Frame, key: str) -> None:
    _fire(s, f, key[5:])


def _fire(s: HeresyState, f: Frame, text: str) -> None:
    """HH-36.13: one card for this unit; 'Touché' eliminates it whatever its rank."""
    d = f.data
    i = next(i for i, u in enumerate(d["incoming"]) if label(_unit(u)) == text)
    u = _unit(d["incoming"].pop(i))
    card = bombardment.draw(s)
    hit = False
    if card is not None:
        bombardment.discard(s, card)
        hit = bombardment.card_of(s, card).lasers[line(d["n"]) - 1] == "hit"
    if hit:
        eliminate(s, u)
        s.log.append(Msg("heresy.log.laser_hit", {"unit": text}, "HH-36.13"))
    else:
        d["landed"].append(list(u))
        s.log.append(Msg("heresy.log.laser_miss", {"unit": text}, "HH-36.13"))


def auto_lasers(s: HeresyState, f: Frame) -> None:
    d = f.data
    targets = _targets(f)
    if targets:
        _fire(s, f, targets[0])
        return
    s.stack.pop()
    for u in d["landed"]:  # the survivors are placed in the landing zone (EX-37.1)
        add_unit(s, d["zone"], _unit(u))
    destroy_captured(s)


def destroy_captured(s: HeresyState) -> None:
    """HH-37.2: a laser whose zone holds Traitor units only is destroyed at once (to the
    box, for good)."""
    if not s.lasers:
        return
    units = s.units
    # Runs before every step: first a quick look at each laser zone's first unit (the
    # lookups run in C, speed), and only when one is the Traitor's a closer look
    for us in map(units.get, s.lasers):
        if us and us[0][0] == TRAITOR:
            break
    else:
        return
    captured: list[str] = []
    for z in s.lasers:
        us = units.get(z)
        if us and us[0][0] == TRAITOR and all(u[0] == TRAITOR for u in us):
            captured.append(z)
    for zone in captured:
        n = s.lasers.pop(zone)
        s.lasers_destroyed += n
        s.log.append(Msg("heresy.log.laser_destroyed", {"zone": zone, "n": n}, "HH-37.2"))
