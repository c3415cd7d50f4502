"""Shooting rules: close defences, flyers as targets, range at altitude, modifiers."""

from __future__ import annotations

import pytest

from arbitre.games.epic.config import resolve
from arbitre.games.epic.shooting import (
    dr_shots,
    effective_range_distance,
    in_range,
    may_target_airborne,
    modified_to_hit,
    save_target,
    to_hit_modifiers,
)


def test_EP_3_1_and_EP_3_3_counter_charge_fire_is_x_shots_at_6_plus() -> None:
    assert dr_shots(2, mode="counter_charge", target_class=1, table_cm=10) == (2, 6, "EP-3.3")


def test_EP_3_2_interception_fire_is_x_shots_at_7_plus() -> None:
    assert dr_shots(2, mode="interception", target_class=1, table_cm=10) == (2, 7, "EP-3.2")


def test_EP_3_4_range_15cm() -> None:
    assert dr_shots(2, mode="counter_charge", target_class=1, table_cm=15)[0] == 2
    assert dr_shots(2, mode="counter_charge", target_class=1, table_cm=20) == (0, 0, "EP-3.4")


def test_EP_3_5_fire_arc_360_no_facing_needed() -> None:
    # dr_shots takes no facing at all: every direction is in arc.
    assert dr_shots(1, mode="interception", target_class=2, table_cm=14)[0] == 1


def test_EP_3_6_no_effect_on_class_3_or_more() -> None:
    assert dr_shots(2, mode="counter_charge", target_class=3, table_cm=5) == (0, 0, "EP-3.6")


def test_AMB_EP_3_dr_fire_only_in_interception_or_counter_charge() -> None:
    with pytest.raises(ValueError):
        dr_shots(1, mode="combat", target_class=1, table_cm=5)


def test_EX_EP_3_close_defences_example() -> None:
    assert dr_shots(2, mode="counter_charge", target_class=1, table_cm=12)[:2] == (2, 6)
    assert dr_shots(2, mode="interception", target_class=1, table_cm=12)[:2] == (2, 7)
    assert dr_shots(2, mode="counter_charge", target_class=3, table_cm=12)[0] == 0
    assert dr_shots(2, mode="counter_charge", target_class=1, table_cm=20)[0] == 0


def test_EP_16_27_and_EX_EP_5_high_altitude_adds_25cm() -> None:
    assert effective_range_distance(40, "ground", "high") == 65
    assert not in_range(60, 40, "ground", "high")
    assert in_range(60, 40, "high", "high")
    assert effective_range_distance(40, "high", "low") == 65
    assert effective_range_distance(40, "ground", "low") == 40


def test_EP_16_44_difficult_target_for_non_aa() -> None:
    mods = to_hit_modifiers(aa=False, target_airborne=True)
    assert [m.rule for m in mods] == ["EP-16.44"]
    assert to_hit_modifiers(aa=True, target_airborne=True) == []


def test_EP_16_45_who_may_target_an_airborne_flyer() -> None:
    assert may_target_airborne(aa=False, arc=360, order="tir_appuye") == (True, "EP-16.45")
    assert not may_target_airborne(aa=False, arc=90, order="avance")[0]
    assert not may_target_airborne(aa=False, arc=360, order="avance")[0]
    assert may_target_airborne(aa=False, arc=180, order="tir_appuye", titan=True)[0]
    assert may_target_airborne(aa=True, arc=90, order="avance")[0]


def test_EP_16_46_praetorian_non_360_weapons_never_target_flyers() -> None:
    assert may_target_airborne(aa=True, arc=180, order="tir_appuye", praetorian=True) == (
        False,
        "EP-16.46",
    )
    assert may_target_airborne(aa=False, arc=360, order="tir_appuye", praetorian=True)[0]


def test_EP_16_3_landing_is_minus_1_even_for_aa_and_stacks() -> None:
    aa = to_hit_modifiers(aa=True, target_airborne=False, target_landing=True)
    assert [m.rule for m in aa] == ["EP-16.3"]
    other = to_hit_modifiers(aa=False, target_airborne=False, target_landing=True)
    assert sorted(m.rule for m in other) == ["EP-16.3", "EP-16.44"]


def test_EX_EP_6_flyer_to_hit_numbers() -> None:
    def need(**kw: bool) -> int:
        return modified_to_hit(4, to_hit_modifiers(**kw))  # type: ignore[arg-type]

    assert need(aa=False, target_airborne=True) == 5
    assert need(aa=True, target_airborne=True) == 4
    assert need(aa=True, target_airborne=False, target_landing=True) == 5
    assert need(aa=False, target_airborne=False, target_landing=True) == 6


def test_EP_16_34_troops_dropping_from_a_flyer_are_difficult_targets() -> None:
    mods = to_hit_modifiers(aa=False, target_airborne=False, dropping_troops=True)
    assert [m.rule for m in mods] == ["EP-16.34"]


def test_EPC_15_interception_fire_is_minus_1_except_aa() -> None:
    assert [
        m.value for m in to_hit_modifiers(aa=False, target_airborne=False, interception=True)
    ] == [1]
    assert to_hit_modifiers(aa=True, target_airborne=True, interception=True) == []


def test_EPC_26_aa_weapons_at_ground_targets() -> None:
    assert [m.value for m in to_hit_modifiers(aa=True, target_airborne=False)] == [2]
    assert to_hit_modifiers(aa=True, target_airborne=False, target_class=6) == []
    rules = resolve({"aa.groundPenalty": 0})
    assert to_hit_modifiers(aa=True, target_airborne=False, rules=rules) == []


def test_EPC_13_pa_worsens_armour_never_fixed() -> None:
    assert save_target(4, None, -1) == 5
    assert save_target(4, None, -3) is None
    assert save_target(None, 4, -3) == 4
    assert save_target(4, 6, -1) == 5
    assert save_target(4, 6, -3) == 6
    assert save_target(4, 6, -3, resolve({"save.dual": "twoRolls"})) is None
