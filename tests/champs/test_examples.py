"""Every worked example of the Champs digest (EX-CB-1 … EX-CB-24) as a test."""

from __future__ import annotations

import pytest

from arbitre.engine.ruleset import ConfigError
from arbitre.games.champs import dice
from arbitre.games.champs.config import resolve
from arbitre.games.champs.logic import load, units_at
from tests.champs.helpers import (
    H,
    U,
    at,
    cell,
    dec,
    dice_event,
    game,
    keys,
    kind,
    play,
    thief_duel,
)


def test_EX_CB_1_CB_6_CB_7_stacking_within_cap(tmp_path):
    s = game(
        tmp_path,
        {"units": [U("soldats", (4, 2), 3), U("mastodonte", (4, 2))], "heroes": [H("p1", (4, 2))]},
    )
    assert load(units_at(s, cell(s, 4, 2))) == 5  # the Warrior does not count (CB-7)


@pytest.mark.parametrize(
    "troop",
    [
        [("soldats", 6)],
        [("mastodonte", 3)],
        [("catapulte", 2)],
        [("catapulte", 1), ("mastodonte", 1), ("cavalerie", 1)],
    ],
)
def test_EX_CB_2_legal_compositions(tmp_path, troop):
    s = game(tmp_path, {"units": [U(k, (1, 1), n) for k, n in troop]})
    assert load(units_at(s, cell(s, 1, 1))) == 6


@pytest.mark.parametrize("troop", [[("mastodonte", 4)], [("catapulte", 2), ("airs", 1)]])
def test_EX_CB_2_CB_6_excessive_compositions_refused(tmp_path, troop):
    with pytest.raises(ConfigError, match="CB-6"):
        game(tmp_path, {"units": [U(k, (1, 1), n) for k, n in troop]})


def test_EX_CB_3_CB_8_CB_44_overflow_on_gathering(tmp_path):
    s = game(
        tmp_path,
        {"units": [U("soldats", (4, 2), 3), U("mastodonte", (4, 2)), U("catapulte", (4, 1))]},
    )
    play(s, "act:4,1", "move", "to:4,2")
    assert kind(s) == "champs.overflow"
    assert "out:mastodonte:5,2" in keys(s) and "elim:catapulte" in keys(s)
    play(s, "out:mastodonte:5,2")
    assert load(units_at(s, cell(s, 4, 2))) == 6
    assert at(s, 5, 2) == ["mastodonte"]
    assert kind(s) == "champs.activation"


def test_EX_CB_3_CB_8_overflow_eliminated_when_no_cell(tmp_path):
    # Every neighbour of (0,0) is an obstacle or enemy: the surplus is eliminated (CB-8).
    s = game(
        tmp_path,
        {
            "units": [
                U("soldats", (0, 0), 3),
                U("mastodonte", (0, 0)),
                U("soldats", (5, 5)),
                U("soldats", (1, 0), side="mj"),
            ],
            "deck": ["catapulte"],
        },
        obstacles=[(0, 1), (1, 1)],
    )
    play(s, "act:5,5", "recruit", "cell:0,0")
    assert kind(s) == "champs.overflow"
    assert [k for k in keys(s) if k.startswith("out:")] == []
    play(s, "elim:mastodonte")
    assert at(s, 0, 0) == ["catapulte", "soldats", "soldats", "soldats"]


def _mj_cavalry_on_trap(tmp_path, roll, kind_="cavalerie", trap_side="players"):
    s = game(
        tmp_path,
        {
            "units": [U(kind_, (4, 6), 2, side="mj"), U("soldats", (0, 0))],
            "traps": [{"at": [4, 5], "side": trap_side}],
            "turn": {"seat": "mj"},
            "dice": [roll],
        },
    )
    play(s, "act:4,6", "move", "to:4,5")
    return s


def test_EX_CB_4_CB_18_CB_19_CB_21_trap_roll_5_wipes_cavalry(tmp_path):
    s = _mj_cavalry_on_trap(tmp_path, 5)
    assert at(s, 4, 5) == [] and cell(s, 4, 5) not in s.traps


def test_EX_CB_4_trap_roll_1_loses_nothing_but_is_used(tmp_path):
    s = _mj_cavalry_on_trap(tmp_path, 1)
    assert at(s, 4, 5) == ["cavalerie", "cavalerie"] and cell(s, 4, 5) not in s.traps


