"""The glossary entries that carry rules (HH-40.4..HH-41.26): each entry's definition
checked against what the game does, on small positions."""

from __future__ import annotations

from typing import Any

from arbitre.games.heresy import combat_cards as cc
from arbitre.games.heresy import damage, effects, fortification, joining
from arbitre.games.heresy.board import (
    CONTESTED,
    ENEMY,
    FRIENDLY,
    NEUTRAL,
    sector_zones,
    zone_type,
)
from arbitre.games.heresy.rules import settle
from arbitre.games.heresy.state import ACTIVE, IMPERIUM, ROUT, TRAITOR, HeresyState
from tests.heresy.ch24_44_helpers import BASE, CSM_VS_ARMY, attack, battle
from tests.heresy.flow_helpers import combat, count, game, keys, kind, logged, play, seat, unit

# --- HH-40.4: acts ----------------------------------------------------------------------


def test_HH_40_4_the_event_deck_is_built_from_its_acts_in_order() -> None:
    s = game()
    acts = [act for act, _card in s.events]
    scenario = s.content.scenarios[s.scenario]
    assert acts == sorted(acts) and len(set(acts)) == len(scenario.act) > 1
    for act in scenario.act:
        assert {c for a, c in s.events if a == act.n} <= set(act.cards)


# --- battle roles: active, passive, attacker, defender ------------------------------


def test_HH_40_5_HH_41_7_the_active_side_deals_damage_the_passive_side_takes_it() -> None:
    s = battle(["diversionary_tactics", "breach"], ["hostile_ground"])
    play(s, "first:defender")  # the Imperium active in iteration 1
    assert seat(s) == IMPERIUM and keys(s)[0] == "card:hostile_ground"
    play(s, "card:hostile_ground", "none")
    f = s.stack[-1]
    assert f.data["active"] == IMPERIUM and f.data["dmg"] == 1
    assert seat(s) == TRAITOR and kind(s) == "heresy.battle.shields"  # passive resists
    play(s, "done")
    assert seat(s) == IMPERIUM and keys(s) == ["unit:crucible_centre:chaos_space_marines"]
    play(s, "unit:crucible_centre:chaos_space_marines")
    assert s.units["crucible_centre"] == [(TRAITOR, "chaos_space_marines", "", 1)]
    assert s.stack[-1].data["active"] == TRAITOR  # roles swap for iteration 2


def _coexistence(units: list[dict[str, Any]], **extra: Any) -> HeresyState:
    """The Traitor, current player, places an order and passes the Imperium's marker."""
    pos = {
        **BASE,
        "track": {"imperium": 3, "traitor": 3, "top": "traitor"},
        "units": units,
        "hands": {"traitor": ["drop_pods"]},
        **extra,
    }
    s = game({"heroes": {}, **pos})
    assert s.current == TRAITOR
    play(s, "action:place", "card:drop_pods", "pile:crucible")
    return s


def test_FAQ_errata_coexistence_the_imperium_attacks_HH_40_6_HH_40_15() -> None:
    units = [
        unit("crucible_west", "chaos_space_marines", "traitor"),
        unit("crucible_west", "imperial_army", "imperium"),
    ]
    s = _coexistence(units, **combat(decks={"traitor": ["breach"], "imperium": ["hostile_ground"]}))
    f = s.stack[-1]
    assert f.kind == "battle" and f.data["coex"]
    assert f.data["att"] == IMPERIUM and f.data["def"] == TRAITOR
    assert kind(s) == "heresy.battle.first" and seat(s) == TRAITOR  # the defender chooses


def test_HH_40_6_HH_40_15_otherwise_the_side_executing_the_order_attacks() -> None:
    s = battle(["breach"], ["hostile_ground"])
    f = s.stack[-1]
    assert (f.data["att"], f.data["def"]) == (TRAITOR, IMPERIUM) and not f.data["coex"]


def test_HH_40_7_a_battle_is_about_one_target_zone_for_the_orders_iterations() -> None:
    s = battle(["breach", "diversionary_tactics"], ["hostile_ground"])
    f = s.stack[-1]
    assert f.data["target"] == "crucible_west" and f.data["iters"] == 4  # Feu de Combat
    play(s, "first:attacker")
    for it in range(1, 5):
        assert s.stack[-1].data["it"] == it
        play(s, "pass")
    assert logged(s, "heresy.log.battle_end")  # after the 4th iteration
    assert not any(fr.kind == "battle" for fr in s.stack)


