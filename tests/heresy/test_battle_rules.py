"""Battle rules (HH-24..HH-31) on small positions in the Crucible sector."""

from __future__ import annotations

from typing import Any

from arbitre.engine.frames import Frame
from arbitre.games.heresy import damage, joining
from arbitre.games.heresy.state import ACTIVE, IMPERIUM, ROUT, TRAITOR, HeresyState
from tests.heresy.flow_helpers import R, combat, count, game, keys, kind, logged, play, seat, unit

BASE: dict[str, Any] = {"track": {"imperium": 3, "traitor": 1}, "triggered": [3], "events": []}


def _game(units: list[dict[str, Any]], order: str = "firefight", **extra: Any) -> HeresyState:
    pos = {**BASE, "units": units, "heroes": {}, "hands": {"traitor": [order]}, **extra}
    s = game(pos)
    play(s, "action:hand", f"card:{order}", "sector:crucible")
    return s


CSM_VS_ARMY = [
    unit("crucible_centre", "chaos_space_marines", "traitor"),
    unit("crucible_west", "imperial_army", "imperium"),
]
DECKS = combat(
    decks={
        "traitor": ["diversionary_tactics", "breach", "rain_of_death", "noose_of_ruin"],
        "imperium": ["hostile_ground", "angels_of_death"],
    }
)


def test_HH_25_3_a_target_needs_an_enemy_unit_or_hero() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor"),
        unit("crucible_north", "chaos_space_marines", "traitor"),
    ]
    s = _game(units, heroes={"rogal_dorn": "crucible_west"})
    assert keys(s) == ["target:crucible_west", "ignore"]  # a lone enemy Hero suffices


def test_HH_25_5_origin_adjacent_with_units_not_activated() -> None:
    units = [*CSM_VS_ARMY, unit("crucible_north", "chaos_space_marines", "traitor")]
    s = _game(units, order="traitor_assault", activation={"traitor": {"crucible_north": "rout"}})
    play(s, "target:crucible_west")
    assert keys(s) == ["origin:crucible_centre"]  # crucible_north is activated


def _hero_origin(**config: Any) -> HeresyState:
    units = [unit("crucible_west", "imperial_army", "imperium")]
    pos = {**BASE, "units": units, "heroes": {"horus": "crucible_centre"}}
    s = game({**pos, "hands": {"traitor": ["firefight"]}}, **config)
    play(s, "action:hand", "card:firefight", "sector:crucible")
    return s


def test_FAQ_errata_an_origin_zone_may_hold_only_a_hero() -> None:
    s = _hero_origin()  # faq = true (default)
    play(s, "target:crucible_west")
    assert keys(s) == ["origin:crucible_centre"]
    play(s, "origin:crucible_centre")
    assert "hero:horus" in keys(s)  # he may engage from there
    # HH-25.5 without the FAQ: Heroes alone do not qualify, so there is no target
    assert "target:crucible_west" not in keys(_hero_origin(faq=False))


def test_HH_25_4_feu_de_combat_allows_one_origin_zone() -> None:
    units = [*CSM_VS_ARMY, unit("crucible_north", "chaos_space_marines", "traitor")]
    s = _game(units)
    play(s, "target:crucible_west", "origin:crucible_centre")
    assert kind(s) == "heresy.battle.engage"


def test_HH_25_6_HH_25_14_own_units_in_the_target_are_a_free_origin() -> None:
    units = [*CSM_VS_ARMY, unit("crucible_west", "chaos_cultists", "traitor")]
    s = _game(units)
    play(s, "target:crucible_west")
    f = s.stack[-1]
    assert f.data["origins"] == ["crucible_west"]  # not counted against the limit of 1
    assert kind(s) == "heresy.battle.origin"
    assert [e[0] for e in f.data["eng"]] == [TRAITOR, IMPERIUM] or len(f.data["eng"]) == 2


