"""WebSocket clients of a game, fed without ever making a game wait for them.

A move is answered as soon as it is stored: telling the sockets only puts the new State
in each one's slot, where a newer State replaces one not yet sent, and each socket's own
sender task writes it. A client that stops reading therefore delays nobody; one whose
write does not finish within SEND_TIMEOUT is dropped. Subscribers that look through the
same eyes (every spectator, say) share one payload, built and encoded once
(states.snapshot), which the HTTP answer to the move reuses.

A client that asked for patches (`{"type": "patches"}`: the table page) gets, after a
change, only what changed since the State it holds (states.patch_text), one text shared by
every socket of the same eyes that holds the same State. It gets the whole State on
connect, when it looks through other eyes, after a replay (undo), when a write of its was
still waiting (the newer message replaces it, so the one it would patch never arrives),
and whenever the patch would be longer.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from arbitre.server.live import Access, LiveGame
from arbitre.server.states import Snapshot, encode, patch_text, snapshot

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
        self.state: str | None = None  # the newest State (or patch) not sent yet
        self.patches = False  # the client applies patches (it said so)
        self.base: Snapshot | None = None  # the State it holds once what is queued is sent
        self.others: deque[str] = deque()  # replies to this client, in order
        self.answers: list[str] = []  # "played" answers riding with the next State
        self.wake = asyncio.Event()
        self.dead = False
        self.since = 0.0  # when the write in progress started (0: none)
        loop = asyncio.get_running_loop()
        self.task = loop.create_task(self._pump())
        _watched(loop).add(self)

    def push_state(self, text: str, base: Snapshot | None = None) -> None:
        self.state = text
        self.base = base
        self.wake.set()

    def send_state(self, live: LiveGame) -> None:
        """The whole State now (on connect, through new eyes)."""
        snap = snapshot(live, self.access, self.wanted)
        self.push_state(snap.full(), snap)

    def update(self, live: LiveGame) -> None:
        """What changed since the State this client holds: a patch if it takes them and one
        can be made, else the whole State; nothing when it holds the current State."""
        snap = snapshot(live, self.access, self.wanted)
        base = self.base
        if snap is base:
            return
        if self.patches and self.state is None and base is not None:
            text = patch_text(snap, base)
            if text is not None:
                self.push_state(text, snap)
                return
        self.push_state(snap.full(), snap)

    def look_through(self, live: LiveGame, seat: int) -> None:
        """The hotseat table confirmed `seat` ("I am <seat>"): its eyes from now on."""
        self.wanted = seat
        self.send_state(live)

    def played(self, ask: int, moves: int) -> None:
        """The answer to a play sent with `ask`, after the State its move made. A client
        that takes patches gets it inside that State's message (`"played": [{"ask",
        "moves"}]`): one frame fewer per move (issue 14); any other, or when that State
        is already sent, as a message of its own."""
        answer = {"ask": ask, "moves": moves}
        if self.patches and self.state is not None:
            self.answers.append(encode(answer))
            return
        self.push({"type": "played", **answer})

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
                # the State first: a "played" reply follows the State its move made
                if self.state is not None:
                    text, self.state = self.state, None
                    if self.answers:  # a newer State carries them too: its move came first
                        text = f'{text[:-1]},"played":[{",".join(self.answers)}]}}'
                        self.answers.clear()
                else:
                    text = self.others.popleft()
                # No timer per write (asyncio.timeout cost ≈ 2 % of a move's CPU): the
                # write's start is noted, and one watchdog per event loop drops a socket
                # whose write has not finished within SEND_TIMEOUT (`_watch`).
                self.since = time.monotonic()
                try:
                    await self.send_text(text)
                except Exception:  # closed: stop feeding it
                    self.dead = True
                    return
                finally:
                    self.since = 0.0

    async def flush(self) -> None:
        """Wait until what is queued is written (tests; a close after a last message)."""
        while not self.dead and (self.others or self.state is not None):
            await asyncio.sleep(0.005)

    def close(self) -> None:
        self.dead = True
        self.task.cancel()


# The subscribers of each event loop, and the task that watches their writes.
_WATCHED: dict[asyncio.AbstractEventLoop, set[Subscriber]] = {}


def _watched(loop: asyncio.AbstractEventLoop) -> set[Subscriber]:
    subs = _WATCHED.get(loop)
    if subs is None:
        subs = _WATCHED[loop] = set()
        loop.create_task(_watch(loop, subs))
    return subs


async def _watch(loop: asyncio.AbstractEventLoop, subs: set[Subscriber]) -> None:
    """Drop the subscribers whose write has lasted more than SEND_TIMEOUT (a client that
    does not read); forget the dead ones; stop when there is nobody left to watch."""
    try:
        while subs:
            await asyncio.sleep(min(1.0, SEND_TIMEOUT / 2))
            now = time.monotonic()
            for sub in list(subs):
                if sub.dead:
                    subs.discard(sub)
                elif sub.since and now - sub.since > SEND_TIMEOUT:
                    sub.close()
                    subs.discard(sub)
    finally:
        if _WATCHED.get(loop) is subs:
            del _WATCHED[loop]


def publish(live: LiveGame, subscribers: Iterable[Subscriber]) -> None:
    """Queue the current State (or a patch to it) for every subscriber, one payload per pair
    of eyes and State held."""
    for sub in list(subscribers):
        if sub.dead:
            live.subscribers.discard(sub)
            continue
        sub.update(live)


async def close_all(subscribers: Iterable[Subscriber]) -> None:
    for sub in list(subscribers):
        sub.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sub.task