def test_HH_40_8_AMB_28_an_unsupported_hero_coexisting_brings_a_battle() -> None:
    units = [unit("crucible_west", "chaos_space_marines", "traitor")]
    s = _coexistence(
        units,
        heroes={"rogal_dorn": "crucible_west"},
        **combat(decks={"traitor": ["breach"]}, hero_decks={"imperium": ["lead_by_example"]}),
    )
    f = s.stack[-1]
    assert f.kind == "battle" and f.data["coex"] and f.data["target"] == "crucible_west"
    assert f.data["heroes"] == ["rogal_dorn"]  # the automatic battle includes the Hero


def test_HH_40_9_a_retreat_is_offered_never_forced() -> None:
    s = battle(["breach", "diversionary_tactics"], ["hostile_ground"])
    play(s, "first:attacker", "pass")  # iteration 2: the Imperium may retreat
    assert seat(s) == IMPERIUM and "retreat:crucible_north" in keys(s)
    assert "pass" in keys(s) and "card:hostile_ground" in keys(s)
    play(s, "pass")
    assert count(s, "crucible_west", IMPERIUM) == 1  # it stays unless its player says so


def test_HH_40_10_a_rout_is_imposed_the_player_only_chooses_where() -> None:
    units = [
        unit("crucible_centre", "daemon_horde", "traitor"),
        unit("crucible_west", "imperial_army", "imperium"),
    ]
    s = battle(["terrifying"], ["hostile_ground"], units=units,
               engage=("unit:crucible_centre:daemon_horde",))  # fmt: skip
    play(s, "first:attacker", "card:terrifying", "effect:terrifying")
    play(s, "unit:crucible_west:imperial_army")
    assert kind(s) == "heresy.battle.rout" and seat(s) == IMPERIUM
    assert all(k.startswith("to:") or k == "eliminate" for k in keys(s))  # no "stay"
    play(s, keys(s)[0])
    assert count(s, "crucible_west", IMPERIUM) == 0


# --- Hero damage states: unwounded, wounded, defeated ----------------------------------


def _hero_battle(damage_: int, **config: Any) -> HeresyState:
    s = attack(
        CSM_VS_ARMY,
        config=config,
        heroes={"rogal_dorn": "crucible_west"},
        hero_damage={"rogal_dorn": damage_},
        **combat(
            decks={"traitor": ["diversionary_tactics", "breach"], "imperium": ["hostile_ground"]},
            hero_decks={"imperium": ["lead_by_example", "sacrifices_must_be_made"]},
        ),
    )
    play(s, "target:crucible_west", "origin:crucible_centre")
    play(s, "unit:crucible_centre:chaos_space_marines")
    return s


def test_HH_41_5_an_unwounded_hero_brings_two_hero_cards() -> None:
    s = _hero_battle(5)  # space 5: still unwounded
    assert not damage.wounded(s, "rogal_dorn")
    assert sum(cc.is_hero(s, c) for c in s.combat_hands[IMPERIUM]) == 2


def test_HH_40_11_a_wounded_hero_brings_one_hero_card() -> None:
    s = _hero_battle(6)  # wounded from space 6 (tracks.toml)
    assert damage.wounded(s, "rogal_dorn")
    assert sum(cc.is_hero(s, c) for c in s.combat_hands[IMPERIUM]) == 1


def test_HH_41_24_a_defeated_hero_is_out_of_the_game_for_good() -> None:
    units = [unit("crucible_centre", "chaos_space_marines", "traitor")]
    s = attack(
        units,
        heroes={"rogal_dorn": "crucible_west"},  # unsupported: a Hero is a legal target
        hero_damage={"rogal_dorn": 9},
        **combat(decks={"traitor": ["diversionary_tactics"]}),
    )
    play(s, "target:crucible_west", "origin:crucible_centre")
    play(s, "unit:crucible_centre:chaos_space_marines", "first:attacker")
    play(s, "card:diversionary_tactics", "none", "hero:rogal_dorn")
    assert s.heroes["rogal_dorn"] == "dead" and s.hero_damage["rogal_dorn"] == 10
    # never placed again: Heroes of the reserve may come with placed units, not he
    effects.heroes_along(s, IMPERIUM, "crucible_north")
    settle(s)
    assert kind(s) == "heresy.event.place_units"
    assert "hero:jaghatai_khan" in keys(s) and "hero:rogal_dorn" not in keys(s)


