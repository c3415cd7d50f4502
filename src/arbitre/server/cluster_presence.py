"""Which seats have a socket open on the other server processes (cluster.py).

The host may hand a seat to the AI once its person has been away long enough
(takeover.py); with several processes, a person's socket may be open on another process
than the host's request. Each process tells the others how many sockets each seat has on
it after every open and close (a `presence` notification); every process keeps those
counts, by process, for every game. A process that is gone (killed: no LISTEN session of
its name left in `pg_stat_activity`) has its counts dropped, and its seats count as away
from then on. A process started later learns of a socket elsewhere at its seat's next
open or close (docs/deploy.md, What is per process).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from arbitre.server import takeover
from arbitre.server.store import Store
from arbitre.server.work import Workers

LISTENER = "arbitre-listen-"  # + the process's id: the application_name of its LISTEN
LIMIT = 50_000  # (game, seat) pairs remembered
SEATS = 64


def _listeners(store: Store) -> set[str]:
    """The application names of the LISTEN sessions open now: the live processes."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            text("SELECT application_name FROM pg_stat_activity WHERE application_name LIKE :p"),
            {"p": LISTENER + "%"},
        )
        return {r[0] for r in rows}


class Presence:
    def __init__(self, store: Store, workers: Workers) -> None:
        self.store = store
        self.workers = workers
        # sockets of each (game, seat) open on the other processes, by process
        self.counts: dict[tuple[str, int], dict[str, int]] = {}

    def elsewhere(self, game_id: str, seat: int) -> bool:
        """Whether the seat has a socket open on another process (takeover.present)."""
        return bool(self.counts.get((game_id, seat)))

    def heard(self, game_id: str, seat: Any, count: int, origin: str) -> None:
        """Process `origin` has `count` sockets of the seat open now."""
        if type(seat) is not int or not 0 <= seat < SEATS:
            return
        if len(self.counts) > LIMIT:
            self.counts.clear()  # a bound; the next opens and closes tell again
        by_process = self.counts.setdefault((game_id, seat), {})
        if count > 0:
            by_process[origin] = count
            return
        by_process.pop(origin, None)
        if not by_process:
            del self.counts[(game_id, seat)]
            takeover.left_elsewhere(game_id, seat)  # away from now on

    async def forget_gone(self) -> None:
        """Drop the sockets counted for processes that are gone (the sweeper)."""
        if not self.counts:
            return
        alive = await self.workers.thread(_listeners, self.store)
        for (game_id, seat), by_process in list(self.counts.items()):
            for origin in [o for o in by_process if LISTENER + o not in alive]:
                self.heard(game_id, seat, 0, origin)
