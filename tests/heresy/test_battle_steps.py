"""Battle steps not covered elsewhere (HH-24.x..HH-31.x, EX-24.1, EX-30.2, AMB-3, AMB-12,
AMB-33, AMB-34, AMB-40), on small positions in the Crucible sector."""

from __future__ import annotations

from typing import Any

from arbitre.games.heresy import combat_cards as cc
from arbitre.games.heresy.rules import settle
from arbitre.games.heresy.state import IMPERIUM, ROUT, TRAITOR, HeresyState
from tests.heresy.flow_helpers import combat, count, game, keys, kind, logged, play, seat, unit

BASE: dict[str, Any] = {"track": {"imperium": 3, "traitor": 1}, "triggered": [3], "events": []}
CSM = unit("crucible_centre", "chaos_space_marines", "traitor")
ARMY = unit("crucible_west", "imperial_army", "imperium")


def _battle(
    units: list[dict[str, Any]],
    traitor: list[str],
    imperium: list[str],
    order: str = "traitor_assault",
    engage: tuple[str, ...] = ("unit:crucible_centre:chaos_space_marines",),
    **extra: Any,
) -> HeresyState:
    pos = {**BASE, "units": units, "heroes": {}, "hands": {"traitor": [order]}, **extra}
    s = game({**pos, **combat(decks={"traitor": traitor, "imperium": imperium})})
    play(s, "action:hand", f"card:{order}", "sector:crucible", "target:crucible_west")
    play(s, "origin:crucible_centre")
    if kind(s) == "heresy.battle.origin":
        play(s, "done")
    play(s, *engage)
    if kind(s) == "heresy.battle.engage":
        play(s, "done")
    return s


def test_EX_24_1_HH_24_5_HH_26_10_roles_alternate_every_iteration() -> None:
    s = _battle([CSM, ARMY], ["breach", "terrifying", "noose_of_ruin"], ["hostile_ground"])
    play(s, "first:attacker")
    f = s.stack[-1]
    actives = []
    for _ in range(3):
        actives.append(f.data["active"])
        assert seat(s) == f.data["active"]
        play(s, "pass")
    assert actives == [TRAITOR, IMPERIUM, TRAITOR]


def test_HH_24_2_HH_24_3_HH_25_2_HH_24_7_the_order_makes_attacker_and_defender() -> None:
    s = _battle([CSM, ARMY], ["breach"], ["hostile_ground"])
    f = s.stack[-1]
    assert f.data["att"] == TRAITOR and f.data["def"] == IMPERIUM
    play(s, "first:defender")  # HH-24.7: active/passive is another pair of roles
    assert f.data["active"] == IMPERIUM and f.data["att"] == TRAITOR


def test_HH_24_4_HH_29_5_an_order_sets_the_iterations() -> None:
    s = _battle([CSM, ARMY], ["breach"], ["hostile_ground"])
    assert s.stack[-1].data["iters"] == 6  # Assaut
    s = _battle([CSM, ARMY], ["breach"], ["hostile_ground"], order="firefight")
    assert s.stack[-1].data["iters"] == 4  # Feu de Combat


def test_HH_24_6_HH_27_1_HH_28_3_HH_27_4_the_active_player_deals_all_attack_values() -> None:
    s = _battle([CSM, ARMY], ["breach", "diversionary_tactics"], ["hostile_ground"])
    play(s, "first:defender", "pass", "card:breach", "card:diversionary_tactics")
    play(s, "none")  # Tactiques's effect not used; Brèche's condition not met
    assert s.stack[-1].data["dmg"] == 6  # every card counts, conditions or not


def test_HH_25_1_HH_26_8_HH_26_1_steps_in_order_and_fresh_hands() -> None:
    s = _battle([CSM, ARMY], ["breach", "terrifying"], ["hostile_ground"])
    f = s.stack[-1]
    assert f.data["it"] == 1 and kind(s) == "heresy.battle.first"  # marker on space 1
    assert len(s.combat_hands[TRAITOR]) == 2 and len(s.combat_hands[IMPERIUM]) == 1


