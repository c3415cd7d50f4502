"""The special effects of the reconstructed Combat and Hero Combat cards (combat_effects.py):
1 damage, a low-rank rout, a card drawn, a unit or a Hero healed, 2 damage to a Hero;
and the copies of the full decks offered once per card."""

from __future__ import annotations

from typing import Any

from arbitre.games.heresy.state import IMPERIUM, TRAITOR, HeresyState
from tests.heresy.flow_helpers import combat, game, keys, kind, play, unit

BASE: dict[str, Any] = {"track": {"imperium": 3, "traitor": 1}, "triggered": [3], "events": []}
TARGET = "crucible_north"


def _battle(attackers: list[dict[str, Any]], defenders: list[dict[str, Any]], deck: list[str],
            heroes: dict[str, str] | None = None, **extra: Any) -> HeresyState:  # fmt: skip
    """The Traitor assaults crucible_north from crucible_centre with every attacker; in
    iteration 1 he may play one card (HH-26.11)."""
    damage = extra.pop("hero_damage", {})
    pos = {
        **BASE,
        "units": attackers + defenders,
        "heroes": heroes or {},
        "hero_damage": damage,
        "hands": {"traitor": ["traitor_assault"]},
        **combat(decks={"traitor": deck}, **extra),
    }
    s = game(pos)
    play(s, "action:hand", "card:traitor_assault", "sector:crucible", f"target:{TARGET}")
    play(s, "origin:crucible_centre")
    while kind(s) in ("heresy.battle.origin", "heresy.battle.fly", "heresy.battle.engage"):
        engage = [k for k in keys(s) if k.startswith(("unit:", "hero:"))]
        play(s, engage[0] if kind(s) == "heresy.battle.engage" and engage else "done")
    play(s, "first:attacker")
    return s


def _units(s: HeresyState, zone: str, seat: int) -> list[tuple[str, int]]:
    return sorted((u[1], u[3]) for u in s.units.get(zone, ()) if u[0] == seat)


def test_HH_27_3_hatred_unbound_deals_1_damage_to_a_chosen_unit() -> None:
    csm = unit("crucible_centre", "chaos_space_marines", "traitor", tag="world_eaters")
    s = _battle([csm], [unit(TARGET, "space_marines", "imperium", tag="white_scars")],
                ["hatred_unbound", "dark_resolve"])  # fmt: skip
    play(s, "card:hatred_unbound", "effect:hatred_unbound")
    assert kind(s) == "heresy.battle.pick"
    play(s, f"unit:{TARGET}:space_marines/white_scars")
    assert ("space_marines", 1) in _units(s, TARGET, IMPERIUM)


def test_HH_31_5_daemonic_frenzy_routs_a_unit_of_rank_II_or_less() -> None:
    horde = unit("crucible_centre", "daemon_horde", "traitor", tag="khorne")
    defenders = [
        unit(TARGET, "imperial_army", "imperium"),
        unit(TARGET, "space_marines", "imperium", tag="white_scars"),
    ]
    s = _battle([horde], defenders, ["daemonic_frenzy", "dark_resolve"])
    play(s, "card:daemonic_frenzy", "effect:daemonic_frenzy")
    assert set(keys(s)) == {f"unit:{TARGET}:imperial_army"}  # the Space Marines are rank III
    play(s, f"unit:{TARGET}:imperial_army")
    assert kind(s) == "heresy.battle.rout"  # the Imperium picks where it flees (HH-31.5)


def test_HH_27_3_cultist_swarm_draws_a_card_as_a_free_effect() -> None:
    cultists = unit("crucible_centre", "chaos_cultists", "traitor", 2)
    s = _battle([cultists], [unit(TARGET, "imperial_army", "imperium")],
                ["cultist_swarm", "dark_resolve", "brutal_assault"])  # fmt: skip
    hand = len(s.combat_hands[TRAITOR])
    play(s, "card:cultist_swarm")
    assert kind(s) == "heresy.battle.free" and "effect:cultist_swarm" in keys(s)
    play(s, "effect:cultist_swarm")
    assert len(s.combat_hands[TRAITOR]) == hand  # one played, one drawn


def test_HH_30_15_unholy_ecstasy_heals_an_engaged_unit_and_needs_one() -> None:
    horde = {**unit("crucible_centre", "daemon_horde", "traitor", tag="slaanesh"), "damage": 2}
    s = _battle([horde], [unit(TARGET, "imperial_army", "imperium")],
                ["unholy_ecstasy", "dark_resolve"])  # fmt: skip
    play(s, "card:unholy_ecstasy")
    play(s, "effect:unholy_ecstasy", "unit:crucible_centre:daemon_horde/slaanesh/d2")
    assert _units(s, "crucible_centre", TRAITOR) == [("daemon_horde", 0)]
    battle = next(f for f in reversed(s.stack) if f.kind == "battle")
    assert [TRAITOR, "crucible_centre", "daemon_horde/slaanesh"] in battle.data["eng"]
    fresh = unit("crucible_centre", "daemon_horde", "traitor", tag="slaanesh")
    s = _battle([fresh], [unit(TARGET, "imperial_army", "imperium")],
                ["unholy_ecstasy", "dark_resolve"])  # fmt: skip
    play(s, "card:unholy_ecstasy")
    assert "effect:unholy_ecstasy" not in keys(s)  # nothing to heal: not offered


def _hero_battle(card: str) -> HeresyState:
    csm = unit("crucible_centre", "chaos_space_marines", "traitor", tag="world_eaters")
    return _battle(
        [csm],
        [unit(TARGET, "space_marines", "imperium", tag="white_scars")],
        ["dark_resolve"],
        heroes={"angron": "crucible_centre", "jaghatai_khan": TARGET},
        hero_decks={"traitor": [card]},
        hero_damage={"angron": 4},
    )


def test_HH_32_9_daemonic_might_deals_2_damage_to_an_enemy_hero() -> None:
    s = _hero_battle("daemonic_might")
    play(s, "card:daemonic_might", "effect:daemonic_might")
    assert keys(s) == ["hero:jaghatai_khan"]
    play(s, "hero:jaghatai_khan")
    assert s.hero_damage["jaghatai_khan"] == 2


def test_HH_32_9_unholy_vigour_heals_up_to_3_damage_of_an_own_hero() -> None:
    s = _hero_battle("unholy_vigour")
    play(s, "card:unholy_vigour", "effect:unholy_vigour", "hero:angron")
    assert s.hero_damage["angron"] == 1


def test_HH_26_11_copies_of_a_card_are_offered_once() -> None:
    csm = unit("crucible_centre", "chaos_space_marines", "traitor", tag="world_eaters")
    s = _battle([csm], [unit(TARGET, "imperial_army", "imperium")],
                ["hatred_unbound", "hatred_unbound#2", "hatred_unbound#3"])  # fmt: skip
    cards = [k for k in keys(s) if k.startswith("card:")]
    assert cards == ["card:hatred_unbound"] and len(s.combat_hands[TRAITOR]) == 2
