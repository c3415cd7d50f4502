"""Champs de Bataille: the grid battle mini-game (seed 004, digest rules/champs.md)."""

from arbitre.engine.registry import register
from arbitre.games.champs import messages  # noqa: F401  (registers the fr/en texts)
from arbitre.games.champs.rules import Champs

RULESET = Champs()
register(RULESET)

__all__ = ["RULESET", "Champs"]
