"""Every alternative of the ambiguities touched by issue 18 (AMB-CB-2, -12, -20e/f/g/i), each
checked against the seed on its own, and pairwise where two options act on the same step."""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.engine.i18n import translate
from arbitre.games.champs.skills import templar_eligible
from tests.champs.helpers import H, U, cell, dec, game, keys, kind, play


def _result(ev: list[Any]) -> tuple[int, int]:
    m = next(m for m in ev if m.key == "champs.ev.result")
    return m.args["att"], m.args["dfn"]


def _captured(s: Any, seat: int) -> bool:
    return bool(next(h for h in s.heroes if h.seat == seat).captured)


# --------------------------------------------------------------------------- AMB-CB-20e Thief


def _thief(dice: list[int], **cfg: Any) -> Any:
    """P1's Thief with 2 Soldiers (4 dice) attacks 1 MJ Soldier (2 dice) next door."""
    pos = {
        "units": [U("soldats", (3, 3), 2), U("soldats", (3, 4), side="mj")],
        "heroes": [H("p1", (3, 3))],
        "dice": dice,
    }
    return game_(pos, heroes="voleur,guerrier", **cfg)


_TMP: list[Any] = []


def game_(pos: dict[str, Any], obstacles: Any = (), **cfg: Any) -> Any:
    return game(_TMP[0], pos, obstacles, **cfg)


@pytest.fixture(autouse=True)
def _tmp(tmp_path: Any) -> Any:
    _TMP[:] = [tmp_path]
    yield


def test_AMB_CB_20e_thief_swap_values_keeps_pool_sizes() -> None:
    s = _thief([1, 1, 1, 2, 6, 5])  # 5 v 11
    ev = play(s, "act:3,3", "attack:3,3>3,4")
    assert kind(s) == "champs.skill.voleur"
    assert "swap:1:6" in keys(s) and not any(k.startswith(("take", "give")) for k in keys(s))
    ev = play(s, "swap:1:6")
    assert _result(ev) == (1 + 1 + 2 + 6, 1 + 5)  # each pool keeps its number of dice


def test_AMB_CB_20e_thief_move_one_die_changes_pool_sizes() -> None:
    s = _thief([1, 1, 1, 2, 6, 5], thief__mode="moveOneDie")
    play(s, "act:3,3", "attack:3,3>3,4")
    ks = keys(s)
    assert {"take:5", "take:6", "give:1", "give:2"} <= set(ks)
    assert not any(k.startswith("swap") for k in ks)
    ev = play(s, "take:6")
    assert _result(ev) == (1 + 1 + 1 + 2 + 6, 5)  # the 6 moved over: 5 dice against 1


def test_AMB_CB_20e_thief_move_one_die_may_give() -> None:
    s = _thief([1, 1, 1, 2, 6, 5], thief__mode="moveOneDie")
    play(s, "act:3,3", "attack:3,3>3,4")
    ev = play(s, "give:1")
    assert _result(ev) == (1 + 1 + 2, 6 + 5 + 1)


def test_AMB_CB_20e_thief_opponent_picks_return_thief_picks_his_own_die() -> None:
    # The Thief picks his own die; the opponent chooses which of his dice to give back.
    s = _thief([1, 1, 1, 2, 6, 5], thief__mode="opponentPicksReturn")
    play(s, "act:3,3", "attack:3,3>3,4")
    assert kind(s) == "champs.skill.voleur" and dec(s).seat == 0
    ks = keys(s)
    assert {"give:1", "give:2", "pass"} == set(ks)  # only his own dice
    play(s, "give:1")
    assert kind(s) == "champs.skill.give" and dec(s).seat == s.mj_seat
    assert set(keys(s)) == {"return:5", "return:6"}  # the opponent's own dice, no pass
    ev = play(s, "return:5")
    assert _result(ev) == (1 + 1 + 2 + 5, 6 + 1)


def test_AMB_CB_20e_thief_opponent_picks_return_as_defender() -> None:
    pos = {
        "units": [U("soldats", (3, 3)), U("soldats", (3, 4), side="mj")],
        "heroes": [H("p1", (3, 3))],
        "turn": {"seat": "mj"},
        "dice": [6, 4, 1, 2],
    }
    s = game_(pos, heroes="voleur,guerrier", thief__mode="opponentPicksReturn")
    play(s, "act:3,4", "attack:3,4>3,3")
    assert kind(s) == "champs.skill.voleur" and dec(s).seat == 0
    play(s, "give:1")
    assert dec(s).seat == s.mj_seat  # the attacker gives his die in exchange
    ev = play(s, "return:4")
    assert _result(ev) == (6 + 1, 4 + 2)


