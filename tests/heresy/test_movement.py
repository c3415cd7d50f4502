"""Movement (HH-21.17..HH-24.1, HH-32.1, HH-37.10)."""

from __future__ import annotations

from arbitre.games.heresy.board import CONTESTED, ENEMY, FRIENDLY, NEUTRAL, zone_type, zone_types
from arbitre.games.heresy.movement import reach
from arbitre.games.heresy.state import ACTIVE, IMPERIUM, TRAITOR
from tests.heresy.flow_helpers import count, game, keys, play, unit

BASE = {"track": {"imperium": 3, "traitor": 1}, "triggered": [3], "heroes": {}}


def test_HH_37_10_zone_types_by_units_only() -> None:
    s = game(
        {
            **BASE,
            "units": [
                unit("crucible_west", "chaos_warband", "traitor"),
                unit("crucible_east", "imperial_army", "imperium"),
                unit("crucible_east", "chaos_warband", "traitor"),
            ],
            "heroes": {"horus": "crucible_north"},
        }
    )
    assert zone_type(s, "crucible_west", TRAITOR) == FRIENDLY
    assert zone_type(s, "crucible_west", IMPERIUM) == ENEMY  # HH-37.11
    assert zone_type(s, "crucible_east", TRAITOR) == CONTESTED
    assert zone_type(s, "crucible_north", IMPERIUM) == NEUTRAL  # Heroes ignored


def test_HH_21_21_a_crevasse_costs_two_movement_points_flyers_one() -> None:
    s = game({**BASE, "units": []})
    types = zone_types(s, TRAITOR)
    assert s.content.graph.is_crevasse("plateau_east", "lions_gate_spaceport")
    assert reach(s, TRAITOR, "plateau_east", 3, False, types)["lions_gate_spaceport"] == 2
    assert reach(s, TRAITOR, "plateau_east", 3, True, types)["lions_gate_spaceport"] == 1  # HH-23.2
    assert "lions_gate_spaceport" not in reach(s, TRAITOR, "plateau_east", 1, False, types)


def test_HH_21_23_no_passing_through_enemy_zones_except_flying() -> None:
    s = game({**BASE, "units": [unit("citadel_of_justice", "imperial_army", "imperium")]})
    types = zone_types(s, TRAITOR)
    ground = reach(s, TRAITOR, "black_ministry_north_west", 2, False, types)
    air = reach(s, TRAITOR, "black_ministry_north_west", 2, True, types)
    assert "lions_gate_spaceport" not in ground and "lions_gate_spaceport" in air


def test_HH_21_18_destinations_are_friendly_or_neutral_zones_of_the_sector() -> None:
    s = game(
        {
            **BASE,
            "units": [unit("crucible_east", "imperial_army", "imperium")],
            "hands": {"traitor": ["traitor_assemble"]},
        }
    )
    play(s, "action:hand", "card:traitor_assemble", "sector:crucible")
    dests = {k[3:] for k in keys(s) if k.startswith("to:")}
    assert "crucible_east" not in dests and dests <= set(s.content.graph.sector_zones("crucible"))


def test_HH_21_18_units_may_start_outside_the_sector() -> None:
    s = game(
        {
            **BASE,
            "units": [unit("lions_gate_north", "chaos_space_marines", "traitor")],
            "hands": {"traitor": ["traitor_assemble"]},
        }
    )
    play(s, "action:hand", "card:traitor_assemble", "sector:crucible", "to:crucible_north")
    play(s, "unit:lions_gate_north:chaos_space_marines", "done")
    assert count(s, "crucible_north", TRAITOR) == 1


def test_HH_32_1_heroes_move_with_three_movement_points() -> None:
    s = game(
        {
            **BASE,
            "units": [],
            "heroes": {"angron": "lions_gate_north"},
            "hands": {"traitor": ["traitor_assemble"]},
        }
    )
    play(s, "action:hand", "card:traitor_assemble", "sector:lions_gate", "to:lions_gate_spaceport")
    play(s, "hero:angron", "done")
    assert s.heroes["angron"] == "lions_gate_spaceport"


def test_HH_24_1_redeploy_activates_each_destination_zone() -> None:
    s = game(
        {
            **BASE,
            "track": {"imperium": 1, "traitor": 3},
            "units": [unit("lions_gate_north", "imperial_army", "imperium", 2)],
            "hands": {"imperium": ["redeploy"]},
        }
    )
    play(s, "action:hand", "card:redeploy", "sector:lions_gate")
    play(s, "unit:lions_gate_north:imperial_army", "to:lions_gate_centre")
    play(s, "unit:lions_gate_north:imperial_army", "to:lions_gate_east", "done")
    assert s.marks[IMPERIUM] == {"lions_gate_centre": ACTIVE, "lions_gate_east": ACTIVE}
    assert s.pos[IMPERIUM] == 3  # printed cost 2


def test_HH_21_24_a_unit_moves_only_once_per_order() -> None:
    s = game(
        {
            **BASE,
            "track": {"imperium": 1, "traitor": 3},
            "units": [unit("lions_gate_north", "imperial_army", "imperium")],
            "hands": {"imperium": ["redeploy"]},
        }
    )
    play(s, "action:hand", "card:redeploy", "sector:lions_gate")
    play(s, "unit:lions_gate_north:imperial_army", "to:lions_gate_centre")
    assert not any(k.startswith("unit:") for k in keys(s))