def test_EX_CB_4_flyers_do_not_trigger(tmp_path):
    s = _mj_cavalry_on_trap(tmp_path, 6, kind_="airs")
    assert at(s, 4, 5) == ["airs", "airs"] and cell(s, 4, 5) in s.traps


def test_EX_CB_4_own_trap_does_not_trigger(tmp_path):
    s = _mj_cavalry_on_trap(tmp_path, 6, trap_side="mj")
    assert at(s, 4, 5) == ["cavalerie", "cavalerie"] and cell(s, 4, 5) in s.traps


def test_EX_CB_4_CB_18_passing_through_triggers(tmp_path):
    # With 4-adjacency the only 2-step path from (1,6) to (1,4) crosses the trap (CB-18).
    s = game(
        tmp_path,
        {
            "units": [U("cavalerie", (1, 6), 2, side="mj"), U("soldats", (0, 0))],
            "traps": [{"at": [1, 5]}],
            "turn": {"seat": "mj"},
            "dice": [4],
        },
        grid__adjacency=4,
    )
    play(s, "act:1,6", "move", "to:1,4")
    assert at(s, 1, 4) == [] and cell(s, 1, 5) not in s.traps


def test_EX_CB_5_CB_10_CB_11_CB_13_CB_14_CB_48_CB_51_CB_52_dice_pool_counting(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("soldats", (1, 1), 3),
                U("mastodonte", (5, 5)),
                U("cavalerie", (5, 5), 2),
                U("cavalerie", (7, 1), 2),
                U("catapulte", (8, 1)),
            ],
            "heroes": [H("p1", (1, 1)), H("p4", (7, 1)), H("p3", (3, 3))],
        },
        players=4,
        heroes="guerrier,voleur,gladiateur,gladiateur",
    )
    r = s.rules

    def pool(x, y):
        us = units_at(s, cell(s, x, y))
        hs = [h for h in s.heroes if h.cell == cell(s, x, y)]
        return dice.unit_dice(r, us, False) + dice.hero_dice(r, us, hs)

    assert pool(1, 1) == 8  # 3 x 2 + Warrior 2
    assert pool(5, 5) == 7  # 3 + 2 x 2
    assert pool(7, 1) == 5  # 2 x 2 + Gladiator 1
    assert pool(3, 3) == 3  # lone Gladiator
    assert pool(8, 1) == 3  # one Catapult
    assert pool(1, 1) + 2 == 10  # with 2 supporters (CB-68)


def test_EX_CB_5_CB_68_pool_in_a_real_combat_with_two_supporters(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("soldats", (3, 3), 3),
                U("cavalerie", (2, 4)),
                U("cavalerie", (4, 4)),
                U("soldats", (3, 4), side="mj"),
            ],
            "heroes": [H("p1", (3, 3))],
            "dice": [6] * 10 + [1] * 2,
        },
    )
    ev = play(s, "act:3,3", "attack:3,3>3,4", "sup:2,4", "sup:4,4", "go")
    att, dfn = dice_event(ev)
    assert att.count(",") + 1 == 10 and dfn.count(",") + 1 == 2


def test_EX_CB_6_CB_57_CB_58_ties_sum_and_highest():
    sum_rules, high_rules = resolve({}), resolve({"combat.result": "highest"})
    assert dice.attacker_wins(sum_rules, [6, 1, 1, 1], [3, 3, 3])
    assert dice.attacker_wins(high_rules, [6, 1, 1, 1], [3, 3, 3])
    assert dice.attacker_wins(sum_rules, [2, 2, 2, 2], [6, 1, 1])
    assert not dice.attacker_wins(high_rules, [2, 2, 2, 2], [6, 1, 1])


