"""What every game's benchmark measures: random play and clones, on the same footing."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from arbitre.engine import get
from arbitre.engine.rng import Rng


def random_play(
    game: str, games: int, config: Mapping[str, Any] | None = None, sample_every: int = 97
) -> tuple[int, float, list[Any]]:
    """Play `games` uniformly random games; (decisions, seconds, mid-game state samples)."""
    r = get(game)
    decisions = 0
    samples: list[Any] = []
    start = time.perf_counter()
    for seed in range(games):
        s = r.new(dict(config or {}), seed)
        rng = Rng.from_seed(seed)
        while (d := r.decision(s)) is not None:
            r.apply(s, d.options[rng.below(len(d.options))].key)
            decisions += 1
            if decisions % sample_every == 0 and len(samples) < 200:
                samples.append(r.clone(s))
    return decisions, time.perf_counter() - start, samples


def clones_per_second(game: str, samples: list[Any], rounds: int = 50) -> float:
    r = get(game)
    start = time.perf_counter()
    for _ in range(rounds):
        for s in samples:
            r.clone(s)
    return rounds * len(samples) / (time.perf_counter() - start)
