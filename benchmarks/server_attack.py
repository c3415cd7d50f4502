"""Load check of the per-address limits: does one abusive address slow another player down?

Starts `arbitre serve` on a loopback port with a fresh SQLite file and its per-address
limits ON (default `--rate`). A victim at 127.0.0.1 plays a two-seat hotseat Champs game
through `POST /api/games/{id}/play` (admin token, `expect`), one move every ~100 ms, and
times each move (POST sent → answer received): first with nobody else on the server
(baseline), then while an attacker at 127.0.0.2, in its own process, at once

- floods `POST /api/replay` with a 600-move record, open loop at `--replay-rate` per second
  (answers counted by status: 200, 429 rate, 503 busy, ...), and
- opens `--sockets` WebSockets on the victim's game with its spectator link (the server
  caps sockets per address: accepted / refused counted), and holds the accepted ones
  open, reading every State the server pushes.

`--separate` adds each attack alone. Variants: `--sockets-on own` (the sockets open a game
of the attacker's: the connection cost without the victim's broadcasts), `--stall` (the
accepted sockets never read: slow consumers), `--churn S` (a refused socket tries again
after S seconds instead of giving up). Figures are printed with their ratio to the baseline
of the same run, and the goal (victim p50 < 50 ms, p99 < 250 ms) said met or not: never
asserted. Every loop is bounded in count and time; the run stops by itself (≈ 1 minute,
≈ 2 with `--separate`).

    python -m benchmarks.server_attack [--moves 200] [--interval 0.1] [--replay-rate 45]
                                       [--sockets 400] [--separate]
    python -m benchmarks.server --attack ...   (the same)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import queue
import random
import socket
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

from benchmarks.server import serving

VICTIM = "127.0.0.1"
ATTACKER = "127.0.0.2"
GOAL_P50_MS = 50.0
GOAL_P99_MS = 250.0
# Two seats (the player and the MJ); a round limit far away so that one game lasts the
# whole phase (≈ 850+ random moves instead of ≈ 150 when annihilation ends it).
VICTIM_CONFIG = {"players": 1, "victory.mode": "roundLimit", "victory.rounds": 60}
VICTIM_SEED = 11
WARMUP_MOVES = 5
RECORD_MOVES = 600
MOVE_TIMEOUT = 10.0  # a victim's request without an answer by then is counted as such
READY_TIMEOUT = 40.0  # the attacker's sockets wave and first second of flood
ATTACK_LIMIT = 120.0  # the attacker process stops by itself after this, whatever happens


# --- the record the attacker replays --------------------------------------------------------


def long_record(moves: int = RECORD_MOVES) -> dict[str, Any]:
    """A `moves`-move Champs record (4 players, random answers): a long saved game."""
    from arbitre.engine import get

    ruleset = get("champs")
    config = {"players": 4}
    for seed in range(100):
        state = ruleset.new(dict(config), seed)
        rng = random.Random(seed)
        keys: list[str] = []
        while len(keys) < moves and (d := ruleset.decision(state)) is not None:
            key = rng.choice(d.options).key
            ruleset.apply(state, key)
            keys.append(key)
        if len(keys) == moves:
            return {
                "ruleset": "champs",
                "version": ruleset.version,
                "config": config,
                "seed": seed,
                "keys": keys,
            }
    raise RuntimeError(f"no random Champs game of {moves} moves in 100 seeds")


# --- the victim ---------------------------------------------------------------------------


@dataclass
class Phase:
    name: str
    latencies: list[float] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    games: int = 1
    attack: dict[str, Any] | None = None

    def p(self, q: float) -> float:
        ordered = sorted(self.latencies)
        if not ordered:
            return float("nan")
        if q == 0.5:
            return statistics.median(ordered) * 1000
        return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000


def victim_client(base: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=VICTIM, trust_env=False)
    return httpx.AsyncClient(
        base_url=base, transport=transport, timeout=MOVE_TIMEOUT, trust_env=False
    )


async def new_game(http: httpx.AsyncClient) -> dict[str, Any]:
    body = {
        "ruleset": "champs",
        "mode": "hotseat",
        "config": VICTIM_CONFIG,
        "seed": VICTIM_SEED,
        "seats": [{"kind": "human"}, {"kind": "human"}],
    }
    r = await http.post("/api/games", json=body)
    if r.status_code != 201:
        raise RuntimeError(f"victim's game refused: {r.status_code} {r.text}")
    created: dict[str, Any] = r.json()
    return created


async def state_of(http: httpx.AsyncClient, game: dict[str, Any]) -> dict[str, Any]:
    r = await http.get(f"/api/games/{game['id']}", params={"token": game["admin"]})
    r.raise_for_status()
    state: dict[str, Any] = r.json()
    return state


async def play(
    http: httpx.AsyncClient,
    game: dict[str, Any],
    phase: Phase,
    moves: int,
    interval: float,
    limit: float,
) -> None:
    """`moves` timed moves (after a few untimed ones), one every `interval` seconds; the same
    random answers in every phase (same seed, same game seed)."""
    rng = random.Random(VICTIM_SEED)
    state = await state_of(http, game)
    loop = asyncio.get_running_loop()
    start = loop.time()
    total = WARMUP_MOVES + moves
    attempts = 0
    done = 0
    # bounded in count even if moves keep failing, and in time
    while done < total and attempts < 2 * total and loop.time() - start < limit:
        attempts += 1
        await asyncio.sleep(max(0.0, start + attempts * interval - loop.time()))
        decision = state["decision"]
        if decision is None:  # over (should not happen with the round limit): go on anew
            game.update(await new_game(http))
            phase.games += 1
            state = await state_of(http, game)
            continue
        key = rng.choice(decision["options"])["key"]
        body = {"token": game["admin"], "key": key, "expect": state["moves"]}
        sent = time.perf_counter()
        try:
            r = await http.post(f"/api/games/{game['id']}/play", json=body)
        except httpx.TimeoutException:
            phase.refused[f"no answer in {MOVE_TIMEOUT:.0f} s"] += 1
            state = await state_of(http, game)
            continue
        elapsed = time.perf_counter() - sent
        if r.status_code != 200:
            phase.refused[str(r.status_code)] += 1
            state = await state_of(http, game)
            continue
        state = r.json()
        done += 1
        if done > WARMUP_MOVES:
            phase.latencies.append(elapsed)


# --- the attacker (its own process: its work must not delay the victim's client) -----------


@dataclass(frozen=True)
class Plan:
    """What the attacker does (plain data: it crosses to the attacker process)."""

    base: str
    game_id: str | None  # the game its sockets open (None: one it creates itself)
    token: str
    body: bytes
    rate: float
    sockets: int
    stall: bool
    churn: float  # a refused socket tries again after this many seconds (0: never)


def attacker_main(plan: Plan, ready: Any, stop: Any, results: Any) -> None:
    """Entry point of the attacker process: runs until `stop` is set (or ATTACK_LIMIT)."""
    try:
        results.put(asyncio.run(attack(plan, ready, stop)))
    except Exception as exc:  # told to the victim's side rather than lost with the process
        ready.set()
        results.put({"error": repr(exc)})


async def attack(plan: Plan, ready: Any, stop: Any) -> dict[str, Any]:
    done = asyncio.Event()
    began = time.monotonic()

    async def watch_stop() -> None:
        while not stop.is_set() and time.monotonic() - began < ATTACK_LIMIT:
            await asyncio.sleep(0.05)
        done.set()

    watcher = asyncio.create_task(watch_stop())
    socket_counts: Counter[str] = Counter()
    holders: list[asyncio.Task[None]] = []
    opened = 0.0
    if plan.sockets:
        game_id, token = plan.game_id, plan.token
        if game_id is None:
            transport = httpx.AsyncHTTPTransport(local_address=ATTACKER, trust_env=False)
            async with httpx.AsyncClient(base_url=plan.base, transport=transport) as http:
                own = await new_game(http)
            game_id, token = own["id"], own["spectator"]
        url = plan.base.replace("http", "ws", 1) + f"/ws/games/{game_id}?token={token}"
        holders = [
            asyncio.create_task(knock(url, socket_counts, done, plan.stall, plan.churn))
            for _ in range(plan.sockets)
        ]
        # the wave: every socket accepted, refused or failed (bounded by open_timeout)
        while (
            not done.is_set()
            and sum(
                v
                for k, v in socket_counts.items()
                if k.startswith(("accepted", "refused", "failed"))
            )
            < plan.sockets
        ):
            await asyncio.sleep(0.05)
        opened = time.monotonic() - began
    flood_counts: Counter[str] = Counter()
    answers: list[float] = []
    flooder = None
    if plan.rate > 0:
        flooder = asyncio.create_task(
            flood(plan.base, plan.body, plan.rate, done, flood_counts, answers)
        )
        await asyncio.sleep(1.0)  # the flood at full speed before the victim's moves
    ready.set()
    await done.wait()
    flood_seconds = 0.0
    if flooder is not None:
        flood_seconds = await flooder
    if holders:
        await asyncio.wait(holders, timeout=10)
    for task in holders:
        task.cancel()
    watcher.cancel()
    replay_ms = statistics.median(answers) * 1000 if answers else None
    return {
        "flood": dict(flood_counts),
        "flood_seconds": flood_seconds,
        "replay_p50_ms": replay_ms,
        "sockets": dict(socket_counts),
        "sockets_seconds": opened,
    }


async def stalled_socket(url: str) -> socket.socket:
    """A connected TCP socket from ATTACKER with a tiny receive buffer: a client that reads
    nothing fills the server's send buffer after a few States."""
    host, port = httpx.URL(url).host, httpx.URL(url).port
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.bind((ATTACKER, 0))
    sock.setblocking(False)
    try:
        await asyncio.wait_for(asyncio.get_running_loop().sock_connect(sock, (host, port)), 15)
    except BaseException:
        sock.close()
        raise
    return sock


