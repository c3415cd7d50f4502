"""Champs de Bataille: the grid battle mini-game (seed 004, digest rules/champs.md)."""

from __future__ import annotations

from typing import Any

from arbitre.games.champs import messages  # noqa: F401  (registers the fr/en texts)


def __getattr__(name: str) -> Any:
    """`RULESET` and `Champs` are built on first use (the registry asks for `RULESET`): a
    program that needs only this game's data or odds does not import its whole rules."""
    if name in ("RULESET", "Champs"):
        from arbitre.engine.registry import register
        from arbitre.games.champs.rules import Champs

        ruleset = Champs()
        register(ruleset)
        globals().update(RULESET=ruleset, Champs=Champs)
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["RULESET", "Champs"]
