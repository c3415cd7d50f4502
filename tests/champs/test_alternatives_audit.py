"""Issue 18 item 7: every alternative of every Champs ambiguity option, each with its own test
(`test_AMB_CB_<n><letter>_<what>`), then pairwise tests where two options act on the same step.

The expected outcomes come from the seed (shared/seeds/004_…) and the digest's AMB-CB entries,
not from running the code. docs/champs.md lists each option value with its test.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arbitre.engine.i18n import translate
from arbitre.games.champs.troops import BY_ID
from arbitre.server.errors import ApiError
from tests.champs.helpers import (
    H,
    R,
    U,
    at,
    cell,
    dec,
    dice_event,
    field,
    game,
    keys,
    kind,
    play,
    res,
)

_TMP: list[Path] = []


@pytest.fixture(autouse=True)
def _tmp(tmp_path: Path) -> Any:
    _TMP[:] = [tmp_path]
    yield


def g(pos: dict[str, Any], obstacles: Any = (), **cfg: Any) -> Any:
    return game(_TMP[0], pos, obstacles, **cfg)


def result(ev: list[Any]) -> tuple[int, int, str]:
    m = next(m for m in ev if m.key == "champs.ev.result")
    return m.args["att"], m.args["dfn"], m.args["winner"].rsplit(".", 1)[-1]


def n_dice(ev: list[Any]) -> tuple[int, int]:
    att, dfn = dice_event(ev)
    return (0 if att == "—" else att.count(",") + 1), (0 if dfn == "—" else dfn.count(",") + 1)


def dests(s: Any) -> set[str]:
    return {k[3:] for k in keys(s) if k.startswith("to:")}


def prefixed(s: Any, prefix: str) -> set[str]:
    return {k[len(prefix) :] for k in keys(s) if k.startswith(prefix)}


def captured(s: Any, seat: int) -> bool:
    return bool(s.heroes[seat].captured)


FAR_MJ = U("soldats", (9, 7), side="mj")  # keeps the MJ side alive, out of the way
FAR_P = U("soldats", (9, 0))

# =========================================================================== AMB-CB-2


def test_AMB_CB_2_adjacency_4_supporters_and_retreat_cells() -> None:
    """AMB-CB-2 alternative (grid.adjacency=4), CB-60, CB-67: with 4-neighbour adjacency a
    diagonal troop is no supporter, and an orthogonal attack leaves one retreat cell."""
    pos = {
        "units": [
            U("soldats", (3, 3), 3),
            U("soldats", (2, 4)),  # orthogonal to the target
            U("soldats", (2, 5)),  # diagonal to the target
            U("soldats", (3, 4), 2, side="mj"),
        ],
        "dice": [6] * 8 + [1] * 4,
    }
    s = g(pos, grid__adjacency=4)
    play(s, "act:3,3", "attack:3,3>3,4")
    assert prefixed(s, "sup:") == {"2,4"}
    play(s, "go")
    assert at(s, 3, 5) == ["soldats"]  # the only cell behind: no question asked
    s8 = g(pos)
    play(s8, "act:3,3", "attack:3,3>3,4")
    assert prefixed(s8, "sup:") == {"2,4", "2,5"}


def test_AMB_CB_2_adjacency_4_distance_is_manhattan_for_catapults() -> None:
    """AMB-CB-2 alternative, CB-15: range 2–5 counts Manhattan steps under 4-adjacency; a
    target 3 across and 3 up is 6 away (out of range), 3 by Chebyshev (in range)."""
    pos = {
        "units": [U("catapulte", (0, 0), loaded=True), U("soldats", (3, 3), side="mj")],
    }
    s = g(pos, grid__adjacency=4)
    play(s, "act:0,0")
    assert "fire:0,0>3,3" not in keys(s)
    s8 = g(pos)
    play(s8, "act:0,0")
    assert "fire:0,0>3,3" in keys(s8)


def test_AMB_CB_2_corner_cutting_forbidden_bars_the_squeeze() -> None:
    """AMB-CB-2 sub-gap alternative (move.cornerCutting=forbidden): a ground unit may not step
    diagonally between two orthogonally adjacent obstacles; other diagonals stay open."""
    pos = {"units": [U("cavalerie", (4, 3)), FAR_MJ]}
    s = g(pos, [(5, 3), (4, 4)], move__cornerCutting="forbidden")
    play(s, "act:4,3", "move")
    assert "5,4" not in dests(s) and "3,2" in dests(s)
    s = g(pos, [(5, 3), (4, 4)])
    play(s, "act:4,3", "move")
    assert "5,4" in dests(s)


# =========================================================================== AMB-CB-4, 5


def test_AMB_CB_4_custom_die_sides() -> None:
    """AMB-CB-4 alternative (dice.sides): combat dice have the chosen sides; a trap still
    rolls 1D6 (CB-19, said in the text)."""
    pos = {"units": [U("soldats", (3, 3)), U("soldats", (3, 4), side="mj")], "dice": [12, 11]}
    s = g(pos, dice__sides=12)
    ev = play(s, "act:3,3", "attack:3,3>3,4")
    # the two rigged values are both above 6: a D12 accepted them (position refuses > sides)
    assert dice_event(ev)[0] == "[12,11]"
    with pytest.raises(Exception, match="dice"):
        g(pos)  # a D6 game refuses a 12


@pytest.mark.parametrize(
    ("mode", "dice", "winner"),
    [
        ("sum", [6, 1, 1, 1, 3, 3, 3], "attacker"),  # EX-CB-6 case 1: 9 v 9, tie
        ("highest", [6, 1, 1, 1, 3, 3, 3], "attacker"),  # 6 v 3
        ("sum", [2, 2, 2, 2, 6, 1, 1], "attacker"),  # EX-CB-6 case 2: 8 v 8, tie
        ("highest", [2, 2, 2, 2, 6, 1, 1], "defender"),  # 2 v 6
    ],
)
def test_AMB_CB_5_highest_die_EX_CB_6(mode: str, dice: list[int], winner: str) -> None:
    """AMB-CB-5 alternative (combat.result=highest), CB-57, CB-58, EX-CB-6."""
    pos = {
        "units": [
            U("soldats", (3, 3), 2),
            U("soldats", (3, 4), side="mj"),
            U("airs", (3, 4), side="mj"),
        ],
        "dice": dice,
    }
    s = g(pos, combat__result=mode)
    ev = play(s, "act:3,3", "attack:3,3>3,4")
    assert result(ev)[2] == winner


# =========================================================================== AMB-CB-6, 7, 8


def test_AMB_CB_6_farther_diagonal_retreat_in_play() -> None:
    """AMB-CB-6 alternative 2 (farther), EX-CB-7 diagonal: five retreat cells are offered."""
    pos = {
        "units": [U("soldats", (3, 3), 3), U("soldats", (4, 4), 2, side="mj")],
        "dice": [6] * 6 + [1] * 4,
    }
    s = g(pos, retreat__direction="farther")
    play(s, "act:3,3", "attack:3,3>4,4")
    assert prefixed(s, "all:") == {"5,3", "5,4", "5,5", "4,5", "3,5"}


def test_AMB_CB_7_allied_cells_blocked_makes_retreat_impossible() -> None:
    """AMB-CB-7 alternative (retreat.alliedCells=blocked), CB-61: with allies on the three
    cells behind it the defender cannot retreat, so the attacker may attack again."""
    allies = [U("cavalerie", (x, 5), side="mj") for x in (2, 3, 4)]
    pos = {
        "units": [U("soldats", (3, 3), 3), U("soldats", (3, 4), 2, side="mj"), *allies],
        "dice": [6] * 6 + [1] * 4,
    }
    s = g(pos, retreat__alliedCells="blocked")
    play(s, "act:3,3", "attack:3,3>3,4")
    assert kind(s) == "champs.reattack"
    s = g(pos)
    play(s, "act:3,3", "attack:3,3>3,4")
    assert kind(s) == "champs.retreat" and prefixed(s, "all:") == {"2,5", "3,5", "4,5"}


def test_AMB_CB_8_split_over_any_adjacent_cell() -> None:
    """AMB-CB-8 alternative (retreat.splitCells=anyAdjacent), CB-46: a split may use a cell
    beside the defender; the whole troop still retreats only away from the attacker."""
    pos = {
        "units": [U("soldats", (3, 3), 3), U("soldats", (3, 4), 3, side="mj")],
        "dice": [6] * 6 + [1] * 6,
    }
    s = g(pos, retreat__splitCells="anyAdjacent")
    play(s, "act:3,3", "attack:3,3>3,4")
    assert {"soldats:2,4", "soldats:4,4"} <= prefixed(s, "one:")
    assert prefixed(s, "all:") == {"2,5", "3,5", "4,5"}
    s = g(pos)
    play(s, "act:3,3", "attack:3,3>3,4")
    assert "soldats:2,4" not in prefixed(s, "one:")


# =========================================================================== AMB-CB-9 .. 13


def test_AMB_CB_9_every_activation_needs_an_action() -> None:
    """AMB-CB-9 alternative (activation.moveOnly=false), CB-33: next to an enemy the troop
    must attack (or take another action); it cannot just end the activation."""
    pos = {"units": [U("soldats", (3, 3)), U("soldats", (3, 4), side="mj")]}
    s = g(pos, activation__moveOnly=False)
    play(s, "act:3,3")
    assert "end" not in keys(s) and "attack:3,3>3,4" in keys(s)
    s = g(pos)
    play(s, "act:3,3")
    assert "end" in keys(s)


def test_AMB_CB_10_move_split_before_and_after_the_action() -> None:
    """AMB-CB-10 alternative (move.splitAroundAction=true), CB-37: Cavalry (2 cells) moves 1,
    attacks, then uses its last cell; by default the movement is whole, before or after."""
    pos = {
        "units": [U("cavalerie", (3, 2), 2), U("soldats", (3, 4), side="mj"), FAR_MJ],
        "dice": [6] * 4 + [1] * 2,
    }
    s = g(pos, move__splitAroundAction=True)
    play(s, "act:3,2", "move", "to:3,3", "attack:3,3>3,4", "stay", "move")
    assert dests(s) and all(s.geo.distance(cell(s, 3, 3), s.bf.parse(d)) == 1 for d in dests(s))
    s = g(pos)
    play(s, "act:3,2", "move", "to:3,3", "attack:3,3>3,4", "stay")
    assert "move" not in keys(s)


def test_AMB_CB_11_through_allied_false() -> None:
    """AMB-CB-11 alternative (move.throughAllied=false): Cavalry cannot pass over an allied
    troop's cell to reach the cell beyond; it may still end on it (gathering, CB-44)."""
    pos = {"units": [U("cavalerie", (3, 2), 2), U("soldats", (3, 3)), FAR_MJ]}
    s = g(pos, grid__adjacency=4, move__throughAllied=False)
    play(s, "act:3,2", "move")
    assert "3,4" not in dests(s) and "3,3" in dests(s)
    s = g(pos, grid__adjacency=4)
    play(s, "act:3,2", "move")
    assert "3,4" in dests(s)