@pytest.mark.parametrize(
    ("a", "d", "mode", "expected"),
    [
        ((3, 3), (3, 4), "halfplane", {(2, 5), (3, 5), (4, 5)}),
        ((3, 3), (3, 4), "straight", {(3, 5)}),
        ((3, 3), (3, 4), "farther", {(2, 5), (3, 5), (4, 5)}),
        ((3, 3), (4, 4), "halfplane", {(5, 4), (4, 5), (5, 5)}),
        ((3, 3), (4, 4), "straight", {(5, 5)}),
        ((3, 3), (4, 4), "farther", {(5, 3), (5, 4), (5, 5), (4, 5), (3, 5)}),
        ((3, 0), (4, 3), "halfplane", {(3, 4), (4, 4), (5, 4), (5, 3)}),
        ((3, 0), (4, 3), "straight", {(5, 4)}),
        ((3, 0), (4, 3), "farther", {(3, 4), (4, 4), (5, 4)}),
    ],
)
def test_EX_CB_7_CB_60_retreat_cells(tmp_path, a, d, mode, expected):
    s = game(tmp_path, {"units": [U("soldats", (0, 0))]})
    got = s.geo.retreat_candidates(cell(s, *a), cell(s, *d), mode)
    assert {s.bf.xy(c) for c in got} == expected


def test_EX_CB_8_CB_30_CB_37_CB_46_CB_55_CB_59_CB_60_CB_62_full_melee_sequence(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("cavalerie", (2, 1), 2),
                U("soldats", (5, 0)),
                U("soldats", (2, 3), 3, side="mj"),
            ],
            "dice": [6, 5, 4, 2, 1, 2, 3, 1, 2, 4],
        },
    )
    play(s, "act:2,1", "move", "to:2,2")
    ev = play(s, "attack:2,2>2,3")
    assert dice_event(ev) == ("[6,5,4,2]", "[1,2,3,1,2,4]")
    assert kind(s) == "champs.retreat" and dec(s).seat == s.mj_seat
    assert {k for k in keys(s) if k.startswith("all:")} == {"all:1,4", "all:2,4", "all:3,4"}
    assert at(s, 2, 3) == ["soldats", "soldats"]  # one Soldier removed (CB-59)
    play(s, "one:soldats:1,4", "all:3,4")  # the retreat may split (CB-46)
    assert at(s, 1, 4) == ["soldats"] and at(s, 3, 4) == ["soldats"]
    assert kind(s) == "champs.advance"
    play(s, "adv:all")
    assert at(s, 2, 3) == ["cavalerie", "cavalerie"]
    assert "move" not in keys(s)  # it moved before attacking (AMB-CB-10)
    play(s, "end")
    assert kind(s) == "champs.turn" and "act:5,0" in keys(s)
    assert "act:2,3" not in keys(s)


def _ex9(tmp_path, second):
    return game(
        tmp_path,
        {
            "units": [U("soldats", (4, 6), 3), U("mastodonte", (4, 7), 2, side="mj")],
            "dice": [6] * 6 + [1] * 6 + second,
        },
    )


def test_EX_CB_9_CB_61_defender_cannot_retreat_attacker_strikes_again(tmp_path):
    s = _ex9(tmp_path, [6] * 6 + [1] * 3)
    play(s, "act:4,6", "attack:4,6>4,7")
    assert at(s, 4, 7) == ["mastodonte"]
    assert kind(s) == "champs.reattack"
    play(s, "again")
    assert at(s, 4, 7) == []
    assert kind(s) == "champs.advance"
    play(s, "adv:all")
    assert at(s, 4, 7) == ["soldats"] * 3


def test_EX_CB_9_CB_65_losing_the_reattack_ends_the_sequence(tmp_path):
    s = _ex9(tmp_path, [1] * 6 + [6] * 3)
    play(s, "act:4,6", "attack:4,6>4,7", "again")
    assert at(s, 4, 6) == ["soldats"] * 2 and at(s, 4, 7) == ["mastodonte"]
    assert kind(s) == "champs.activation"


def _ex10(tmp_path, heroes=(), **cfg):
    return game(
        tmp_path,
        {
            "units": [
                U("soldats", (3, 3), 3),
                U("cavalerie", (2, 4), 2),
                U("mastodonte", (4, 4)),
                U("mastodonte", (3, 4), 2, side="mj"),
            ],
            "heroes": list(heroes),
            "dice": [1] * 8 + [6] * 6,
        },
        **cfg,
    )


