"""Plane geometry for zone outlines: area, point in polygon, shared boundary length."""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]


def area(poly: Sequence[Point]) -> float:
    """The (unsigned) area of a simple polygon, by the shoelace formula."""
    total = 0.0
    for i, (x1, y1) in enumerate(poly):
        x2, y2 = poly[(i + 1) % len(poly)]
        total += x1 * y2 - x2 * y1
    return abs(total) / 2


def contains(poly: Sequence[Point], p: Point) -> bool:
    """True when `p` is strictly inside the polygon (even-odd ray casting)."""
    x, y = p
    inside = False
    for i, (x1, y1) in enumerate(poly):
        x2, y2 = poly[(i + 1) % len(poly)]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def inside_rect(p: Point, rect: tuple[float, float, float, float]) -> bool:
    """`rect` is (x, y, width, height); its border counts as inside."""
    x, y, w, h = rect
    return x <= p[0] <= x + w and y <= p[1] <= y + h


def _segments(poly: Sequence[Point]) -> list[tuple[Point, Point]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def _overlap(s: tuple[Point, Point], t: tuple[Point, Point]) -> float:
    """Length shared by two segments lying on one line (0 when not collinear)."""
    (ax, ay), (bx, by) = s
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return 0.0
    for px, py in t:
        if abs(dx * (py - ay) - dy * (px - ax)) > 1e-9 * length2:
            return 0.0
    u = sorted(((px - ax) * dx + (py - ay) * dy) / length2 for px, py in t)
    shared = min(1.0, u[1]) - max(0.0, u[0])
    return max(0.0, shared) * math.sqrt(length2)


def shared_boundary(a: Sequence[Point], b: Sequence[Point]) -> float:
    """Total length of outline the two polygons have in common (> 0: they touch)."""
    return sum(_overlap(s, t) for s in _segments(a) for t in _segments(b))


def centroid(poly: Sequence[Point]) -> Point:
    """The centre of mass of a simple polygon (for directions: north, south-west, …)."""
    cx = cy = signed = 0.0
    for i, (x1, y1) in enumerate(poly):
        x2, y2 = poly[(i + 1) % len(poly)]
        cross = x1 * y2 - x2 * y1
        signed += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return (cx / (3 * signed), cy / (3 * signed))