def test_AMB_CB_20e_thief_opponent_picks_return_ai_answers() -> None:
    from arbitre.games.champs.ai.combat import give, thief

    s = _thief([1, 1, 1, 2, 6, 5], thief__mode="opponentPicksReturn")
    play(s, "act:3,3", "attack:3,3>3,4")
    assert thief(s, dec(s)) == "give:1"  # his worst die; at worst he gets a 5
    play(s, "give:1")
    assert give(s, dec(s)) == "return:5"  # the opponent keeps his 6


# ------------------------------------------------- AMB-CB-20f Templar, and after a Thief's swap


def _duo(dice: list[int], **cfg: Any) -> Any:
    """P1's Thief and P2's Templar in one Soldier troop attack 2 MJ Soldiers, P2's Cavalry
    supporting: the attacker rolls [own, own, support], the defender 4 dice."""
    pos = {
        "units": [
            U("soldats", (3, 3)),
            U("cavalerie", (2, 4)),
            U("soldats", (3, 4), 2, side="mj"),
        ],
        "heroes": [H("p1", (3, 3)), H("p2", (3, 3))],
        "dice": dice,
    }
    s = game_(pos, heroes="voleur,templier", **cfg)
    play(s, "act:3,3")
    while kind(s) != "champs.activation":
        play(s, keys(s)[0])  # P2 agrees to the activation (CB-38)
    play(s, "attack:3,3>3,4", "sup:2,4", "go")
    return s


def test_AMB_CB_20f_templar_rerolls_support_dice_by_default() -> None:
    s = _duo([1, 3, 2, 6, 6, 6, 6])
    play(s, "pass")  # the Thief
    assert kind(s) == "champs.skill.templier" and "rr:2" in keys(s)


def test_AMB_CB_20f_templar_own_troop_dice_only() -> None:
    s = _duo([1, 3, 2, 6, 6, 6, 6], templar__rerollSupportDice=False)
    play(s, "pass")
    assert "rr:2" not in keys(s) and "rr:1,3" in keys(s)


def test_AMB_CB_20e_20f_swap_values_then_templar_keeps_the_slot() -> None:
    # The Thief names the slot: the swapped value stays in its die's slot (AMB-CB-20e).
    s = _duo([1, 3, 1, 6, 6, 6, 6], templar__rerollSupportDice=False)
    assert {"swap:1:6", "swap:1s:6"} <= set(keys(s))
    play(s, "swap:1s:6")  # the support die takes the 6: the troop's 1 stays re-rollable
    assert "rr:1" in keys(s) and "rr:6" not in keys(s)
    s = _duo([1, 3, 1, 6, 6, 6, 6], templar__rerollSupportDice=False)
    play(s, "swap:1:6")  # the troop's 1 takes the 6: the support 1 cannot be re-rolled
    assert "rr:1" not in keys(s) and "rr:3,6" in keys(s)


def test_AMB_CB_20e_20f_move_one_die_then_templar() -> None:
    # A die the Thief takes joins his troop's own dice; the support die stays a support die.
    s = _duo([2, 3, 1, 6, 6, 6, 6], thief__mode="moveOneDie", templar__rerollSupportDice=False)
    play(s, "take:6")
    ks = keys(s)
    assert "rr:6" in ks and "rr:2,3" in ks and not any("1" in k for k in ks)
    d = s.stack[-1].data
    assert d["ad"] == [2, 3, 6, 1] and d["asup"] == 1 and templar_eligible(s, d, "att") == [0, 1, 2]


def test_AMB_CB_20e_20f_thief_takes_a_support_die() -> None:
    # The defending Thief takes the attacker's support die: it is no support die any more.
    pos = {
        "units": [
            U("soldats", (3, 3)),
            U("soldats", (3, 4), side="mj"),
            U("soldats", (2, 3), side="mj"),
        ],
        "heroes": [H("p1", (3, 3))],
        "turn": {"seat": "mj"},
        "dice": [1, 1, 6, 2, 2],
    }
    s = game_(
        pos, heroes="voleur,templier", thief__mode="moveOneDie", templar__rerollSupportDice=False
    )
    play(s, "act:3,4", "attack:3,4>3,3", "sup:2,3", "go")
    assert "take:6s" in keys(s) and "take:1" in keys(s)
    d = s.stack[-1].data
    play_ = play(s, "take:6s")
    assert d["ad"] == [1, 1] and d["asup"] == 0 and d["dd"] == [2, 2, 6]
    assert _result(play_) == (2, 10)


