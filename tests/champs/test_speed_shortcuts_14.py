"""The speed shortcuts of the Champs engine against the slow way they replace.

Each shortcut is checked at every decision of seeded random games, under configurations
that take each branch: the one-pass occupancy map (`logic.Occ`), the early-exit recruit
test (`recruit.any_recruit_cell`, AMB-CB-17c), the turn menu walking only the side's own
cells (`turns.activatable`, CB-31, CB-38, CB-51) and `side_of_seat` without `mj_seat`.
"""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.engine.rng import Rng
from arbitre.games.champs.logic import Occ
from arbitre.games.champs.recruit import any_recruit_cell, recruit_cells
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState, Frame, Hero, Unit
from arbitre.games.champs.turns import activatable
from tests.champs.helpers import R

CONFIGS: list[dict[str, Any]] = [
    {},
    {"players": 1, "heroes": "templier"},
    {"players": 4, "battlefield": "defile"},
    {"recruit.placement": "emptyOnly", "recruit.mjMode": "free"},
    {"activation.tracking": "perCell", "players": 3},
]


def slow_occ(s: ChampsState) -> tuple[dict[int, list[Unit]], dict[int, list[Hero]], Any]:
    """The occupancy map as it was built before the one-pass version."""
    units: dict[int, list[Unit]] = {}
    for u in s.units.values():
        units.setdefault(u.cell, []).append(u)
    heroes: dict[int, list[Hero]] = {}
    for h in s.heroes:
        if not h.captured and h.cell >= 0:
            heroes.setdefault(h.cell, []).append(h)
    players = {c for c, us in units.items() if us[0].side == PLAYERS}
    players.update(heroes)
    return units, heroes, (players, {c for c, us in units.items() if us[0].side == MJ})


def slow_activatable(s: ChampsState, f: Frame) -> list[tuple[int, str]]:
    """The turn menu walking every occupied cell, as before (CB-31, CB-38, CB-51)."""
    side = s.side_of_seat(f.seat)
    used, done_cells = f.data["used"], f.data["cells"]
    units_at, heroes_at, _held = slow_occ(s)
    out: list[tuple[int, str]] = []
    for cell, units in units_at.items():
        if units[0].side != side or used >= 2:
            continue
        if s.rules.per_cell_tracking:
            if cell in done_cells:
                continue
        elif all(u.acted for u in units):
            continue
        seats = [h.seat for h in heroes_at.get(cell, [])]
        if side == PLAYERS and seats and f.seat not in seats:
            continue  # CB-38
        out.append((cell, "troop"))
    if side == PLAYERS:
        hero = s.heroes[f.seat]
        if not hero.captured and hero.cell >= 0 and not hero.acted and hero.cell not in units_at:
            if hero.skill == "gladiateur":
                out.append((hero.cell, "gladiator"))
            elif used < 2 and s.rules.lone_move > 0:
                out.append((hero.cell, "lone"))
    return sorted(out)


def check(s: ChampsState) -> None:
    occ = Occ(s)
    units, heroes, held = slow_occ(s)
    assert occ.units == units and occ.heroes == heroes
    # same sets, and the same iteration order (AI code walks them unsorted)
    assert [list(x) for x in occ.held] == [list(x) for x in held]
    for side in (PLAYERS, MJ):
        assert any_recruit_cell(s, side) == bool(recruit_cells(s, side))
    for seat in range(len(s.seats)):
        assert s.side_of_seat(seat) == (MJ if seat == s.mj_seat else PLAYERS)
    top = s.stack[-1] if s.stack else None
    if top is not None and top.kind == "turn":
        assert activatable(s, top) == slow_activatable(s, top)


@pytest.mark.parametrize("config", CONFIGS)
def test_shortcuts_match_the_slow_way_in_random_games(config: dict[str, Any]) -> None:
    checked = 0
    for seed in range(6):
        s = R.new(dict(config), seed)
        rng = Rng.from_seed(1000 + seed)
        while (d := R.decision(s)) is not None:
            check(s)
            checked += 1
            R.apply(s, d.options[rng.below(len(d.options))].key)
    assert checked > 100


@pytest.mark.parametrize("placement", ["anyFree", "emptyOnly"])
def test_recruit_shortcut_with_foes_obstacles_and_own_units(placement: str) -> None:
    """States set up on purpose: the MJ's start line held by foes, then one own unit."""
    s = R.new({"recruit.placement": placement}, 3)
    line = [c for c in s.bf.mj_line if c not in s.bf.obstacles]
    for u in list(s.units.values()):
        if u.cell in line:
            del s.units[u.uid]
    for c in line:
        s.units[s.next_uid] = Unit(s.next_uid, 0, PLAYERS, c)
        s.next_uid += 1
    s.occ = None
    assert any_recruit_cell(s, MJ) is False
    assert not recruit_cells(s, MJ)
    last = next(u for u in s.units.values() if u.cell == line[-1])
    last.side = MJ  # an own unit there: free for anyFree, not for emptyOnly (AMB-CB-17c)
    s.occ = None
    assert any_recruit_cell(s, MJ) is (placement == "anyFree")
    assert any_recruit_cell(s, MJ) == bool(recruit_cells(s, MJ))
    check(s)
