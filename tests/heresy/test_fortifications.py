"""Fortifications (HH-33.1..HH-35.1, AMB-7): fortified zones and markers, edge segments,
breaches, and the reduction of the attacker's normal damage."""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.engine.frames import Frame
from arbitre.engine.ruleset import ConfigError
from arbitre.games.heresy import fortification as fort
from arbitre.games.heresy import joining
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, HeresyState
from tests.heresy.flow_helpers import R, combat, count, game, keys, kind, play, unit

BASE: dict[str, Any] = {"track": {"imperium": 3, "traitor": 1}, "triggered": [3], "events": []}


def _state(**extra: Any) -> HeresyState:
    return game({**BASE, "units": [], "heroes": {}, **extra})


def _attack(target: str, *attackers: tuple[str, str]) -> Frame:
    """A Traitor attack on `target` with engaged units (zone, label)."""
    f = joining.new_battle(TRAITOR, "", "", "traitor_assault")
    f.data["target"] = target
    f.data["origins"] = sorted({z for z, _t in attackers})
    f.data["eng"] = [[TRAITOR, z, t] for z, t in attackers] + [[IMPERIUM, target, "imperial_army"]]
    return f


def test_HH_33_1_HH_33_2_plastic_zones_and_the_command_bridge_are_fortified() -> None:
    s = _state()
    kinds = {z.id: z.kind for z in s.content.zones}
    for z in s.content.zones:
        if kinds[z.id] in ("palace", "fortress", "industrial_complex"):
            assert fort.fortified(s, z.id), z.id
    assert not fort.fortified(s, "plateau_west")


def test_HH_33_3_HH_33_16_a_marker_fortifies_and_a_breach_removes_it() -> None:
    s = _state(fortifications=["plateau_west"])
    assert fort.fortified(s, "plateau_west")
    assert fort.breach(s, "plateau_west", "plateau_north_west")
    assert not fort.fortified(s, "plateau_west") and not s.breaches  # no breach marker


def test_EX_33_1_HH_33_5_HH_33_13_the_librarium_has_three_segments_one_breach_each() -> None:
    s = _state()
    segs = fort.segments(s, "librarium_technologicus")
    assert len(segs) == 3
    assert fort.breach(s, "librarium_technologicus", "plateau_south")
    assert not fort.breach(s, "librarium_technologicus", "plateau_south")  # HH-33.13
    for other in ("eternity_wall_spaceport", "plateau_palace_south"):
        assert fort.breach(s, "librarium_technologicus", other)
    assert len(s.breaches) == 3 and fort.any_breach(s, "librarium_technologicus")


def test_HH_33_14_HH_33_15_a_shared_segment_counts_for_both_zones() -> None:
    s = _state()
    assert fort.breach(s, "forbidden_fortress", "inner_palace")
    assert fort.breached(s, "inner_palace", "forbidden_fortress")
    assert fort.any_breach(s, "inner_palace") and fort.any_breach(s, "forbidden_fortress")
    assert not fort.breached(s, "forbidden_fortress", "outer_palace_ne")  # HH-33.15


def test_HH_35_1_HH_34_6_crevasses_are_never_breached_and_fortify_no_zone() -> None:
    s = _state()
    assert s.content.graph.is_crevasse("plateau_west", "crucible_west")
    assert not fort.can_breach(s, "plateau_west", "crucible_west")
    assert not fort.fortified(s, "plateau_west")
    with pytest.raises(ConfigError, match=r"HH-35\.1"):
        _state(breaches=[["plateau_west", "crucible_west"]])


def test_HH_33_9_HH_34_1_EX_34_1_one_breached_segment_gives_one() -> None:
    s = _state(breaches=[["forbidden_fortress", "plateau_east"]])
    f = _attack(
        "forbidden_fortress",
        ("lions_gate_spaceport", "chaos_space_marines"),
        ("plateau_east", "chaos_space_marines"),
    )
    assert fort.reduction(s, f) == 1
    # AMB-7, HH-34.3: the attackers behind the breach leave the battle -> 2 again
    f.data["eng"].remove([TRAITOR, "plateau_east", "chaos_space_marines"])
    assert fort.reduction(s, f) == 2


