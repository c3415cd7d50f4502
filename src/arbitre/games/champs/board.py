"""Battlefields as data and the grid geometry (AMB-CB-1, AMB-CB-2, AMB-CB-6, CB-15).

Cells are ints `y * width + x`; a Geometry precomputes neighbours for one rule set.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from arbitre.engine import library
from arbitre.engine.i18n import Msg
from arbitre.engine.ruleset import ConfigError
from arbitre.games.champs import messages_battlefield  # noqa: F401  (config.champs.bf.*)
from arbitre.games.champs.troops import BY_ID

OBJECTIVES = ("reach_start_line", "annihilation")


@dataclass(frozen=True, slots=True)
class Battlefield:
    """A grid, its obstacles, both start lines, the recruitment deck and the objective."""

    id: str
    name_fr: str
    name_en: str
    provenance: str
    width: int
    height: int
    obstacles: frozenset[int]
    players_line: tuple[int, ...]
    mj_line: tuple[int, ...]
    deck: tuple[str, ...]
    objective: str
    rounds: int
    trap_tokens: int | None = None
    hold: int = 1  # MJ turns in a row the line must be held (reach_start_line)
    flyers_count: bool = True  # whether Air Soldiers on the line count for the objective
    labels: tuple[str, ...] = field(default=(), compare=False)
    cells_by_label: dict[str, int] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        labels = tuple(
            f"{c % self.width},{c // self.width}" for c in range(self.width * self.height)
        )
        object.__setattr__(self, "labels", labels)
        object.__setattr__(self, "cells_by_label", {lab: i for i, lab in enumerate(labels)})

    def cell(self, x: int, y: int) -> int:
        return y * self.width + x

    def xy(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width

    def label(self, cell: int) -> str:
        return self.labels[cell]

    def parse(self, text: str) -> int | None:
        return self.cells_by_label.get(text.replace(" ", ""))

    def name(self, lang: str) -> str:
        return self.name_fr if lang == "fr" else self.name_en


def _bad(text: str, key: str, rule: str | None = None, **args: Any) -> ConfigError:
    """A refusal of the battlefield, in English (`text`) and in both languages (`msg`)."""
    return ConfigError(text, Msg(f"config.champs.bf.{key}", args, rule))


def _line(where: Any, width: int, height: int, fname: str, key: str) -> tuple[int, ...]:
    rows = {"bottom": 0, "top": height - 1}
    if not isinstance(where, str) or where not in rows:
        raise _bad(
            f"{fname}: start line must be 'bottom' or 'top', got {where!r} (AMB-CB-1)",
            "line",
            "AMB-CB-1",
            file=fname,
            value=repr(where)[:40],
            field=key,
        )
    y = rows[where]
    return tuple(y * width + x for x in range(width))


MOST = 99  # the largest count, round or token number a battlefield file may give
MAX_NAME = 80  # characters of a battlefield's display name
# Every key a battlefield file may hold (battlefield_to_toml writes them all): any other
# is refused, never dropped silently (a misspelt `round = 20` would play 12 rounds). The
# only table below is [deck], whose keys are troop types (checked with AMB-CB-17).
FIELDS = (
    "name_fr",
    "name_en",
    "provenance",
    "width",
    "height",
    "obstacles",
    "players_line",
    "mj_line",
    "objective",
    "rounds",
    "hold",
    "flyers_count",
    "trap_tokens",
    "deck",
)


def _known_keys(raw: dict[str, Any], fname: str) -> None:
    """Refuse a key that is not a battlefield field, naming it (AMB-CB-1)."""
    for key in raw:
        if key not in FIELDS:
            shown = str(key)[:40]
            raise _bad(
                f"{fname}: unknown field {shown!r}; known fields: {', '.join(FIELDS)} (AMB-CB-1)",
                "unknown_key",
                "AMB-CB-1",
                file=fname,
                field=shown,
                known=", ".join(FIELDS),
            )


def _whole(value: Any, lo: int) -> bool:
    return type(value) is int and lo <= value <= MOST


def parse_battlefield(bid: str, raw: dict[str, Any], fname: str) -> Battlefield:
    """Validate one battlefield; errors name the file and the field."""

    def need(key: str, kind: type) -> Any:
        # bool is an int in Python: a width of `true` is no number
        if not isinstance(raw.get(key), kind) or isinstance(raw.get(key), bool):
            raise _bad(
                f"{fname}: field {key!r} missing or not a {kind.__name__} (AMB-CB-1)",
                f"field_{kind.__name__}",
                "AMB-CB-1",
                file=fname,
                field=key,
            )
        return raw[key]

    _known_keys(raw, fname)
    for key, longest in (("name_fr", MAX_NAME), ("name_en", MAX_NAME), ("provenance", 200)):
        if key in raw and not (isinstance(raw[key], str) and 0 < len(raw[key]) <= longest):
            raise _bad(
                f"{fname}: {key!r} must be a text of 1 to {longest} characters",
                "text",
                file=fname,
                field=key,
                most=longest,
            )
    width, height = need("width", int), need("height", int)
    if not (3 <= width <= 30 and 3 <= height <= 30):
        raise _bad(
            f"{fname}: width and height must be between 3 and 30 (AMB-CB-1)",
            "size",
            "AMB-CB-1",
            file=fname,
            field="width" if not 3 <= width <= 30 else "height",
        )
    obstacles = set()
    for item in need("obstacles", list):
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not all(type(v) is int for v in item)
            or not (0 <= item[0] < width and 0 <= item[1] < height)
        ):
            raise _bad(
                f"{fname}: obstacle {item!r} is not an [x, y] on the grid (AMB-CB-1)",
                "obstacle",
                "AMB-CB-1",
                file=fname,
                item=repr(item)[:40],
                field="obstacles",
            )
        obstacles.add(item[1] * width + item[0])
    players = _line(raw.get("players_line", "bottom"), width, height, fname, "players_line")
    mj = _line(raw.get("mj_line", "top"), width, height, fname, "mj_line")
    if set(players) & set(mj):
        raise _bad(
            f"{fname}: the two start lines must differ (CB-27)",
            "lines",
            "CB-27",
            file=fname,
            field="mj_line",
        )
    if obstacles & (set(players) | set(mj)):
        raise _bad(
            f"{fname}: an obstacle stands on a start line (AMB-CB-1)",
            "on_line",
            "AMB-CB-1",
            file=fname,
            field="obstacles",
        )
    deck: list[str] = []
    for tid, count in need("deck", dict).items():
        if tid not in BY_ID:
            raise _bad(
                f"{fname}: deck names unknown troop type {tid!r} (AMB-CB-17)",
                "deck_type",
                "AMB-CB-17",
                file=fname,
                type=tid[:40],
                field="deck",
            )
        if not _whole(count, 0):
            raise _bad(
                f"{fname}: deck count for {tid!r} must be a whole number 0-{MOST} (AMB-CB-17)",
                "deck_count",
                "AMB-CB-17",
                file=fname,
                type=tid,
                most=MOST,
                field=f"deck.{tid}",
            )
        deck.extend([tid] * count)
    objective = raw.get("objective", "reach_start_line")
    if not isinstance(objective, str) or objective not in OBJECTIVES:
        raise _bad(
            f"{fname}: objective must be one of {OBJECTIVES} (AMB-CB-24)",
            "objective",
            "AMB-CB-24",
            file=fname,
            choices=", ".join(OBJECTIVES),
            field="objective",
        )
    rounds = raw.get("rounds", 12)
    if not _whole(rounds, 1):
        raise _bad(
            f"{fname}: 'rounds' must be a whole number 1-{MOST} (AMB-CB-24)",
            "rounds",
            "AMB-CB-24",
            file=fname,
            most=MOST,
            field="rounds",
        )
    hold = raw.get("hold", 1)
    if not _whole(hold, 1):
        raise _bad(
            f"{fname}: 'hold' must be a whole number of MJ turns 1-{MOST} (AMB-CB-24)",
            "hold",
            "AMB-CB-24",
            file=fname,
            most=MOST,
            field="hold",
        )
    flyers_count = raw.get("flyers_count", True)
    if not isinstance(flyers_count, bool):
        raise _bad(
            f"{fname}: 'flyers_count' must be true or false (AMB-CB-24)",
            "flyers",
            "AMB-CB-24",
            file=fname,
            field="flyers_count",
        )
    tokens = raw.get("trap_tokens")
    if tokens is not None and not _whole(tokens, 0):
        raise _bad(
            f"{fname}: 'trap_tokens' must be a whole number 0-{MOST} (AMB-CB-16a)",
            "tokens",
            "AMB-CB-16a",
            file=fname,
            most=MOST,
            field="trap_tokens",
        )
    return Battlefield(
        id=bid,
        name_fr=str(raw.get("name_fr", bid)),
        name_en=str(raw.get("name_en", bid)),
        provenance=str(raw.get("provenance", "reconstructed")),
        width=width,
        height=height,
        obstacles=frozenset(obstacles),
        players_line=players,
        mj_line=mj,
        deck=tuple(deck),
        objective=objective,
        rounds=rounds,
        trap_tokens=tokens,
        hold=hold,
        flyers_count=flyers_count,
    )


@lru_cache(maxsize=1)
def _builtin_names() -> tuple[str, ...]:
    folder = resources.files("arbitre.games.champs").joinpath("data/battlefields")
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml")))


def builtin_battlefields() -> list[str]:
    """The names of the battlefields shipped with the game (listed once per process)."""
    return list(_builtin_names())


def read_battlefield(path: Path, bid: str) -> Battlefield:
    """The battlefield file `path` (its id `bid`); ConfigError names the file and field."""
    return _read_file(str(path), bid)


@lru_cache(maxsize=64)
def _read_file(path: str, bid: str) -> Battlefield:
    try:
        raw = tomllib.loads(Path(path).read_text("utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise _bad(
            f"config 'battlefield': cannot read {path!r}: {exc}",
            "read",
            path=repr(path),
            error=str(exc),
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise _bad(f"{path}: not valid TOML: {exc}", "toml", file=path, error=str(exc)) from None
    return parse_battlefield(bid, raw, path)


@lru_cache(maxsize=64)
def _builtin_field(name: str) -> Battlefield:
    text = _builtin_text(name)
    return parse_battlefield(name, tomllib.loads(text), f"battlefields/{name}.toml")


def parse_battlefield_text(text: str, bid: str = "battlefield") -> Battlefield:
    """A battlefield from its TOML text (an editor's, the library's); ConfigError names the
    field and the rule (AMB-CB-1)."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _bad(f"{bid}: not valid TOML: {exc}", "toml", file=bid, error=str(exc)) from None
    return parse_battlefield(bid, raw, bid)


