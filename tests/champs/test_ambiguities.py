"""Each ambiguity of the digest (AMB-CB-n): its default, and its alternatives as config."""

from __future__ import annotations

import pytest

from arbitre.engine.ruleset import ConfigError
from arbitre.games.champs.board import load_battlefield, parse_battlefield
from arbitre.games.champs.config import resolve
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
    target,
    thief_duel,
)


def test_AMB_CB_1_default_battlefield_and_start_lines():
    bf = load_battlefield("plaine")
    assert (bf.width, bf.height) == (10, 8)
    assert {bf.xy(c)[1] for c in bf.players_line} == {0}
    assert {bf.xy(c)[1] for c in bf.mj_line} == {7}


@pytest.mark.parametrize(
    ("raw", "field_name"),
    [
        ({"height": 8, "obstacles": [], "deck": {}}, "width"),
        ({"width": 5, "height": 5, "obstacles": [[9, 9]], "deck": {}}, "obstacle"),
        ({"width": 5, "height": 5, "obstacles": [], "deck": {"dragon": 1}}, "dragon"),
    ],
)
def test_AMB_CB_1_bad_battlefield_names_the_field(raw, field_name):
    with pytest.raises(ConfigError, match=field_name):
        parse_battlefield("x", raw, "x.toml")


def test_AMB_CB_2_adjacency_and_corner_cutting(tmp_path):
    s8 = game(tmp_path, {"units": [U("soldats", (4, 3))]})
    s4 = game(tmp_path, {"units": [U("soldats", (4, 3))]}, grid__adjacency=4)
    assert (
        len(s8.geo.neighbours[cell(s8, 4, 3)]) == 8 and len(s4.geo.neighbours[cell(s4, 4, 3)]) == 4
    )
    s = game(
        tmp_path,
        {"units": [U("soldats", (4, 3)), U("soldats", (9, 7), side="mj")]},
        obstacles=[(5, 3), (4, 4)],
        move__cornerCutting="forbidden",
    )
    play(s, "act:4,3", "move")
    # barred: the squeeze between the two obstacles; open: diagonals past a single corner
    assert "to:5,4" not in keys(s) and "to:5,2" in keys(s) and "to:3,4" in keys(s)


@pytest.mark.parametrize(("mode", "expected"), [("anyGround", 2 + 1 + 2), ("allGround", 2 + 1)])
def test_AMB_CB_3_ground_troop_test(tmp_path, mode, expected):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (3, 3)), U("airs", (3, 3)), U("soldats", (3, 4), side="mj")],
            "heroes": [H("p1", (3, 3))],
            "dice": [6] * expected + [1, 1],
        },
        hero__groundTroopTest=mode,
    )
    ev = play(s, "act:3,3", "attack:3,3>3,4")
    assert dice_event(ev)[0].count(",") + 1 == expected


def test_AMB_CB_4_dice_sides(tmp_path):
    seen = set()
    for seed in range(20):
        s = game(
            tmp_path,
            {"units": [U("mastodonte", (3, 3), 3), U("mastodonte", (3, 4), 3, side="mj")]},
            seed=seed,
            dice__sides=12,
        )
        ev = play(s, "act:3,3", "attack:3,3>3,4")
        att, dfn = dice_event(ev)
        seen |= {int(v) for v in (att + "," + dfn).replace("[", "").replace("]", "").split(",")}
    assert max(seen) > 6 and min(seen) >= 1 and max(seen) <= 12


def test_AMB_CB_5_highest_die_mode_in_play(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("soldats", (3, 3), 2),
                U("soldats", (3, 4), side="mj"),
                U("airs", (3, 4), side="mj"),
            ],
            "dice": [2, 2, 2, 2, 6, 1, 1],
        },
        combat__result="highest",
    )
    ev = play(s, "act:3,3", "attack:3,3>3,4")
    res = next(m for m in ev if m.key == "champs.ev.result")
    assert (res.args["att"], res.args["dfn"], res.args["winner"]) == (2, 6, "champs.word.defender")


