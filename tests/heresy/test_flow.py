"""Setup, the round, special phases, stacking and victory (HH-12..HH-17, HH-38, HH-40)."""

from __future__ import annotations

import pytest

from arbitre.engine.i18n import translate
from arbitre.engine.ruleset import ConfigError
from arbitre.games.heresy.state import ACTIVE, IMPERIUM, ROUT, TRAITOR
from tests.heresy.flow_helpers import R, count, game, keys, kind, past_setup, play, seat, unit


def test_HH_12_16_both_markers_on_the_first_space_traitor_on_top() -> None:
    s = past_setup(game())
    assert s.pos == [1, 1] and s.top == TRAITOR
    assert seat(s) == TRAITOR and kind(s) == "heresy.action"  # HH-13.15


def test_HH_13_12_starting_orders_are_the_starting_hand() -> None:
    s = game()
    for who in (IMPERIUM, TRAITOR):
        assert s.hands[who]
        assert all(s.content.orders[c.partition("#")[0]].starting for c in s.hands[who])
        assert not any(s.content.orders[c.partition("#")[0]].starting for c in s.decks[who])


def test_HH_13_14_order_decks_are_shuffled_with_the_seed() -> None:
    decks = {tuple(game(seed=n).decks[IMPERIUM]) for n in range(8)}
    assert len(decks) > 1
    assert game(seed=3).decks == game(seed=3).decks


def test_HH_13_3_event_deck_is_built_act_by_act_act_one_on_top() -> None:
    s = game()
    acts = [a for a, _ in s.events]
    assert acts == sorted(acts) and acts[0] == 1 and len(s.events) == 10


def test_HH_12_19_units_placed_and_the_rest_forms_the_reserve() -> None:
    s = game()
    assert count(s, "inner_palace", IMPERIUM, "adeptus_custodes") == 3
    assert s.heroes["the_emperor"] == "inner_palace" and s.heroes["fulgrim"] == ""
    assert s.reserve[IMPERIUM]["imperial_army"] > 0  # HH-12.20


def test_HH_14_4_the_marker_closest_to_the_start_is_current() -> None:
    assert seat(game({"track": {"imperium": 3, "traitor": 5}})) == IMPERIUM
    assert seat(game({"track": {"imperium": 5, "traitor": 5, "top": "imperium"}})) == IMPERIUM


def test_HH_15_7_a_special_phase_space_triggers_once_per_game() -> None:
    s = game(
        {
            "track": {"imperium": 2, "traitor": 5},
            "triggered": [3],
            "hands": {"imperium": ["redeploy"]},
        }
    )
    play(s, "action:place", "card:redeploy", "pile:palace")
    assert s.pos[IMPERIUM] == 3 and s.event_discard == []


def test_HH_15_4_no_change_no_stacking_check() -> None:
    s = game(
        {
            "units": [unit("tower_of_shadows", "space_marines", "imperium", 4)],
            "track": {"imperium": 5, "traitor": 2},
            "hands": {"traitor": ["firefight"]},
        }
    )
    play(s, "action:place", "card:firefight", "pile:palace")
    assert count(s, "tower_of_shadows", IMPERIUM) == 4


def test_HH_38_6_excess_units_are_chosen_by_their_owner_and_eliminated() -> None:
    s = game(
        {
            "units": [unit("tower_of_shadows", "space_marines", "imperium", 4)],
            "track": {"imperium": 4, "traitor": 4},
            "hands": {"traitor": ["firefight"]},
        }
    )
    play(s, "action:place", "card:firefight", "pile:palace")  # Traitor passes: change
    assert kind(s) == "heresy.stacking" and seat(s) == IMPERIUM
    play(s, "unit:tower_of_shadows:space_marines")
    assert count(s, "tower_of_shadows", IMPERIUM) == 3
    assert s.box == [(IMPERIUM, "space_marines", "", 0)]  # AMB-10: eliminated


