"""The book's whole combat example, EX-28.1..EX-30.1, played as one battle from a position
with every deck in the book's order, under both readings of AMB-2."""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.games.heresy.state import ACTIVE, IMPERIUM, TRAITOR, HeresyState
from tests.heresy.flow_helpers import combat, count, game, keys, kind, play, seat, unit

TRAITOR_DECK = [  # drawn in this order: 6 cards (EX-26.2)
    "terrifying",
    "breach",
    "diversionary_tactics",
    "noose_of_ruin",  # Piège
    "will_of_chaos",
    "rain_of_death",
]


def _start(reading: str) -> HeresyState:
    position: dict[str, Any] = {
        "track": {"imperium": 3, "traitor": 1},
        "triggered": [3],
        "events": [],
        "units": [
            unit("plateau_east", "chaos_space_marines", "traitor", 3),
            unit("plateau_east", "chaos_thunderhawk", "traitor"),
            unit("bastion_eternal", "imperial_army", "imperium", 2),
        ],
        "heroes": {"fabricator_general": "bastion_eternal"},
        "hands": {"traitor": ["firefight"]},
        "bombardment": {"deck": ["rulebook_p37_2", "rulebook_p37_1"]},  # 2 per Thunderhawk
        **combat(
            decks={"traitor": TRAITOR_DECK, "imperium": ["hostile_ground", "strategic_withdrawal"]},
            hero_decks={"imperium": ["lead_by_example", "sacrifices_must_be_made"]},
        ),
    }
    config: dict[str, Any] = {"thunderhawk.heroes": reading}
    return game(position, 0, **config)


@pytest.mark.parametrize(("reading", "fg_damage"), [("book", 2), ("rules", 0)])
def test_EX_28_1_to_EX_30_1_AMB_2_AMB_3_the_whole_combat_example(
    reading: str, fg_damage: int
) -> None:
    s = _start(reading)
    # EX-25.1, EX-25.2: Feu de Combat, one origin zone, everything there engaged
    play(s, "action:hand", "card:firefight", "sector:imperial_plateau")
    play(s, "target:bastion_eternal", "origin:plateau_east")
    play(s, "unit:plateau_east:chaos_space_marines", "unit:plateau_east:chaos_space_marines")
    play(s, "unit:plateau_east:chaos_space_marines", "unit:plateau_east:chaos_thunderhawk")
    assert s.marks[TRAITOR] == {"bastion_eternal": ACTIVE, "plateau_east": ACTIVE}
    # EX-28.1: 6 cards against 1 + 2 Hero cards; at most 4 iterations
    assert len(s.combat_hands[TRAITOR]) == 6 and len(s.combat_hands[IMPERIUM]) == 3
    f = s.stack[-1]
    assert f.data["iters"] == 4

    # EX-28.2, iteration 1: the defender chooses to be active
    play(s, "first:defender", "card:lead_by_example", "effect:lead_by_example")
    assert "strategic_withdrawal" in s.combat_hands[IMPERIUM]  # drew 1; no Traitor Hero
    assert f.data["dmg"] == 1  # no reduction: the Imperium is not the attacker
    play(s, "card:terrifying")  # 2 shields, 1 wasted
    assert len(s.combat_hands[IMPERIUM]) == 3 and len(s.combat_hands[TRAITOR]) == 5

    # EX-29.1, iteration 2: the Traitor, Brèche (no Titan) + Tactiques de Diversion
    assert seat(s) == TRAITOR
    play(s, "card:breach", "card:diversionary_tactics")
    assert keys(s) == ["effect:diversionary_tactics", "none"]
    before = s.pos[IMPERIUM]
    play(s, "effect:diversionary_tactics", "accept")
    assert s.pos[IMPERIUM] == before + 1  # AMB-6
    assert f.data["dmg"] == 5  # 6 - 1: the flying Thunderhawk counts as a breach
    play(s, "card:hostile_ground", "done")  # 3 shields -> 2
    play(s, "unit:bastion_eternal:imperial_army", "unit:bastion_eternal:imperial_army")
    assert count(s, "bastion_eternal", IMPERIUM) == 0 and s.reserve[IMPERIUM]["imperial_army"] >= 2
    assert len(s.combat_hands[IMPERIUM]) == 2 and len(s.combat_hands[TRAITOR]) == 3

    # EX-29.2, iteration 3: no special effect usable; 5 damage; Piège + Volonté = 3 shields
    assert seat(s) == IMPERIUM
    play(s, "card:strategic_withdrawal", "card:sacrifices_must_be_made")
    assert kind(s) == "heresy.battle.shields" and f.data["dmg"] == 5
    play(s, "card:noose_of_ruin", "card:will_of_chaos", "done")
    assert f.data["dmg"] == 2
    play(s, "unit:plateau_east:chaos_space_marines", "unit:plateau_east:chaos_space_marines/d1")
    assert sorted(u[3] for u in s.units["plateau_east"] if u[1] == "chaos_space_marines") == [
        0,
        0,
        2,
    ]
    assert s.combat_hands == [[], ["rain_of_death"]]  # AMB-3: the battle goes on

    # EX-29.3, iteration 4: Pluie Mortelle, 2 per Thunderhawk, not reduced (AMB-15)
    play(s, "card:rain_of_death", "effect:rain_of_death")
    assert s.hero_damage["fabricator_general"] == fg_damage
    assert s.bombard_discard == ["rulebook_p37_2"]

    # EX-30.1: 4 iterations done and no card left; no Imperium unit in the Bastion
    assert kind(s) == "heresy.battle.advance" and seat(s) == TRAITOR
    play(s, "unit:plateau_east:chaos_space_marines", "unit:plateau_east:chaos_space_marines")
    play(s, "unit:plateau_east:chaos_space_marines/d2", "done")
    assert count(s, "bastion_eternal", TRAITOR, "chaos_space_marines") == 3
    assert count(s, "plateau_east", TRAITOR, "chaos_thunderhawk") == 1
    assert s.heroes["fabricator_general"] == "bastion_eternal"  # a coexistence may follow
    assert "firefight" in s.discards[TRAITOR] + s.card_reserve[TRAITOR]  # HH-30.13
    assert s.combat_hands == [[], []]  # HH-30.12
