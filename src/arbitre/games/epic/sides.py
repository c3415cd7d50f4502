"""Who a side is, as a person reads it (issue 16): in a game from armies each side is named
by its army list ("Garde Impériale", "Eldars"), two armies of the same list by the edge
they deploy from ("Space Marines (nord)" / "(sud)"): where the table's deployment zones
are (`edges_of`: north is the top of the page and of the terminal's map, y growing
southwards; west and east when the two sides' zones are side by side); the starter
battle keeps its seats' names, "Imperium" and "Mille Fils" (`epic.seat.<seat>`), so its
texts never change.

`side_key(s, side)` is the message key every event, prompt and result uses for a side
(`{"side": side_key(s, side)}`, translated with its `.form`: "de la Garde Impériale",
"des Eldars", "du Chaos"); `side_key_of(values, side)` the same from the options alone
(the server's and the terminal's seat labels, `Epic.seat_title`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from arbitre.engine.i18n import LANGS, Msg, add_messages, has_message, translate
from arbitre.engine.memo import IdentityMemo
from arbitre.games.epic import messages_sides
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.state import ARMIES, EpicState
from arbitre.games.epic.tables import Rect, Table

KEYS = ("army.0", "army.1")
EDGES = ("north", "south")  # by index, when the zones do not tell (side 0 to the north)
COMPASS = frozenset(messages_sides.EDGES)  # north, south, west, east
_NEAR = 1e-6  # cm: two zone centres closer than this coincide


def _parsed_list(value: str) -> str | None:
    """The army list of a library army or an army file, None when it names none."""
    from pathlib import Path

    from arbitre.games.epic.forces import MAX_ARMY_BYTES, _armies, _army_of_text, army_text
    from arbitre.games.epic.held import file_text

    if _armies() is None:
        return None
    text = army_text(value)
    if text is None:
        path = Path(value)
        try:
            if path.suffix in (".toml", ".json") and path.is_file():
                text = file_text(path, MAX_ARMY_BYTES)  # read once per run (held.py)
        except (OSError, ValueError):  # a path with a NUL byte, a file not in UTF-8
            text = None
    if text is None:
        return None
    try:
        list_id = _army_of_text(text).list_id
    except ValueError:
        return None
    return list_id if isinstance(list_id, str) else None


@functools.lru_cache(maxsize=256)
def army_of(value: str | None, side: int) -> str:
    """The army an option value names: a starter army's id (`imperium`, `mille_fils`: the
    seat's own when None), else its army list's id (`eldar`); the value itself when
    nothing can be read of it (the game refuses it anyway)."""
    if value is None:
        return ARMIES[side]
    if value in CATALOG.armies:
        return value
    list_id, at, level = value.partition("@")
    if at and level.isdigit():
        from arbitre.games.epic import ready_made

        if value in ready_made.names():
            return list_id
    return _parsed_list(value) or value


def _list_key(list_id: str) -> str:
    """`epic.side.<list>`, registered from the list's own name (form `other`) for a list
    messages_sides.py does not know yet."""
    key = f"epic.side.{list_id}"
    if has_message(key):
        return key
    from arbitre.games.epic.forces import _armies

    pkg = _armies()
    lst = None if pkg is None else pkg.army_lists().get(list_id)
    if lst is None:
        return key
    names = ((lst.name_fr, "other"), (lst.name_en, "other"))
    add_messages(messages_sides.side_messages(list_id, *names))
    return key


def _centre(rects: tuple[Rect, ...]) -> tuple[float, float] | None:
    """The centre of a side's deployment zones, each rectangle weighted by its area."""
    weights = [(r.x1 - r.x0) * (r.y1 - r.y0) for r in rects]
    total = sum(weights)
    if not rects or total <= 0:
        return None
    x = sum(w * (r.x0 + r.x1) / 2 for w, r in zip(weights, rects, strict=True)) / total
    y = sum(w * (r.y0 + r.y1) / 2 for w, r in zip(weights, rects, strict=True)) / total
    return x, y


