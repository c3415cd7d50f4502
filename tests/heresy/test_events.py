"""The Event phase and the Event cards (HH-16.1, HH-16.2, HH-17.1, HH-39.6, EX-16.1),
known effects and reconstructed ones (events.py), and the victory checks made at once
whatever the cause (HH-39.8..HH-40.3)."""

from __future__ import annotations

from typing import Any

from arbitre.games.heresy import bombardment
from arbitre.games.heresy.rules import settle
from arbitre.games.heresy.state import ACTIVE, IMPERIUM, ROUT, TRAITOR, HeresyState
from tests.heresy.flow_helpers import count, game, keys, kind, logged, play, seat, unit


def _event(event: str, units: list[dict[str, Any]] | None = None, **extra: Any) -> HeresyState:
    """The Imperium is current, places an order and lands on the Event space 3."""
    pos: dict[str, Any] = {
        "track": {"imperium": 2, "traitor": 5},
        "events": [event, "command_decisions"],
        "units": units or [],
        "heroes": extra.pop("heroes", {}),
        "hands": {"imperium": ["redeploy", *extra.pop("hand", [])]},
        **extra.pop("position", {}),
    }
    s = game(pos, **extra)
    play(s, "action:place", "card:redeploy", "pile:palace")
    return s


def test_HH_16_2_HH_39_6_the_current_player_draws_the_top_card_never_reshuffled() -> None:
    s = _event("the_unwavering_will_to_act")
    assert s.event_discard == ["the_unwavering_will_to_act"]
    assert [c for _a, c in s.events] == ["command_decisions"]
    assert logged(s, "heresy.log.event")


def test_HH_16_2_deluge_apocalyptique_is_the_traitors_orbital_bombardment() -> None:
    s = _event("apocalypse_rains_down")
    assert kind(s) == "heresy.bombard.zone" and seat(s) == TRAITOR
    assert len(keys(s)) == sum(1 for z in s.content.zones if z.terra)  # any zone of Terra


def test_FAQ_command_decisions_orders_wait_for_a_change_EX_16_1_AMB_32() -> None:
    hand = ["imperial_assemble", "onslaught", "imperial_assault"]
    s = _event("command_decisions", hand=hand)
    assert kind(s) == "heresy.event.orders" and seat(s) == IMPERIUM
    for card in hand:
        play(s, f"card:{card}", "sector:crucible")
    assert s.pos[IMPERIUM] == 3  # no initiative spent
    assert [c for c, _o, fresh in s.piles["crucible"] if fresh] == hand  # not executable yet
    assert kind(s) == "heresy.action"


def test_HH_17_1_the_reconstructed_effects_can_be_switched_off() -> None:
    units = [unit("plateau_south", "chaos_thunderhawk", "traitor")]
    s = _event("cyclones_rage_and_the_air_itself_burns", units, **{"events.reconstructed": False})
    assert s.units["plateau_south"] == [(TRAITOR, "chaos_thunderhawk", "", 0)]
    assert logged(s, "heresy.log.effect_unknown")
    on = _event("cyclones_rage_and_the_air_itself_burns", units)
    assert on.units["plateau_south"] == [(TRAITOR, "chaos_thunderhawk", "", 1)]
    marked = [e.id for e in on.content.events if e.reconstructed]
    assert "cyclones_rage_and_the_air_itself_burns" in marked
    assert "command_decisions" not in marked and "apocalypse_rains_down" not in marked


