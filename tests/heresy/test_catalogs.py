"""The non-map catalogs hold what the rulebook and research state (units, heroes, tracks,
cards, scenarios)."""

from __future__ import annotations

from collections import Counter

from arbitre.games.heresy.content import default_content
from arbitre.games.heresy.content.checker import PROVENANCE

C = default_content()
U = C.units


def test_HH_3_4_HH_3_5_unit_counts():
    counts = {u.id: u.count for u in U}
    assert counts == {
        "space_marines": 12,
        "imperial_army": 24,
        "imperial_tank_division": 12,
        "adeptus_custodes": 3,
        "adeptus_arbites": 3,
        "adeptus_mechanicus": 3,
        "imperial_titan": 3,
        "chaos_space_marines": 16,
        "chaos_titan": 4,
        "chaos_thunderhawk": 8,
        "chaos_cultists": 8,
        "chaos_warband": 8,
        "daemon_horde": 8,
        "traitor_army": 8,
        "traitor_tank_division": 4,
    }


def test_HH_3_6_ranks_use_the_bases_exactly():
    bases: Counter[tuple[str, int]] = Counter()
    for u in U:
        bases[u.side, u.rank] += u.count
    assert [bases["imperial", r] for r in (1, 2, 3, 4)] == [24, 18, 12, 6]
    assert [bases["traitor", r] for r in (1, 2, 3, 4)] == [16, 20, 24, 4]


def test_HH_11_3_HH_37_9_spare_bases_limit_corruption():
    assert U["imperial_army"].corrupts_into == "traitor_army"
    assert U["imperial_tank_division"].corrupts_into == "traitor_tank_division"
    assert (U["traitor_army"].count, U["traitor_tank_division"].count) == (8, 4)
    assert {u.id for u in U if u.corruptible} == {"imperial_army", "imperial_tank_division"}


def test_HH_21_20_HH_23_1_movement_points_and_fast_units():
    fast = {u.id: u.move for u in U if u.fast}
    assert fast == {
        "space_marines": 3,
        "imperial_tank_division": 3,
        "chaos_space_marines": 3,
        "traitor_tank_division": 3,
        "chaos_thunderhawk": 5,
    }
    assert all(u.move == 2 for u in U if not u.fast)


def test_HH_23_2_HH_23_4_thunderhawk_flies_and_carries_two():
    assert [u.id for u in U if u.flying] == ["chaos_thunderhawk"]
    assert U["chaos_thunderhawk"].air_transport == U["chaos_thunderhawk"].rank == 2


def test_HH_41_22_chaos_units_are_every_traitor_unit_but_corrupted_ones():
    chaos = {u.id for u in U if u.chaos_unit}
    traitor = {u.id for u in U if u.side == "traitor"}
    assert chaos == traitor - {"traitor_army", "traitor_tank_division"}


def test_HH_40_18_HH_37_8_where_eliminated_units_go():
    to_reserve = {u.id for u in U if u.eliminated_to == "reserve"}
    assert to_reserve == {"imperial_army", "imperial_tank_division", "imperial_titan"}
    assert {u.id for u in U if u.eliminated_to == "split"} == {
        "traitor_army",
        "traitor_tank_division",
    }


def test_HH_3_5_four_colours_two_figures_each():
    assert [p.colour for p in C.powers] == ["red", "green", "blue", "purple"]
    assert all(U[u].per_power * 4 == U[u].count for u in ("chaos_titan", "daemon_horde"))


def test_HH_7_4_primarchs_command_their_legions():
    primarchs = {leg.id: leg.primarch for leg in C.legions}
    assert primarchs == {
        "imperial_fists": "rogal_dorn",
        "white_scars": "jaghatai_khan",
        "blood_angels": "sanguinius",
        "world_eaters": "angron",
        "death_guard": "mortarion",
        "thousand_sons": "magnus_the_red",
        "emperors_children": "fulgrim",
    }
    for leg in C.legions:
        assert C.heroes[leg.primarch or ""].legion == leg.id


def test_HH_12_11_HH_12_12_HH_32_1_five_heroes_a_side_moving_three():
    sides = Counter(h.side for h in C.heroes)
    assert sides == {"imperial": 5, "traitor": 5}
    assert all(h.move == 3 for h in C.heroes)


def test_HH_39_9_emperor_and_horus_deaths_end_the_game():
    assert C.heroes["the_emperor"].death_gives_victory_to == "traitor"
    assert C.heroes["horus"].death_gives_victory_to == "imperial"
    assert sum(h.death_gives_victory_to is not None for h in C.heroes) == 2


def test_HH_39_6_ten_event_spaces_for_ten_event_cards():
    assert len(C.tracks.initiative.spaces_with("event")) == 10
    for s in C.scenarios:
        if s.events == "acts":
            assert sum(a.use or len(a.cards) for a in s.act) == 10, s.id
        elif s.events == "random":
            assert s.random_events == 10


def test_HH_3_8_deck_sizes():
    assert (C.order_decks.imperial, C.order_decks.traitor, C.order_decks.hand_limit) == (40, 40, 6)
    d = C.combat_decks
    assert (d.imperial_combat, d.traitor_combat) == (32, 32)
    assert (d.imperial_hero_combat, d.traitor_hero_combat) == (8, 8)
    assert C.event_deck.size == 30 == sum(e.copies for e in C.events)
    assert C.bombardment_deck.size == 32