async def knock(
    url: str, counts: Counter[str], done: asyncio.Event, stall: bool, churn: float
) -> None:
    """One socket slot; with `churn`, a refused socket tries again until `done`."""
    while not await hold_socket(url, counts, done, stall) and churn > 0 and not done.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), churn)


async def hold_socket(url: str, counts: Counter[str], done: asyncio.Event, stall: bool) -> bool:
    """One socket: accepted (a State first) is held open and read until `done` (with
    `stall`, never read again); refused (an error first, then a close) or failed is
    counted as such."""
    where: dict[str, Any] = {"local_addr": (ATTACKER, 0)}
    try:
        if stall:
            # max_queue 1: the client stops reading its TCP socket once one message waits
            where = {"sock": await stalled_socket(url), "max_queue": 1, "compression": None}
        async with websockets.connect(
            url,
            proxy=None,
            open_timeout=15,
            close_timeout=2,
            max_size=2**22,
            ping_interval=None,
            **where,
        ) as ws:
            first = json.loads(await asyncio.wait_for(ws.recv(), 15))
            if done.is_set():  # the attack is over: an answer now counts for nothing
                return True
            if first.get("type") != "state":
                counts[f"refused {first.get('error', {}).get('code', '?')}"] += 1
                return False
            counts["accepted"] += 1
            counts["open"] += 1
            counts["most open"] = max(counts["most open"], counts["open"])
            try:
                await held(ws, counts, done, stall)
            finally:
                counts["open"] -= 1
            return True
    except websockets.InvalidStatus as exc:
        counts[f"refused http {exc.response.status_code}"] += 1
    except websockets.ConnectionClosed as exc:
        counts[f"failed closed {exc.rcvd.code if exc.rcvd else '?'}"] += 1
    except (OSError, TimeoutError, websockets.InvalidHandshake) as exc:
        counts[f"failed {type(exc).__name__}"] += 1
    return False


