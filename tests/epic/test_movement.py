"""Move allowances and special moves (EP-2, EP-7, EP-16 movement, EPC-9)."""

from __future__ import annotations

from arbitre.games.epic.config import resolve
from arbitre.games.epic.geometry import Area, Point
from arbitre.games.epic.movement import (
    Mover,
    breakthrough_allowance,
    breakthrough_eligible,
    candidate_points,
    check_special_move,
    infiltration_allowance,
    move_allowance,
)


def test_EP_7_3_class_1_infiltrates_twice_its_move() -> None:
    assert infiltration_allowance(1, 15) == 30


def test_EP_7_4_class_2_or_more_infiltrates_one_move() -> None:
    assert infiltration_allowance(2, 15) == 15
    assert infiltration_allowance(3, 20) == 20


def test_EX_EP_1_infiltration_stops_before_enemy_zoc() -> None:
    mover = Mover(Point(0, 0), 1, enemies=((Point(40, 0), 1),))
    allowance = infiltration_allowance(1, 15)
    assert check_special_move(mover, Point(30, 0), allowance, rule="EP-7.3") is None
    refused = check_special_move(mover, Point(30, 0), 25, rule="EP-7.3")
    assert refused is not None and refused.rule == "EP-7.3"
    mover = Mover(Point(0, 0), 1, enemies=((Point(32, 0), 1),))
    refused = check_special_move(mover, Point(30, 0), allowance, rule="EP-7.3")
    assert refused is not None and refused.rule == "EP-7.5"


def test_EP_2_3_breakthrough_distance_by_class() -> None:
    assert breakthrough_allowance(1) == 5
    assert breakthrough_allowance(2) == 10


def test_AMB_EP_6_classes_3_and_more_do_not_break_through_by_default() -> None:
    assert breakthrough_allowance(3) == 0
    assert breakthrough_allowance(4, resolve({"breakthrough.bigClasses": "likeClass2"})) == 10


def test_EP_2_1_and_EX_EP_2_only_stands_that_won_all_their_assaults() -> None:
    assert breakthrough_eligible([True, True])
    assert breakthrough_eligible([True])
    assert not breakthrough_eligible([True, False])
    assert not breakthrough_eligible([])


def test_EP_2_4_breakthrough_may_not_contact_a_stand() -> None:
    mover = Mover(Point(0, 0), 1, others=(Point(5, 0.5),))
    refused = check_special_move(mover, Point(5, 0), 5, rule="EP-2.3")
    assert refused is not None and refused.rule == "EP-2.4"


def test_EP_2_5_breakthrough_may_not_enter_enemy_zoc() -> None:
    mover = Mover(Point(0, 0), 2, enemies=((Point(12, 0), 1),))
    refused = check_special_move(mover, Point(10, 0), 10, rule="EP-2.3")
    assert refused is not None and refused.rule == "EP-2.5"


def test_EP_2_6_breakthrough_keeps_coherency() -> None:
    mover = Mover(Point(50, 50), 1, mates=(Point(45, 50),))
    refused = check_special_move(mover, Point(55, 50), 5, rule="EP-2.3")
    assert refused is not None and refused.rule == "EP-2.6"
    assert check_special_move(mover, Point(47, 54), 5, rule="EP-2.3") is None


def test_AMB_EP_6_exact_breakthrough_is_an_option() -> None:
    mover = Mover(Point(50, 50), 1)
    assert check_special_move(mover, Point(52, 50), 5, rule="EP-2.3") is None
    assert check_special_move(mover, Point(52, 50), 5, rule="EP-2.3", exact=True) is not None


def test_AMB_EP_7_special_moves_obey_terrain_and_table() -> None:
    mover = Mover(Point(2, 2), 1)
    off = check_special_move(mover, Point(-3, 2), 10, rule="EP-7.3")
    assert off is not None and off.rule == "AMB-EP-7d"
    wall = [Area("impassable", 4, 0, 5, 10)]
    blocked = check_special_move(mover, Point(8, 2), 10, wall, rule="EP-7.3")
    assert blocked is not None and blocked.rule == "EPC-11"


def test_EP_16_32_flyers_move_at_least_half_and_are_never_doubled() -> None:
    assert move_allowance("avance", 40, flyer=True) == (20, 40, "EP-16.32")
    assert move_allowance("charge", 40, flyer=True)[1] == 40  # EP-16.8


def test_EP_16_9_flyer_retreat_is_not_doubled() -> None:
    assert move_allowance("retraite", 40, flyer=True)[1] == 40


def test_EP_16_10_flyer_without_order_makes_its_minimum_move() -> None:
    assert move_allowance(None, 40, flyer=True) == (20, 20, "EP-16.10")


def test_AMB_EP_17_ground_charge_and_retreat_are_doubled() -> None:
    assert move_allowance("charge", 10, flyer=False)[1] == 20
    assert move_allowance("retraite", 10, flyer=False)[1] == 20
    assert move_allowance("avance", 10, flyer=False)[1] == 10
    assert move_allowance("tir_appuye", 10, flyer=False)[1] == 0


def test_EPC_11_candidate_points_are_finite_and_within_reach() -> None:
    start = Point(50, 50)
    points = candidate_points(start, 10)
    assert len(points) == 17 and points[0] == start
    assert all(start.to(p) <= 10 + 1e-9 for p in points)
    mover = Mover(start, 1, enemies=((Point(60, 50), 1),))
    legal = [p for p in points if check_special_move(mover, p, 10, rule="EP-7.3") is None]
    assert start in legal and Point(60, 50) not in legal
    assert candidate_points(start, 0) == [start]
