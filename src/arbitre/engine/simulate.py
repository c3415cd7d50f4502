"""Many games in parallel processes or Ray tasks, summarised per seat (used by
`arbitre simulate`). The outcome of a seed never depends on the backend nor on the number
of workers: every agent's seed comes from the game's seed (`play_one`)."""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from arbitre.engine.agents import make_agent
from arbitre.engine.registry import get


@dataclass(slots=True)
class GameOutcome:
    seed: int
    scores: list[float] | None
    decisions: int
    seconds: float
    error: str | None = None
    details: dict[str, Any] = field(default_factory=dict)


def one_line(exc: BaseException) -> str:
    """An exception as one line: its type and the first line of its message."""
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def play_one(
    game: str,
    config: Mapping[str, Any],
    agents: Sequence[str],
    seed: int,
    max_decisions: int,
    debug: bool = False,
) -> GameOutcome:
    """One whole game; any exception is caught and reported, never raised: as one line
    (`one_line`), or the whole traceback with `debug`."""
    start = time.perf_counter()
    decisions = 0
    try:
        ruleset = get(game)
        state = ruleset.new(config, seed)
        seats = ruleset.seats(config)
        if len(agents) != len(seats):
            raise ValueError(f"{len(seats)} seats ({', '.join(seats)}) but {len(agents)} agents")
        players = [make_agent(ruleset, name, seed * 7919 + i) for i, name in enumerate(agents)]
        while decisions < max_decisions:
            decision = ruleset.decision(state)
            if decision is None:
                break
            key = players[decision.seat].choose(ruleset, state, decision)
            ruleset.apply(state, key)
            decisions += 1
        result = ruleset.result(state)
        if result is None:
            raise RuntimeError(f"no result after {decisions} decisions")
        return GameOutcome(
            seed,
            list(result.scores),
            decisions,
            time.perf_counter() - start,
            details=dict(result.details),
        )
    except Exception as exc:
        error = traceback.format_exc() if debug else one_line(exc)
        return GameOutcome(seed, None, decisions, time.perf_counter() - start, error=error)


def _play_batch(
    game: str,
    config: Mapping[str, Any],
    agents: Sequence[str],
    seeds: Sequence[int],
    cap: int,
    debug: bool = False,
) -> list[GameOutcome]:
    return [play_one(game, config, agents, s, cap, debug) for s in seeds]


def _failed(seed: int, error: str) -> GameOutcome:
    """A game whose Ray task died (a worker killed, a node lost): counted as an error."""
    return GameOutcome(seed, None, 0, 0.0, error=error)


BACKENDS = ("process", "ray")


def _split(seeds: list[int], workers: int) -> list[list[int]]:
    """Batches of seeds: about eight per worker (so a slow batch does not leave the others
    idle at the end), at most 50 games each, one game each when games are few."""
    batch = max(1, min(50, len(seeds) // max(1, workers * 8)))
    return [seeds[i : i + batch] for i in range(0, len(seeds), batch)]


def simulate(
    game: str,
    games: int,
    agents: Sequence[str],
    seed: int = 0,
    workers: int = 1,
    config: Mapping[str, Any] | None = None,
    max_decisions: int = 100_000,
    progress: Callable[[int], None] | None = None,
    keep: bool = False,
    debug: bool = False,
    backend: str = "process",
    address: str | None = None,
) -> dict[str, Any]:
    """Play `games` games (seeds seed, seed+1, …) and summarise them; `keep` adds every
    game's outcome (seed, scores, decisions, the ruleset's result details) as `outcomes`.
    A game that fails is counted in `errors`; `error_samples` give one line each, the
    whole traceback with `debug`.

    `backend="ray"` plays the batches as Ray tasks (`arbitre.engine.simulate_ray`: a local
    Ray with `workers` CPUs, or the cluster at `address`); it raises `RayMissing` when Ray
    is not installed and `RayUnavailable` when it cannot start, before any game."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise ValueError("address is for the ray backend only")
    config = dict(config or {})
    seeds = list(range(seed, seed + games))
    outcomes: list[GameOutcome] = []
    start = time.perf_counter()
    startup = 0.0  # Ray's start or connection, kept out of the games' wall time
    chunks = _split(seeds, workers)
    if backend == "ray":
        from arbitre.engine import simulate_ray  # optional: Ray is imported only here

        kwargs: dict[str, Any] = {"game": game, "config": config, "agents": list(agents)}
        kwargs.update(cap=max_decisions, debug=debug)
        ran = simulate_ray.run_batches(
            _play_batch, kwargs, lambda n: _split(seeds, n), _failed, workers, address, progress
        )
        outcomes, workers, startup = ran.outcomes, ran.workers, ran.startup
    elif workers <= 1:
        for chunk in chunks:
            done = _play_batch(game, config, agents, chunk, max_decisions, debug)
            outcomes.extend(done)
            if progress:
                progress(len(done))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [
                pool.submit(_play_batch, game, config, agents, chunk, max_decisions, debug)
                for chunk in chunks
            ]
            for future in as_completed(futures):
                done = future.result()
                outcomes.extend(done)
                if progress:
                    progress(len(done))
    wall = time.perf_counter() - start - startup
    seats = get(game).seats(config)
    summary = summarise(game, seats, agents, outcomes, wall, workers)
    summary["backend"] = backend
    if backend == "ray":
        summary["startup_seconds"] = startup
    if keep:
        summary["outcomes"] = [
            {"seed": o.seed, "scores": o.scores, "decisions": o.decisions, "details": o.details}
            for o in sorted(outcomes, key=lambda o: o.seed)
        ]
    return summary


def summarise(
    game: str,
    seats: Sequence[str],
    agents: Sequence[str],
    outcomes: list[GameOutcome],
    wall: float,
    workers: int,
) -> dict[str, Any]:
    finished = [o for o in outcomes if o.scores is not None]
    errors = [o for o in outcomes if o.error is not None]
    n_seats = len(agents)
    results = []
    for i in range(n_seats):
        scores = [o.scores[i] for o in finished if o.scores is not None]
        results.append(
            {
                "seat": seats[i] if i < len(seats) else str(i),
                "agent": agents[i],
                "wins": sum(1 for s in scores if s == 1.0),
                "draws": sum(1 for s in scores if s == 0.5),
                "losses": sum(1 for s in scores if s == 0.0),
                "mean_score": (sum(scores) / len(scores)) if scores else 0.0,
            }
        )
    decisions = sum(o.decisions for o in outcomes)
    cpu = sum(o.seconds for o in outcomes)
    return {
        "game": game,
        "games": len(outcomes),
        "errors": len(errors),
        "error_samples": [{"seed": o.seed, "error": o.error} for o in errors[:3]],
        "results": results,
        "mean_decisions": decisions / len(outcomes) if outcomes else 0.0,
        "games_per_second": len(outcomes) / wall if wall > 0 else 0.0,
        "decisions_per_second": decisions / wall if wall > 0 else 0.0,
        "decisions_per_cpu_second": decisions / cpu if cpu > 0 else 0.0,
        "seconds": wall,
        "workers": workers,
    }
