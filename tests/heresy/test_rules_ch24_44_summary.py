"""The back cover (HH-44.1..HH-44.18, AMB-13): each step of the round summary, the
battle summary and the important rule points, checked on the game's behaviour."""

from __future__ import annotations

from typing import Any

from arbitre.games.heresy import fortification, joining
from arbitre.games.heresy.movement import _types, reach
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, HeresyState
from tests.heresy.ch24_44_helpers import BASE, CSM_VS_ARMY, attack, battle
from tests.heresy.flow_helpers import R, combat, count, game, keys, kind, logged, play, seat, unit

# --- the round (HH-44.1..HH-44.4) -------------------------------------------------------


def _round(**extra: Any) -> HeresyState:
    pos: dict[str, Any] = {
        **BASE,
        "units": [unit("crucible_centre", "chaos_space_marines", "traitor")],
        "heroes": {},
        "hands": {"traitor": ["firefight", "drop_pods"]},
        "decks": {"traitor": ["port_landing"]},
        "card_reserve": {"traitor": ["traitor_assemble"]},
        "piles": {"palace": [{"card": "traitor_assault", "owner": "traitor"}]},
        **extra,
    }
    return game(pos)


def test_HH_44_1_the_five_actions_of_the_action_step() -> None:
    s = _round()
    assert keys(s) == ["action:place", "action:map", "action:hand", "action:bury", "action:draw"]
    play(s, "action:place", "card:drop_pods", "pile:crucible")  # face down on a pile
    assert s.piles["crucible"] == [("drop_pods", TRAITOR, True)] and s.pos[TRAITOR] == 2
    s = _round()
    play(s, "action:bury", "pile:palace")  # the top card to the bottom: same pile
    assert s.piles["palace"] == [("traitor_assault", TRAITOR, False)] and s.pos[TRAITOR] == 2
    s = _round()
    play(s, "action:draw")
    assert keys(s) == ["deck", "card:traitor_assemble"]  # the Order deck or the card reserve
    play(s, "card:traitor_assemble")
    assert "traitor_assemble" in s.hands[TRAITOR] and s.pos[TRAITOR] == 2


def test_HH_44_2_the_marker_advances_by_the_actions_cost() -> None:
    s = _round()
    cost = s.content.orders["firefight"].cost
    assert cost == 2
    play(s, "action:hand", "card:firefight", "sector:crucible", "ignore")  # no target
    assert s.pos[TRAITOR] == 1 + cost and logged(s, "heresy.log.advance")
    s = _round()
    play(s, "action:map", "card:traitor_assault", "ignore")  # from the map: 1 (HH-19.1)
    assert s.pos[TRAITOR] == 2


def test_HH_44_3_initiative_change_coexistence_battles_then_stacking() -> None:
    units = [
        unit("crucible_west", "chaos_space_marines", "traitor"),
        unit("crucible_west", "imperial_army", "imperium"),
        unit("crucible_factory_complex", "imperial_army", "imperium", 4),
    ]
    pos = {
        **BASE,
        "track": {"imperium": 3, "traitor": 3, "top": "traitor"},
        "units": units,
        "heroes": {},
        "hands": {"traitor": ["drop_pods"]},
    }
    s = game(pos)
    play(s, "action:place", "card:drop_pods", "pile:crucible")
    events = [m.key for m in R.events(s)]
    # the coexistence battle (no Combat card: it ends at once, HH-30.9) comes first
    assert events.index("heresy.log.initiative_change") < events.index("heresy.log.battle_end")
    assert kind(s) == "heresy.stacking" and seat(s) == IMPERIUM
    assert keys(s) == ["unit:crucible_factory_complex:imperial_army"]
    play(s, "unit:crucible_factory_complex:imperial_army")
    assert count(s, "crucible_factory_complex", IMPERIUM) == 3
    assert s.current == IMPERIUM and kind(s) == "heresy.action"