# --- damage ---------------------------------------------------------------------------


def test_HH_40_16_normal_damage_is_the_sum_of_the_active_cards_attack_values() -> None:
    s = battle(["diversionary_tactics", "breach"], ["hostile_ground"])
    play(s, "first:defender", "pass")  # iteration 2: the Traitor may play two cards
    play(s, "card:diversionary_tactics", "card:breach", "none")
    assert s.stack[-1].data["dmg"] == 6  # 3 + 3 (EX-29.1), open target: no reduction


def test_HH_40_17_free_effects_come_on_top_of_the_one_normal_effect() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor"),
        unit("crucible_centre", "chaos_cultists", "traitor"),
        unit("crucible_west", "imperial_army", "imperium", 2),
    ]
    s = battle(
        ["hatred_unbound", "cultist_swarm", "breach"],
        ["hostile_ground"],
        units=units,
        engage=("unit:crucible_centre:chaos_space_marines", "unit:crucible_centre:chaos_cultists"),
    )
    play(s, "first:defender", "pass", "card:hatred_unbound", "card:cultist_swarm")
    assert keys(s) == ["effect:hatred_unbound", "none"]  # the free card is not a normal one
    play(s, "effect:hatred_unbound", "unit:crucible_west:imperial_army")
    assert kind(s) == "heresy.battle.free" and keys(s) == ["effect:cultist_swarm", "done"]


def test_HH_40_19_only_engaged_units_take_battle_damage() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor"),
        unit("crucible_centre", "chaos_cultists", "traitor"),  # left out of the battle
        unit("crucible_west", "imperial_army", "imperium"),
    ]
    engage = ("unit:crucible_centre:chaos_space_marines", "done")
    s = battle(["breach"], ["hostile_ground"], units=units, engage=engage)
    f = s.stack[-1]
    assert [TRAITOR, "crucible_centre", "chaos_cultists"] not in f.data["eng"]
    play(s, "first:defender", "card:hostile_ground", "effect:hostile_ground")
    assert keys(s) == ["unit:crucible_centre:chaos_space_marines"]  # the effect too


# --- fortifications, fortresses -------------------------------------------------------


def test_HH_40_20_HH_41_1_fortified_zones_fortresses_and_markers() -> None:
    s = game({"fortifications": ["crucible_north"]})
    zones = s.content.zones
    assert zones["tower_of_shadows"].kind == "fortress"
    assert fortification.fortified(s, "tower_of_shadows")  # every fortress is fortified
    for z in ("crucible_factory_complex", "inner_palace", "vs_command_bridge"):
        assert fortification.fortified(s, z) and zones[z].kind != "fortress", z
    assert fortification.fortified(s, "crucible_north")  # for now: a marker
    assert not zones["crucible_north"].fortified and zones["crucible_north"].kind == "open"


def test_HH_40_20_HH_44_13_crevasses_alone_give_the_defender_the_benefit() -> None:
    units = [
        unit("plateau_west", "chaos_space_marines", "traitor"),
        unit("crucible_west", "imperial_army", "imperium"),
    ]
    s = attack(units, **combat(decks={"traitor": ["breach"], "imperium": ["hostile_ground"]}))
    assert s.content.graph.is_crevasse("plateau_west", "crucible_west")
    play(s, "target:crucible_west", "origin:plateau_west")
    play(s, "unit:plateau_west:chaos_space_marines")
    assert not fortification.fortified(s, "crucible_west")
    assert joining.fortification(s, s.stack[-1]) == 2


# --- the round: initiative, current player, markers -----------------------------------