def test_HH_25_12_HH_25_13_engaged_attackers_stay_in_their_origin_zone() -> None:
    units = [unit("crucible_centre", "chaos_space_marines", "traitor", 2), ARMY]
    s = _battle(
        units,
        ["breach"],
        ["hostile_ground"],
        engage=("unit:crucible_centre:chaos_space_marines", "done"),
    )
    f = s.stack[-1]
    assert f.data["eng"].count([TRAITOR, "crucible_centre", "chaos_space_marines"]) == 1
    assert count(s, "crucible_centre", TRAITOR) == 2  # nobody moved in


def test_HH_25_10_HH_25_11_flyers_join_without_cargo_and_never_a_coexistence() -> None:
    from arbitre.games.heresy.joining import coexistence_battle

    s = game({**BASE, "units": [CSM, ARMY, unit("crucible_west", "chaos_cultists", "traitor")]})
    assert coexistence_battle(s, "crucible_west").data["stage"] == "joined"  # no fly stage
    units = [
        CSM,
        ARMY,
        unit("crucible_north", "chaos_thunderhawk", "traitor"),
        unit("crucible_north", "chaos_cultists", "traitor"),
    ]
    pos = {**BASE, "units": units, "heroes": {}, "hands": {"traitor": ["traitor_assault"]}}
    s = game({**pos, **combat(decks={"traitor": ["breach"], "imperium": []})})
    play(s, "action:hand", "card:traitor_assault", "sector:crucible", "target:crucible_west")
    play(s, "origin:crucible_centre", "done")
    assert kind(s) == "heresy.battle.fly"
    flights = [k for k in keys(s) if k.startswith("fly:")]
    assert flights and all(":chaos_thunderhawk:" in k for k in flights)  # no cargo
    play(s, flights[0])
    assert count(s, "crucible_north", TRAITOR, "chaos_cultists") == 1  # left behind


def test_HH_26_3_HH_26_5_HH_26_6_hero_cards_go_to_their_own_pile() -> None:
    s = _battle([CSM, ARMY], ["breach"], ["hostile_ground"])
    s.combat_hands[IMPERIUM] = ["lead_by_example"]
    cc.discard(s, IMPERIUM, "lead_by_example")
    assert s.hero_discards[IMPERIUM] == ["lead_by_example"] and not s.combat_discards[IMPERIUM]
    assert cc.is_hero(s, "lead_by_example") and not cc.is_hero(s, "hostile_ground")


def test_HH_26_14_HH_28_1_HH_28_2_AMB_34_free_effects_after_a_countered_one() -> None:
    units = [
        unit("crucible_centre", "chaos_titan", "traitor"),
        unit("crucible_factory_complex", "imperial_titan", "imperium"),
    ]
    pos = {**BASE, "units": units, "heroes": {}, "hands": {"traitor": ["traitor_assault"]}}
    s = game(
        {**pos, **combat(decks={"traitor": ["diversionary_tactics", "breach"], "imperium": []})}
    )
    play(s, "action:hand", "card:traitor_assault", "sector:crucible")
    play(s, "target:crucible_factory_complex", "origin:crucible_centre")
    if kind(s) == "heresy.battle.origin":
        play(s, "done")
    if kind(s) == "heresy.battle.engage":
        play(s, "unit:crucible_centre:chaos_titan")
    s.combat_hands[IMPERIUM] = ["hostile_ground", "terrifying"]
    play(s, "first:defender")  # the Imperium holds no normal card it wants to play
    play(s, "pass", "card:diversionary_tactics", "card:breach", "effect:diversionary_tactics")
    play(s, "card:hostile_ground", "card:terrifying")  # 5 shields: countered
    assert logged(s, "heresy.log.countered")
    assert keys(s) == ["effect:breach", "done"]  # AMB-34: the free effect stays available
    play(s, "effect:breach")
    assert s.breaches


def test_HH_26_15_AMB_12_conditions_use_the_attacker_and_defender_roles() -> None:
    s = _battle([CSM, ARMY], ["diversionary_tactics"], ["strategic_withdrawal"])
    play(s, "first:defender", "card:strategic_withdrawal")
    assert "effect:strategic_withdrawal" in keys(s)  # a defending unit, though active


