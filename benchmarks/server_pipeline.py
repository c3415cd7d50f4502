"""The server's move pipeline in one process, without sockets: what a move costs the server's
own code, and what the pause between two moves adds to it.

N hotseat games of two people, each seat a patch-taking `Subscriber` whose socket only
counts bytes; moves are random legal answers, round robin over the games, sent as the page
sends them (`{"type": "play", …, "ask": n}` through `sockets._message`: the frame's
reading, `Hub.play`, the commit to SQLite, both seats' States and patches, the writes).
Each game is first played `--advance` random moves on average (0 to twice that, not timed), so
that the timed moves fall in every part of a game rather than in its setup. Each timed
move's thread CPU time is summed, in three settings:

- `back to back`: one move right after the other (the pipeline warm in the processor);
- `spin`: `--pause` seconds between two moves spent spinning (the core stays busy, other
  processes and machines may use the shared caches meanwhile);
- `sleep`: `--pause` seconds asleep between two moves (the core idles, as a server's does
  at human pace: at 100 games a move comes every ~10 ms).

`python -m benchmarks.server_pace` measures the running server at human pace (sockets,
Uvicorn, the clients); the difference between these lines is the part of its CPU per move
that comes from moves arriving one at a time into an idle process rather than from the
work (docs/performance.md, "Seventh round"). Figures are printed, never asserted.

    python -m benchmarks.server_pipeline [--ruleset champs heresy] [--games 100]
        [--moves 1000] [--advance 100] [--pause 0.01]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import tempfile
import time
from pathlib import Path

from arbitre.engine import i18n
from arbitre.server.hub import Hub
from arbitre.server.live import LiveGame
from arbitre.server.lobby import create_game
from arbitre.server.sockets import _message
from arbitre.server.store import Store
from arbitre.server.subscribers import Subscriber

SETTINGS = ("back to back", "spin", "sleep")


class Sink:
    """A socket that keeps nothing but the bytes and frames written to it."""

    def __init__(self) -> None:
        self.bytes = 0
        self.frames = 0

    async def send(self, text: str) -> None:
        self.bytes += len(text)
        self.frames += 1


def _pause(setting: str, seconds: float) -> None:
    if setting == "sleep":
        time.sleep(seconds)
    elif setting == "spin":
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            pass


async def _games(
    hub: Hub, store: Store, ruleset: str, games: int, sink: Sink
) -> list[tuple[LiveGame, list[Subscriber]]]:
    out = []
    for g in range(games):
        body = {
            "ruleset": ruleset,
            "mode": "hotseat",
            "config": {"players": 1} if ruleset == "champs" else {},
            "seed": 1000 + g,
            "seats": [{"kind": "human"}, {"kind": "human"}],
        }
        live = create_game(store, body)
        hub.add(live)
        subs = []
        for spec in live.stored.seats:
            access = live.access(spec.token)
            assert access is not None
            sub = Subscriber(sink.send, access, None)
            live.subscribers.add(sub)
            sub.send_state(live)
            sub.patches = True
            subs.append(sub)
        out.append((live, subs))
    await asyncio.sleep(0)
    return out


async def _play(
    live: LiveGame, subs: list[Subscriber], hub: Hub, rng: random.Random, ask: int
) -> bool:
    """One random answer as the page sends it; False: the game is over."""
    decision = live.match.decision()
    if decision is None:
        return False
    key = decision.options[rng.randrange(len(decision.options))].key
    raw = json.dumps({"type": "play", "key": key, "expect": live.moves, "ask": ask})
    await _message(hub, live, subs[decision.seat], raw)
    await asyncio.sleep(0)  # the subscribers' writes
    return True


async def one(
    ruleset: str, games: int, moves: int, advance: int, pause: float, setting: str
) -> str:
    """µs of thread CPU per move, bytes and frames per move, for one setting."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'pipeline.sqlite3'}")
        hub = Hub(store)
        sink = Sink()
        table = await _games(hub, store, ruleset, games, sink)
        rng = random.Random(5)
        for live, subs in table:
            for _ in range(rng.randrange(2 * advance + 1)):
                if not await _play(live, subs, hub, rng, 0):
                    break
        table = [(live, subs) for live, subs in table if live.match.decision() is not None]
        gc.collect()
        bytes0, frames0 = sink.bytes, sink.frames
        cpu = 0.0
        done = i = 0
        while done < moves and table:
            live, subs = table[i % len(table)]
            _pause(setting, pause)
            start = time.thread_time()
            going = await _play(live, subs, hub, rng, done + 1)
            cpu += time.thread_time() - start
            if going:
                done += 1
                i += 1
            else:  # a game ended: the others go on
                table.remove((live, subs))
        await hub.shutdown()
        store.close()
    done = max(done, 1)
    return (
        f"  {setting:<13} {cpu / done * 1e6:7.0f} µs of CPU a move"
        f"  ({(sink.bytes - bytes0) / done:,.0f} B and {(sink.frames - frames0) / done:.2f}"
        " frames written a move)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", nargs="+", default=["champs", "heresy"])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--advance", type=int, default=100)
    parser.add_argument("--pause", type=float, default=0.01)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args(argv)
    i18n.compile_all()  # as `arbitre serve` does at start-up
    for r in range(args.rounds):
        for ruleset in args.ruleset:
            print(
                f"{ruleset} [round {r + 1}]: {args.games} games, {args.moves} moves timed,"
                f" {args.advance} moves in on average, pause {args.pause * 1000:g} ms",
                flush=True,
            )
            for setting in SETTINGS:
                line = asyncio.run(
                    one(ruleset, args.games, args.moves, args.advance, args.pause, setting)
                )
                print(line, flush=True)


if __name__ == "__main__":
    main()
