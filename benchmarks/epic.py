"""Epic throughput: random-play decisions/s against baselines run in the same process,
clones/s, and whole AI-vs-AI battles (issue 14: Epic random play, goal >= 10,000/s).

The machine is shared, so a bare decisions/s says little: every round times, one after
the other, a fixed pure-Python workload (`baseline`, the same instructions every run),
OpenSpiel's `python_tic_tac_toe` random play when open_spiel is installed, and Epic
random play on the same seeded games. Each ratio is Epic's figure over the anchor's of
the same round (median over the rounds), so a load slows both alike; `BEFORE` holds
the ratios measured before the speed work (issue 14), the speed-up is now/before. CPU
seconds of this process are shown beside wall seconds, with the load average.

Run: `.venv/bin/python -m benchmarks.epic [--rounds 3] [--games 12] [--battles 10]`;
`--profile 100` instead prints where 100 seeded random games spend their time (cProfile,
by function with what it calls; docs/performance.md, "Epic").
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import time
from collections.abc import Callable

from arbitre.engine import get
from arbitre.engine.rng import Rng
from benchmarks.common import clones_per_second, random_play

# Epic decisions/s divided by the anchor's units/s in the same round (baseline: per 1,000
# units), measured on this machine kind before the speed work (2 December 2026, load ~2
# on 2 cores, three runs of 5 rounds of 12 games: tic-tac-toe 0.065-0.068, the plain
# baseline 0.46-0.57; tic-tac-toe, a game engine too, is the steadier anchor).
BEFORE = {"baseline": 0.51, "tic-tac-toe": 0.066}
# issue 14's idle-core tic-tac-toe figure: a tic-tac-toe ratio times it estimates Epic's
# decisions/s on an idle core (the issue measured Epic at 3,300/s: a 0.064 ratio)
TTT_IDLE = 51_200
PER = {"baseline": 1000.0, "tic-tac-toe": 1.0}  # anchor units a ratio counts in
GOAL = 10_000  # decisions/s on an idle core (issue 14)


def baseline(units: int = 1_000_000) -> Callable[[], int]:
    """A fixed pure-Python workload like a rules engine's: small objects, attribute
    reads, dict lookups, float arithmetic, list building; `units` loop turns."""

    class P:
        __slots__ = ("x", "y")

        def __init__(self, x: float, y: float) -> None:
            self.x, self.y = x, y

    def work() -> int:
        table: dict[int, P] = {i: P(i * 1.5, i * 0.5) for i in range(64)}
        total = 0.0
        near: list[int] = []
        for i in range(units):
            a, b = table[i & 63], table[(i * 7) & 63]
            dx, dy = a.x - b.x, a.y - b.y
            if dx * dx + dy * dy < 900.0:
                near.append(i)
            total += (dx * dx + dy * dy) ** 0.5
            if len(near) > 32:
                near.clear()
        return units if total >= 0 else 0

    return work


def ttt() -> Callable[[], int] | None:
    """Random play of OpenSpiel's python_tic_tac_toe (actions), if installed."""
    try:
        pyspiel = importlib.import_module("pyspiel")
        importlib.import_module("open_spiel.python.games.tic_tac_toe")
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")

    def work() -> int:
        rng, actions = Rng.from_seed(1), 0
        for _ in range(600):
            s = game.new_initial_state()
            while not s.is_terminal():
                legal = s.legal_actions()
                s.apply_action(legal[rng.below(len(legal))])
                actions += 1
        return actions

    return work


def epic_play(games: int) -> Callable[[], int]:
    r = get("epic")

    def work() -> int:
        decisions = 0
        for seed in range(games):
            s = r.new({}, seed)
            rng = Rng.from_seed(seed)
            while (d := r.decision(s)) is not None:
                r.apply(s, d.options[rng.below(len(d.options))].key)
                decisions += 1
        return decisions

    return work


def rate(work: Callable[[], int]) -> tuple[float, float]:
    """(things per wall second, things per CPU second of this process)."""
    wall, cpu = time.perf_counter(), time.process_time()
    done = work()
    return done / (time.perf_counter() - wall), done / max(1e-9, time.process_time() - cpu)


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


def compare(rounds: int, games: int) -> None:
    """Interleaved rounds; ratios by wall time and by this process's CPU time (the CPU
    ratio holds better when other processes take turns on the cores)."""
    anchors: dict[str, Callable[[], int]] = {"baseline": baseline()}
    tic = ttt()
    if tic is not None:
        anchors["tic-tac-toe"] = tic
    epic = epic_play(games)
    epic()  # warm up: imports, catalogs, first-call caches
    seen: dict[str, list[tuple[float, float]]] = {name: [] for name in (*anchors, "epic")}
    for _ in range(rounds):
        for name, work in anchors.items():
            seen[name].append(rate(work))
        seen["epic"].append(rate(epic))

    def median(name: str, i: int) -> float:
        return statistics.median(r[i] for r in seen[name])

    def ratio(name: str, i: int) -> float:
        pairs = zip(seen["epic"], seen[name], strict=True)
        return statistics.median(e[i] / (a[i] / PER[name]) for e, a in pairs)

    print(f"Epic random play, {games} seeded games x {rounds} rounds (medians)")
    print(f"  decisions/s (wall)          {median('epic', 0):10,.0f}   goal {GOAL:,} idle core")
    print(f"  decisions/s (CPU s)         {median('epic', 1):10,.0f}")
    for name in anchors:
        print(f"  {name + ' units/s (wall)':28}{median(name, 0):10,.0f}")
        for i, how in enumerate(("wall", "CPU")):
            r = ratio(name, i)
            line = f"  ratio to {name} ({how})".ljust(30) + f"{r:8.4f}"
            if name in BEFORE:
                line += f"   before {BEFORE[name]:.4f}: {r / BEFORE[name]:.2f}x faster"
            print(line)
        if name == "tic-tac-toe":
            r = ratio(name, 1)
            print(f"  idle-core estimate          {r * TTT_IDLE:10,.0f} decisions/s (CPU ratio)")


def profile(games: int, top: int = 30) -> None:
    """cProfile of `games` seeded random games (after one warm-up game), by cumulative
    time: a function with what it calls."""
    import cProfile
    import pstats

    play = epic_play(games)
    epic_play(1)()  # imports, catalogs, first-call caches
    prof = cProfile.Profile()
    decisions = prof.runcall(play)
    print(f"{games} seeded random games, {decisions} decisions")
    pstats.Stats(prof).sort_stats("cumulative").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--battles", type=int, default=10)
    parser.add_argument("--profile", type=int, default=0, help="profile N games instead")
    args = parser.parse_args()
    if args.profile > 0:
        profile(args.profile)
        return
    print(f"load average at start: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    compare(args.rounds, args.games)
    _n, _secs, samples = random_play("epic", args.games, sample_every=37)
    print(f"  clones/s                    {clones_per_second('epic', samples):10,.0f}")
    if args.battles:
        n, dec, secs = ai_battles(args.battles)
        print(f"AI vs AI, {n} whole battles, {dec} decisions in {secs:.2f} s")
        print(f"  battles/s                   {n / secs:10.1f}")
        print(f"  decisions/s                 {dec / secs:10,.0f} (AI thinking included)")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