def test_HH_21_8_EX_21_3_markers_for_the_attacker_only() -> None:
    s = _game(CSM_VS_ARMY, **DECKS)
    play(
        s,
        "target:crucible_west",
        "origin:crucible_centre",
        "unit:crucible_centre:chaos_space_marines",
    )
    assert s.marks == [{}, {"crucible_west": ACTIVE, "crucible_centre": ACTIVE}]


def test_HH_26_2_EX_26_1_ceil_of_half_the_ranks() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor", 2),
        unit("crucible_centre", "traitor_army", "traitor"),
        unit("crucible_west", "imperial_army", "imperium"),
    ]
    s = _game(units, **DECKS)
    play(s, "target:crucible_west", "origin:crucible_centre")
    play(s, "unit:crucible_centre:chaos_space_marines")
    play(s, "unit:crucible_centre:chaos_space_marines", "unit:crucible_centre:traitor_army")
    assert len(s.combat_hands[TRAITOR]) == 4  # 7 / 2 -> 4
    assert len(s.combat_hands[IMPERIUM]) == 1  # 1 / 2 -> 1


def test_HH_26_4_EX_32_4_one_hero_card_when_every_engaged_hero_is_wounded() -> None:
    pos = {
        **DECKS,
        "combat": {
            **DECKS["combat"],
            "hero_decks": {"imperium": ["lead_by_example", "sacrifices_must_be_made"]},
        },
        "heroes": {"rogal_dorn": "crucible_west"},
        "hero_damage": {"rogal_dorn": 6},
    }
    s = _game(CSM_VS_ARMY, **{k: v for k, v in pos.items() if k != "heroes"})
    s.heroes["rogal_dorn"] = "crucible_west"
    play(
        s,
        "target:crucible_west",
        "origin:crucible_centre",
        "unit:crucible_centre:chaos_space_marines",
    )
    assert s.combat_hands[IMPERIUM] == ["hostile_ground", "lead_by_example"]


def _battle(units: list[dict[str, Any]] = CSM_VS_ARMY, **extra: Any) -> HeresyState:
    s = _game(units, **{**DECKS, **extra})
    play(
        s,
        "target:crucible_west",
        "origin:crucible_centre",
        "unit:crucible_centre:chaos_space_marines",
    )
    return s


def test_HH_26_9_HH_26_11_HH_26_13_the_defender_chooses_then_limits() -> None:
    s = _battle()
    assert seat(s) == IMPERIUM and kind(s) == "heresy.battle.first"
    play(s, "first:attacker")
    assert seat(s) == TRAITOR
    assert keys(s) == ["card:diversionary_tactics", "card:breach", "pass"]  # no retreat yet
    play(s, "card:diversionary_tactics")  # limit 1: on to the special effect
    assert kind(s) == "heresy.battle.effect"


def test_HH_26_12_a_pass_skips_to_the_next_iteration() -> None:
    s = _battle()
    play(s, "first:attacker", "pass")
    f = s.stack[-1]
    assert f.data["it"] == 2 and f.data["active"] == IMPERIUM and logged(s, "heresy.log.pass")


def test_HH_26_16_countering_cancels_the_effect() -> None:
    s = _battle(
        **combat(
            decks={
                "traitor": ["diversionary_tactics"],
                "imperium": ["hostile_ground", "angels_of_death"],
            }
        )
    )
    # the Imperium draws 1 card only (rank 1): give it shields by hand
    s.combat_hands[IMPERIUM] = ["hostile_ground", "angels_of_death"]
    play(s, "first:attacker", "card:diversionary_tactics", "effect:diversionary_tactics")
    assert kind(s) == "heresy.battle.counter" and seat(s) == IMPERIUM
    before = s.pos[IMPERIUM]
    play(s, "card:hostile_ground")  # 3 shields: not yet 5
    assert kind(s) == "heresy.battle.counter"
    play(s, "accept")
    assert s.pos[IMPERIUM] == before + 1


