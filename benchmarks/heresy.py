"""L'Hérésie d'Horus throughput: random-play decisions/s and clones/s.

Run: `.venv/bin/python -m benchmarks.heresy [--games N]`. Prints figures and the ratio to
the milestone (>= 20k decisions/s, >= 50k clones/s); asserts nothing.
"""

from __future__ import annotations

import argparse

from benchmarks.common import clones_per_second, random_play

MILESTONE = {"decisions/s": 20_000.0, "clones/s": 50_000.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    decisions, seconds, samples = random_play("heresy", args.games, sample_every=37)
    dps = decisions / seconds
    cps = clones_per_second("heresy", samples)
    print(f"random play: {args.games} games, {decisions} decisions in {seconds:.2f}s")
    print(f"decisions/s: {dps:,.0f} ({dps / MILESTONE['decisions/s']:.2f} x milestone)")
    print(f"clones/s:    {cps:,.0f} ({cps / MILESTONE['clones/s']:.2f} x milestone)")


if __name__ == "__main__":
    main()