def test_HH_44_4_special_phases_in_the_order_passed() -> None:
    pos = {
        "track": {"imperium": 5, "traitor": 9},
        "triggered": [3],
        "events": [],
        "units": [],
        "heroes": {},
        "hands": {"imperium": ["redeploy", "boarding_action"], "traitor": ["drop_pods"]},
        "decks": {"imperium": ["imperial_assault"], "traitor": ["firefight"]},
        "card_reserve": {"traitor": ["traitor_assemble"]},
    }
    s = game(pos)
    play(s, "action:hand", "card:redeploy", "sector:palace", "ignore")  # 5 -> 7
    events = [m.key for m in R.events(s)]
    assert "heresy.log.event_none" in events  # space 6: the Event phase (empty deck)
    assert s.triggered >= {6, 7}
    # space 7: Order Draw, the current player first: (a) discard …
    assert kind(s) == "heresy.order_draw.discard" and seat(s) == IMPERIUM
    play(s, "card:boarding_action")
    assert s.discards[IMPERIUM] == ["boarding_action"]  # his hand is empty: the Traitor's turn
    assert kind(s) == "heresy.order_draw.discard" and seat(s) == TRAITOR
    play(s, "done")
    # (b) from the card reserve up to six (Redéployer, reusable, went there) …
    assert kind(s) == "heresy.order_draw.recover" and seat(s) == IMPERIUM
    assert keys(s) == ["card:redeploy", "done"]
    play(s, "done")
    assert kind(s) == "heresy.order_draw.recover" and seat(s) == TRAITOR
    play(s, "card:traitor_assemble")  # his reserve is empty: on to the refill
    # (c) draw to six (the decks run out here and rebuild from the discard piles)
    assert kind(s) == "heresy.action"
    assert "imperial_assault" in s.hands[IMPERIUM] and "firefight" in s.hands[TRAITOR]
    assert "traitor_assemble" in s.hands[TRAITOR]


# --- the battle summary (HH-44.5) ------------------------------------------------------


def test_HH_44_5_the_steps_of_a_battle_in_order() -> None:
    s = attack(
        CSM_VS_ARMY,
        **combat(
            decks={"traitor": ["diversionary_tactics", "breach"], "imperium": ["hostile_ground"]}
        ),
    )
    seen = [kind(s)]
    for key in ("target:crucible_west", "origin:crucible_centre",
                "unit:crucible_centre:chaos_space_marines"):  # fmt: skip
        play(s, key)
        seen.append(kind(s))
    # 1. join (target, origins), 2. engage, 3. prepare: hands drawn, the defender chooses
    assert seen == [
        "heresy.battle.target",
        "heresy.battle.origin",
        "heresy.battle.engage",
        "heresy.battle.first",
    ]
    assert len(s.combat_hands[TRAITOR]) == 2 and len(s.combat_hands[IMPERIUM]) == 1
    f = s.stack[-1]
    assert f.data["it"] == 1
    play(s, "first:defender")
    # 4. (a) play or pass, (b) special effect, (c) total, (d) resist, (e) assign, (f) next
    assert kind(s) == "heresy.battle.play" and seat(s) == IMPERIUM
    play(s, "card:hostile_ground")
    assert kind(s) == "heresy.battle.effect"
    play(s, "none")
    assert kind(s) == "heresy.battle.shields" and f.data["dmg"] == 1  # (c) then (d)
    play(s, "done")
    assert kind(s) == "heresy.battle.assign"
    play(s, "unit:crucible_centre:chaos_space_marines")
    assert f.data["it"] == 2 and f.data["active"] == TRAITOR  # (f)
    play(s, "card:diversionary_tactics", "card:breach", "none")
    assert f.data["dmg"] == 6
    play(s, "unit:crucible_west:imperial_army")  # the defender's side is gone: 5. the end
    assert logged(s, "heresy.log.battle_end") and kind(s) == "heresy.battle.advance"
    play(s, "unit:crucible_centre:chaos_space_marines/d1")  # the attacker advances
    assert count(s, "crucible_west", TRAITOR) == 1


# --- important rule points (HH-44.6..HH-44.18) -----------------------------------------


