"""IS-MCTS iterations per second: ours (`arbitre.engine.mcts`) against OpenSpiel's
`ISMCTSBot` playing the same game through our adapter (`arbitre.interop.openspiel`).

Both search the same mid-game position for the same seat, with the same rollout: one
uniformly random playout to the end of the game (ours: `depth` beyond any game's length,
no evaluation; OpenSpiel: `RandomRolloutEvaluator(1)`). OpenSpiel's bot additionally
keys its tree on `information_state_string` (the seat's JSON view and history) and
clones through the adapter; that is the price of going through it.

Run: `.venv/bin/python -m benchmarks.mcts_speed [--iterations N] [--games champs,heresy]`.
The issue's goal is ours ≥ 2× OpenSpiel's; the figures are printed, nothing asserted.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from arbitre.engine import Rng, get
from arbitre.engine.mcts import MctsAgent, MctsPlugin, Params


def position(game: str, steps: int, seed: int = 3) -> tuple[Any, list[int]]:
    """A state `steps` random decisions into a game (then on to a decision with several
    options: a single one is not searched), and the option indices played."""
    r = get(game)
    s = r.new({}, seed)
    rng = Rng.from_seed(seed)
    played = []
    for n in range(100_000):
        d = r.decision(s)
        if d is None or (n >= steps and len(d.options) > 1):
            break
        i = rng.below(len(d.options))
        played.append(i)
        r.apply(s, d.options[i].key)
    return s, played


def ours(game: str, state: Any, iterations: int) -> float:
    r = get(game)
    d = r.decision(state)
    assert d is not None
    agent = MctsAgent(1, MctsPlugin(), Params(iterations=iterations, seconds=0, depth=100_000))
    start = time.perf_counter()
    agent.search(r, state, d.seat)
    return agent.last_iterations / (time.perf_counter() - start)


def openspiel(game: str, played: list[int], iterations: int, seed: int = 3) -> float:
    import pyspiel  # type: ignore[import-not-found, unused-ignore]
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped, import-not-found, unused-ignore]
        ismcts,
        mcts,
    )

    import arbitre.interop.openspiel  # noqa: F401  registers the games

    g = pyspiel.load_game(f"arbitre_{game}", {"seed": seed})
    state = g.new_initial_state()
    for i in played:
        state.apply_action(i)
    rs = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(
        g,
        mcts.RandomRolloutEvaluator(1, rs),
        1.4,
        iterations,
        random_state=rs,
        allow_inconsistent_action_sets=True,
    )
    start = time.perf_counter()
    bot.step(state)
    return iterations / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--games", default="champs,heresy,epic")
    parser.add_argument("--steps", type=int, default=30, help="random decisions before")
    args = parser.parse_args()
    print(f"IS-MCTS, {args.iterations} iterations, random rollouts to the end, one position")
    print(f"{'game':8} {'ours it/s':>10} {'OpenSpiel it/s':>15} {'ratio':>7}")
    for game in args.games.split(","):
        state, played = position(game, args.steps)
        a = ours(game, state, args.iterations)
        b = openspiel(game, played, args.iterations)
        print(f"{game:8} {a:10.1f} {b:15.1f} {a / b:6.1f}×")


if __name__ == "__main__":
    main()
