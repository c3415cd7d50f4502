"""The effects of the full Order decks (data/cards/orders.toml): the known cards' effects
the decks now give copies of, and the effects of the reconstructed cards — enemy
activation markers, reinforcements, fortification markers, breach repairs, damage
removal, orbital strikes, corruption, attacks with the card's own iterations and origins,
and Attaque Massive's look at the Combat deck."""

from __future__ import annotations

from typing import Any

from arbitre.games.heresy.fortification import fortified
from arbitre.games.heresy.state import ACTIVE, IMPERIUM, TRAITOR, HeresyState
from tests.heresy.flow_helpers import combat, count, game, keys, kind, play, seat, unit

# the Traitor to play (behind on the track), no event waiting
TRAITOR_TURN: dict[str, Any] = {"track": {"imperium": 3, "traitor": 1}, "triggered": [3]}
IMPERIAL_TURN: dict[str, Any] = {"track": {"imperium": 1, "traitor": 3}, "triggered": [3]}


def _game(turn: dict[str, Any], units: list[dict[str, Any]], **pos: Any) -> HeresyState:
    return game({**turn, "units": units, "heroes": {}, "events": [], **pos})


def test_FAQ_surprise_attack_marker_activation_side_HH_21_7() -> None:
    units = [
        unit("crucible_centre", "imperial_army", "imperium"),
        unit("crucible_north", "imperial_army", "imperium"),
    ]
    s = _game(TRAITOR_TURN, units, hands={"traitor": ["surprise_attack"]})
    play(s, "action:hand", "card:surprise_attack", "sector:crucible")
    assert kind(s) == "heresy.enemy_mark" and seat(s) == TRAITOR
    assert {"zone:crucible_centre", "zone:crucible_north", "done"} == set(keys(s))
    play(s, "zone:crucible_centre")
    assert s.marks[IMPERIUM] == {"crucible_centre": ACTIVE}  # once from hand (HH-20.1)
    assert kind(s) == "heresy.action" and seat(s) == TRAITOR  # cost 1: still behind


def test_HH_20_1_harass_from_the_map_marks_two_zones() -> None:
    units = [
        unit("crucible_centre", "chaos_cultists", "traitor"),
        unit("crucible_north", "chaos_cultists", "traitor"),
    ]
    pile = {"crucible": [{"card": "harass", "owner": "imperium", "fresh": False}]}
    s = _game(IMPERIAL_TURN, units, piles=pile)
    play(s, "action:map", "card:harass", "zone:crucible_centre", "zone:crucible_north")
    assert s.marks[TRAITOR] == {"crucible_centre": ACTIVE, "crucible_north": ACTIVE}
    assert kind(s) == "heresy.action"


def test_HH_19_10_levy_of_terra_brings_armies_from_the_reserve() -> None:
    units = [unit("crucible_centre", "imperial_army", "imperium")]
    s = _game(
        IMPERIAL_TURN,
        units,
        hands={"imperium": ["levy_of_terra"]},
        reserve={"imperium": {"imperial_army": 5}},
    )
    play(s, "action:hand", "card:levy_of_terra", "sector:crucible")
    assert kind(s) == "heresy.reinforce"
    assert set(keys(s)) == {"to:crucible_centre", "done"}  # friendly zones only
    play(s, "to:crucible_centre")
    assert count(s, "crucible_centre", IMPERIUM, "imperial_army") == 3
    assert s.reserve[IMPERIUM]["imperial_army"] == 3


def test_HH_20_1_levy_from_the_map_brings_three() -> None:
    units = [unit("crucible_centre", "imperial_army", "imperium")]
    pile = {"crucible": [{"card": "levy_of_terra", "owner": "imperium", "fresh": False}]}
    s = _game(IMPERIAL_TURN, units, piles=pile, reserve={"imperium": {"imperial_army": 5}})
    play(s, "action:map", "card:levy_of_terra", "to:crucible_centre")
    assert count(s, "crucible_centre", IMPERIUM, "imperial_army") == 4


