"""Champs' search AI (`games/champs/mcts_plugin.py`): the movement's and the support's
selections searched in one canonical order, so that a search at any budget ends its games
(issue 15: at low budgets the MJ re-selected a unit for ever), and its evaluation."""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.engine import get
from arbitre.engine.agents import make_agent
from arbitre.games.champs.mcts_plugin import group, race
from arbitre.games.champs.state import ChampsState

R = get("champs")


def _unit(kind: str, at: tuple[int, int], count: int = 1, side: str = "players") -> dict[str, Any]:
    return {"type": kind, "at": list(at), "count": count, "side": side}


def _start(units: list[dict[str, Any]], **config: Any) -> ChampsState:
    state: ChampsState = R.new({"position": {"units": units, "turn": {"seat": "mj"}}, **config}, 0)
    return state


def _play(s: ChampsState, *keys: str) -> None:
    for k in keys:
        d = R.decision(s)
        assert d is not None and d.find(k) is not None, (k, d and d.keys())
        R.apply(s, k)


def _selection(s: ChampsState) -> tuple[Any, ...]:
    """Where a movement decision stands: its source cell and the members it would move."""
    from arbitre.games.champs.movement import selection

    units, heroes = selection(s, s.stack[-2], s.stack[-1])
    return (s.stack[-1].data["src"], frozenset(u.uid for u in units), len(heroes))


def _navigate(s: ChampsState, prefixes: tuple[str, ...]) -> list[tuple[Any, ...]]:
    """Every position reached from `s` through the searched keys starting with `prefixes`
    (the choices that change no unit yet), once per sequence of choices."""
    d = R.decision(s)
    assert d is not None
    here = [_selection(s) if d.kind == "champs.move" else tuple(s.stack[-1].data["sup"])]
    keys = group(s, d)
    assert keys and all(d.find(k) is not None for k in keys)
    for k in keys:
        if k.startswith(prefixes):
            twin = R.clone(s)
            R.apply(twin, k)
            here += _navigate(twin, prefixes)
    return here


def test_a_selection_toggled_back_is_never_searched_and_every_group_is_reached_once() -> None:
    """CB-44/CB-45: two Soldiers and a Cavalry; the rules let a unit be left out and taken
    back (a loop), the search only leaves members out, alike ones in one order: each of
    the five groups (SSC, SC, SS, C, S) once, and no group of nobody."""
    s = _start([_unit("soldats", (4, 4), 2, "mj"), _unit("cavalerie", (4, 4), 1, "mj")])
    _play(s, "act:4,4", "move")
    d = R.decision(s)
    assert d is not None and {"sel:u1", "sel:u2", "sel:u3"} <= set(d.keys())
    loop = R.clone(s)
    _play(loop, "sel:u1", "sel:u1")  # what the rules allow: back where it started
    assert _selection(loop) == _selection(s)
    assert "sel:u2" not in group(s, d)  # like u1: the same group either way
    reached = _navigate(s, ("sel:", "from:"))
    assert len(reached) == len(set(reached)) == 5
    kinds = sorted(tuple(sorted(s.units[u].kind for u in ids)) for _src, ids, _h in reached)
    assert len(set(kinds)) == 5 and all(kinds)


def test_switching_source_cells_goes_one_way_only() -> None:
    """AMB-CB-10 alternative (a second movement after the action): the troop stands on two
    cells; the search may go from the activation's cell to the other, never back."""
    s = _start(
        [_unit("soldats", (4, 4), 2, "mj"), _unit("cavalerie", (4, 4), 1, "mj")],
        **{"move.splitAroundAction": True, "move.splitGroups": "many"},
    )
    _play(s, "act:4,4", "move", "sel:u3", "to:5,4", "stop", "trap", "move")
    d = R.decision(s)
    assert d is not None and "from:5,4" in group(s, d)
    there = R.clone(s)
    _play(there, "from:5,4")
    d2 = R.decision(there)
    assert d2 is not None and d2.find("from:4,4") is not None and "from:4,4" not in group(there, d2)
    reached = _navigate(s, ("sel:", "from:"))
    assert len(reached) == len(set(reached))


