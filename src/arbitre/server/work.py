"""Heavy work away from the event loop, in bounded queues.

The event loop only routes messages; anything that can take milliseconds runs elsewhere:

- replays of uploaded records (a whole game replayed, pure CPU): a process pool, so a
  flood of them cannot take the interpreter lock from the games being played;
- starting a game, rebuilding an evicted one from its moves, an AI thinking: a thread pool
  (they produce objects the event loop then uses).

Both queues are bounded: beyond `queue` waiting jobs (or `per_client` of one client) a
request is refused with 503 `busy` at once rather than waiting behind everyone.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, TypeVar

from arbitre.server.errors import refuse

T = TypeVar("T")


class Workers:
    def __init__(
        self,
        processes: int = 1,
        threads: int = 4,
        queue: int = 8,
        per_client: int = 2,
        content_dir: Path | None = None,
        library_dir: Path | None = None,
    ) -> None:
        self.processes = processes
        self.content_dir = content_dir
        self.library_dir = library_dir
        self.queue = queue
        self.per_client = per_client
        self.threads = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="arbitre")
        self._pool: ProcessPoolExecutor | None = None
        self.pending = 0
        self.by_client: Counter[str] = Counter()
        # more pools to stop with this one (server/search.py: the search AI's processes)
        self.on_shutdown: list[Callable[[], object]] = []

    def _processes(self) -> Executor:
        if self._pool is None:
            # forkserver: workers start from a clean interpreter, not a copy of this
            # process with its threads, sockets and database connections; the server's
            # modules are loaded once in the fork server, not in every worker.
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["arbitre.server.lobby"])
            self._pool = ProcessPoolExecutor(
                max_workers=self.processes,
                mp_context=context,
                initializer=_worker_start,
                initargs=(self.content_dir, os.getpid(), self.library_dir),
            )
        return self._pool

    async def thread(self, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn(*args)` in the thread pool (work whose result the event loop keeps)."""
        return await asyncio.get_running_loop().run_in_executor(self.threads, fn, *args)

    async def process(self, client: str, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn(*args)` in a worker process; 503 when the queue or this client's share
        of it is full. `fn` and its arguments must be picklable (plain data)."""
        if self.pending >= self.queue or self.by_client[client] >= self.per_client:
            raise refuse(503, "busy", "busy")
        self.pending += 1
        self.by_client[client] += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._processes(), fn, *args)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start afresh for the next job.
            self._pool = None
            raise refuse(503, "busy", "busy") from None
        finally:
            self.pending -= 1
            self.by_client[client] -= 1
            if self.by_client[client] <= 0:
                del self.by_client[client]

    def warm(self) -> None:
        """Start the worker processes now rather than inside the first replay request, and
        compile every message text (server start-up rather than the first moves' time):
        every module of the games first (≈ 0.8 s; some register their texts only when a
        game first needs them, e.g. Heresy's turn summary), then the texts (≈ 0.6 s)."""
        import importlib
        import pkgutil

        import arbitre.games
        from arbitre.engine.i18n import compile_all

        for module in pkgutil.walk_packages(arbitre.games.__path__, "arbitre.games."):
            importlib.import_module(module.name)
        compile_all()
        pool = self._processes()
        assert isinstance(pool, ProcessPoolExecutor)
        pool.submit(_ready).result()

    def shutdown(self) -> None:
        for stop in self.on_shutdown:
            stop()
        self.threads.shutdown(wait=False, cancel_futures=True)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def _ready() -> bool:
    return True


def _watch(server: int) -> None:
    # A server killed outright (kill -9) cannot stop its workers, and they would wait for
    # work for ever (they hold the ends of their own queues): each leaves when it is gone.
    while True:
        time.sleep(1.0)
        try:
            os.kill(server, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:  # the pid was reused by another user's process
            os._exit(0)


def _worker_start(content_dir: Path | None, server: int, library_dir: Path | None = None) -> None:
    """A worker process knows the operator's content, as the server does, yields the
    processor to the event loop's process when both want it, and ends with the server."""
    threading.Thread(target=_watch, args=(server,), daemon=True).start()
    with contextlib.suppress(OSError):
        os.nice(10)
    if content_dir is not None:
        from arbitre.engine import library

        library.install_dir(content_dir)
    if library_dir is not None:  # the saved versions a replayed record may name
        from arbitre.engine import library_saved

        library_saved.use_dir(library_dir)
