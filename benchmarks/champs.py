"""Champs de Bataille throughput: random-play decisions/s, games/s, clone/s, MJ AI speed.

Run: `make bench` or `.venv/bin/python -m benchmarks.champs [--games N]`. Prints figures and
ratios against the anchors of research/anchors.md §7; asserts nothing.
"""

from __future__ import annotations

import argparse
import time

from arbitre.engine import get
from arbitre.engine.agents import make_agent
from benchmarks.common import clones_per_second, random_play

ANCHORS = {
    "milestone (issue 2)": 40_000.0,
    "OpenSpiel pure-Python game": 41_000.0,
    "catanatron": 28_000.0,
}


def agent_play(games: int, agents: list[str]) -> tuple[int, float]:
    r = get("champs")
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        s = r.new({}, seed)
        players = [make_agent(r, name, seed * 31 + i) for i, name in enumerate(agents)]
        while (d := r.decision(s)) is not None:
            r.apply(s, players[d.seat].choose(r, s, d))
            decisions += 1
    return decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    n, secs, samples = random_play("champs", args.games)
    rate = n / secs
    print(f"Champs random play, default config: {args.games} games, {n} decisions, {secs:.2f} s")
    print(f"  decisions/s        {rate:10.0f}")
    print(f"  games/s            {args.games / secs:10.1f}")
    print(f"  mean decisions     {n / args.games:10.1f}")
    for name, anchor in ANCHORS.items():
        print(f"  ratio vs {name:28s} {rate / anchor:5.2f}")
    cps = clones_per_second("champs", samples)
    print(f"  clone/s            {cps:10.0f}  ({len(samples)} mid-game states)")
    n4, s4, _ = random_play(
        "champs", max(1, args.games // 4), {"players": 4, "battlefield": "defile"}
    )
    print(f"  4 players, defile: {n4 / s4:10.0f} decisions/s")
    r = get("champs")
    if "mj" in r.agents():
        games = max(1, args.games // 10)
        na, sa = agent_play(games, ["random", "random", "mj"])
        print(f"  MJ AI seat, {games} games: {na / sa:10.0f} decisions/s (all seats)")


if __name__ == "__main__":
    main()