def test_FAQ_flyers_breach_while_engaged_no_marker_HH_34_2_EX_34_2_AMB_7() -> None:
    s = _state()
    f = _attack(
        "forbidden_fortress",
        ("lions_gate_spaceport", "chaos_space_marines"),
        ("plateau_east", "chaos_thunderhawk"),
    )
    assert fort.reduction(s, f) == 1 and not s.breaches  # no breach marker placed
    f.data["eng"].remove([TRAITOR, "plateau_east", "chaos_thunderhawk"])
    assert fort.reduction(s, f) == 2


def test_EX_35_1_HH_34_5_HH_33_4_crevasses_protect_only_when_every_attacker_crosses_one() -> None:
    s = _state()
    a, b, c = "crucible_west", "plateau_north_west", "volcanus_west"  # A, C: crevasses
    graph = s.content.graph
    assert graph.is_crevasse(a, "plateau_west") and graph.is_crevasse(c, "plateau_west")
    assert not graph.is_crevasse(b, "plateau_west")
    marine = "space_marines/blood_angels"

    def red(*zones: str) -> int:
        return fort.reduction(s, _attack("plateau_west", *((z, marine) for z in zones)))

    assert red(a, b, c) == 0
    assert red(a) == 2 and red(c) == 2 and red(a, c) == 2
    assert red(b) == 0 and red(a, b) == 0


def test_FAQ_no_fortification_bonus_with_attackers_inside_HH_33_10_HH_33_11_AMB_7() -> None:
    s = _state()
    f = _attack("forbidden_fortress", ("plateau_east", "chaos_space_marines"))
    f.data["coex"] = True
    assert fort.reduction(s, f) == 0  # HH-33.10
    f = _attack(
        "forbidden_fortress",
        ("plateau_east", "chaos_space_marines"),
        ("forbidden_fortress", "chaos_cultists"),
    )
    assert fort.reduction(s, f) == 0  # FAQ: attackers already inside
    # HH-33.11: attacking out of a fortified zone gives the attacker nothing: the target
    # (open ground) is what counts
    f = _attack("plateau_east", ("forbidden_fortress", "chaos_space_marines"))
    assert fort.reduction(s, f) == 0


def test_HH_33_6_HH_33_7_HH_33_8_titans_enter_and_the_stacking_limit_is_3() -> None:
    s = _state()
    assert s.content.zones["forbidden_fortress"].stacking_limit == 3
    fortified = [z for z in s.content.zones if z.fortified]
    assert all(z.stacking_limit == 3 for z in fortified)
    from arbitre.games.heresy.movement import _types, reach

    types = _types(s, IMPERIUM)
    # HH-33.7: entering a fortified zone costs the same as open ground
    assert reach(s, IMPERIUM, "plateau_east", 2, False, types)["forbidden_fortress"] == 1


def test_HH_33_12_HH_33_17_a_breach_shows_in_the_view_and_state() -> None:
    s = _state(breaches=[["bastion_eternal", "plateau_east"]])
    view = R.view(s, IMPERIUM)
    assert view["breaches"] == ["bastion_eternal|plateau_east"]
    assert R.snapshot(s)["breaches"] == ["bastion_eternal|plateau_east"]


def test_HH_34_4_any_breach_on_the_zone() -> None:
    s = _state(breaches=[["bastion_eternal", "plateau_east"]])
    assert fort.any_breach(s, "bastion_eternal") and not fort.any_breach(
        s, "librarium_technologicus"
    )


def test_HH_34_3_the_reduction_is_computed_in_each_attacker_iteration() -> None:
    units = [
        unit("plateau_east", "chaos_space_marines", "traitor"),
        unit("plateau_east", "chaos_thunderhawk", "traitor"),
        unit("bastion_eternal", "imperial_titan", "imperium"),
    ]
    pos = {
        **BASE,
        "units": units,
        "heroes": {},
        "hands": {"traitor": ["firefight"]},
        **combat(decks={"traitor": ["diversionary_tactics", "breach", "terrifying"]}),
    }
    s = game(pos)
    play(s, "action:hand", "card:firefight", "sector:imperial_plateau")
    play(s, "target:bastion_eternal", "origin:plateau_east")
    play(s, "unit:plateau_east:chaos_space_marines", "unit:plateau_east:chaos_thunderhawk")
    play(s, "first:attacker", "card:diversionary_tactics", "none")
    assert s.stack[-1].data["dmg"] == 2  # 3 - 1: the flyer
    play(s, "unit:bastion_eternal:imperial_titan", "unit:bastion_eternal:imperial_titan/d1")
    assert count(s, "bastion_eternal", IMPERIUM) == 1
    assert kind(s) == "heresy.battle.play" and "pass" in keys(s)
