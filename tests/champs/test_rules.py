"""Champs rules not already carried by a worked example, one test per rule ID or two."""

from __future__ import annotations

import pytest

from arbitre.engine.rng import Rng
from arbitre.games.champs.logic import load, occupancy
from arbitre.games.champs.troops import BY_ID, TYPES
from tests.champs.helpers import (
    H,
    R,
    U,
    at,
    cell,
    dec,
    dice_event,
    game,
    keys,
    kind,
    play,
    res,
    target,
)


def _random_game(config, seed, steps=100_000, check=None):
    s = R.new(config, seed)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        d = R.decision(s)
        if d is None:
            break
        R.apply(s, d.options[rng.below(len(d.options))].key)
        if check:
            check(s)
    return s


def test_CB_1_CB_24_CB_25_each_player_deploys_two_troops_and_a_hero():
    s = R.new({"players": 3, "heroes": "guerrier,voleur,templier"}, 4)
    deployed = {0: 0, 1: 0, 2: 0}
    while kind(s) == "champs.deploy" and dec(s).seat != s.mj_seat:
        seat = dec(s).seat
        ks = keys(s)
        assert all(s.bf.parse(k[5:]) in s.bf.players_line for k in ks)
        play(s, ks[0])
        deployed[seat] += 1
    assert deployed == {0: 3, 1: 3, 2: 3}  # 2 troops + the hero each
    assert all(h.cell in s.bf.players_line for h in s.heroes)


def test_CB_26_CB_27_mj_army_as_large_as_the_players_deploys_after_on_opposite_line():
    s = R.new({"players": 2}, 4)
    while kind(s) == "champs.deploy":
        play(s, keys(s)[0])
    assert kind(s) == "champs.mj.army"
    for _ in range(4):
        play(s, "type:mastodonte")
    for _ in range(4):
        ks = keys(s)
        assert all(s.bf.parse(k[5:]) in s.bf.mj_line for k in ks)
        play(s, ks[0])
    assert sum(1 for u in s.units.values() if u.side == 1) == 4  # 4 troops of 1 Mastodon
    assert kind(s) == "champs.turn"


def test_CB_2_battle_ends_when_an_army_is_wiped_out(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("mastodonte", (3, 3), 3), U("soldats", (3, 4), side="mj")],
            "dice": [6] * 9 + [1, 1],
        },
    )
    play(s, "act:3,3", "attack:3,3>3,4", "stay", "end", "end")
    result = res(s)
    assert result.details["winner"] == "players"
    assert result.scores == (1.0, 1.0, 0.0)


def test_CB_2_mj_objective_reaching_the_players_line(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (9, 3)), U("cavalerie", (4, 2), side="mj")],
            "turn": {"seat": "mj"},
        },
    )
    play(s, "act:4,2", "move", "to:4,0", "end", "end")
    assert res(s).details["reason"] == "champs.reason.objective"


def test_CB_2_players_hold_until_the_round_limit(tmp_path):
    s = game(
        tmp_path,
        {"units": [U("soldats", (0, 0)), U("soldats", (9, 7), side="mj")], "round": 3},
        victory__rounds=3,
    )
    for _ in range(4):
        play(s, "end")
    assert res(s).details["reason"] == "champs.reason.held"


def test_CB_3_CB_9_reserve_cards_bring_new_troops(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (5, 5)), U("soldats", (9, 7), side="mj")],
            "deck": ["airs", "mastodonte"],
        },
    )
    play(s, "act:5,5", "recruit", "cell:7,0")
    assert at(s, 7, 0) == ["airs", "airs"]  # base count of the type on the card (CB-12)
    assert s.discard == ["airs"] and s.deck == ["mastodonte"]


def test_CB_3_empty_reserve_stops_player_recruitment(tmp_path):
    s = game(
        tmp_path, {"units": [U("soldats", (5, 5)), U("soldats", (9, 7), side="mj")], "deck": []}
    )
    play(s, "act:5,5")
    assert "recruit" not in keys(s)


def test_CB_4_mj_recruits_any_type_without_limit(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (5, 5), side="mj"), U("soldats", (0, 0))],
            "deck": [],
            "turn": {"seat": "mj"},
        },
    )
    play(s, "act:5,5", "recruit")
    assert kind(s) == "champs.recruit.type" and len(keys(s)) == len(TYPES)
    play(s, "type:catapulte", "cell:3,7")
    assert at(s, 3, 7) == ["catapulte"]