def test_EX_CB_10_CB_65_CB_67_CB_69_losing_attacker_with_supporters(tmp_path):
    s = _ex10(tmp_path)
    ev = play(s, "act:3,3", "attack:3,3>3,4", "sup:2,4", "sup:4,4", "go")
    att, _ = dice_event(ev)
    assert att.count(",") + 1 == 8
    assert at(s, 3, 3) == ["soldats"] * 2
    assert at(s, 2, 4) == ["cavalerie"]
    assert at(s, 4, 4) == []  # S2 lost its Mastodon and is gone
    assert at(s, 3, 4) == ["mastodonte"] * 2


def test_EX_CB_11_CB_70_refused_support(tmp_path):
    s = _ex10(tmp_path, heroes=[H("p2", (2, 4))])
    play(s, "act:3,3", "attack:3,3>3,4", "sup:2,4", "sup:4,4", "go")
    assert kind(s) == "champs.support.consent" and dec(s).seat == 1
    ev = play(s, "refuse")
    att, _ = dice_event(ev)
    assert att.count(",") + 1 == 7
    assert at(s, 2, 4) == ["cavalerie", "cavalerie"]  # refused: it risks nothing
    assert at(s, 4, 4) == []


def test_EX_CB_12_CB_49_CB_56_thief(tmp_path):
    s = game(tmp_path, thief_duel())
    play(s, "act:3,3", "attack:3,3>3,4")
    assert kind(s) == "champs.skill.voleur"
    ev = play(s, "swap:1:6")
    res = next(m for m in ev if m.key == "champs.ev.result")
    assert (res.args["att"], res.args["dfn"]) == (13, 5)
    assert res.args["winner"] == "champs.word.attacker"


def test_EX_CB_13_CB_50_CB_56_CB_64_templar_as_defender(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (3, 3), 2), U("soldats", (3, 4), 2, side="mj")],
            "heroes": [H("p3", (3, 3))],
            "turn": {"seat": "mj"},
            "order": ["p1", "p2", "p3"],
            "dice": [3, 3, 3, 2, 1, 1, 5, 2, 4, 2],
        },
        players=3,
        heroes="guerrier,voleur,templier",
    )
    play(s, "act:3,4", "attack:3,4>3,3")
    assert kind(s) == "champs.skill.templier" and dec(s).seat == 2
    ev = play(s, "rr:1,1")
    res = next(m for m in ev if m.key == "champs.ev.result")
    assert (res.args["att"], res.args["dfn"]) == (11, 13)
    assert at(s, 3, 4) == ["soldats"] and at(s, 3, 3) == ["soldats", "soldats"]
    assert kind(s) == "champs.activation"  # no second re-roll, no retreat for the attacker


def test_EX_CB_14_CB_28_CB_29_turn_order(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (0, 0)), U("soldats", (9, 7), side="mj")],
            "order": ["p2", "p1", "p3"],
            "turn": {"seat": "p2"},
        },
        players=3,
        heroes="guerrier,voleur,templier",
    )
    seen = []
    for _ in range(8):
        seen.append(s.seats[dec(s).seat])
        play(s, "end")
    assert seen == ["p2", "mj", "p1", "mj", "p3", "mj", "p2", "mj"]


def test_EX_CB_15_CB_30_CB_39_CB_51_activation_rights(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (1, 1)), U("soldats", (5, 1)), U("soldats", (9, 7), side="mj")],
            "heroes": [H("p2", (5, 1)), H("p1", (8, 0))],
        },
        heroes="gladiateur,guerrier",
    )
    assert "act:1,1" in keys(s)  # X: no hero, anyone may activate (CB-39)
    assert "act:5,1" not in keys(s)  # Y: P2's Warrior (CB-38)
    play(s, "act:1,1", "end")
    assert "act:1,1" not in keys(s)  # not twice in a turn (CB-30)
    play(s, "act:8,0", "end")  # the lone Gladiator: extra activation (CB-51)
    assert dec(s).text.args["left"] == 1


def test_EX_CB_15_CB_38_activation_with_own_hero_needs_consent(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (5, 1)), U("soldats", (9, 7), side="mj")],
            "heroes": [H("p2", (5, 1)), H("p1", (5, 1))],
        },
    )
    play(s, "act:5,1")
    assert kind(s) == "champs.consent.activate" and dec(s).seat == 1
    play(s, "refuse")
    assert kind(s) == "champs.turn" and "act:5,1" in keys(s)
    play(s, "act:5,1", "agree")
    assert kind(s) == "champs.activation"