def test_HH_17_7_order_costs_and_named_orders():
    assert all(o.cost is None or 0 <= o.cost <= 3 for o in C.orders)
    firefight = C.orders["firefight"]
    assert (firefight.name_fr, firefight.iterations, firefight.origins) == (
        "Feu de Combat",
        4,
        "one",
    )
    assert C.orders["traitor_assault"].iterations == 6
    assert C.orders["onslaught"].iterations == 8


def test_HH_20_3_port_landing_rank_limits():
    port = C.orders["port_landing"]
    assert (port.rank_limit, port.strategic_rank_limit) == (6, 12)


def test_HH_21_2_assemble_strategic_effect_cancels_activation():
    for deck in ("imperial", "traitor"):
        card = C.orders[f"{deck}_assemble"]
        assert card.deck == deck and card.name_fr == "Rassembler"
        assert card.strategic_en == "Do not activate the destination zone."


def test_EX_29_1_combat_card_values_from_the_rulebook():
    def attack(card: str) -> int:
        value = C.combat[card].attack
        assert value is not None
        return value

    assert attack("breach") + attack("diversionary_tactics") == 6
    assert attack("strategic_withdrawal") + attack("sacrifices_must_be_made") == 5
    assert C.combat["terrifying"].shields == 2
    assert C.combat["hostile_ground"].shields == 3
    assert C.combat["rain_of_death"].counter == 3


def test_EX_37_1_three_lasers_read_line_three():
    cards = [C.bombardment[f"rulebook_p37_{i}"] for i in (1, 2, 3)]
    assert [c.lasers[2] for c in cards] == ["miss", "hit", "miss"]
    assert cards[1].saturation.damage == 6 and cards[1].saturation.breach


def test_first_scenario_sets_up_the_whole_imperial_army_but_the_reserve():
    bab = C.scenarios["brother_against_brother"]
    placed: Counter[tuple[str, str]] = Counter()
    heroes: list[str] = []
    for p in bab.placement:
        for st in p.units:
            placed[p.side, st.unit] += st.count
        heroes += p.heroes
    assert placed["imperial", "imperial_army"] == 20
    assert placed["imperial", "imperial_tank_division"] == 6
    for unit in ("space_marines", "adeptus_custodes", "adeptus_arbites", "imperial_titan"):
        assert placed["imperial", unit] == U[unit].count
    assert sum(n for (side, _), n in placed.items() if side == "traitor") == 13
    imperial = ["the_emperor", "rogal_dorn", "sanguinius", "jaghatai_khan", "fabricator_general"]
    assert sorted(heroes) == sorted([*imperial, "horus", "mortarion", "angron"])
    assert (bab.corruption, bab.bombardments, bab.name_fr) == (12, 4, "Frère contre Frère")


def test_HH_38_1_first_scenario_setup_respects_stacking_limits():
    for s in C.scenarios:
        for p in s.placement:
            units = sum(st.count for st in p.units)
            assert units <= C.zones[p.zone].stacking_limit, (s.id, p.zone)


def test_scenario_counts_per_research():
    table = {s.id: (s.n, s.corruption, s.bombardments, s.impassable) for s in C.scenarios}
    assert table == {
        "brother_against_brother": (1, 12, 4, 0),
        "heresy_unheralded": (2, 12, 4, 0),
        "holy_terra_asunder": (3, 8, 6, 4),
        "fortune_favors_the_bold": (4, 12, 4, 0),
        "like_unto_gods": (5, 12, 4, 0),
        "cry_havoc": (6, 8, 4, 4),
    }


def test_like_unto_gods_pools_match_research():
    pools: Counter[str] = Counter()
    for e in C.events:
        pools[e.pool] += e.copies
    assert pools == {"imperial": 9, "traitor": 8, "neutral": 10, "not_used": 3}


def test_every_item_carries_a_valid_provenance():
    items = [C.board, *C.edges, *C.zones, *C.sectors, *C.units, *C.legions, *C.powers]
    items += [*C.heroes, *C.orders, *C.combat, *C.events, *C.bombardment, *C.scenarios]
    items += [C.tracks.initiative, C.tracks.hero_damage, C.tracks.combat_iteration]
    assert all(PROVENANCE.match(i.provenance) for i in items)
    kinds = Counter(i.provenance.split(" ")[0].split(":")[0] for i in items)
    assert set(kinds) == {"rulebook", "research", "reconstructed"}


def test_names_fall_back_to_english_when_the_seed_gives_no_french():
    from dataclasses import replace

    titans = C.events["titans_stride_the_earth"]
    assert replace(titans, name_fr=None).name("fr") == "Titans Stride the Earth"
    # the French name this content gives a card known only in English is marked as its own
    assert titans.name("fr") == "Les Titans Foulent la Terre" and titans.name_fr_reconstructed
    assert C.events["command_decisions"].name("fr") == "Décisions du Commandement"
    assert C.events["command_decisions"].name("en") == "Command Decisions"
