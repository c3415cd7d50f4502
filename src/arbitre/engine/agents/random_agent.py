"""Uniformly random legal play: the baseline every AI must beat."""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.rng import Rng


class RandomAgent:
    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, ruleset: Any, state: Any, decision: Decision) -> str:
        return decision.options[self.rng.below(len(decision.options))].key