def test_AMB_CB_20f_defending_templar_and_defender_support_dice() -> None:
    # With the support.defender house rule (AMB-CB-22f), the defender's support dice are
    # support dice too: under rerollSupportDice=false the Templar cannot re-roll them.
    pos = {
        "units": [
            U("soldats", (3, 3)),
            U("soldats", (2, 4)),
            U("soldats", (3, 4), side="mj"),
        ],
        "heroes": [H("p1", (3, 3))],
        "turn": {"seat": "mj"},
        "dice": [6, 6, 2, 3, 1],
    }
    s = game_(pos, heroes="templier,guerrier", support__defender=True)
    play(s, "act:3,4", "attack:3,4>3,3")
    while kind(s) != "champs.skill.templier":
        play(s, "go")
    assert "rr:1" in keys(s)
    s = game_(
        pos, heroes="templier,guerrier", support__defender=True, templar__rerollSupportDice=False
    )
    play(s, "act:3,4", "attack:3,4>3,3")
    while kind(s) != "champs.skill.templier":
        play(s, "go")
    assert "rr:1" not in keys(s) and "rr:2,3" in keys(s)


# --------------------------------------------- AMB-CB-20g lone Gladiator, AMB-CB-20i capture

_BEHIND = [(2, 2), (3, 2), (4, 2)]  # the three retreat cells of (3,3) attacked from (3,4)


def _mj_attacks(hero: str, obstacles: Any = (), units: Any = (), **cfg: Any) -> tuple[Any, Any]:
    """The MJ's Soldier (2 dice: 6, 6) attacks P1's hero on (3,3), who loses."""
    pos = {
        "units": [U("soldats", (3, 4), side="mj"), *units],
        "heroes": [H("p1", (3, 3))],
        "turn": {"seat": "mj"},
        "dice": [6, 6, 1, 1, 1],
    }
    s = game_(pos, obstacles, heroes=f"{hero},guerrier", **cfg)
    ev = play(s, "act:3,4", "attack:3,4>3,3")
    if kind(s) == "champs.skill.voleur":
        ev += play(s, "pass")
    return s, ev


def test_AMB_CB_20g_lone_gladiator_loss_captures_by_default() -> None:
    s, ev = _mj_attacks("gladiateur")
    assert _result(ev) == (12, 3) and _captured(s, 0)  # he fought with 3 dice, then was taken


def test_AMB_CB_20g_lone_gladiator_retreats_first() -> None:
    s, _ev = _mj_attacks("gladiateur", gladiator__loneLossCaptures=False)
    assert kind(s) == "champs.retreat" and not _captured(s, 0)
    play(s, "all:3,2")
    assert next(h for h in s.heroes if h.seat == 0).cell == cell(s, 3, 2)


def test_AMB_CB_20g_lone_gladiator_captured_if_he_cannot_retreat() -> None:
    s, _ev = _mj_attacks("gladiateur", _BEHIND, gladiator__loneLossCaptures=False)
    assert _captured(s, 0) and kind(s) != "champs.reattack"


def test_AMB_CB_20g_lone_gladiator_attacker_is_captured_under_both_options() -> None:
    for cfg in ({}, {"gladiator__loneLossCaptures": False}):
        pos = {
            "units": [U("soldats", (3, 4), side="mj")],
            "heroes": [H("p1", (3, 3))],
            "dice": [1, 1, 1, 6, 6],
        }
        s = game_(pos, heroes="gladiateur,guerrier", **cfg)
        play(s, "act:3,3", "attack:3,3>3,4")
        assert _captured(s, 0), cfg


def test_AMB_CB_20i_gladiator_whose_troop_is_emptied_retreats() -> None:
    for cfg in ({}, {"gladiator__loneLossCaptures": False}):
        s, _ev = _mj_attacks("gladiateur", units=[U("soldats", (3, 3))], **cfg)
        assert kind(s) == "champs.retreat" and not _captured(s, 0), cfg
        s, _ev = _mj_attacks("gladiateur", _BEHIND, units=[U("soldats", (3, 3))], **cfg)
        assert kind(s) == "champs.reattack" and not _captured(s, 0), cfg  # CB-61


