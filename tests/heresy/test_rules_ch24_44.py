"""Chapters 24-37 rules left untested elsewhere: the Thunderhawk counter (HH-36.8), the
Vengeful Spirit (HH-37.13..HH-37.17) and the ambiguities of the battle chapters (AMB-1,
AMB-21, AMB-23, AMB-36, AMB-39), each played from a position."""

from __future__ import annotations

from typing import Any

from arbitre.engine.ruleset import ConfigError
from arbitre.games.heresy import fortification, joining
from arbitre.games.heresy.state import ACTIVE, IMPERIUM, TRAITOR, HeresyState
from tests.heresy.ch24_44_helpers import BASE, CSM_VS_ARMY, attack, battle
from tests.heresy.flow_helpers import R, combat, count, game, keys, kind, logged, play, seat, unit

# --- HH-36.8: a Thunderhawk bombardment is countered before its card is drawn ----------


def _rain(**extra: Any) -> HeresyState:
    units = [
        unit("crucible_centre", "chaos_thunderhawk", "traitor"),
        unit("crucible_west", "imperial_army", "imperium", 2),
    ]
    s = battle(
        ["rain_of_death"],
        ["hostile_ground"],
        units=units,
        engage=("unit:crucible_centre:chaos_thunderhawk",),
        bombardment={"deck": ["rulebook_p37_2"]},
        **extra,
    )
    play(s, "first:attacker", "card:rain_of_death", "effect:rain_of_death")
    assert kind(s) == "heresy.battle.counter" and seat(s) == IMPERIUM
    return s


def test_HH_36_8_countered_pluie_mortelle_draws_no_bombardment_card() -> None:
    s = _rain()
    assert s.bombard_deck == ["rulebook_p37_2"]  # nothing drawn while the counter is open
    play(s, "card:hostile_ground")  # 3 shields: the counter cost of Pluie Mortelle
    assert logged(s, "heresy.log.countered")
    assert s.bombard_deck == ["rulebook_p37_2"] and s.bombard_discard == []
    assert count(s, "crucible_west", IMPERIUM) == 2  # no Thunderhawk damage
    assert kind(s) == "heresy.battle.assign"  # only the card's normal damage (1) is left


def test_HH_36_8_accepted_pluie_mortelle_draws_then_hits() -> None:
    s = _rain()
    play(s, "accept")
    assert s.bombard_deck == [] and s.bombard_discard == ["rulebook_p37_2"]
    assert count(s, "crucible_west", IMPERIUM) < 2


# --- the Vengeful Spirit (HH-37.12..HH-37.17) --------------------------------------------


def test_HH_37_13_the_vengeful_spirit_pile_is_the_seventh_order_pile() -> None:
    s = game({**BASE, "units": [], "heroes": {}, "hands": {"traitor": ["drop_pods"]}})
    assert len(s.piles) == 7 and "vengeful_spirit" in s.piles
    play(s, "action:place", "card:drop_pods")
    assert "pile:vengeful_spirit" in keys(s)
    play(s, "pile:vengeful_spirit")
    assert s.piles["vengeful_spirit"] == [("drop_pods", TRAITOR, True)]


VS_PORT: dict[str, Any] = {
    **BASE,
    "units": [
        unit("eternity_wall_spaceport", "chaos_space_marines", "traitor", 3),
        unit("spaceport_primus", "chaos_titan", "traitor"),
        unit("lions_gate_spaceport", "chaos_space_marines", "traitor"),
    ],
    "heroes": {"angron": "eternity_wall_spaceport"},
    "hands": {"traitor": ["port_landing"]},
    "activation": {"traitor": {"lions_gate_spaceport": "activation"}},
}


