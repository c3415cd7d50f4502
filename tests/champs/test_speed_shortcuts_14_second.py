"""The second round of Champs speed shortcuts against the slow way they replace.

Each shortcut is checked at every decision of seeded random games, under configurations
that take each branch:

- the questions and events built with `tuple.__new__` instead of the NamedTuples'
  Python-level `__new__` (turn, activation, move and overflow menus; turn and activation
  events): same types, fields, equality, pickling and `_replace` as `Decision(...)`;
- the recruit and deploy menus reusing the shared `cell:<label>` options (CB-25, CB-36).
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from typing import Any

import pytest

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.games.champs.recruit import recruit_cells
from arbitre.games.champs.setup import deploy_cells
from arbitre.games.champs.state import ChampsState
from tests.champs.helpers import R

CONFIGS: list[dict[str, Any]] = [
    {},
    {"players": 1, "heroes": "templier"},
    {"players": 4, "battlefield": "defile"},
    {"recruit.placement": "emptyOnly", "recruit.mjMode": "free"},
    {"activation.tracking": "perCell", "players": 3},
    {"traps.visible": False, "traps.placement": "adjacentCell", "move.throughAllied": False},
    {
        "activation.moveOnly": False,
        "move.splitGroups": "one",
        "traps.mixedTroopCanLay": "soldiersOnly",
    },
]

# The rules each fast-built question named when it was built with `Decision(...)`.
FAST_RULES = {
    "champs.turn": ("CB-30", "CB-31", "CB-38", "CB-39", "CB-51"),
    "champs.activation": ("CB-32", "CB-33", "CB-37", "AMB-CB-9", "AMB-CB-10"),
    "champs.move": ("CB-37", "CB-40", "CB-41", "CB-44", "CB-45"),
}


def slow_msg(m: Msg) -> Msg:
    """The same message built the slow way, field by field by name."""
    assert type(m) is Msg and len(m) == 3
    assert isinstance(m.key, str) and isinstance(m.args, Mapping)
    assert m.rule is None or (isinstance(m.rule, str) and "CB-" in m.rule)
    return Msg(m.key, dict(m.args), m.rule)


def slow_decision(d: Decision) -> Decision:
    """The same question built with the NamedTuples' own constructors, by field name."""
    assert type(d) is Decision and len(d) == 6
    assert isinstance(d.seat, int) and isinstance(d.kind, str)
    assert isinstance(d.private, bool) and isinstance(d.rules, tuple)
    assert all(isinstance(r, str) and "CB-" in r for r in d.rules)
    opts = []
    for o in d.options:
        assert type(o) is Option and len(o) == 2 and isinstance(o.key, str)
        opts.append(Option(o.key, slow_msg(o.text)))
    return Decision(d.seat, d.kind, tuple(opts), slow_msg(d.text), d.rules, private=d.private)


def slow_cell_options(s: ChampsState, cells: list[int]) -> tuple[Option, ...]:
    """The recruit and deploy menus as they were built: a fresh option per cell."""
    lbl = s.bf.label
    return tuple(Option(f"cell:{lbl(c)}", Msg("champs.opt.cell", {"cell": lbl(c)})) for c in cells)


def check(s: ChampsState, d: Decision) -> None:
    slow = slow_decision(d)
    assert d == slow
    if d.kind in FAST_RULES:
        assert d.rules == FAST_RULES[d.kind] and d.private is False
        # (a Msg without arguments shares a read-only mapping that never pickled: the
        # fast-built question texts and per-unit toggles, all with arguments, must)
        for m in (d.text, *(o for o in d.options if o.key.startswith("sel:"))):
            back = pickle.loads(pickle.dumps(m))
            assert back == m and type(back) is type(m)
    assert d._replace(private=True) == slow._replace(private=True)
    top = s.stack[-1]
    if d.kind == "champs.recruit.place":
        cells = recruit_cells(s, s.side_of_seat(top.seat))
        assert d.options == slow_cell_options(s, cells)
    if d.kind == "champs.deploy":
        side = s.side_of_seat(top.seat)
        assert d.options == slow_cell_options(s, deploy_cells(s, side, top.data["items"][0]))


@pytest.mark.parametrize("config", CONFIGS)
def test_shortcuts_match_the_slow_way_in_random_games(config: dict[str, Any]) -> None:
    checked, kinds = 0, set()
    for seed in range(6):
        s = R.new(dict(config), seed)
        rng = Rng.from_seed(2000 + seed)
        while (d := R.decision(s)) is not None:
            check(s, d)
            kinds.add(d.kind)
            checked += 1
            R.apply(s, d.options[rng.below(len(d.options))].key)
            for event in s.log:
                assert slow_msg(event) == event
    assert checked > 100
    assert {"champs.turn", "champs.activation", "champs.move", "champs.deploy"} <= kinds