def test_AMB_CB_11_split_groups_one() -> None:
    """AMB-CB-11 sub-gap alternative (move.splitGroups=one), CB-45: one moving group, the rest
    stays; by default a second group may move from the same troop."""
    pos = {"units": [U("soldats", (3, 2), 3), FAR_MJ]}
    s = g(pos, move__splitGroups="one")
    play(s, "act:3,2", "move", "sel:u1", "sel:u2", "to:2,2")
    assert kind(s) == "champs.activation" and "move" not in keys(s)
    assert at(s, 3, 2) == ["soldats", "soldats"]
    s = g(pos)
    play(s, "act:3,2", "move", "sel:u1", "sel:u2", "to:2,2")
    assert kind(s) == "champs.move" and "4,2" in dests(s)


def test_AMB_CB_12_zone_of_control_stop() -> None:
    """AMB-CB-12 alternative (move.zoneOfControl=stop): a ground unit entering a cell next to
    an enemy stops there; it may still leave a cell next to an enemy it started on."""
    pos = {"units": [U("cavalerie", (4, 1)), U("soldats", (5, 3), side="mj")]}
    s = g(pos, move__zoneOfControl="stop")
    play(s, "act:4,1", "move")
    assert "5,2" in dests(s) and "6,3" not in dests(s)
    s = g(pos)
    play(s, "act:4,1", "move")
    assert "6,3" in dests(s)
    start_next = {"units": [U("cavalerie", (4, 2)), U("soldats", (5, 3), side="mj")]}
    s = g(start_next, move__zoneOfControl="stop")
    play(s, "act:4,2", "move")
    assert "2,0" in dests(s)  # two steps away from the enemy: leaving is free


def test_AMB_CB_13_advance_replaces_the_after_move() -> None:
    """AMB-CB-13d alternative (advance.thenMove=false), CB-62: after advancing the troop may not
    move; if it stays, it may still make its after-action move (CB-37)."""
    pos = {
        "units": [U("cavalerie", (3, 3), 2), U("soldats", (3, 4), side="mj"), FAR_MJ],
        "dice": [6] * 4 + [1] * 2,
    }
    s = g(pos, advance__thenMove=False)
    play(s, "act:3,3", "attack:3,3>3,4", "adv:all")
    assert "move" not in keys(s)
    s = g(pos, advance__thenMove=False)
    play(s, "act:3,3", "attack:3,3>3,4", "stay")
    assert "move" in keys(s)
    s = g(pos)
    play(s, "act:3,3", "attack:3,3>3,4", "adv:all")
    assert "move" in keys(s)


# =========================================================================== AMB-CB-14

_WALL_MJ = {
    # EX-CB-9: 3 Mastodons on the MJ's edge (nowhere to retreat), attacked from (4,6)
    "units": [U("soldats", (4, 6), 3), U("soldats", (3, 6)), U("mastodonte", (4, 7), 3, side="mj")],
}


def test_AMB_CB_14_reattack_once() -> None:
    """AMB-CB-14 alternative (reattack.repeat=once), CB-61: one re-attack, then it stops."""
    pos = {**_WALL_MJ, "dice": [6] * 7 + [1] * 9 + [6] * 7 + [1] * 6}
    s = g(pos, reattack__repeat="once")
    play(s, "act:4,6", "attack:4,6>4,7", "go", "again", "go")
    assert at(s, 4, 7) == ["mastodonte"] and kind(s) == "champs.activation"
    s = g(pos)
    play(s, "act:4,6", "attack:4,6>4,7", "go", "again", "go")
    assert kind(s) == "champs.reattack"


def test_AMB_CB_14_reattack_without_support() -> None:
    """AMB-CB-14 alternative (reattack.support=false), CB-67: the troop on (3,6) supports the
    first combat, not the re-attack."""
    pos = {**_WALL_MJ, "dice": [6] * 7 + [1] * 9}
    s = g(pos, reattack__support=False)
    play(s, "act:4,6", "attack:4,6>4,7")
    assert "sup:3,6" in keys(s)
    play(s, "sup:3,6", "go", "again")
    assert kind(s) != "champs.support"
    s = g(pos)
    play(s, "act:4,6", "attack:4,6>4,7", "sup:3,6", "go", "again")
    assert kind(s) == "champs.support"


def test_AMB_CB_14_reattack_without_skills() -> None:
    """AMB-CB-14 alternative (reattack.skills=false), CB-48: the Warrior adds his 2 dice to the
    first combat only; in the re-attack his troop rolls its units' dice alone."""
    pos = {
        "units": [U("soldats", (4, 6), 3), U("mastodonte", (4, 7), 3, side="mj")],
        "heroes": [H("p1", (4, 6))],
        "dice": [6] * 8 + [1] * 9 + [6] * 8 + [1] * 6,
    }
    s = g(pos, reattack__skills=False)
    ev = play(s, "act:4,6", "attack:4,6>4,7")
    assert n_dice(ev) == (3 * 2 + 2, 9)
    ev = play(s, "again")
    assert n_dice(ev) == (3 * 2, 6)  # no Warrior dice
    s = g(pos)
    play(s, "act:4,6", "attack:4,6>4,7")
    ev = play(s, "again")
    assert n_dice(ev) == (3 * 2 + 2, 6)


# =========================================================================== AMB-CB-15 Catapult


def test_AMB_CB_15a_catapult_dice_per_troop() -> None:
    """AMB-CB-15a alternative (catapult.dicePer=troop), CB-14: two Catapults fire 3 dice, not
    6."""
    pos = {
        "units": [U("catapulte", (3, 0), 2, loaded=True), U("soldats", (3, 3), side="mj"), FAR_MJ],
        "dice": [6] * 6 + [1] * 2,
    }
    s = g(pos, catapult__dicePer="troop")
    ev = play(s, "act:3,0", "fire:3,0>3,3")
    assert n_dice(ev)[0] == 3
    s = g(pos)
    ev = play(s, "act:3,0", "fire:3,0>3,3")
    assert n_dice(ev)[0] == 6