def test_CB_5_CB_6_CB_7_no_mixed_cells_and_cap_held_in_random_games():
    def check(s):
        if any(f.kind in ("overflow", "travel", "retreat", "trap", "loss") for f in s.stack):
            return
        for _c, units in occupancy(s).items():
            assert len({u.side for u in units}) == 1, "a cell holds both sides (CB-5)"
            assert load(units) <= 6, "a cell over 6 small-equivalents (CB-6)"

    for seed in range(4):
        _random_game({}, seed, check=check)


@pytest.mark.parametrize(
    ("tid", "dice", "units", "move", "size", "flying", "rule"),
    [
        ("soldats", 2, 3, 1, 1, False, "CB-10"),
        ("cavalerie", 2, 2, 2, 1, False, "CB-11"),
        ("airs", 1, 2, 3, 1, True, "CB-12"),
        ("mastodonte", 3, 1, 1, 2, False, "CB-13"),
        ("catapulte", 3, 1, 1, 3, False, "CB-14"),
    ],
)
def test_CB_10_CB_11_CB_12_CB_13_CB_14_troop_profiles(tid, dice, units, move, size, flying, rule):
    t = BY_ID[tid]
    assert (t.dice, t.units, t.move, t.size, t.flying, t.rule) == (
        dice,
        units,
        move,
        size,
        flying,
        rule,
    )


def test_CB_11_cavalry_moves_up_to_two_cells(tmp_path):
    s = game(tmp_path, {"units": [U("cavalerie", (4, 3), 2), U("soldats", (9, 7), side="mj")]})
    play(s, "act:4,3", "move")
    dests = {target(s, k) for k in keys(s) if k.startswith("to:")}
    assert max(s.geo.distance(cell(s, 4, 3), c) for c in dests) == 2
    assert len(dests) == 24


def test_CB_17_CB_35_soldiers_lay_traps_and_may_still_move(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("soldats", (4, 3), 3),
                U("cavalerie", (6, 3), 2),
                U("soldats", (9, 7), side="mj"),
            ]
        },
    )
    play(s, "act:6,3")
    assert not any(k.startswith("trap") for k in keys(s))  # only Soldiers (CB-17)
    play(s, "end", "act:4,3", "trap")  # on its own cell, the only one: no question
    assert s.traps[cell(s, 4, 3)] == 0
    assert "move" in keys(s)
    play(s, "move", "to:4,4")
    assert at(s, 4, 4) == ["soldats"] * 3


def test_CB_20_one_trap_per_cell(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (4, 3), 3), U("soldats", (9, 7), side="mj")],
            "traps": [{"at": [4, 3]}],
        },
    )
    play(s, "act:4,3")
    assert "trap" not in keys(s)  # its only cell already holds one


def test_CB_21_trap_single_use(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (4, 6), 3, side="mj"), U("soldats", (0, 0))],
            "traps": [{"at": [4, 5]}],
            "turn": {"seat": "mj"},
            "dice": [3],
        },
    )
    play(s, "act:4,6", "move", "to:4,5")
    assert at(s, 4, 5) == ["soldats", "soldats"]
    assert cell(s, 4, 5) not in s.traps


def test_CB_22_players_trap_supply_is_limited(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (4, 3)), U("soldats", (6, 3)), U("soldats", (9, 7), side="mj")],
            "trap_tokens": 1,
        },
    )
    play(s, "act:4,3", "trap", "end", "act:6,3")
    assert not any(k.startswith("trap") for k in keys(s))
    assert s.traps_left == [0]


def test_CB_28_initiative_roll_orders_every_player_once():
    for seed in range(20):
        s = R.new({"players": 4, "heroes": "guerrier,voleur,templier,gladiateur"}, seed)
        assert sorted(s.order) == [0, 1, 2, 3]
        assert s.cycle == [p for q in s.order for p in (q, 4)]


def test_CB_31_activating_a_cell_plays_all_its_units(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("soldats", (4, 3), 2),
                U("cavalerie", (4, 3), 2),
                U("soldats", (9, 7), side="mj"),
            ]
        },
    )
    play(s, "act:4,3", "move")
    assert {k for k in keys(s) if k.startswith("sel:")} == {f"sel:u{i}" for i in range(1, 5)}
    assert (
        max(s.geo.distance(cell(s, 4, 3), target(s, k)) for k in keys(s) if k.startswith("to:"))
        == 1
    )  # slowest member (AMB-CB-11)


def test_CB_32_attack_only_adjacent_enemies(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("soldats", (4, 3), 3),
                U("soldats", (4, 5), side="mj"),
                U("soldats", (5, 4), side="mj"),
            ]
        },
    )
    play(s, "act:4,3")
    assert [k for k in keys(s) if k.startswith("attack")] == ["attack:4,3>5,4"]
    from arbitre.engine import IllegalChoice

    with pytest.raises(IllegalChoice) as err:
        R.apply(s, "attack:4,3>4,5")
    assert err.value.msg.rule == "CB-32"


