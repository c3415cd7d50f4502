"""Setup, orders and movement rules of chapters HH-12..HH-23 not covered elsewhere, their
worked examples (EX-13.1, EX-21.1) and ambiguities (AMB-1, AMB-6, AMB-17, AMB-24,
AMB-37), each built from a position.

Readings taken here: choosing the scenario and the sides (HH-12.3, HH-12.4) happens
before the engine starts: a game is created with a `scenario` and the seats are the
sides; method (a) is the Bombardment deck's symbol, which the engine already reads
(`bombardment.draw_symbol`). The card reserve tucked under the board (HH-21.5) is a
list of its own, never part of the hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.games.heresy import bombardment
from arbitre.games.heresy.state import ACTIVE, IMPERIUM, TRAITOR, HeresyState
from tests.heresy.flow_helpers import R, combat, count, game, keys, kind, play, seat, unit

BASE = {"track": {"imperium": 3, "traitor": 1}, "triggered": [3], "heroes": {}}
ALL_SPENT = list(range(1, 34))  # every special-phase space used: only the tested rules act


# --- setup, step 1 and step 5 (§4) -----------------------------------------------------


def test_HH_12_3_the_beginners_scenario_comes_first_experienced_player_traitor() -> None:
    s = game()
    first = s.content.scenarios[s.scenario]
    assert (first.n, first.name_fr) == (1, "Frère contre Frère")
    assert first.deployment == "fixed"  # nothing to choose for a beginner
    assert "Traître" in (first.premise_fr or "") and "Traitor" in (first.premise_en or "")


def test_HH_12_4_sides_by_the_bombardment_symbol_or_by_agreement() -> None:
    deck = game().content.bombardment
    aquila = next(c.id for c in deck if c.symbol == "aquila")
    star = next(c.id for c in deck if c.symbol == "chaos_star")
    # (a) the drawer plays the Loyalist on an Aquila, the Traitor on a Chaos Star
    assert bombardment.draw_symbol(game({"bombardment": {"deck": [aquila]}})) is False
    assert bombardment.draw_symbol(game({"bombardment": {"deck": [star]}})) is True
    # (b), (c): any of the six scenarios may be chosen
    for sc in game().content.scenarios:
        assert game(scenario=sc.id).scenario == sc.id


def test_EX_13_1_use_three_random_cards_the_rest_unseen_under_earlier_acts() -> None:
    kept = set()
    for seed in range(8):
        s = game(scenario="holy_terra_asunder", seed=seed)
        acts = {a.n: a for a in s.content.scenarios["holy_terra_asunder"].act}
        first = [c for a, c in s.events if a == 1]
        assert len(first) == acts[1].use == 3 and set(first) <= set(acts[1].cards)
        assert [a for a, _c in s.events] == sorted(a for a, _c in s.events)  # Act I on top
        assert s.event_discard == [] and R.view(s, IMPERIUM)["events"] == len(s.events)
        kept.add(frozenset(first))
    assert len(kept) > 1  # which three is random


# --- the strategic map and the card reserve (§8) ---------------------------------------


def test_HH_18_8_spaceports_and_complexes_are_zones_not_sectors() -> None:
    s = game()
    shown = [z for z in s.content.zones if z.kind in ("spaceport", "industrial_complex")]
    assert len(shown) == 7
    assert all(len(z.sectors) == 1 for z in shown)  # each a zone of one sector
    assert set(s.piles) == set(s.content.sectors.ids())  # no pile of their own
    assert not {z.id for z in shown} & set(s.content.sectors.ids())


def test_HH_21_5_the_card_reserve_is_kept_apart_from_the_hand() -> None:
    s = game(
        {
            **BASE,
            "hands": {"traitor": ["drop_pods"]},
            "card_reserve": {"traitor": ["firefight"]},
        }
    )
    play(s, "action:hand")
    assert keys(s) == ["card:drop_pods"]  # a reserve card is not played from the hand
    view = R.view(s, IMPERIUM)
    assert view["card_reserve"]["traitor"] == ["firefight"] and view["hands"]["traitor"] == 1


# --- activation: EX-21.1 ---------------------------------------------------------------


@pytest.mark.parametrize("side", ["activation", "rout"])
def test_EX_21_1_the_sky_fortress_moves_a_unit_out_of_an_activated_zone(side: str) -> None:
    s = game(
        {
            "track": {"imperium": 2, "traitor": 5},
            "events": ["the_sky_fortress_rises"],
            "units": [unit("plateau_south", "imperial_army", "imperium")],
            "heroes": {},
            "activation": {"imperium": {"plateau_south": side}},
            "hands": {"imperium": ["redeploy"]},
        }
    )
    play(s, "action:place", "card:redeploy", "pile:palace")  # the Event at space 3
    assert kind(s) == "heresy.event.move_from" and seat(s) == IMPERIUM
    play(s, "from:plateau_south", "to:plateau_south_west", "unit:imperial_army")
    assert count(s, "plateau_south_west", IMPERIUM) == 1
    assert "plateau_south_west" not in s.marks[IMPERIUM]  # activates no zone
    assert set(s.marks[IMPERIUM]) == {"plateau_south"}


# --- AMB-1: "secteur" meaning a zone ----------------------------------------------------


def test_AMB_1_rassembler_moves_into_one_destination_zone_of_the_sector() -> None:
    s = game(
        {
            **BASE,
            "units": [
                unit("crucible_west", "chaos_warband", "traitor"),
                unit("crucible_east", "chaos_cultists", "traitor"),
            ],
            "hands": {"traitor": ["traitor_assemble"]},
        }
    )
    play(s, "action:hand", "card:traitor_assemble", "sector:crucible")
    dests = {k[3:] for k in keys(s) if k.startswith("to:")}
    assert dests <= set(s.content.graph.sector_zones("crucible"))
    assert not dests & set(s.content.sectors.ids())  # zones, never sectors
    play(s, "to:crucible_centre")
    play(s, "unit:crucible_west:chaos_warband", "unit:crucible_east:chaos_cultists", "done")
    assert count(s, "crucible_centre", TRAITOR) == 2
    assert s.marks[TRAITOR] == {"crucible_centre": ACTIVE}  # the zone, not the sector


# --- AMB-6: initiative markers moved by effects -----------------------------------------


def _diversion(track: dict[str, Any], **config: Any) -> HeresyState:
    """The Traitor attacks with Feu de Combat from the map and plays Tactiques de
    Diversion in iteration 1 (the Imperium's marker moves 1 space forward)."""
    pos = {
        "track": track,
        "triggered": ALL_SPENT,
        "events": [],
        "units": [
            unit("plateau_east", "chaos_space_marines", "traitor", 2),
            unit("plateau_south_east", "imperial_army", "imperium"),
        ],
        "piles": {"imperial_plateau": [{"card": "firefight", "owner": "traitor"}]},
        **combat(
            decks={
                "traitor": ["diversionary_tactics", "breach", "terrifying", "will_of_chaos"],
                "imperium": ["hostile_ground"],
            }
        ),
    }
    s = game(pos, **config)
    play(s, "action:map", "card:firefight", "target:plateau_south_east", "origin:plateau_east")
    play(s, "unit:plateau_east:chaos_space_marines", "unit:plateau_east:chaos_space_marines")
    play(s, "first:attacker", "card:diversionary_tactics", "effect:diversionary_tactics")
    play(s, "accept")
    return s


def _finish_battle(s: HeresyState) -> None:
    for _ in range(60):
        if s.over or kind(s) == "heresy.action":
            return
        play(s, keys(s)[0])
    raise AssertionError("the battle did not end")


def test_AMB_6_a_c_the_change_compares_the_final_positions() -> None:
    s = _diversion({"imperium": 5, "traitor": 5, "top": "traitor"})
    assert s.pos == [6, 5]  # the effect moved the Imperium's marker
    _finish_battle(s)
    assert s.pos == [6, 6] and s.top == TRAITOR  # the Traitor landed on it: on top
    assert s.current == TRAITOR and seat(s) == TRAITOR  # no initiative change
    assert not any(m.key == "heresy.log.initiative_change" for m in s.log)


@pytest.mark.parametrize("any_marker", [True, False])
def test_AMB_6_d_either_marker_on_the_last_space_wins_for_the_imperium(any_marker: bool) -> None:
    s = _diversion({"imperium": 33, "traitor": 1}, **{"victory.anyMarker": any_marker})
    assert s.pos[IMPERIUM] == 34
    assert s.over is any_marker
    if any_marker:
        assert s.winner == IMPERIUM and s.reason == "attrition"


# --- AMB-17: EX-17.1's reserve count ----------------------------------------------------


@pytest.mark.parametrize("reserve", [3, 4])
def test_AMB_17_the_hand_is_six_whether_or_not_the_four_include_the_recycled_card(
    reserve: int,
) -> None:
    cards = ["traitor_assault", "firefight#2", "traitor_assault#2", "firefight#3"][:reserve]
    s = game(
        {
            "track": {"imperium": 8, "traitor": 6},
            "triggered": [3, 6],
            "hands": {"traitor": ["traitor_assemble", "firefight", "drop_pods", "port_landing"]},
            "card_reserve": {"traitor": cards},
            "decks": {"traitor": ["forced_march", "unnatural_vigor", "surprise_attack"]},
        }
    )
    play(s, "action:place", "card:traitor_assemble", "pile:palace")  # Order Draw at 7
    play(s, "card:firefight", "card:drop_pods", "done")
    assert len(s.card_reserve[TRAITOR]) == reserve + 1  # the recycled Feu de Combat
    play(s, "card:traitor_assault", "card:firefight#2", "done")
    assert len(s.hands[TRAITOR]) == 6 and s.decks[TRAITOR] == []
    assert len(s.card_reserve[TRAITOR]) == reserve - 1


# --- AMB-24: leaving a contested zone --------------------------------------------------


@pytest.mark.parametrize("leave", [True, False])
def test_AMB_24_units_may_leave_the_contested_zone_they_start_in(leave: bool) -> None:
    s = game(
        {
            **BASE,
            "units": [
                unit("crucible_west", "chaos_warband", "traitor"),
                unit("crucible_west", "imperial_army", "imperium"),
            ],
            "hands": {"traitor": ["traitor_assemble"]},
        },
        **{"move.leaveContested": leave},
    )
    play(s, "action:hand", "card:traitor_assemble", "sector:crucible", "to:crucible_centre")
    assert ("unit:crucible_west:chaos_warband" in keys(s)) is leave
    if leave:
        play(s, "unit:crucible_west:chaos_warband", "done")
        assert count(s, "crucible_centre", TRAITOR) == 1


# --- AMB-37: when an executed order reaches its discard pile ----------------------------


@pytest.mark.parametrize(
    ("card", "pile"), [("skirmish", "discards"), ("firefight", "card_reserve")]
)
def test_AMB_37_the_order_is_discarded_when_its_battle_is_over(card: str, pile: str) -> None:
    s = game(
        {
            **BASE,
            "triggered": ALL_SPENT,
            "units": [
                unit("plateau_east", "chaos_space_marines", "traitor"),
                unit("plateau_south_east", "imperial_army", "imperium"),
            ],
            "hands": {"traitor": [card]},
        }
    )
    play(s, "action:hand", f"card:{card}", "sector:imperial_plateau")
    assert kind(s) == "heresy.battle.target"
    held = s.hands[TRAITOR] + s.discards[TRAITOR] + s.card_reserve[TRAITOR]
    assert card not in held  # left the hand, not yet discarded
    play(s, "target:plateau_south_east", "origin:plateau_east")
    _finish_battle(s)
    assert getattr(s, pile)[TRAITOR] == [card]