def edges_of(table: Table) -> tuple[str, str]:
    """The edge each side deploys from, read from where its zones are (TABLE-5): each
    side's zone centre against the middle of the two (the table's centre when the zones
    are placed symmetrically), north/south when they are one above the other (y grows
    southwards: the top of the page is north), west/east when they are further apart
    across than up and down; the index (side 0 north) when the centres coincide."""
    known = _BY_TABLE.get(table)
    if known is not None:
        return known
    c0, c1 = (_centre(table.zones[side]) for side in (0, 1))
    edges = EDGES
    if c0 is not None and c1 is not None:
        dx, dy = c0[0] - c1[0], c0[1] - c1[1]
        if max(abs(dx), abs(dy)) > _NEAR:
            if abs(dy) >= abs(dx):
                edges = ("north", "south") if dy < 0 else ("south", "north")
            else:
                edges = ("west", "east") if dx < 0 else ("east", "west")
    return _BY_TABLE.put(table, edges)


# by identity: hashing a Table hashes every piece; tables are few (one per option value)
_BY_TABLE: IdentityMemo[tuple[str, str]] = IdentityMemo(64)


def _edges_named(values: Mapping[str, Any]) -> tuple[str, str]:
    """`edges_of` the table an option value names; the index when it cannot be read (the
    game refuses such a value anyway: a name never raises here)."""
    from arbitre.games.epic.tables import load_table

    name = values.get("table")
    try:
        return edges_of(load_table(name if isinstance(name, str) else None))
    except (ValueError, OSError):
        return EDGES


@functools.lru_cache(maxsize=256)
def _keys(v0: str | None, v1: str | None, edges: tuple[str, str] = EDGES) -> tuple[str, str]:
    if v0 is None and v1 is None:
        return (f"epic.seat.{ARMIES[0]}", f"epic.seat.{ARMIES[1]}")
    armies = (army_of(v0, 0), army_of(v1, 1))
    out = []
    for side, army in enumerate(armies):
        if army in CATALOG.armies:
            out.append(f"epic.seat.{army}")
            continue
        key = _list_key(army)
        if armies[0] == armies[1]:
            key = f"{key}.{edges[side]}"
        out.append(key if has_message(key) else f"epic.seat.{ARMIES[side]}")
    return (out[0], out[1])


def side_key_of(values: Mapping[str, Any], side: int, table: Table | None = None) -> str:
    """The message key naming `side` for the options `values` (module doc); the edges of
    two same-list armies from `table`, else from the table `values` names."""
    v0, v1 = (values.get(k) for k in KEYS)
    a0 = v0 if isinstance(v0, str) or v0 is None else str(v0)
    a1 = v1 if isinstance(v1, str) or v1 is None else str(v1)
    edges = EDGES
    if (a0 is not None or a1 is not None) and army_of(a0, 0) == army_of(a1, 1):
        edges = edges_of(table) if table is not None else _edges_named(values)
    return _keys(a0, a1, edges)[side]


def side_key(s: EpicState, side: int) -> str:
    """The message key naming `side` in the game `s` (module doc)."""
    return side_key_of(s.rules.values, side, s.table)


def side_keys(s: EpicState) -> tuple[str, str]:
    values = s.rules.values
    return (side_key_of(values, 0, s.table), side_key_of(values, 1, s.table))


def _both(msg: Msg) -> dict[str, str]:
    return {lang: translate(msg, lang) for lang in LANGS}


@functools.lru_cache(maxsize=64)
def _names(keys: tuple[str, str], seats: tuple[str, ...]) -> tuple[dict[str, Any], ...]:
    out = []
    for seat, key in zip(seats, keys, strict=False):
        army = key.rsplit(".", 1)[0] if key.rsplit(".", 1)[-1] in COMPASS else key
        out.append(
            {
                "seat": seat,
                "key": key,
                "name": _both(Msg(key)),
                "of": _both(Msg("epic.side.of", {"side": key})),
                "the": _both(Msg("epic.side.the", {"side": key})),
                "edge": _both(Msg("epic.side.edge", {"side": army})),
            }
        )
    return tuple(out)


def side_names(s: EpicState) -> list[dict[str, Any]]:
    """Each side by name in both languages (the view's `sides`, for the page): `name`
    ("Space Marines (nord)"), `of` ("des Space Marines (nord)"), `the` ("les Space Marines
    (nord)") and `edge`, the edge it deploys from ("Bord des Space Marines" / "Space
    Marines edge")."""
    return [dict(d) for d in _names(side_keys(s), tuple(s.seats))]