def test_AMB_CB_15b_obstacles_block_the_line_of_fire() -> None:
    """AMB-CB-15b alternative (catapult.lineOfFire=obstacles): an obstacle between the cells
    blocks the shot; troops in between never do."""
    pos = {
        "units": [
            U("catapulte", (3, 0), loaded=True),
            U("soldats", (3, 1)),
            U("soldats", (3, 3), side="mj"),
        ]
    }
    s = g(pos, [(3, 2)], catapult__lineOfFire="obstacles")
    play(s, "act:3,0")
    assert "fire:3,0>3,3" not in keys(s)
    s = g(pos, catapult__lineOfFire="obstacles")
    play(s, "act:3,0")
    assert "fire:3,0>3,3" in keys(s)
    s = g(pos, [(3, 2)])
    play(s, "act:3,0")
    assert "fire:3,0>3,3" in keys(s)


def test_AMB_CB_15c_catapult_melee_attack() -> None:
    """AMB-CB-15c alternative (catapult.meleeAttack=true): a lone Catapult attacks an adjacent
    troop with its 3 dice; it still never advances (CB-62)."""
    pos = {
        "units": [U("catapulte", (3, 2)), U("soldats", (3, 3), side="mj"), FAR_MJ],
        "dice": [6, 6, 6, 1, 1],
    }
    s = g(pos, catapult__meleeAttack=True)
    play(s, "act:3,2")
    assert "attack:3,2>3,3" in keys(s)
    ev = play(s, "attack:3,2>3,3")
    assert n_dice(ev) == (3, 2) and kind(s) != "champs.advance"
    s = g(pos)
    play(s, "act:3,2")
    assert "attack:3,2>3,3" not in keys(s)


def test_AMB_CB_15e_catapults_start_loaded() -> None:
    """AMB-CB-15e alternative (catapult.startsLoaded=true), CB-16: it may fire on its first
    activation; by default it must reload first."""
    pos = {"units": [U("catapulte", (3, 0)), U("soldats", (3, 3), side="mj")]}
    s = g(pos, catapult__startsLoaded=True)
    play(s, "act:3,0")
    assert "fire:3,0>3,3" in keys(s) and "reload" not in keys(s)
    s = g(pos)
    play(s, "act:3,0")
    assert "fire:3,0>3,3" not in keys(s) and "reload" in keys(s)


def test_AMB_CB_15f_ready_after_next_round() -> None:
    """AMB-CB-15f alternative (catapult.readyAfter=nextRound), CB-16: reloaded in P1's turn,
    it cannot fire in P2's turn of the same round, and can in the next round."""
    pos = {"units": [U("catapulte", (3, 0)), U("soldats", (3, 3), side="mj"), FAR_MJ]}
    s = g(pos, catapult__readyAfter="nextRound")
    play(s, "act:3,0", "reload", "end", "end", "end", "act:3,0")
    assert "fire:3,0>3,3" not in keys(s)
    play(s, "end", "end", "end", "act:3,0")
    assert "fire:3,0>3,3" in keys(s)


def test_AMB_CB_15g_moving_unloads() -> None:
    """AMB-CB-15g alternative (catapult.unloadOnMove=true): a loaded Catapult that moves 1 cell
    cannot fire after the move; by default it can (EX-CB-17)."""
    pos = {"units": [U("catapulte", (3, 0), loaded=True), U("soldats", (3, 4), side="mj")]}
    s = g(pos, catapult__unloadOnMove=True)
    play(s, "act:3,0", "move", "to:3,1")
    assert not any(k.startswith("fire:") for k in keys(s))
    s = g(pos)
    play(s, "act:3,0", "move", "to:3,1")
    assert "fire:3,1>3,4" in keys(s)


def test_AMB_CB_15h_one_sided_fire() -> None:
    """AMB-CB-15h alternative (catapult.rangedCombat=oneSided): the target rolls, but a
    Catapult that loses loses nothing; by default it loses its unit (EX-CB-17)."""
    pos = {
        "units": [U("catapulte", (3, 0), loaded=True), U("mastodonte", (3, 3), side="mj"), FAR_P],
        "dice": [1, 1, 1, 6, 6, 6],
    }
    s = g(pos, catapult__rangedCombat="oneSided")
    ev = play(s, "act:3,0", "fire:3,0>3,3")
    assert result(ev)[2] == "defender" and at(s, 3, 0) == ["catapulte"]
    s = g(pos)
    play(s, "act:3,0", "fire:3,0>3,3")
    assert at(s, 3, 0) == []


def test_AMB_CB_15h_catapult_reattack_without_reloading() -> None:
    """AMB-CB-15h alternative (catapult.reattack=true), CB-61: a target on its edge cannot
    retreat, so the Catapult fires again at once, without reloading, with its 3 dice."""
    pos = {
        "units": [U("catapulte", (4, 3), loaded=True), U("mastodonte", (4, 7), 2, side="mj")],
        "dice": [6, 6, 6] + [1] * 6 + [6, 6, 6] + [1] * 3,
    }
    s = g(pos, catapult__reattack=True)
    play(s, "act:4,3", "fire:4,3>4,7")
    assert kind(s) == "champs.reattack"
    ev = play(s, "again")
    assert n_dice(ev) == (3, 3) and result(ev)[2] == "attacker"
    assert at(s, 4, 7) == []
    s = g(pos)
    play(s, "act:4,3", "fire:4,3>4,7")
    assert kind(s) != "champs.reattack" and at(s, 4, 7) == ["mastodonte"]


def test_AMB_CB_15i_no_support_for_catapult_fire() -> None:
    """AMB-CB-15i / AMB-CB-22d alternative (catapult.rangedSupport=forbidden), CB-67."""
    pos = {
        "units": [
            U("catapulte", (3, 0), loaded=True),
            U("soldats", (2, 4)),
            U("soldats", (3, 3), side="mj"),
        ],
    }
    s = g(pos, catapult__rangedSupport="forbidden")
    play(s, "act:3,0", "fire:3,0>3,3")
    assert kind(s) != "champs.support"
    s = g(pos)
    play(s, "act:3,0", "fire:3,0>3,3")
    assert kind(s) == "champs.support" and "sup:2,4" in keys(s)


def test_AMB_CB_15k_catapults_split_off_before_reload_or_fire() -> None:
    """AMB-CB-15k alternative (catapult.mixedTroopReload=splitFirst): a troop of a Catapult and
    a Soldier may neither reload nor fire; a lone Catapult may."""
    mixed = {
        "units": [
            U("catapulte", (3, 0)),
            U("catapulte", (6, 0), loaded=True),
            U("soldats", (3, 0)),
            U("soldats", (6, 0)),
            U("soldats", (3, 3), side="mj"),
            U("soldats", (6, 3), side="mj"),
        ],
    }
    s = g(mixed, catapult__mixedTroopReload="splitFirst")
    play(s, "act:3,0")
    assert "reload" not in keys(s)
    play(s, "end", "act:6,0")
    assert "fire:6,0>6,3" not in keys(s)
    why = R.why_not(s, dec(s), "fire:6,0>6,3")
    assert why is not None and why.rule == "AMB-CB-15k"
    assert "mixte" in translate(why, "fr") and "mixed" in translate(why, "en")
    # the rule is named once: the terminal's "[AMB-CB-15k]", never again in the text
    assert translate(why, "fr").count("AMB-CB-15k") == 1
    web = ApiError(400, "illegal", why).to_json()["error"]  # the web: its own field
    assert web["rule"] == "AMB-CB-15k" and "AMB-CB-15k" not in web["text"]["fr"] + web["text"]["en"]
    s = g(mixed)
    play(s, "act:3,0")
    assert "reload" in keys(s)
    play(s, "end", "act:6,0")
    assert "fire:6,0>6,3" in keys(s)
    lone = {"units": [U("catapulte", (3, 0)), U("soldats", (3, 3), side="mj")]}
    s = g(lone, catapult__mixedTroopReload="splitFirst")
    play(s, "act:3,0")
    assert "reload" in keys(s)


# =========================================================================== AMB-CB-16 traps


def _two_layers(**cfg: Any) -> Any:
    pos = {"units": [U("soldats", (3, 3)), U("soldats", (5, 3)), FAR_MJ]}
    return g(pos, **cfg)


def test_AMB_CB_16a_per_player_trap_pool() -> None:
    """AMB-CB-16a alternatives (traps.playerPool, traps.poolMode=perPlayer), CB-22: 2 tokens for
    2 players give 1 each; P1 spends his, P2 still has one. Shared, P1 could lay both."""
    s = _two_layers(traps__playerPool=2, traps__poolMode="perPlayer")
    play(s, "act:3,3", "trap", "end", "act:5,3")
    assert "trap" not in keys(s)
    play(s, "end", "end", "end", "act:5,3")  # P1 ends; the MJ passes; P2's turn
    assert "trap" in keys(s)
    s = _two_layers(traps__playerPool=2)
    play(s, "act:3,3", "trap", "end", "act:5,3")
    assert "trap" in keys(s)


