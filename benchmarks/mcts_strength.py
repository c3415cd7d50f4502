"""Strength of the `mcts` agent against the heuristic AIs, as a function of its budget.

Cells: for each game and budget (`mcts:iterations=B`), `--games` games on each side
(seeds 0…), the win rate of `mcts` with its 95 % Wilson interval, and the same games'
seconds. Heresy: `mcts` vs `ai` (both seats, any scenario); Epic: `mcts` vs `ai` (both
seats); Champs: `mcts` as the MJ against the `players` AI, beside the `mj` AI's own rate
in the same games (the players' seats are `players`).

Run: `.venv/bin/python -m benchmarks.mcts_strength --games 50 --budgets 50,200,800
--workers 2 [--game heresy] [--scenario cry_havoc] [--plot strength.png]`.
The issue's goal is ≥ 60 % for Heresy at the default budget over ≥ 100 games per cell;
the figures are printed, nothing asserted.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from arbitre.engine import get
from arbitre.engine.simulate import simulate


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate `wins / n` (a draw counts one half)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def matches(game: str, agent: str) -> list[tuple[list[str], int]]:
    """(the agents of every seat, the seat whose score counts) for one cell."""
    seats = get(game).seats({})
    if game == "champs":
        return [([*(["players"] * (len(seats) - 1)), agent], len(seats) - 1)]
    return [([agent, "ai"], 0), (["ai", agent], 1)]


def cell(game: str, agent: str, games: int, workers: int, config: dict[str, Any]) -> dict[str, Any]:
    score, n, errors = 0.0, 0, 0
    start = time.perf_counter()
    for agents, seat in matches(game, agent):
        summary = simulate(game, games, agents, seed=0, workers=workers, config=config, keep=True)
        errors += int(summary["errors"])
        for outcome in summary["outcomes"]:
            if outcome["scores"] is not None:
                score += float(outcome["scores"][seat])
                n += 1
    lo, hi = wilson(score, n)
    return {"rate": score / n if n else 0.0, "lo": lo, "hi": hi, "n": n,
            "errors": errors, "seconds": time.perf_counter() - start}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per side and cell")
    parser.add_argument("--budgets", default="50,200")
    parser.add_argument("--game", default="heresy,epic,champs")
    parser.add_argument("--scenario", default=None, help="Heresy scenario")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--plot", default=None, help="a PNG of the rate against the budget")
    args = parser.parse_args()
    rows: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    print(f"{'game':8} {'agent':22} {'games':>5} {'win rate':>8}  {'95 % interval':>15} {'s':>7}")
    for game in args.game.split(","):
        config = {"scenario": args.scenario} if game == "heresy" and args.scenario else {}
        if game == "champs":
            base = cell(game, "mj", args.games, args.workers, config)
            print(f"{game:8} {'mj (baseline)':22} {base['n']:5} {base['rate']:8.2f}  "
                  f"[{base['lo']:.2f}, {base['hi']:.2f}] {base['seconds']:7.0f}")  # fmt: skip
        for budget in (int(b) for b in args.budgets.split(",")):
            agent = f"mcts:iterations={budget}"
            got = cell(game, agent, args.games, args.workers, config)
            rows.setdefault(game, []).append((budget, got))
            print(f"{game:8} {agent:22} {got['n']:5} {got['rate']:8.2f}  "
                  f"[{got['lo']:.2f}, {got['hi']:.2f}] {got['seconds']:7.0f}"
                  + (f"  errors {got['errors']}" if got["errors"] else ""), flush=True)  # fmt: skip
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6, 4))
        for game, points in rows.items():
            xs = [b for b, _ in points]
            ys = [g["rate"] for _, g in points]
            err = [
                [g["rate"] - g["lo"] for _, g in points],
                [g["hi"] - g["rate"] for _, g in points],
            ]
            ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label=game)
        ax.set_xscale("log")
        ax.set_xlabel("mcts iterations per decision")
        ax.set_ylabel("win rate against the heuristic AI")
        ax.axhline(0.5, color="grey", lw=0.5)
        ax.legend()
        fig.savefig(args.plot, dpi=100, bbox_inches="tight")
        print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
