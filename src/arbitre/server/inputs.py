"""Reading what clients send: JSON bodies, WebSocket messages, query strings, tokens.

Nothing from outside is trusted. A body is parsed only when it is small, shallow and made
of plain JSON (no NaN/Infinity, no integer of thousands of digits, no lone surrogate);
each field is then read with its type and range, and a bad one is refused with a 4xx
that names it. Nothing is changed before every field has been read.
"""

from __future__ import annotations

import json
import re
from typing import Any

from arbitre.server.errors import refuse

MAX_DEPTH = 32  # a game record is 3 levels deep; configs 2
MAX_INT_DIGITS = 30  # a 64-bit seed has 20
MAX_INT = 10**9  # moves, seats, upto: far beyond any real game
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
GAME_ID = re.compile(r"[0-9a-f]{1,32}")


class _Refused:
    """A value the parser met that plain JSON does not allow (NaN, ±Infinity, an integer of
    too many digits): kept in place, so the refusal can name the field it stands in."""

    __slots__ = ("shown",)

    def __init__(self, shown: str) -> None:
        self.shown = shown


def _constant(name: str) -> _Refused:
    return _Refused(name)


def _int(text: str) -> int | _Refused:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        return _Refused(f"{text[:12]}… ({len(text)} digits)")
    return int(text)


def _float(text: str) -> float | _Refused:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        return _Refused(text[:24])
    return value


def _lone_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _field(path: str, key: Any) -> str:
    name = key if isinstance(key, str) and not _lone_surrogate(key) else "?"
    return f"{path}.{name}" if path else name


def _first_bad(value: Any, path: str) -> tuple[str, str] | None:
    """Where the first value that is not plain JSON sits, and what it is."""
    if isinstance(value, _Refused):
        return path or "body", value.shown
    if isinstance(value, str):
        return (path or "body", "\\ud800-\\udfff") if _lone_surrogate(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str) and _lone_surrogate(key):
                return path or "body", "\\ud800-\\udfff"
            found = _first_bad(item, _field(path, key))
            if found is not None:
                return found
    if isinstance(value, list):
        for i, item in enumerate(value):
            found = _first_bad(item, f"{path or 'body'}[{i}]")
            if found is not None:
                return found
    return None


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def _depth_ok(text: str) -> bool:
    """Nesting of brackets outside strings stays within MAX_DEPTH (checked before parsing,
    so a 10,000-deep body never reaches the parser nor the code that walks its result)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return True  # cannot nest deeper than it opens: every play and most bodies
    depth = 0
    for m in _BRACKET.finditer(_STRING.sub("", text)):
        if m.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return False
        else:
            depth -= 1
    return True


def parse_json(raw: bytes | str) -> Any:
    """A JSON value from a body or a message; 400 `bad_json` for anything but plain JSON."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise refuse(400, "bad_json", "bad_json") from None
    if not _depth_ok(text):
        raise refuse(400, "bad_json", "too_deep", limit=MAX_DEPTH)
    try:
        data = json.loads(
            text or "{}", parse_constant=_constant, parse_int=_int, parse_float=_float
        )
    except (ValueError, RecursionError):
        raise refuse(400, "bad_json", "bad_json") from None
    bad = _first_bad(data, "")
    if bad is not None:
        path, shown = bad
        leaf = re.sub(r"\[\d+\]$", "", path).rpartition(".")[2] or path
        raise refuse(400, "bad_json", "bad_json_value", field=leaf, path=path, value=shown)
    return data


def parse_object(raw: bytes | str, what: str = "body") -> dict[str, Any]:
    data = parse_json(raw)
    if not isinstance(data, dict):
        raise refuse(422, "bad_field", "bad_field", field=what, why="JSON object expected")
    return data


def str_field(data: dict[str, Any], name: str, limit: int = 512) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value or len(value) > limit:
        raise refuse(
            422, "bad_field", "bad_field", field=name, why=f"string of 1..{limit} characters"
        )
    return value


def int_field(
    value: Any, name: str, lo: int = 0, hi: int = MAX_INT, *, query: bool = False
) -> int | None:
    """An optional integer within lo..hi: a JSON number (types are exact: "3" is not 3),
    or with `query` the text of a query-string parameter."""
    if value is None or (query and value == ""):
        return None
    if query and isinstance(value, str) and re.fullmatch(r"-?[0-9]{1,12}", value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise refuse(422, "bad_field", "bad_field", field=name, why=f"integer {lo}..{hi}")
    return value


def bool_field(data: dict[str, Any], name: str, default: bool | None = None) -> bool:
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise refuse(422, "bad_field", "bad_field", field=name, why="true | false")
    return value


def choice_field(data: dict[str, Any], name: str, choices: tuple[str, ...]) -> str:
    value = data.get(name)
    if not isinstance(value, str) or value not in choices:
        raise refuse(422, "bad_field", "bad_field", field=name, why=" | ".join(choices))
    return value


def token_of(value: Any) -> str | None:
    """A token as sent; one that cannot be a token (wrong type, characters, length) is
    refused here, so it never reaches a comparison or the database."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not TOKEN.fullmatch(value):
        raise refuse(403, "bad_token", "bad_token")
    return value


def game_id_of(value: str) -> str:
    if not GAME_ID.fullmatch(value):
        raise refuse(404, "no_game", "no_game", id="?")
    return value