@pytest.mark.parametrize(("mode", "cells"), [("halfplane", 3), ("straight", 1), ("farther", 3)])
def test_AMB_CB_6_retreat_direction_modes(tmp_path, mode, cells):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (3, 3), 3), U("soldats", (3, 4), 2, side="mj")],
            "dice": [6] * 6 + [1] * 4,
        },
        retreat__direction=mode,
    )
    play(s, "act:3,3", "attack:3,3>3,4")
    if cells == 1:
        assert at(s, 3, 5) == ["soldats"]  # the only cell: no question asked
    else:
        assert len([k for k in keys(s) if k.startswith("all:")]) == cells


@pytest.mark.parametrize(("mode", "offered"), [("allowed", True), ("blocked", False)])
def test_AMB_CB_7_retreat_onto_allied_cells(tmp_path, mode, offered):
    s = game(
        tmp_path,
        {
            "units": [
                U("soldats", (3, 3), 3),
                U("soldats", (3, 4), 2, side="mj"),
                U("cavalerie", (2, 5), side="mj"),
            ],
            "dice": [6] * 6 + [1] * 4,
        },
        retreat__alliedCells=mode,
    )
    play(s, "act:3,3", "attack:3,3>3,4")
    assert ("all:2,5" in keys(s)) is offered


def test_AMB_CB_8_split_retreat_on_any_adjacent_cell(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (3, 3), 3), U("soldats", (3, 4), 3, side="mj")],
            "dice": [6] * 6 + [1] * 6,
        },
        retreat__splitCells="anyAdjacent",
    )
    play(s, "act:3,3", "attack:3,3>3,4")
    assert "one:soldats:2,4" in keys(s) and "all:2,4" not in keys(s)


def test_AMB_CB_9_move_only_activation_default_and_alternative(tmp_path):
    pos = {"units": [U("soldats", (3, 3)), U("soldats", (3, 4), side="mj")]}
    s = game(tmp_path, pos)
    play(s, "act:3,3")
    assert "end" in keys(s)
    s2 = game(tmp_path, pos, activation__moveOnly=False)
    play(s2, "act:3,3")
    assert "end" not in keys(s2) and "attack:3,3>3,4" in keys(s2)


def test_AMB_CB_10_movement_split_around_the_action(tmp_path):
    pos = {
        "units": [
            U("cavalerie", (3, 2), 2),
            U("soldats", (3, 4), side="mj"),
            U("soldats", (9, 7), side="mj"),
        ],
        "dice": [6] * 4 + [1] * 2,
    }
    s = game(tmp_path, pos)
    play(s, "act:3,2", "move", "to:3,3", "attack:3,3>3,4", "stay")
    assert "move" not in keys(s)
    s2 = game(tmp_path, pos, move__splitAroundAction=True)
    play(s2, "act:3,2", "move", "to:3,3", "attack:3,3>3,4", "stay", "move")
    dests = [k for k in keys(s2) if k.startswith("to:")]
    assert dests and all(s2.geo.distance(cell(s2, 3, 3), target(s2, k)) == 1 for k in dests)


def test_AMB_CB_11_through_allied_and_split_groups(tmp_path):
    pos = {
        "units": [U("cavalerie", (3, 2), 2), U("soldats", (3, 3)), U("soldats", (9, 7), side="mj")]
    }
    s = game(tmp_path, pos, grid__adjacency=4)
    play(s, "act:3,2", "move")
    assert "to:3,4" in keys(s)
    s2 = game(tmp_path, pos, grid__adjacency=4, move__throughAllied=False)
    play(s2, "act:3,2", "move")
    assert "to:3,4" not in keys(s2) and "to:3,3" in keys(s2)
    s3 = game(tmp_path, pos, move__splitGroups="one")
    play(s3, "act:3,2", "move", "sel:u1", "to:2,2")
    assert kind(s3) == "champs.activation" and "move" not in keys(s3)


