"""The table in centimetres: distances, coherency, zones of control, terrain."""

from __future__ import annotations

import pytest

from arbitre.games.epic.config import resolve
from arbitre.games.epic.geometry import (
    Area,
    Point,
    coherency_groups,
    coherent,
    cover_save,
    distance,
    in_zoc,
    may_cross_zoc,
    may_land,
    path_blocked,
    path_enters_zoc,
    zoc_radius,
)


def test_EPC_30_distances_centre_to_centre_in_cm() -> None:
    assert distance(Point(0, 0), Point(3, 4)) == 5.0


def test_EPC_30_edge_measurement_is_an_option() -> None:
    rules = resolve({"measure.from": "edge", "measure.baseRadius": 1.0})
    assert distance(Point(0, 0), Point(3, 4), rules) == 3.0
    assert distance(Point(0, 0), Point(1, 0), rules) == 0.0


def test_EPC_5_coherency_is_a_6cm_chain() -> None:
    line = [Point(0, 0), Point(6, 0), Point(12, 0)]
    assert coherent(line)  # each within 6 cm of the next, though the ends are 12 apart
    assert not coherent([Point(0, 0), Point(6.1, 0)])
    assert coherency_groups([Point(0, 0), Point(20, 0), Point(5, 0)]) == [[0, 2], [1]]


def test_EPC_5_coherency_distance_is_configurable() -> None:
    assert coherent([Point(0, 0), Point(8, 0)], resolve({"coherency.cm": 8}))


def test_EPC_7_zone_of_control_by_class() -> None:
    assert zoc_radius(1) == zoc_radius(4) == 3.75
    assert zoc_radius(5) == zoc_radius(7) == 6.0
    assert in_zoc(Point(3, 0), Point(0, 0), 1)
    assert not in_zoc(Point(3.75, 0), Point(0, 0), 1)  # the rim is not inside
    assert in_zoc(Point(5, 0), Point(0, 0), 6)


def test_EPC_6_only_a_higher_class_crosses_a_zone_of_control() -> None:
    assert may_cross_zoc(3, 1)
    assert not may_cross_zoc(1, 1)
    assert not may_cross_zoc(2, 3)


def test_EPC_7_a_path_through_a_zone_enters_it_but_not_one_it_starts_in() -> None:
    enemy = [(Point(10, 0), 1)]
    assert path_enters_zoc(Point(0, 0), Point(20, 0), enemy)
    assert not path_enters_zoc(Point(0, 5), Point(20, 5), enemy)
    assert not path_enters_zoc(Point(8, 0), Point(0, 0), enemy)  # starts inside


def test_EPC_11_impassable_terrain_blocks_ground_but_not_airborne() -> None:
    lake = [Area("water", 5, -5, 10, 5)]
    assert path_blocked(Point(0, 0), Point(20, 0), 1, lake, airborne=False)
    assert not path_blocked(Point(0, 10), Point(20, 10), 1, lake, airborne=False)


def test_EP_16_24_airborne_flyers_ignore_terrain() -> None:
    wall = [Area("impassable", 5, -5, 10, 5)]
    assert not path_blocked(Point(0, 0), Point(20, 0), 3, wall, airborne=True)


def test_EPC_11_a_building_stops_vehicles_not_infantry() -> None:
    house = [Area("building", 10, 0, radius=3)]
    assert path_blocked(Point(0, 0), Point(20, 0), 3, house, airborne=False)
    assert not path_blocked(Point(0, 0), Point(20, 0), 1, house, airborne=False)


def test_EPC_13_cover_is_the_best_terrain_save_under_the_stand() -> None:
    areas = [Area("forest", 0, 0, 10, 10), Area("building", 5, 5, radius=2)]
    assert cover_save(Point(1, 1), areas) == 5
    assert cover_save(Point(5, 5), areas) == 4
    assert cover_save(Point(50, 50), areas) is None


@pytest.mark.parametrize(
    ("kind", "ok"),
    [
        ("forest", False),
        ("building", False),
        ("water", False),
        ("impassable", False),
        ("ruins", True),
    ],
)
def test_EP_16_18_where_a_flyer_may_land(kind: str, ok: bool) -> None:
    assert may_land(Point(1, 1), [Area(kind, 0, 0, 5, 5)]) is ok
    assert may_land(Point(20, 20), [Area(kind, 0, 0, 5, 5)])
