"""The table in centimetres: stands as points, distances, coherency, zones of control,
terrain (EPC-5, EPC-7, EPC-11, EPC-30). Pure functions, no state.
"""

from __future__ import annotations

import math
import threading
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, NamedTuple

from arbitre.games.epic.catalog import DataError, _Item
from arbitre.games.epic.config import DEFAULT_RULES, Rules

EPS = 1e-9
# research §3.2 (v3): ZdC 7.5 cm diameter around Class 1-4, 12 cm around Class 5+.
ZOC_RADIUS_SMALL = 3.75
ZOC_RADIUS_BIG = 6.0


class Point(NamedTuple):
    """A point of the table in cm. A NamedTuple, not a frozen dataclass: games build
    hundreds of thousands of them (issue 14), and a tuple is made several times faster."""

    x: float
    y: float

    def to(self, other: Point) -> float:
        """Centre-to-centre distance in cm."""
        return math.hypot(other.x - self.x, other.y - self.y)


def distance(a: Point, b: Point, rules: Rules = DEFAULT_RULES) -> float:
    """EPC-30: centre to centre by default; `measure.from=edge` subtracts both radii."""
    d = a.to(b)
    if rules.measure_edge:
        return max(0.0, d - 2 * rules.base_radius)
    return d


def within(a: Point, b: Point, cm: float, rules: Rules = DEFAULT_RULES) -> bool:
    return distance(a, b, rules) <= cm + EPS


def coherent(stands: Sequence[Point], rules: Rules = DEFAULT_RULES) -> bool:
    """EPC-5: every stand within `coherency.cm` of another, all in one chain.

    Asked for every candidate move (issue 14): one search from the first stand, with
    `within`'s arithmetic inlined (same floats, same answer as `coherency_groups`)."""
    n = len(stands)
    if n <= 1:
        return True
    edge = 2 * rules.base_radius if rules.measure_edge else None
    limit = rules.coherency + EPS
    hypot = math.hypot
    seen = [False] * n
    seen[0] = True
    todo = [0]
    reached = 1
    while todo:
        a = stands[todo.pop()]
        for j in range(n):
            if seen[j]:
                continue
            b = stands[j]
            d = hypot(b.x - a.x, b.y - a.y)
            if edge is not None:
                d = max(0.0, d - edge)
            if d <= limit:
                seen[j] = True
                reached += 1
                todo.append(j)
    return reached == n


def coherency_groups(stands: Sequence[Point], rules: Rules = DEFAULT_RULES) -> list[list[int]]:
    """The chains of stands (indices) linked by the coherency distance (EPC-5)."""
    seen: set[int] = set()
    groups: list[list[int]] = []
    for start in range(len(stands)):
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            i = todo.pop()
            group.append(i)
            for j in range(len(stands)):
                if j not in seen and within(stands[i], stands[j], rules.coherency, rules):
                    seen.add(j)
                    todo.append(j)
        groups.append(sorted(group))
    return groups


def zoc_radius(cls: int) -> float:
    """EPC-7 (research §3.2): radius of a stand's zone of control by blocking class."""
    return ZOC_RADIUS_BIG if cls >= 5 else ZOC_RADIUS_SMALL


def in_zoc(p: Point, owner: Point, owner_cls: int) -> bool:
    """Strictly inside the zone (touching its rim is not entering)."""
    return p.to(owner) < zoc_radius(owner_cls) - EPS


def may_cross_zoc(mover_cls: int, owner_cls: int) -> bool:
    """research §3.2: a stand may only cross an enemy ZdC if it is of higher class."""
    return mover_cls > owner_cls


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """Shortest distance from `p` to the segment a-b."""
    # issue 14: asked for every shooter and mover of every move; the arithmetic of
    # `p.to(Point(...))` and of max(0.0, min(1.0, v)) written out (same floats, no Point)
    ax, ay, px, py = a[0], a[1], p[0], p[1]
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return math.hypot(ax - px, ay - py)
    v = ((px - ax) * dx + (py - ay) * dy) / length2
    t = v if v < 1.0 else 1.0  # min(1.0, v)
    t = t if t > 0.0 else 0.0  # max(0.0, t)
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


