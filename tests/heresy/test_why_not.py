""" "Why not?" on the map (why_not.py): a zone, unit or Hero a player clicks that is not a
choice of the decision gets the rule that forbids it, in French and English."""

from __future__ import annotations

from typing import Any

from arbitre.engine.i18n import Msg, translate
from arbitre.games.heresy.state import HeresyState
from tests.heresy.flow_helpers import R, game, keys, kind, play, unit

TRAITOR_TURN: dict[str, Any] = {"track": {"imperium": 3, "traitor": 1}, "triggered": [3]}
IMPERIUM_TURN: dict[str, Any] = {"track": {"imperium": 1, "traitor": 3}, "triggered": [3]}


def why(s: HeresyState, key: str) -> Msg:
    d = R.decision(s)
    assert d is not None and d.find(key) is None, f"{key} is a legal choice"
    msg: Msg | None = R.why_not(s, d, key)
    assert msg is not None, f"no reason for {key}"
    for lang in ("fr", "en"):  # readable in both languages: names, not ids
        text = translate(msg, lang)
        assert "_" not in text.split("[")[0], text
    return msg


def assemble(units: list[dict[str, Any]], **extra: Any) -> HeresyState:
    """The Traitor plays Rassembler in the Crucible: which destination?"""
    s = game(
        {
            **TRAITOR_TURN,
            "units": units,
            "heroes": {},
            **extra,
            "hands": {"traitor": ["traitor_assemble"]},
        }
    )
    play(s, "action:hand", "card:traitor_assemble", "sector:crucible")
    assert kind(s) == "heresy.move.destination"
    return s


def redeploy(units: list[dict[str, Any]], sector: str = "lions_gate", **extra: Any) -> HeresyState:
    """The Imperium plays Redéployer: which units move?"""
    pos = {
        **IMPERIUM_TURN,
        "units": units,
        "heroes": {},
        **extra,
        "hands": {"imperium": ["redeploy"]},
    }
    s = game(pos)
    play(s, "action:hand", "card:redeploy", f"sector:{sector}")
    assert kind(s) == "heresy.move.units"
    return s


def test_a_legal_key_has_no_reason() -> None:
    s = assemble([])
    d = R.decision(s)
    assert d is not None and R.why_not(s, d, "to:crucible_north") is None


def test_HH_21_18_a_destination_outside_the_orders_sector() -> None:
    msg = why(assemble([]), "to:volcanus_west")
    assert msg.rule == "HH-21.18" and msg.key == "heresy.why.not_in_sector"
    assert translate(msg, "fr").startswith(
        "Volcanus (ouest) n'est pas dans le secteur de l'ordre (Crucible)"
    )
    assert "Volcanus (west) is not in the order's sector (Crucible)" in translate(msg, "en")


def test_HH_21_23_an_enemy_zone_is_no_destination() -> None:
    s = assemble([unit("crucible_east", "imperial_army", "imperium")])
    msg = why(s, "to:crucible_east")
    assert msg.rule == "HH-21.23" and msg.key == "heresy.why.enemy_zone"
    assert "Crucible (est) est une zone ennemie" in translate(msg, "fr")


def test_HH_21_23_a_contested_zone_is_no_destination() -> None:
    units = [
        unit("crucible_east", "imperial_army", "imperium"),
        unit("crucible_east", "chaos_warband", "traitor"),
    ]
    msg = why(assemble(units), "to:crucible_east")
    assert msg.rule == "HH-21.23" and msg.key == "heresy.why.contested_zone"


def test_HH_21_21_a_destination_too_far_says_its_cost_and_the_units_mp() -> None:
    s = redeploy([unit("plateau_east", "imperial_army", "imperium")])
    play(s, "unit:plateau_east:imperial_army")
    assert kind(s) == "heresy.move.to" and "to:lions_gate_west" not in keys(s)
    msg = why(s, "to:lions_gate_west")
    assert msg.rule == "HH-21.21" and msg.key == "heresy.why.too_far"
    assert (
        translate(msg, "fr")
        == "Porte du Lion (ouest) : 3 PM, Armée Impériale n'en a que 2. [HH-21.21]"
    )
    assert translate(msg, "en") == "Lions Gate (west): 3 MP, Imperial Army has only 2. [HH-21.21]"


def test_HH_21_21_a_crevasse_on_the_way_is_named() -> None:
    s = redeploy([unit("plateau_east", "imperial_army", "imperium")])
    play(s, "unit:plateau_east:imperial_army")
    msg = why(s, "to:citadel_of_justice")  # across the crevasse of the spaceport
    assert msg.rule == "HH-21.21" and msg.key == "heresy.why.too_far_crevasse"
    assert "Citadelle de la Justice est derrière une crevasse : 3 PM" in translate(msg, "fr")
    assert "lies across a crevasse: 3 MP" in translate(msg, "en")


