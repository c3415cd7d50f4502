"""Seeded random games through setup steps 6-7, bombardments, lasers, corruption and every
scenario's events: no Bombardment card, laser or unit is created or lost, and the spare
black bases always number 12 (HH-3.6, HH-3.7, HH-3.8, HH-11.3, HH-39.2)."""

from __future__ import annotations

import random

from arbitre.engine import get
from arbitre.games.heresy import corruption
from arbitre.games.heresy.state import HeresyState

R = get("heresy")
SCENARIOS = ("brother_against_brother", "cry_havoc", "fortune_favors_the_bold")


def _units(s: HeresyState) -> int:
    on_board = sum(len(units) for units in s.units.values())
    return on_board + sum(sum(r.values()) for r in s.reserve) + len(s.box)


def test_HH_3_8_HH_3_7_HH_11_3_bombardment_cards_lasers_units_and_bases_are_conserved() -> None:
    for seed, scenario in enumerate(SCENARIOS * 2):
        s = R.new({"scenario": scenario}, seed)
        rng = random.Random(seed)
        units = -1  # counted once setup is over (a chosen deployment places them)
        for _ in range(3000):
            d = R.decision(s)
            if d is None:
                break
            R.apply(s, rng.choice(d.options).key)
            if len(s.stack) == 1:  # between actions: nothing in flight
                if units < 0:
                    units = _units(s)
                assert len(s.bombard_deck) + len(s.bombard_discard) == 32
                assert sum(s.lasers.values()) + s.lasers_destroyed == 6  # HH-3.7
                assert _units(s) == units
                for into, n in (("traitor_army", 8), ("traitor_tank_division", 4)):
                    on_map = sum(u[1] == into for us in s.units.values() for u in us)
                    assert corruption.spare_bases(s, into) + on_map == n
        assert s.over, (seed, scenario)  # HH-40.3 at the latest