def test_AMB_CB_20i_lone_hero_attacked_is_captured_by_default() -> None:
    s, ev = _mj_attacks("voleur")
    assert _captured(s, 0)
    assert next(m for m in ev if m.key == "champs.ev.result").rule == "CB-53"


def test_AMB_CB_20i_only_if_no_retreat_lone_hero_retreats() -> None:
    s, _ev = _mj_attacks("voleur", hero__capture="onlyIfNoRetreat")
    assert kind(s) == "champs.retreat" and not _captured(s, 0)
    s, _ev = _mj_attacks("voleur", _BEHIND, hero__capture="onlyIfNoRetreat")
    assert _captured(s, 0)


def test_AMB_CB_20i_troop_emptied_captures_by_default_retreats_otherwise() -> None:
    troop = [U("soldats", (3, 3))]
    s, _ev = _mj_attacks("voleur", units=troop)
    assert _captured(s, 0)
    s, _ev = _mj_attacks("voleur", units=troop, hero__capture="onlyIfNoRetreat")
    assert kind(s) == "champs.retreat" and not _captured(s, 0)
    s, _ev = _mj_attacks("voleur", _BEHIND, units=troop, hero__capture="onlyIfNoRetreat")
    assert _captured(s, 0)


@pytest.mark.parametrize("lone", [True, False])
@pytest.mark.parametrize("capture", ["default", "onlyIfNoRetreat"])
def test_AMB_CB_20g_20i_gladiator_under_both_capture_options(lone: bool, capture: str) -> None:
    # hero.capture speaks of the other heroes; the lone Gladiator follows AMB-CB-20g.
    cfg = {"gladiator__loneLossCaptures": lone, "hero__capture": capture}
    s, _ev = _mj_attacks("gladiateur", **cfg)
    assert _captured(s, 0) == lone
    s, _ev = _mj_attacks("gladiateur", _BEHIND, **cfg)
    assert _captured(s, 0)


# ------------------------------- AMB-CB-2 corner cutting × flyers × AMB-CB-12 zone of control

_CORNER = [(5, 3), (4, 4)]  # both cells flanking the diagonal step (4,3) -> (5,4)


def _dests(s: Any) -> set[str]:
    return {k for k in keys(s) if k.startswith("to:")}


@pytest.mark.parametrize("mode", ["allowed", "forbidden"])
def test_AMB_CB_2_corner_cutting_ground_units(mode: str) -> None:
    pos = {"units": [U("soldats", (4, 3)), U("soldats", (9, 7), side="mj")]}
    s = game_(pos, _CORNER, move__cornerCutting=mode)
    play(s, "act:4,3", "move")
    assert ("to:5,4" in _dests(s)) == (mode == "allowed")
    assert "to:3,2" in _dests(s)  # open diagonals stay open


@pytest.mark.parametrize("mode", ["allowed", "forbidden"])
def test_AMB_CB_2_one_obstacle_corner_never_bars_the_diagonal(mode: str) -> None:
    # The digest bars moving diagonally *between two* obstacles; with only (5,3) beside the
    # step (4,3) -> (5,4), no squeeze happens and the step stays open in both modes.
    pos = {"units": [U("soldats", (4, 3)), U("soldats", (9, 7), side="mj")]}
    s = game_(pos, [(5, 3)], move__cornerCutting=mode)
    play(s, "act:4,3", "move")
    assert "to:5,4" in _dests(s)


@pytest.mark.parametrize("mode", ["allowed", "forbidden"])
def test_AMB_CB_2_corner_cutting_never_binds_flyers(mode: str) -> None:
    # Air Soldiers cross obstacles (CB-13): the only 3-step path to (7,6) is the diagonal,
    # whose first step cuts the corner between two obstacles.
    pos = {"units": [U("airs", (4, 3)), U("soldats", (9, 0), side="mj")]}
    s = game_(pos, _CORNER, move__cornerCutting=mode)
    play(s, "act:4,3", "move")
    assert {"to:5,4", "to:7,6"} <= _dests(s)