def test_AMB_CB_16b_mj_pool_same_as_players() -> None:
    """AMB-CB-16b alternative (traps.mjPool=sameAsPlayers): with a pool of 1 the MJ lays one
    trap; by default his supply is unlimited (CB-4)."""
    pos = {
        "units": [U("soldats", (3, 5), side="mj"), U("soldats", (5, 5), side="mj"), FAR_P],
        "turn": {"seat": "mj"},
    }
    s = g(pos, traps__playerPool=1, traps__mjPool="sameAsPlayers")
    play(s, "act:3,5", "trap", "end", "act:5,5")
    assert "trap" not in keys(s)
    s = g(pos, traps__playerPool=1)
    play(s, "act:3,5", "trap", "end", "act:5,5")
    assert "trap" in keys(s)


def test_AMB_CB_16c_trap_on_an_adjacent_cell() -> None:
    """AMB-CB-16c alternative (traps.placement=adjacentCell): any adjacent cell with no troop
    and no obstacle; not the troop's own cell."""
    pos = {"units": [U("soldats", (3, 3)), U("soldats", (3, 4)), FAR_MJ]}
    s = g(pos, [(2, 2)], traps__placement="adjacentCell")
    play(s, "act:3,3", "trap")
    assert prefixed(s, "cell:") == {"2,3", "4,3", "3,2", "4,2", "2,4", "4,4"}
    s = g(pos)
    play(s, "act:3,3", "trap")
    assert set(s.traps) == {cell(s, 3, 3)}  # one cell, its own: laid without asking


def test_AMB_CB_16d_hidden_traps() -> None:
    """AMB-CB-16d alternative (traps.visible=false): a player does not see the MJ's trap, the
    MJ does; where a trap is laid is a private answer."""
    pos = {"units": [U("soldats", (3, 3)), FAR_MJ], "traps": [{"at": [5, 5], "side": "mj"}]}
    s = g(pos, traps__visible=False)
    assert R.view(s, 0)["traps"] == [] and R.view(s, s.mj_seat)["traps"] != []
    s2 = g(
        {"units": [U("soldats", (3, 3)), FAR_MJ]},
        traps__visible=False,
        traps__placement="adjacentCell",
    )
    play(s2, "act:3,3", "trap")
    assert dec(s2).private
    s = g(pos)
    assert R.view(s, 0)["traps"] == [{"at": [5, 5], "side": "mj"}]


def test_AMB_CB_16e_trap_stops_the_mover() -> None:
    """AMB-CB-16e alternative (traps.stopsMovement=true): Cavalry moving 2 cells through a
    trap stops on it; by default the survivors go on (CB-18)."""
    pos = {
        "units": [U("cavalerie", (1, 6), 2, side="mj"), FAR_P],
        "traps": [{"at": [1, 5]}],
        "turn": {"seat": "mj"},
        "dice": [1],
    }
    s = g(pos, grid__adjacency=4, traps__stopsMovement=True)
    play(s, "act:1,6", "move")
    assert "1,4" not in dests(s) and "1,5" in dests(s)
    s = g(pos, grid__adjacency=4)
    play(s, "act:1,6", "move", "to:1,4")
    assert at(s, 1, 4) == ["cavalerie", "cavalerie"] and cell(s, 1, 5) not in s.traps


def test_AMB_CB_16g_a_one_leaves_the_trap() -> None:
    """AMB-CB-16g alternative (traps.zeroConsumes=false), CB-19, CB-21: a roll of 1 removes no
    unit and the trap stays; by default it is used up."""
    pos = {
        "units": [U("cavalerie", (1, 6), side="mj"), FAR_P],
        "traps": [{"at": [1, 5]}],
        "turn": {"seat": "mj"},
        "dice": [1],
    }
    s = g(pos, traps__zeroConsumes=False)
    play(s, "act:1,6", "move", "to:1,5")
    assert at(s, 1, 5) == ["cavalerie"] and cell(s, 1, 5) in s.traps
    s = g(pos)
    play(s, "act:1,6", "move", "to:1,5")
    assert cell(s, 1, 5) not in s.traps


def test_AMB_CB_16h_flyers_trigger_where_they_land() -> None:
    """AMB-CB-16h alternative (traps.flyersTrigger=onEnd), CB-43: Air Soldiers landing on a
    trap spring it (6: 3 lost, 2 there); passing over it they do not (AMB-CB-26)."""
    pos = {
        "units": [U("airs", (1, 6), 2, side="mj"), FAR_P],
        "traps": [{"at": [1, 5]}],
        "turn": {"seat": "mj"},
        "dice": [6],
    }
    s = g(pos, grid__adjacency=4, traps__flyersTrigger="onEnd")
    play(s, "act:1,6", "move", "to:1,5")
    assert at(s, 1, 5) == [] and cell(s, 1, 5) not in s.traps
    s = g(pos, grid__adjacency=4, traps__flyersTrigger="onEnd")
    play(s, "act:1,6", "move", "to:1,4")
    assert at(s, 1, 4) == ["airs", "airs"] and cell(s, 1, 5) in s.traps
    s = g(pos, grid__adjacency=4)
    play(s, "act:1,6", "move", "to:1,5")
    assert at(s, 1, 5) == ["airs", "airs"] and cell(s, 1, 5) in s.traps


def test_AMB_CB_16k_only_pure_soldier_troops_lay_traps() -> None:
    """AMB-CB-16k alternative (traps.mixedTroopCanLay=soldiersOnly), CB-17: a troop of a
    Soldier and a Cavalry may not lay a trap; by default it may."""
    pos = {"units": [U("soldats", (3, 3)), U("cavalerie", (3, 3)), FAR_MJ]}
    s = g(pos, traps__mixedTroopCanLay="soldiersOnly")
    play(s, "act:3,3")
    assert "trap" not in keys(s)
    s = g(pos)
    play(s, "act:3,3")
    assert "trap" in keys(s)


# =========================================================================== AMB-CB-17 recruits


def _recruiter(**cfg: Any) -> Any:
    pos = {
        "units": [U("soldats", (5, 5)), U("soldats", (1, 0)), U("soldats", (7, 3)), FAR_MJ],
        "heroes": [H("p1", (7, 3))],
        "deck": ["cavalerie", "soldats"],
    }
    return g(pos, **cfg)


def test_AMB_CB_17a_only_start_line_troops_recruit() -> None:
    """AMB-CB-17a alternative (recruit.who=startLine), CB-36."""
    s = _recruiter(recruit__who="startLine")
    play(s, "act:5,5")
    assert "recruit" not in keys(s)
    s = _recruiter(recruit__who="startLine")
    play(s, "act:1,0")
    assert "recruit" in keys(s)
    s = _recruiter()
    play(s, "act:5,5")
    assert "recruit" in keys(s)


def test_AMB_CB_17a_only_hero_troops_recruit() -> None:
    """AMB-CB-17a alternative (recruit.who=heroTroops), CB-36."""
    s = _recruiter(recruit__who="heroTroops")
    play(s, "act:5,5")
    assert "recruit" not in keys(s)
    s = _recruiter(recruit__who="heroTroops")
    play(s, "act:7,3")
    assert "recruit" in keys(s)


def test_AMB_CB_17c_recruits_only_on_empty_cells() -> None:
    """AMB-CB-17c alternative (recruit.placement=emptyOnly): the start-line cell of an allied
    troop is not offered; by default the new units may join it (CB-6/CB-8)."""
    s = _recruiter(recruit__placement="emptyOnly")
    play(s, "act:5,5", "recruit")
    assert "1,0" not in prefixed(s, "cell:") and "2,0" in prefixed(s, "cell:")
    s = _recruiter()
    play(s, "act:5,5", "recruit")
    assert "1,0" in prefixed(s, "cell:")


def _mj_recruits(**cfg: Any) -> Any:
    pos = {
        "units": [U("soldats", (5, 5), side="mj"), FAR_P],
        "turn": {"seat": "mj"},
        "deck": ["cavalerie"],
    }
    return g(pos, **cfg)


def test_AMB_CB_17e_mj_recruits_free_of_actions() -> None:
    """AMB-CB-17e alternative (recruit.mjMode=free), CB-4: the MJ recruits from the turn menu,
    chooses the type, and keeps both activations; by default recruiting is an action."""
    s = _mj_recruits(recruit__mjMode="free")
    play(s, "recruit", "type:mastodonte", "cell:4,7", "recruit", "type:soldats", "cell:6,7")
    assert at(s, 4, 7) == ["mastodonte"] and at(s, 6, 7) == ["soldats"] * 3
    assert s.stack[0].data["used"] == 0 and "act:5,5" in keys(s)
    s = _mj_recruits()
    assert "recruit" not in keys(s)
    play(s, "act:5,5", "recruit", "type:mastodonte", "cell:4,7")
    assert s.stack[0].data["used"] == 1


