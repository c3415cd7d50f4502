"""What a stand fires (EPC-14, EP-3.2..3.5, EP-11.7, EP-16.6, EP-16.40, research §3.11):
a `Gun` for each weapon, psychic power and Close Defence, and the usable weapons of a
stand (a damaged titan weapon location lost, a landed Flyer firing only its 360°
weapons). Out of fire.py (tenth round: it had passed 500 lines); fire.py re-exports
every name, so callers and tests import them from either."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.geometry import Point
from arbitre.games.epic.profiles import Power, Weapon
from arbitre.games.epic.shooting import (
    DR_COUNTER_CHARGE_TO_HIT,
    DR_INTERCEPTION_TO_HIT,
    DR_RANGE_CM,
    GROUND,
)
from arbitre.games.epic.state import Stand

SHOT, PHYSICAL, ETHEREAL, DR = "shot", "physical", "ethereal", "dr"


@dataclass(frozen=True, slots=True)
class Gun:
    range: int
    dice: int
    to_hit: int
    pa: int
    arc: int
    aa: bool = False
    kind: str = SHOT
    name: str = ""


class Path(NamedTuple):
    """Where a target moved this instant (interception fire, EP-8.11, AMB-EP-8f); a
    NamedTuple, made for every mover of every move (issue 14)."""

    start: Point
    end: Point
    alt_start: str
    alt_end: str


def weapon_gun(w: Weapon) -> Gun:
    """The Gun of a weapon: built once per weapon (both are immutable; issue 14). The
    weapon is kept beside its Gun, so an id is never reused for another weapon."""
    got = _GUNS.get(id(w))
    if got is not None and got[0] is w:
        return got[1]
    gun = Gun(w.range, w.dice, w.to_hit, w.pa, w.arc, w.has("aa"), SHOT, w.name_en)
    _GUNS[id(w)] = (w, gun)
    return gun


_GUNS: dict[int, tuple[Weapon, Gun]] = {}


def power_gun(p: Power) -> Gun:
    """The Gun of a psychic power, built once per power (as weapon_gun)."""
    got = _POWER_GUNS.get(id(p))
    if got is not None and got[0] is p:
        return got[1]
    kind = PHYSICAL if p.kind == "physical" else ETHEREAL
    gun = Gun(p.range, p.dice, p.to_hit, p.pa or 0, 360, False, kind, p.name_en)
    _POWER_GUNS[id(p)] = (p, gun)
    return gun


_POWER_GUNS: dict[int, tuple[Power, Gun]] = {}


def dr_gun(x: int, mode: str) -> Gun:
    """EP-3.2/3.3: one shot per DR, 7+ in interception, 6+ in counter-charge, PA 0,
    15 cm, 360° (EP-3.4, EP-3.5)."""
    to_hit = DR_INTERCEPTION_TO_HIT if mode == "interception" else DR_COUNTER_CHARGE_TO_HIT
    return Gun(DR_RANGE_CM, x, to_hit, 0, 360, False, DR, "dr")


def weapons_of(st: Stand) -> list[Weapon]:
    """Usable weapons: a damaged titan weapon location destroys one (research §3.11); a
    landed Flyer fires only its 360° weapons (EP-16.6, EP-16.40)."""
    return list(_usable(st)[0])


def shot_guns(st: Stand) -> tuple[Gun, ...]:
    """The Guns of the stand's usable weapons but templates (`weapons_of`, in order):
    what a shooting action fires (guns_of, reactions)."""
    # tenth round: `_usable(st)[1]`, its kept answer read without the call (the same key)
    prof = CATALOG.units[st.unit]
    lost = st.damage.count("arme") if st.damage else 0
    got = _WEAPONS.get((st.unit, lost, prof.is_flyer and st.alt == GROUND))
    return (_usable(st) if got is None else got)[1]


def _usable(st: Stand) -> tuple[tuple[Weapon, ...], tuple[Gun, ...]]:
    prof = CATALOG.units[st.unit]  # = st.profile (eighth round: no property)
    grounded = prof.is_flyer and st.alt == GROUND  # not airborne(st)
    lost = st.damage.count("arme") if st.damage else 0
    key = (st.unit, lost, grounded)  # all the answer depends on (issue 14: asked often)
    got = _WEAPONS.get(key)
    if got is None:
        ws = [w for w in prof.weapons if w.dice > 0 and w.range > 0]
        ws = ws[lost:]
        if grounded:
            ws = [w for w in ws if w.arc == 360]
        guns = tuple(weapon_gun(w) for w in ws if not w.has("template"))
        got = _WEAPONS[key] = (tuple(ws), guns)
    return got


# (unit, weapon locations lost, a Flyer on the ground) -> usable weapons, their shot Guns
_WEAPONS: dict[tuple[str, int, bool], tuple[tuple[Weapon, ...], tuple[Gun, ...]]] = {}
