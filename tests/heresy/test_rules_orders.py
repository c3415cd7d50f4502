"""Orders (HH-17.3..HH-21.16), movement (HH-21.17..HH-24.1, HH-32.1), zone types,
stacking and the track victories, each rule built from a position."""

from __future__ import annotations

from typing import Any

from arbitre.games.heresy.board import ENEMY, FRIENDLY, zone_type
from arbitre.games.heresy.state import ACTIVE, IMPERIUM, ROUT, TRAITOR, HeresyState
from tests.heresy.flow_helpers import R, count, game, keys, kind, play, unit

BASE = {"track": {"imperium": 3, "traitor": 1}, "triggered": [3], "heroes": {}}
IMP = {"track": {"imperium": 1, "traitor": 3}, "triggered": [3], "heroes": {}}


def _gather(
    units: list[dict[str, Any]],
    sector: str,
    dest: str,
    config: dict[str, Any] | None = None,
    **extra: Any,
) -> HeresyState:
    position = {**BASE, "units": units, "hands": {"traitor": ["traitor_assemble"]}, **extra}
    s = game(position, **(config or {}))
    play(s, "action:hand", "card:traitor_assemble", f"sector:{sector}", f"to:{dest}")
    return s


# --- orders (§8) -----------------------------------------------------------------------


def test_HH_17_3_HH_19_10_an_order_moves_units_by_the_movement_rules() -> None:
    s = _gather([unit("crucible_west", "chaos_warband", "traitor")], "crucible", "crucible_north")
    play(s, "unit:crucible_west:chaos_warband", "done")
    assert count(s, "crucible_north", TRAITOR) == 1


def test_HH_17_4_placed_then_executed_later_or_from_hand() -> None:
    s = game(
        {"track": {"imperium": 2, "traitor": 1}, "hands": {"traitor": ["firefight", "drop_pods"]}}
    )
    play(s, "action:place", "card:firefight", "pile:palace")  # 1 -> 2, on top: no change
    assert "action:map" not in keys(s)
    s2 = game({**BASE, "piles": {"palace": [{"card": "firefight", "owner": "traitor"}]}})
    play(s2, "action:map", "card:firefight", "ignore")
    s3 = game({**BASE, "hands": {"traitor": ["firefight"]}})
    play(s3, "action:hand", "card:firefight", "sector:palace", "ignore")
    assert s2.pos[TRAITOR] == 2 and s3.pos[TRAITOR] == 3  # 1 from the map, 2 from hand


def test_HH_17_5_HH_18_6_every_zone_of_terra_belongs_to_a_sector() -> None:
    s = game()
    inside = {z for sec in s.content.sectors for z in s.content.graph.sector_zones(sec.id)}
    assert inside == set(s.content.zones.ids())
    assert len(s.content.graph.sector_zones("black_ministry")) == 9


def test_HH_17_6_HH_17_8_every_order_has_a_name_and_an_effect() -> None:
    s = game()
    for o in s.content.orders:
        assert (o.name_fr or o.name_en) and (o.effect_fr or o.effect_en), o.id


def test_HH_17_9_HH_20_1_strategic_effect_only_from_the_map() -> None:
    s = game(
        {
            **BASE,
            "activation": {
                "traitor": {"crucible_west": "activation", "crucible_east": "activation"}
            },
            "piles": {"crucible": [{"card": "unnatural_vigor", "owner": "traitor"}]},
        }
    )
    play(s, "action:map", "card:unnatural_vigor", "zone:crucible_west", "zone:crucible_east")
    assert s.marks[TRAITOR] == {}  # two zones from the map
    s2 = game(
        {
            **BASE,
            "activation": {
                "traitor": {"crucible_west": "activation", "crucible_east": "activation"}
            },
            "hands": {"traitor": ["unnatural_vigor"]},
        }
    )
    play(s2, "action:hand", "card:unnatural_vigor", "sector:crucible", "zone:crucible_west")
    assert len(s2.marks[TRAITOR]) == 1  # one from hand


def test_HH_17_10_starting_orders_carry_the_starting_icon() -> None:
    s = game()
    starting = {o.id for o in s.content.orders if o.starting}
    assert {c.partition("#")[0] for h in s.hands for c in h} == starting


