"""The games of `simulate` as Ray tasks: on a local Ray, or on a cluster (`address`).

Ray is an optional extra (`pip install arbitre[cluster]`): it is imported only here, when
the ray backend runs, so the rest of arbitre never needs it. Each task plays a batch of
seeds with the same `play_one` as the process backend, so the outcome of seed n never
depends on the backend (every agent's seed comes from the game's seed, never from the
process or the machine). Batches come back as they finish (`ray.wait`), so the caller's
progress bar moves as with processes.

The batch function comes from the caller (`arbitre.engine.simulate`), so this module
imports nothing of the engine and there is no import cycle.
"""

from __future__ import annotations

import importlib
import logging
import socket
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")


@dataclass(slots=True)
class Ran(Generic[T]):
    """What the batches gave, how many ran at once, and how long Ray took to start or to
    connect (not counted in the games' wall time: a local Ray takes seconds to start)."""

    outcomes: list[T]
    workers: int
    startup: float


class RayMissing(ImportError):
    """Ray is not installed: `pip install arbitre[cluster]` brings it."""


class RayUnavailable(RuntimeError):
    """Ray is installed but could not start, or the cluster at `address` did not answer."""


def import_ray() -> Any:
    """The `ray` module, or RayMissing (tests simulate its absence through sys.modules)."""
    try:
        return importlib.import_module("ray")
    except ImportError as exc:
        raise RayMissing(str(exc)) from None


def reachable(address: str, timeout: float = 5.0) -> None:
    """RayUnavailable at once when nothing listens at `HOST:PORT` (ray.init would retry
    for minutes); `auto` (the cluster this machine belongs to) is left to Ray."""
    if address == "auto":
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except (OSError, ValueError) as exc:
        raise RayUnavailable(_one_line(exc)) from None


def start(ray: Any, workers: int, address: str | None) -> bool:
    """Connect to `address`, or start a local Ray with `workers` CPUs; True when this call
    started it (so the caller shuts it down). An already started Ray (a test module's, a
    benchmark's) is used as it is."""
    if address is not None:
        reachable(address)
    if ray.is_initialized():
        return False
    try:
        if address is not None:
            ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
        else:
            ray.init(
                num_cpus=workers,
                include_dashboard=False,
                logging_level=logging.WARNING,
                log_to_driver=False,
                # a local Ray listens on the loopback only: nothing opened to the network
                _node_ip_address="127.0.0.1",
                # Ray runs its workers at nice 15; the process backend's run at the user's
                # priority, and a local run should get the CPU the same way
                _system_config={"worker_niceness": 0},
            )
    except Exception as exc:  # ConnectionError, a timeout, a refused token…
        raise RayUnavailable(_one_line(exc)) from None
    return True


def in_flight(ray: Any, workers: int, address: str | None) -> int:
    """How many batches run at once: `workers` locally; on a cluster, at least its CPUs."""
    if address is None:
        return workers
    try:
        cpus = int(ray.cluster_resources().get("CPU", workers))
    except Exception:  # an old or partial cluster: the workers asked for
        cpus = workers
    return max(workers, cpus)


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def _run(play: Callable[..., list[T]], seeds: list[int], kwargs: dict[str, Any]) -> list[T]:
    """The task: one batch. `play` travels by reference (a module-level function that every
    worker imports from the same arbitre version)."""
    return play(seeds=seeds, **kwargs)


def run_batches(
    play: Callable[..., list[T]],
    kwargs: Mapping[str, Any],
    split: Callable[[int], Sequence[Sequence[int]]],
    failed: Callable[[int, str], T],
    workers: int,
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Ran[T]:
    """`play(seeds=chunk, **kwargs)` for every chunk of `split(n)` (the seeds cut for n
    tasks at once) as one Ray task, n = `in_flight` running at once, results gathered as
    they finish. Twice n are submitted ahead, so a worker that finishes a batch starts the
    next one without waiting for this loop. A task that dies (a worker killed, a node
    lost) gives `failed(seed, error)` for each of its seeds, as a game that raises does
    in the process backend."""
    ray = import_ray()
    begin = time.perf_counter()
    started = start(ray, workers, address)
    try:
        task = ray.remote(num_cpus=1, max_retries=1)(_run)
        args = dict(kwargs)
        limit = max(1, in_flight(ray, workers, address))
        startup = time.perf_counter() - begin
        # popped from the end: submitted in seed order
        waiting = [list(chunk) for chunk in reversed(split(limit))]
        running: dict[Any, list[int]] = {}
        outcomes: list[T] = []
        while waiting or running:
            while waiting and len(running) < 2 * limit:
                seeds = waiting.pop()
                running[task.remote(play, seeds, args)] = seeds
            ready, _ = ray.wait(list(running), num_returns=1)
            for ref in ready:
                seeds = running.pop(ref)
                try:
                    done: list[T] = ray.get(ref)
                except Exception as exc:
                    error = _one_line(exc)
                    done = [failed(s, error) for s in seeds]
                outcomes.extend(done)
                if progress:
                    progress(len(done))
        return Ran(outcomes, limit, startup)
    finally:
        if started:
            ray.shutdown()


__all__ = ["Ran", "RayMissing", "RayUnavailable", "import_ray", "run_batches", "start"]
