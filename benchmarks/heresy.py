"""L'Hérésie d'Horus throughput: random-play decisions/s and clones/s.

Run: `.venv/bin/python -m benchmarks.heresy [--games N]`. Prints figures and the ratio to
the milestone (>= 20k decisions/s, >= 50k clones/s); asserts nothing.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from arbitre.engine import get
from arbitre.engine.rng import Rng

MILESTONE = {"decisions/s": 20_000.0, "clones/s": 50_000.0}


def random_play(games: int) -> tuple[int, float, list[Any]]:
    r = get("heresy")
    decisions = 0
    samples: list[Any] = []
    start = time.perf_counter()
    for seed in range(games):
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        while (d := r.decision(s)) is not None:
            r.apply(s, d.options[rng.below(len(d.options))].key)
            decisions += 1
            if decisions % 37 == 0 and len(samples) < 200:
                samples.append(r.clone(s))
    return decisions, time.perf_counter() - start, samples


def clones_per_second(samples: list[Any], rounds: int = 50) -> float:
    r = get("heresy")
    start = time.perf_counter()
    for _ in range(rounds):
        for s in samples:
            r.clone(s)
    return rounds * len(samples) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    decisions, seconds, samples = random_play(args.games)
    dps = decisions / seconds
    cps = clones_per_second(samples)
    print(f"random play: {args.games} games, {decisions} decisions in {seconds:.2f}s")
    print(f"decisions/s: {dps:,.0f} ({dps / MILESTONE['decisions/s']:.2f} x milestone)")
    print(f"clones/s:    {cps:,.0f} ({cps / MILESTONE['clones/s']:.2f} x milestone)")


if __name__ == "__main__":
    main()