def test_FAQ_strategic_withdrawal_works_on_activated_or_routed_units() -> None:
    for side in ("activation", "rout"):
        marks = {"imperium": {"crucible_west": side}}
        s = _battle(
            [CSM, ARMY], ["diversionary_tactics"], ["strategic_withdrawal"], activation=marks
        )
        play(s, "first:defender", "card:strategic_withdrawal", "effect:strategic_withdrawal")
        if kind(s) == "heresy.battle.counter":
            play(s, "accept")
        to = next(k for k in keys(s) if k.startswith("to:"))
        play(s, to)
        assert count(s, to[3:], IMPERIUM) == 1 and count(s, "crucible_west", IMPERIUM) == 0


def test_HH_27_2_HH_27_5_HH_28_5_HH_29_1_HH_29_2_shields_and_blank_parts() -> None:
    s = _battle([CSM, ARMY], ["diversionary_tactics"], ["angels_of_death"])
    s.combat_hands[IMPERIUM] = ["angels_of_death", "hostile_ground"]
    play(s, "first:attacker", "card:diversionary_tactics", "none")
    assert keys(s) == ["card:hostile_ground", "done"]  # no shield on Anges de la Mort
    play(s, "done")  # HH-29.1: he may decline
    assert s.stack[-1].data["dmg"] == 3


def test_HH_30_1_HH_30_8_EX_30_2_a_retreat_ends_at_once() -> None:
    s = _battle([CSM, ARMY], ["breach", "terrifying"], ["hostile_ground"])
    play(s, "first:attacker")
    assert not any(k.startswith("retreat") for k in keys(s))  # iteration 1
    play(s, "pass", "pass")
    play(s, "retreat")
    assert logged(s, "heresy.log.battle_end") and s.marks[TRAITOR]["crucible_centre"] == ROUT


def test_HH_30_4_HH_30_6_HH_31_8_no_retreat_across_a_crevasse() -> None:
    units = [
        unit("plateau_north_west", "chaos_space_marines", "traitor"),
        unit("plateau_west", "imperial_army", "imperium"),
        unit("plateau_south_west", "chaos_cultists", "traitor"),
    ]
    pos = {**BASE, "units": units, "heroes": {}, "hands": {"traitor": ["firefight"]}}
    s = game(
        {
            **pos,
            **combat(decks={"traitor": ["breach", "terrifying"], "imperium": ["hostile_ground"]}),
        }
    )
    play(s, "action:hand", "card:firefight", "sector:imperial_plateau", "target:plateau_west")
    play(s, "origin:plateau_north_west")
    if kind(s) == "heresy.battle.engage":
        play(s, "unit:plateau_north_west:chaos_space_marines")
    play(s, "first:attacker", "pass")
    # the only free neighbours are across crevasses (crucible_west, volcanus_west)
    assert not any(k.startswith("retreat:") for k in keys(s))


def test_HH_30_10_EX_30_2_AMB_3_a_rout_of_every_unit_skips_the_damage() -> None:
    units = [unit("crucible_centre", "daemon_horde", "traitor"), ARMY]
    s = _battle(
        units,
        ["terrifying", "breach"],
        ["hostile_ground"],
        engage=("unit:crucible_centre:daemon_horde",),
    )
    play(s, "first:attacker", "card:terrifying", "effect:terrifying")
    play(s, "unit:crucible_west:imperial_army", "to:crucible_north")
    assert not logged(s, "heresy.log.normal_damage")  # the battle ended before step 3
    assert kind(s) == "heresy.battle.advance"


def test_HH_30_11_HH_30_12_HH_30_13_the_end_the_advance_and_the_order() -> None:
    s = _battle([CSM, ARMY], ["diversionary_tactics", "breach"], ["hostile_ground"])
    play(s, "first:attacker", "card:diversionary_tactics", "none", "done")
    play(s, "unit:crucible_west:imperial_army")
    assert kind(s) == "heresy.battle.advance"
    play(s, "unit:crucible_centre:chaos_space_marines")
    assert count(s, "crucible_west", TRAITOR) == 1
    assert s.combat_hands == [[], []] and "breach" in s.combat_discards[TRAITOR]
    assert "traitor_assault" in s.discards[TRAITOR] + s.card_reserve[TRAITOR]