def test_HH_28_3_HH_33_9_fortified_defenders_remove_two() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor"),
        unit("crucible_factory_complex", "imperial_titan", "imperium"),
    ]
    s = _game(units, **DECKS)
    play(
        s,
        "target:crucible_factory_complex",
        "origin:crucible_centre",
        "unit:crucible_centre:chaos_space_marines",
    )
    play(s, "first:attacker", "card:diversionary_tactics", "none")
    assert s.stack[-1].data["dmg"] == 1  # 3 - 2


def test_HH_29_3_HH_30_14_damage_eliminates_at_the_rank() -> None:
    s = _battle()
    play(s, "first:attacker", "card:diversionary_tactics", "none")
    assert kind(s) == "heresy.battle.shields"
    play(s, "done", "unit:crucible_west:imperial_army")
    assert count(s, "crucible_west", IMPERIUM) == 0
    assert kind(s) == "heresy.battle.advance"  # AMB-3: the defender has nothing left
    play(s, "unit:crucible_centre:chaos_space_marines")
    assert count(s, "crucible_west", TRAITOR) == 1  # HH-30.11


def _frame(s: HeresyState, zone: str, seat_: int, text: str) -> Frame:
    f = joining.new_battle(1 - seat_, "", "crucible", "firefight")
    f.data["target"] = zone
    f.data["eng"] = [[seat_, zone, text]]
    return f


def test_EX_30_3_EX_30_4_EX_30_5_damage_tokens() -> None:
    s = R.new(
        {
            "position": {
                **BASE,
                "units": [
                    unit("crucible_west", "space_marines", "imperium"),
                    unit("crucible_north", "imperial_tank_division", "imperium"),
                    unit("crucible_centre", "chaos_titan", "traitor"),
                ],
            }
        },
        0,
    )
    s.units["crucible_north"] = [(IMPERIUM, "imperial_tank_division", "", 1)]
    s.units["crucible_centre"] = [(TRAITOR, "chaos_titan", "", 1)]
    damage.damage_unit(
        s,
        _frame(s, "crucible_west", IMPERIUM, "space_marines"),
        IMPERIUM,
        "crucible_west",
        "space_marines",
        3,
    )
    assert not s.units["crucible_west"]  # EX-30.3
    damage.damage_unit(
        s,
        _frame(s, "crucible_north", IMPERIUM, "imperial_tank_division/d1"),
        IMPERIUM,
        "crucible_north",
        "imperial_tank_division/d1",
        1,
    )
    assert not s.units["crucible_north"]  # EX-30.4: damage accumulates (HH-30.16)
    f = _frame(s, "crucible_centre", TRAITOR, "chaos_titan/d1")
    damage.damage_unit(s, f, TRAITOR, "crucible_centre", "chaos_titan/d1", 2)
    assert s.units["crucible_centre"] == [(TRAITOR, "chaos_titan", "", 3)]  # EX-30.5
    assert f.data["eng"] == [[TRAITOR, "crucible_centre", "chaos_titan/d3"]]


def test_HH_29_4_heroes_take_damage_only_when_no_unit_is_left() -> None:
    s = _battle(
        **combat(decks={"traitor": ["diversionary_tactics"], "imperium": ["hostile_ground"]})
    )
    s.heroes["rogal_dorn"] = "crucible_west"
    s.stack[-1].data["heroes"].append("rogal_dorn")
    play(s, "first:attacker", "card:diversionary_tactics", "none", "done")
    assert keys(s) == ["unit:crucible_west:imperial_army"]
    play(s, "unit:crucible_west:imperial_army")
    assert keys(s) == ["hero:rogal_dorn"]
    play(s, "hero:rogal_dorn", "hero:rogal_dorn")
    assert s.hero_damage["rogal_dorn"] == 2


def _to_iteration_2(s: HeresyState) -> None:
    play(s, "first:defender", "pass")  # the Imperium passes in iteration 1


