"""Ruleset registry: `get("champs")` imports the game on first use."""

from __future__ import annotations

import importlib
from typing import Any

from arbitre.engine.ruleset import Ruleset

_KNOWN = {
    "champs": "arbitre.games.champs",
    "epic": "arbitre.games.epic",
    "heresy": "arbitre.games.heresy",
}
_LOADED: dict[str, Ruleset[Any]] = {}


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
