"""Epic tables as game data (issue 16): size, terrain pieces (circles, rectangles turned
by an angle), Structure Points of buildings (EP-5), deployment zones, objectives
(research §3.1, §3.9, §3.10).

A table file is TOML (docs/epic.md "Tables"):

    name_fr = "..." ; name_en = "..."
    width = 180.0 ; height = 120.0           # cm, 60..400 (TABLE-1)
    source = "..."                           # provenance, "ours" when nobody else's
    [[areas]]  kind = "forest" ; x = .. ; y = .. ; radius = ..          # circle
    [[areas]]  kind = "ruins" ; x0 = .. ; y0 = .. ; x1 = .. ; y1 = .. ; angle = 0.0
    [[deployment]] side = 0 ; x0 = .. ; y0 = .. ; x1 = .. ; y1 = ..      # per side, 1..8
    [[objectives]] x = .. ; y = ..

`parse_table` checks every field (rules TABLE-1..TABLE-7 below) and raises TableError,
a ValueError whose text names the field and the rule (and carries a bilingual Msg).
A Table is immutable and shared by every clone of a game's state.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from arbitre.engine.i18n import Msg, translate
from arbitre.games.epic import messages_tables  # noqa: F401  (epic.table.* texts)
from arbitre.games.epic.geometry import EPS, TERRAIN, Area, Point, remember

KIND = "epic.table"  # the library's resource kind
DEFAULT = "default"  # the built-in table's name
MAX_BYTES = 64 * 1024  # a table file (TABLE-7)
SIZE = (60.0, 400.0)  # TABLE-1: width and height, cm
MAX_AREAS = 200  # TABLE-2
RADIUS = (1.0, 60.0)  # TABLE-3: a circle's radius, cm
SIDE_MIN = 1.0  # TABLE-3: a rectangle's shortest side, cm
MAX_ZONES = 8  # TABLE-5: deployment rectangles per side
MAX_OBJECTIVES = 20  # TABLE-6
MAX_NAME = 60  # TABLE-7
MAX_SOURCE = 300
SIDES = 2


def _shown(v: Any) -> Any:
    """A number as a person writes it: 60, not 60.0."""
    if isinstance(v, float):
        return int(v) if v.is_integer() else round(v, 2)
    return v


class TableError(ValueError):
    """A refused table: `field` (e.g. "areas[2].radius"), `rule` (TABLE-n) and `msg`."""

    def __init__(self, field: str, rule: str, problem: str, **args: Any) -> None:
        self.field, self.rule = field, rule
        shown = {k: _shown(v) for k, v in args.items()}
        shown.update(field=field, rule_text=f"epic.table.rule.{rule}")
        self.msg = Msg(f"epic.table.err.{problem}", shown, rule)
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The refusal in `lang`, with the rule spelled out and its id."""
        return translate(self.msg, lang)


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle of the table (a deployment zone), in cm."""

    x0: float
    y0: float
    x1: float
    y1: float

    def contains(self, x: float, y: float) -> bool:
        return self.x0 - EPS <= x <= self.x1 + EPS and self.y0 - EPS <= y <= self.y1 + EPS

    def overlaps(self, o: Rect) -> bool:
        """A shared area (touching edges do not count)."""
        return min(self.x1, o.x1) - max(self.x0, o.x0) > EPS and (
            min(self.y1, o.y1) - max(self.y0, o.y0) > EPS
        )


@dataclass(frozen=True, slots=True)
class Table:
    """One table: its size in cm, pieces, Structure Points per piece (0: none), the
    deployment rectangles of each side and the objective markers."""

    width: float
    height: float
    areas: tuple[Area, ...]
    structure: tuple[int, ...]
    zones: tuple[tuple[Rect, ...], ...]
    objectives: tuple[Point, ...]
    name_fr: str = "Table"
    name_en: str = "Table"
    source: str = "ours"

    def __post_init__(self) -> None:
        remember(self.areas)  # geometry.impassable_to's per-class lists

    def name(self, lang: str) -> str:
        return self.name_fr if lang == "fr" else self.name_en

    def deployment(self, side: int) -> tuple[Rect, ...]:
        return self.zones[side]

    def contains_deploy(self, side: int, x: float, y: float) -> bool:
        """Whether (x, y) lies in one of `side`'s deployment zones."""
        return any(r.contains(x, y) for r in self.zones[side])

    def on_table(self, x: float, y: float) -> bool:
        return 0 <= x <= self.width and 0 <= y <= self.height

    def structure_points(self) -> dict[int, int]:
        """Piece index -> its Structure Points at the start (EP-5), buildings only."""
        return {i: sp for i, sp in enumerate(self.structure) if sp}


