"""Overview, components and assembly (HH-2.x..HH-11.x, EX-11.1, AMB-5, AMB-20): the
component chapters checked against the content catalogs, and, where a component has a
rules meaning, against a game built from a position.

Readings taken here: the reference sheets (HH-5.5, HH-12.7) are the unit flags of
units.toml and the Hero abilities of heroes.toml; the figure/base split (HH-4.3, HH-5.2)
is the unit tuple (side = the base, type = the figure); the Hero marker's base and the
physical assembly (HH-10.2) have no rules effect beyond Heroes not being units.
"""

from __future__ import annotations

from collections import Counter

import pytest

from arbitre.engine.ruleset import ConfigError
from arbitre.games.heresy.board import ENEMY, FRIENDLY, NEUTRAL, terra_zones, zone_type
from arbitre.games.heresy.content import default_content
from arbitre.games.heresy.state import ACTIVE, IMPERIUM, ROUT, SEATS, SIDE_NAMES, TRAITOR
from tests.heresy.flow_helpers import R, game, keys, play, unit

C = default_content()
BOX = C.components
BASE = {"track": {"imperium": 3, "traitor": 1}, "triggered": [3], "heroes": {}}


# --- §1 overview --------------------------------------------------------------------------


def test_HH_2_1_exactly_two_players_imperium_and_traitor() -> None:
    assert R.seats({}) == ("imperium", "traitor")
    assert {u.side for u in C.units} == {h.side for h in C.heroes} == set(SIDE_NAMES)
    sides = Counter(h.side for h in C.heroes)
    assert sides == {"imperial": 5, "traitor": 5}
    assert C.heroes["the_emperor"].side == "imperial" and C.heroes["horus"].side == "traitor"


def test_HH_2_2_several_ways_to_win() -> None:
    """The commanders (HH-39.9), the spaceports (HH-40.1) and the track's end (HH-40.3)."""
    deaths = {h.id: h.death_gives_victory_to for h in C.heroes if h.death_gives_victory_to}
    assert deaths == {"the_emperor": "traitor", "horus": "imperial"}
    icons = {i for sp in C.tracks.initiative.space for i in sp.icons}
    assert {"spaceport_victory", "imperial_victory"} <= icons
    assert sum(1 for z in C.zones if z.kind == "spaceport") == 4


def test_HH_2_3_an_order_is_carried_out_at_once_or_placed_face_down() -> None:
    s = game({**BASE, "hands": {"traitor": ["firefight", "drop_pods"]}})
    assert {"action:hand", "action:place"} <= set(keys(s))
    play(s, "action:place", "card:drop_pods", "pile:crucible")
    assert R.view(s, IMPERIUM)["piles"]["crucible"] == [
        {"owner": "traitor", "fresh": True, "card": None}
    ]


def test_HH_2_4_units_are_placed_and_moved_by_carrying_out_orders() -> None:
    s = game(
        {
            **BASE,
            "units": [unit("crucible_west", "chaos_warband", "traitor")],
            "hands": {"traitor": ["traitor_assemble"]},
        }
    )
    play(s, "action:hand", "card:traitor_assemble", "sector:crucible", "to:crucible_north")
    play(s, "unit:crucible_west:chaos_warband", "done")
    assert [u[1] for u in s.units["crucible_north"]] == ["chaos_warband"]
    assert not s.units.get("crucible_west")


def test_HH_2_5_the_track_shows_who_acts_and_how_long() -> None:
    """The Traitor, 2 spaces behind, acts until his marker passes the Imperium's."""
    s = game(
        {
            "track": {"imperium": 4, "traitor": 2},
            "triggered": [3],
            "hands": {"traitor": ["drop_pods", "port_landing", "firefight"]},
        }
    )
    assert R.view(s, IMPERIUM)["current"] == "traitor"
    play(s, "action:place", "card:drop_pods", "pile:crucible")  # 2 -> 3
    play(s, "action:place", "card:port_landing", "pile:crucible")  # 3 -> 4, on top
    assert s.current == TRAITOR and s.pos == [4, 4]
    play(s, "action:place", "card:firefight", "pile:crucible")  # 4 -> 5: passes
    assert s.current == IMPERIUM