def _toml_text(value: str) -> str:
    # JSON's string escapes are TOML's basic-string escapes; TOML also bars a raw DEL
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def battlefield_to_toml(bf: Battlefield) -> str:
    """The TOML text of a battlefield, read back by `parse_battlefield_text` as the same
    battlefield (the layout of the files in data/battlefields)."""
    side = {0: "bottom", bf.height - 1: "top"}
    counts: dict[str, int] = {}
    for tid in bf.deck:
        counts[tid] = counts.get(tid, 0) + 1
    cells = sorted(bf.obstacles, key=lambda c: (c // bf.width, c % bf.width))
    lines = [
        f"name_fr = {_toml_text(bf.name_fr)}",
        f"name_en = {_toml_text(bf.name_en)}",
        f"provenance = {_toml_text(bf.provenance)}",
        f"width = {bf.width}",
        f"height = {bf.height}",
        "obstacles = [" + ", ".join(f"[{c % bf.width}, {c // bf.width}]" for c in cells) + "]",
        f'players_line = "{side[bf.players_line[0] // bf.width]}"',
        f'mj_line = "{side[bf.mj_line[0] // bf.width]}"',
        f'objective = "{bf.objective}"',
        f"rounds = {bf.rounds}",
        f"hold = {bf.hold}",
        f"flyers_count = {'true' if bf.flyers_count else 'false'}",
    ]
    if bf.trap_tokens is not None:
        lines.append(f"trap_tokens = {bf.trap_tokens}")
    lines += ["", "[deck]", *(f"{tid} = {n}" for tid, n in counts.items())]
    return "\n".join(lines) + "\n"


def _library_labels(text: str) -> dict[str, str]:
    """The library's check of a saved battlefield: the loader's own (AMB-CB-1)."""
    bf = parse_battlefield_text(text, "TOML")
    # a file without names is shown by the name it is saved under (the library's default)
    raw = tomllib.loads(text)
    return {lang: bf.name(lang) if f"name_{lang}" in raw else "" for lang in ("fr", "en")}


def _builtin_text(name: str) -> str:
    return (
        resources.files("arbitre.games.champs")
        .joinpath(f"data/battlefields/{name}.toml")
        .read_text("utf-8")
    )


library.register_validator(library.CHAMPS_BATTLEFIELD, _library_labels)
library.register_builtins(library.CHAMPS_BATTLEFIELD, builtin_battlefields, _builtin_text)


def load_battlefield(name: str) -> Battlefield:
    """A battlefield by name: built-in, else installed on this server (library), else
    (CLI, Python) a TOML file path. Each file is read once."""
    if name in _builtin_names():
        return _builtin_field(name)
    installed = library.path_of(library.CHAMPS_BATTLEFIELD, name)
    if installed is not None:
        # a saved battlefield as a game stores it, `name@sha12`, is shown by its name
        return read_battlefield(installed, name.partition("@")[0])
    if name.endswith(".toml"):
        path = Path(name)
        if not path.is_file():
            raise _bad(f"config 'battlefield': no file {name!r}", "no_file", name=repr(name))
        return read_battlefield(path, path.stem)
    known = ", ".join(library.names(library.CHAMPS_BATTLEFIELD))
    raise _bad(
        f"config 'battlefield': unknown {name!r}; known: {known}",
        "unknown",
        "AMB-CB-1",
        name=repr(name),
        known=known,
    )


class Geometry:
    """Neighbours and distances of one battlefield under one adjacency rule (AMB-CB-2)."""

    def __init__(self, bf: Battlefield, adjacency: int, corner_cutting: bool) -> None:
        self.bf = bf
        self.adjacency = adjacency
        w, h = bf.width, bf.height
        self.size = w * h
        deltas = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        if adjacency == 8:
            deltas += [(-1, -1), (1, -1), (-1, 1), (1, 1)]
        self.neighbours: list[tuple[int, ...]] = []
        # steps: neighbours a mover may step to. AMB-CB-2's `move.cornerCutting = forbidden`
        # bars the diagonal step *between two* orthogonally adjacent obstacles (squeezing
        # through); a diagonal past a single obstacle's corner stays open.
        self.steps: list[tuple[int, ...]] = []
        for c in range(self.size):
            x, y = c % w, c // w
            ns, st = [], []
            for dx, dy in deltas:
                nx, ny = x + dx, y + dy
                if 0 <= nx < w and 0 <= ny < h:
                    n = ny * w + nx
                    ns.append(n)
                    if (
                        dx
                        and dy
                        and not corner_cutting
                        and (y * w + nx) in bf.obstacles
                        and (ny * w + x) in bf.obstacles
                    ):
                        continue
                    st.append(n)
            self.neighbours.append(tuple(ns))
            self.steps.append(tuple(st))

    def distance(self, a: int, b: int) -> int:
        w = self.bf.width
        dx, dy = abs(a % w - b % w), abs(a // w - b // w)
        return max(dx, dy) if self.adjacency == 8 else dx + dy

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.neighbours[a]

    def retreat_candidates(self, attacker: int, defender: int, mode: str) -> list[int]:
        """Cells adjacent to the defender lying away from the attacker (AMB-CB-6)."""
        w = self.bf.width
        ax, ay, dx, dy = attacker % w, attacker // w, defender % w, defender // w
        vx, vy = dx - ax, dy - ay
        out = []
        if mode == "straight":
            sx = (vx > 0) - (vx < 0)
            sy = (vy > 0) - (vy < 0)
            offsets = [(sx, sy)]
            if self.adjacency == 4 and sx and sy:
                # AMB-CB-6 `straight` × AMB-CB-2 `grid.adjacency=4`: a Catapult's shot along
                # a slant points at a diagonal cell, which is not adjacent (CB-60 wants a
                # "case directement adjacente"). The straight cell is then the orthogonal one
                # along the longer axis; on an exact diagonal both are equally straight.
                offsets = []
                if abs(vx) >= abs(vy):
                    offsets.append((sx, 0))
                if abs(vy) >= abs(vx):
                    offsets.append((0, sy))
            found = [self._offset(defender, ox, oy) for ox, oy in offsets]
            return [n for n in found if n is not None and n in self.neighbours[defender]]
        base = self.distance(attacker, defender)
        for n in self.neighbours[defender]:
            cx, cy = n % w - dx, n // w - dy
            if mode == "halfplane":
                if cx * vx + cy * vy > 0:
                    out.append(n)
            elif self.distance(attacker, n) > base:
                out.append(n)
        return out

    def _offset(self, cell: int, dx: int, dy: int) -> int | None:
        w, h = self.bf.width, self.bf.height
        x, y = cell % w + dx, cell // w + dy
        if 0 <= x < w and 0 <= y < h:
            return y * w + x
        return None

    def line_clear(self, a: int, b: int) -> bool:
        """No obstacle on the straight line between two cells (AMB-CB-15b alternative)."""
        w = self.bf.width
        x0, y0, x1, y1 = a % w, a // w, b % w, b // w
        steps = max(abs(x1 - x0), abs(y1 - y0))
        for i in range(1, steps):
            x = round(x0 + (x1 - x0) * i / steps)
            y = round(y0 + (y1 - y0) * i / steps)
            if y * w + x in self.bf.obstacles:
                return False
        return True


@lru_cache(maxsize=64)
def geometry(bf: Battlefield, adjacency: int, corner_cutting: bool) -> Geometry:
    return Geometry(bf, adjacency, corner_cutting)