def test_HH_17_11_HH_21_3_HH_21_4_reusable_orders_go_to_a_public_card_reserve() -> None:
    s = game({**BASE, "hands": {"traitor": ["firefight"]}})
    play(s, "action:hand", "card:firefight", "sector:palace", "ignore")
    assert s.card_reserve[TRAITOR] == ["firefight"]
    assert R.view(s, IMPERIUM)["card_reserve"]["traitor"] == ["firefight"]


def test_HH_18_9_seven_order_piles_including_the_vengeful_spirit() -> None:
    s = game()
    assert set(s.piles) == set(s.content.sectors.ids()) and "vengeful_spirit" in s.piles
    assert len(s.piles) == 7


def test_HH_18_14_only_your_own_top_card_may_be_looked_at() -> None:
    pile = {
        "palace": [
            {"card": "drop_pods", "owner": "traitor"},
            {"card": "firefight", "owner": "traitor"},
        ]
    }
    s = game({**BASE, "piles": pile})
    mine = R.view(s, TRAITOR)["piles"]["palace"]
    theirs = R.view(s, IMPERIUM)["piles"]["palace"]
    assert [p["card"] for p in mine] == [None, "firefight"]
    assert [p["card"] for p in theirs] == [None, None]


def test_HH_18_15_HH_19_11_an_order_from_a_pile_acts_in_that_pile_sector() -> None:
    pile = {"crucible": [{"card": "traitor_assemble", "owner": "traitor"}]}
    s = game({**BASE, "units": [], "piles": pile})
    play(s, "action:map", "card:traitor_assemble")
    dests = {k[3:] for k in keys(s) if k.startswith("to:")}
    assert dests == set(s.content.graph.sector_zones("crucible"))


def test_HH_18_16_AMB_8_port_landing_in_the_vengeful_spirit_takes_any_spaceport() -> None:
    s = game(
        {
            **BASE,
            "units": [unit("spaceport_primus", "chaos_cultists", "traitor")],
            "hands": {"traitor": ["port_landing"]},
        }
    )
    play(s, "action:hand", "card:port_landing", "sector:vengeful_spirit", "to:vs_catacombs")
    assert "from:spaceport_primus" in keys(s)  # a spaceport outside the order's sector


def test_HH_19_13_an_order_controls_only_your_own_units() -> None:
    s = _gather(
        [
            unit("crucible_west", "chaos_warband", "traitor"),
            unit("crucible_centre", "imperial_army", "imperium"),
        ],
        "crucible",
        "crucible_north",
    )
    assert not any("imperial_army" in k for k in keys(s))


def test_HH_20_5_drop_pods_in_an_enemy_zone_start_no_battle_until_a_change() -> None:
    s = game(
        {
            "track": {"imperium": 3, "traitor": 2},
            "triggered": [3],
            "units": [unit("crucible_west", "imperial_army", "imperium")],
            "hands": {"traitor": ["drop_pods"]},
            "reserve": {"traitor": {"chaos_space_marines": 1}},
        }
    )
    play(s, "action:hand", "card:drop_pods", "sector:crucible", "to:crucible_west", "from:reserve")
    play(s, "unit:reserve:chaos_space_marines", "done")
    assert count(s, "crucible_west", TRAITOR) == 1  # 2 -> 4: a change
    assert any(
        m.key == "heresy.log.coexistence_stub" and m.args["zone"] == "crucible_west"
        for m in R.events(s)
    )
    assert not any(m.key == "heresy.log.battle_stub" for m in R.events(s))


def test_HH_21_1_an_order_naming_no_zone_activates_none() -> None:
    s = game(
        {
            **IMP,
            "units": [],
            "hands": {"imperium": ["tank_reinforcements"]},
            "reserve": {"imperium": {"imperial_tank_division": 2}},
        }
    )
    play(
        s,
        "action:hand",
        "card:tank_reinforcements",
        "sector:crucible",
        "to:crucible_factory_complex",
    )
    assert count(s, "crucible_factory_complex", IMPERIUM) == 2 and s.marks == [{}, {}]


