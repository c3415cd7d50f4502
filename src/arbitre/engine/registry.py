"""Ruleset registry: `get("champs")` imports the game on first use."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any

from arbitre.engine.ruleset import Ruleset

_KNOWN = {
    "champs": "arbitre.games.champs",
    "epic": "arbitre.games.epic",
    "heresy": "arbitre.games.heresy",
}
_LOADED: dict[str, Ruleset[Any]] = {}


def lazy_ruleset(package: str, module: str, name: str) -> Callable[[str], Any]:
    """A game package's module `__getattr__`: `RULESET` (and the class `name` in `module`)
    are built and registered on first use, so that a program needing only the game's data
    or odds does not import its whole rules."""

    def __getattr__(attr: str) -> Any:
        if attr not in ("RULESET", name):
            raise AttributeError(f"module {package!r} has no attribute {attr!r}")
        pkg = sys.modules[package]
        cls = getattr(importlib.import_module(module), name)
        if "RULESET" not in vars(pkg):
            ruleset = cls()
            register(ruleset)
            pkg.RULESET = ruleset  # type: ignore[attr-defined]
        setattr(pkg, name, cls)
        return vars(pkg)[attr]

    return __getattr__


def register(ruleset: Ruleset[Any]) -> None:
    _LOADED[ruleset.id] = ruleset


def names() -> list[str]:
    return sorted(set(_KNOWN) | set(_LOADED))


def get(name: str) -> Ruleset[Any]:
    """The ruleset registered under `name`; a clear error names the known ones."""
    if name not in _LOADED and name in _KNOWN:
        # A game package builds and registers its ruleset when `RULESET` is first read.
        _ = importlib.import_module(_KNOWN[name]).RULESET
    try:
        return _LOADED[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(names())}") from None
