"""The book's combat example (EX-25.1..EX-30.1) played from a position."""

from __future__ import annotations

from typing import Any

from arbitre.games.heresy.state import ACTIVE, IMPERIUM, TRAITOR, HeresyState
from tests.heresy.flow_helpers import combat, count, game, keys, kind, play, seat, unit

TRAITOR_DECK = [
    "terrifying",
    "breach",
    "diversionary_tactics",
    "noose_of_ruin",
    "will_of_chaos",
    "rain_of_death",
]


def _position(**extra: Any) -> dict[str, Any]:
    return {
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
        **combat(
            decks={"traitor": TRAITOR_DECK, "imperium": ["hostile_ground", "strategic_withdrawal"]},
            hero_decks={"imperium": ["lead_by_example", "sacrifices_must_be_made"]},
        ),
        **extra,
    }


def _joined() -> HeresyState:
    s = game(_position())
    play(s, "action:hand", "card:firefight", "sector:imperial_plateau")
    assert "target:bastion_eternal" in keys(s)  # EX-25.1: enemy units there
    play(s, "target:bastion_eternal", "origin:plateau_east")  # one origin: Feu de Combat
    assert kind(s) == "heresy.battle.engage"  # the limit of 1 origin zone is reached
    for _ in range(3):
        play(s, "unit:plateau_east:chaos_space_marines")
    play(s, "unit:plateau_east:chaos_thunderhawk")  # the last one: joining ends
    return s


def test_EX_25_1_EX_25_2_EX_21_3_join_engage_and_activate() -> None:
    s = _joined()
    assert s.marks[TRAITOR] == {"bastion_eternal": ACTIVE, "plateau_east": ACTIVE}
    assert s.marks[IMPERIUM] == {}  # EX-21.3: the defender's zones are not activated
    f = s.stack[-1]
    defenders = [e for e in f.data["eng"] if e[0] == IMPERIUM]
    assert len(defenders) == 2 and f.data["heroes"] == ["fabricator_general"]  # EX-25.2


def test_EX_26_2_HH_26_4_cards_drawn() -> None:
    s = _joined()
    assert len(s.combat_hands[TRAITOR]) == 6  # ranks 3+3+3+2 = 11 -> 6
    assert sorted(s.combat_hands[IMPERIUM]) == sorted(
        ["hostile_ground", "lead_by_example", "sacrifices_must_be_made"]
    )  # rank 2 -> 1 Combat card, plus 2 Hero Combat cards
    assert kind(s) == "heresy.battle.first" and seat(s) == IMPERIUM  # HH-26.9


def test_EX_28_2_EX_29_1_iterations_1_and_2() -> None:
    s = _joined()
    play(s, "first:defender")  # the Imperium is active in iteration 1
    assert "card:hostile_ground" in keys(s) and "retreat" not in " ".join(keys(s))
    play(s, "card:lead_by_example")  # limit 1 reached
    play(s, "effect:lead_by_example")  # draws Repli Stratégique; no Traitor Hero
    assert kind(s) == "heresy.battle.shields" and seat(s) == TRAITOR
    play(s, "card:terrifying")  # 2 shields against 1 damage
    assert sorted(s.combat_hands[IMPERIUM]) == sorted(
        ["hostile_ground", "strategic_withdrawal", "sacrifices_must_be_made"]
    )
    assert len(s.combat_hands[TRAITOR]) == 5
    # iteration 2: the Traitor is active (EX-24.1)
    assert kind(s) == "heresy.battle.play" and seat(s) == TRAITOR
    play(s, "card:breach", "card:diversionary_tactics")
    assert keys(s) == ["effect:diversionary_tactics", "none"]  # Brèche: no Titan
    before = s.pos[IMPERIUM]
    play(s, "effect:diversionary_tactics", "accept")  # not countered
    assert s.pos[IMPERIUM] == before + 1
    assert s.stack[-1].data["dmg"] == 5  # 6 - 1: the flying Thunderhawk breaches
    play(s, "card:hostile_ground", "done")  # 3 shields -> 2
    play(s, "unit:bastion_eternal:imperial_army", "unit:bastion_eternal:imperial_army")
    assert count(s, "bastion_eternal", IMPERIUM) == 0
    assert s.reserve[IMPERIUM].get("imperial_army", 0) >= 2  # HH-31.3
    # AMB-3: the battle goes on with only the Fabricator General
    assert kind(s) == "heresy.battle.play" and seat(s) == IMPERIUM
    return None


