"""Corruption, the 12 spare black bases, Traitor Armies and Armoured Divisions (HH-13.5..
HH-13.8, HH-37.3..HH-37.9, HH-11.3, HH-12.8, EX-37.2)."""

from __future__ import annotations

from arbitre.games.heresy import bombardment, corruption
from arbitre.games.heresy.board import eliminate
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, HeresyState
from tests.heresy.flow_helpers import count, game, keys, kind, play, seat, unit


def _setup_game(star: bool) -> HeresyState:
    """A fresh game whose Bombardment deck starts with a Chaos Star (or an Aquila)."""
    for seed in range(200):
        s = game(seed=seed)
        if bombardment.chaos_star(s, s.bombard_deck[0]) == star:
            return s
    raise AssertionError("no such seed")


def test_HH_11_3_HH_12_8_twelve_spare_bases_eight_rank_one_four_rank_two() -> None:
    s = game()
    assert corruption.spare_bases(s, "traitor_army") == 8
    assert corruption.spare_bases(s, "traitor_tank_division") == 4
    assert "traitor_army" not in s.reserve[TRAITOR]  # bases, not units to land


def test_HH_13_5_HH_13_6_HH_40_13_setup_corruption_of_armies_and_tank_divisions_only() -> None:
    s = game()
    assert kind(s) == "heresy.corruption" and seat(s) == TRAITOR
    assert s.content.scenarios[s.scenario].corruption == 12
    types = {k.split(":")[2].split("/")[0] for k in keys(s) if k != "done"}
    assert types == {"imperial_army", "imperial_tank_division"}


def test_HH_13_7_HH_37_5_a_chaos_star_corrupts_the_unit_in_place() -> None:
    s = _setup_game(star=True)
    card = s.bombard_deck[0]
    before = count(s, "spaceport_damocles", IMPERIUM, "imperial_army")
    play(s, "unit:spaceport_damocles:imperial_army")
    assert count(s, "spaceport_damocles", TRAITOR, "traitor_army") == 1
    assert count(s, "spaceport_damocles", IMPERIUM, "imperial_army") == before - 1
    assert s.bombard_discard == [card]  # discarded either way
    assert corruption.spare_bases(s, "traitor_army") == 7


def test_HH_13_7_HH_13_8_an_aquila_saves_it_and_it_cannot_be_tried_again() -> None:
    s = _setup_game(star=False)
    assert count(s, "bastion_eternal", IMPERIUM, "imperial_army") == 1
    play(s, "unit:bastion_eternal:imperial_army")
    assert count(s, "bastion_eternal", IMPERIUM, "imperial_army") == 1
    assert len(s.bombard_discard) == 1
    assert "unit:bastion_eternal:imperial_army" not in keys(s)  # each unit once
    assert s.stack[-1].data["left"] == 11


def test_HH_37_6_HH_37_4_damage_stays_and_the_unit_fights_for_the_traitor() -> None:
    hurt = {**unit("plateau_south", "imperial_tank_division", "imperium"), "damage": 1}
    s = game({"units": [hurt]})
    corruption.corrupt(s, "plateau_south", "imperial_tank_division/d1")
    assert s.units["plateau_south"] == [(TRAITOR, "traitor_tank_division", "", 1)]


def test_EX_37_2_HH_37_9_no_free_rank_two_base_no_armoured_division_corrupted() -> None:
    units = [unit("plateau_south", "traitor_tank_division", "traitor", 4)]
    units += [unit("plateau_west", "imperial_tank_division", "imperium")]
    units += [unit("plateau_west", "imperial_army", "imperium")]
    s = game({"units": units})
    f = corruption.frame(s, 2)
    assert corruption.spare_bases(s, "traitor_tank_division") == 0
    assert corruption.candidates(s, f) == ["unit:plateau_west:imperial_army"]
    # HH-37.8: an eliminated Traitor Armoured Division gives its base back
    u = s.units["plateau_south"].pop()
    eliminate(s, u)
    assert corruption.spare_bases(s, "traitor_tank_division") == 1
    assert "unit:plateau_west:imperial_tank_division" in corruption.candidates(s, f)


def test_HH_37_8_HH_37_3_AMB_25_the_figure_goes_back_to_the_imperium() -> None:
    s = game({"units": [unit("plateau_south", "traitor_army", "traitor")]})
    before = s.reserve[IMPERIUM].get("imperial_army", 0)
    eliminate(s, s.units["plateau_south"].pop())
    assert s.reserve[IMPERIUM].get("imperial_army", 0) == before + 1
    assert corruption.spare_bases(s, "traitor_army") == 8


def test_HH_37_7_corruption_in_play_tendrils_of_the_traitor() -> None:
    units = [unit("plateau_south", "imperial_army", "imperium", 2)]
    s = game(
        {
            "track": {"imperium": 2, "traitor": 5},
            "events": ["tendrils_of_the_traitor"],
            "units": units,
            "hands": {"imperium": ["redeploy"]},
            "bombardment": {"deck": ["rulebook_p37_2", "rulebook_p37_1"]},
        }
    )
    play(s, "action:place", "card:redeploy", "pile:palace")
    assert kind(s) == "heresy.corruption" and s.stack[-1].data["left"] == 2
    play(s, "unit:plateau_south:imperial_army")
    play(s, "unit:plateau_south:imperial_army")
    stars = [bombardment.chaos_star(s, c) for c in ("rulebook_p37_2", "rulebook_p37_1")]
    assert count(s, "plateau_south", TRAITOR) == sum(stars)
    assert kind(s) == "heresy.action"
