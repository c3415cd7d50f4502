"""The FAQ v1.0 rulings and errata (research faq.yaml), each applied under `faq = true`
(the default); docs/content.md "FAQ v1.0" lists every line with the test that checks it.
Rulings the code applied before this file have their test where their rule is tested
(named `test_FAQ_…` there)."""

from __future__ import annotations

from typing import Any

from arbitre.games.heresy.state import ACTIVE, IMPERIUM, ROUT, TRAITOR, HeresyState
from tests.heresy.flow_helpers import count, game, keys, play, unit

IMP: dict[str, Any] = {"track": {"imperium": 1, "traitor": 3}, "triggered": [3], "events": []}
TRAITOR_TURN: dict[str, Any] = {
    "track": {"imperium": 3, "traitor": 1},
    "triggered": [3],
    "events": [],
}


def _boarding(**config: Any) -> HeresyState:
    units = [
        unit("vs_catacombs", "chaos_cultists", "traitor"),
        unit("vs_command_bridge", "chaos_cultists", "traitor"),
        unit("crucible_west", "space_marines", "imperium"),
    ]
    pos = {**IMP, "units": units, "heroes": {}, "hands": {"imperium": ["boarding_action"]}}
    s = game(pos, **config)
    play(s, "action:hand", "card:boarding_action", "sector:vengeful_spirit")
    return s


def test_FAQ_boarding_action_may_enter_the_catacombs_held_by_the_enemy() -> None:
    s = _boarding()
    assert "to:vs_catacombs" in keys(s)
    assert "to:vs_command_bridge" not in keys(s)  # only the Catacombs (HH-21.18 elsewhere)
    play(s, "to:vs_catacombs", "unit:crucible_west:space_marines", "done")
    assert count(s, "vs_catacombs", IMPERIUM) == 1 and count(s, "vs_catacombs", TRAITOR) == 1
    assert "to:vs_catacombs" not in keys(_boarding(faq=False))  # HH-21.18: not an enemy zone


def test_FAQ_port_landing_may_enter_the_catacombs_held_by_the_enemy() -> None:
    units = [
        unit("eternity_wall_spaceport", "chaos_space_marines", "traitor"),
        unit("vs_catacombs", "imperial_army", "imperium"),
    ]
    pos = {**TRAITOR_TURN, "units": units, "heroes": {}, "hands": {"traitor": ["port_landing"]}}
    s = game(pos)
    play(s, "action:hand", "card:port_landing", "sector:vengeful_spirit")
    assert "to:vs_catacombs" in keys(s)
    play(s, "to:vs_catacombs", "from:eternity_wall_spaceport")
    play(s, "unit:eternity_wall_spaceport:chaos_space_marines", "done")
    assert count(s, "vs_catacombs", TRAITOR) == 1 and count(s, "vs_catacombs", IMPERIUM) == 1


def test_FAQ_landings_take_from_one_source_never_an_activated_vengeful_spirit_zone() -> None:
    units = [
        unit("vs_command_bridge", "chaos_space_marines", "traitor"),
        unit("vs_catacombs", "chaos_space_marines", "traitor", 2),
    ]
    pos = {
        **TRAITOR_TURN,
        "units": units,
        "heroes": {},
        "hands": {"traitor": ["drop_pods"]},
        "reserve": {"traitor": {"chaos_space_marines": 2}},
        "activation": {"traitor": {"vs_command_bridge": "activation"}},
    }
    s = game(pos)
    play(s, "action:hand", "card:drop_pods", "sector:crucible", "to:crucible_west")
    assert keys(s) == ["from:reserve", "from:vs_catacombs", "ignore"]
    play(s, "from:vs_catacombs", "unit:vs_catacombs:chaos_space_marines")
    assert not any(k.startswith("from:") or "reserve" in k for k in keys(s))  # one source


def test_FAQ_flying_transport_only_by_a_movement_order_not_in_a_retreat() -> None:
    from arbitre.games.heresy import damage, joining

    s = game()
    f = joining.new_battle(IMPERIUM, "", "crucible", "firefight")
    f.data.update(target="crucible_west", heroes=[])
    f.data["eng"] = [[TRAITOR, "crucible_west", "chaos_thunderhawk"]]
    alone = damage.retreat_zones(s, f, TRAITOR)
    assert "plateau_west" in alone  # a flyer retreats across the crevasse
    f.data["eng"].append([TRAITOR, "crucible_west", "chaos_cultists"])
    assert "plateau_west" not in damage.retreat_zones(s, f, TRAITOR)  # carries nobody over
    f.data["eng"].pop()
    f.data["heroes"] = ["angron"]
    assert "plateau_west" not in damage.retreat_zones(s, f, TRAITOR)  # nor a Hero