def test_supporting_troops_are_only_added_in_one_order() -> None:
    """CB-67/CB-68: two troops may support; the rules toggle them, the search adds them in
    the offered order: the four sets of supporters, each once."""
    s = _start(
        [
            _unit("soldats", (4, 4), 2, "mj"),
            _unit("soldats", (3, 4), 3, "mj"),
            _unit("soldats", (5, 4), 3, "mj"),
            _unit("mastodonte", (4, 3), 1),
            _unit("soldats", (0, 0), 3),
        ]
    )
    _play(s, "act:4,4", "attack:4,4>4,3")
    d = R.decision(s)
    assert d is not None and d.kind == "champs.support"
    assert {"sup:3,4", "sup:5,4"} <= set(d.keys())
    late = R.clone(s)
    _play(late, "sup:5,4")
    d2 = R.decision(late)
    assert d2 is not None and d2.find("sup:5,4") is not None  # the rules would take it back
    assert group(late, d2) == ["go"]
    reached = _navigate(s, ("sup:",))
    assert sorted(map(sorted, reached)) == sorted(map(sorted, set(map(frozenset, reached))))
    assert len(reached) == 4


def _game(agents: list[str], seed: int, cap: int) -> tuple[int, Any]:
    s = R.new({}, seed)
    players = [make_agent(R, name, seed * 7919 + i) for i, name in enumerate(agents)]
    for n in range(cap):
        d = R.decision(s)
        if d is None:
            return n, R.result(s)
        R.apply(s, players[d.seat].choose(R, s, d))
    return cap, None


# The heuristic AIs end a game in 100 to 600 decisions; before the fix, `mcts` at 8 or 32
# iterations made 1,500 decisions without ending one (1,480 of them `sel:`).
CAP = 1500


@pytest.mark.parametrize(
    ("agents", "seeds"),
    [
        (["players", "players", "mcts:iterations=8"], (0, 1, 2)),
        (["mcts:iterations=8", "mcts:iterations=8", "mj"], (0, 1, 2)),
        (["players", "players", "mcts:iterations=32"], (3,)),
        (["mcts:iterations=32", "players", "mj"], (4,)),
    ],
)
def test_a_low_budget_search_ends_its_games_on_every_seat(agents: list[str], seeds: Any) -> None:
    for seed in seeds:
        n, result = _game(agents, seed, CAP)
        assert result is not None, f"seed {seed}: no end in {n} decisions"
        assert n < CAP


def test_race_rewards_the_mj_nearer_the_players_line() -> None:
    """AMB-CB-24: the same troop one row nearer the players' start line scores higher;
    standing on it with the hold reached is the objective itself."""
    far = _start([_unit("soldats", (4, 6), 2, "mj"), _unit("soldats", (0, 7), 3)])
    near = _start([_unit("soldats", (4, 2), 2, "mj"), _unit("soldats", (0, 7), 3)])
    x, y = near.bf.xy(sorted(near.bf.players_line)[4])
    on = _start([_unit("soldats", (x, y), 2, "mj"), _unit("soldats", (0, 7), 3)])
    on.line_held = max(0, on.bf.hold - 1)
    a, b, c = race(far), race(near), race(on)
    assert a is not None and b is not None and c is not None
    assert 0.0 <= a < b < c == 1.0


def test_the_default_search_on_a_move_chooses_the_same_on_a_determinized_twin() -> None:
    """The plug-in's defaults (priors and widening from the heuristic AI, canonical
    selections): at a movement decision with units to leave out, the same choice on the
    state and on a twin whose hidden cards and traps are resampled, and again."""
    from arbitre.engine import Rng
    from arbitre.engine.mcts import MctsAgent
    from arbitre.games.champs.mcts_plugin import PLUGIN

    s = R.new({}, 1)
    players = [make_agent(R, name, 11 + i) for i, name in enumerate(["players", "players", "mj"])]
    while (d := R.decision(s)) is not None:
        if d.kind == "champs.move" and sum(o.key.startswith("sel:") for o in d.options) >= 2:
            break
        R.apply(s, players[d.seat].choose(R, s, d))
    assert d is not None, "no movement with a choice of units"
    twin = R.determinize(s, d.seat, Rng.from_seed(3))
    dt = R.decision(twin)
    assert dt is not None and dt.keys() == d.keys()
    params = PLUGIN.params()
    params.iterations, params.seconds = 40, 0.0
    a = MctsAgent(5, PLUGIN, params).choose(R, s, d)
    b = MctsAgent(5, PLUGIN, params).choose(R, twin, dt)
    again = MctsAgent(5, PLUGIN, params).choose(R, s, d)
    assert a == b == again and a in group(s, d)