def test_HH_3_1_HH_3_2_the_victory_conditions_of_each_side() -> None:
    assert C.heroes["the_emperor"].death_gives_victory_to == "traitor"  # HH-3.1
    assert C.heroes["horus"].death_gives_victory_to == "imperial"  # HH-3.2
    last = C.tracks.initiative.space[-1]
    assert last.icons == ("imperial_victory",)  # HH-3.2: the track's end
    ports = [z.id for z in C.zones if z.kind == "spaceport"]
    for side, seat in (("traitor", TRAITOR), ("imperium", IMPERIUM)):
        s = game(
            {
                "track": {"imperium": 17, "traitor": 16},
                "units": [
                    unit(z, "chaos_cultists" if seat else "imperial_army", side) for z in ports
                ],
            }
        )
        assert s.over and s.winner == seat and s.reason == "spaceports"  # both sides


# --- §2.1 component counts ----------------------------------------------------------------


def test_HH_3_9_markers_and_tokens_match_the_other_catalogs() -> None:
    counts = {c.id: c.count for c in BOX}
    assert counts["hero_marker"] == counts["hero_damage_marker"] == len(C.heroes) == 10
    assert counts["legion_indicator"] == sum(leg.count for leg in C.legions) == 28
    assert counts["legion_indicator"] == (
        C.units["space_marines"].count + C.units["chaos_space_marines"].count
    )
    markers = [c for c in BOX if c.id.startswith("initiative_marker")]
    assert sorted(c.side for c in markers if c.side) == sorted(SIDE_NAMES)
    assert sum(c.count for c in markers) == len(SEATS) == 2
    tokens = {c.value: c.count for c in BOX if c.id.startswith("damage_token")}
    assert tokens == {1: 21, 2: 10, 3: 5} and sum(tokens.values()) == 36
    activation = {c.side: c.count for c in BOX if c.id.startswith("activation_marker")}
    assert activation == {"imperial": 29, "traitor": 29}  # FAQ errata (book: 28 + 29)
    assert (counts["fortification_marker"], counts["breach_marker"]) == (6, 12)
    assert counts["combat_iteration_token"] == 1 and counts["special_token"] == 10


def test_FAQ_errata_58_activation_markers_29_per_side() -> None:
    activation = [c for c in BOX if c.id.startswith("activation_marker")]
    assert sum(c.count for c in activation) == 58
    assert {c.side: c.count for c in activation} == {"imperial": 29, "traitor": 29}


def test_HH_3_9_special_tokens_are_enough_for_every_scenario() -> None:
    need = max(sc.impassable + 2 * sc.special_tokens for sc in C.scenarios)
    assert need == BOX["special_token"].count  # Cry Havoc: 4 zones + 3 tokens each


# --- §2.2 board, zones, fortifications ----------------------------------------------------


def test_HH_3_10_board_main_map_strategic_map_and_record_tracks() -> None:
    assert len(C.sectors) == 7 and len(C.zones) > 40  # strategic map, main map
    t = C.tracks
    assert len(t.initiative.space) == 34
    assert t.hero_damage.defeated > t.hero_damage.wounded[1] > t.hero_damage.unwounded[1]
    assert t.combat_iteration.spaces >= 8  # coexistence battles last up to 8 (HH-24.4)
    assert BOX["board"].count == 1


def test_HH_3_11_terra_is_the_main_map_without_the_vengeful_spirit() -> None:
    s = game()
    off_terra = {z.id for z in C.zones if not z.terra}
    assert off_terra == {z.id for z in C.zones if z.kind == "vengeful_spirit"}
    assert off_terra == set(C.graph.sector_zones("vengeful_spirit"))
    assert set(terra_zones(s)) == set(C.zones.ids()) - off_terra


@pytest.mark.parametrize("kind", ["fortress", "industrial_complex"])
def test_HH_3_12_fortresses_and_complexes_are_interchangeable(kind: str) -> None:
    zones = [z for z in C.zones if z.kind == kind]
    assert len(zones) == BOX[kind].count
    assert {(z.fortified, z.stacking_limit) for z in zones} == {(True, 3)}