def test_HH_21_7_units_in_an_activated_zone_take_no_order() -> None:
    units = [unit("lions_gate_north", "imperial_army", "imperium")]
    s = redeploy(units, activation={"imperium": {"lions_gate_north": "activation"}})
    msg = why(s, "unit:lions_gate_north:imperial_army")
    assert msg.rule == "HH-21.7" and msg.key == "heresy.why.activated"


def test_HH_21_17_no_unit_of_yours_in_the_zone() -> None:
    s = redeploy(
        [
            unit("lions_gate_north", "chaos_warband", "traitor"),
            unit("lions_gate_east", "imperial_army", "imperium"),
        ]
    )
    msg = why(s, "unit:lions_gate_north")  # a click on the zone, as the map's whyKey names it
    assert msg.rule == "HH-21.17" and msg.key == "heresy.why.no_unit"
    assert translate(msg, "fr").startswith("Vous n'avez aucune unité dans Porte du Lion (nord)")


def test_HH_21_24_a_unit_that_reaches_no_destination_cannot_move() -> None:
    s = redeploy(
        [
            unit("volcanus_west", "imperial_army", "imperium"),
            unit("lions_gate_east", "imperial_army", "imperium"),
        ]
    )
    msg = why(s, "unit:volcanus_west:imperial_army")
    assert msg.rule == "HH-21.24" and msg.key == "heresy.why.unreachable"
    assert msg.args["mp"] == 2 and msg.args["cost"] > 2
    assert "PM disponibles" in translate(msg, "fr") and "MP available" in translate(msg, "en")


def test_HH_12_5_an_impassable_zone_is_never_a_choice() -> None:
    msg = why(assemble([], impassable=["crucible_north"]), "to:crucible_north")
    assert msg.rule == "HH-12.5" and msg.key == "heresy.why.impassable"


def test_HH_25_3_a_target_needs_an_enemy_unit_or_hero() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor"),
        unit("crucible_west", "imperial_army", "imperium"),
    ]
    s = game({**TRAITOR_TURN, "units": units, "heroes": {}, "hands": {"traitor": ["firefight"]}})
    play(s, "action:hand", "card:firefight", "sector:crucible")
    assert kind(s) == "heresy.battle.target"
    msg = why(s, "target:crucible_north")
    assert msg.rule == "HH-25.3" and msg.key == "heresy.why.no_enemy"
    msg = why(s, "target:volcanus_west")
    assert msg.rule == "HH-25.3" and msg.key == "heresy.why.not_in_sector"


def test_HH_25_5_an_origin_zone_is_next_to_the_target_with_a_unit() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor"),
        unit("crucible_west", "imperial_army", "imperium"),
        unit("volcanus_west", "chaos_space_marines", "traitor"),
    ]
    s = game(
        {**TRAITOR_TURN, "units": units, "heroes": {}, "hands": {"traitor": ["traitor_assault"]}}
    )
    play(s, "action:hand", "card:traitor_assault", "sector:crucible", "target:crucible_west")
    assert kind(s) == "heresy.battle.origin"
    msg = why(s, "origin:volcanus_west")
    assert msg.rule == "HH-25.5" and msg.key == "heresy.why.not_adjacent"
    msg = why(s, "origin:crucible_north")
    assert msg.rule == "HH-25.5" and msg.key == "heresy.why.no_unit"


def test_HH_21_7_an_activated_zone_is_no_origin() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor"),
        unit("crucible_west", "imperial_army", "imperium"),
        unit("crucible_north", "chaos_space_marines", "traitor"),
    ]
    pos = {**TRAITOR_TURN, "units": units, "heroes": {}, "hands": {"traitor": ["traitor_assault"]}}
    s = game({**pos, "activation": {"traitor": {"crucible_north": "rout"}}})
    play(s, "action:hand", "card:traitor_assault", "sector:crucible", "target:crucible_west")
    msg = why(s, "origin:crucible_north")
    assert msg.rule == "HH-21.7" and msg.key == "heresy.why.activated"


def test_HH_21_18_a_click_beside_units_that_may_move_asks_for_one_of_them() -> None:
    s = redeploy([unit("lions_gate_north", "imperial_army", "imperium")])
    assert "unit:lions_gate_north:imperial_army" in keys(s)
    msg = why(s, "unit:lions_gate_north")
    assert msg.key == "heresy.why.pick_unit" and msg.rule == "HH-21.18"
    assert "choisissez l'une d'elles" in translate(msg, "fr")
