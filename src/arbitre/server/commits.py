"""Moves stored in groups, off the event loop, each acknowledged only once it is stored.

A commit waits for the disk (SQLite syncs its log on every commit: milliseconds). Done on
the event loop, that wait would stall every game; one transaction per move, it would
queue up. So `Committer.write` hands the move to one writer thread and waits: every move
that arrives while a transaction is being written goes into the next one, one disk sync
for all of them. The caller (Hub) holds the game's lock while it waits and tells nobody
of the move until `write` returns; if the write fails, it raises, and the game goes back
to what is stored.

If a group fails, its moves are written again one by one, so one game's failure (its row
deleted, say) never costs another game its move.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from arbitre.server.store import Move, Store

GROUP_LIMIT = 512  # moves in one transaction at most


class Committer:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="arbitre-commit")
        self.waiting: list[tuple[Move, asyncio.Future[None]]] = []
        self.running: asyncio.Task[None] | None = None

    async def write(self, move: Move) -> None:
        """Store `move`; returns once it is committed, raises what the database raised."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self.waiting.append((move, done))
        if self.running is None or self.running.done():
            self.running = loop.create_task(self._drain())
        await asyncio.shield(done)  # a cancelled caller does not cancel the others' write

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        while self.waiting:
            group, self.waiting = self.waiting[:GROUP_LIMIT], self.waiting[GROUP_LIMIT:]
            moves = [m for m, _ in group]
            try:
                await loop.run_in_executor(self.thread, self.store.append_many, moves)
            except Exception as exc:
                if len(group) > 1:
                    await self._one_by_one(group)
                elif not group[0][1].done():
                    group[0][1].set_exception(exc)
            else:
                for _, done in group:
                    if not done.done():
                        done.set_result(None)

    async def _one_by_one(self, group: list[tuple[Move, asyncio.Future[None]]]) -> None:
        loop = asyncio.get_running_loop()
        for move, done in group:
            try:
                await loop.run_in_executor(self.thread, self.store.append_many, [move])
            except Exception as exc:
                if not done.done():
                    done.set_exception(exc)
            else:
                if not done.done():
                    done.set_result(None)

    def shutdown(self) -> None:
        self.thread.shutdown(wait=True)