def test_HH_17_2_restoration_removes_activation_and_flips_rout() -> None:
    s = game(
        {
            "track": {"imperium": 12, "traitor": 9},
            "activation": {
                "traitor": {"crucible_west": "activation", "crucible_east": "rout"},
                "imperium": {"inner_palace": "activation"},
            },
            "hands": {"traitor": ["firefight"]},
        }
    )
    play(s, "action:place", "card:firefight", "pile:palace")
    assert s.marks == [{}, {"crucible_east": ACTIVE}]
    assert ROUT not in s.marks[TRAITOR].values()


def test_HH_16_2_event_deck_empty_does_nothing() -> None:
    s = game(
        {"track": {"imperium": 5, "traitor": 2}, "events": [], "hands": {"traitor": ["firefight"]}}
    )
    play(s, "action:place", "card:firefight", "pile:palace")
    assert any(m.rule == "AMB-19" for m in R.events(s))


def test_HH_40_3_a_marker_on_the_last_space_wins_for_the_imperium() -> None:
    s = game({"track": {"imperium": 34, "traitor": 33}, "hands": {"traitor": ["firefight"]}})
    play(s, "action:place", "card:firefight", "pile:palace")
    result = R.result(s)
    assert result is not None and result.scores == (1.0, 0.0)
    assert R.decision(s) is None


def test_HH_40_1_no_spaceport_victory_before_space_17() -> None:
    ports = [
        "eternity_wall_spaceport",
        "lions_gate_spaceport",
        "spaceport_damocles",
        "spaceport_primus",
    ]
    s = game(
        {
            "units": [unit(z, "chaos_warband", "traitor") for z in ports],
            "track": {"imperium": 14, "traitor": 10},
            "hands": {"traitor": ["firefight"]},
            "triggered": list(range(1, 17)),
        }
    )
    play(s, "action:place", "card:firefight", "pile:palace")
    assert R.result(s) is None


def test_positions_name_the_bad_field() -> None:
    with pytest.raises(ConfigError, match=r"position\.units\[0\]\.zone"):
        game({"units": [{"zone": "atlantis", "type": "imperial_army"}]})
    with pytest.raises(ConfigError, match=r"position\.track\.traitor"):
        game({"track": {"traitor": 99}})
    with pytest.raises(ConfigError, match=r"position\.hands\.traitor\[0\]"):
        game({"hands": {"traitor": ["no_such_card"]}})


def test_position_refusals_exist_in_french_and_english() -> None:
    """A bad position is refused in the reader's language, naming the field (and the rule,
    HH-30.14, when one decides)."""
    with pytest.raises(ConfigError) as bad:
        game({"units": [{"zone": "atlantis", "type": "imperial_army"}]})
    assert bad.value.msg is not None
    assert translate(bad.value.msg, "fr") == "position.units[0].zone : zone inconnue « atlantis »"
    assert translate(bad.value.msg, "en") == "position.units[0].zone: unknown zone 'atlantis'"
    with pytest.raises(ConfigError) as hurt:
        game({"units": [{"zone": "volcanus_west", "type": "imperial_army", "damage": 9}]})
    assert hurt.value.msg is not None and hurt.value.msg.rule == "HH-30.14"
    assert "éliminent l'unité" in translate(hurt.value.msg, "fr")


def test_config_rejects_unknown_keys_and_scenarios() -> None:
    with pytest.raises(ConfigError, match="scenario"):
        game(scenario="nope")
    with pytest.raises(ConfigError, match="bogus"):
        game(bogus=1)
    assert any(o.key == "stacking.removed" for o in R.options_schema())


def test_view_hides_the_opponents_hand_and_face_down_cards() -> None:
    s = game(
        {
            "piles": {"palace": [{"card": "firefight", "owner": "traitor"}]},
            "hands": {"imperium": ["redeploy"]},
        }
    )
    mine, theirs = R.view(s, TRAITOR), R.view(s, IMPERIUM)
    assert mine["piles"]["palace"][0]["card"] == "firefight"  # HH-18.14: own top card
    assert theirs["piles"]["palace"][0]["card"] is None
    assert theirs["hands"]["imperium"] == ["redeploy"] and mine["hands"]["imperium"] == 1
    assert "decks" in mine and isinstance(mine["decks"]["traitor"], int)
    assert keys(s)