def _assemble(units: list[dict[str, Any]], heroes: dict[str, str], **pos: Any) -> HeresyState:
    hand = {"traitor": ["traitor_assemble"]}
    s = game({**TRAITOR_TURN, "units": units, "heroes": heroes, "hands": hand, **pos})
    play(s, "action:hand", "card:traitor_assemble", "sector:lions_gate")
    play(s, "to:lions_gate_spaceport")
    return s


def test_FAQ_an_unsupported_hero_moves_but_not_through_enemy_zones() -> None:
    alone = {"angron": "black_ministry_north_west"}  # no Traitor unit with him
    assert "hero:angron" in keys(_assemble([], alone))
    blocked = [unit("citadel_of_justice", "imperial_army", "imperium")]
    assert "hero:angron" not in keys(_assemble(blocked, alone))  # HH-21.23 applies to him


def test_FAQ_heroes_cannot_leave_a_zone_activated_for_their_side() -> None:
    here = {"angron": "lions_gate_north"}
    assert "hero:angron" in keys(_assemble([], here))
    for side in ("activation", "rout"):
        marked = _assemble([], here, activation={"traitor": {"lions_gate_north": side}})
        assert "hero:angron" not in keys(marked)


def test_FAQ_no_thunderhawk_flight_from_an_activated_zone() -> None:
    hawk = [unit("lions_gate_north", "chaos_thunderhawk", "traitor")]
    assert "unit:lions_gate_north:chaos_thunderhawk" in keys(_assemble(hawk, {}))
    marked = _assemble(hawk, {}, activation={"traitor": {"lions_gate_north": "activation"}})
    assert "unit:lions_gate_north:chaos_thunderhawk" not in keys(marked)


def test_FAQ_hunker_down_extra_cards_not_played_in_that_iteration() -> None:
    from tests.heresy.ch24_44_helpers import battle
    from tests.heresy.flow_helpers import kind, seat

    imperium = ["hunker_down", "hostile_ground", "hold_the_walls"]
    s = battle(["breach", "diversionary_tactics", "noose_of_ruin"], imperium)
    play(s, "first:defender", "card:hunker_down", "effect:hunker_down")
    assert s.combat_hands[IMPERIUM] == ["hostile_ground", "hold_the_walls"]  # drawn
    # the iteration is over: the Traitor plays iteration 2, the new cards wait for it
    assert s.stack[-1].data["it"] == 2 and seat(s) == TRAITOR and kind(s) == "heresy.battle.play"


def test_FAQ_the_traitor_may_execute_his_setup_orders_on_his_first_turn() -> None:
    from tests.heresy.flow_helpers import kind, past_setup, seat

    s = past_setup(game())
    placed = [
        (c, fresh) for pile in s.piles.values() for c, owner, fresh in pile if owner == TRAITOR
    ]
    assert placed and not any(fresh for _c, fresh in placed)  # executable at once
    assert seat(s) == TRAITOR and kind(s) == "heresy.action"
    assert "action:map" in keys(s)


def test_FAQ_only_the_current_players_marker_triggers_an_icon() -> None:
    from tests.heresy.flow_helpers import combat

    pos = {
        "track": {"imperium": 5, "traitor": 1},
        "triggered": [n for n in range(1, 34) if n != 6],  # space 6: an Event icon
        "units": [
            unit("plateau_east", "chaos_space_marines", "traitor", 2),
            unit("plateau_south_east", "imperial_army", "imperium"),
        ],
        "piles": {"imperial_plateau": [{"card": "firefight", "owner": "traitor"}]},
        **combat(decks={"traitor": ["diversionary_tactics", "breach"], "imperium": []}),
    }
    s = game(pos)
    play(s, "action:map", "card:firefight", "target:plateau_south_east", "origin:plateau_east")
    play(s, "unit:plateau_east:chaos_space_marines", "unit:plateau_east:chaos_space_marines")
    play(s, "first:attacker", "card:diversionary_tactics", "effect:diversionary_tactics")
    assert s.pos[IMPERIUM] == 6  # the card moved the opponent's marker onto the icon
    assert 6 not in s.triggered  # not resolved: it waits for a current player's marker