def test_HH_3_14_AMB_20_the_palace_is_seven_zones() -> None:
    palace = [z.id for z in C.zones if z.kind == "palace"]
    assert len(palace) == 7 and BOX["palace"].count == 1
    assert set(palace) == set(C.graph.sector_zones("palace"))
    assert "inner_palace" in palace and "librarium_technologicus" not in palace
    assert "imperial_fists_fortress_monastery" in palace
    assert sum(1 for z in palace if z.startswith("outer_palace")) == 4
    # AMB-20: the diagram's two spaceports are outside it; this map follows research
    # (data/map/README.md): the Forbidden Fortress is the seventh palace zone and the
    # Librarium one of the six fortresses, so both readings give 7 palace zones + 6.
    assert "forbidden_fortress" in palace
    assert sum(1 for z in C.zones if z.kind == "fortress") == 6
    assert C.zones["eternity_wall_spaceport"].kind == "spaceport"
    assert C.zones["lions_gate_spaceport"].kind == "spaceport"


def test_HH_3_15_some_edges_are_crevasses_costing_two_to_cross() -> None:
    from arbitre.games.heresy.board import zone_types
    from arbitre.games.heresy.movement import reach

    crevasses = [e for e in C.edges if e.crevasse]
    assert 0 < len(crevasses) < len(C.edges)
    s = game({**BASE, "units": []})
    types = zone_types(s, TRAITOR)
    for e in crevasses:
        a, b = e.zones
        assert reach(s, TRAITOR, a, 2, False, types)[b] == 2
        assert b not in reach(s, TRAITOR, a, 1, False, types)


def test_HH_4_1_a_game_piece_is_a_unit_of_a_catalog_type() -> None:
    s = game()
    on_map = [u for units in s.units.values() for u in units]
    assert on_map and all(u[1] in C.units for u in on_map)
    assert not set(C.heroes.ids()) & set(C.units.ids())  # Heroes are not pieces


def test_HH_4_2_three_types_of_plastic_fortification_on_terra() -> None:
    fortified = {z.kind for z in C.zones if z.fortified and z.terra}
    assert fortified == {"industrial_complex", "fortress", "palace"}
    assert all(z.fortified for z in C.zones if z.kind in fortified)


def test_HH_4_3_HH_5_3_the_base_gives_the_combat_rank_one_to_four() -> None:
    assert {u.rank for u in C.units} == {1, 2, 3, 4}
    # a corrupted piece keeps its figure on a black base of the same rank
    for u in C.units:
        if u.corrupts_into:
            assert C.units[u.corrupts_into].rank == u.rank


# --- §2.3 figures, bases, colours ---------------------------------------------------------


def test_HH_5_1_grey_imperium_and_four_chaos_colours() -> None:
    colours = {p.id: p.colour for p in C.powers}
    assert colours == {"khorne": "red", "nurgle": "green", "tzeentch": "blue", "slaanesh": "purple"}


def test_HH_5_2_the_base_not_the_figure_decides_the_side() -> None:
    s = game(
        {
            **BASE,
            "units": [unit("plateau_south", "traitor_army", "traitor")],
        }
    )
    assert C.units["traitor_army"].side == "traitor"
    assert zone_type(s, "plateau_south", TRAITOR) == FRIENDLY
    assert zone_type(s, "plateau_south", IMPERIUM) == ENEMY


def test_HH_5_4_defense_lasers_are_never_units() -> None:
    s = game({**BASE, "units": [], "lasers": {"plateau_south": 2}})
    assert zone_type(s, "plateau_south", IMPERIUM) == NEUTRAL
    assert "plateau_south" not in s.units or not s.units["plateau_south"]
    assert "defense_laser" not in C.units and BOX["defense_laser"].count == 6
    assert sum(p.lasers for p in C.scenarios["brother_against_brother"].placement) == 6


def test_HH_5_5_HH_12_7_the_reference_sheets_are_in_the_catalogs() -> None:
    """Each player's sheet: his Heroes' abilities and his units' special abilities."""
    assert BOX["reference_sheet"].count == len(SEATS)
    for side in SIDE_NAMES:
        heroes = [h for h in C.heroes if h.side == side]
        assert heroes and all(h.ability_fr and h.ability_en for h in heroes)
        assert any(u.fast for u in C.units if u.side == side)
    assert [u.id for u in C.units if u.flying or u.air_transport] == ["chaos_thunderhawk"]