def path_enters_zoc(a: Point, b: Point, enemies: Iterable[tuple[Point, int]]) -> bool:
    """Whether moving a→b enters the ZoC of any enemy (point, class); a zone the stand
    starts in is ignored (research §3.2)."""
    lo_x, hi_x = (a.x, b.x) if a.x <= b.x else (b.x, a.x)
    lo_y, hi_y = (a.y, b.y) if a.y <= b.y else (b.y, a.y)
    for pos, cls in enemies:
        r = ZOC_RADIUS_BIG if cls >= 5 else ZOC_RADIUS_SMALL
        if pos.x < lo_x - r or pos.x > hi_x + r or pos.y < lo_y - r or pos.y > hi_y + r:
            continue  # issue 14: farther than r from the path's box, so from the path
        if in_zoc(a, pos, cls):
            continue
        if segment_distance(pos, a, b) < zoc_radius(cls) - EPS:
            return True
    return False


# --- terrain ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TerrainKind:
    id: str
    name_fr: str
    name_en: str
    cover: int
    impassable: frozenset[int]
    difficult: frozenset[int]
    landing: bool
    structure: int
    save: int
    source: str
    blocks_los: bool = False


@dataclass(frozen=True, slots=True)
class Area:
    """A terrain piece: a circle (`radius` > 0) or a rectangle x0..x1 × y0..y1, turned by
    `angle` degrees about its centre (0: axis-aligned; tables, TABLE-3)."""

    kind: str
    x0: float
    y0: float
    x1: float = 0.0
    y1: float = 0.0
    radius: float = 0.0
    angle: float = 0.0

    def _local(self, p: Point) -> Point:
        """`p` in the rectangle's own frame (turned back by `angle` about the centre)."""
        cx, cy = (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2
        a = math.radians(self.angle)
        c, s = math.cos(a), math.sin(a)
        dx, dy = p.x - cx, p.y - cy
        return Point(cx + dx * c + dy * s, cy - dx * s + dy * c)

    def corners(self) -> tuple[Point, ...]:
        """A rectangle's four corners on the table (turned by `angle`)."""
        cx, cy = (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2
        a = math.radians(self.angle)
        c, s = math.cos(a), math.sin(a)
        out = []
        for x, y in (
            (self.x0, self.y0),
            (self.x1, self.y0),
            (self.x1, self.y1),
            (self.x0, self.y1),
        ):
            dx, dy = x - cx, y - cy
            out.append(Point(cx + dx * c - dy * s, cy + dx * s + dy * c))
        return tuple(out)

    def contains(self, p: Point) -> bool:
        if self.radius > 0:
            return p.to(tuple.__new__(Point, (self.x0, self.y0))) <= self.radius + EPS
        if self.angle:
            p = self._local(p)
        return self.x0 - EPS <= p.x <= self.x1 + EPS and self.y0 - EPS <= p.y <= self.y1 + EPS

    def crossed_by(self, a: Point, b: Point) -> bool:
        """Whether the segment a-b touches the area (exact: Liang-Barsky clipping; a
        turned rectangle clips the segment turned back into its frame)."""
        if self.angle and self.radius <= 0:
            return self._clips(self._local(a), self._local(b))
        # issue 14: most segments pass far from most pieces; their boxes tell at once
        margin = self.radius + EPS
        if self.radius > 0:
            lo_x, hi_x, lo_y, hi_y = self.x0, self.x0, self.y0, self.y0
        else:
            lo_x, hi_x, lo_y, hi_y = self.x0, self.x1, self.y0, self.y1
        if (
            (a.x < lo_x - margin and b.x < lo_x - margin)
            or (a.x > hi_x + margin and b.x > hi_x + margin)
            or (a.y < lo_y - margin and b.y < lo_y - margin)
            or (a.y > hi_y + margin and b.y > hi_y + margin)
        ):
            return False
        if self.radius > 0:
            return segment_distance(Point(self.x0, self.y0), a, b) <= self.radius + EPS
        return self._clips(a, b)

    def _clips(self, a: Point, b: Point) -> bool:
        t0, t1 = 0.0, 1.0
        dx, dy = b.x - a.x, b.y - a.y
        for p, q in (
            (-dx, a.x - self.x0 + EPS),
            (dx, self.x1 - a.x + EPS),
            (-dy, a.y - self.y0 + EPS),
            (dy, self.y1 - a.y + EPS),
        ):
            if p == 0:
                if q < 0:
                    return False
                continue
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1:
                return False
        return True

    @property
    def centre(self) -> Point:
        if self.radius > 0:
            return Point(self.x0, self.y0)
        return Point((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    def distance_to(self, p: Point) -> float:
        """From `p` to the nearest point of the area (0 inside)."""
        if self.radius > 0:
            return max(0.0, p.to(Point(self.x0, self.y0)) - self.radius)
        if self.angle:
            p = self._local(p)
        dx = max(self.x0 - p.x, 0.0, p.x - self.x1)
        dy = max(self.y0 - p.y, 0.0, p.y - self.y1)
        return math.hypot(dx, dy)


def load_terrain(text: str, file: str = "terrain.toml") -> dict[str, TerrainKind]:
    out = {}
    for tid, raw in tomllib.loads(text).items():
        it = _Item(file, tid, raw)
        classes: dict[str, frozenset[int]] = {}
        for field in ("impassable", "difficult"):
            values: list[Any] = it.get(field, list)
            if not all(isinstance(c, int) and 1 <= c <= 7 for c in values):
                raise DataError(file, tid, field, "expected classes 1..7")
            classes[field] = frozenset(values)
        out[tid] = TerrainKind(
            id=tid,
            name_fr=it.get("name_fr", str),
            name_en=it.get("name_en", str),
            cover=it.int_in("cover", 0, 6),
            impassable=classes["impassable"],
            difficult=classes["difficult"],
            landing=it.get("landing", bool),
            structure=it.int_in("structure", 0, 20, 0),
            save=it.int_in("save", 0, 6, 0),
            source=it.source(),
            blocks_los=it.get("blocks_los", bool, False),
        )
    return out


TERRAIN: dict[str, TerrainKind] = load_terrain(
    resources.files("arbitre.games.epic").joinpath("data/terrain.toml").read_text("utf-8")
)


def __getattr__(name: str) -> Any:
    """`LAYOUT`: the default table's pieces (tables.default_table), kept for older
    callers; a game reads its own table (`EpicState.table`)."""
    if name == "LAYOUT":
        from arbitre.games.epic.tables import default_table

        return default_table().areas
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def line_of_sight(a: Point, b: Point, areas: Iterable[Area], raised: bool = False) -> bool:
    """EPC-14 (ours, after research §3.6/3.10): a piece that blocks line of sight stops it
    when the line crosses it and neither end stands inside it; `raised` (an airborne
    Flyer, EP-16.23/16.26 at 20/40 cm, or a class 5+ titan) sees over every piece."""
    if raised:
        return True
    for ar in areas:
        blocks = TERRAIN[ar.kind].blocks_los and not ar.contains(a) and not ar.contains(b)
        if blocks and ar.crossed_by(a, b):
            return False
    return True


def terrain_at(p: Point, areas: Iterable[Area]) -> list[TerrainKind]:
    return [TERRAIN[a.kind] for a in areas if a.contains(p)]


def cover_save(p: Point, areas: Iterable[Area]) -> int | None:
    """The best fixed cover save where the stand stands (research §3.6), None if none."""
    covers = [t.cover for t in terrain_at(p, areas) if t.cover]
    return min(covers) if covers else None


def path_blocked(a: Point, b: Point, cls: int, areas: Sequence[Area], airborne: bool) -> bool:
    """EPC-11: impassable terrain stops ground stands of the classes it names; Flyers at
    Low or High altitude fly over everything (EP-16.24, EP-16.25)."""
    if airborne:
        return False
    for ar in impassable_to(cls, areas):  # noqa: SIM110 (a loop, no generator: eighth round)
        if ar.crossed_by(a, b):
            return True
    return False


def touch_box(ar: Area) -> tuple[float, float, float, float]:
    """An axis-aligned box (x0, x1, y0, y1) holding every point at which `ar.crossed_by`
    may count a segment as touching the piece: the circle's or the (turned) rectangle's
    bounding box, widened by 1e-6, far more than the EPS (and float noise of a turn) the
    exact test allows. A segment lying wholly outside this box does not cross the piece
    (issue 14: most moves pass far from most impassable pieces)."""
    if ar.radius > 0:
        r = ar.radius
        x0, x1, y0, y1 = ar.x0 - r, ar.x0 + r, ar.y0 - r, ar.y0 + r
    elif ar.angle:
        pts = ar.corners()
        x0, x1 = min(q.x for q in pts), max(q.x for q in pts)
        y0, y1 = min(q.y for q in pts), max(q.y for q in pts)
    else:
        x0, x1, y0, y1 = ar.x0, ar.x1, ar.y0, ar.y1
    m = 1e-6
    return x0 - m, x1 + m, y0 - m, y1 + m


def touch_box_of(ar: Area) -> tuple[float, float, float, float]:
    """`touch_box`, kept per piece (a table's pieces are shared by its clones; the piece
    is kept beside its box, so an id is never reused while the entry lives)."""
    got = _BOXES.get(id(ar))
    if got is not None and got[0] is ar:
        return got[1]
    box = touch_box(ar)
    if len(_BOXES) >= 1024:  # bounded: a ruined building is a new piece each time
        _BOXES.clear()
    _BOXES[id(ar)] = (ar, box)
    return box


_BOXES: dict[int, tuple[Area, tuple[float, float, float, float]]] = {}


def impassable_to(cls: int, areas: Sequence[Area]) -> tuple[Area, ...]:
    """The pieces that stop ground stands of class `cls` (EPC-11); for a table's own
    pieces (`remember`) listed once per class (issue 14: asked for every stand of every
    move)."""
    known = _STOPS.get(id(areas))
    if known is not None and known[0] is areas:
        stops = known[1].get(cls)
        if stops is None:
            stops = known[1][cls] = tuple(ar for ar in areas if cls in TERRAIN[ar.kind].impassable)
        return stops
    return tuple(ar for ar in areas if cls in TERRAIN[ar.kind].impassable)


def remember(areas: tuple[Area, ...]) -> None:
    """Keep `impassable_to`'s lists for this tuple of pieces (a table's, shared by every
    clone of a game). The tuple itself is kept with them, so its id is never reused while
    the entry lives; the oldest tables are forgotten past a few dozen."""
    with _STOPS_LOCK:  # games run in several server threads
        if id(areas) in _STOPS and _STOPS[id(areas)][0] is areas:
            return
        if len(_STOPS) >= 64:
            del _STOPS[next(iter(_STOPS))]
        _STOPS[id(areas)] = (areas, {})


_STOPS_LOCK = threading.Lock()
# id(pieces) -> (the pieces, class -> the pieces impassable to it)
_STOPS: dict[int, tuple[tuple[Area, ...], dict[int, tuple[Area, ...]]]] = {}


def may_land(p: Point, areas: Iterable[Area]) -> bool:
    """EP-16.18: no landing in a forest, on a building, in water or on impassable terrain."""
    return all(t.landing for t in terrain_at(p, areas))