def test_HH_37_15_AMB_8_port_landing_in_the_vengeful_spirit_sector() -> None:
    s = game(VS_PORT)
    play(s, "action:hand", "card:port_landing", "sector:vengeful_spirit")
    assert keys(s) == ["to:vs_command_bridge", "to:vs_catacombs", "ignore"]
    play(s, "to:vs_catacombs")
    # any spaceport of Terra, not one activated for the Traitor (AMB-8, HH-21.7)
    assert keys(s) == ["from:eternity_wall_spaceport", "from:spaceport_primus", "ignore"]
    play(s, "from:eternity_wall_spaceport")
    play(s, "unit:eternity_wall_spaceport:chaos_space_marines")
    play(s, "unit:eternity_wall_spaceport:chaos_space_marines")
    # rank 3 + 3 = 6, the order's limit from hand: no third one; the Hero may come along
    assert keys(s) == ["hero:angron", "done"]
    play(s, "hero:angron", "done")
    assert count(s, "vs_catacombs", TRAITOR) == 2 and s.heroes["angron"] == "vs_catacombs"
    assert count(s, "eternity_wall_spaceport", TRAITOR) == 1
    assert s.marks[TRAITOR]["vs_catacombs"] == ACTIVE
    assert sum(s.lasers.values()) + s.lasers_destroyed == 6  # no laser fire (AMB-8)


def test_HH_37_15_HH_44_7_from_the_map_the_limit_is_twelve() -> None:
    pos = {
        **VS_PORT,
        "hands": {},
        "piles": {"vengeful_spirit": [{"card": "port_landing", "owner": "traitor"}]},
    }
    s = game(pos)
    play(s, "action:map", "card:port_landing", "to:vs_command_bridge")
    play(
        s, "from:eternity_wall_spaceport", *["unit:eternity_wall_spaceport:chaos_space_marines"] * 3
    )
    assert count(s, "vs_command_bridge", TRAITOR) == 3  # rank 9 <= 12 (HH-20.3)


VS_FIGHT: dict[str, Any] = {
    "track": {"imperium": 1, "traitor": 3},
    "triggered": [3],
    "events": [],
    "units": [
        unit("vs_catacombs", "space_marines", "imperium", 2),
        unit("vs_command_bridge", "chaos_space_marines", "traitor"),
    ],
    "heroes": {},
    "hands": {"imperium": ["imperial_assault", "imperial_assemble"]},
    **combat(decks={"imperium": ["angels_of_death", "hostile_ground"], "traitor": ["terrifying"]}),
}


def test_HH_37_16_HH_37_17_a_battle_on_the_command_bridge_as_on_terra() -> None:
    s = game(VS_FIGHT)
    play(s, "action:hand", "card:imperial_assault", "sector:vengeful_spirit")
    assert keys(s) == ["target:vs_command_bridge", "ignore"]  # HH-25.3 in that sector
    play(s, "target:vs_command_bridge", "origin:vs_catacombs")
    play(s, "unit:vs_catacombs:space_marines", "unit:vs_catacombs:space_marines")
    f = s.stack[-1]
    assert kind(s) == "heresy.battle.first" and f.data["iters"] == 6
    assert fortification.fortified(s, "vs_command_bridge")  # HH-37.17
    assert joining.fortification(s, f) == 2  # HH-33.9 there as anywhere (HH-37.16)
    assert s.marks[IMPERIUM] == {"vs_command_bridge": ACTIVE, "vs_catacombs": ACTIVE}


def test_HH_37_16_movement_between_the_two_zones_follows_the_usual_rules() -> None:
    s = game(VS_FIGHT)
    play(s, "action:hand", "card:imperial_assemble", "sector:vengeful_spirit")
    assert keys(s) == ["to:vs_catacombs", "ignore"]  # HH-21.23: not the enemy bridge
    s2 = game({**VS_FIGHT, "units": [unit("vs_catacombs", "space_marines", "imperium", 2)]})
    play(s2, "action:hand", "card:imperial_assemble", "sector:vengeful_spirit")
    assert "to:vs_command_bridge" in keys(s2)  # a neutral zone may be a destination


