"""Only cards carrying shields pay counters and block damage, and each payment is logged."""

from __future__ import annotations

from arbitre.games.heresy.state import IMPERIUM
from tests.heresy.flow_helpers import combat, keys, kind, logged, play, seat
from tests.heresy.test_battle_rules import _battle


def test_HH_26_16_HH_28_4_cards_without_shields_cannot_pay() -> None:
    s = _battle(
        **combat(
            decks={
                "traitor": ["diversionary_tactics"],
                "imperium": ["hostile_ground", "angels_of_death"],
            }
        )
    )
    s.combat_hands[IMPERIUM] = ["hostile_ground", "angels_of_death"]
    play(s, "first:attacker", "card:diversionary_tactics", "effect:diversionary_tactics")
    assert kind(s) == "heresy.battle.counter" and seat(s) == IMPERIUM
    offered = keys(s)
    assert "card:hostile_ground" in offered  # 3 shields
    assert "card:angels_of_death" not in offered  # no shields: discarding it pays nothing
    play(s, "card:hostile_ground")
    assert logged(s, "heresy.log.counter_paid")