def test_EX_29_2_EX_29_3_EX_30_1_to_the_end_and_the_advance() -> None:
    s = _joined()
    play(s, "first:defender", "card:lead_by_example", "effect:lead_by_example")
    play(s, "card:terrifying", "card:breach", "card:diversionary_tactics")
    play(s, "effect:diversionary_tactics", "accept", "card:hostile_ground", "done")
    play(s, "unit:bastion_eternal:imperial_army", "unit:bastion_eternal:imperial_army")
    # iteration 3: Repli Stratégique's condition (defending unit) is not met
    play(s, "card:strategic_withdrawal", "card:sacrifices_must_be_made")
    assert kind(s) == "heresy.battle.shields"  # EX-29.2: no special effect can be used
    assert s.stack[-1].data["dmg"] == 5
    play(s, "done")  # the Traitor keeps his cards (Piège/Volonté shields unknown)
    play(s, "unit:plateau_east:chaos_space_marines", "unit:plateau_east:chaos_space_marines/d1")
    play(s, "unit:plateau_east:chaos_space_marines/d2")  # eliminated (HH-30.14)
    play(s, "unit:plateau_east:chaos_space_marines", "unit:plateau_east:chaos_space_marines/d1")
    assert count(s, "plateau_east", TRAITOR, "chaos_space_marines") == 2
    # iteration 4: Pluie Mortelle, 1 - 1 fortification = 0 (bombardment not implemented)
    play(s, "card:rain_of_death", "done", "effect:rain_of_death")
    # EX-30.1: 4 iterations done; no Imperium unit in the target: the Traitor may advance
    assert kind(s) == "heresy.battle.advance"
    play(s, "unit:plateau_east:chaos_space_marines", "unit:plateau_east:chaos_space_marines/d2")
    play(s, "done")
    assert count(s, "bastion_eternal", TRAITOR, "chaos_space_marines") == 2
    assert count(s, "plateau_east", TRAITOR, "chaos_thunderhawk") == 1
    assert s.combat_hands == [[], []]  # HH-30.12
    assert s.card_reserve[TRAITOR] == ["firefight"] or "firefight" in s.discards[TRAITOR]


def test_EX_25_3_HH_25_8_HH_25_9_a_thunderhawk_flies_in_to_the_origin_zone() -> None:
    pos = _position()
    pos["units"] = [
        unit("plateau_east", "chaos_space_marines", "traitor", 3),
        unit("plateau_south_east", "chaos_thunderhawk", "traitor"),
        unit("bastion_eternal", "imperial_army", "imperium", 2),
    ]
    s = game(pos)
    play(s, "action:hand", "card:firefight", "sector:imperial_plateau")
    play(s, "target:bastion_eternal", "origin:plateau_east")
    assert kind(s) == "heresy.battle.fly"
    # the only origin zone allowed by Feu de Combat is already declared (EX-25.3)
    assert [k for k in keys(s) if k.startswith("fly:")] == [
        "fly:plateau_south_east:chaos_thunderhawk:plateau_east"
    ]
    play(s, "fly:plateau_south_east:chaos_thunderhawk:plateau_east")
    assert count(s, "plateau_east", TRAITOR, "chaos_thunderhawk") == 1
    for _ in range(3):
        play(s, "unit:plateau_east:chaos_space_marines")
    assert len(s.combat_hands[TRAITOR]) == 6  # EX-26.2: the flyer is engaged (rank 2)
    assert s.marks[TRAITOR] == {"bastion_eternal": ACTIVE, "plateau_east": ACTIVE}