def test_EX_CB_16_CB_12_CB_40_CB_41_air_soldiers_movement(tmp_path):
    s = game(
        tmp_path,
        {"units": [U("airs", (1, 1), 2), U("soldats", (3, 1), side="mj"), U("soldats", (1, 2))]},
        obstacles=[(2, 1)],
    )
    play(s, "act:1,1", "move")
    assert "to:4,1" in keys(s)
    assert "to:2,1" not in keys(s) and "to:3,1" not in keys(s)
    play(s, "to:4,1")
    play(s, "end", "act:1,2", "move")
    assert "to:2,1" not in keys(s)  # ground units do not enter obstacles (CB-40)


def test_EX_CB_17_CB_15_CB_16_CB_34_catapult_cycle(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("catapulte", (3, 0)),
                U("soldats", (3, 4), 2, side="mj"),
                U("soldats", (0, 7), side="mj"),
                U("soldats", (9, 0)),
            ],
            "dice": [6, 6, 6, 1, 1, 1, 1],
        },
    )
    play(s, "act:3,0")
    assert not any(k.startswith("fire") for k in keys(s))  # starts unloaded (AMB-CB-15e)
    play(s, "reload")
    assert "move" not in keys(s)  # reload: no movement (CB-34)
    play(s, "end", "end")  # end the activation, then the turn
    play(s, "end", "end", "end")  # MJ, P2, MJ
    play(s, "act:3,0", "move", "to:3,1")
    assert [k for k in keys(s) if k.startswith("fire")] == ["fire:3,1>3,4"]  # (0,7): range 6
    play(s, "fire:3,1>3,4")
    assert kind(s) == "champs.retreat"
    assert {k for k in keys(s)} == {"all:2,5", "all:3,5", "all:4,5"}  # away from the Catapult
    play(s, "all:3,5")
    assert at(s, 3, 5) == ["soldats"]
    cat = next(u for u in s.units.values() if u.kind == 4)
    assert not cat.loaded and s.bf.xy(cat.cell) == (3, 1)  # no advance, unloaded
    assert kind(s) == "champs.activation"


def test_EX_CB_17_catapult_loses_and_is_eliminated(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("catapulte", (3, 1), loaded=True),
                U("mastodonte", (3, 4), 2, side="mj"),
                U("soldats", (9, 0)),
            ],
            "dice": [1, 1, 1, 6, 6, 6, 6, 6, 6],
        },
    )
    play(s, "act:3,1", "fire:3,1>3,4")
    assert at(s, 3, 1) == [] and at(s, 3, 4) == ["mastodonte", "mastodonte"]


def test_EX_CB_18_CB_36_recruitment(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("cavalerie", (4, 3), 2), U("soldats", (9, 7), side="mj")],
            "deck": ["soldats", "airs"],
        },
    )
    play(s, "act:4,3", "recruit")
    assert kind(s) == "champs.recruit.place"
    play(s, "cell:2,0")
    assert at(s, 2, 0) == ["soldats"] * 3
    assert "move" not in keys(s)  # recruiting troop does not move
    play(s, "end")
    assert "act:2,0" in keys(s)  # the new troop may act (AMB-CB-17f)
    assert s.deck == ["airs"]


def test_EX_CB_19_CB_59_CB_66_hero_capture_in_a_troop(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (3, 3)), U("soldats", (3, 4), 3, side="mj")],
            "heroes": [H("p1", (3, 3))],
            "turn": {"seat": "mj"},
            "dice": [6] * 6 + [1] * 4,
        },
    )
    ev = play(s, "act:3,4", "attack:3,4>3,3")
    assert dice_event(ev)[1].count(",") + 1 == 4  # 1 Soldier + Warrior = 4 dice
    assert s.heroes[0].captured and s.heroes[0].destiny == 1
    assert kind(s) == "champs.advance"


def test_EX_CB_19_lone_gladiator_defender_captured(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (3, 4), 3, side="mj"), U("soldats", (0, 0))],
            "heroes": [H("p1", (3, 3))],
            "turn": {"seat": "mj"},
            "dice": [6] * 6 + [1] * 3,
        },
        heroes="gladiateur,voleur",
    )
    play(s, "act:3,4", "attack:3,4>3,3")
    assert s.heroes[0].captured and s.heroes[0].destiny == 1