def test_AMB_CB_2_corner_cutting_binds_a_mixed_group() -> None:
    # A group with a ground unit moves by ground rules (AMB-CB-3, AMB-CB-11).
    pos = {"units": [U("airs", (4, 3)), U("cavalerie", (4, 3)), U("soldats", (9, 0), side="mj")]}
    s = game_(pos, _CORNER, move__cornerCutting="forbidden")
    play(s, "act:4,3", "move")
    assert "to:5,4" not in _dests(s) and "to:3,2" in _dests(s)


@pytest.mark.parametrize("corner", ["allowed", "forbidden"])
@pytest.mark.parametrize("zoc", ["none", "stop"])
@pytest.mark.parametrize("troop", ["airs", "cavalerie", "mixed"])
def test_AMB_CB_2_AMB_CB_12_corner_cutting_flyers_and_zone_of_control(
    corner: str, zoc: str, troop: str
) -> None:
    # From (4,3), (5,4) and (6,5) are reached only through the cut corner of _CORNER, and
    # (5,4) lies next to the MJ Soldier on (6,3). Flyers cross obstacles and enemies and
    # ignore both options (CB-13, AMB-CB-2, AMB-CB-12); a group with a ground unit does not.
    units = [U("airs", (4, 3))] if troop != "cavalerie" else []
    units += [U("cavalerie", (4, 3))] if troop != "airs" else []
    pos = {"units": [*units, U("soldats", (6, 3), side="mj")]}
    s = game_(pos, _CORNER, move__cornerCutting=corner, move__zoneOfControl=zoc)
    play(s, "act:4,3", "move")
    dests = _dests(s)
    if troop == "airs":
        assert {"to:5,4", "to:6,5", "to:7,3", "to:7,6"} <= dests and "to:6,3" not in dests
    else:
        assert ("to:5,4" in dests) == (corner == "allowed")
        assert ("to:6,5" in dests) == (corner == "allowed" and zoc == "none")


# --------------------------------------------------------- refusals cite the rule, or none


def test_unknown_key_refusal_cites_no_rule() -> None:
    from arbitre.engine.ruleset import IllegalChoice
    from tests.champs.helpers import R

    pos = {"units": [U("soldats", (3, 3)), U("soldats", (3, 4), side="mj")]}
    s = game_(pos)
    play(s, "act:3,3")
    for bad in ("foo", "attack:zz>yy", "move:3,3"):
        with pytest.raises(IllegalChoice) as err:
            R.apply(s, bad)
        assert err.value.msg.rule is None, bad
        assert "CB-" not in translate(err.value.msg, "en"), bad
    with pytest.raises(IllegalChoice) as err:
        R.apply(s, "attack:3,3>7,7")
    assert err.value.msg.rule == "CB-32"  # no enemy there: the rule that forbids


def test_CB_31_activating_an_empty_cell_cites_CB_31_only_when_empty() -> None:
    from arbitre.engine.ruleset import IllegalChoice
    from tests.champs.helpers import R

    s = game_({"units": [U("soldats", (3, 3)), U("soldats", (3, 4), side="mj")]})
    with pytest.raises(IllegalChoice) as err:
        R.apply(s, "act:5,5")
    assert err.value.msg.rule == "CB-31"
    with pytest.raises(IllegalChoice) as err:
        R.apply(s, "hello")
    assert err.value.msg.rule is None


# ------------------------------------------------ Champs' own config refusals, in both languages


@pytest.mark.parametrize(
    ("config", "fr", "rule"),
    [
        ({"battlefield": "nowhere"}, "champ de bataille inconnu", "AMB-CB-1"),
        ({"battlefield": "nowhere.toml"}, "aucun fichier", None),
        ({"position": {"units": [{"type": "dragon", "at": [1, 1]}]}}, "type de troupe", None),
        (
            {"position": {"units": [{"type": "soldats", "at": [1, 1], "count": 7}]}},
            "6 au plus",
            "CB-6",
        ),
        ({"position": {"turn": {"seat": "zz"}}}, "place inconnue", None),
        ({"position": {"turn": {"used": 3}}}, "activations", "CB-30"),
        ({"position": {"foo": 1}}, "champ inconnu", None),
        ({"position": []}, "objet JSON", None),
        ({"heroes": "guerrier", "players": 2}, "il en faut un par joueur", "CB-24"),
    ],
)
def test_config_refusals_are_bilingual(config: dict[str, Any], fr: str, rule: str | None) -> None:
    from arbitre.engine.ruleset import ConfigError
    from tests.champs.helpers import R

    with pytest.raises(ConfigError) as err:
        R.new(config, 1)
    msg = err.value.msg
    assert msg is not None and msg.rule == rule
    assert fr in translate(msg, "fr") and translate(msg, "en") != translate(msg, "fr")


