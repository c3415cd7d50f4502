"""The second round of Champs speed shortcuts against the slow way they replace.

Each shortcut is checked at every decision of seeded random games, under configurations
that take each branch:

- the questions and events built with `tuple.__new__` instead of the NamedTuples'
  Python-level `__new__` (turn, activation, move and overflow menus; turn and activation
  events): same types, fields, equality, pickling and `_replace` as `Decision(...)`;
- the recruit and deploy menus reusing the shared `cell:<label>` options (CB-25, CB-36);
- the activation menu's "may a trap be laid?" stopping at the first cell
  (`activation.any_trap_cell`, CB-17, CB-20, AMB-CB-16c/d/k), and its attacks reading the
  foes' cells once instead of asking `enemy_at` per neighbour (CB-32), and asking
  `ready` of its Catapults only (CB-33, AMB-CB-15f);
- the turn menu testing "all units acted" without a generator (checked by the first
  round's `slow_activatable`, CB-31);
- the move menu's selection taken from the movers at hand, not walked again, and its
  marks read from the selected uids (CB-37);
- the path of a chosen move found by a breadth-first walk when no known enemy trap lies
  on the way (`movement.path_to`, CB-40..CB-42, AMB-CB-12, AMB-CB-16e);
- the turn menu's answer reading the occupancy map: whether a troop stands on the chosen
  cell, and which of its units and heroes the activation takes (CB-31, CB-38).
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from typing import Any

import pytest

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.games.champs.activation import (
    action_after_move,
    any_trap_cell,
    can_melee,
    may_fire,
    members,
    needs_action,
    ready,
    trap_cells,
)
from arbitre.games.champs.logic import enemy_at, heroes_at, occupancy
from arbitre.games.champs.movement import group_profile, path_to, reachable, selection
from arbitre.games.champs.recruit import recruit_cells
from arbitre.games.champs.setup import deploy_cells
from arbitre.games.champs.state import PLAYERS, ChampsState, Hero, Unit
from arbitre.games.champs.troops import CATAPULT_RANGE
from tests.champs.helpers import R

CONFIGS: list[dict[str, Any]] = [
    {},
    {"move.zoneOfControl": "stop", "traps.stopsMovement": True, "players": 3},
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


def attacks(d: Decision) -> list[str]:
    return [o.key for o in d.options if o.key.startswith(("attack:", "fire:"))]


def slow_attacks(s: ChampsState, seat: int, units: list[Unit], heroes: list[Hero]) -> list[str]:
    """The attack and fire options as before: `enemy_at` asked per neighbour, `ready` per
    unit of the troop (CB-32, CB-33, CB-38, AMB-CB-15b/f)."""
    side, occ, lbl = s.side_of_seat(seat), occupancy(s), s.bf.label
    out = []
    for cell in sorted({u.cell for u in units} | {h.cell for h in heroes}):
        seats = {h.seat for h in occ.heroes.get(cell, ())}
        if side == PLAYERS and seats - {seat} and seat not in seats:
            continue
        if can_melee(s, cell, side, occ):
            out += [
                f"attack:{lbl(cell)}>{lbl(n)}"
                for n in s.geo.neighbours[cell]
                if enemy_at(s, n, side, occ)
            ]
        if any(u.cell == cell and ready(s, u) for u in units) and may_fire(s, cell, occ):
            lo, hi = CATAPULT_RANGE
            for n in sorted(
                {c for c in occ.units if occ.enemy(c, side)}
                | {c for c in occ.heroes if occ.enemy(c, side)}
            ):
                if lo <= s.geo.distance(cell, n) <= hi and (
                    not s.rules.line_of_fire or s.geo.line_clear(cell, n)
                ):
                    out.append(f"fire:{lbl(cell)}>{lbl(n)}")
    return out


def check_move(s: ChampsState, d: Decision) -> None:
    """At a move question: the selection's marks and the destinations as they were, with
    `selection` walking the movers again (CB-37, CB-40..CB-45, AMB-CB-9)."""
    mv, act = s.stack[-1], s.stack[-2]
    sel_units, sel_heroes = selection(s, act, mv)
    for o in d.options:
        if o.key.startswith("sel:u"):
            uid = int(o.key[5:])
            assert (o.text.args["mark"] == "x") == any(u.uid == uid for u in sel_units)
        elif o.key.startswith("sel:h"):
            seat = s.seats.index(o.text.args["n"])
            assert (o.text.args["mark"] == "x") == any(h.seat == seat for h in sel_heroes)
    dests: list[str] = []
    if sel_units or sel_heroes:
        speed, flying = group_profile(s, sel_units, sel_heroes, act.data["spent"])
        side, strict = s.side_of_seat(act.seat), needs_action(s, act)
        for dest in sorted(reachable(s, mv.data["src"], side, speed, flying)):
            if not strict or action_after_move(s, act, sel_units, sel_heroes, dest):
                dests.append(f"to:{s.bf.label(dest)}")
    assert [o.key for o in d.options if o.key.startswith("to:")] == dests
    if sel_units or sel_heroes:
        src = mv.data["src"]
        slow = reachable(s, src, side, speed, flying, paths=True)
        for key in dests:
            cell = s.bf.parse(key[3:])
            assert cell is not None
            assert path_to(s, src, side, speed, flying, cell) == slow[cell]


def check_activation(s: ChampsState) -> None:
    """At an activation question: the attacks against `enemy_at` asked per neighbour; the
    early-exit trap test against the sorted cells, also with every unit's cell and its
    neighbours known to hold a trap, and with no token left."""
    act = s.stack[-1]
    units, heroes = members(s, act)
    occ = occupancy(s)
    if act.data["action"] is None:
        d = R.decision(s)
        assert d is not None
        assert attacks(d) == slow_attacks(s, act.seat, units, heroes)
    assert any_trap_cell(s, act, units, occ) == bool(trap_cells(s, act, units, occ))
    traps, players_left, mj_left = dict(s.traps), list(s.traps_left), s.mj_traps_left
    side = s.side_of_seat(act.seat)
    try:
        for u in units[:1]:
            s.traps[u.cell] = side  # its own cell: known to its side
            assert any_trap_cell(s, act, units, occ) == bool(trap_cells(s, act, units, occ))
            for n in s.geo.neighbours[u.cell]:
                s.traps[n] = 1 - side  # hidden from `side` unless traps are visible
            assert any_trap_cell(s, act, units, occ) == bool(trap_cells(s, act, units, occ))
        s.traps_left = [0] * len(s.traps_left)
        s.mj_traps_left = 0
        assert any_trap_cell(s, act, units, occ) is False
        assert not trap_cells(s, act, units, occ)
    finally:
        s.traps, s.traps_left, s.mj_traps_left = traps, players_left, mj_left


def slow_activation(s: ChampsState, cell: int, seat: int) -> tuple[list[int], list[int]]:
    """The units and heroes a troop's activation takes, walking every unit (CB-31)."""
    side = s.side_of_seat(seat)
    units = [
        u.uid
        for u in s.units.values()
        if u.cell == cell and u.side == side and (s.rules.per_cell_tracking or not u.acted)
    ]
    heroes = [h.seat for h in heroes_at(s, cell) if not h.acted] if side == PLAYERS else []
    return units, heroes


