"""What things are worth to the Champs AI: units, heroes, the objective, and a few weights."""

from __future__ import annotations

from collections.abc import Sequence

from arbitre.games.champs.state import Hero, Unit
from arbitre.games.champs.troops import CATAPULTE, TYPES

_BASE_VALUE = {"soldats": 2.0, "cavalerie": 2.3, "airs": 1.8, "mastodonte": 3.2, "catapulte": 3.4}
VALUE = tuple(_BASE_VALUE.get(t.id, float(t.dice)) for t in TYPES)
HERO_VALUE = 6.0  # a captured hero (CB-66)
WIN = 1000.0
DANGER_WEIGHT = 0.55  # how likely an enemy able to strike next turn really does
TRAP_LOSS = 1.5  # expected units lost to a trap: E[floor(D6 / 2)] (CB-19)
MIN_GAIN = 0.05  # below this an activation is not worth spending
LINE_LOSS = 8.0  # the players losing a start-line cell to the MJ loses the battle
HOLD_VALUE = 10.0  # an MJ unit on the line at a turn end that does not win yet (bf.hold > 1)


def unit_value(u: Unit) -> float:
    return VALUE[u.kind] + (0.4 if u.kind == CATAPULTE and u.loaded else 0.0)


def progress(t: float) -> float:
    """The MJ's progress value of a troop `t` turns away from the players' start line."""
    return 4.0 / (1.0 + t) - 0.5 * t


def troop_loss(units: Sequence[Unit], heroes: Sequence[Hero]) -> float:
    """What losing one combat costs a troop: its cheapest unit, or everything if it is alone."""
    if not units:
        return HERO_VALUE * len(heroes)
    cost = min(unit_value(u) for u in units)
    if len(units) == 1:
        cost += 0.5 + HERO_VALUE * sum(1 for h in heroes if h.skill != "gladiateur")
    return cost