def test_FAQ_vicissitudes_moves_activate_nothing_HH_21_15_HH_44_19() -> None:
    units = [
        unit("plateau_south", "chaos_cultists", "traitor", 2),
        unit("plateau_south", "imperial_army", "imperium"),
    ]
    deck = [c.id for c in game().content.bombardment]
    star = next(c for c in deck if bombardment.chaos_star(game(), c))
    pos = {"activation": {"traitor": {"plateau_south": "rout"}}, "bombardment": {"deck": [star]}}
    s = _event("the_vicissitudes_of_chaos", units, position=pos)
    assert kind(s) == "heresy.event.move_from" and seat(s) == TRAITOR  # the Chaos Star
    play(s, "from:plateau_south", "to:plateau_south_west")
    play(s, "unit:chaos_cultists", "unit:chaos_cultists")  # nothing left to move: over
    assert count(s, "plateau_south_west", TRAITOR) == 2
    assert "plateau_south_west" not in s.marks[TRAITOR]


def test_HH_31_13_HH_32_2_righteous_heed_the_call_heroes_come_along() -> None:
    pos = {"reserve": {"imperium": {"imperial_army": 4}}}
    s = _event("the_righteous_heed_the_call", position=pos)
    play(s, "to:plateau_south")
    play(s, "unit:imperial_army", "unit:imperial_army", "unit:imperial_army")
    assert "unit:imperial_army" not in keys(s)  # 3 units at most
    play(s, "hero:rogal_dorn", "done")
    assert count(s, "plateau_south", IMPERIUM) == 3 and s.heroes["rogal_dorn"] == "plateau_south"
    assert s.reserve[IMPERIUM]["imperial_army"] == 1


def test_FAQ_thrown_to_terra_takes_both_sides_HH_16_2() -> None:
    units = [
        unit("vs_command_bridge", "chaos_space_marines", "traitor"),
        unit("vs_catacombs", "space_marines", "imperium"),
    ]
    heroes = {"horus": "vs_command_bridge"}
    s = _event("thrown_to_terra_by_his_mighty_hand", units, heroes=heroes)
    assert seat(s) == TRAITOR
    play(s, "zone:plateau_south")
    assert count(s, "plateau_south", TRAITOR) == 1 and count(s, "plateau_south", IMPERIUM) == 1
    assert s.heroes["horus"] == "plateau_south"
    assert not s.units.get("vs_command_bridge") and not s.units.get("vs_catacombs")


def test_HH_9_1_blocked_with_corpses_puts_the_traitors_rout_marker() -> None:
    units = [unit("plateau_south", "chaos_cultists", "traitor")]
    pos = {"activation": {"traitor": {"plateau_south": "activation"}}}
    s = _event("blocked_with_corpses", units, position=pos)
    assert s.marks[TRAITOR]["plateau_south"] == ACTIVE
    play(s, "zone:plateau_south")
    assert s.marks[TRAITOR]["plateau_south"] == ROUT


def test_HH_30_14_lava_hurts_every_unit_of_both_sides_not_heroes() -> None:
    units = [
        unit("plateau_south", "chaos_cultists", "traitor"),
        unit("plateau_south", "imperial_tank_division", "imperium"),
    ]
    s = _event("lava_boils_and_terra_is_torn_asunder", units, heroes={"angron": "plateau_south"})
    assert "zone:librarium_technologicus" not in keys(s)  # unfortified zones only
    play(s, "zone:plateau_south")
    assert s.units["plateau_south"] == [(IMPERIUM, "imperial_tank_division", "", 1)]
    assert s.hero_damage["angron"] == 0


def test_HH_15_7_the_warp_claims_an_armada_pushes_both_markers_back() -> None:
    s = _event("the_warp_claims_a_mighty_armada")
    assert s.pos == [1, 2] and 3 in s.triggered


def test_HH_16_2_titans_stride_each_player_current_first() -> None:
    units = [unit("plateau_south", "imperial_army", "imperium")]
    units += [unit("spaceport_primus", "chaos_cultists", "traitor")]
    pos = {"reserve": {"imperium": {"imperial_titan": 1}, "traitor": {"chaos_titan": 1}}}
    s = _event("titans_stride_the_earth", units, position=pos)
    assert seat(s) == IMPERIUM and keys(s) == ["to:plateau_south", "done"]
    play(s, "to:plateau_south", "unit:imperial_titan", "done")
    assert seat(s) == TRAITOR
    play(s, "to:spaceport_primus", "unit:chaos_titan", "done")
    assert count(s, "plateau_south", IMPERIUM, "imperial_titan") == 1
    assert count(s, "spaceport_primus", TRAITOR, "chaos_titan") == 1