def test_CB_33_special_abilities_by_troop_type(tmp_path):
    s = game(
        tmp_path,
        {"units": [U("catapulte", (2, 2)), U("soldats", (5, 2)), U("soldats", (9, 7), side="mj")]},
    )
    play(s, "act:2,2")
    assert "reload" in keys(s) and not any(k.startswith("trap") for k in keys(s))
    play(s, "end", "act:5,2")
    assert "reload" not in keys(s) and "trap" in keys(s) and "recruit" in keys(s)


def test_CB_42_CB_45_ground_units_avoid_enemy_cells_and_split(tmp_path):
    s = game(tmp_path, {"units": [U("soldats", (4, 3), 3), U("soldats", (4, 4), side="mj")]})
    play(s, "act:4,3", "move")
    assert "to:4,4" not in keys(s)
    play(s, "sel:u1", "sel:u2", "to:3,3")  # one Soldier moves, two stay (CB-45)
    assert at(s, 3, 3) == ["soldats"]
    play(s, "to:5,3")  # a second group from the same troop (AMB-CB-11 "many")
    assert at(s, 5, 3) == ["soldats", "soldats"] and at(s, 4, 3) == []


def test_CB_43_flyer_attacked_where_it_lands(tmp_path):
    s = game(
        tmp_path,
        {"units": [U("airs", (1, 1), 2), U("soldats", (5, 1), 3, side="mj"), U("soldats", (9, 0))]},
    )
    play(s, "act:1,1", "move", "to:4,1", "end", "end", "act:5,1")
    assert "attack:5,1>4,1" in keys(s)


def test_CB_47_skill_needs_a_ground_troop(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("airs", (3, 3), 2), U("soldats", (3, 4), side="mj")],
            "heroes": [H("p1", (3, 3))],
            "dice": [6, 6, 1, 1],
        },
    )
    ev = play(s, "act:3,3", "attack:3,3>3,4")
    assert dice_event(ev)[0] == "[6,6]"  # the Warrior adds nothing to Air Soldiers


def test_CB_54_mj_surprise_has_no_effect_by_default():
    from arbitre.games.champs.config import resolve

    assert resolve({}).values["mj.surprise"] == "none"
    assert [o.choices for o in R.options_schema() if o.key == "mj.surprise"] == [("none",)]


def test_CB_71_defender_gets_no_support(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [
                U("soldats", (3, 3)),
                U("soldats", (3, 4), side="mj"),
                U("mastodonte", (4, 4), side="mj"),
                U("mastodonte", (2, 3), side="mj"),
            ],
            "dice": [6, 6, 1, 1],
        },
    )
    ev = play(s, "act:3,3", "attack:3,3>3,4")
    assert dice_event(ev)[1] == "[1,1]"


def test_CB_66_destiny_point_in_result(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (6, 3), 3, side="mj")],
            "heroes": [H("p2", (6, 2))],
            "turn": {"seat": "mj"},
            "dice": [1] * 6,
        },
    )
    play(s, "act:6,3", "attack:6,3>6,2", "stay", "end", "end")
    result = res(s)
    assert result.details["winner"] == "mj"  # only lone heroes left count as none (AMB-CB-24)
    assert result.details["destiny"] == {"p1": 0, "p2": 1}
    assert result.details["captured"] == ["p2"]


def test_CB_38_joining_another_heroes_troop_needs_consent_to_attack(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (3, 2)), U("soldats", (3, 3)), U("soldats", (4, 3), side="mj")],
            "heroes": [H("p2", (3, 3)), H("p1", (3, 2))],
            "dice": [6] * 8 + [1, 1],
        },
        heroes="guerrier,guerrier",
    )
    play(s, "act:3,2", "move", "to:3,3")
    assert "attack:3,3>4,3" in keys(s)  # P1's hero came along: the exception of CB-38
    play(s, "attack:3,3>4,3")
    assert kind(s) == "champs.consent.activate" and dec(s).seat == 1
    play(s, "agree", "stay")
    assert at(s, 4, 3) == []


def test_CB_38_units_without_their_hero_cannot_act_with_anothers(tmp_path):
    s = game(
        tmp_path,
        {
            "units": [U("soldats", (3, 2)), U("soldats", (3, 3)), U("soldats", (4, 3), side="mj")],
            "heroes": [H("p2", (3, 3)), H("p1", (0, 0))],
        },
    )
    play(s, "act:3,2", "move", "to:3,3")
    assert not any(k.startswith("attack") for k in keys(s))
