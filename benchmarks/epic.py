"""Epic throughput: random-play decisions/s, clones/s, and whole AI-vs-AI battles.

Run: `.venv/bin/python -m benchmarks.epic [--games N] [--battles N]`. Prints figures;
asserts nothing. The battle figure is the long variant: both seats played by the greedy
AI (`agents()["ai"]`) from setup to the end of the last turn, as the 200-seed test does.
"""

from __future__ import annotations

import argparse
import time

from arbitre.engine import get
from benchmarks.common import clones_per_second, random_play


def ai_battles(battles: int) -> tuple[int, int, float]:
    """(battles, decisions, seconds) for AI-vs-AI battles played to the end."""
    r = get("epic")
    factory = r.agents()["ai"]
    decisions = 0
    start = time.perf_counter()
    for seed in range(battles):
        s = r.new({}, seed)
        agents = [factory(seed), factory(seed + 7919)]
        while (d := r.decision(s)) is not None:
            r.apply(s, agents[d.seat].choose(r, s, d))
            decisions += 1
    return battles, decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--battles", type=int, default=50)
    args = parser.parse_args()
    decisions, seconds, samples = random_play("epic", args.games, sample_every=37)
    print(f"Epic random play: {args.games} games, {decisions} decisions in {seconds:.2f} s")
    print(f"  decisions/s        {decisions / seconds:10,.0f}")
    print(f"  clones/s           {clones_per_second('epic', samples):10,.0f}")
    n, dec, secs = ai_battles(args.battles)
    print(f"AI vs AI, {n} whole battles, {dec} decisions in {secs:.2f} s")
    print(f"  battles/s          {n / secs:10.1f}")
    print(f"  decisions/s        {dec / secs:10,.0f} (AI thinking included)")


if __name__ == "__main__":
    main()