async def held(
    ws: websockets.ClientConnection, counts: Counter[str], done: asyncio.Event, stall: bool
) -> None:
    """An accepted socket until `done`: every message read (none with `stall`)."""
    if stall:
        await done.wait()
        return

    async def drain() -> None:
        async for _message in ws:
            counts["messages"] += 1

    drainer = asyncio.create_task(drain())
    waiter = asyncio.create_task(done.wait())
    finished, _ = await asyncio.wait({drainer, waiter}, return_when="FIRST_COMPLETED")
    if drainer in finished:
        counts["dropped"] += 1  # closed by the server before the end
    for task in (drainer, waiter):
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, websockets.ConnectionClosed):
            await task


async def flood(
    base: str,
    body: bytes,
    rate: float,
    done: asyncio.Event,
    counts: Counter[str],
    answers: list[float],
) -> float:
    """`POST /api/replay` at `rate` per second, open loop (not waiting for the answers),
    until `done`; answers counted by status. Returns the seconds it ran."""
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    transport = httpx.AsyncHTTPTransport(local_address=ATTACKER, limits=limits, trust_env=False)
    timeout = httpx.Timeout(10.0, pool=5.0)
    headers = {"content-type": "application/json"}
    loop = asyncio.get_running_loop()

    async def one(http: httpx.AsyncClient) -> None:
        sent = time.perf_counter()
        try:
            r = await http.post("/api/replay", content=body, headers=headers)
        except httpx.HTTPError as exc:
            counts[type(exc).__name__] += 1
            return
        counts[str(r.status_code)] += 1
        if r.status_code == 200:
            answers.append(time.perf_counter() - sent)

    async with httpx.AsyncClient(
        base_url=base, transport=transport, timeout=timeout, trust_env=False
    ) as http:
        tasks: set[asyncio.Task[None]] = set()
        start = loop.time()
        sent = 0
        while not done.is_set() and sent < rate * ATTACK_LIMIT:
            task = asyncio.create_task(one(http))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
            sent += 1
            await asyncio.sleep(max(0.0, start + sent / rate - loop.time()))
        seconds = loop.time() - start
        if tasks:
            await asyncio.wait(tasks, timeout=15)
        for task in tasks:
            task.cancel()
    return seconds


