"""WebSocket clients of a game, fed without ever making a game wait for them.

A move is answered as soon as it is stored: telling the sockets only puts the new State
in each one's slot, where a newer State replaces one not yet sent, and each socket's own
sender task writes it. A client that stops reading therefore delays nobody; one whose
write does not finish within SEND_TIMEOUT is dropped. Subscribers that look through the
same eyes (every spectator, say) share one payload, built and encoded once
(states.state_text), which the HTTP answer to the move reuses.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from arbitre.server.live import Access, LiveGame
from arbitre.server.states import encode, state_text

SendText = Callable[[str], Awaitable[None]]
SEND_TIMEOUT = 10.0
OTHER_LIMIT = 16  # replies waiting for one client (errors); beyond, it is not reading


__all__ = ["SEND_TIMEOUT", "Subscriber", "close_all", "encode", "publish"]


class Subscriber:
    """A WebSocket client: where to send and through whose eyes."""

    def __init__(self, send_text: SendText, access: Access, wanted: int | None) -> None:
        self.send_text = send_text
        self.access = access
        self.wanted = wanted
        self.state: str | None = None  # the newest State not sent yet
        self.others: deque[str] = deque()  # replies to this client, in order
        self.wake = asyncio.Event()
        self.dead = False
        self.task = asyncio.get_running_loop().create_task(self._pump())

    def push_state(self, text: str) -> None:
        self.state = text
        self.wake.set()

    def look_through(self, live: LiveGame, seat: int) -> None:
        """The hotseat table confirmed `seat` ("I am <seat>"): its eyes from now on."""
        self.wanted = seat
        self.push_state(state_text(live, self.access, seat))

    def push(self, data: dict[str, Any]) -> None:
        """A reply to this client only (an error, `deleted`)."""
        if len(self.others) >= OTHER_LIMIT:
            self.close()
            return
        self.others.append(encode(data))
        self.wake.set()

    async def _pump(self) -> None:
        while not self.dead:
            await self.wake.wait()
            self.wake.clear()
            while self.others or self.state is not None:
                if self.others:
                    text = self.others.popleft()
                else:
                    text, self.state = self.state or "", None
                try:
                    await asyncio.wait_for(self.send_text(text), SEND_TIMEOUT)
                except Exception:  # closed, or not reading: stop feeding it
                    self.dead = True
                    return

    async def flush(self) -> None:
        """Wait until what is queued is written (tests; a close after a last message)."""
        while not self.dead and (self.others or self.state is not None):
            await asyncio.sleep(0.005)

    def close(self) -> None:
        self.dead = True
        self.task.cancel()


def publish(live: LiveGame, subscribers: Iterable[Subscriber]) -> None:
    """Queue the current State for every subscriber, one payload per pair of eyes."""
    for sub in list(subscribers):
        if sub.dead:
            live.subscribers.discard(sub)
            continue
        sub.push_state(state_text(live, sub.access, sub.wanted))


async def close_all(subscribers: Iterable[Subscriber]) -> None:
    for sub in list(subscribers):
        sub.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sub.task
