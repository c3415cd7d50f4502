"""Bombardments (HH-35.2..HH-36.9, HH-34.4, HH-13.9..HH-13.11): the Bombardment deck,
orbital bombardments (played through the Event 'Déluge Apocalyptique' and setup step 7),
choosing among several cards and Thunderhawk bombardments (AMB-2, AMB-14, AMB-15)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from arbitre.games.heresy import bombardment
from arbitre.games.heresy.joining import new_battle
from arbitre.games.heresy.rules import settle
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, HeresyState
from tests.heresy.flow_helpers import count, game, keys, kind, logged, play, seat, unit

C = bombardment  # short alias in asserts


def _event(event: str, units: list[dict[str, Any]], deck: list[str], **extra: Any) -> HeresyState:
    """The Imperium places an order and reaches the Event space 3: `event` is drawn."""
    pos: dict[str, Any] = {
        "track": {"imperium": 2, "traitor": 5},
        "events": [event],
        "units": units,
        "heroes": {},
        "hands": {"imperium": ["redeploy"]},
        "bombardment": {"deck": deck},
        **extra.pop("position", {}),
    }
    s = game(pos, **extra)
    play(s, "action:place", "card:redeploy", "pile:palace")
    return s


def _apocalypse(units: list[dict[str, Any]], deck: list[str], **extra: Any) -> HeresyState:
    s = _event("apocalypse_rains_down", units, deck, **extra)
    assert kind(s) == "heresy.bombard.zone" and seat(s) == TRAITOR
    return s


# --- the deck ------------------------------------------------------------------------------


def test_HH_12_15_HH_3_8_the_bombardment_deck_holds_32_shuffled_cards() -> None:
    a, b = game(seed=1), game(seed=2)
    assert sorted(a.bombard_deck) == sorted(c.id for c in a.content.bombardment)
    assert len(a.bombard_deck) == 32 and a.bombard_discard == []
    assert a.bombard_deck != b.bombard_deck  # shuffled with the game's seed


def test_HH_5_6_HH_6_1_sixteen_aquila_sixteen_chaos_star_every_section_filled() -> None:
    cards = list(game().content.bombardment)
    assert Counter(c.symbol for c in cards) == {"aquila": 16, "chaos_star": 16}
    assert all(len(c.lasers) == 4 for c in cards)
    # AMB-9: the cards the sources lack are marked reconstructed
    assert sum(c.provenance == "reconstructed" for c in cards) == 27
    # a laser line turns from Miss to Hit only as lasers are added
    for c in cards:
        hits = [x == "hit" for x in c.lasers]
        assert hits == sorted(hits), c.id


def test_HH_39_5_HH_39_7_HH_39_2_the_deck_is_rebuilt_only_once_empty() -> None:
    s = game({"bombardment": {"deck": ["rulebook_p6"], "discard": ["rulebook_p37_1"]}})
    assert C.draw(s) == "rulebook_p6" and s.bombard_discard == ["rulebook_p37_1"]
    assert C.draw(s) == "rulebook_p37_1"  # the discard pile, shuffled, became the deck
    assert s.bombard_deck == [] and s.bombard_discard == []
    assert C.draw(s) is None


# --- orbital bombardment -------------------------------------------------------------------


def test_HH_35_5_HH_35_6_HH_35_8_HH_35_12_HH_35_14_HH_41_18_precise_damage_spread() -> None:
    units = [
        unit("plateau_south", "imperial_tank_division", "imperium"),
        unit("plateau_south", "imperial_army", "imperium"),
    ]
    s = _apocalypse(units, ["rulebook_p37_2"])  # precise: 2 damage
    assert "zone:inner_palace" in keys(s)  # HH-35.14: fortified zones in play
    play(s, "zone:plateau_south")
    assert kind(s) == "heresy.bombard.mode"
    assert set(keys(s)) == {"mode:precise", "mode:saturation"}
    play(s, "mode:precise")
    assert kind(s) == "heresy.bombard.damage" and seat(s) == TRAITOR
    play(s, "unit:plateau_south:imperial_tank_division")
    play(s, "unit:plateau_south:imperial_tank_division/d1")  # eliminated (HH-30.14)
    assert count(s, "plateau_south", IMPERIUM) == 1
    assert s.reserve[IMPERIUM].get("imperial_tank_division", 0) >= 1
    assert s.bombard_discard == ["rulebook_p37_2"]  # HH-35.12
    assert kind(s) == "heresy.action"


def test_HH_35_9_AMB_26_own_units_only_after_every_enemy_unit_leftover_lost() -> None:
    units = [
        unit("plateau_south", "imperial_army", "imperium"),
        unit("plateau_south", "chaos_cultists", "traitor"),
        unit("plateau_south", "chaos_space_marines", "traitor"),
    ]
    s = _apocalypse(units, ["rulebook_p37_2"])  # saturation: 6 + breach
    play(s, "zone:plateau_south", "mode:saturation")
    # the enemy's army took its point at once; the Traitor must hurt his own units now
    assert count(s, "plateau_south", IMPERIUM) == 0
    assert set(keys(s)) == {
        "unit:plateau_south:chaos_cultists",
        "unit:plateau_south:chaos_space_marines",
    }
    play(s, "unit:plateau_south:chaos_cultists")
    for text in ("chaos_space_marines", "chaos_space_marines/d1", "chaos_space_marines/d2"):
        if kind(s) == "heresy.bombard.damage":
            play(s, f"unit:plateau_south:{text}")
    assert count(s, "plateau_south", TRAITOR) == 0
    assert logged(s, "heresy.log.bombard_lost")  # 6 points, 5 could be taken


def test_HH_35_4_heroes_are_never_bombarded() -> None:
    s = _apocalypse([], ["rulebook_p37_3"], position={"heroes": {"rogal_dorn": "plateau_south"}})
    play(s, "zone:plateau_south", "mode:precise")  # 3 damage, nobody to take it
    assert s.hero_damage["rogal_dorn"] == 0 and s.heroes["rogal_dorn"] == "plateau_south"
    assert logged(s, "heresy.log.bombard_lost")


def test_HH_35_7_no_effect_discards_the_card() -> None:
    units = [unit("plateau_south", "imperial_army", "imperium")]
    s = _apocalypse(units, ["rulebook_p37_3"])  # saturation: no effect
    play(s, "zone:plateau_south", "mode:saturation")
    assert count(s, "plateau_south", IMPERIUM) == 1
    assert logged(s, "heresy.log.bombard_nothing") and s.bombard_discard == ["rulebook_p37_3"]


def test_HH_34_4_HH_35_13_a_fortified_zone_removes_two_points() -> None:
    units = [unit("bastion_eternal", "imperial_army", "imperium", 2)]
    s = _apocalypse(units, ["rulebook_p37_2"])  # precise 2 - 2 = 0
    play(s, "zone:bastion_eternal", "mode:precise")
    assert count(s, "bastion_eternal", IMPERIUM) == 2
    assert logged(s, "heresy.log.bombard_reduced")


def test_HH_35_10_HH_35_11_the_breach_comes_first_then_one_point_less() -> None:
    units = [
        unit("bastion_eternal", "imperial_titan", "imperium"),
        unit("bastion_eternal", "imperial_army", "imperium"),
    ]
    s = _apocalypse(units, ["rulebook_p37_2"])  # saturation 6 + breach
    play(s, "zone:bastion_eternal", "mode:saturation")
    assert kind(s) == "heresy.bombard.breach"  # four segments: the bombarder picks one
    assert "edge:bastion_eternal|plateau_east" in keys(s)
    play(s, "edge:bastion_eternal|plateau_east")
    assert s.breaches == {"bastion_eternal|plateau_east"}  # HH-33.15
    # 6 - 1 (breached, HH-34.4) = 5 = exactly the army (1) and the titan (4)
    assert count(s, "bastion_eternal", IMPERIUM) == 0
    assert s.reserve[IMPERIUM].get("imperial_titan", 0) >= 1  # HH-31.3


def test_HH_33_16_a_breach_removes_a_fortification_marker_no_reduction_left() -> None:
    units = [unit("plateau_south", "imperial_army", "imperium", 2)]
    s = _apocalypse(units, ["rulebook_p37_2"], position={"fortifications": ["plateau_south"]})
    play(s, "zone:plateau_south", "mode:saturation")  # 6 + breach
    assert "plateau_south" not in s.fort_markers and not s.breaches
    assert count(s, "plateau_south", IMPERIUM) == 0  # no reduction at all


def test_FAQ_bombardment_breach_next_to_a_fortification_AMB_27() -> None:
    units = [unit("plateau_east", "imperial_army", "imperium")]
    s = _apocalypse(units, ["rulebook_p37_2"])
    play(s, "zone:plateau_east", "mode:saturation")
    # FAQ v1.0: the breach goes on a fortified neighbour's segment (no crevasse)
    assert kind(s) == "heresy.bombard.breach"
    assert set(keys(s)) == {
        "edge:bastion_eternal|plateau_east",
        "edge:forbidden_fortress|plateau_east",
        "edge:outer_palace_se|plateau_east",
    }
    play(s, "edge:outer_palace_se|plateau_east")
    assert s.breaches == {"outer_palace_se|plateau_east"}


def test_AMB_27_no_breach_on_an_unfortified_zone_without_the_faq() -> None:
    units = [unit("plateau_east", "imperial_army", "imperium")]
    s = _apocalypse(units, ["rulebook_p37_2"], faq=False)
    play(s, "zone:plateau_east", "mode:saturation")
    assert not s.breaches and logged(s, "heresy.log.breach_none")
    assert count(s, "plateau_east", IMPERIUM) == 0


def test_HH_13_9_HH_13_10_HH_13_11_AMB_35_setup_bombardments() -> None:
    s = game()
    play(s, "done")  # no corruption (step 6)
    assert kind(s) == "heresy.bombard.zone" and seat(s) == TRAITOR
    zones = {k[5:] for k in keys(s) if k.startswith("zone:")}
    assert zones and not any(s.content.zones[z].fortified for z in zones)
    assert not any(not s.content.zones[z].terra for z in zones)
    n = s.content.scenarios[s.scenario].bombardments
    empty = next(z for z in sorted(zones) if not s.units.get(z))
    for _ in range(n):  # the same zone again and again (HH-13.11)
        play(s, f"zone:{empty}", "mode:precise")
    assert len(s.bombard_discard) == n
    assert kind(s) == "heresy.setup.landing"  # step 8: the Traitor's landing orders


def test_FAQ_event_orbital_bombardment_follows_the_rules_HH_36_1() -> None:
    deck = ["rulebook_p37_1", "rulebook_p37_2", "rulebook_p37_3", "rulebook_p6"]
    units = [
        unit("eternity_wall_spaceport", "chaos_cultists", "traitor", 2),
        unit("plateau_south", "imperial_army", "imperium"),
    ]
    s = _event("the_sky_fortress_rises", units, deck)
    assert kind(s) == "heresy.event.move_from" and seat(s) == IMPERIUM
    play(s, "done")  # La Forteresse du Ciel s'Élève: no move first
    assert kind(s) == "heresy.bombard.zone" and seat(s) == IMPERIUM
    play(s, "zone:eternity_wall_spaceport", "mode:saturation")
    assert kind(s) == "heresy.bombard.choose"
    assert keys(s) == ["card:rulebook_p37_1", "card:rulebook_p37_2", "card:rulebook_p37_3"]
    play(s, "card:rulebook_p37_1")  # saturation 3: both cultists die
    assert count(s, "eternity_wall_spaceport", TRAITOR) == 0
    assert sorted(s.bombard_discard) == deck[:3] and s.bombard_deck == ["rulebook_p6"]


# --- Thunderhawk bombardment ---------------------------------------------------------------


def _th_battle(
    units: list[dict[str, Any]],
    eng: list[list[Any]],
    heroes: dict[str, str] | None = None,
    config: dict[str, Any] | None = None,
) -> HeresyState:
    """A battle frame at its special-effect step, then a Thunderhawk bombardment by the
    attacking Traitor (as Pluie Mortelle resolves it)."""
    pos = {"units": units, "heroes": heroes or {}, "bombardment": {"deck": ["rulebook_p37_2"]}}
    s = game(pos, **(config or {}))
    f = new_battle(TRAITOR, "", "imperial_plateau", "traitor_assault")
    engaged_heroes = sorted((heroes or {}).keys())
    f.data.update(target="plateau_south", origins=["plateau_south_west"], eng=eng,
                  heroes=engaged_heroes, stage="free", it=4, iters=4)  # fmt: skip
    s.stack.append(f)
    bombardment.thunderhawk_effect(s, f, TRAITOR)
    settle(s)
    return s


def test_HH_35_2_HH_36_2_HH_36_3_HH_36_4_HH_36_5_HH_36_9_two_per_engaged_thunderhawk() -> None:
    units = [
        unit("plateau_south_west", "chaos_thunderhawk", "traitor", 2),
        unit("plateau_south", "imperial_army", "imperium", 4),
    ]
    eng = [[TRAITOR, "plateau_south_west", "chaos_thunderhawk"]] * 2
    eng = [*eng, [IMPERIUM, "plateau_south", "imperial_army"]]
    s = _th_battle(units, [list(e) for e in eng])
    # 2 per Thunderhawk x 2 engaged = 4: every army of the target zone, engaged or not
    assert count(s, "plateau_south", IMPERIUM) == 0
    assert s.bombard_discard == ["rulebook_p37_2"]  # HH-36.9
    assert logged(s, "heresy.log.thunderhawk")


def test_AMB_14_the_defender_bombards_the_origin_zones() -> None:
    units = [
        unit("plateau_south", "chaos_thunderhawk", "traitor"),
        unit("plateau_south_west", "imperial_army", "imperium", 2),
    ]
    eng = [[TRAITOR, "plateau_south", "chaos_thunderhawk"]]
    eng += [[IMPERIUM, "plateau_south_west", "imperial_army"]]
    pos = {"units": units, "heroes": {}, "bombardment": {"deck": ["rulebook_p37_2"]}}
    s = game(pos)
    f = new_battle(IMPERIUM, "", "imperial_plateau", "imperial_assault")
    f.data.update(target="plateau_south", origins=["plateau_south_west"], eng=eng, stage="free")
    s.stack.append(f)
    bombardment.thunderhawk_effect(s, f, TRAITOR)
    settle(s)
    assert count(s, "plateau_south_west", IMPERIUM) == 0
    assert count(s, "plateau_south", TRAITOR) == 1


def test_FAQ_errata_thunderhawk_damage_may_go_to_heroes_AMB_2_AMB_30_EX_29_3() -> None:
    units = [unit("plateau_south_west", "chaos_thunderhawk", "traitor")]
    eng = [[TRAITOR, "plateau_south_west", "chaos_thunderhawk"]]
    s = _th_battle(units, eng, {"fabricator_general": "plateau_south"})
    for _ in range(2):
        if kind(s) == "heresy.bombard.damage":
            assert keys(s) == ["hero:fabricator_general"]
            play(s, "hero:fabricator_general")
    assert s.hero_damage["fabricator_general"] == 2


def test_AMB_2_HH_36_6_rules_reading_heroes_never_hit() -> None:
    units = [unit("plateau_south_west", "chaos_thunderhawk", "traitor")]
    eng = [[TRAITOR, "plateau_south_west", "chaos_thunderhawk"]]
    s = _th_battle(
        units, eng, {"fabricator_general": "plateau_south"}, {"thunderhawk.heroes": "rules"}
    )
    assert s.hero_damage["fabricator_general"] == 0
    assert logged(s, "heresy.log.bombard_lost")


def test_AMB_15_HH_36_7_HH_35_3_fortification_does_not_reduce_a_thunderhawk_bombardment() -> None:
    units = [
        unit("plateau_south_west", "chaos_thunderhawk", "traitor"),
        unit("plateau_south", "imperial_tank_division", "imperium"),
    ]
    eng = [[TRAITOR, "plateau_south_west", "chaos_thunderhawk"]]
    plain = _th_battle(units, [list(e) for e in eng])
    assert count(plain, "plateau_south", IMPERIUM) == 0  # 2 damage on a rank II
    marked = {"fortifications": ["plateau_south"]}
    for option, left in ((False, 0), (True, 1)):
        pos = {"units": units, "heroes": {}, "bombardment": {"deck": ["rulebook_p37_2"]}}
        s = game({**pos, **marked}, **{"thunderhawk.fortified": option})
        f = new_battle(TRAITOR, "", "imperial_plateau", "traitor_assault")
        f.data.update(target="plateau_south", origins=["plateau_south_west"], eng=[list(eng[0])],
                      stage="free")  # fmt: skip
        s.stack.append(f)
        bombardment.thunderhawk_effect(s, f, TRAITOR)
        settle(s)
        assert count(s, "plateau_south", IMPERIUM) == left, option