def test_HH_5_7_HH_8_3_damage_tokens_go_up_to_the_highest_damage_survived() -> None:
    values = {c.value for c in BOX if c.id.startswith("damage_token")}
    assert values == set(range(1, max(u.rank for u in C.units)))
    s = game(
        {**BASE, "units": [{**unit("plateau_south", "imperial_titan", "imperium"), "damage": 3}]}
    )
    assert s.units["plateau_south"] == [(IMPERIUM, "imperial_titan", "", 3)]


def test_HH_8_3_HH_30_14_a_position_refuses_damage_that_would_kill() -> None:
    with pytest.raises(ConfigError, match=r"units\[0\]\.damage.*HH-30\.14"):
        game(
            {**BASE, "units": [{**unit("plateau_south", "imperial_army", "imperium"), "damage": 1}]}
        )


def test_HH_5_8_HH_10_1_space_marines_carry_a_legion_indicator() -> None:
    s = game()
    legions = {leg.id: leg for leg in C.legions}
    marines = [
        u for v in s.units.values() for u in v if u[1] in ("space_marines", "chaos_space_marines")
    ]
    assert marines and all(legions[u[2]].unit == u[1] for u in marines)
    assert {leg.unit for leg in C.legions} == {"space_marines", "chaos_space_marines"}


def test_HH_5_8_a_position_refuses_a_tag_that_is_not_the_units() -> None:
    with pytest.raises(ConfigError, match=r"units\[0\]\.tag"):
        game(
            {
                **BASE,
                "units": [unit("plateau_south", "space_marines", "imperium", tag="death_guard")],
            }
        )
    with pytest.raises(ConfigError, match=r"units\[0\]\.tag"):
        game(
            {**BASE, "units": [unit("plateau_south", "imperial_army", "imperium", tag="atlantis")]}
        )


def test_HH_5_9_imperial_armies_and_armoured_divisions_may_change_sides() -> None:
    turning = {u.id: u.corrupts_into for u in C.units if u.corruptible}
    assert turning == {
        "imperial_army": "traitor_army",
        "imperial_tank_division": "traitor_tank_division",
    }
    assert all(C.units[t].side == "traitor" for t in turning.values() if t)


def test_HH_5_10_the_event_deck_is_the_scenarios_selection_only() -> None:
    s = game()
    listed = {c for act in C.scenarios[s.scenario].act for c in act.cards}
    assert s.events and {c for _a, c in s.events} <= listed
    assert len(listed) < len(C.events)  # the other Event cards are not used
    assert "apocalypse_rains_down" in C.events  # the card shown, Déluge Apocalyptique
    assert C.events["apocalypse_rains_down"].name_fr == "Déluge Apocalyptique"


# --- §2.4 cards ---------------------------------------------------------------------------


def test_HH_6_2_each_player_has_his_own_order_deck() -> None:
    s = game()
    for seat, side in enumerate(SIDE_NAMES):
        cards = {c.partition("#")[0] for c in s.hands[seat] + s.decks[seat]}
        assert cards and all(C.orders[c].deck == side for c in cards)
    assert C.order_decks.imperial == C.order_decks.traitor == 40


def test_HH_6_3_HH_7_1_each_player_has_a_combat_and_a_hero_combat_deck() -> None:
    for side in SIDE_NAMES:
        for deck, size in (("combat", 32), ("hero_combat", 8)):
            cards = [c for c in C.combat if c.side == side and c.deck == deck]
            assert sum(c.copies or 1 for c in cards) == size, (side, deck)
    assert all(c.requirement == "hero" for c in C.combat if c.deck == "hero_combat")


def test_HH_7_2_the_heroes() -> None:
    primarchs = {leg.primarch for leg in C.legions}
    assert len(primarchs) == 7
    assert set(C.heroes.ids()) == primarchs | {"the_emperor", "horus", "fabricator_general"}


def test_HH_7_3_HH_10_2_a_hero_marker_is_not_a_unit() -> None:
    s = game({**BASE, "units": [], "heroes": {"horus": "plateau_south"}})
    assert s.heroes["horus"] == "plateau_south" and not s.units.get("plateau_south")
    assert zone_type(s, "plateau_south", IMPERIUM) == NEUTRAL  # no unit: neutral
    assert BOX["hero_marker"].count == len(C.heroes)


# --- §2.5 markers and tokens --------------------------------------------------------------