def test_HH_37_17_HH_38_3_the_command_bridge_allows_three_units_per_side() -> None:
    pos = {
        "track": {"imperium": 3, "traitor": 3, "top": "traitor"},
        "triggered": [3],
        "events": [],
        "units": [
            unit("vs_command_bridge", "chaos_space_marines", "traitor", 4),
            unit("vs_catacombs", "chaos_space_marines", "traitor", 4),
        ],
        "heroes": {"horus": "vs_command_bridge"},
        "hands": {"traitor": ["drop_pods"]},
    }
    s = game(pos)
    assert s.content.zones["vs_command_bridge"].stacking_limit == 3
    assert s.content.zones["vs_catacombs"].stacking_limit == 6
    play(s, "action:place", "card:drop_pods", "pile:vengeful_spirit")  # an initiative change
    assert kind(s) == "heresy.stacking" and seat(s) == TRAITOR
    assert keys(s) == ["unit:vs_command_bridge:chaos_space_marines"]
    play(s, "unit:vs_command_bridge:chaos_space_marines")
    assert count(s, "vs_command_bridge", TRAITOR) == 3 and count(s, "vs_catacombs", TRAITOR) == 4


# --- ambiguities of the battle chapters ----------------------------------------------


def test_AMB_1_targets_origins_and_landings_are_zones_not_sectors() -> None:
    s = battle(["diversionary_tactics"], ["hostile_ground"])
    f = s.stack[-1]
    zones = set(s.content.zones.ids())
    assert f.data["target"] in zones and set(f.data["origins"]) <= zones
    play(s, "first:attacker", "card:diversionary_tactics", "none", "done")
    play(s, "unit:crucible_west:imperial_army")
    play(s, "unit:crucible_centre:chaos_space_marines")  # the advance: into the target zone
    assert count(s, "crucible_west", TRAITOR) == 1 and count(s, "crucible_centre", TRAITOR) == 0
    s = game(VS_PORT)
    play(s, "action:hand", "card:port_landing", "sector:vengeful_spirit")
    assert all(k[3:] in zones for k in keys(s) if k.startswith("to:"))


def test_AMB_21_card_data_matches_the_example_totals() -> None:
    c = game().content.combat
    assert (c["breach"].attack or 0) + (c["diversionary_tactics"].attack or 0) == 6  # EX-29.1
    withdrawal, sacrifices = c["strategic_withdrawal"], c["sacrifices_must_be_made"]
    assert (withdrawal.attack or 0) + (sacrifices.attack or 0) == 5  # EX-29.2
    assert c["terrifying"].shields == 2 and c["hostile_ground"].shields == 3  # EX-28.1
    assert (c["noose_of_ruin"].shields or 0) + (c["will_of_chaos"].shields or 0) == 3
    assert c["noose_of_ruin"].name_fr == "Piège"
    # Tactiques de Diversion exists twice: a Hero card (2, Heroes), a Combat card (3)
    hero = c["diversionary_tactics_hero"]
    assert (hero.deck, hero.attack, hero.requirement) == ("hero_combat", 2, "hero")
    normal = c["diversionary_tactics"]
    assert (normal.deck, normal.attack, normal.requirement) == ("combat", 3, "attacking_unit")


def test_AMB_23_HH_25_8_flyers_within_three_points_not_from_an_activated_zone() -> None:
    units = [
        *CSM_VS_ARMY,
        unit("plateau_north_west", "chaos_thunderhawk", "traitor"),  # 1 MP from the origin
        unit("lions_gate_north", "chaos_thunderhawk", "traitor"),  # activated for him
        unit("black_ministry_east", "chaos_thunderhawk", "traitor"),  # too far
    ]
    s = attack(units, order="traitor_assault", activation={"traitor": {"lions_gate_north": "rout"}})
    play(s, "target:crucible_west", "origin:crucible_centre")
    assert kind(s) == "heresy.battle.fly"
    starts = {k.split(":")[1] for k in keys(s) if k.startswith("fly:")}
    assert starts == {"plateau_north_west"}
    assert "fly:plateau_north_west:chaos_thunderhawk:crucible_north" in keys(s)
    play(s, "fly:plateau_north_west:chaos_thunderhawk:crucible_north")
    f = s.stack[-1]
    assert [TRAITOR, "crucible_north", "chaos_thunderhawk"] in f.data["eng"]
    assert "crucible_north" in f.data["origins"]