def test_HH_19_10_cult_uprising_rises_in_a_neutral_zone_outside_the_palace() -> None:
    s = _game(
        TRAITOR_TURN,
        [unit("outer_palace_nw", "imperial_army", "imperium")],
        hands={"traitor": ["cult_uprising"]},
        reserve={"traitor": {"chaos_cultists": 8}},
    )
    play(s, "action:hand", "card:cult_uprising", "sector:palace")
    assert kind(s) == "heresy.action"  # no zone of the Palace qualifies: nothing happens
    s = _game(
        TRAITOR_TURN,
        [unit("crucible_north", "imperial_army", "imperium")],
        hands={"traitor": ["cult_uprising"]},
        reserve={"traitor": {"chaos_cultists": 8}},
    )
    play(s, "action:hand", "card:cult_uprising", "sector:crucible")
    assert "to:crucible_north" not in keys(s) and "to:crucible_centre" in keys(s)
    play(s, "to:crucible_centre")
    assert count(s, "crucible_centre", TRAITOR, "chaos_cultists") == 2


def test_HH_33_3_raise_fortifications_places_a_marker_and_activates_from_hand() -> None:
    units = [unit("crucible_centre", "imperial_army", "imperium")]
    s = _game(IMPERIAL_TURN, units, hands={"imperium": ["raise_fortifications"]})
    assert not fortified(s, "crucible_centre")
    play(s, "action:hand", "card:raise_fortifications", "sector:crucible")
    assert set(keys(s)) == {"zone:crucible_centre", "done"}
    play(s, "zone:crucible_centre")
    assert fortified(s, "crucible_centre") and s.marks[IMPERIUM] == {"crucible_centre": ACTIVE}


def test_HH_33_3_fortify_from_the_map_activates_nothing() -> None:
    units = [unit("crucible_centre", "imperial_army", "imperium")]
    pile = {"crucible": [{"card": "raise_fortifications", "owner": "imperium", "fresh": False}]}
    s = _game(IMPERIAL_TURN, units, piles=pile)
    play(s, "action:map", "card:raise_fortifications", "zone:crucible_centre")
    assert "crucible_centre" in s.fort_markers and not s.marks[IMPERIUM]


def test_HH_33_13_repair_the_walls_removes_a_breach() -> None:
    units = [unit("tower_of_shadows", "imperial_army", "imperium")]
    s = _game(
        IMPERIAL_TURN,
        units,
        hands={"imperium": ["repair_the_walls"]},
        breaches=[["tower_of_shadows", "crucible_east"]],
    )
    play(s, "action:hand", "card:repair_the_walls", "sector:crucible")
    assert set(keys(s)) == {"edge:crucible_east|tower_of_shadows", "done"}
    play(s, "edge:crucible_east|tower_of_shadows")
    assert not s.breaches and kind(s) == "heresy.action"


def test_HH_30_15_close_ranks_removes_the_damage_of_one_zone() -> None:
    units = [
        {**unit("crucible_centre", "space_marines", "imperium", tag="white_scars"), "damage": 2},
        {**unit("crucible_centre", "chaos_cultists", "traitor")},
    ]
    s = _game(IMPERIAL_TURN, units, hands={"imperium": ["close_ranks"]})
    play(s, "action:hand", "card:close_ranks", "sector:crucible", "zone:crucible_centre")
    assert [u[3] for u in s.units["crucible_centre"]] == [0, 0]