def test_AMB_CB_17e_mj_draws_from_his_own_deck() -> None:
    """AMB-CB-17e alternative (recruit.mjMode=ownDeck): the MJ draws, he does not choose, and
    the players' reserve is untouched."""
    s = _mj_recruits(recruit__mjMode="ownDeck")
    deck, mj_top = list(s.deck), s.mj_deck[-1]
    play(s, "act:5,5", "recruit")
    assert kind(s) == "champs.recruit.place" and s.deck == deck
    play(s, "cell:0,7")
    assert at(s, 0, 7) == [mj_top] * BY_ID[mj_top].units


def test_AMB_CB_17f_new_troop_waits() -> None:
    """AMB-CB-17f alternative (recruit.newTroopActs=false): the new troop cannot be the second
    activation of the turn; by default it can."""
    s = _recruiter(recruit__newTroopActs=False)
    play(s, "act:5,5", "recruit", "cell:3,0", "end")
    assert "act:3,0" not in keys(s)
    s = _recruiter()
    play(s, "act:5,5", "recruit", "cell:3,0", "end")
    assert "act:3,0" in keys(s)


def _to_mj_army(**cfg: Any) -> Any:
    s = R.new({"battlefield": field(_TMP[0]), **cfg}, 3)
    while kind(s) == "champs.deploy" and dec(s).seat != s.mj_seat:
        play(s, keys(s)[0])
    return s


def test_AMB_CB_17g_mj_army_drawn_at_random() -> None:
    """AMB-CB-17g alternative (mj.army=random), CB-26: no choice of types; the MJ still places
    as many troops as the players have (2 each), on his start line (CB-27)."""
    s = _to_mj_army(**{"mj.army": "random"})
    assert kind(s) == "champs.deploy" and dec(s).seat == s.mj_seat
    assert len(s.stack[-1].data["items"]) == 4
    s = _to_mj_army()
    assert kind(s) == "champs.mj.army"


# =========================================================================== AMB-CB-18, 19


def test_AMB_CB_18_mj_plays_between_players_only() -> None:
    """AMB-CB-18 alternative (turn.mjSlots=betweenPlayers), CB-29."""
    cfg = {"players": 3, "heroes": "guerrier,voleur,templier", "turn.order": "seating"}
    s = R.new({**cfg, "turn.mjSlots": "betweenPlayers"}, 1)
    assert s.cycle == [0, 3, 1, 3, 2]
    s = R.new(cfg, 1)
    assert s.cycle == [0, 3, 1, 3, 2, 3]


def test_AMB_CB_18_seating_order_without_a_roll() -> None:
    """AMB-CB-18 / CB-28 alternative (turn.order=seating: "selon un commun accord"): the order
    is the seats' order whatever the seed; rolled, it varies."""
    cfg = {"players": 3, "heroes": "guerrier,voleur,templier"}
    assert all(R.new({**cfg, "turn.order": "seating"}, k).order == [0, 1, 2] for k in range(8))
    assert any(R.new(cfg, k).order != [0, 1, 2] for k in range(8))


def test_AMB_CB_18_initiative_rerolled_every_round() -> None:
    """AMB-CB-18 alternative (turn.rerollInitiative=true): a new round rolls initiative again."""
    pos = {"units": [FAR_P, FAR_MJ]}
    s = g(pos, turn__rerollInitiative=True)
    ev = play(s, "end", "end", "end", "end")
    assert any(m.key == "champs.ev.initiative" for m in ev) and s.round == 2
    s = g(pos)
    ev = play(s, "end", "end", "end", "end")
    assert not any(m.key == "champs.ev.initiative" for m in ev) and s.round == 2


def test_AMB_CB_19b_activation_tracked_per_cell() -> None:
    """AMB-CB-19b alternative (activation.tracking=perCell), CB-31: a Soldier that moved onto
    another troop's cell plays again with it; per unit it may not."""
    pos = {"units": [U("soldats", (3, 3)), U("soldats", (4, 3)), FAR_MJ]}
    s = g(pos, activation__tracking="perCell")
    play(s, "act:3,3", "move", "to:4,3", "end", "act:4,3", "move")
    assert prefixed(s, "sel:") == {"u1", "u2"}
    s = g(pos)
    play(s, "act:3,3", "move", "to:4,3", "end", "act:4,3", "move")
    assert prefixed(s, "sel:") == set()  # only the fresh Soldier moves


def test_AMB_CB_19a_once_per_round() -> None:
    """AMB-CB-19a alternative (activation.perRoundLimit=oncePerRound): a troop P1 played cannot
    be P2's in the same round; by default it can (CB-30)."""
    pos = {"units": [U("soldats", (3, 3)), U("soldats", (6, 3)), FAR_MJ]}
    s = g(pos, activation__perRoundLimit="oncePerRound")
    play(s, "act:3,3", "end", "end", "end")
    assert "act:3,3" not in keys(s) and "act:6,3" in keys(s)
    s = g(pos)
    play(s, "act:3,3", "end", "end", "end")
    assert "act:3,3" in keys(s)


# =========================================================================== AMB-CB-20 heroes


@pytest.mark.parametrize(("n", "near", "far"), [(0, False, False), (2, True, True)])
def test_AMB_CB_20a_lone_hero_moves(n: int, near: bool, far: bool) -> None:
    """AMB-CB-20a alternatives (hero.loneMove=0|2): immobile, or 2 cells (default 1)."""
    pos = {"units": [FAR_P, FAR_MJ], "heroes": [H("p1", (3, 3))]}
    s = g(pos, hero__loneMove=n)
    if not near:
        assert "act:3,3" not in keys(s)
        return
    play(s, "act:3,3", "move")
    assert ("4,4" in dests(s), "5,5" in dests(s)) == (near, far)


def test_AMB_CB_20b_hero_flies_without_skill() -> None:
    """AMB-CB-20b alternative (hero.canFly=true): the Warrior crosses a wall with Air Soldiers,
    and has no skill in a troop of flyers (CB-47: only in a ground troop)."""
    wall = [(5, y) for y in range(1, 7)]
    pos = {"units": [U("airs", (4, 3)), FAR_MJ], "heroes": [H("p1", (4, 3))]}
    s = g(pos, wall, hero__canFly=True)
    play(s, "act:4,3", "move")
    assert "6,3" in dests(s)
    s = g(pos, wall)
    play(s, "act:4,3", "move")
    assert "6,3" not in dests(s)
    fight = {
        "units": [U("airs", (3, 3)), U("soldats", (3, 4), side="mj")],
        "heroes": [H("p1", (3, 3))],
    }
    s = g(fight, hero__canFly=True)
    ev = play(s, "act:3,3", "attack:3,3>3,4")
    assert n_dice(ev)[0] == 1  # 1 Air Soldier die, no Warrior dice


def test_AMB_CB_20d_warrior_adds_his_dice_when_supporting() -> None:
    """AMB-CB-20d alternative (hero.skillWhenSupporting=true), CB-48, CB-68."""
    pos = {
        "units": [U("soldats", (3, 3)), U("soldats", (2, 4)), U("soldats", (3, 4), side="mj")],
        "heroes": [H("p2", (2, 4))],
    }
    s = g(pos, heroes="voleur,guerrier", hero__skillWhenSupporting=True)
    ev = play(s, "act:3,3", "attack:3,3>3,4", "sup:2,4", "go", "lend")
    assert n_dice(ev)[0] == 2 + 1 + 2
    s = g(pos, heroes="voleur,guerrier")
    ev = play(s, "act:3,3", "attack:3,3>3,4", "sup:2,4", "go", "lend")
    assert n_dice(ev)[0] == 2 + 1


def _thief(mode: str) -> Any:
    pos = {
        "units": [U("soldats", (3, 3), 2), U("soldats", (3, 4), side="mj")],
        "heroes": [H("p1", (3, 3))],
        "dice": [1, 1, 1, 2, 6, 5],
    }
    s = g(pos, heroes="voleur,guerrier", thief__mode=mode)
    play(s, "act:3,3", "attack:3,3>3,4")
    return s


def test_AMB_CB_20e_thief_moves_one_die() -> None:
    """AMB-CB-20e alternative (thief.mode=moveOneDie), CB-49: taking the 6 leaves the MJ one
    die: 11 against 5."""
    s = _thief("moveOneDie")
    ev = play(s, "take:6")
    assert result(ev) == (11, 5, "attacker")