def test_FAQ_errata_unnatural_vigor_removes_normal_markers_one_or_two_zones() -> None:
    marks = {"traitor": {"crucible_west": "activation", "crucible_east": "rout"}}
    hand = {"traitor": ["unnatural_vigor"]}
    s = game({**TRAITOR_TURN, "units": [], "heroes": {}, "activation": marks, "hands": hand})
    play(s, "action:hand", "card:unnatural_vigor", "sector:crucible")
    assert "zone:crucible_west" in keys(s) and "zone:crucible_east" not in keys(s)
    play(s, "zone:crucible_west")
    assert s.marks[TRAITOR] == {"crucible_east": ROUT}  # one zone from hand, rout stays


def test_FAQ_errata_forced_march_activates_the_destination_zone() -> None:
    units = [unit("crucible_centre", "chaos_cultists", "traitor")]
    hand = {"traitor": ["forced_march"]}
    s = game({**TRAITOR_TURN, "units": units, "heroes": {}, "hands": hand})
    play(s, "action:hand", "card:forced_march", "sector:crucible", "to:crucible_west")
    play(s, "unit:crucible_centre:chaos_cultists", "done")
    assert count(s, "crucible_west", TRAITOR) == 1
    assert s.marks[TRAITOR] == {"crucible_west": ACTIVE}


def test_FAQ_own_units_in_the_target_engage_even_routed_enemy_in_origin_no_bar() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor"),
        unit("crucible_centre", "imperial_army", "imperium"),  # an enemy in the origin
        unit("crucible_west", "imperial_army", "imperium"),
        unit("crucible_west", "chaos_cultists", "traitor"),  # already in the target
    ]
    pos = {
        **TRAITOR_TURN,
        "units": units,
        "heroes": {},
        "hands": {"traitor": ["firefight"]},
        "activation": {"traitor": {"crucible_west": "rout"}},
    }
    s = game(pos)
    play(s, "action:hand", "card:firefight", "sector:crucible", "target:crucible_west")
    f = s.stack[-1]
    assert [TRAITOR, "crucible_west", "chaos_cultists"] in f.data["eng"]  # routed, engaged
    assert "origin:crucible_centre" in keys(s)  # the enemy Army there does not stop him


def test_FAQ_coexistence_routed_units_fight_two_lone_heroes_fight_no_retreat() -> None:
    from arbitre.games.heresy import damage
    from arbitre.games.heresy.joining import coexistence_battle
    from arbitre.games.heresy.phases import coexisting_zones

    units = [
        unit("crucible_west", "imperial_army", "imperium"),
        unit("crucible_west", "chaos_cultists", "traitor"),
    ]
    pos = {
        **TRAITOR_TURN,
        "units": units,
        "heroes": {"rogal_dorn": "crucible_east", "horus": "crucible_east"},
        "activation": {"traitor": {"crucible_west": "rout"}},
    }
    s = game(pos)
    assert coexisting_zones(s) == ["crucible_east", "crucible_west"]  # two lone Heroes too
    f = coexistence_battle(s, "crucible_west")
    assert [TRAITOR, "crucible_west", "chaos_cultists"] in f.data["eng"]  # routed: fights
    f.data["it"] = 3
    assert not damage.can_retreat(s, f, IMPERIUM) and not damage.can_retreat(s, f, TRAITOR)
    heroes = coexistence_battle(s, "crucible_east")
    assert heroes.data["heroes"] == ["horus", "rogal_dorn"]


def test_FAQ_a_defender_may_retreat_into_an_emptied_origin_with_an_enemy_hero() -> None:
    from arbitre.games.heresy import damage, joining

    pos = {**TRAITOR_TURN, "units": [], "heroes": {"horus": "crucible_centre"}}
    s = game(pos)
    f = joining.new_battle(TRAITOR, "", "crucible", "firefight")
    f.data.update(target="crucible_west", origins=["crucible_centre"], heroes=["horus"])
    f.data["eng"] = [[IMPERIUM, "crucible_west", "imperial_army"]]  # the attackers are gone
    assert "crucible_centre" in damage.retreat_zones(s, f, IMPERIUM)