def test_HH_30_15_HH_30_16_HH_31_1_AMB_40_damage_stays_and_rank_holds() -> None:
    units = [CSM, unit("crucible_west", "imperial_titan", "imperium")]
    s = _battle(units, ["diversionary_tactics", "breach"], ["hostile_ground"])
    play(s, "first:attacker", "card:diversionary_tactics", "none", "done")
    for label in ("imperial_titan", "imperial_titan/d1", "imperial_titan/d2"):
        play(s, f"unit:crucible_west:{label}")
    assert s.units["crucible_west"] == [(IMPERIUM, "imperial_titan", "", 3)]
    f = s.stack[-1]
    from arbitre.games.heresy import damage as dmg

    assert dmg.rank(s, f.data["eng"][-1][2]) == 4  # HH-31.1: still rank IV


def test_HH_31_2_HH_31_4_eliminated_traitors_go_to_the_box_imperial_armies_to_the_reserve() -> None:
    s = _battle([CSM, ARMY], ["breach"], ["angels_of_death"])
    play(s, "first:defender", "card:angels_of_death")
    assert "effect:angels_of_death" not in keys(s)  # no Space Marines engaged
    s.combat_hands[IMPERIUM] = []
    from arbitre.games.heresy import damage as dmg

    f = s.stack[-1]
    dmg.kill_unit(s, f, TRAITOR, "crucible_centre", "chaos_space_marines")
    assert s.box[-1][1] == "chaos_space_marines"  # HH-31.2
    dmg.kill_unit(s, f, IMPERIUM, "crucible_west", "imperial_army")
    assert s.reserve[IMPERIUM].get("imperial_army", 0) >= 1  # HH-31.3, HH-31.4


def test_HH_31_6_HH_31_7_HH_31_9_AMB_12_an_attacker_routs_in_place() -> None:
    from arbitre.games.heresy import damage as dmg

    units = [unit("crucible_centre", "chaos_space_marines", "traitor", 2), ARMY]
    s = _battle(
        units,
        ["breach"],
        ["hostile_ground"],
        engage=(
            "unit:crucible_centre:chaos_space_marines",
            "unit:crucible_centre:chaos_space_marines",
        ),
    )
    f = s.stack[-1]
    dmg.rout_unit(s, f, TRAITOR, "crucible_centre", "chaos_space_marines", "")
    assert s.marks[TRAITOR]["crucible_centre"] == ROUT  # the activation marker flipped
    assert len(dmg.engaged(f, TRAITOR)) == 1 and count(s, "crucible_centre", TRAITOR) == 2
    dmg.rout_unit(s, f, TRAITOR, "crucible_centre", "chaos_space_marines", "")
    assert count(s, "crucible_centre", TRAITOR) == 1  # his rout marker was there: eliminated


def test_FAQ_a_routed_unit_may_be_eliminated_instead() -> None:
    units = [unit("crucible_centre", "chaos_space_marines", "traitor", 2), ARMY]
    engage = ("unit:crucible_centre:chaos_space_marines",) * 2
    s = _battle(units, ["breach"], ["hostile_ground"], engage=engage)
    f = s.stack[-1]
    f.data["routs"].append([TRAITOR, "crucible_centre", "chaos_space_marines"])
    settle(s)
    assert kind(s) == "heresy.battle.rout_stay" and keys(s) == ["stay", "eliminate"]
    play(s, "eliminate")  # the attacker's unit: eliminated instead of routed in place
    assert count(s, "crucible_centre", TRAITOR) == 1
    assert s.marks[TRAITOR]["crucible_centre"] != ROUT
    f.data["routs"].append([TRAITOR, "crucible_centre", "chaos_space_marines"])
    settle(s)
    play(s, "stay")  # or routed in place (HH-31.6)
    assert s.marks[TRAITOR]["crucible_centre"] == ROUT and count(s, "crucible_centre", TRAITOR)


def test_AMB_33_HH_25_7_a_coexistence_battle_has_no_retreat() -> None:
    from arbitre.games.heresy import damage as dmg
    from arbitre.games.heresy.joining import coexistence_battle

    s = game({**BASE, "units": [ARMY, unit("crucible_west", "chaos_cultists", "traitor")]})
    f = coexistence_battle(s, "crucible_west")
    f.data["it"] = 3
    assert f.data["att"] == IMPERIUM and not dmg.can_retreat(s, f, IMPERIUM)