def test_AMB_CB_20e_thief_opponent_picks_the_return() -> None:
    """AMB-CB-20e alternative (thief.mode=opponentPicksReturn): the Thief gives his 1, the MJ
    gives back his worse die, the 5: 9 against 7."""
    s = _thief("opponentPicksReturn")
    play(s, "give:1")
    assert dec(s).seat == s.mj_seat and prefixed(s, "return:") == {"5", "6"}
    ev = play(s, "return:5")
    assert result(ev) == (1 + 1 + 2 + 5, 6 + 1, "attacker")


def test_AMB_CB_20f_templar_rerolls_own_troop_dice_only() -> None:
    """AMB-CB-20f alternative (templar.rerollSupportDice=false), CB-50, CB-68: the support die
    (the 1) may not be re-rolled; the troop's dice may."""
    pos = {
        "units": [U("soldats", (3, 3)), U("cavalerie", (2, 4)), U("soldats", (3, 4), 2, side="mj")],
        "heroes": [H("p1", (3, 3))],
        "dice": [6, 5, 1, 6, 6, 6, 6],
    }
    s = g(pos, heroes="templier,voleur", templar__rerollSupportDice=False)
    play(s, "act:3,3", "attack:3,3>3,4", "sup:2,4", "go")
    assert "rr:1" not in keys(s) and "rr:5,6" in keys(s)
    s = g(pos, heroes="templier,voleur")
    play(s, "act:3,3", "attack:3,3>3,4", "sup:2,4", "go")
    assert "rr:1" in keys(s)


def test_AMB_CB_3_all_ground_for_the_skill() -> None:
    """AMB-CB-3 alternative (hero.groundTroopTest=allGround), CB-47: a Soldier and an Air
    Soldier with the Warrior are not a ground troop: no +2."""
    pos = {
        "units": [U("soldats", (3, 3)), U("airs", (3, 3)), U("soldats", (3, 4), side="mj")],
        "heroes": [H("p1", (3, 3))],
    }
    s = g(pos, hero__groundTroopTest="allGround")
    assert n_dice(play(s, "act:3,3", "attack:3,3>3,4"))[0] == 2 + 1
    s = g(pos)
    assert n_dice(play(s, "act:3,3", "attack:3,3>3,4"))[0] == 2 + 1 + 2


def _lone_attacked(hero: str, obstacles: Any = (), units: Any = (), **cfg: Any) -> Any:
    pos = {
        "units": [U("soldats", (3, 4), side="mj"), *units],
        "heroes": [H("p1", (3, 3))],
        "turn": {"seat": "mj"},
        "dice": [6, 6, 1, 1, 1],
    }
    s = g(pos, obstacles, heroes=f"{hero},guerrier", **cfg)
    play(s, "act:3,4", "attack:3,4>3,3")
    if kind(s) == "champs.skill.voleur":
        play(s, "pass")
    return s


def test_AMB_CB_20g_lone_gladiator_retreats() -> None:
    """AMB-CB-20g alternative (gladiator.loneLossCaptures=false), CB-51, CB-66: the losing
    lone Gladiator retreats instead of being taken."""
    s = _lone_attacked("gladiateur", gladiator__loneLossCaptures=False)
    assert kind(s) == "champs.retreat" and not captured(s, 0)
    s = _lone_attacked("gladiateur")
    assert captured(s, 0)


def test_AMB_CB_20i_heroes_taken_only_when_they_cannot_retreat() -> None:
    """AMB-CB-20i alternative (hero.capture=onlyIfNoRetreat), CB-53, CB-66: the lone Thief
    attacked retreats; hemmed in by obstacles he is taken."""
    s = _lone_attacked("voleur", hero__capture="onlyIfNoRetreat")
    assert kind(s) == "champs.retreat" and not captured(s, 0)
    s = _lone_attacked("voleur", [(2, 2), (3, 2), (4, 2)], hero__capture="onlyIfNoRetreat")
    assert captured(s, 0)
    s = _lone_attacked("voleur")
    assert captured(s, 0)


# =========================================================================== AMB-CB-21 .. 24


def test_AMB_CB_21_surprise_offers_only_registered_hooks() -> None:
    """AMB-CB-21: Surprise is undefined; `none` is the one built-in value, others refused."""
    from arbitre.engine.ruleset import ConfigError

    opt = next(o for o in R.options_schema() if o.key == "mj.surprise")
    assert tuple(opt.choices or ()) == ("none",)
    with pytest.raises(ConfigError):
        R.new({"mj.surprise": "extraActivation"}, 1)


def test_AMB_CB_22c_refusal_also_from_the_attacking_troop() -> None:
    """AMB-CB-22c alternative (support.refusal=alsoAttacker), CB-70: P2, whose hero rides in
    the attacking troop, is asked about a hero-less supporter, and may refuse it."""
    pos = {
        "units": [U("soldats", (3, 3)), U("cavalerie", (2, 4)), U("soldats", (3, 4), side="mj")],
        "heroes": [H("p1", (3, 3)), H("p2", (3, 3))],
        "dice": [6, 6, 6, 1, 1],
    }
    s = g(pos, heroes="guerrier,guerrier", support__refusal="alsoAttacker")
    play(s, "act:3,3", "agree", "attack:3,3>3,4", "sup:2,4", "go")
    assert kind(s) == "champs.support.consent" and dec(s).seat == 1
    ev = play(s, "refuse")
    assert n_dice(ev)[0] == 2 + 2 + 2  # the Soldier and two Warriors, no support die
    s = g(pos, heroes="guerrier,guerrier")
    play(s, "act:3,3", "agree", "attack:3,3>3,4", "sup:2,4", "go")
    assert kind(s) != "champs.support.consent"


def test_AMB_CB_22f_defender_support() -> None:
    """AMB-CB-22f house rule (support.defender=true): an MJ troop next to the attacker adds a
    die to the defence, and loses a unit when the defence loses (as CB-69)."""
    pos = {
        "units": [
            U("soldats", (3, 3)),
            U("soldats", (3, 4), side="mj"),
            U("soldats", (2, 3), 2, side="mj"),
            FAR_MJ,
        ],
        "dice": [6, 6, 1, 1, 1],
    }
    s = g(pos, support__defender=True)
    ev = play(s, "act:3,3", "attack:3,3>3,4")
    assert n_dice(ev) == (2, 3) and result(ev)[2] == "attacker"
    assert at(s, 2, 3) == ["soldats"]
    s = g(pos)
    assert n_dice(play(s, "act:3,3", "attack:3,3>3,4")) == (2, 2)


def test_AMB_CB_23_overflow_and_group_speed_have_one_reading() -> None:
    """AMB-CB-23 and AMB-CB-11 list no alternative value for these keys: others are refused."""
    from arbitre.engine.ruleset import ConfigError

    for key, bad in (("overflow.toAlliedCell", "cascade"), ("move.groupSpeed", "fastest")):
        with pytest.raises(ConfigError):
            R.new({key: bad}, 1)


def _line_reached(**cfg: Any) -> Any:
    pos = {
        "units": [U("soldats", (9, 3)), U("cavalerie", (4, 2), side="mj")],
        "turn": {"seat": "mj"},
    }
    s = g(pos, **cfg)
    play(s, "act:4,2", "move", "to:4,0", "end", "end")
    return s


def test_AMB_CB_24_annihilation_only() -> None:
    """AMB-CB-24 alternative (victory.mode=annihilation): an MJ unit on the players' line does
    not end the battle; by default (objective, hold 1) it does."""
    assert R.result(_line_reached(victory__mode="annihilation")) is None
    r = R.result(_line_reached())
    assert r is not None and r.details["reason"] == "champs.reason.objective"


def test_AMB_CB_24_round_limit() -> None:
    """AMB-CB-24 alternatives (victory.mode=roundLimit, victory.rounds): after the last round
    the side with more units wins; by default the players win by holding their line."""
    pos = {"units": [U("soldats", (0, 0)), U("soldats", (9, 7), 3, side="mj")]}
    s = g(pos, victory__mode="roundLimit", victory__rounds=1)
    play(s, "end", "end", "end", "end")
    assert res(s).details["winner"] == "mj"
    s = g(pos, victory__rounds=1)
    play(s, "end", "end", "end", "end")
    assert res(s).details["winner"] == "players"


def test_AMB_CB_1_other_battlefields_and_AMB_CB_20k_duplicate_heroes() -> None:
    """AMB-CB-1 (battlefield): each built-in field loads with its own obstacles; AMB-CB-20k:
    two players may have the same skill."""
    from arbitre.games.champs.board import builtin_battlefields, load_battlefield

    fields = {n: load_battlefield(n) for n in builtin_battlefields()}
    assert {"plaine", "defile", "forteresse"} <= set(fields)
    assert len({f.obstacles for f in fields.values()}) == len(fields)
    s = R.new({"heroes": "guerrier,guerrier"}, 1)
    assert [h.skill for h in s.heroes] == ["guerrier", "guerrier"]