def test_HH_8_1_each_hero_has_a_damage_marker_on_the_track() -> None:
    s = game({**BASE, "hero_damage": {"sanguinius": 6}})
    assert set(s.hero_damage) == set(C.heroes.ids())
    d = C.tracks.hero_damage
    assert d.wounded[0] <= s.hero_damage["sanguinius"] <= d.wounded[1]
    assert R.view(s, TRAITOR)["hero_damage"] == {"sanguinius": 6}


def test_HH_8_2_two_initiative_markers_show_who_acts() -> None:
    s = game({"track": {"imperium": 5, "traitor": 5, "top": "imperium"}})
    track = R.view(s, None)["track"]
    assert (track["imperium"], track["traitor"], track["top"]) == (5, 5, "imperium")
    assert R.decision(s).seat == IMPERIUM


def test_HH_8_4_seven_legions_three_loyal_four_traitor() -> None:
    sides = Counter(leg.side for leg in C.legions)
    assert sides == {"imperial": 3, "traitor": 4}
    names = {leg.name_en for leg in C.legions}
    assert names == {
        "Blood Angels",
        "Imperial Fists",
        "White Scars",
        "Death Guard",
        "Emperor's Children",
        "Thousand Sons",
        "World Eaters",
    }


def test_HH_8_5_activation_markers_of_each_player_with_two_sides() -> None:
    s = game(
        {
            **BASE,
            "activation": {
                "imperium": {"plateau_south": "activation"},
                "traitor": {"plateau_south": "rout"},
            },
        }
    )
    assert s.marks[IMPERIUM] == {"plateau_south": ACTIVE}
    assert s.marks[TRAITOR] == {"plateau_south": ROUT}
    assert R.view(s, None)["activation"] == {
        "imperium": {"plateau_south": ACTIVE},
        "traitor": {"plateau_south": ROUT},
    }


def test_HH_9_2_a_fortification_marker_fortifies_an_open_zone() -> None:
    from arbitre.games.heresy.fortification import fortified

    s = game({**BASE, "fortifications": ["plateau_south"]})
    assert C.zones["plateau_south"].fortified is False
    assert fortified(s, "plateau_south") and "plateau_south" in R.view(s, None)["fort_markers"]


def test_HH_9_3_a_breach_marker_marks_one_fortified_edge() -> None:
    from arbitre.games.heresy.fortification import breached

    s = game({**BASE, "breaches": [["inner_palace", "outer_palace_nw"]]})
    assert breached(s, "outer_palace_nw", "inner_palace")
    assert not breached(s, "inner_palace", "outer_palace_ne")


def test_HH_9_4_the_iteration_token_tracks_the_iteration() -> None:
    from arbitre.games.heresy.joining import new_battle

    s = game({**BASE, "units": []})
    f = new_battle(TRAITOR, "", "imperial_plateau", "traitor_assault")
    f.data.update(target="plateau_south", origins=[], stage="free", it=3, iters=4)
    s.stack.append(f)
    battle = R.view(s, None)["battle"]
    assert (battle["iteration"], battle["iterations"]) == (3, 4)
    assert C.tracks.combat_iteration.spaces >= battle["iterations"]


def test_HH_9_5_cards_apply_as_written_thunderhawks_by_drop_pods() -> None:
    s = game(
        {
            **BASE,
            "units": [],
            "reserve": {"traitor": {"chaos_thunderhawk": 2}},
            "hands": {"traitor": ["drop_pods"]},
        }
    )
    play(s, "action:hand", "card:drop_pods", "sector:volcanus", "to:volcanus_south")
    play(s, "from:reserve", "unit:reserve:chaos_thunderhawk", "unit:reserve:chaos_thunderhawk")
    play(s, "done")
    assert [u[1] for u in s.units["volcanus_south"]] == ["chaos_thunderhawk"] * 2


def test_HH_9_5_HH_18_17_port_landing_carries_units_to_the_vengeful_spirit() -> None:
    s = game(
        {
            **BASE,
            "units": [unit("spaceport_primus", "chaos_cultists", "traitor", 2)],
            "hands": {"traitor": ["port_landing"]},
        }
    )
    play(s, "action:hand", "card:port_landing", "sector:vengeful_spirit", "to:vs_catacombs")
    play(s, "from:spaceport_primus", "unit:spaceport_primus:chaos_cultists", "done")
    assert [u[1] for u in s.units["vs_catacombs"]] == ["chaos_cultists"]
    assert [u[1] for u in s.units["spaceport_primus"]] == ["chaos_cultists"]