def test_HH_44_6_an_order_placed_since_the_last_change_waits() -> None:
    s = _round(piles={})
    play(s, "action:place", "card:drop_pods", "pile:crucible")
    assert s.current == TRAITOR and s.piles["crucible"][-1] == ("drop_pods", TRAITOR, True)
    assert "action:map" not in keys(s)  # his own top card, but fresh (HH-19.3)


def test_HH_44_7_the_strategic_bonus_only_from_the_map() -> None:
    units = [unit("spaceport_primus", "chaos_titan", "traitor", 3)]
    for from_map, landed in ((False, 1), (True, 3)):  # ranks 4: 6 allows 1, 12 allows 3
        pos: dict[str, Any] = {**BASE, "units": units, "heroes": {}}
        if from_map:
            pos["piles"] = {"vengeful_spirit": [{"card": "port_landing", "owner": "traitor"}]}
        else:
            pos["hands"] = {"traitor": ["port_landing"]}
        s = game(pos)
        if from_map:
            play(s, "action:map", "card:port_landing")
        else:
            play(s, "action:hand", "card:port_landing", "sector:vengeful_spirit")
        play(s, "to:vs_catacombs", "from:spaceport_primus")
        while "unit:spaceport_primus:chaos_titan" in keys(s):
            play(s, "unit:spaceport_primus:chaos_titan")
        assert count(s, "vs_catacombs", TRAITOR) == landed, from_map


def test_HH_44_8_reusable_orders_go_to_the_card_reserve() -> None:
    hand = ["traitor_assemble", "drop_pods"]
    s = game({**BASE, "units": [], "heroes": {}, "hands": {"traitor": hand}})
    assert s.content.orders["traitor_assemble"].reusable
    assert not s.content.orders["drop_pods"].reusable
    play(s, "action:hand", "card:traitor_assemble", "sector:crucible", "ignore")
    assert s.card_reserve[TRAITOR] == ["traitor_assemble"] and s.discards[TRAITOR] == []
    play(s, "action:hand", "card:drop_pods", "sector:crucible", "ignore")
    assert s.discards[TRAITOR] == ["drop_pods"]


def test_HH_44_9_HH_31_13_heroes_come_in_wherever_units_are_placed() -> None:
    pos = {
        "track": {"imperium": 1, "traitor": 3},
        "triggered": [3],
        "events": [],
        "units": [unit("crucible_west", "imperial_army", "imperium")],
        "heroes": {"the_emperor": "inner_palace"},
        "hands": {"imperium": ["levy_of_terra", "tank_reinforcements"]},
        "reserve": {"imperium": {"imperial_army": 4, "imperial_tank_division": 2}},
    }
    s = game(pos)
    play(s, "action:hand", "card:levy_of_terra", "sector:crucible", "to:crucible_west")
    assert kind(s) == "heresy.event.place_units"
    assert "hero:rogal_dorn" in keys(s) and "hero:the_emperor" not in keys(s)
    assert not any(k.startswith("unit:") for k in keys(s))  # the order's units are placed
    play(s, "hero:rogal_dorn", "hero:sanguinius", "done")  # any number (HH-32.2)
    assert s.heroes["rogal_dorn"] == s.heroes["sanguinius"] == "crucible_west"
    assert count(s, "crucible_west", IMPERIUM) == 3
    s = game(pos)
    play(s, "action:hand", "card:tank_reinforcements", "sector:crucible")
    play(s, "to:crucible_factory_complex")
    assert "hero:jaghatai_khan" in keys(s)
    play(s, "done")  # declining is allowed
    assert s.heroes["jaghatai_khan"] == "" and kind(s) == "heresy.action"


def test_HH_44_9_drop_pods_bring_heroes_beyond_the_unit_limit() -> None:
    pos = {
        **BASE,
        "units": [],
        "heroes": {},
        "hands": {"traitor": ["drop_pods"]},
        "reserve": {"traitor": {"chaos_space_marines": 4}},
        "lasers": {},
    }
    s = game(pos)
    play(s, "action:hand", "card:drop_pods", "sector:crucible", "to:crucible_west", "from:reserve")
    play(s, *["unit:reserve:chaos_space_marines"] * 3)
    assert "unit:reserve:chaos_space_marines" not in keys(s) and "hero:horus" in keys(s)
    play(s, "hero:horus", "hero:angron", "done")
    assert s.heroes["horus"] == s.heroes["angron"] == "crucible_west"
    assert count(s, "crucible_west", TRAITOR) == 3


