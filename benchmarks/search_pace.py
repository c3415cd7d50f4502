"""Human-pace games while the search AI thinks: does `mcts` on the web slow the others?

Starts `arbitre serve --search-workers 1` twice on a loopback port (a fresh SQLite file
each time). The second time, `--searching` games whose every seat is the search AI
(`mcts`, the lobby's "strong") are created first: they think one decision after another
for the whole run, so the search process never rests and its queue is never empty. Then
`--games` hotseat games are played at human pace as `benchmarks.server_pace` plays them
(each seat's client moves about once every `--period` seconds over its WebSocket), and
the latencies of their moves are printed, p50 and p99: with no AI game, beside as many
games of the heuristic `ai` (whose moves the server applies and stores just the same),
and beside the search games, with the AI games' own count of decisions. Figures are
printed, never asserted.

    python -m benchmarks.search_pace [--games 20] [--searching 3] [--seconds 30]
"""

from __future__ import annotations

import argparse
import asyncio
import os

import httpx

from benchmarks.server import server_process
from benchmarks.server_pace import run as pace_run


async def searching_games(base: str, ruleset: str, count: int, agent: str) -> list[dict[str, str]]:
    """`count` games played by `agent` alone on every seat (they start at once)."""
    made = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        rulesets = (await http.get("/api/rulesets")).json()["rulesets"]
        seats = next(len(r["seats"]) for r in rulesets if r["id"] == ruleset)
        for i in range(count):
            seat = {"kind": "ai", "agent": agent}
            body = {"ruleset": ruleset, "mode": "hotseat", "seed": 50 + i, "seats": [seat] * seats}
            r = await http.post("/api/games", json=body)
            if r.status_code != 201:
                raise RuntimeError(f"search game refused: {r.status_code} {r.text}")
            made.append({"id": r.json()["id"], "token": r.json()["admin"]})
    return made


async def moves_of(base: str, games: list[dict[str, str]]) -> int:
    """The decisions the search games have played so far (their records' keys)."""
    total = 0
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for g in games:
            rec = await http.get(f"/api/games/{g['id']}/record", params={"token": g["token"]})
            total += len(rec.json().get("keys", [])) if rec.status_code == 200 else 0
    return total


async def measure(base: str, pid: int, args: argparse.Namespace, agent: str, searching: int) -> str:
    games = await searching_games(base, args.search_ruleset, searching, agent) if searching else []
    await asyncio.sleep(3 if searching else 0)  # the search process is up and busy
    before = await moves_of(base, games)
    text = await pace_run(
        base, pid, args.ruleset, args.games, args.seconds, args.period, args.protocol
    )
    after = await moves_of(base, games)
    head = (
        f"== {searching} {args.search_ruleset} games played by `{agent}` alone"
        f" ({after - before} of their decisions during the run)"
        if searching
        else "== no AI game running"
    )
    return f"{head}\n{text}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="human-pace games")
    parser.add_argument("--searching", type=int, default=3, help="games the search AI plays")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--period", type=float, default=1.0)
    parser.add_argument("--ruleset", default="champs", help="of the human-pace games")
    parser.add_argument("--search-ruleset", default="heresy")
    parser.add_argument("--protocol", default="page", choices=("page", "post", "full"))
    args = parser.parse_args(argv)
    if args.games < 1 or args.searching < 0 or args.seconds <= 0:
        parser.error("--games ≥ 1, --searching ≥ 0, --seconds > 0")
    print(f"load average at start: {os.getloadavg()[0]:.1f}", flush=True)
    runs = [("", 0), ("ai", args.searching), ("mcts", args.searching)]
    for agent, searching in runs:
        opts = ("--rate", "0", "--search-workers", "1", "--search-per-address", "8")
        with server_process(*opts) as (base, pid):
            print(asyncio.run(measure(base, pid, args, agent, searching)), flush=True)


if __name__ == "__main__":
    main()