# =========================================================================== fixes of the audit


def test_AMB_CB_9_strict_move_must_end_where_the_troop_can_act() -> None:
    """AMB-CB-9 alternative (activation.moveOnly=false): "movement is allowed only alongside"
    an action, so Cavalry moving before its action may only end next to the enemy (to attack
    it); by default it may go anywhere within 2 cells."""
    pos = {"units": [U("cavalerie", (3, 1)), U("soldats", (3, 4), side="mj")]}
    s = g(pos, activation__moveOnly=False)
    play(s, "act:3,1", "move")
    assert dests(s) == {"2,3", "3,3", "4,3"}
    why = R.why_not(s, dec(s), "to:3,2")
    assert why is not None and why.rule == "AMB-CB-9"
    s = g(pos)
    play(s, "act:3,1", "move")
    assert {"3,2", "1,1", "5,3"} <= dests(s)


@pytest.mark.parametrize("lone_move", [1, 2])
@pytest.mark.parametrize("move_only", [True, False])
def test_AMB_CB_9_AMB_CB_20a_lone_hero_keeps_his_move(lone_move: int, move_only: bool) -> None:
    """AMB-CB-9 × AMB-CB-20a: a lone hero never acts (CB-53), and AMB-CB-20a gives him a move
    as an activation; the stricter AMB-CB-9 alternative does not take it away."""
    pos = {"units": [FAR_P, FAR_MJ], "heroes": [H("p1", (3, 3))]}
    s = g(pos, hero__loneMove=lone_move, activation__moveOnly=move_only)
    play(s, "act:3,3", "move")
    assert ("5,5" in dests(s)) == (lone_move == 2) and "4,4" in dests(s)


def test_AMB_CB_15g_retreat_unloads_too() -> None:
    """AMB-CB-15g alternative (catapult.unloadOnMove=true: "any move unloads it"): a loaded
    Catapult that retreats (a movement, L52-L54) is unloaded; by default it stays loaded."""
    for unload in (True, False):
        pos = {
            "units": [
                U("catapulte", (3, 3), loaded=True),
                U("soldats", (3, 3)),
                U("soldats", (3, 4), 3, side="mj"),
            ],
            "turn": {"seat": "mj"},
            "dice": [6] * 6 + [1] * 5,
        }
        s = g(pos, catapult__unloadOnMove=unload)
        play(s, "act:3,4", "attack:3,4>3,3", "lose:soldats", "all:3,2")
        (cat,) = [u for u in s.units.values() if u.side == 0]
        assert s.bf.xy(cat.cell) == (3, 2) and cat.loaded is not unload


# =========================================================================== pairwise


@pytest.mark.parametrize(
    ("adjacency", "a", "mode", "expected"),
    [
        (8, (3, 0), "halfplane", {(3, 4), (4, 4), (5, 4), (5, 3)}),  # EX-CB-7, ranged
        (8, (3, 0), "straight", {(5, 4)}),
        (8, (3, 0), "farther", {(3, 4), (4, 4), (5, 4)}),
        (4, (3, 0), "halfplane", {(5, 3), (4, 4)}),
        (4, (3, 0), "straight", {(4, 4)}),  # the longer axis: no diagonal neighbour
        (4, (3, 0), "farther", {(5, 3), (4, 4)}),  # Manhattan 5 > 4
        (4, (2, 1), "straight", {(5, 3), (4, 4)}),  # an exact diagonal: both are straight
        (4, (4, 2), "halfplane", {(4, 4)}),  # melee, orthogonal: one cell (AMB-CB-2)
        (4, (4, 2), "straight", {(4, 4)}),
        (4, (4, 2), "farther", {(3, 3), (5, 3), (4, 4)}),  # Manhattan 2 > 1, sideways too
    ],
)
def test_AMB_CB_2_AMB_CB_6_retreat_cells_under_each_adjacency(
    adjacency: int, a: tuple[int, int], mode: str, expected: set[tuple[int, int]]
) -> None:
    """AMB-CB-2 × AMB-CB-6, CB-60: the defender is on (4,3). Under 4-adjacency a slanted shot's
    straight cell was the diagonal one, not adjacent: the retreat was wrongly impossible."""
    s = g({"units": [FAR_P, FAR_MJ]}, grid__adjacency=adjacency)
    got = s.geo.retreat_candidates(cell(s, *a), cell(s, 4, 3), mode)
    assert {s.bf.xy(c) for c in got} == expected


def test_AMB_CB_2_AMB_CB_6_straight_retreat_after_a_slanted_shot_in_play() -> None:
    """AMB-CB-2 (4) × AMB-CB-6 (straight), CB-15, CB-60: the target retreats onto (4,4)."""
    pos = {
        "units": [U("catapulte", (3, 0), loaded=True), U("soldats", (4, 3), 2, side="mj")],
        "dice": [6, 6, 6, 1, 1, 1, 1],
    }
    s = g(pos, grid__adjacency=4, retreat__direction="straight")
    play(s, "act:3,0", "fire:3,0>4,3")
    assert at(s, 4, 4) == ["soldats"] and at(s, 4, 3) == []


@pytest.mark.parametrize("corner", ["allowed", "forbidden"])
@pytest.mark.parametrize("troop", ["soldats", "airs"])
def test_AMB_CB_2_corner_cutting_binds_ground_retreats(corner: str, troop: str) -> None:
    """AMB-CB-2 (move.cornerCutting) × CB-60: a retreat is a movement (L52-L54), so under
    `forbidden` ground units may not retreat diagonally between the obstacles (4,4) and (3,5)
    onto (4,5); flyers may (CB-12); by default everyone may."""
    pos = {
        "units": [U("soldats", (3, 3), 3), U(troop, (3, 4), 3, side="mj"), FAR_MJ],
        "dice": [6] * 6 + [1] * 6,
    }
    s = g(pos, [(4, 4), (3, 5)], move__cornerCutting=corner)
    play(s, "act:3,3", "attack:3,3>3,4")
    if corner == "forbidden" and troop == "soldats":
        assert at(s, 2, 5) == ["soldats", "soldats"]  # the one cell left: no question
    else:
        assert prefixed(s, "all:") == {"2,5", "4,5"}


@pytest.mark.parametrize("mode", ["halfplane", "straight", "farther"])
def test_AMB_CB_6_retreat_direction_and_a_trap(mode: str) -> None:
    """AMB-CB-6 × CB-23: the players' trap lies on (3,5), straight behind the MJ troop. Straight,
    it must retreat onto it and springs it (6: 3 lost); the other modes may go around."""
    pos = {
        "units": [U("soldats", (3, 3), 3), U("soldats", (3, 4), 3, side="mj"), FAR_MJ],
        "traps": [{"at": [3, 5]}],
        "dice": [6] * 6 + [1] * 6 + [6],
    }
    s = g(pos, retreat__direction=mode)
    play(s, "act:3,3", "attack:3,3>3,4")
    if mode == "straight":
        assert at(s, 3, 5) == [] and cell(s, 3, 5) not in s.traps
    else:
        play(s, "all:2,5")
        assert at(s, 2, 5) == ["soldats", "soldats"] and cell(s, 3, 5) in s.traps


@pytest.mark.parametrize("mode", ["halfplane", "straight"])
@pytest.mark.parametrize("allied", ["allowed", "blocked"])
def test_AMB_CB_6_AMB_CB_7_straight_onto_an_allied_cell(mode: str, allied: str) -> None:
    """AMB-CB-6 × AMB-CB-7, CB-61: an MJ ally on (3,5). Straight and blocked, there is no
    retreat: re-attack. Straight and allowed, the units join it. Half-plane and blocked, the
    two side cells remain."""
    pos = {
        "units": [
            U("soldats", (3, 3), 3),
            U("soldats", (3, 4), 2, side="mj"),
            U("cavalerie", (3, 5), side="mj"),
        ],
        "dice": [6] * 6 + [1] * 4,
    }
    s = g(pos, retreat__direction=mode, retreat__alliedCells=allied)
    play(s, "act:3,3", "attack:3,3>3,4")
    if mode == "straight" and allied == "blocked":
        assert kind(s) == "champs.reattack"
    elif mode == "straight":
        assert at(s, 3, 5) == ["cavalerie", "soldats"]
    elif allied == "blocked":
        assert prefixed(s, "all:") == {"2,5", "4,5"}
    else:
        assert prefixed(s, "all:") == {"2,5", "3,5", "4,5"}