def test_HH_44_11_a_crevasse_costs_one_more_point_except_to_flyers() -> None:
    s = game({"units": [], "heroes": {}})
    assert s.content.graph.is_crevasse("plateau_west", "crucible_west")
    types = _types(s, TRAITOR)
    assert reach(s, TRAITOR, "plateau_west", 5, False, types)["crucible_west"] == 2
    assert reach(s, TRAITOR, "plateau_west", 5, True, types)["crucible_west"] == 1
    assert reach(s, TRAITOR, "plateau_west", 5, False, types)["plateau_north_west"] == 1


def test_HH_44_12_attackers_stay_in_their_origin_zones_until_the_advance() -> None:
    s = battle(["diversionary_tactics"], ["hostile_ground"])
    assert count(s, "crucible_centre", TRAITOR) == 1 and count(s, "crucible_west", TRAITOR) == 0
    play(s, "first:attacker", "card:diversionary_tactics", "none", "done")
    play(s, "unit:crucible_west:imperial_army")
    assert kind(s) == "heresy.battle.advance"  # no defending unit left
    assert keys(s) == ["unit:crucible_centre:chaos_space_marines", "done"]
    play(s, "done")  # "may": staying is allowed
    assert count(s, "crucible_centre", TRAITOR) == 1 and count(s, "crucible_west", TRAITOR) == 0


def test_HH_44_12_no_advance_while_a_defending_unit_holds_the_target() -> None:
    units = [*CSM_VS_ARMY, unit("crucible_west", "imperial_army", "imperium")]
    s = battle(["diversionary_tactics"], ["hostile_ground"], units=units)
    play(s, "first:attacker", "pass", "pass", "pass", "pass")
    assert logged(s, "heresy.log.battle_end")
    assert count(s, "crucible_west", TRAITOR) == 0 and kind(s) != "heresy.battle.advance"


def test_FAQ_counters_any_cards_resisting_by_iteration_HH_44_14_AMB_13() -> None:
    s = battle(["diversionary_tactics", "breach", "hatred_unbound"], ["hostile_ground"])
    s.combat_hands[IMPERIUM] = ["hostile_ground", "hold_the_walls", "crossfire"]
    play(s, "first:attacker", "card:diversionary_tactics")  # iteration 1: one card only
    assert kind(s) == "heresy.battle.effect"
    play(s, "effect:diversionary_tactics")
    play(s, "card:hostile_ground", "card:hold_the_walls")  # 3 + 3 shields: two cards
    assert logged(s, "heresy.log.countered")
    # the passive side resists with one card in iteration 1: the active/passive reading
    assert kind(s) == "heresy.battle.shields" and seat(s) == IMPERIUM
    play(s, "card:crossfire")
    assert kind(s) == "heresy.battle.assign" and s.stack[-1].data["dmg"] == 2
    play(s, "unit:crucible_west:imperial_army")


def test_HH_44_14_AMB_13_two_cards_and_two_shield_cards_in_iteration_two() -> None:
    s = battle(["diversionary_tactics", "breach"], ["hostile_ground"])
    s.combat_hands[IMPERIUM] = ["hostile_ground", "hold_the_walls", "crossfire"]
    play(s, "first:defender", "pass")
    assert seat(s) == TRAITOR
    play(s, "card:diversionary_tactics", "card:breach", "none")
    assert kind(s) == "heresy.battle.shields" and s.stack[-1].data["dmg"] == 6
    play(s, "card:crossfire")  # 1 shield
    assert kind(s) == "heresy.battle.shields"  # a second card may follow in iteration 2
    play(s, "card:hostile_ground")  # 3 more
    assert s.stack[-1].data["dmg"] == 2 and kind(s) == "heresy.battle.assign"
    assert "hold_the_walls" in s.combat_hands[IMPERIUM]  # no third card


