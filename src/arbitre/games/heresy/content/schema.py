"""Build the frozen catalog dataclasses from parsed TOML, reporting instead of raising.

The dataclass is the schema: a field without a default is required, `X | None` is
optional, `Literal[...]` lists the allowed values, `tuple[X, ...]` is a TOML array and a
nested dataclass is a TOML table. Every problem names its file, its item and its field.
"""

from __future__ import annotations

import types
from dataclasses import MISSING, fields, is_dataclass
from functools import cache
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from arbitre.games.heresy.content.problems import Problem

T = TypeVar("T")
BAD: Any = object()  # a value that could not be read; its problem is already reported

_TOML_TYPES = {
    str: "string",
    int: "integer",
    float: "float",
    bool: "boolean",
    list: "array",
    dict: "table",
}


def toml_type(value: Any) -> str:
    return _TOML_TYPES.get(type(value), type(value).__name__)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def element_key(raw: Any, index: int) -> str:
    """How an array element is named in messages: its id, zone(s) or number, else #n."""
    if isinstance(raw, dict):
        for key in ("id", "zone", "n"):
            value = raw.get(key)
            if isinstance(value, str | int) and not isinstance(value, bool):
                return str(value)
        zones = raw.get("zones")
        if isinstance(zones, list) and zones and all(isinstance(z, str) for z in zones):
            return "–".join(zones)
    return f"#{index + 1}"


class Reader:
    """Reads one file; `broken` keeps the ids of items dropped for bad fields."""

    def __init__(self, file: str, problems: list[Problem]) -> None:
        self.file = file
        self.problems = problems
        self.broken: set[str] = set()

    def report(self, item: str, field: str, code: str, **args: Any) -> None:
        self.problems.append(Problem(self.file, item, field, code, args))

    def root(self, cls: type[T], raw: dict[str, Any], item: str = "") -> T | None:
        built = self._table(cls, raw, item, "")
        return None if built is BAD else built

    # --- tables ------------------------------------------------------------------------

    def _table(self, cls: type, raw: Any, item: str, path: str) -> Any:
        if not isinstance(raw, dict):
            self.report(item, path, "bad_type", expected="table", found=toml_type(raw))
            return BAD
        hints = _hints(cls)
        known = [f.name for f in fields(cls) if f.init]
        for key in raw:
            if key not in known:
                self.report(item, _join(path, key), "unknown_field", known=", ".join(known))
        kwargs: dict[str, Any] = {}
        ok = True
        for f in fields(cls):
            if not f.init:
                continue
            required = f.default is MISSING and f.default_factory is MISSING
            if f.name not in raw:
                if required:
                    self.report(item, _join(path, f.name), "missing_field")
                    ok = False
                continue
            value = self._field(hints[f.name], raw[f.name], item, path, f.name)
            if value is BAD:
                ok = ok and not required
                continue
            kwargs[f.name] = value
        return cls(**kwargs) if ok else BAD

    def _field(self, tp: Any, raw: Any, item: str, path: str, name: str) -> Any:
        """A field; at the root, each element of an array of tables is an item of its own."""
        if item == "" and path == "":
            if _is_table(tp):
                return self._table(tp, raw, name, "")
            element = _array_of_tables(tp)
            if element is not None:
                return self._items(element, raw, name)
        return self._value(tp, raw, item, _join(path, name))

    def _items(self, cls: type, raw: Any, kind: str) -> Any:
        if not isinstance(raw, list):
            self.report(kind, "", "bad_type", expected="array", found=toml_type(raw))
            return BAD
        out = []
        for i, row in enumerate(raw):
            built = self._table(cls, row, f"{kind} {element_key(row, i)}", "")
            if built is BAD:
                if isinstance(row, dict) and isinstance(row.get("id"), str):
                    self.broken.add(row["id"])
                continue
            out.append(built)
        return tuple(out)

    # --- values ------------------------------------------------------------------------

    def _value(self, tp: Any, raw: Any, item: str, path: str) -> Any:
        origin = get_origin(tp)
        if origin is Union or origin is types.UnionType:
            return self._union(tp, raw, item, path)
        if origin is Literal:
            return self._choice(get_args(tp), raw, item, path)
        if origin is tuple:
            return self._tuple(get_args(tp), raw, item, path)
        if _is_table(tp):
            return self._table(tp, raw, item, path)
        if tp is float and isinstance(raw, int | float) and not isinstance(raw, bool):
            return float(raw)
        if tp in (str, int, bool) and type(raw) is tp:
            return raw
        self.report(item, path, "bad_type", expected=_TOML_TYPES[tp], found=toml_type(raw))
        return BAD

    def _union(self, tp: Any, raw: Any, item: str, path: str) -> Any:
        options = [a for a in get_args(tp) if a is not type(None)]
        if all(get_origin(a) is Literal for a in options):
            return self._choice(tuple(c for a in options for c in get_args(a)), raw, item, path)
        return self._value(options[0], raw, item, path)

    def _choice(self, choices: tuple[Any, ...], raw: Any, item: str, path: str) -> Any:
        if any(type(raw) is type(c) and raw == c for c in choices):
            return raw
        shown = ", ".join(str(c) for c in choices)
        self.report(item, path, "bad_choice", value=raw, choices=shown)
        return BAD

    def _tuple(self, args: tuple[Any, ...], raw: Any, item: str, path: str) -> Any:
        if not isinstance(raw, list):
            self.report(item, path, "bad_type", expected="array", found=toml_type(raw))
            return BAD
        variadic = len(args) == 2 and args[1] is Ellipsis
        if not variadic and len(raw) != len(args):
            self.report(item, path, "bad_type", expected=f"array[{len(args)}]", found=len(raw))
            return BAD
        out = []
        for i, value in enumerate(raw):
            tp = args[0] if variadic else args[i]
            built = self._value(tp, value, item, f"{path}[{element_key(value, i)}]")
            if built is BAD:
                return BAD
            out.append(built)
        return tuple(out)


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _is_table(tp: Any) -> bool:
    return isinstance(tp, type) and is_dataclass(tp)


def _array_of_tables(tp: Any) -> type | None:
    if get_origin(tp) is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis and _is_table(args[0]):
            return args[0]  # type: ignore[no-any-return]
    return None
