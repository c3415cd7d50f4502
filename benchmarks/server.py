"""N concurrent games played by random agents through the real HTTP and WebSocket API.

Starts `arbitre serve` on a loopback port with a fresh SQLite file, creates N Champs
games with two human seats, and lets one random client per seat play: it listens on its
WebSocket and answers with an HTTP POST when the State says it is its turn. Prints the
actions per second and the p50 / p99 latency of a move (POST sent → answer received).

    python -m benchmarks.server [--games 8] [--moves 200] [--ruleset champs]

`python -m benchmarks.server_pace` is the human-pace check (100 games, each seat moving
about once a second): p50/p99 and the server's CPU per move.

`--attack` runs the load check of the per-address limits instead (benchmarks/server_attack.py):
another player's move latency while one address floods replays and opens 400 sockets.

    python -m benchmarks.server --attack [--moves 200] [--replay-rate 45] [--sockets 400]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def seat_client(
    base: str, game: dict[str, Any], seat: int, moves: int, latencies: list[float], seed: int
) -> int:
    token = game["seats"][seat]["token"]
    rng = random.Random(seed)
    played = 0
    ws_url = base.replace("http", "ws") + f"/ws/games/{game['id']}?token={token}"
    async with httpx.AsyncClient(base_url=base) as http, websockets.connect(ws_url) as ws:
        while played < moves:
            state = json.loads(await ws.recv())
            if state.get("type") != "state":
                continue
            d = state["decision"]
            if d is None or state["moves"] >= moves:
                return played
            if not d["yours"]:
                continue
            key = rng.choice(d["options"])["key"]
            start = time.perf_counter()
            r = await http.post(
                f"/api/games/{game['id']}/play",
                json={"token": token, "key": key, "expect": state["moves"]},
            )
            latencies.append(time.perf_counter() - start)
            if r.status_code != 200:
                raise RuntimeError(f"move refused: {r.status_code} {r.text}")
            played += 1
    return played


async def run(base: str, ruleset: str, games: int, moves: int) -> None:
    async with httpx.AsyncClient(base_url=base) as http:
        created = []
        for i in range(games):
            seats = [{"kind": "human"}, {"kind": "human"}]
            config = {"players": 1} if ruleset == "champs" else {}
            body = {
                "ruleset": ruleset,
                "mode": "hotseat",
                "config": config,
                "seed": i,
                "seats": seats,
            }
            r = await http.post("/api/games", json=body)
            if r.status_code != 201:
                raise RuntimeError(f"game refused: {r.status_code} {r.text}")
            created.append(r.json())
    latencies: list[float] = []
    start = time.perf_counter()
    counts = await asyncio.gather(
        *(
            seat_client(base, g, seat, moves, latencies, seed=i * 2 + seat)
            for i, g in enumerate(created)
            for seat in (0, 1)
        )
    )
    elapsed = time.perf_counter() - start
    total = sum(counts)
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    print(f"{ruleset}: {games} concurrent games, {total} moves in {elapsed:.1f} s")
    print(f"  actions/s: {total / elapsed:,.0f}")
    print(f"  move latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms")


@contextlib.contextmanager
def serving(*options: str) -> Iterator[str]:
    """`arbitre serve` on a free loopback port with a fresh SQLite file; yields its base URL
    once it answers (at most 120 s), stops it on exit."""
    with server_process(*options) as (base, _pid):
        yield base


def wait_serving(proc: subprocess.Popen[bytes], base: str, log: IO[str]) -> None:
    """Return once the server `proc` started answers at `base`; raise with the end of its
    `log` if it died or did not answer within two minutes (a loaded machine starts slowly)."""
    deadline = time.monotonic() + 120
    while True:
        if proc.poll() is not None or time.monotonic() > deadline:
            log.seek(0)
            raise RuntimeError(f"the server did not start:\n{log.read()[-2000:]}")
        try:
            if httpx.get(f"{base}/api/rulesets", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)


@contextlib.contextmanager
def server_process(
    *options: str, server_code: Path | None = None, deflate: bool | None = None
) -> Iterator[tuple[str, int]]:
    """As `serving`, yielding the base URL and the server's process id. `server_code`: run
    the `arbitre.server` package from that folder (an older copy, to compare). `deflate`:
    force Uvicorn's per-message deflate on or off (`arbitre serve` turns it off; an older
    server ran with it)."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        cmd = "from arbitre.cli import main; main()"
        if server_code is not None:
            # an older `create_app` does not take the options this tree's `serve` passes
            # (they are this tree's defaults): they are dropped
            cmd = (
                f"import arbitre.server as s; s.__path__[:] = [{str(server_code)!r}]; "
                "import inspect, arbitre.server.app as a; f = a.create_app; "
                "ok = set(inspect.signature(f).parameters); "
                "a.create_app = lambda *x, **k: f(*x, **{n: v for n, v in k.items() if n in ok}); "
                + cmd
            )
        if deflate is not None:
            cmd = (
                "import uvicorn; run = uvicorn.run; uvicorn.run = lambda *a, **k: "
                f"run(*a, **{{**k, 'ws_per_message_deflate': {deflate!r}}}); " + cmd
            )
        with (Path(tmp) / "server.log").open("w+") as log:
            proc = subprocess.Popen(
                [sys.executable, "-c", cmd, "serve", "--port", str(port), "--db", db, *options],
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
            base = f"http://127.0.0.1:{port}"
            try:
                wait_serving(proc, base, log)
                yield base, proc.pid
            finally:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if "--attack" in argv:
        from benchmarks.server_attack import main as attack_main

        attack_main([a for a in argv if a != "--attack"])
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--ruleset", default="champs")
    parser.add_argument(
        "--attack", action="store_true", help="the load check of benchmarks/server_attack.py"
    )
    args = parser.parse_args(argv)
    # every client comes from 127.0.0.1: no per-client rate limit here
    with serving("--rate", "0") as base:
        asyncio.run(run(base, args.ruleset, args.games, args.moves))


if __name__ == "__main__":
    main()