def test_HH_40_12_HH_41_2_initiative_change_when_the_current_player_passes() -> None:
    hand = ["drop_pods", "firefight", "port_landing"]
    s = game({**BASE, "units": [], "heroes": {}, "hands": {"traitor": hand}})
    assert s.current == TRAITOR and seat(s) == TRAITOR and kind(s) == "heresy.action"
    play(s, "action:place", "card:drop_pods", "pile:crucible")  # 1 -> 2: still behind
    assert s.current == TRAITOR and s.piles["crucible"][-1][2] is True
    play(s, "action:place", "card:firefight", "pile:crucible")  # 2 -> 3: on top (HH-14.10)
    assert s.current == TRAITOR and not logged(s, "heresy.log.initiative_change")
    play(s, "action:place", "card:port_landing", "pile:crucible")  # 3 -> 4: ahead
    assert logged(s, "heresy.log.initiative_change")
    assert s.current == IMPERIUM and seat(s) == IMPERIUM  # closest to the start now
    assert all(not fresh for _c, _o, fresh in s.piles["crucible"])  # HH-19.3


def test_HH_41_4_activation_and_rout_sides_of_a_marker() -> None:
    pos = {
        **BASE,
        "track": {"imperium": 4, "traitor": 5},
        "triggered": [],
        "units": [],
        "heroes": {},
        "hands": {"imperium": ["redeploy"]},
        "activation": {"imperium": {"crucible_west": "activation", "crucible_north": "rout"}},
    }
    s = game(pos)
    assert s.marks[IMPERIUM] == {"crucible_west": ACTIVE, "crucible_north": ROUT}
    restore = [sp.n for sp in s.content.tracks.initiative.space if "restoration" in sp.icons]
    assert restore and restore[0] > 4
    s.pos[IMPERIUM] = restore[0] - 1
    play(s, "action:place", "card:redeploy", "pile:palace")
    assert logged(s, "heresy.log.restoration")
    assert s.marks[IMPERIUM] == {"crucible_north": ACTIVE}  # rout side flipped, other gone


def test_HH_41_3_HH_38_3_stacking_limits_six_three_and_six_with_a_marker() -> None:
    s = game({"fortifications": ["crucible_north"]})
    for z in s.content.zones:
        assert z.stacking_limit == (3 if z.fortified else 6), z.id
    assert s.content.zones["crucible_north"].stacking_limit == 6  # the marker keeps 6
    units = [
        unit("crucible_north", "chaos_space_marines", "traitor", 6),
        unit("crucible_factory_complex", "chaos_cultists", "traitor", 4),
    ]
    s = _coexistence(units, fortifications=["crucible_north"])
    assert kind(s) == "heresy.stacking" and keys(s) == [
        "unit:crucible_factory_complex:chaos_cultists"
    ]


def test_HH_41_8_every_sector_has_a_pile_even_an_empty_one() -> None:
    s = game({**BASE, "units": [], "heroes": {}, "hands": {"traitor": ["drop_pods"]}})
    assert sorted(s.piles) == sorted(sec.id for sec in s.content.sectors)
    assert all(pile == [] for pile in s.piles.values())
    play(s, "action:place", "card:drop_pods")
    assert sorted(k[5:] for k in keys(s)) == sorted(s.piles)


def test_HH_41_9_heroes_move_with_movement_points_like_units() -> None:
    pos = {
        "track": {"imperium": 1, "traitor": 3},
        "triggered": [3],
        "events": [],
        "units": [unit("crucible_west", "imperial_army", "imperium")],
        "heroes": {"rogal_dorn": "plateau_south_west", "sanguinius": "volcanus_south"},
        "hands": {"imperium": ["imperial_assemble"]},
    }
    s = game(pos)
    play(s, "action:hand", "card:imperial_assemble", "sector:crucible", "to:crucible_west")
    # Dorn: 1 MP to plateau_west, 2 across the crevasse = 3; Sanguinius is too far
    assert keys(s) == ["hero:rogal_dorn", "done"]
    assert all(h.move == 3 for h in s.content.heroes)
    play(s, "hero:rogal_dorn", "done")
    assert s.heroes["rogal_dorn"] == "crucible_west"


# --- content definitions ----------------------------------------------------------------


