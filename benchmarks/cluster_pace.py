"""Games at human pace against 1 and 2 `arbitre serve` processes sharing PostgreSQL.

As benchmarks/server_pace.py (its seat clients, `--protocol page`: patches, plays on the
socket), but the servers run on one PostgreSQL database (a throwaway cluster from
tests/pg.py, or `--db URL`) and, with 2 processes, each game's two seats are connected to
DIFFERENT processes: a move reaches the other seat through PostgreSQL (NOTIFY, then the
other process reads the move and patches its sockets). Prints per run: games, moves/s,
p50/p99 of move → answer and move → the other seat's State, and the servers' CPU per
move (all processes together), with the load average (the machine may be shared).

    python -m benchmarks.cluster_pace [--games 100] [--seconds 30] [--processes 1 2]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from benchmarks.server import wait_serving
from benchmarks.server_pace import Figures, cpu_seconds, hotseat_game, pct, seat_client


@contextlib.contextmanager
def servers(url: str, count: int) -> Iterator[list[tuple[str, int]]]:
    """`count` server processes on `url`, started one after the other (the first makes
    the tables); yields (base URL, pid) of each."""
    from tests.pg import free_port

    procs: list[subprocess.Popen[bytes]] = []
    out: list[tuple[str, int]] = []
    with tempfile.TemporaryDirectory() as tmp:
        try:
            for i in range(count):
                port = free_port()
                log = (Path(tmp) / f"{i}.log").open("w+")
                cmd = "from arbitre.cli import main; main()"
                options = ["--port", str(port), "--db", url, "--rate", "0"]
                proc = subprocess.Popen(
                    [sys.executable, "-c", cmd, "serve", *options],
                    stdout=subprocess.DEVNULL,
                    stderr=log,
                )
                procs.append(proc)
                base = f"http://127.0.0.1:{port}"
                wait_serving(proc, base, log)
                out.append((base, proc.pid))
            yield out
        finally:
            for proc in procs:
                proc.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=10)


async def run(
    procs: list[tuple[str, int]], ruleset: str, games: int, seconds: float, period: float
) -> str:
    async with httpx.AsyncClient(timeout=30) as http:
        created = [
            await hotseat_game(http, procs[i % len(procs)][0], ruleset, 1000 + i)
            for i in range(games)
        ]
    figures = Figures()
    start, stop = asyncio.Event(), asyncio.Event()
    readies: list[asyncio.Event] = []
    tasks = []
    for i, g in enumerate(created):
        for seat in (0, 1):
            base = procs[(i + seat) % len(procs)][0]  # the two seats on different processes
            ready = asyncio.Event()
            readies.append(ready)
            rng = random.Random(i * 2 + seat)
            client = seat_client(
                base, base.replace("http", "ws"), g, seat, figures, period, ready, start, stop,
                rng, "page",
            )  # fmt: skip
            tasks.append(asyncio.create_task(client))
    await asyncio.gather(*(r.wait() for r in readies))
    start.set()
    await asyncio.sleep(2 * period)
    load0 = os.getloadavg()[0]
    figures.timing = True
    cpu0 = [sum(cpu_seconds(pid)) for _, pid in procs]
    t0 = time.perf_counter()
    await asyncio.sleep(seconds)
    figures.timing = False
    cpu1 = [sum(cpu_seconds(pid)) for _, pid in procs]
    t1 = time.perf_counter()
    load1 = os.getloadavg()[0]
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    elapsed, n = t1 - t0, max(1, figures.moves)
    cpu = [b - a for a, b in zip(cpu0, cpu1, strict=True)]
    return "\n".join(
        [
            f"{ruleset}, {len(procs)} process(es): {games} games, a move every ~{period:g} s"
            f" per seat, {elapsed:.0f} s timed (load average {load0:.1f} → {load1:.1f})",
            f"  moves/s: {figures.moves / elapsed:.1f} ({figures.moves} moves,"
            f" {figures.errors} refused, {figures.lost} patches lost)",
            f"  move answered:        p50 {pct(figures.post, 0.5):6.1f} ms,"
            f" p99 {pct(figures.post, 0.99):6.1f} ms",
            f"  State on other's ws:  p50 {pct(figures.other, 0.5):6.1f} ms,"
            f" p99 {pct(figures.other, 0.99):6.1f} ms",
            f"  received per move: {figures.received / n / 1024:.1f} KiB"
            f" ({figures.patches} patches, {figures.wholes} whole States)",
            f"  server CPU per move: {sum(cpu) / n * 1000:.2f} ms"
            f" ({' + '.join(f'{c / elapsed * 100:.0f} %' for c in cpu)} of a core)",
        ]
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--period", type=float, default=1.0)
    parser.add_argument("--ruleset", default="champs")
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--db", help="a PostgreSQL URL (default: a throwaway cluster)")
    args = parser.parse_args(argv)
    cluster = None
    if args.db is None:
        from tests.pg import Cluster

        cluster = Cluster(fsync=True)  # commits as costly as in production
    try:
        for count in args.processes:
            url = args.db or (cluster.new_database() if cluster else "")
            with servers(url, count) as procs:
                text = asyncio.run(run(procs, args.ruleset, args.games, args.seconds, args.period))
                print(text, flush=True)
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