def test_AMB_CB_12_zone_of_control(tmp_path):
    pos = {"units": [U("cavalerie", (4, 1), 2), U("soldats", (5, 3), side="mj")]}
    s = game(tmp_path, pos)
    play(s, "act:4,1", "move")
    free = {k for k in keys(s) if k.startswith("to:")}
    s2 = game(tmp_path, pos, move__zoneOfControl="stop")
    play(s2, "act:4,1", "move")
    zoc = {k for k in keys(s2) if k.startswith("to:")}
    assert "to:6,3" in free and "to:6,3" not in zoc  # only reachable through (5,2), next to it
    assert "to:5,2" in zoc and zoc < free


def test_AMB_CB_13_advance_then_move(tmp_path):
    pos = {
        "units": [
            U("cavalerie", (3, 3), 2),
            U("soldats", (3, 4), side="mj"),
            U("soldats", (9, 7), side="mj"),
        ],
        "dice": [6] * 4 + [1] * 2,
    }
    s = game(tmp_path, pos)
    play(s, "act:3,3", "attack:3,3>3,4", "adv:all")
    assert "move" in keys(s)
    s2 = game(tmp_path, pos, advance__thenMove=False)
    play(s2, "act:3,3", "attack:3,3>3,4", "adv:all")
    assert "move" not in keys(s2)


def test_AMB_CB_14_reattack_once(tmp_path):
    pos = {
        "units": [U("soldats", (4, 6), 3), U("mastodonte", (4, 7), 3, side="mj")],
        "dice": [6] * 6 + [1] * 9 + [6] * 6 + [1] * 6,
    }
    s = game(tmp_path, pos, reattack__repeat="once")
    play(s, "act:4,6", "attack:4,6>4,7", "again")
    assert at(s, 4, 7) == ["mastodonte"] and kind(s) == "champs.activation"
    s2 = game(tmp_path, pos)
    play(s2, "act:4,6", "attack:4,6>4,7", "again")
    assert kind(s2) == "champs.reattack"


def test_AMB_CB_15_catapult_options(tmp_path):
    pos = {"units": [U("catapulte", (3, 0)), U("soldats", (3, 3), side="mj"), U("soldats", (9, 0))]}
    s = game(tmp_path, pos, catapult__startsLoaded=True)
    play(s, "act:3,0")
    assert "fire:3,0>3,3" in keys(s)
    s2 = game(
        tmp_path,
        {**pos, "units": [*pos["units"], U("soldats", (3, 1))]},
        catapult__startsLoaded=True,
        catapult__lineOfFire="obstacles",
    )
    play(s2, "act:3,0")
    assert "fire:3,0>3,3" in keys(s2)  # troops never block, only obstacles
    s3 = game(tmp_path, pos, catapult__startsLoaded=True, catapult__lineOfFire="obstacles")
    s3b = game(
        tmp_path,
        pos,
        obstacles=[(3, 2)],
        catapult__startsLoaded=True,
        catapult__lineOfFire="obstacles",
    )
    play(s3, "act:3,0")
    play(s3b, "act:3,0")
    assert "fire:3,0>3,3" in keys(s3) and "fire:3,0>3,3" not in keys(s3b)


def test_AMB_CB_15_one_sided_fire_and_melee_catapult(tmp_path):
    pos = {
        "units": [
            U("catapulte", (3, 0), loaded=True),
            U("mastodonte", (3, 3), side="mj"),
            U("soldats", (9, 0)),
        ],
        "dice": [1, 1, 1, 6, 6, 6],
    }
    s = game(tmp_path, pos, catapult__rangedCombat="oneSided")
    play(s, "act:3,0", "fire:3,0>3,3")
    assert at(s, 3, 0) == ["catapulte"]
    s2 = game(
        tmp_path,
        {"units": [U("catapulte", (3, 2)), U("soldats", (3, 3), side="mj")]},
        catapult__meleeAttack=True,
    )
    play(s2, "act:3,2")
    assert "attack:3,2>3,3" in keys(s2)


@pytest.mark.parametrize(("mode", "same_round"), [("nextTurn", True), ("nextRound", False)])
def test_AMB_CB_15_ready_after(tmp_path, mode, same_round):
    pos = {
        "units": [
            U("catapulte", (3, 0)),
            U("soldats", (3, 3), side="mj"),
            U("soldats", (9, 7), side="mj"),
        ]
    }
    s = game(tmp_path, pos, catapult__readyAfter=mode)
    play(s, "act:3,0", "reload", "end", "end", "end")  # P1 reloads; the MJ passes
    play(s, "act:3,0")  # P2 activates it in the same round (no owner, AMB-CB-19e)
    assert ("fire:3,0>3,3" in keys(s)) is same_round
    play(s, "end", "end", "end")  # P2, then the MJ: a new round
    play(s, "act:3,0")
    assert "fire:3,0>3,3" in keys(s)