# --- the run ------------------------------------------------------------------------------


async def attacked(
    http: httpx.AsyncClient,
    base: str,
    name: str,
    args: argparse.Namespace,
    body: bytes,
    rate: float,
    sockets: int,
) -> Phase:
    """The victim's moves while the attacker process floods and / or holds sockets."""
    phase = Phase(name)
    game = await new_game(http)
    victim_game = args.sockets_on == "victim"
    plan = Plan(
        base,
        game["id"] if victim_game else None,
        game["spectator"],
        body,
        rate,
        sockets,
        args.stall,
        args.churn,
    )
    context = multiprocessing.get_context("spawn")
    ready, stop, results = context.Event(), context.Event(), context.Queue()
    proc = context.Process(target=attacker_main, args=(plan, ready, stop, results), daemon=True)
    proc.start()
    try:
        if not await asyncio.to_thread(ready.wait, READY_TIMEOUT):
            print(f"  ({name}: the attacker was not ready after {READY_TIMEOUT:.0f} s)")
        await play(http, game, phase, args.moves, args.interval, args.phase_limit)
        stop.set()
        try:
            answer = await asyncio.to_thread(results.get, True, 40)
        except queue.Empty:
            answer = {"error": "no report from the attacker process"}
        if "error" in answer:
            print(f"  ({name}: the attacker failed: {answer['error']})")
        else:
            phase.attack = answer
    finally:
        stop.set()
        await asyncio.to_thread(proc.join, 10)
        if proc.is_alive():
            proc.terminate()
            proc.join()
    return phase


async def run(base: str, args: argparse.Namespace) -> list[Phase]:
    record = long_record()
    body = json.dumps({"record": record, "upto": len(record["keys"]), "seat": None}).encode()
    phases = []
    async with victim_client(base) as http:
        baseline = Phase("baseline (no attack)")
        game = await new_game(http)
        await play(http, game, baseline, args.moves, args.interval, args.phase_limit)
        phases.append(baseline)
        flood, held = "replay flood", f"{args.sockets} sockets"
        if args.stall:
            held += " unread"
        if args.churn:
            held += " churning"
        scenarios = [(f"{flood} + {held}", args.replay_rate, args.sockets)]
        if not args.replay_rate or not args.sockets:
            scenarios = [(flood if args.replay_rate else held, args.replay_rate, args.sockets)]
        elif args.separate:
            scenarios = [
                (f"{flood} only", args.replay_rate, 0),
                (f"{held} only", 0.0, args.sockets),
                *scenarios,
            ]
        for name, rate, sockets in scenarios:
            phases.append(await attacked(http, base, name, args, body, rate, sockets))
    return phases