def test_HH_41_10_every_primarch_is_a_hero() -> None:
    c = game().content
    primarchs = [leg.primarch for leg in c.legions if leg.primarch]
    assert len(primarchs) == 7
    for p in primarchs:
        assert p in c.heroes.ids()


def test_HH_41_11_HH_41_23_the_four_powers_their_colours_and_card_conditions() -> None:
    c = game().content
    assert {(p.id, p.colour) for p in c.powers} == {
        ("khorne", "red"),
        ("nurgle", "green"),
        ("tzeentch", "blue"),
        ("slaanesh", "purple"),
    }
    s = game()
    assert cc.power_of(s, "chaos_cultists/nurgle") == "nurgle"
    assert cc.power_of(s, "chaos_space_marines/death_guard") == "nurgle"  # a legion's god
    assert cc.power_of(s, "traitor_army") == ""
    f = joining.new_battle(TRAITOR, "", "crucible", "firefight")
    f.data["eng"] = [[TRAITOR, "crucible_centre", "chaos_cultists/khorne"]]
    assert cc.condition_met(s, f, TRAITOR, "blood_for_the_blood_god")  # Khorne unit
    assert not cc.condition_met(s, f, TRAITOR, "maleficent_plague")  # Nurgle unit


def test_HH_41_12_ranks_one_to_four_drive_the_draw() -> None:
    c = game().content
    assert {u.rank for u in c.units} <= {1, 2, 3, 4}
    units = [
        unit("crucible_centre", "chaos_titan", "traitor"),
        unit("crucible_west", "imperial_army", "imperium"),
    ]
    s = battle(["breach", "diversionary_tactics", "rain_of_death"], ["hostile_ground"],
               units=units, engage=("unit:crucible_centre:chaos_titan",))  # fmt: skip
    assert c.units["chaos_titan"].rank == 4 and len(s.combat_hands[TRAITOR]) == 2  # 4 / 2


def test_HH_41_13_the_reserve_feeds_the_board_and_takes_armies_back() -> None:
    pos = {
        "track": {"imperium": 1, "traitor": 3},
        "triggered": [3],
        "events": [],
        "units": [unit("crucible_west", "imperial_army", "imperium")],
        "heroes": {"the_emperor": "inner_palace"},
        "hands": {"imperium": ["levy_of_terra"]},
        "reserve": {"imperium": {"imperial_army": 3}, "traitor": {}},
    }
    s = game(pos)
    play(s, "action:hand", "card:levy_of_terra", "sector:crucible", "to:crucible_west")
    assert count(s, "crucible_west", IMPERIUM) == 3 and s.reserve[IMPERIUM]["imperial_army"] == 1
    from arbitre.games.heresy.board import eliminate

    eliminate(s, s.units["crucible_west"].pop())
    assert s.reserve[IMPERIUM]["imperial_army"] == 2  # HH-31.3: an army comes back


def test_HH_41_14_HH_41_15_a_reusable_order_is_recycled_to_the_card_reserve() -> None:
    s = battle([], [])  # no Combat card: the battle ends at once
    assert s.content.orders["firefight"].reusable
    assert s.card_reserve[TRAITOR] == ["firefight"] and "firefight" not in s.discards[TRAITOR]
    s2 = game({**BASE, "units": [], "heroes": {}, "card_reserve": {"traitor": ["firefight"]}})
    play(s2, "action:draw")
    assert "card:firefight" in keys(s2)  # back to hand by the Draw action
    play(s2, "card:firefight")
    assert s2.hands[TRAITOR] == ["firefight"] and s2.card_reserve[TRAITOR] == []


def test_HH_41_16_sacrifice_costs_one_of_your_own_units() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor"),
        unit("crucible_west", "imperial_army", "imperium", 2),
    ]
    s = attack(
        units,
        heroes={"rogal_dorn": "crucible_west"},
        **combat(
            decks={"traitor": ["breach", "diversionary_tactics"], "imperium": ["hostile_ground"]},
            hero_decks={"imperium": ["sacrifices_must_be_made", "lead_by_example"]},
            discards={"imperium": ["angels_of_death"]},
        ),
    )
    play(s, "target:crucible_west", "origin:crucible_centre")
    play(s, "unit:crucible_centre:chaos_space_marines", "first:defender")
    play(s, "card:sacrifices_must_be_made", "effect:sacrifices_must_be_made")
    assert keys(s) == ["unit:crucible_west:imperial_army"]  # his own engaged units
    play(s, "unit:crucible_west:imperial_army")
    assert count(s, "crucible_west", IMPERIUM) == 1  # rank I: one damage eliminates it
    play(s, "card:angels_of_death")
    assert "angels_of_death" in s.combat_hands[IMPERIUM]