def test_AMB_CB_16_trap_options(tmp_path):
    pos = {"units": [U("soldats", (3, 3)), U("soldats", (9, 7), side="mj")]}
    s = game(tmp_path, pos, traps__placement="adjacentCell")
    play(s, "act:3,3", "trap")  # then where: any free adjacent cell (AMB-CB-16c)
    assert "cell:3,4" in keys(s) and "cell:3,3" not in keys(s)
    s2 = game(
        tmp_path,
        {
            "units": [U("soldats", (3, 3)), U("soldats", (9, 7), side="mj")],
            "traps": [{"at": [5, 5], "side": "mj"}],
        },
        traps__visible=False,
    )
    assert R.view(s2, 0)["traps"] == [] and R.view(s2, 0)["hidden_traps"] == 1
    assert R.view(s2, s2.mj_seat)["traps"] == [{"at": [5, 5], "side": "mj"}]


def test_AMB_CB_16_flyers_trigger_on_end_and_zero_roll(tmp_path):
    pos = {
        "units": [U("airs", (4, 6), 2, side="mj"), U("soldats", (0, 0))],
        "traps": [{"at": [4, 4]}],
        "turn": {"seat": "mj"},
        "dice": [1],
    }
    s = game(tmp_path, pos, traps__flyersTrigger="onEnd", traps__zeroConsumes=False)
    play(s, "act:4,6", "move", "to:4,4")
    assert at(s, 4, 4) == ["airs", "airs"] and cell(s, 4, 4) in s.traps  # a 1: it stays


def test_AMB_CB_16_trap_stops_movement(tmp_path):
    pos = {
        "units": [U("cavalerie", (1, 6), side="mj"), U("soldats", (0, 0))],
        "traps": [{"at": [1, 5]}],
        "turn": {"seat": "mj"},
    }
    s = game(tmp_path, pos, grid__adjacency=4, traps__stopsMovement=True)
    play(s, "act:1,6", "move")
    assert "to:1,5" in keys(s) and "to:1,4" not in keys(s)


def test_AMB_CB_17_recruitment_options(tmp_path):
    pos = {"units": [U("soldats", (5, 5)), U("soldats", (9, 7), side="mj")], "deck": ["soldats"]}
    s = game(tmp_path, pos, recruit__who="startLine")
    play(s, "act:5,5")
    assert "recruit" not in keys(s)
    s2 = game(tmp_path, pos, recruit__newTroopActs=False)
    play(s2, "act:5,5", "recruit", "cell:1,0", "end")
    assert "act:1,0" not in keys(s2)
    s3 = game(tmp_path, {**pos, "turn": {"seat": "mj"}}, recruit__mjMode="ownDeck")
    play(s3, "act:9,7", "recruit")
    assert kind(s3) == "champs.recruit.place"  # drawn, not chosen
    s4 = game(tmp_path, {**pos, "turn": {"seat": "mj"}}, recruit__mjMode="free")
    assert "recruit" in keys(s4)  # without spending an activation


def test_AMB_CB_18_turn_cycle_variants():
    r = resolve(
        {
            "players": 3,
            "heroes": "guerrier,voleur,templier",
            "turn.mjSlots": "betweenPlayers",
            "turn.order": "seating",
        }
    )
    assert r.mj_after_last is False
    s = R.new(
        {
            "players": 3,
            "heroes": "guerrier,voleur,templier",
            "turn.mjSlots": "betweenPlayers",
            "turn.order": "seating",
        },
        1,
    )
    assert s.cycle == [0, 3, 1, 3, 2]