def test_HH_9_6_special_tokens_depend_on_the_scenario() -> None:
    for sc in C.scenarios:
        s = game(scenario=sc.id)
        assert s.tokens == [sc.special_tokens, sc.special_tokens], sc.id
    assert {sc.special_tokens for sc in C.scenarios} == {0, 3}


def test_HH_9_7_the_scenario_guide_holds_six_scenarios() -> None:
    assert BOX["scenario_guide"].count == 1
    assert [sc.n for sc in C.scenarios] == [1, 2, 3, 4, 5, 6]


# --- §3 assembly ------------------------------------------------------------------------


def test_HH_10_3_imperial_assembly_table() -> None:
    ranks = {u.id: u.rank for u in C.units if u.side == "imperial"}
    assert ranks == {
        "space_marines": 3,
        "adeptus_arbites": 2,
        "adeptus_custodes": 4,
        "adeptus_mechanicus": 2,
        "imperial_army": 1,
        "imperial_tank_division": 2,
        "imperial_titan": 4,
    }
    assert C.units["chaos_cultists"].rank == 1  # the last line of p.10


def test_HH_11_1_AMB_5_traitor_assembly_table() -> None:
    ranks = {u.id: u.rank for u in C.units if u.chaos_unit}
    assert ranks == {
        "chaos_space_marines": 3,
        "chaos_thunderhawk": 2,
        "chaos_titan": 4,
        "chaos_warband": 2,
        "daemon_horde": 3,
        "chaos_cultists": 1,
    }
    # AMB-5: "Bandes du Chaos" (component list) and "Cohorte du Chaos" are one unit
    assert C.units["chaos_warband"].name_fr == "Cohorte du Chaos"
    assert "Bandes du Chaos" in C.units["chaos_warband"].note


def test_AMB_5_one_id_for_each_pair_of_printed_names() -> None:
    aliases = {a for z in C.zones for a in z.aliases}
    assert "Forteresse Interdite" in aliases or "Citadelle Interdite" in aliases
    names = {o.name_fr for o in C.orders}
    assert "Action d'Embarquement" in names or "Débarquement" in names
    assert (
        len({o.id for o in C.orders if o.name_fr in ("Action d'Embarquement", "Débarquement")}) == 1
    )


def test_HH_11_2_EX_11_1_every_colour_of_a_type_on_the_same_rank() -> None:
    powers = [p.id for p in C.powers]
    units = [unit("plateau_south", "chaos_cultists", "traitor", tag=p) for p in powers]
    units += [unit("plateau_west", "chaos_thunderhawk", "traitor", tag=p) for p in powers]
    s = game({**BASE, "units": units})
    for zone, rank in (("plateau_south", 1), ("plateau_west", 2)):
        tags = {u[2] for u in s.units[zone]}
        assert tags == set(powers)
        assert {C.units[u[1]].rank for u in s.units[zone]} == {rank}
    assert all(
        C.units[t].per_power * 4 == C.units[t].count
        for t in ("chaos_cultists", "chaos_thunderhawk")
    )


def test_HH_11_4_a_new_game_has_no_traitor_army_or_armoured_division() -> None:
    for sc in C.scenarios:
        s = game(scenario=sc.id)
        for t in ("traitor_army", "traitor_tank_division"):
            assert not any(u[1] == t for v in s.units.values() for u in v), (sc.id, t)
            assert s.reserve[TRAITOR].get(t, 0) == 0


def test_HH_11_5_a_card_beats_the_general_rule() -> None:
    """Drop Pods puts units in an enemy zone, where no move may end (HH-21.23)."""
    s = game(
        {
            **BASE,
            "units": [unit("volcanus_south", "imperial_army", "imperium")],
            "reserve": {"traitor": {"chaos_cultists": 2}},
            "hands": {"traitor": ["drop_pods"]},
        }
    )
    play(s, "action:hand", "card:drop_pods", "sector:volcanus")
    assert "to:volcanus_south" in keys(s)
