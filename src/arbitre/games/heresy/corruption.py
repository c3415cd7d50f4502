"""Corruption and Traitor Armies (HH-13.5..HH-13.8, HH-37.3..HH-37.9, HH-11.3): an
Imperial Army or Imperial Armoured Division goes over to the Traitor on a Chaos Star,
provided one of the 12 spare black bases (8 of rank I, 4 of rank II) is free.

The spare bases are not state of their own: a base is in use while a corrupted unit of
its rank stands on the map (or in the Traitor's reserve), and free otherwise (HH-37.8: an
eliminated Traitor Army gives its base back). Frame `corruption` (seat: the Traitor),
data: left (attempts), tried ({"zone|label": n} units already put at risk, each at most
once, HH-13.8), rule. Keys: `unit:<zone>:<label>`, `done`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy import bombardment, messages_fire  # noqa: F401
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, Frame, HeresyState, Unit, label

DONE = Option("done", Msg("engine.done"))


def traitor_type(s: HeresyState, unit_type: str) -> str | None:
    """HH-13.6, HH-37.3: only Imperial Armies and Armoured Divisions can be corrupted."""
    kind = s.content.units[unit_type]
    return kind.corrupts_into if kind.corruptible else None


def spare_bases(s: HeresyState, traitor_unit: str) -> int:
    """HH-11.3, HH-37.9: the free black bases for `traitor_unit` (its count is the spare
    bases of its rank)."""
    used = sum(1 for units in s.units.values() for u in units if u[1] == traitor_unit)
    used += s.reserve[TRAITOR].get(traitor_unit, 0)
    return s.content.units[traitor_unit].count - used


def can_corrupt(s: HeresyState, u: Unit) -> bool:
    """HH-13.6, HH-37.9 (EX-37.2): an Imperial unit of a corruptible type, and a free base."""
    if u[0] != IMPERIUM:
        return False
    into = traitor_type(s, u[1])
    return into is not None and spare_bases(s, into) > 0


def corrupt(s: HeresyState, zone: str, text: str, rule: str = "HH-37.5") -> None:
    """HH-37.5, HH-37.6: on a black base the unit is the Traitor's at once, in the same
    zone, with its damage; the grey base goes back to the Imperium (not tracked: grey
    bases never run short, one per Imperial figure)."""
    units = s.own_units(zone)
    i = next(i for i, u in enumerate(units) if u[0] == IMPERIUM and label(u) == text)
    u = units[i]
    into = traitor_type(s, u[1])
    assert into is not None
    units[i] = (TRAITOR, into, u[2], u[3])
    s.log.append(Msg("heresy.log.corrupted", {"unit": f"{zone}:{text}"}, rule))


def attempt(s: HeresyState, zone: str, text: str, rule: str = "HH-13.7") -> bool:
    """HH-13.7: draw a Bombardment card; a Chaos Star corrupts the unit, an Aquila does
    nothing; the card is discarded either way. Returns whether it was corrupted."""
    star = bombardment.draw_symbol(s)
    if star:
        corrupt(s, zone, text, rule)
        return True
    s.log.append(Msg("heresy.log.corruption_failed", {"unit": f"{zone}:{text}"}, rule))
    return False


def frame(s: HeresyState, attempts: int, rule: str = "HH-13.7", zones: list[str] | None = None
          ) -> Frame:  # fmt: skip
    """`attempts` corruption attempts by the Traitor (setup step 6, HH-13.5; in play,
    HH-37.7); `zones` limits where (None: the whole main map)."""
    data: dict[str, Any] = {"left": attempts, "tried": {}, "rule": rule, "zones": zones}
    return Frame("corruption", TRAITOR, data)


def candidates(s: HeresyState, f: Frame) -> list[str]:
    """HH-13.8: each Imperial unit at most once (identical units are interchangeable, so
    a zone's count of a label, minus those already tried). Each zone's corruptible units
    are counted once and kept in `f.memo` until the zone's units change (speed: the
    attempts of one frame ask again and again; a clone counts afresh)."""
    tried = f.data["tried"]
    zones = f.data["zones"]
    memo = f.memo if isinstance(f.memo, dict) else {}
    f.memo = memo
    into_of = _into(s)
    units_at = s.units
    free: dict[str, bool] = {}
    out = []
    for zone in sorted(units_at) if zones is None else zones:
        units = units_at.get(zone)
        if not units:
            continue
        got = memo.get(zone)
        if got is None or got[0] != units:
            seen: dict[str, tuple[int, str]] = {}  # label: (count, Traitor type)
            for u in units:
                if u[0] != IMPERIUM:
                    continue
                into = into_of.get(u[1])
                if into is not None:
                    t = label(u)
                    seen[t] = (seen[t][0] + 1 if t in seen else 1, into)
            got = memo[zone] = (units.copy(), seen)
        for text, (n, into) in got[1].items():
            ok = free.get(into)
            if ok is None:
                ok = free[into] = spare_bases(s, into) > 0
            if ok and n > tried.get(f"{zone}|{text}", 0):
                out.append(f"unit:{zone}:{text}")
    return out


def _into(s: HeresyState) -> dict[str, str]:
    """`traitor_type` of every corruptible unit type, built once per content (speed)."""
    got = _INTO.get(id(s.content))
    if got is None:
        got = _INTO[id(s.content)] = {
            t.id: t.corrupts_into
            for t in s.content.units
            if t.corruptible and t.corrupts_into is not None
        }
    return got


_INTO: dict[int, dict[str, str]] = {}  # id(content) -> unit type: its Traitor type


def decide_corruption(s: HeresyState, f: Frame) -> Decision | None:
    if f.data["left"] <= 0:
        return None
    keys = candidates(s, f)
    if not keys:
        return None
    opts = [_option(k) for k in keys]
    return Decision(
        TRAITOR,
        "heresy.corruption",
        (*opts, DONE),
        Msg("heresy.q.corruption", {"n": f.data["left"]}),
        ("HH-13.7", "HH-13.8", "HH-37.9"),
        private=False,
    )


@cache
def _option(key: str) -> Option:
    return Option(key, Msg("heresy.opt.corrupt", {"unit": key.partition(":")[2]}))


def choose_corruption(s: HeresyState, f: Frame, key: str) -> None:
    if key == "done":
        s.stack.pop()
        return
    _, zone, text = key.split(":", 2)
    f.data["left"] -= 1
    if not attempt(s, zone, text, f.data["rule"]):
        tried = f.data["tried"]
        tried[f"{zone}|{text}"] = tried.get(f"{zone}|{text}", 0) + 1


def auto_corruption(s: HeresyState, f: Frame) -> None:
    """No attempt left, or no unit that can be corrupted (EX-37.2: no free base)."""
    if f.data["left"] > 0:
        s.log.append(Msg("heresy.log.corruption_none", {}, "HH-37.9"))
    s.stack.pop()