def test_AMB_39_a_target_already_activated_for_the_attacker() -> None:
    units = [*CSM_VS_ARMY, unit("crucible_west", "chaos_cultists", "traitor")]
    s = attack(units, activation={"traitor": {"crucible_west": "activation"}})
    assert keys(s) == ["target:crucible_west", "ignore"]
    play(s, "target:crucible_west")
    f = s.stack[-1]
    assert [TRAITOR, "crucible_west", "chaos_cultists"] in f.data["eng"]  # engaged at once
    assert keys(s) == ["origin:crucible_centre", "done"]


# --- AMB-36: drawing the Hero Combat cards, "may" (HH-32.7) or "draws" (HH-26.4) ------

HERO_DECKS = combat(
    decks={"traitor": ["breach"], "imperium": ["hostile_ground"]},
    hero_decks={"imperium": ["lead_by_example", "sacrifices_must_be_made"]},
)


def _dorn(**config: Any) -> HeresyState:
    s = attack(CSM_VS_ARMY, config=config, heroes={"rogal_dorn": "crucible_west"}, **HERO_DECKS)
    play(s, "target:crucible_west", "origin:crucible_centre")
    play(s, "unit:crucible_centre:chaos_space_marines")
    return s


def test_AMB_36_by_default_the_hero_cards_are_drawn_without_a_question() -> None:
    s = _dorn()
    assert kind(s) == "heresy.battle.first"
    assert s.combat_hands[IMPERIUM] == [
        "hostile_ground",
        "lead_by_example",
        "sacrifices_must_be_made",
    ]


def test_AMB_36_optional_draw_asks_the_side_with_an_engaged_hero() -> None:
    s = _dorn(**{"heroes.drawOptional": True})
    assert kind(s) == "heresy.battle.hero_draw" and seat(s) == IMPERIUM
    assert keys(s) == ["draw_heroes", "no_heroes"]
    assert s.combat_hands == [[], []]  # asked before any card is drawn
    twin = R.clone(s)
    play(s, "no_heroes")
    assert kind(s) == "heresy.battle.first" and logged(s, "heresy.log.hero_draw_declined")
    assert s.combat_hands[IMPERIUM] == ["hostile_ground"]
    assert s.hero_decks[IMPERIUM] == ["lead_by_example", "sacrifices_must_be_made"]
    play(twin, "draw_heroes")
    assert twin.combat_hands[IMPERIUM] == [
        "hostile_ground",
        "lead_by_example",
        "sacrifices_must_be_made",
    ]


def test_AMB_36_optional_draw_asks_nobody_without_heroes() -> None:
    s = battle(["breach"], ["hostile_ground"], config={"heroes.drawOptional": True})
    assert kind(s) == "heresy.battle.first"


def test_AMB_36_the_option_is_checked() -> None:
    assert any(o.key == "heroes.drawOptional" and o.default is False for o in R.options_schema())
    try:
        R.new({"heroes.drawOptional": "sometimes"}, 0)
    except ConfigError as exc:
        assert "heroes.drawOptional" in str(exc) and "AMB-36" in str(exc)
    else:
        raise AssertionError("a bad value must be refused")


def test_AMB_36_random_games_conform_with_the_optional_draw() -> None:
    from arbitre.engine import conformance

    records = conformance.check_all(R, [{"heroes.drawOptional": True}], seeds=range(3))
    asked = [k for r in records for k in r.keys if k in ("draw_heroes", "no_heroes")]
    assert asked  # the question came up and survived clone, replay and the JSON round trip