def report(phases: list[Phase], args: argparse.Namespace) -> None:
    base = phases[0]
    b50, b99 = base.p(0.5), base.p(0.99)
    target = "the victim's game (spectator link)" if args.sockets_on == "victim" else "its own game"
    stalled = ", never read" if args.stall else ""
    if args.churn:
        stalled += f", a refused one tries again after {args.churn:g} s"
    print(
        f"victim at {VICTIM}: hotseat Champs, one move every {args.interval * 1000:.0f} ms; "
        f"attacker at {ATTACKER}: {args.replay_rate:g} replays/s of {RECORD_MOVES} moves, "
        f"{args.sockets} sockets on {target}{stalled}"
    )
    header = (
        f"{'scenario':<28} {'moves':>5} {'p50 ms':>7} {'p99 ms':>7} {'x p50':>6} {'x p99':>6}  "
        f"{'attacker replays by status':<34} {'sockets acc/ref':<15}"
    )
    print(header)
    print("-" * len(header))
    for phase in phases:
        p50, p99 = phase.p(0.5), phase.p(0.99)
        flood = sockets = "-"
        if phase.attack is not None:
            counts = phase.attack["flood"]
            if counts:
                rate = sum(counts.values()) / max(phase.attack["flood_seconds"], 1e-9)
                shown = " ".join(f"{k}:{v}" for k, v in sorted(counts.items()))
                flood = f"{shown} ({rate:.0f}/s)"
            held = phase.attack["sockets"]
            if held:
                refused = sum(v for k, v in held.items() if k.startswith(("refused", "failed")))
                sockets = f"{held.get('accepted', 0)}/{refused}"
        print(
            f"{phase.name:<28} {len(phase.latencies):>5} {p50:>7.1f} {p99:>7.1f} "
            f"{p50 / b50:>6.2f} {p99 / b99:>6.2f}  {flood:<34} {sockets:<15}"
        )
    for phase in phases:
        if phase.refused:
            print(f"  {phase.name}: victim's moves refused by status {dict(phase.refused)}")
        if phase.games > 1:
            print(f"  {phase.name}: the victim's game ended, {phase.games} games played")
        attack = phase.attack
        if attack is not None:
            details = []
            if attack["replay_p50_ms"] is not None:
                details.append(f"a replay answered (200) in p50 {attack['replay_p50_ms']:.0f} ms")
            held = attack["sockets"]
            if held:
                kinds = ", ".join(f"{k} {v}" for k, v in sorted(held.items()) if k != "open")
                details.append(f"sockets: {kinds}; wave over in {attack['sockets_seconds']:.1f} s")
            if details:
                print(f"  {phase.name}: " + "; ".join(details))
    worst = phases[-1]
    p50, p99 = worst.p(0.5), worst.p(0.99)
    lost = sum(worst.refused.values())
    met = p50 < GOAL_P50_MS and p99 < GOAL_P99_MS and not lost
    print(
        f"goal under attack (p50 < {GOAL_P50_MS:.0f} ms, p99 < {GOAL_P99_MS:.0f} ms"
        f"{', every move answered' if lost else ''}): p50 {p50:.1f} ms, p99 {p99:.1f} ms"
        f"{f', {lost} moves lost' if lost else ''}: {'met' if met else 'NOT met'}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--moves", type=int, default=200, help="timed victim moves per phase")
    parser.add_argument("--interval", type=float, default=0.1, help="seconds between moves")
    parser.add_argument("--replay-rate", type=float, default=45.0, help="replays per second")
    parser.add_argument("--sockets", type=int, default=400, help="attacker's WebSockets")
    parser.add_argument("--separate", action="store_true", help="also each attack alone")
    parser.add_argument(
        "--sockets-on",
        choices=("victim", "own"),
        default="victim",
        help="the game the sockets open: the victim's (its spectator link), or the attacker's",
    )
    parser.add_argument(
        "--stall", action="store_true", help="accepted sockets stop reading (slow consumers)"
    )
    parser.add_argument(
        "--churn", type=float, default=0.0, help="a refused socket retries after (s); 0: never"
    )
    parser.add_argument(
        "--phase-limit", type=float, default=60.0, help="seconds at most of victim's moves"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    load = os.getloadavg()[0]
    with serving() as base:  # default --rate: the per-address limits are on
        phases = asyncio.run(run(base, args))
    report(phases, args)
    print(
        f"(run in {time.perf_counter() - started:.0f} s on {os.cpu_count()} cores; "
        f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after: other work on the "
        "machine shows in every row)"
    )


if __name__ == "__main__":
    main()
