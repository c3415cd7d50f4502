"""Order effects beyond movement and landing that research gives (data/cards/orders.toml):
Unnatural Vigor (frame `vigor`) and the Tank Division reinforcements (frame `tanks`)."""

from __future__ import annotations

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy.board import CONTESTED, ENEMY, add_unit, zone_type
from arbitre.games.heresy.state import ACTIVE, IMPERIUM, Frame, HeresyState

TANK = "imperial_tank_division"


def decide_vigor(s: HeresyState, f: Frame) -> Decision | None:
    zones = [
        z
        for z in s.content.graph.sector_zones(f.data["sector"])
        if s.marks[f.seat].get(z) == ACTIVE
    ]
    if not zones or f.data["left"] <= 0:
        return None
    opts = [Option(f"zone:{z}", Msg("heresy.opt.unmark", {"zone": z})) for z in zones]
    return Decision(
        f.seat,
        "heresy.vigor",
        (*opts, Option("done", Msg("engine.done"))),
        Msg("heresy.q.vigor"),
        ("HH-21.13",),
    )


def choose_vigor(s: HeresyState, f: Frame, key: str) -> None:
    if key == "done":
        s.stack.pop()
        return
    del s.marks[f.seat][key[5:]]
    f.data["left"] -= 1
    s.log.append(Msg("heresy.log.unmarked", {"zone": key[5:]}, "HH-21.13"))


def auto_pop(s: HeresyState, f: Frame) -> None:
    s.stack.pop()


def decide_tanks(s: HeresyState, f: Frame) -> Decision | None:
    if f.seat != IMPERIUM or not s.reserve[f.seat].get(TANK):
        return None
    zones = [
        z
        for z in s.content.graph.sector_zones(f.data["sector"])
        if s.content.zones[z].kind == "industrial_complex"
        and zone_type(s, z, f.seat) not in (ENEMY, CONTESTED)
    ]
    if not zones:
        return None
    opts = [Option(f"to:{z}", Msg("heresy.opt.destination", {"zone": z})) for z in zones]
    return Decision(
        f.seat,
        "heresy.tanks",
        (*opts, Option("ignore", Msg("heresy.opt.ignore"))),
        Msg("heresy.q.tanks"),
        ("HH-19.10",),
    )


def choose_tanks(s: HeresyState, f: Frame, key: str) -> None:
    s.stack.pop()
    if key == "ignore":
        return
    zone = key[3:]
    n = min(2, s.reserve[f.seat].get(TANK, 0))
    for _ in range(n):
        add_unit(s, zone, (f.seat, TANK, "", 0))
    s.reserve[f.seat][TANK] -= n
    if not s.reserve[f.seat][TANK]:
        del s.reserve[f.seat][TANK]
    s.log.append(Msg("heresy.log.reinforced", {"zone": zone, "n": n}, "HH-19.10"))
