"""Unit abilities as pure rules: Elite pool, Demolisher, Bound Character, Psyker, HQ,
Command Unit, Interceptor and Flyer."""

from __future__ import annotations

from fractions import Fraction

from arbitre.games.epic.abilities import (
    EliteSource,
    bound_abilities,
    command_unit_order,
    demolisher_loss,
    elite_pool,
    ethereal_location,
    hq_sacrifice_candidates,
    in_interception_zone,
    interception_move,
    interception_pairs,
    landed_class,
    may_assault,
    may_end_at,
    may_regenerate,
    one_altitude,
    power_allowed,
    power_rerolls_ones,
    rerolls_ones,
)
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.config import resolve
from arbitre.games.epic.geometry import Point

U = CATALOG.units


def test_EP_4_4_and_AMB_EP_4_a_elite_pool_per_detachment() -> None:
    sources = [EliteSource(2, 4), EliteSource(None, 6)]
    assert elite_pool(sources) == 2
    assert elite_pool(sources, resolve({"elite.pool": "perStand"})) == 8
    assert elite_pool(sources, resolve({"elite.pool": "onePerDetachment"})) == 1


def test_EP_10_12_bound_character_elite_adds_to_the_pool() -> None:
    assert elite_pool([EliteSource(2, 4, bound=(1,))]) == 3
    assert elite_pool([EliteSource(None, 6, bound=(1,))]) == 1


def test_EP_5_1_and_EP_5_2_demolisher_building_save_at_pa_x() -> None:
    assert demolisher_loss(4, 0) == Fraction(1, 2)
    assert demolisher_loss(4, 2) == Fraction(5, 6)
    assert demolisher_loss(4, 3) == 1


def test_EP_10_3_and_EP_10_6_bound_character_abilities() -> None:
    got = bound_abilities(U["capitaine"], U["tactiques"])
    assert "hq" in got and "infiltration" in got
    assert "infiltration" not in bound_abilities(U["capitaine"], U["terminators"])


def test_EP_11_6_powers_and_orders() -> None:
    assert power_allowed("movement", None, "ethereal") == (True, "EP-11.6")
    assert power_allowed("combat", "avance", "physical")[0]
    assert not power_allowed("combat", "charge", "physical")[0]


def test_EP_11_10_and_EP_11_15_interception_and_rerolls_by_power_kind() -> None:
    assert power_allowed("movement", "tir_appuye", "physical", interception=True) == (
        True,
        "EP-11.10",
    )
    assert power_allowed("movement", "tir_appuye", "ethereal", interception=True) == (
        False,
        "EP-11.15",
    )
    assert power_rerolls_ones("physical", "tir_appuye")
    assert not power_rerolls_ones("ethereal", "tir_appuye")


def test_EP_11_13_and_EP_11_14_ethereal_damage() -> None:
    assert not may_regenerate(lost_to_ethereal=True)
    assert may_regenerate(lost_to_ethereal=False)
    assert ethereal_location() in CATALOG.sheets["titan_moyen"].front


def test_EP_12_3_and_EX_EP_7_hq_sacrifice_same_class_within_6cm() -> None:
    friends = [("a", Point(4, 0), 1), ("b", Point(8, 0), 1), ("c", Point(3, 0), 3)]
    assert hq_sacrifice_candidates(Point(0, 0), 1, friends, in_assault=False) == ["a"]


def test_EP_12_4_no_hq_sacrifice_in_assault() -> None:
    assert hq_sacrifice_candidates(Point(0, 0), 1, [("a", Point(4, 0), 1)], True) == []


def test_EP_15_2_and_EX_EP_8_command_unit_orders() -> None:
    assert command_unit_order("charge") == ("avance", True)
    order, revealed = command_unit_order("avance")
    assert order == "tir_appuye" and not rerolls_ones(order, revealed)  # EP-15.3
    assert command_unit_order("retraite") == ("retraite", False)
    assert rerolls_ones("tir_appuye", revealed=False)


def test_EP_16_13_only_transport_flyers_land() -> None:
    assert may_end_at(U["thunderhawk"], "ground")[0]
    assert may_end_at(U["thunderbolt"], "ground") == (False, "EP-16.13")
    assert may_end_at(U["thunderbolt"], "high")[0]


def test_EP_16_19_landed_class() -> None:
    assert landed_class(U["thunderhawk"]) == 4
    assert landed_class(U["thunderbolt"]) == 3


def test_EP_16_30_only_flyers_assault_airborne_flyers() -> None:
    assert may_assault(U["terminators"], "low") == (False, "EP-16.20")
    assert may_assault(U["terminators"], "high") == (False, "EP-16.25")
    assert may_assault(U["hell_blade"], "high")[0]
    assert may_assault(U["terminators"], "ground") == (True, "EP-16.29")


def test_EP_16_16_one_altitude_per_detachment() -> None:
    assert one_altitude(["low", "low"])
    assert not one_altitude(["low", "high"])


def test_EP_8_5_EP_8_6_and_EX_EP_9_interception_zone() -> None:
    assert interception_move(40) == 20
    zone = [Point(0, 0), Point(30, 0)]
    assert in_interception_zone(zone, Point(0, 25))
    assert not in_interception_zone(zone, Point(15, 25))


def test_EP_8_12_to_EP_8_14_interceptors_pair_with_targets() -> None:
    assert interception_pairs(2, 3) == (2, 1, 0)
    assert interception_pairs(3, 1) == (1, 0, 2)