# --- victory, checked at once whatever the cause ---------------------------------------------


def test_HH_39_8_HH_40_1_HH_40_2_a_bombardment_taking_the_last_spaceport_wins_at_once() -> None:
    ports = ["eternity_wall_spaceport", "lions_gate_spaceport", "spaceport_damocles"]
    units = [unit(p, "chaos_cultists", "traitor") for p in ports]
    units += [unit("spaceport_primus", "chaos_space_marines", "traitor")]
    units += [unit("spaceport_primus", "imperial_army", "imperium")]
    pos = {"track": {"imperium": 17, "traitor": 20},
           "events": ["apocalypse_rains_down"], "hands": {"imperium": ["redeploy"]},
           "bombardment": {"deck": ["rulebook_p37_1"]}}  # fmt: skip
    s = game({**pos, "units": units, "heroes": {}})
    play(s, "action:place", "card:redeploy", "pile:palace")  # 17 -> 18: the Event
    play(s, "zone:spaceport_primus", "mode:precise")  # 1 damage: the army falls
    assert s.over and s.winner == TRAITOR and s.reason == "spaceports"
    assert not s.stack


def test_HH_39_9_AMB_16_a_commanders_death_wins_at_once() -> None:
    s = game({"heroes": {"horus": "vs_command_bridge"}})
    s.hero_damage["horus"] = 10
    s.heroes["horus"] = "dead"  # however it happened (battle, ability, event)
    settle(s)
    assert s.over and s.winner == IMPERIUM and s.reason == "commander"


def test_AMB_19_an_empty_event_deck_does_nothing() -> None:
    s = game(
        {"track": {"imperium": 2, "traitor": 5}, "events": [], "hands": {"imperium": ["redeploy"]}}
    )
    play(s, "action:place", "card:redeploy", "pile:palace")
    assert logged(s, "heresy.log.event_none") and s.event_discard == []
    assert kind(s) == "heresy.action"


def test_AMB_38_the_unwavering_will_to_act_draws_past_six() -> None:
    hand = ["imperial_assemble", "onslaught", "imperial_assault", "boarding_action"]
    hand += ["secret_routes", "tank_reinforcements"]
    decks = {"imperium": ["redeploy#2"], "traitor": ["firefight"]}
    s = _event("the_unwavering_will_to_act", hand=hand, position={"decks": decks})
    assert len(s.hands[IMPERIUM]) == 7 and "redeploy#2" in s.hands[IMPERIUM]  # 6 + 1
    assert s.hands[TRAITOR] == ["firefight"]


def test_EX_39_2_HH_39_11_HH_39_12_drop_pods_into_a_neutral_palace_zone_with_horus() -> None:
    s = game(
        {
            "track": {"imperium": 5, "traitor": 4},
            "triggered": [3],
            "units": [
                unit("inner_palace", "adeptus_custodes", "imperium"),
                unit("vs_command_bridge", "chaos_space_marines", "traitor"),
            ],
            "heroes": {"horus": "vs_command_bridge", "the_emperor": "inner_palace"},
            "hands": {"traitor": ["drop_pods"]},
            "lasers": {},
        }
    )
    play(s, "action:hand", "card:drop_pods", "sector:palace")
    assert "to:outer_palace_nw" in keys(s) and "to:inner_palace" not in keys(s)  # enemy
    play(s, "to:outer_palace_nw", "from:vs_command_bridge")
    play(s, "unit:vs_command_bridge:chaos_space_marines", "hero:horus", "done")
    assert s.heroes["horus"] == "outer_palace_nw"
    assert count(s, "outer_palace_nw", TRAITOR) == 1