def test_HH_35_6_orbital_strike_bombards_a_zone_of_the_sector_or_is_ignored() -> None:
    units = [unit("crucible_centre", "imperial_army", "imperium", 2)]
    s = _game(TRAITOR_TURN, units, hands={"traitor": ["orbital_strike"]})
    play(s, "action:hand", "card:orbital_strike", "sector:crucible")
    assert kind(s) == "heresy.bombard.zone" and seat(s) == TRAITOR
    zones = {k[5:] for k in keys(s) if k.startswith("zone:")}
    assert zones == set(s.content.graph.sector_zones("crucible")) and "done" in keys(s)
    play(s, "done")  # HH-19.12: the order may be ignored
    assert kind(s) == "heresy.action" and count(s, "crucible_centre", IMPERIUM) == 2


def test_HH_36_1_orbital_strike_from_the_map_chooses_among_two_cards() -> None:
    pile = {"crucible": [{"card": "orbital_strike", "owner": "traitor", "fresh": False}]}
    s = _game(TRAITOR_TURN, [unit("crucible_centre", "imperial_army", "imperium")], piles=pile)
    play(s, "action:map", "card:orbital_strike", "zone:crucible_centre", "mode:precise")
    assert kind(s) == "heresy.bombard.choose" and len(keys(s)) >= 1


def test_HH_37_7_seeds_of_corruption_tries_only_this_sectors_units() -> None:
    units = [
        unit("crucible_centre", "imperial_army", "imperium"),
        unit("volcanus_south", "imperial_army", "imperium"),
    ]
    s = _game(TRAITOR_TURN, units, hands={"traitor": ["seeds_of_corruption"]})
    play(s, "action:hand", "card:seeds_of_corruption", "sector:crucible")
    assert kind(s) == "heresy.corruption"
    targets = [k for k in keys(s) if k != "done"]
    assert targets and all("crucible_centre" in k for k in targets)


def test_HH_25_4_HH_26_8_an_attack_takes_its_cards_iterations_and_origins() -> None:
    units = [
        unit("crucible_centre", "imperial_army", "imperium"),
        unit("crucible_north", "imperial_army", "imperium"),
        unit("crucible_east", "chaos_cultists", "traitor"),
    ]
    s = _game(IMPERIAL_TURN, units, hands={"imperium": ["sally_forth"]})
    play(s, "action:hand", "card:sally_forth", "sector:crucible", "target:crucible_east")
    play(s, "origin:crucible_centre")
    battle = s.stack[-1].data
    assert battle["iters"] == 3 and battle["limit"] == 1  # Sortie: 3 iterations, one origin
    assert kind(s) != "heresy.battle.origin"  # no second origin zone


def test_HH_19_10_onslaught_looks_at_the_top_three_combat_cards() -> None:
    units = [
        unit("crucible_centre", "space_marines", "imperium", tag="white_scars"),
        unit("crucible_east", "chaos_cultists", "traitor"),
    ]
    deck = ["bolter_drill", "crossfire", "hold_the_walls", "angels_of_death"]
    s = _game(
        IMPERIAL_TURN,
        units,
        hands={"imperium": ["onslaught"]},
        **combat(decks={"imperium": deck, "traitor": ["hatred_unbound"]}),
    )
    play(s, "action:hand", "card:onslaught", "sector:crucible", "target:crucible_east")
    play(s, "origin:crucible_centre")
    while kind(s) in ("heresy.battle.origin", "heresy.battle.engage", "heresy.battle.fly"):
        play(s, keys(s)[0] if kind(s) == "heresy.battle.engage" else "done")
        if kind(s) == "heresy.battle.engage" and "done" in keys(s):
            play(s, "done")
    d = s.cached
    assert d is not None and d.kind == "heresy.battle.look" and d.private
    assert {k.partition(":")[2] for k in keys(s)} == set(deck[:3])
    play(s, "bottom:bolter_drill", "top:hold_the_walls", "top:crossfire")
    # the chosen order on top, the rejected card at the bottom; then 2 cards are drawn
    assert s.combat_hands[IMPERIUM] == ["hold_the_walls", "crossfire"]
    assert s.combat_decks[IMPERIUM] == ["angels_of_death", "bolter_drill"]