def test_HH_21_6_HH_21_9_the_executing_players_marker_only() -> None:
    s = _gather([unit("crucible_west", "chaos_warband", "traitor")], "crucible", "crucible_north")
    play(s, "unit:crucible_west:chaos_warband", "done")
    assert s.marks[TRAITOR] == {"crucible_north": ACTIVE} and s.marks[IMPERIUM] == {}


def test_HH_21_8_HH_21_19_raid_eclair_target_in_sector_origin_anywhere() -> None:
    s = game(
        {
            **BASE,
            "units": [
                unit("plateau_west", "chaos_warband", "traitor"),
                unit("crucible_west", "imperial_army", "imperium"),
            ],
            "hands": {"traitor": ["lightning_raid"]},
        }
    )
    play(s, "action:hand", "card:lightning_raid", "sector:crucible")
    assert "target:crucible_west" in keys(s) and "target:plateau_west" not in keys(s)
    play(s, "target:crucible_west")
    assert "to:plateau_west" in keys(s)  # adjacent, outside the order's sector
    play(s, "to:plateau_west", "done")
    assert s.marks[TRAITOR] == {"plateau_west": ACTIVE, "crucible_west": ACTIVE}
    assert any(m.key == "heresy.log.battle_stub" for m in R.events(s))


def test_HH_21_10_a_rout_marker_also_activates_the_zone() -> None:
    s = _gather(
        [unit("crucible_west", "chaos_warband", "traitor")],
        "crucible",
        "crucible_north",
        activation={"traitor": {"crucible_west": "rout"}},
    )
    assert keys(s) == ["done"]


def test_HH_21_11_HH_21_12_units_may_enter_an_activated_zone_no_second_marker() -> None:
    s = _gather(
        [unit("crucible_west", "chaos_warband", "traitor")],
        "crucible",
        "crucible_north",
        activation={"traitor": {"crucible_north": "rout"}},
    )
    play(s, "unit:crucible_west:chaos_warband", "done")
    assert count(s, "crucible_north", TRAITOR) == 1
    assert s.marks[TRAITOR] == {"crucible_north": ROUT}


def test_HH_21_13_HH_21_14_other_rules_remove_activation_but_never_rout_markers() -> None:
    s = game(
        {
            **BASE,
            "activation": {"traitor": {"crucible_west": "activation", "crucible_east": "rout"}},
            "hands": {"traitor": ["unnatural_vigor"]},
        }
    )
    play(s, "action:hand", "card:unnatural_vigor", "sector:crucible")
    assert "zone:crucible_east" not in keys(s)
    play(s, "zone:crucible_west")
    assert s.marks[TRAITOR] == {"crucible_east": ROUT}


def test_HH_21_16_coexistence_battles_activate_no_zone() -> None:
    s = game(
        {
            "track": {"imperium": 2, "traitor": 2, "top": "traitor"},
            "triggered": [3],
            "units": [
                unit("crucible_west", "imperial_army", "imperium"),
                unit("crucible_west", "chaos_warband", "traitor"),
            ],
            "hands": {"traitor": ["drop_pods"]},
        }
    )
    play(s, "action:place", "card:drop_pods", "pile:palace")
    assert s.marks == [{}, {}]


# --- movement (§9) ---------------------------------------------------------------------


def test_HH_21_17_cards_that_move_units_are_movement_orders() -> None:
    s = game()
    for o in s.content.orders:
        if "déplacer" in (o.effect_fr or "").lower() and o.kind != "landing":
            assert o.kind == "movement", o.id


def test_HH_21_22_a_unit_need_not_spend_all_its_movement_points() -> None:
    s = _gather(
        [unit("crucible_west", "chaos_space_marines", "traitor")], "crucible", "crucible_centre"
    )
    play(s, "unit:crucible_west:chaos_space_marines", "done")
    assert count(s, "crucible_centre", TRAITOR) == 1


def test_HH_21_25_a_destination_reached_only_through_an_enemy_zone_is_refused() -> None:
    s = _gather(
        [
            unit("crucible_north", "chaos_warband", "traitor"),
            unit("crucible_west", "imperial_army", "imperium"),
            unit("crucible_centre", "imperial_army", "imperium"),
        ],
        "imperial_plateau",
        "plateau_west",
    )
    assert not any(k.startswith("unit:crucible_north") for k in keys(s))


