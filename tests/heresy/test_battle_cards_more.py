"""Combat card effects that were logged no-ops: Brèche, Maleficent Plague, Du Sang pour le
Dieu du Sang, Armies Without Numbers, Attrition (Pluie Mortelle: test_battle_example_full).
Texts the sources lack are reconstructed (docs/heresy-battles.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arbitre.games.heresy.state import IMPERIUM, ROUT, TRAITOR, HeresyState
from tests.heresy.flow_helpers import combat, count, game, keys, kind, play, seat, unit
from tests.heresy.helpers import make_pack

BASE: dict[str, Any] = {"track": {"imperium": 3, "traitor": 1}, "triggered": [3], "events": []}


def _battle(
    units: list[dict[str, Any]],
    target: str,
    engage: list[str],
    decks: dict[str, Any],
    seed_cfg: dict[str, Any] | None = None,
    **extra: Any,
) -> HeresyState:
    pos = {**BASE, "units": units, "heroes": {}, "hands": {"traitor": ["traitor_assault"]}}
    s = game({**pos, **decks, **extra}, **(seed_cfg or {}))
    play(s, "action:hand", "card:traitor_assault", "sector:crucible", f"target:{target}")
    play(s, "origin:crucible_centre")
    if kind(s) == "heresy.battle.origin":
        play(s, "done")
    play(s, *engage)
    if kind(s) == "heresy.battle.engage":
        play(s, "done")
    return s


BOMB_DECK = """
[deck]
size = 32
provenance = "reconstructed"

[[card]]
id = "star_1"
precise = {{ damage = 1 }}
saturation = {{ damage = 2 }}
thunderhawk = 1
lasers = ["miss", "miss", "miss", "miss"]
symbol = "{a}"
provenance = "reconstructed"