# --- reading ---------------------------------------------------------------------------

_TOP = {"name_fr", "name_en", "width", "height", "source", "areas", "deployment", "objectives"}
_CIRCLE = {"kind", "x", "y", "radius", "structure"}
_RECT = {"kind", "x0", "y0", "x1", "y1", "angle", "structure"}
_ZONE = {"side", "x0", "y0", "x1", "y1"}
_POINT = {"x", "y"}


def _table_of(raw: Any, field: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise TableError(field, "TABLE-7", "not_table")
    return raw


def _keys(raw: Mapping[str, Any], allowed: set[str], field: str) -> None:
    for key in raw:
        if key not in allowed:
            where = f"{field}.{key}" if field else key
            raise TableError(where, "TABLE-7", "unknown_key", keys=", ".join(sorted(allowed)))


def _number(raw: Mapping[str, Any], key: str, field: str, rule: str, default: Any = ...) -> float:
    where = f"{field}.{key}" if field else key
    if key not in raw:
        if default is ...:
            raise TableError(where, rule, "missing")
        return float(default)
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise TableError(where, rule, "not_number", value=repr(value)[:40])
    return float(value)


def _list(raw: Mapping[str, Any], key: str, most: int, rule: str) -> list[Any]:
    value = raw.get(key, [])
    if not isinstance(value, list):
        raise TableError(key, "TABLE-7", "not_list")
    if len(value) > most:
        raise TableError(key, rule, "too_many", count=len(value), max=most)
    return value


def _text(raw: Mapping[str, Any], key: str, most: int, default: str) -> str:
    value = raw.get(key, default)
    if not isinstance(value, str) or len(value) > most or not value.strip():
        raise TableError(key, "TABLE-7", "bad_text", max=most)
    if any(ord(c) < 32 for c in value):
        raise TableError(key, "TABLE-7", "bad_text", max=most)
    return value.strip()


def _inside(x: float, y: float, w: float, h: float) -> bool:
    return -EPS <= x <= w + EPS and -EPS <= y <= h + EPS


def _area(raw: Any, i: int, w: float, h: float) -> tuple[Area, int]:
    field = f"areas[{i}]"
    it = _table_of(raw, field)
    kind = it.get("kind")
    if not isinstance(kind, str) or kind not in TERRAIN:
        raise TableError(f"{field}.kind", "TABLE-2", "kind", kinds=", ".join(TERRAIN))
    if "radius" in it:
        _keys(it, _CIRCLE, field)
        x = _number(it, "x", field, "TABLE-3")
        y = _number(it, "y", field, "TABLE-3")
        r = _number(it, "radius", field, "TABLE-3")
        if not RADIUS[0] <= r <= RADIUS[1]:
            raise TableError(f"{field}.radius", "TABLE-3", "radius", lo=RADIUS[0], hi=RADIUS[1])
        if x - r < -EPS or y - r < -EPS or x + r > w + EPS or y + r > h + EPS:
            raise TableError(field, "TABLE-3", "outside", w=w, h=h)
        area = Area(kind, x, y, radius=r)
    else:
        _keys(it, _RECT, field)
        x0, y0 = _number(it, "x0", field, "TABLE-3"), _number(it, "y0", field, "TABLE-3")
        x1, y1 = _number(it, "x1", field, "TABLE-3"), _number(it, "y1", field, "TABLE-3")
        angle = _number(it, "angle", field, "TABLE-3", 0.0)
        if x1 - x0 < SIDE_MIN or y1 - y0 < SIDE_MIN:
            raise TableError(f"{field}.x1", "TABLE-3", "rect", min=SIDE_MIN)
        if not -360.0 <= angle <= 360.0:
            raise TableError(f"{field}.angle", "TABLE-3", "angle")
        area = Area(kind, x0, y0, x1, y1, angle=angle % 360.0 if angle else 0.0)
        corners = area.corners() if area.angle else (Point(x0, y0), Point(x1, y1))
        if not all(_inside(p.x, p.y, w, h) for p in corners):
            raise TableError(field, "TABLE-3", "outside", w=w, h=h)
    sp = TERRAIN[kind].structure
    if "structure" in it:
        value = it["structure"]
        ok = isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 20
        if not ok or TERRAIN[kind].structure <= 0:
            raise TableError(f"{field}.structure", "TABLE-4", "structure")
        sp = value
    return area, sp


def _zone(raw: Any, i: int, w: float, h: float) -> tuple[int, Rect]:
    field = f"deployment[{i}]"
    it = _table_of(raw, field)
    _keys(it, _ZONE, field)
    side = it.get("side")
    if side not in (0, 1) or isinstance(side, bool):
        raise TableError(f"{field}.side", "TABLE-5", "side")
    x0, y0 = _number(it, "x0", field, "TABLE-5"), _number(it, "y0", field, "TABLE-5")
    x1, y1 = _number(it, "x1", field, "TABLE-5"), _number(it, "y1", field, "TABLE-5")
    if x1 - x0 < SIDE_MIN or y1 - y0 < SIDE_MIN:
        raise TableError(f"{field}.x1", "TABLE-5", "rect", min=SIDE_MIN)
    if not (_inside(x0, y0, w, h) and _inside(x1, y1, w, h)):
        raise TableError(field, "TABLE-5", "outside", w=w, h=h)
    return int(side), Rect(x0, y0, x1, y1)


def table_from(raw: Mapping[str, Any]) -> Table:
    """A Table from parsed TOML, every field checked (TABLE-1..TABLE-7)."""
    _keys(raw, _TOP, "")
    w = _number(raw, "width", "", "TABLE-1", 180.0)
    h = _number(raw, "height", "", "TABLE-1", 120.0)
    for key, v in (("width", w), ("height", h)):
        if not SIZE[0] <= v <= SIZE[1]:
            raise TableError(key, "TABLE-1", "size", lo=SIZE[0], hi=SIZE[1])
    pieces = [_area(a, i, w, h) for i, a in enumerate(_list(raw, "areas", MAX_AREAS, "TABLE-2"))]
    zones: list[list[Rect]] = [[] for _ in range(SIDES)]
    listed = _list(raw, "deployment", MAX_ZONES * SIDES, "TABLE-5")
    for i, z in enumerate(listed):
        side, rect = _zone(z, i, w, h)
        if len(zones[side]) >= MAX_ZONES:
            raise TableError(f"deployment[{i}]", "TABLE-5", "zones", max=MAX_ZONES)
        other = zones[1 - side]
        if any(rect.overlaps(o) for o in other):
            raise TableError(f"deployment[{i}]", "TABLE-5", "overlap")
        zones[side].append(rect)
    if not listed:
        # a table without zones: the usual 30 cm strips along the long edges (ours)
        zones = [[Rect(0.0, 0.0, w, min(30.0, h / 3))], [Rect(0.0, h - min(30.0, h / 3), w, h)]]
    for side in range(SIDES):
        if not zones[side]:
            raise TableError("deployment", "TABLE-5", "no_zone", side=side)
    objectives = []
    for i, o in enumerate(_list(raw, "objectives", MAX_OBJECTIVES, "TABLE-6")):
        field = f"objectives[{i}]"
        it = _table_of(o, field)
        _keys(it, _POINT, field)
        x, y = _number(it, "x", field, "TABLE-6"), _number(it, "y", field, "TABLE-6")
        if not _inside(x, y, w, h):
            raise TableError(field, "TABLE-6", "outside", w=w, h=h)
        # research S1 (Preparing for Battle): never in terrain impassable to some base
        # (a lake, a structure)
        for j, (area, _sp) in enumerate(pieces):
            if TERRAIN[area.kind].impassable and area.contains(Point(x, y)):
                raise TableError(field, "TABLE-6", "in_terrain", piece=f"areas[{j}]")
        objectives.append(Point(x, y))
    return Table(
        width=w,
        height=h,
        areas=tuple(a for a, _ in pieces),
        structure=tuple(sp for _, sp in pieces),
        zones=tuple(tuple(z) for z in zones),
        objectives=tuple(objectives),
        name_fr=_text(raw, "name_fr", MAX_NAME, "Table sans nom"),
        name_en=_text(raw, "name_en", MAX_NAME, "Unnamed table"),
        source=_text(raw, "source", MAX_SOURCE, "ours"),
    )


@lru_cache(maxsize=64)
def parse_table(text: str) -> Table:
    """The table of a TOML text (cached: a game and its clones share one Table, so
    geometry's per-table lists stay warm). Raises TableError (a ValueError)."""
    if not isinstance(text, str) or len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise TableError("-", "TABLE-7", "too_big", max=MAX_BYTES // 1024)
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TableError("-", "TABLE-7", "toml", error=str(exc)[:200]) from None
    return table_from(raw)


def default_text() -> str:
    return resources.files("arbitre.games.epic").joinpath("data/table.toml").read_text("utf-8")


@lru_cache(maxsize=1)
def default_table() -> Table:
    """Today's table (data/table.toml): the reconstructed pieces and objectives, the
    deployment zones holding the starter armies' fixed rows (setup.py)."""
    return parse_table(default_text())


def load_table(name: str | None) -> Table:
    """A table by name: the built-in default, a library entry (installed or saved, a
    pinned `name@sha12` too), else (CLI, Python) a TOML file path. Raises TableError
    naming the option for an unknown name."""
    if name is None or name == DEFAULT:
        return default_table()
    from arbitre.engine import library
    from arbitre.games.epic import held

    held_text = held.text_of(KIND, name)  # a terminal game's table file (held.py)
    if held_text is not None:
        return parse_table(held_text)
    path: Path | None = None
    if KIND in library.KINDS:
        path = library.path_of(KIND, name)
    if path is None and name.endswith(".toml"):
        path = Path(name)
    if path is not None and path.is_file():
        text = held.file_text(path, MAX_BYTES)  # a run of many games reads it once
        if text is None:
            raise TableError("table", "TABLE-7", "too_big", max=MAX_BYTES // 1024)
        return parse_table(text)
    raise TableError("table", "TABLE-0", "unknown", name=name[:60])


def labels(text: str) -> dict[str, str]:
    """The library's validator: the display names of a table file, or TableError."""
    table = parse_table(text)
    return {"fr": table.name_fr, "en": table.name_en}


# --- writing ---------------------------------------------------------------------------


def _num(v: float) -> str:
    return repr(round(float(v), 3))


def _str(v: str) -> str:
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_toml(table: Table) -> str:
    """The table as a file `parse_table` reads back equal (the editor's download)."""
    out = [
        f"name_fr = {_str(table.name_fr)}",
        f"name_en = {_str(table.name_en)}",
        f"source = {_str(table.source)}",
        f"width = {_num(table.width)}",
        f"height = {_num(table.height)}",
    ]
    for a, sp in zip(table.areas, table.structure, strict=True):
        out += ["", "[[areas]]", f"kind = {_str(a.kind)}"]
        if a.radius > 0:
            out += [f"x = {_num(a.x0)}", f"y = {_num(a.y0)}", f"radius = {_num(a.radius)}"]
        else:
            out += [f"x0 = {_num(a.x0)}", f"y0 = {_num(a.y0)}"]
            out += [f"x1 = {_num(a.x1)}", f"y1 = {_num(a.y1)}"]
            if a.angle:
                out.append(f"angle = {_num(a.angle)}")
        if sp and sp != TERRAIN[a.kind].structure:
            out.append(f"structure = {sp}")
    for side, rects in enumerate(table.zones):
        for r in rects:
            out += ["", "[[deployment]]", f"side = {side}"]
            out += [f"x0 = {_num(r.x0)}", f"y0 = {_num(r.y0)}"]
            out += [f"x1 = {_num(r.x1)}", f"y1 = {_num(r.y1)}"]
    for p in table.objectives:
        out += ["", "[[objectives]]", f"x = {_num(p.x)}", f"y = {_num(p.y)}"]
    return "\n".join(out) + "\n"


def to_json(table: Table) -> dict[str, Any]:
    """The table as plain JSON (the page's board and editor)."""
    pieces = []
    for i, (a, sp) in enumerate(zip(table.areas, table.structure, strict=True)):
        piece: dict[str, Any] = {"id": i, "kind": a.kind, "x0": a.x0, "y0": a.y0}
        if a.radius > 0:
            piece["radius"] = a.radius
        else:
            piece.update({"x1": a.x1, "y1": a.y1, "angle": a.angle})
        if sp:
            piece["structure"] = sp
        pieces.append(piece)
    return {
        "name": {"fr": table.name_fr, "en": table.name_en},
        "source": table.source,
        "w": table.width,
        "h": table.height,
        "terrain": pieces,
        "zones": [
            {"side": side, "x0": r.x0, "y0": r.y0, "x1": r.x1, "y1": r.y1}
            for side, rects in enumerate(table.zones)
            for r in rects
        ],
        "objectives": [{"x": p.x, "y": p.y} for p in table.objectives],
    }


def _register() -> None:
    """The library's validator and built-in table for kind `epic.table` (issue 16)."""
    from arbitre.engine import library

    if KIND not in library.KINDS:
        return
    register = getattr(library, "register_validator", None)
    if register is not None:
        register(KIND, labels)
    builtins = getattr(library, "register_builtins", None)
    if builtins is not None:
        builtins(KIND, lambda: [DEFAULT], lambda _name: default_text())


_register()