def test_HH_44_15_the_condition_matters_only_for_the_special_effect() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor"),
        unit("crucible_west", "imperial_army", "imperium", 2),
    ]
    s = battle(["rain_of_death", "breach"], ["bolter_drill"], units=units)
    assert not any(u[1] == "space_marines" for u in s.units["crucible_west"])
    play(s, "first:defender", "card:bolter_drill")  # needs Space Marines for its effect
    assert kind(s) == "heresy.battle.shields"  # no effect offered, its 2 damage dealt
    assert s.stack[-1].data["dmg"] == 2
    play(s, "done", "unit:crucible_centre:chaos_space_marines")
    play(s, "unit:crucible_centre:chaos_space_marines/d1")
    assert s.units["crucible_centre"] == [(TRAITOR, "chaos_space_marines", "", 2)]


def test_HH_44_15_shields_need_no_condition() -> None:
    s = battle(["diversionary_tactics"], ["hostile_ground"])
    s.combat_hands[IMPERIUM] = ["bolter_drill"]  # Space Marines' card: no Space Marine here
    play(s, "first:attacker", "card:diversionary_tactics", "none")
    assert keys(s) == ["card:bolter_drill", "done"]
    play(s, "card:bolter_drill")
    assert s.stack[-1].data["dmg"] == 2  # 3 - 1


def test_HH_44_16_one_normal_special_effect_per_iteration() -> None:
    s = battle(["diversionary_tactics", "hatred_unbound"], ["hostile_ground"])
    play(s, "first:defender", "pass", "card:diversionary_tactics", "card:hatred_unbound")
    assert keys(s) == ["effect:diversionary_tactics", "effect:hatred_unbound", "none"]
    before = s.pos[IMPERIUM]
    play(s, "effect:hatred_unbound", "unit:crucible_west:imperial_army")
    assert count(s, "crucible_west", IMPERIUM) == 0
    assert s.pos[IMPERIUM] == before  # Tactiques de Diversion gave only its damage


def test_HH_44_17_AMB_31_a_fallen_hero_makes_his_units_check_morale() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor"),
        unit("crucible_west", "imperial_army", "imperium", 2),
        unit("crucible_west", "imperial_tank_division", "imperium"),
    ]
    s = attack(
        units,
        heroes={"rogal_dorn": "crucible_west", "angron": "crucible_centre"},
        hero_damage={"rogal_dorn": 9},
        bombardment={"deck": ["rulebook_p37_1", "rulebook_p37_3", "rulebook_p37_2"]},
        **combat(decks={"traitor": ["breach"]}, hero_decks={"traitor": ["daemonic_might"]}),
    )
    play(s, "target:crucible_west", "origin:crucible_centre")
    play(s, "unit:crucible_centre:chaos_space_marines", "hero:angron")
    play(s, "first:attacker", "card:daemonic_might", "effect:daemonic_might", "hero:rogal_dorn")
    assert s.heroes["rogal_dorn"] == "dead"
    # one Bombardment card per unit of his in the zone: aquila, aquila, chaos star
    assert sum(m.key == "heresy.log.morale" for m in R.events(s)) == 3
    assert s.bombard_deck == [] and len(s.bombard_discard) == 3
    assert kind(s) == "heresy.battle.rout" and seat(s) == IMPERIUM  # the star routs one
    play(s, "to:crucible_north")
    assert count(s, "crucible_north", IMPERIUM) == 1 and count(s, "crucible_west", IMPERIUM) == 2


def test_HH_44_18_flying_attackers_count_as_a_breach() -> None:
    for flyer, expected in (("chaos_space_marines", 2), ("chaos_thunderhawk", 1)):
        units = [
            unit("crucible_centre", flyer, "traitor"),
            unit("crucible_factory_complex", "imperial_army", "imperium"),
        ]
        s = attack(units, **combat(decks={"traitor": ["breach"], "imperium": ["hostile_ground"]}))
        play(s, "target:crucible_factory_complex", "origin:crucible_centre")
        play(s, f"unit:crucible_centre:{flyer}")
        f = s.stack[-1]
        assert joining.fortification(s, f) == expected, flyer
        assert not fortification.any_breach(s, "crucible_factory_complex")  # no marker