def play_and_check(s: ChampsState, key: str) -> None:
    """Apply `key`; when it activates a troop, check what the activation took."""
    top = s.stack[-1]
    if top.kind != "turn" or not key.startswith("act:"):
        R.apply(s, key)
        return
    cell = s.bf.parse(key[4:])
    assert cell is not None
    troop = any(u.cell == cell for u in s.units.values())  # the slow "a troop stands here"
    expected = slow_activation(s, cell, top.seat) if troop else ([], [top.seat])
    depth = len(s.stack)
    R.apply(s, key)
    act = s.stack[-1]
    if len(s.stack) == depth + 1 and act.kind == "activation":  # not waiting for consent
        assert act.data["lone"] is not troop
        assert (act.data["units"], act.data["heroes"]) == expected


@pytest.mark.parametrize("config", CONFIGS)
def test_shortcuts_match_the_slow_way_in_random_games(config: dict[str, Any]) -> None:
    checked, kinds = 0, set()
    for seed in range(6):
        s = R.new(dict(config), seed)
        rng = Rng.from_seed(2000 + seed)
        while (d := R.decision(s)) is not None:
            check(s, d)
            if d.kind == "champs.activation":
                check_activation(s)
            if d.kind == "champs.move":
                check_move(s, d)
            kinds.add(d.kind)
            checked += 1
            play_and_check(s, d.options[rng.below(len(d.options))].key)
            for event in s.log:
                assert slow_msg(event) == event
    assert checked > 100
    assert {"champs.turn", "champs.activation", "champs.move", "champs.deploy"} <= kinds