def test_AMB_CB_19_activation_tracking_variants(tmp_path):
    pos = {"units": [U("soldats", (3, 3)), U("soldats", (4, 3)), U("soldats", (9, 7), side="mj")]}
    s = game(tmp_path, pos)
    play(s, "act:3,3", "move", "to:4,3", "end")
    assert "act:4,3" in keys(s)  # per unit: the Soldier already there has not played
    play(s, "act:4,3", "move")
    assert {k for k in keys(s) if k.startswith("sel:")} == set()  # only the fresh unit moves
    s2 = game(tmp_path, pos, activation__perRoundLimit="oncePerRound")
    play(s2, "act:3,3", "end", "end", "end")  # P1 plays (3,3); the MJ passes
    assert "act:3,3" not in keys(s2) and "act:4,3" in keys(s2)  # P2, same round


def test_AMB_CB_20_lone_hero_and_thief_variants(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (9, 0)), U("soldats", (9, 7), side="mj")],
            "heroes": [H("p1", (3, 3))],
        },
        hero__loneMove=2,
    )
    play(s, "act:3,3", "move")
    assert "to:5,5" in keys(s)
    s2 = game(tmp_path, thief_duel(), thief__mode="moveOneDie")
    ev = play(s2, "act:3,3", "attack:3,3>3,4", "take:6")
    res = next(m for m in ev if m.key == "champs.ev.result")
    assert (res.args["att"], res.args["dfn"]) == (14, 4)  # the 6 moved over, pools 4 and 2
    assert kind(s2) == "champs.loss" and dec(s2).seat == s2.mj_seat


def test_AMB_CB_20_templar_support_dice(tmp_path):
    pos = {
        "units": [U("soldats", (3, 3)), U("cavalerie", (2, 4)), U("soldats", (3, 4), 2, side="mj")],
        "heroes": [H("p1", (3, 3))],
        "dice": [6, 6, 1, 6, 6, 6, 6],
    }
    s = game(tmp_path, pos, heroes="templier,voleur")
    play(s, "act:3,3", "attack:3,3>3,4", "sup:2,4", "go")
    assert "rr:1" in keys(s)  # the support die may be re-rolled by default
    s2 = game(tmp_path, pos, heroes="templier,voleur", templar__rerollSupportDice=False)
    play(s2, "act:3,3", "attack:3,3>3,4", "sup:2,4", "go")
    assert "rr:1" not in keys(s2) and "rr:6" in keys(s2)


def test_AMB_CB_21_CB_54_surprise_hook_is_inert(tmp_path):
    with pytest.raises(ConfigError, match=r"mj\.surprise"):
        resolve({"mj.surprise": "extraActivation"})


def test_AMB_CB_22_defender_support_house_rule(tmp_path):
    pos = {
        "units": [
            U("soldats", (3, 3)),
            U("soldats", (3, 4), side="mj"),
            U("soldats", (2, 3), side="mj"),
        ],
        "dice": [6, 6, 1, 1, 1],
    }
    s = game(tmp_path, pos, support__defender=True)
    ev = play(s, "act:3,3", "attack:3,3>3,4")
    assert dice_event(ev)[1] == "[1,1,1]"  # +1 die from the MJ troop next to the attacker


def test_AMB_CB_23_overflow_only_onto_allied_cells_within_cap(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("soldats", (4, 2), 3),
                U("mastodonte", (4, 2)),
                U("catapulte", (4, 1)),
                U("mastodonte", (5, 2), 3),
                U("soldats", (3, 2), 2),
                U("soldats", (9, 7), side="mj"),
            ]
        },
    )
    play(s, "act:4,1", "move", "to:4,2")
    assert "out:mastodonte:5,2" not in keys(s)  # 6 + 2 > 6: no cascade
    assert "out:soldats:3,2" in keys(s)


def test_AMB_CB_24_victory_modes(tmp_path):
    pos = {"units": [U("soldats", (0, 0), 2), U("soldats", (9, 7), side="mj")], "round": 2}
    s = game(tmp_path, pos, victory__rounds=2, victory__mode="roundLimit")
    for _ in range(4):
        play(s, "end")
    result = res(s)
    assert (
        result.details["winner"] == "players"
        and result.details["reason"] == "champs.reason.round_limit"
    )