def test_HH_21_26_fortifications_do_not_affect_movement() -> None:
    s = _gather([unit("crucible_east", "chaos_warband", "traitor")], "crucible", "tower_of_shadows")
    play(s, "unit:crucible_east:chaos_warband", "done")
    assert count(s, "tower_of_shadows", TRAITOR) == 1


def test_HH_21_24_secret_routes_move_units_beyond_their_movement_points() -> None:
    s = game(
        {
            **IMP,
            "units": [unit("volcanus_east", "imperial_army", "imperium")],
            "hands": {"imperium": ["secret_routes", "imperial_assemble"]},
        }
    )
    play(s, "action:hand", "card:secret_routes", "sector:crucible", "to:crucible_north")
    play(s, "unit:volcanus_east:imperial_army", "done")
    assert count(s, "crucible_north", IMPERIUM) == 1


def test_HH_21_24_HH_37_14_boarding_action_crosses_to_the_vengeful_spirit_and_back() -> None:
    s = game(
        {
            **IMP,
            "units": [unit("inner_palace", "space_marines", "imperium", 4)],
            "heroes": {"rogal_dorn": "inner_palace"},
            "hands": {"imperium": ["boarding_action", "imperial_assemble"]},
        }
    )
    play(s, "action:hand", "card:boarding_action", "sector:vengeful_spirit", "to:vs_catacombs")
    play(s, *(["unit:inner_palace:space_marines"] * 4), "hero:rogal_dorn", "done")
    assert count(s, "vs_catacombs", IMPERIUM) == 4 and s.heroes["rogal_dorn"] == "vs_catacombs"


def test_HH_23_3_flyers_pass_through_but_never_end_in_enemy_zones() -> None:
    s = _gather(
        [
            unit("crucible_north", "chaos_thunderhawk", "traitor"),
            unit("crucible_centre", "imperial_army", "imperium"),
        ],
        "crucible",
        "crucible_west",
    )
    play(s, "unit:crucible_north:chaos_thunderhawk")
    assert "fly:crucible_centre" in keys(s)
    play(s, "fly:crucible_centre")
    assert "land" not in keys(s)


def test_HH_23_5_no_pick_up_from_an_activated_zone() -> None:
    s = _gather(
        [
            unit("crucible_north", "chaos_thunderhawk", "traitor"),
            unit("crucible_centre", "chaos_cultists", "traitor"),
        ],
        "crucible",
        "crucible_west",
        activation={"traitor": {"crucible_centre": "activation"}},
    )
    play(s, "unit:crucible_north:chaos_thunderhawk", "fly:crucible_centre")
    assert not any(k.startswith("pick:") for k in keys(s))


def test_HH_23_6_HH_23_7_HH_23_8_AMB_4_drop_on_the_way_and_unload_at_the_end() -> None:
    s = _gather(
        [
            unit("crucible_north", "chaos_thunderhawk", "traitor"),
            unit("crucible_north", "chaos_cultists", "traitor", 3),
        ],
        "crucible",
        "crucible_west",
    )
    play(s, "unit:crucible_north:chaos_thunderhawk", "pick:chaos_cultists", "pick:chaos_cultists")
    play(s, "fly:crucible_centre", "drop:chaos_cultists")
    assert "drop:chaos_cultists" in keys(s) and "pick:chaos_cultists" not in keys(s)
    play(s, "fly:crucible_west", "land", "done")
    assert count(s, "crucible_centre", TRAITOR) == 1  # dropped outside, not activated
    assert count(s, "crucible_west", TRAITOR) == 2
    assert s.marks[TRAITOR] == {"crucible_west": ACTIVE}


def test_AMB_4_no_drop_outside_the_destination_when_configured() -> None:
    s = game(
        {
            **BASE,
            "units": [
                unit("crucible_north", "chaos_thunderhawk", "traitor"),
                unit("crucible_north", "chaos_cultists", "traitor"),
            ],
            "hands": {"traitor": ["traitor_assemble"]},
        },
        **{"transport.dropOutside": False},
    )
    play(s, "action:hand", "card:traitor_assemble", "sector:crucible", "to:crucible_west")
    play(s, "unit:crucible_north:chaos_thunderhawk", "pick:chaos_cultists", "fly:crucible_centre")
    assert "drop:chaos_cultists" not in keys(s)