def test_HH_30_3_HH_30_5_the_defender_retreats_with_a_rout_marker() -> None:
    s = _battle(activation={"imperium": {"crucible_north": "activation"}})
    s.combat_hands[TRAITOR] = ["breach"]
    play(s, "first:attacker", "pass")
    assert "retreat:crucible_north" in keys(s)  # friendly or empty, adjacent
    assert "retreat:plateau_west" not in keys(s)  # HH-30.4: across a crevasse
    play(s, "retreat:crucible_north")
    assert count(s, "crucible_north", IMPERIUM) == 1
    assert s.marks[IMPERIUM]["crucible_north"] == ROUT  # flipped (HH-30.5)
    assert kind(s) == "heresy.battle.advance"  # HH-30.11: no defending unit left


def test_HH_30_7_the_attacker_retreats_in_place() -> None:
    s = _battle()
    _to_iteration_2(s)
    assert seat(s) == TRAITOR and "retreat" in keys(s)
    play(s, "retreat")
    assert s.marks[TRAITOR]["crucible_centre"] == ROUT and count(s, "crucible_centre", TRAITOR) == 1
    assert R.decision(s) is None or kind(s) != "heresy.battle.advance"


def test_HH_30_2_no_retreat_from_a_zone_with_ones_rout_marker() -> None:
    s = _battle(activation={"imperium": {"crucible_west": "rout"}})
    play(s, "first:attacker", "pass")
    assert seat(s) == IMPERIUM and not any(k.startswith("retreat") for k in keys(s))


def test_HH_30_9_the_battle_ends_when_nobody_holds_a_card() -> None:
    s = _battle(**combat())  # no Combat cards at all
    assert R.decision(s) is None or not kind(s).startswith("heresy.battle.")
    assert logged(s, "heresy.log.battle_end")


def test_HH_31_5_terrifying_routs_lower_ranks() -> None:
    units = [
        unit("crucible_centre", "daemon_horde", "traitor"),
        unit("crucible_west", "imperial_army", "imperium", 2),
    ]
    s = _game(
        units, **combat(decks={"traitor": ["terrifying", "breach"], "imperium": ["hostile_ground"]})
    )
    play(s, "target:crucible_west", "origin:crucible_centre", "unit:crucible_centre:daemon_horde")
    play(s, "first:attacker")
    play(s, "card:terrifying", "effect:terrifying", "unit:crucible_west:imperial_army")
    assert kind(s) == "heresy.battle.rout" and seat(s) == IMPERIUM
    assert "to:crucible_north" in keys(s) and "eliminate" in keys(s)
    play(s, "to:crucible_north")
    assert s.marks[IMPERIUM]["crucible_north"] == ROUT  # HH-31.9
    play(s, "unit:crucible_west:imperial_army", "eliminate")  # FAQ: may eliminate instead
    assert count(s, "crucible_west", IMPERIUM) == 0 and count(s, "crucible_north", IMPERIUM) == 1


def test_HH_25_7_HH_25_15_coexistence_battle_imperium_attacks() -> None:
    units = [
        unit("crucible_west", "chaos_space_marines", "traitor"),
        unit("crucible_west", "imperial_army", "imperium"),
        unit("crucible_north", "chaos_cultists", "traitor"),
        unit("crucible_north", "imperial_army", "imperium"),
    ]
    s = game(
        {
            **BASE,
            "track": {"imperium": 3, "traitor": 3, "top": "traitor"},
            "units": units,
            "heroes": {},
            "hands": {"traitor": ["drop_pods"]},
            **DECKS,
        }
    )
    play(s, "action:place", "card:drop_pods", "pile:crucible")  # 2 -> 3: a change
    assert kind(s) == "heresy.coexistence" and seat(s) == IMPERIUM  # the Imperium orders them
    play(s, "zone:crucible_north")
    f = s.stack[-1]
    assert f.data["att"] == IMPERIUM and f.data["iters"] == 8 and f.data["coex"]
    assert len(f.data["eng"]) == 2 and s.marks == [{}, {}]  # HH-21.16
    assert joining.fortification(s, f) == 0  # HH-33.10