def test_AMB_CB_25_destiny_only_in_result(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (6, 3), 3, side="mj"), U("soldats", (0, 0))],
            "heroes": [H("p2", (6, 2))],
            "turn": {"seat": "mj"},
            "dice": [1] * 6,
        },
    )
    play(s, "act:6,3", "attack:6,3>6,2")
    assert R.view(s, None)["heroes"][1]["destiny"] == 1


def test_AMB_CB_26_flyers_mid_move_untouched_by_traps(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("airs", (1, 6), 2, side="mj"), U("soldats", (0, 0))],
            "traps": [{"at": [1, 5]}],
            "turn": {"seat": "mj"},
        },
        grid__adjacency=4,
        traps__flyersTrigger="onEnd",
    )
    play(s, "act:1,6", "move", "to:1,4")
    assert at(s, 1, 4) == ["airs", "airs"] and cell(s, 1, 5) in s.traps


def test_AMB_CB_27_catapults_never_advance(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("catapulte", (2, 2)),
                U("mastodonte", (2, 2)),
                U("soldats", (2, 3), side="mj"),
                U("soldats", (9, 7), side="mj"),
            ],
            "dice": [6] * 6 + [1] * 2,
        },
    )
    play(s, "act:2,2", "attack:2,2>2,3")
    assert "adv:catapulte" not in keys(s)
    play(s, "adv:all")
    assert at(s, 2, 2) == ["catapulte"]


def test_AMB_CB_28_removed_units_go_to_the_discard(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (3, 3), 3), U("soldats", (3, 4), 2, side="mj")],
            "dice": [6] * 6 + [1] * 4,
        },
    )
    play(s, "act:3,3", "attack:3,3>3,4")
    assert s.removed == ["soldats"] and R.view(s, None)["removed"] == ["soldats"]


def test_AMB_CB_24_objective_must_be_held_two_mj_turns(tmp_path):
    bf = field(tmp_path, [], hold=2)
    s = R.new(
        {
            "battlefield": bf,
            "position": {
                "units": [U("soldats", (9, 3)), U("cavalerie", (4, 2), side="mj")],
                "turn": {"seat": "mj"},
            },
        },
        0,
    )
    play(s, "act:4,2", "move", "to:4,0", "end", "end")
    assert R.result(s) is None and s.line_held == 1  # one MJ turn is not enough
    play(s, "end", "end")  # P2 passes, the MJ holds
    assert res(s).details["reason"] == "champs.reason.objective"


def test_AMB_CB_24_flyers_may_not_count_for_the_objective(tmp_path):
    bf = field(tmp_path, [], flyers_count=False)
    s = R.new(
        {
            "battlefield": bf,
            "position": {
                "units": [U("soldats", (9, 3)), U("airs", (4, 2), side="mj")],
                "turn": {"seat": "mj"},
            },
        },
        0,
    )
    play(s, "act:4,2", "move", "to:4,0", "end", "end")
    assert R.result(s) is None and s.line_held == 0


def test_AMB_CB_21_CB_54_surprise_hook_runs_at_the_mj_skill_moment(tmp_path):
    from arbitre.games.champs.surprise import SURPRISES, register_surprise

    calls = []

    def plus_six(state, combat, role):
        calls.append((role, list(combat["ad"]), list(combat["dd"])))
        (combat["ad"] if role == "att" else combat["dd"]).append(6)

    register_surprise("test-plus-six", plus_six)
    try:
        s = game(
            tmp_path,
            {
                "units": [U("soldats", (3, 3)), U("soldats", (3, 4), side="mj")],
                "dice": [2, 2, 3, 3],
            },
            mj__surprise="test-plus-six",
        )
        ev = play(s, "act:3,3", "attack:3,3>3,4")
        assert calls == [("def", [2, 2], [3, 3])]  # after the roll, before the result
        res_ev = next(m for m in ev if m.key == "champs.ev.result")
        assert (res_ev.args["att"], res_ev.args["dfn"]) == (4, 12)
        assert R.new({"mj.surprise": "none"}, 1) is not None
    finally:
        del SURPRISES["test-plus-six"]
