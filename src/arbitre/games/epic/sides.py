"""Who a side is, as a person reads it (issue 16): in a game from armies each side is named
by its army list ("Garde Impériale", "Eldars"), two armies of the same list by the edge
they deploy from ("Space Marines (nord)" / "(sud)": the first side's edge is the north,
at the top of the page and of the terminal's map); the starter battle keeps its seats'
names, "Imperium" and "Mille Fils" (`epic.seat.<seat>`), so its texts never change.

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
from arbitre.games.epic import messages_sides
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.state import ARMIES, EpicState

KEYS = ("army.0", "army.1")
EDGES = ("north", "south")  # side 0 deploys from the north edge (the board's top)


def _parsed_list(value: str) -> str | None:
    """The army list of a library army or an army file, None when it names none."""
    from pathlib import Path

    from arbitre.games.epic.forces import MAX_ARMY_BYTES, _armies, army_text

    pkg = _armies()
    if pkg is None:
        return None
    text = army_text(value)
    if text is None:
        path = Path(value)
        try:
            small = path.suffix in (".toml", ".json") and path.is_file()
            if small and path.stat().st_size <= MAX_ARMY_BYTES:
                text = path.read_text("utf-8")
        except OSError:
            text = None
    if text is None:
        return None
    try:
        list_id = pkg.parse_army(text).list_id
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


@functools.lru_cache(maxsize=256)
def _keys(v0: str | None, v1: str | None) -> tuple[str, str]:
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
            key = f"{key}.{EDGES[side]}"
        out.append(key if has_message(key) else f"epic.seat.{ARMIES[side]}")
    return (out[0], out[1])


def side_key_of(values: Mapping[str, Any], side: int) -> str:
    """The message key naming `side` for the options `values` (module doc)."""
    v0, v1 = (values.get(k) for k in KEYS)
    return _keys(
        v0 if isinstance(v0, str) or v0 is None else str(v0),
        v1 if isinstance(v1, str) or v1 is None else str(v1),
    )[side]


def side_key(s: EpicState, side: int) -> str:
    """The message key naming `side` in the game `s` (module doc)."""
    return side_key_of(s.rules.values, side)


def side_keys(s: EpicState) -> tuple[str, str]:
    values = s.rules.values
    return (side_key_of(values, 0), side_key_of(values, 1))


def _both(msg: Msg) -> dict[str, str]:
    return {lang: translate(msg, lang) for lang in LANGS}


@functools.lru_cache(maxsize=64)
def _names(keys: tuple[str, str], seats: tuple[str, ...]) -> tuple[dict[str, Any], ...]:
    out = []
    for seat, key in zip(seats, keys, strict=False):
        army = key.rsplit(".", 1)[0] if key.rsplit(".", 1)[-1] in EDGES else key
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
    (nord)") and `edge`, the long edge
    it deploys from ("Bord des Space Marines" / "Space Marines edge")."""
    return [dict(d) for d in _names(side_keys(s), tuple(s.seats))]
