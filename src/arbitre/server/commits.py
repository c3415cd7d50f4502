"""Moves stored, each acknowledged only once it is stored, never making the event loop wait.

On SQLite with sync "normal" (the default, `arbitre serve --sqlite-sync`), a commit only
writes the log, without waiting for the disk: tens of µs. `Committer.write` then stores
the move at once (`Store.store_now`), unless another writer holds the lock; the log's
checkpoints, which do wait for the disk, are handed to the writer thread every
CHECKPOINT_EVERY moves.

Otherwise a commit waits for the disk (SQLite "full" syncs its log on every commit;
PostgreSQL answers over the network: milliseconds). Done on the event loop, that wait
would stall every game; one transaction per move, it would queue up. So `Committer.write`
hands the move to one writer thread and waits: every move that arrives while a
transaction is being written goes into the next one, one disk sync for all of them.

Either way the caller (Hub) holds the game's lock and tells nobody of the move until
`write` returns; if the write fails, it raises, and the game goes back to what is stored.

If a group fails, its moves are written again one by one, so one game's failure (its row
deleted, say, or on PostgreSQL another server process that stored the same move number
first: server/cluster.py) never costs another game its move.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections import deque
from collections.abc import Callable

from arbitre.server.store import Move, Store

GROUP_LIMIT = 512  # moves in one transaction at most
# moves stored at once (`Store.store_now`) between two checkpoints asked of the writer
# thread: a few pages each, so the log stays within a few MiB
CHECKPOINT_EVERY = 1000

Job = tuple[list[Move], asyncio.AbstractEventLoop, Callable[[BaseException | None], None]]
Waiting = tuple[Move, "asyncio.Future[None]"]


class Committer:
    """One writer thread fed by a plain queue (issue 14): handing a group over costs a
    `SimpleQueue.put` and coming back one `call_soon_threadsafe`, where a thread pool's
    `run_in_executor` made a concurrent future, its asyncio twin and a pool check per group
    (≈ 4 % of the server's CPU per move at human pace). The next group is handed over by
    the callback that ends the previous one, on the event loop: no task per group."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.waiting: list[Waiting] = []
        # groups to write before `waiting`: a failed group's moves, one by one
        self.retries: deque[list[Waiting]] = deque()
        self.busy = False  # a group is in the writer thread's hands
        self.inline = 0  # moves stored at once since the last checkpoint

    async def write(self, move: Move) -> None:
        """Store `move`; returns once it is committed, raises what the database raised."""
        loop = asyncio.get_running_loop()
        if self.store.store_now([move]):
            # SQLite without a disk sync per commit: stored already, at the cost of a
            # write to the log (a hand-over to the thread and back cost ≈ 0.25 ms of CPU)
            self.inline += 1
            if self.inline >= CHECKPOINT_EVERY:
                self.inline = 0
                self._start()
                self.jobs.put(([], loop, _ignore))
            return
        done: asyncio.Future[None] = loop.create_future()
        self.waiting.append((move, done))
        if not self.busy:
            self._next(loop)
        # No shield: a cancelled caller cancels only its own future (the group it is in is
        # written anyway; `_ended` skips futures already done), never the others' write.
        await done

    def _writer(self) -> None:
        while (job := self.jobs.get()) is not None:
            moves, loop, finish = job
            error: BaseException | None = None
            try:
                if moves:
                    self.store.append_many(moves)
                else:
                    self.store.checkpoint()
            except Exception as exc:
                error = exc
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                loop.call_soon_threadsafe(finish, error)

    def _next(self, loop: asyncio.AbstractEventLoop) -> None:
        """Hand the next group to the writer thread (on the event loop)."""
        if self.retries:
            group = self.retries.popleft()
        elif self.waiting:
            group, self.waiting = self.waiting[:GROUP_LIMIT], self.waiting[GROUP_LIMIT:]
        else:
            return
        self._start()
        self.busy = True
        self.jobs.put(([m for m, _ in group], loop, lambda error: self._ended(loop, group, error)))

    def _start(self) -> None:
        if self.thread is None:
            self.thread = threading.Thread(target=self._writer, name="arbitre-commit", daemon=True)
            self.thread.start()

    def _ended(
        self, loop: asyncio.AbstractEventLoop, group: list[Waiting], error: BaseException | None
    ) -> None:
        """A group is written or failed (on the event loop): tell its callers, then the next.
        A failed group of several moves is written again one move at a time, so that one
        game's failure never costs another game its move."""
        self.busy = False
        if error is None:
            for _, done in group:
                if not done.done():
                    done.set_result(None)
        elif len(group) > 1:
            self.retries.extendleft(reversed([[one] for one in group]))
        elif not group[0][1].done():
            group[0][1].set_exception(error)
        self._next(loop)

    def shutdown(self) -> None:
        """Stop the writer thread once what it was handed is written."""
        if self.thread is not None:
            self.jobs.put(None)
            self.thread.join()
            self.thread = None


def _ignore(error: BaseException | None) -> None:
    """A checkpoint's end: nobody waits for it; one that failed is tried again later."""
