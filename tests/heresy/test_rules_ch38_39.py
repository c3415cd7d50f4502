"""Stacking limits (HH-38.x, AMB-10), the decks (HH-39.1..HH-39.7) and the strategy
notes with rule content (HH-39.10), each built from a position.

Reading taken here (HH-39.3): every card in a discard pile was shown when it was
discarded (face up, HH-39.2; named, HH-39.4), so a seat's view carries the whole pile;
the interfaces show only its size and its top card.
"""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.cli.render_heresy import deck_text
from arbitre.games.heresy.state import IMPERIUM, TRAITOR
from tests.heresy.flow_helpers import R, count, game, keys, kind, play, seat, unit


def test_HH_39_1_eight_decks() -> None:
    s = game()
    decks = [
        *s.decks,  # Imperium and Traitor Order decks
        *s.combat_decks,  # Combat decks
        *s.hero_decks,  # Hero Combat decks
        s.events,  # the Event deck
        s.bombard_deck,  # the Bombardment deck
    ]
    assert len(decks) == 8 and all(decks)
    piles = [*s.discards, *s.combat_discards, *s.hero_discards, s.event_discard]
    assert len([*piles, s.bombard_discard]) == 8  # HH-39.2: each its own discard pile
    assert len(s.combat_decks[IMPERIUM]) == s.content.combat_decks.imperial_combat
    assert len(s.hero_decks[TRAITOR]) == s.content.combat_decks.traitor_hero_combat


def test_HH_39_3_only_the_top_discard_is_shown() -> None:
    s = game({"discards": {"traitor": ["skirmish", "drop_pods"]}})
    view = R.view(s, IMPERIUM)
    shown = deck_text(s.content, view, "traitor", "en").plain
    assert "Drop Pods" in shown and "Skirmish" not in shown
    assert "2" in shown  # the pile's size


def test_HH_39_4_several_cards_discarded_in_the_chosen_order_and_named() -> None:
    s = game(
        {
            "track": {"imperium": 6, "traitor": 9},
            "triggered": [3, 6],
            "hands": {"imperium": ["onslaught", "imperial_assault", "secret_routes", "redeploy"]},
            "decks": {"imperium": ["counter_attack", "sally_forth", "harass"]},
        }
    )
    play(s, "action:place", "card:redeploy", "pile:palace")  # Order Draw at 7
    assert kind(s) == "heresy.order_draw.discard" and seat(s) == IMPERIUM
    play(s, "card:secret_routes", "card:onslaught")
    assert s.discards[IMPERIUM] == ["secret_routes", "onslaught"]  # onslaught on top
    named = [m.args["card"] for m in R.events(s) if m.key == "heresy.log.discarded"]
    assert named == ["onslaught"]  # each card named as it is discarded
    assert R.view(s, TRAITOR)["discards"]["imperium"] == ["secret_routes", "onslaught"]


def test_HH_39_10_boarding_the_vengeful_spirit_may_exceed_the_limit_until_a_change() -> None:
    s = game(
        {
            "track": {"imperium": 1, "traitor": 5},
            "triggered": [3],
            "units": [
                unit("inner_palace", "space_marines", "imperium", 5),
                unit("vs_catacombs", "chaos_space_marines", "traitor", 2),
            ],
            "heroes": {"rogal_dorn": "inner_palace", "sanguinius": "inner_palace"},
            "hands": {"imperium": ["boarding_action", "redeploy"]},
        }
    )
    assert s.content.zones["vs_command_bridge"].stacking_limit == 3
    play(s, "action:hand", "card:boarding_action", "sector:vengeful_spirit")
    play(s, "to:vs_command_bridge", *["unit:inner_palace:space_marines"] * 5)
    play(s, "hero:rogal_dorn", "hero:sanguinius", "done")
    assert count(s, "vs_command_bridge", IMPERIUM) == 5  # over the limit, legal
    assert s.heroes["rogal_dorn"] == s.heroes["sanguinius"] == "vs_command_bridge"
    assert seat(s) == IMPERIUM and s.pos[IMPERIUM] == 3  # no initiative change yet