def test_AMB_CB_1_bad_battlefield_file_refusals_are_bilingual(tmp_path: Any) -> None:
    from arbitre.engine.ruleset import ConfigError
    from arbitre.games.champs.board import parse_battlefield

    bad = [
        ({"height": 8, "obstacles": [], "deck": {}}, "« width »"),
        ({"width": 5, "height": 5, "obstacles": [[9, 9]], "deck": {}}, "obstacle"),
        ({"width": 5, "height": 5, "obstacles": [], "deck": {"dragon": 1}}, "dragon"),
        ({"width": 50, "height": 5, "obstacles": [], "deck": {}}, "entre 3 et 30"),
        ({"width": 5, "height": 5, "obstacles": [[0, 0]], "deck": {}}, "ligne de départ"),
        ({"width": 5, "height": 5, "obstacles": [], "deck": {}, "rounds": 0}, "« rounds »"),
    ]
    for raw, fr in bad:
        with pytest.raises(ConfigError) as err:
            parse_battlefield("x", raw, "x.toml")
        assert err.value.msg is not None and fr in translate(err.value.msg, "fr"), raw


# ---------------------------------------------- AMB-CB-20a/b/d and AMB-CB-22c, each alternative


@pytest.mark.parametrize(
    ("n", "near", "far"), [(0, False, False), (1, True, False), (2, True, True)]
)
def test_AMB_CB_20a_lone_hero_move(n: int, near: bool, far: bool) -> None:
    pos = {
        "units": [U("soldats", (9, 0)), U("soldats", (9, 7), side="mj")],
        "heroes": [H("p1", (3, 3))],
    }
    s = game_(pos, hero__loneMove=n)
    if n == 0:
        assert "act:3,3" not in keys(s)
        return
    play(s, "act:3,3", "move")
    assert ("to:4,4" in keys(s), "to:5,5" in keys(s)) == (near, far)


_WALL = [(5, y) for y in range(1, 7)]


@pytest.mark.parametrize("fly", [False, True])
def test_AMB_CB_20b_hero_flies_with_air_soldiers(fly: bool) -> None:
    pos = {
        "units": [U("airs", (4, 3)), U("soldats", (9, 7), side="mj")],
        "heroes": [H("p1", (4, 3))],
    }
    s = game_(pos, _WALL, hero__canFly=fly)
    play(s, "act:4,3", "move")
    assert ("to:6,3" in keys(s)) == fly  # over the wall only when flying


@pytest.mark.parametrize(("on", "n"), [(False, 2 + 1), (True, 2 + 1 + 2)])
def test_AMB_CB_20d_warrior_skill_when_supporting(on: bool, n: int) -> None:
    pos = {
        "units": [U("soldats", (3, 3)), U("soldats", (2, 4)), U("soldats", (3, 4), side="mj")],
        "heroes": [H("p2", (2, 4))],
        "dice": [1] * n + [6, 6],
    }
    s = game_(pos, heroes="voleur,guerrier", hero__skillWhenSupporting=on)
    ev = play(s, "act:3,3", "attack:3,3>3,4", "sup:2,4", "go", "lend")
    m = next(m for m in ev if m.key == "champs.ev.dice")
    assert m.args["att"].count(",") + 1 == n


@pytest.mark.parametrize("mode", ["heroInSupporter", "alsoAttacker"])
def test_AMB_CB_22c_support_refusal(mode: str) -> None:
    # P2's hero rides in the troop P1 activates; the supporting Cavalry holds no hero.
    pos = {
        "units": [U("soldats", (3, 3)), U("cavalerie", (2, 4)), U("soldats", (3, 4), side="mj")],
        "heroes": [H("p1", (3, 3)), H("p2", (3, 3))],
    }
    s = game_(pos, heroes="guerrier,guerrier", support__refusal=mode)
    play(s, "act:3,3", "agree", "attack:3,3>3,4", "sup:2,4", "go")
    asked = kind(s) == "champs.support.consent"
    assert asked == (mode == "alsoAttacker")
    if asked:
        assert dec(s).seat == 1
        play(s, "refuse")