def test_HH_41_17_HH_32_14_an_unsupported_hero_does_not_hold_his_zone() -> None:
    s = game({"units": [unit("crucible_centre", "chaos_space_marines", "traitor")],
              "heroes": {"rogal_dorn": "crucible_west"}})  # fmt: skip
    assert zone_type(s, "crucible_west", IMPERIUM) == NEUTRAL
    assert zone_type(s, "crucible_west", TRAITOR) == NEUTRAL
    pos = {
        **BASE,
        "units": [unit("crucible_centre", "chaos_space_marines", "traitor")],
        "heroes": {"rogal_dorn": "crucible_west"},
        "hands": {"traitor": ["traitor_assemble"]},
    }
    s = game(pos)
    play(s, "action:hand", "card:traitor_assemble", "sector:crucible")
    assert "to:crucible_west" in keys(s)  # enemy units may enter his zone


def test_HH_41_19_a_sector_is_a_group_of_zones_some_in_two() -> None:
    s = game()
    crucible = sector_zones(s, "crucible")
    assert "tower_of_shadows" in crucible and "tower_of_shadows" in sector_zones(
        s, "imperial_plateau"
    )
    assert all("crucible" in s.content.zones[z].sectors for z in crucible)
    assert sum(len(sector_zones(s, sec.id)) for sec in s.content.sectors) >= len(s.content.zones)


def test_HH_41_20_an_edge_segment_is_where_two_zones_touch() -> None:
    s = game()
    segs = fortification.segments(s, "librarium_technologicus")
    assert len(segs) == len(s.content.graph.neighbours("librarium_technologicus")) == 3
    assert fortification.breach(s, "librarium_technologicus", "plateau_south")
    assert fortification.breached(s, "plateau_south", "librarium_technologicus")  # shared
    assert not fortification.breach(s, "librarium_technologicus", "plateau_south")  # one


def test_HH_41_25_flying_changes_movement_joining_retreat_and_rout() -> None:
    s = game()
    f = joining.new_battle(TRAITOR, "", "crucible", "firefight")
    f.data["target"] = "crucible_west"
    walking = damage.escape_zones(s, f, IMPERIUM, False)
    flying = damage.escape_zones(s, f, IMPERIUM, True)
    assert "plateau_west" in flying and "plateau_west" not in walking  # across a crevasse
    assert s.content.units["chaos_thunderhawk"].flying
    f.data["eng"] = [[TRAITOR, "plateau_west", "chaos_thunderhawk"]]
    f.data["origins"] = ["plateau_west"]
    s.units = {"crucible_west": [(IMPERIUM, "imperial_army", "", 0)]}
    assert joining.fortification(s, f) == 1  # a flyer breaches the crevasse (HH-35.1)


def test_HH_41_26_zone_types_target_origin_and_destination() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor"),
        unit("crucible_west", "imperial_army", "imperium"),
        unit("crucible_west", "chaos_cultists", "traitor"),
    ]
    s = game({"units": units, "heroes": {}})
    assert zone_type(s, "crucible_centre", TRAITOR) == FRIENDLY
    assert zone_type(s, "crucible_centre", IMPERIUM) == ENEMY
    assert zone_type(s, "crucible_west", IMPERIUM) == CONTESTED
    assert zone_type(s, "crucible_north", IMPERIUM) == NEUTRAL
    s = attack(units)
    play(s, "target:crucible_west")
    f = s.stack[-1]
    assert f.data["target"] == "crucible_west" and f.data["origins"] == ["crucible_west"]
    assert keys(s) == ["origin:crucible_centre", "done"]  # an origin zone launches attackers