def test_EX_CB_20_CB_23_retreat_onto_a_trap(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("soldats", (5, 2), 3),
                U("soldats", (4, 4)),
                U("soldats", (6, 4)),
                U("soldats", (5, 3), 3, side="mj"),
            ],
            "traps": [{"at": [5, 4]}],
            "dice": [6] * 6 + [1] * 6 + [4],
        },
    )
    play(s, "act:5,2", "attack:5,2>5,3", "go")
    assert at(s, 5, 3) == [] and at(s, 5, 4) == []  # 2 retreated, 2 lost to the trap
    assert cell(s, 5, 4) not in s.traps
    assert not any(u.side == 1 for u in s.units.values())
    assert kind(s) == "champs.advance"


def test_EX_CB_21_CB_62_CB_63_partial_advance(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("soldats", (3, 3), 2),
                U("mastodonte", (3, 3)),
                U("soldats", (3, 4), side="mj"),
                U("soldats", (9, 7), side="mj"),
            ],
            "dice": [6] * 7 + [1] * 2,
        },
    )
    play(s, "act:3,3", "attack:3,3>3,4", "adv:mastodonte", "stay")
    assert at(s, 3, 3) == ["soldats", "soldats"] and at(s, 3, 4) == ["mastodonte"]


def test_EX_CB_22_CB_62_mixed_troop_with_catapult_wins_melee(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("catapulte", (2, 2)),
                U("soldats", (2, 2)),
                U("soldats", (2, 3), side="mj"),
                U("soldats", (9, 7), side="mj"),
            ],
            "dice": [6] * 5 + [1] * 2,
        },
    )
    ev = play(s, "act:2,2", "attack:2,2>2,3")
    assert dice_event(ev)[0].count(",") + 1 == 5
    assert "adv:catapulte" not in keys(s)
    play(s, "adv:all")
    assert at(s, 2, 3) == ["soldats"] and at(s, 2, 2) == ["catapulte"]


def test_EX_CB_23_CB_51_CB_52_gladiator_modes(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("cavalerie", (5, 1), 2),
                U("soldats", (4, 3), side="mj"),
                U("soldats", (9, 7), side="mj"),
            ],
            "heroes": [H("p1", (4, 1))],
            "dice": [6, 6, 6, 1, 1],
        },
        heroes="gladiateur,voleur",
    )
    play(s, "act:4,1", "move")
    assert set(k for k in keys(s) if k.startswith("to:")) == {
        f"to:{x},{y}" for x in (3, 4, 5) for y in (0, 1, 2) if (x, y) != (4, 1)
    }  # 1 cell, like a Mastodon; he may join the Cavalry (AMB-CB-20a)
    play(s, "to:4,2")
    ev = play(s, "attack:4,2>4,3")
    assert dice_event(ev)[0] == "[6,6,6]"
    play(s, "adv:all", "end")
    assert dec(s).text.args["left"] == 2  # the extra activation spent none of the 2
    play(s, "act:5,1", "move", "to:5,2", "end")
    s2 = game(
        tmp_path,
        {
            "units": [U("cavalerie", (4, 1), 2), U("soldats", (4, 2), side="mj")],
            "heroes": [H("p1", (4, 1))],
            "dice": [6] * 5 + [1] * 2,
        },
        heroes="gladiateur,voleur",
    )
    assert "act:4,1" in keys(s2)
    ev = play(s2, "act:4,1", "attack:4,1>4,2")
    assert dice_event(ev)[0].count(",") + 1 == 5  # 2 x 2 + 1
    play(s2, "stay", "end")
    assert dec(s2).text.args["left"] == 1  # no longer an extra activation


def test_EX_CB_24_CB_53_lone_hero_attacked(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (6, 3), 3, side="mj"), U("soldats", (0, 0))],
            "heroes": [H("p2", (6, 2))],
            "turn": {"seat": "mj"},
            "dice": [1] * 6,
        },
    )
    ev = play(s, "act:6,3", "attack:6,3>6,2")
    assert dice_event(ev)[1] == "—"
    assert s.heroes[1].captured and s.heroes[1].destiny == 1
    play(s, "adv:all")
    assert at(s, 6, 2) == ["soldats"] * 3