@pytest.mark.parametrize("zoc", ["none", "stop"])
@pytest.mark.parametrize("through", [True, False])
def test_AMB_CB_11_AMB_CB_12_through_allies_and_zone_of_control(zoc: str, through: bool) -> None:
    """AMB-CB-11 × AMB-CB-12 (4-adjacency): (3,3) is two steps from the Cavalry on (3,1), only
    through the ally on (3,2), which lies next to the MJ troop on (4,2). It is reachable only if
    passing allies is allowed and no zone of control stops the Cavalry on (3,2)."""
    pos = {
        "units": [U("cavalerie", (3, 1)), U("soldats", (3, 2)), U("soldats", (4, 2), side="mj")],
    }
    s = g(pos, grid__adjacency=4, move__zoneOfControl=zoc, move__throughAllied=through)
    play(s, "act:3,1", "move")
    assert ("3,3" in dests(s)) == (through and zoc == "none")
    assert {"3,2", "2,2"} <= dests(s)  # ending on the ally (gathering) is always open


@pytest.mark.parametrize("capture", ["default", "onlyIfNoRetreat"])
@pytest.mark.parametrize("allied", ["allowed", "blocked"])
def test_AMB_CB_20i_AMB_CB_7_capture_and_allied_cells(capture: str, allied: str) -> None:
    """AMB-CB-20i × AMB-CB-7, CB-66: the Thief's last Soldier falls; allies hold the three cells
    behind him. By default he is taken; under onlyIfNoRetreat he retreats onto an allied cell,
    unless allied cells block the retreat."""
    allies = [U("soldats", (x, 2)) for x in (2, 3, 4)]
    s = _lone_attacked(
        "voleur",
        units=[U("soldats", (3, 3)), *allies],
        hero__capture=capture,
        retreat__alliedCells=allied,
    )
    taken = capture == "default" or allied == "blocked"
    assert captured(s, 0) == taken
    if not taken:
        assert kind(s) == "champs.retreat" and prefixed(s, "all:") == {"2,2", "3,2", "4,2"}


@pytest.mark.parametrize(
    ("who", "placement", "on_line", "off_line"),
    [
        ("anyTroop", "anyFree", True, True),
        ("anyTroop", "emptyOnly", False, False),
        ("startLine", "anyFree", True, False),
        ("startLine", "emptyOnly", False, False),
    ],
)
def test_AMB_CB_17a_AMB_CB_17c_who_recruits_and_where(
    who: str, placement: str, on_line: bool, off_line: bool
) -> None:
    """AMB-CB-17a × AMB-CB-17c, CB-36: a 3-cell start line fully held by allies. emptyOnly
    leaves no cell, so nobody may recruit (17c: no cell, no Recruit); startLine bars the troop
    standing off the line."""
    bf = field(_TMP[0], [], width=3, height=5)
    units = [U("soldats", (x, 0)) for x in range(3)] + [U("soldats", (1, 2))]
    pos = {"units": [*units, U("soldats", (2, 4), side="mj")]}
    cfg = {"recruit.who": who, "recruit.placement": placement}
    for where, expected in (("0,0", on_line), ("1,2", off_line)):
        s = R.new({"battlefield": bf, "position": pos, **cfg}, 0)
        play(s, f"act:{where}")
        assert ("recruit" in keys(s)) == expected, where


@pytest.mark.parametrize("support", [True, False])
@pytest.mark.parametrize("skills", [True, False])
def test_AMB_CB_14_reattack_support_and_skills(support: bool, skills: bool) -> None:
    """AMB-CB-14: the re-attack's dice are the 3 Soldiers' 6, +2 for the Warrior if skills
    apply (CB-48), +1 for the supporter on (3,6) if support applies (CB-68)."""
    pos = {
        **_WALL_MJ,
        "heroes": [H("p1", (4, 6))],
        "dice": [6] * 9 + [1] * 9 + [6] * 9 + [1] * 6,
    }
    s = g(pos, reattack__support=support, reattack__skills=skills)
    ev = play(s, "act:4,6", "attack:4,6>4,7", "sup:3,6", "go")
    assert n_dice(ev) == (9, 9)
    play(s, "again")
    assert (kind(s) == "champs.support") == support
    ev = play(s, "sup:3,6", "go") if support else list(R.events(s))
    assert n_dice(ev) == (6 + 2 * skills + support, 6)


@pytest.mark.parametrize("visible", [True, False])
@pytest.mark.parametrize("stops", [True, False])
def test_AMB_CB_16d_AMB_CB_16e_hidden_trap_that_stops(visible: bool, stops: bool) -> None:
    """AMB-CB-16d × AMB-CB-16e (4-adjacency): the MJ Cavalry's only 2-step path to (1,4) crosses
    the players' trap on (1,5). Seen and stopping, (1,4) is not offered; hidden, the Cavalry
    sets out, springs it (a 1: nothing lost) and stops on it if traps stop movement."""
    pos = {
        "units": [U("cavalerie", (1, 6), 2, side="mj"), FAR_P],
        "traps": [{"at": [1, 5]}],
        "turn": {"seat": "mj"},
        "dice": [1],
    }
    s = g(pos, grid__adjacency=4, traps__visible=visible, traps__stopsMovement=stops)
    play(s, "act:1,6", "move")
    if visible and stops:
        assert "1,4" not in dests(s)
        return
    play(s, "to:1,4")
    end = (1, 5) if stops else (1, 4)
    assert at(s, *end) == ["cavalerie", "cavalerie"]


@pytest.mark.parametrize("flyers", ["never", "onEnd"])
@pytest.mark.parametrize("troop", ["soldats", "airs"])
def test_AMB_CB_16h_CB_23_retreat_onto_a_trap(flyers: str, troop: str) -> None:
    """AMB-CB-16h × CB-23: the only retreat cell (3,5) holds a players' trap. Ground units spring
    it (EX-CB-20); Air Soldiers only under onEnd, where they land (6: 3 lost, 2 left)."""
    pos = {
        "units": [U("soldats", (3, 3), 3), U(troop, (3, 4), 3, side="mj"), FAR_MJ],
        "traps": [{"at": [3, 5]}],
        "dice": [6] * 6 + [1] * (6 if troop == "soldats" else 3) + [6],
    }
    s = g(pos, [(2, 5), (4, 5)], traps__flyersTrigger=flyers)
    play(s, "act:3,3", "attack:3,3>3,4")
    sprung = troop == "soldats" or flyers == "onEnd"
    assert (cell(s, 3, 5) not in s.traps) == sprung
    assert at(s, 3, 5) == ([] if sprung else [troop, troop])


@pytest.mark.parametrize(("per", "n"), [("unit", 6), ("troop", 3)])
def test_AMB_CB_15a_AMB_CB_15h_reattack_dice(per: str, n: int) -> None:
    """AMB-CB-15a × AMB-CB-15h (catapult.reattack=true): two Catapults fire 6 dice per unit, 3
    per troop, and the same again in the re-attack, without reloading."""
    pos = {
        "units": [U("catapulte", (4, 3), 2, loaded=True), U("mastodonte", (4, 7), 2, side="mj")],
        "dice": [6] * n + [1] * 6 + [6] * n + [1] * 3,
    }
    s = g(pos, catapult__reattack=True, catapult__dicePer=per)
    ev = play(s, "act:4,3", "fire:4,3>4,7")
    assert n_dice(ev) == (n, 6)
    ev = play(s, "again")
    assert n_dice(ev) == (n, 3) and at(s, 4, 7) == []


@pytest.mark.parametrize("split", [True, False])
@pytest.mark.parametrize("then_move", [True, False])
def test_AMB_CB_10_AMB_CB_13_move_after_an_advance(split: bool, then_move: bool) -> None:
    """AMB-CB-10 × AMB-CB-13d: Cavalry moves 1 cell, attacks, wins and advances. It may use its
    last cell only if the movement may be split and the advance leaves the after-move."""
    pos = {
        "units": [U("cavalerie", (3, 2), 2), U("soldats", (3, 4), side="mj"), FAR_MJ],
        "dice": [6] * 4 + [1] * 2,
    }
    s = g(pos, move__splitAroundAction=split, advance__thenMove=then_move)
    play(s, "act:3,2", "move", "to:3,3", "attack:3,3>3,4", "adv:all")
    assert ("move" in keys(s)) == (split and then_move)


@pytest.mark.parametrize("ready", ["nextTurn", "nextRound"])
def test_AMB_CB_15e_AMB_CB_15f_loaded_at_start_fires_at_once(ready: str) -> None:
    """AMB-CB-15e × AMB-CB-15f: a Catapult loaded at the start was never reloaded, so either
    readiness rule lets it fire on its first activation."""
    pos = {"units": [U("catapulte", (3, 0)), U("soldats", (3, 3), side="mj")]}
    s = g(pos, catapult__startsLoaded=True, catapult__readyAfter=ready)
    play(s, "act:3,0")
    assert "fire:3,0>3,3" in keys(s)
