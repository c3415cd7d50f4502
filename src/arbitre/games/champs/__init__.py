"""Champs de Bataille: the grid battle mini-game (seed 004, digest rules/champs.md)."""

from __future__ import annotations

from arbitre.engine.registry import lazy_ruleset
from arbitre.games.champs import messages  # noqa: F401  (registers the fr/en texts)

__getattr__ = lazy_ruleset(__name__, "arbitre.games.champs.rules", "Champs")

__all__ = ["RULESET", "Champs"]