def test_AMB_22_heroes_may_be_carried_and_count_against_capacity() -> None:
    s = _gather(
        [
            unit("crucible_north", "chaos_thunderhawk", "traitor"),
            unit("crucible_north", "chaos_cultists", "traitor", 2),
        ],
        "crucible",
        "crucible_west",
        {"transport.heroes": True},
        heroes={"angron": "crucible_north"},
    )
    play(s, "unit:crucible_north:chaos_thunderhawk", "pickhero:angron", "pick:chaos_cultists")
    assert not any(k.startswith("pick") for k in keys(s))


def _hero_by_thunderhawk(**config: Any) -> list[str]:
    s = _gather(
        [
            unit("crucible_north", "chaos_thunderhawk", "traitor"),
            unit("crucible_north", "chaos_cultists", "traitor"),
        ],
        "crucible",
        "crucible_west",
        config,
        heroes={"angron": "crucible_north"},
    )
    play(s, "unit:crucible_north:chaos_thunderhawk")
    return keys(s)


def test_FAQ_thunderhawks_cannot_transport_heroes() -> None:
    assert "pickhero:angron" not in _hero_by_thunderhawk()  # faq = true by default
    assert "pickhero:angron" not in _hero_by_thunderhawk(**{"faq": True})


def test_AMB_22_transport_heroes_follows_faq_unless_set() -> None:
    assert "pickhero:angron" in _hero_by_thunderhawk(faq=False)
    assert "pickhero:angron" in _hero_by_thunderhawk(**{"transport.heroes": True})
    assert "pickhero:angron" not in _hero_by_thunderhawk(faq=False, **{"transport.heroes": False})


# --- zone types, stacking, victory (§16, §18, §20) --------------------------------------


def test_HH_37_11_a_friendly_zone_is_an_enemy_zone_for_the_other_player() -> None:
    s = game({**BASE, "units": [unit("crucible_west", "chaos_warband", "traitor")]})
    assert zone_type(s, "crucible_west", TRAITOR) == FRIENDLY
    assert zone_type(s, "crucible_west", IMPERIUM) == ENEMY


def test_HH_38_4_heroes_never_count_toward_stacking() -> None:
    s = game(
        {
            "track": {"imperium": 2, "traitor": 2, "top": "traitor"},
            "triggered": [3],
            "units": [unit("tower_of_shadows", "space_marines", "imperium", 3)],
            "heroes": {"rogal_dorn": "tower_of_shadows", "jaghatai_khan": "tower_of_shadows"},
            "hands": {"traitor": ["drop_pods"]},
        }
    )
    play(s, "action:place", "card:drop_pods", "pile:palace")  # a change
    assert kind(s) == "heresy.action" and count(s, "tower_of_shadows", IMPERIUM) == 3


def test_HH_38_5_no_penalty_for_excess_until_the_change() -> None:
    s = _gather(
        [
            unit("crucible_centre", "chaos_warband", "traitor", 4),
            unit("tower_of_shadows", "chaos_warband", "traitor"),
        ],
        "crucible",
        "tower_of_shadows",
    )
    play(s, *(["unit:crucible_centre:chaos_warband"] * 3), "done")
    assert count(s, "tower_of_shadows", TRAITOR) == 4 and kind(s) == "heresy.action"


def test_HH_39_8_HH_40_2_a_victory_ends_the_game_at_once() -> None:
    ports = [
        "eternity_wall_spaceport",
        "lions_gate_spaceport",
        "spaceport_damocles",
        "spaceport_primus",
    ]
    s = game(
        {
            "track": {"imperium": 16, "traitor": 16, "top": "traitor"},  # 17 not reached yet
            "triggered": [3, 6, 7, 9, 10, 12, 13, 15, 16],
            "units": [unit(p, "chaos_cultists", "traitor") for p in ports],
            "hands": {"traitor": ["drop_pods"]},
        }
    )
    assert not s.over
    play(s, "action:place", "card:drop_pods", "pile:palace")  # 16 -> 17
    assert s.over and s.winner == TRAITOR and R.decision(s) is None