[[card]]
id = "star_2"
precise = {{ damage = 1 }}
saturation = {{ damage = 2 }}
thunderhawk = 1
lasers = ["miss", "miss", "miss", "miss"]
symbol = "{b}"
provenance = "reconstructed"
"""


def _pack(tmp_path: Path, a: str, b: str) -> dict[str, Any]:
    root = make_pack(tmp_path, {"cards/bombardment.toml": BOMB_DECK.format(a=a, b=b)})
    return {"content": str(root)}


def test_HH_27_3_breche_breaches_between_the_titan_and_the_target() -> None:
    units = [
        unit("crucible_centre", "chaos_titan", "traitor"),
        unit("crucible_factory_complex", "imperial_titan", "imperium"),
    ]
    s = _battle(
        units,
        "crucible_factory_complex",
        ["unit:crucible_centre:chaos_titan"],
        combat(decks={"traitor": ["breach", "terrifying"]}),
    )
    play(s, "first:attacker", "card:breach")
    assert kind(s) == "heresy.battle.free" and "effect:breach" in keys(s)  # a free effect
    play(s, "effect:breach")  # the Imperium holds no card: no counter asked
    assert s.breaches == {"crucible_centre|crucible_factory_complex"}
    assert s.stack[-1].data["dmg"] == 2  # 3 - 1: the segment is breached now (HH-34.1)


def test_HH_26_15_breche_needs_a_titan_attacking_a_fortification() -> None:
    units = [
        unit("crucible_centre", "chaos_titan", "traitor"),
        unit("crucible_west", "imperial_army", "imperium"),
    ]
    s = _battle(
        units,
        "crucible_west",
        ["unit:crucible_centre:chaos_titan"],
        combat(decks={"traitor": ["breach", "terrifying"]}),
    )
    play(s, "first:attacker", "card:breach")
    assert kind(s) != "heresy.battle.free"  # crucible_west is not fortified
    assert not s.breaches


def _plague(tmp_path: Path, a: str, b: str, imp_hand: list[str]) -> HeresyState:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor", tag="death_guard"),
        unit("crucible_centre", "chaos_cultists", "traitor", tag="nurgle"),
        unit("crucible_west", "imperial_army", "imperium", 2),
    ]
    s = _battle(
        units,
        "crucible_west",
        ["unit:crucible_centre:chaos_space_marines/death_guard"],
        combat(decks={"traitor": ["maleficent_plague", "terrifying"]}),
        seed_cfg=_pack(tmp_path, a, b),
        bombardment={"deck": ["star_1", "star_2"]},
    )
    s.combat_hands[IMPERIUM] = imp_hand
    play(s, "first:attacker")
    return s


def test_HH_27_3_maleficent_plague_sacrifices_a_nurgle_unit_and_strikes(tmp_path: Path) -> None:
    s = _plague(tmp_path, "chaos_star", "aquila", [])
    play(s, "card:maleficent_plague", "effect:maleficent_plague")
    assert keys(s) == ["unit:crucible_centre:chaos_space_marines/death_guard"]
    play(s, "unit:crucible_centre:chaos_space_marines/death_guard")
    assert count(s, "crucible_west", IMPERIUM) == 1  # one Chaos Star, one Aquila
    assert count(s, "crucible_centre", TRAITOR, "chaos_space_marines") == 0
    assert s.bombard_discard == ["star_1", "star_2"]


def test_FAQ_countered_plague_costs_no_nurgle_unit_HH_26_16(tmp_path: Path) -> None:
    s = _plague(tmp_path, "chaos_star", "chaos_star", ["hostile_ground", "terrifying"])
    play(s, "card:maleficent_plague", "effect:maleficent_plague")
    assert kind(s) == "heresy.battle.counter"
    play(s, "card:hostile_ground", "card:terrifying")  # 3 + 2 = 5 shields
    assert count(s, "crucible_centre", TRAITOR, "chaos_space_marines") == 1  # FAQ
    assert count(s, "crucible_west", IMPERIUM) == 2 and s.bombard_deck == ["star_1", "star_2"]


def test_HH_31_5_blood_for_the_blood_god_eliminates_routing_units() -> None:
    units = [
        unit("crucible_centre", "daemon_horde", "traitor", tag="khorne"),
        unit("crucible_west", "imperial_army", "imperium", 2),
    ]
    s = _battle(
        units,
        "crucible_west",
        ["unit:crucible_centre:daemon_horde/khorne"],
        combat(
            decks={"traitor": ["blood_for_the_blood_god", "terrifying"]},
        ),
    )
    play(s, "first:attacker", "card:blood_for_the_blood_god", "effect:blood_for_the_blood_god")
    assert s.stack[-1].data["blood"] == TRAITOR
    # iteration 2: the Imperium holds no card and passes; iteration 3: the Traitor
    assert s.stack[-1].data["it"] == 3 and seat(s) == TRAITOR
    play(s, "card:terrifying", "effect:terrifying")
    play(s, "unit:crucible_west:imperial_army", "unit:crucible_west:imperial_army")
    assert count(s, "crucible_west", IMPERIUM) == 0
    assert s.reserve[IMPERIUM].get("imperial_army", 0) >= 2  # eliminated, not routed
    assert ROUT not in s.marks[IMPERIUM].values()


def _armies(reserve: int, armies: int = 1) -> HeresyState:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor"),
        unit("crucible_west", "imperial_army", "imperium", armies),
    ]
    return _battle(
        units,
        "crucible_west",
        ["unit:crucible_centre:chaos_space_marines"],
        combat(
            decks={"traitor": ["rain_of_death", "breach"], "imperium": ["armies_without_numbers"]}
        ),
        reserve={"imperium": {"imperial_army": reserve}},
    )


def test_HH_31_4_armies_without_numbers_brings_an_army_from_the_reserve() -> None:
    s = _armies(1)
    play(s, "first:defender", "card:armies_without_numbers", "effect:armies_without_numbers")
    assert count(s, "crucible_west", IMPERIUM) == 2
    assert [IMPERIUM, "crucible_west", "imperial_army"] in s.stack[-1].data["eng"]
    assert s.reserve[IMPERIUM].get("imperial_army", 0) == 0


def test_FAQ_armies_without_numbers_reuses_a_killed_army_HH_31_3() -> None:
    s = _armies(0, armies=2)
    play(s, "first:attacker", "card:rain_of_death")  # 1 damage, no Thunderhawk: no effect
    play(s, "done", "unit:crucible_west:imperial_army")  # no shields; the army dies
    assert count(s, "crucible_west", IMPERIUM) == 1
    assert s.reserve[IMPERIUM] == {"imperial_army": 1}  # HH-31.3: to the reserve
    play(s, "card:armies_without_numbers", "effect:armies_without_numbers")  # iteration 2
    assert count(s, "crucible_west", IMPERIUM) == 2 and not s.reserve[IMPERIUM]


def test_FAQ_attrition_chooses_by_card_backs_EX_26_3_HH_26_7() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor"),
        unit("crucible_west", "imperial_army", "imperium"),
    ]
    s = _battle(
        units,
        "crucible_west",
        ["unit:crucible_centre:chaos_space_marines"],
        combat(decks={"traitor": ["attrition", "terrifying"]}),
    )
    s.combat_hands[IMPERIUM] = ["hostile_ground", "lead_by_example", "sacrifices_must_be_made"]
    play(s, "first:attacker", "card:attrition", "effect:attrition")
    assert seat(s) == TRAITOR and keys(s) == ["back:combat", "back:hero_combat"]
    play(s, "back:hero_combat", "back:hero_combat")
    assert s.combat_hands[IMPERIUM] == ["hostile_ground"]  # only the normal card is left
    assert sorted(s.hero_discards[IMPERIUM]) == ["lead_by_example", "sacrifices_must_be_made"]
