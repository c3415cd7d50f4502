"""Heresy against outside anchors, measured side by side in one process (issue 14).

Interleaved rounds, same seeds every round: OpenSpiel's `python_tic_tac_toe` (random play
in actions/s, `state.clone()`/s), catanatron random play (actions/s, when installed) and
arbitre's Heresy (random play decisions/s, clone/s, determinize/s; Champs and Epic random
play with `--also champs,epic`). Each figure is the median over the rounds; each ratio is
Heresy's figure divided by the tic-tac-toe figure of the same round (median of rounds), so
a loaded machine slows both sides alike; rates count CPU seconds of this process, not wall
time. The load average is printed at the start and end.

Run: `.venv/bin/python -m benchmarks.anchors [--rounds 5] [--seconds 1.5]`.
Prints figures; asserts nothing (open_spiel and catanatron are dev dependencies).
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from arbitre.engine import get
from arbitre.engine.rng import Rng

# Issue 14's goals as ratios to the tic-tac-toe figure of the same round (so that they can
# be judged on a loaded machine): random play at least tic-tac-toe's actions/s; clone
# 100,000/s and determinize 15,000/s on an idle core where tic-tac-toe clones 177,000/s.
IDLE_TTT_CLONE = 177_000.0
GOALS = {
    "heresy random play": 1.0,
    "heresy clone": 100_000.0 / IDLE_TTT_CLONE,
    "heresy determinize": 15_000.0 / IDLE_TTT_CLONE,
}


def timed(work: Callable[[float], int], seconds: float) -> float:
    """Run `work(deadline)` (it returns how many things it did); things per CPU second of
    this process (on a shared machine, time spent waiting for a core does not count)."""
    cpu = time.process_time()
    done = work(time.perf_counter() + seconds)
    return done / max(time.process_time() - cpu, 1e-9)


# --- OpenSpiel tic-tac-toe ------------------------------------------------------------


def ttt_game() -> Any:
    # imported by name: optional dev dependencies without type information
    pyspiel = importlib.import_module("pyspiel")
    importlib.import_module("open_spiel.python.games.tic_tac_toe")  # registers the game
    return pyspiel.load_game("python_tic_tac_toe")


def ttt_play(game: Any) -> Callable[[float], int]:
    def work(deadline: float) -> int:
        rng, actions, seed = Rng.from_seed(1), 0, 0
        while time.perf_counter() < deadline:
            s = game.new_initial_state()
            while not s.is_terminal():
                legal = s.legal_actions()
                s.apply_action(legal[rng.below(len(legal))])
                actions += 1
            seed += 1
        return actions

    return work


def ttt_samples(game: Any) -> list[Any]:
    rng, out = Rng.from_seed(2), []
    for _ in range(40):
        s = game.new_initial_state()
        for _ in range(rng.below(6)):
            legal = s.legal_actions()
            s.apply_action(legal[rng.below(len(legal))])
        out.append(s)
    return out


def clone_all(samples: list[Any], clone: Callable[[Any], Any]) -> Callable[[float], int]:
    def work(deadline: float) -> int:
        n = 0
        while time.perf_counter() < deadline:
            for s in samples:
                clone(s)
            n += len(samples)
        return n

    return work


# --- catanatron -----------------------------------------------------------------------


def catan_play() -> Callable[[float], int] | None:
    try:
        catan = importlib.import_module("catanatron")
    except ImportError:
        return None
    Color, Game, RandomPlayer = catan.Color, catan.Game, catan.RandomPlayer

    def work(deadline: float) -> int:
        actions, seed = 0, 0
        while time.perf_counter() < deadline:
            players = [RandomPlayer(Color.RED), RandomPlayer(Color.BLUE)]
            game = Game(players, seed=seed)
            game.play()
            actions += len(game.state.actions)
            seed += 1
        return actions

    return work


# --- arbitre --------------------------------------------------------------------------


def arbitre_play(game: str) -> Callable[[float], int]:
    r = get(game)

    def work(deadline: float) -> int:
        decisions, seed = 0, 0
        while time.perf_counter() < deadline:
            s = r.new({}, seed)
            rng = Rng.from_seed(seed)
            while (d := r.decision(s)) is not None:
                r.apply(s, d.options[rng.below(len(d.options))].key)
                decisions += 1
            seed += 1
        return decisions

    return work


def arbitre_samples(game: str, games: int = 6, every: int = 29) -> list[Any]:
    r = get(game)
    out = []
    for seed in range(games):
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        n = 0
        while (d := r.decision(s)) is not None:
            r.apply(s, d.options[rng.below(len(d.options))].key)
            n += 1
            if n % every == 0 and r.decision(s) is not None:
                out.append(r.clone(s))
    return out


def determinize_all(game: str, samples: list[Any]) -> Callable[[float], int]:
    r = get(game)
    seats = [d.seat for s in samples if (d := r.decision(s)) is not None]

    def work(deadline: float) -> int:
        n, rng = 0, Rng.from_seed(3)
        while time.perf_counter() < deadline:
            for s, seat in zip(samples, seats, strict=True):
                r.determinize(s, seat, rng)
            n += len(samples)
        return n

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.5, help="per figure per round")
    parser.add_argument("--also", default="", help="more rulesets' random play: champs,epic")
    args = parser.parse_args()
    print("load average at start: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    game = ttt_game()
    heresy = get("heresy")
    h_samples = arbitre_samples("heresy")
    work: dict[str, Callable[[float], int]] = {
        "tic-tac-toe random play": ttt_play(game),
        "tic-tac-toe clone": clone_all(ttt_samples(game), lambda s: s.clone()),
        "heresy random play": arbitre_play("heresy"),
        "heresy clone": clone_all(h_samples, heresy.clone),
        "heresy determinize": determinize_all("heresy", h_samples),
    }
    catan = catan_play()
    if catan is not None:
        work["catanatron random play"] = catan
    for extra in filter(None, args.also.split(",")):
        work[f"{extra} random play"] = arbitre_play(extra)
    rates: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(args.rounds):
        for name, job in work.items():
            rates[name].append(timed(job, args.seconds))
    print(f"{args.rounds} interleaved rounds of {args.seconds:.1f} s per figure")
    ttt = rates["tic-tac-toe random play"]
    ttt_clone = rates["tic-tac-toe clone"]
    for name, values in rates.items():
        median = statistics.median(values)
        base = ttt_clone if "clone" in name or "determinize" in name else ttt
        ratio = statistics.median(v / b for v, b in zip(values, base, strict=True))
        line = f"  {name:26s} {median:12,.0f}/s   {ratio:5.2f}x tic-tac-toe"
        if name in GOALS:
            goal = GOALS[name]
            line += f"   goal {goal:.2f}x: {'reached' if ratio >= goal else 'not yet'}"
        print(line)
    print("load average at end:   {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