def test_HH_39_10_an_over_limit_zone_may_attack_before_the_change() -> None:
    s = game(
        {
            "track": {"imperium": 3, "traitor": 5},
            "triggered": [3],
            "units": [
                unit("vs_command_bridge", "space_marines", "imperium", 5),
                unit("vs_catacombs", "chaos_space_marines", "traitor", 2),
            ],
            "heroes": {"rogal_dorn": "vs_command_bridge", "horus": "vs_catacombs"},
            "hands": {"imperium": ["onslaught"]},
        }
    )
    play(s, "action:hand", "card:onslaught", "sector:vengeful_spirit", "target:vs_catacombs")
    assert keys(s) == ["origin:vs_command_bridge"]
    play(s, "origin:vs_command_bridge")
    assert sum(k.startswith("unit:vs_command_bridge") for k in keys(s)) == 1


def test_HH_39_10_the_excess_is_cut_back_at_the_initiative_change() -> None:
    s = game(
        {
            "track": {"imperium": 4, "traitor": 5},
            "triggered": [3],
            "units": [unit("vs_command_bridge", "space_marines", "imperium", 5)],
            "hands": {"imperium": ["redeploy"]},
        }
    )
    play(s, "action:place", "card:redeploy", "pile:palace")  # 4 -> 5: on top, no change
    assert count(s, "vs_command_bridge", IMPERIUM) == 5
    s = game(
        {
            "track": {"imperium": 4, "traitor": 4, "top": "traitor"},
            "triggered": [3],
            "units": [unit("vs_command_bridge", "space_marines", "imperium", 5)],
            "hands": {"traitor": ["firefight"]},
        }
    )
    play(s, "action:place", "card:firefight", "pile:palace")  # the Traitor passes
    assert kind(s) == "heresy.stacking" and seat(s) == IMPERIUM
    play(s, "unit:vs_command_bridge:space_marines", "unit:vs_command_bridge:space_marines")
    assert count(s, "vs_command_bridge", IMPERIUM) == 3 and kind(s) == "heresy.action"


@pytest.mark.parametrize("removed", ["eliminated", "reserve"])
def test_AMB_10_units_removed_for_stacking_are_eliminated(removed: str) -> None:
    config: dict[str, Any] = {"stacking.removed": removed}
    s = game(
        {
            "track": {"imperium": 4, "traitor": 4, "top": "traitor"},
            "triggered": [3],
            "units": [
                unit("tower_of_shadows", "space_marines", "imperium", 2),
                unit("tower_of_shadows", "imperial_army", "imperium", 2),
            ],
            "reserve": {"imperium": {}},
            "hands": {"traitor": ["firefight"]},
        },
        0,
        **config,
    )
    play(s, "action:place", "card:firefight", "pile:palace")
    assert set(keys(s)) == {
        "unit:tower_of_shadows:space_marines",
        "unit:tower_of_shadows:imperial_army",
    }  # the owner chooses which
    play(s, "unit:tower_of_shadows:space_marines")
    assert count(s, "tower_of_shadows", IMPERIUM) == 3
    if removed == "eliminated":  # HH-31.3: a Space Marine unit goes back to the box
        assert s.box == [(IMPERIUM, "space_marines", "", 0)]
        assert s.reserve[IMPERIUM].get("space_marines", 0) == 0
    else:
        assert s.box == [] and s.reserve[IMPERIUM]["space_marines"] == 1


def test_AMB_10_an_eliminated_imperial_army_returns_to_the_reserve() -> None:
    s = game(
        {
            "track": {"imperium": 4, "traitor": 4, "top": "traitor"},
            "triggered": [3],
            "units": [unit("tower_of_shadows", "imperial_army", "imperium", 4)],
            "reserve": {"imperium": {}},
            "hands": {"traitor": ["firefight"]},
        }
    )
    play(s, "action:place", "card:firefight", "pile:palace")
    play(s, "unit:tower_of_shadows:imperial_army")
    assert s.reserve[IMPERIUM]["imperial_army"] == 1 and s.box == []  # HH-31.3
