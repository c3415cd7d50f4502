"""The LISTEN side of several server processes on one PostgreSQL database (cluster.py).

One dedicated connection per process, in autocommit, LISTENs on CHANNEL in a thread of
its own; each notification's payload is handed to the event loop (`deliver`, called there
through `call_soon_threadsafe`). PostgreSQL delivers a notification only once the
transaction that sent it committed, in commit order: a process is told of a move only
once it is stored. When the connection drops (a database restart, a network cut), the
thread connects again and calls `missed` on the event loop: notifications sent meanwhile
are lost, so the process checks its cached games against the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable

import psycopg

CHANNEL = "arbitre"
RETRY = 1.0  # seconds between two connection attempts
POLL = 0.5  # how often the thread looks whether it must stop

log = logging.getLogger("arbitre.server")


class Listener:
    def __init__(
        self,
        conninfo: str,
        loop: asyncio.AbstractEventLoop,
        deliver: Callable[[str], None],
        missed: Callable[[], None],
        name: str = "arbitre-listen",
    ) -> None:
        self.name = name  # its application_name: other processes see this one is alive
        self.conninfo = conninfo
        self.loop = loop
        self.deliver = deliver
        self.missed = missed
        self.stopping = threading.Event()
        self.ready = threading.Event()  # listening (tests wait for it)
        self.thread = threading.Thread(target=self._run, name="arbitre-listen", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def _hand(self, fn: Callable[..., None], *args: str) -> None:
        with contextlib.suppress(RuntimeError):  # a closed loop: the server is stopping
            self.loop.call_soon_threadsafe(fn, *args)

    def _run(self) -> None:
        first = True
        while not self.stopping.is_set():
            try:
                with psycopg.connect(
                    self.conninfo, autocommit=True, application_name=self.name
                ) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if not first:
                        self._hand(self.missed)
                    first = False
                    self.ready.set()
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=POLL):
                            self._hand(self.deliver, note.payload)
            except psycopg.Error as exc:
                self.ready.clear()
                if not self.stopping.is_set():
                    log.warning("LISTEN connection lost (%s): connecting again", exc)
                    self.stopping.wait(RETRY)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=POLL * 4)
