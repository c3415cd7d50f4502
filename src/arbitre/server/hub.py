"""The games a server runs: loading, moves, undo, AI seats and live updates.

One asyncio lock per game orders everything that changes it. A move is applied in
memory, then committed; if the commit fails the game is rebuilt from what is stored, so
memory never runs ahead of the database. AI seats think in a worker thread so that other
games go on meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from arbitre.engine.agents.random_agent import RandomAgent
from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg
from arbitre.engine.ruleset import IllegalChoice, Ruleset
from arbitre.server.errors import ApiError, both, refuse
from arbitre.server.live import Access, Entry, LiveGame, load_live, seat_label
from arbitre.server.payload import can_undo, state_payload
from arbitre.server.store import Store, StoredGame

log = logging.getLogger("arbitre.server")

Send = Callable[[dict[str, Any]], Awaitable[None]]
CACHE_SIZE = 256


class Subscriber:
    """A WebSocket client: where to send and through whose eyes."""

    def __init__(self, send: Send, access: Access, wanted: int | None) -> None:
        self.send = send
        self.access = access
        self.wanted = wanted


class Hub:
    def __init__(self, store: Store, ai_delay: float = 0.0) -> None:
        self.store = store
        self.ai_delay = ai_delay
        self.games: OrderedDict[str, LiveGame] = OrderedDict()
        self.locks: dict[str, asyncio.Lock] = {}
        self.ai_tasks: dict[str, asyncio.Task[None]] = {}

    # --- loading -------------------------------------------------------------------------

    def lock(self, game_id: str) -> asyncio.Lock:
        return self.locks.setdefault(game_id, asyncio.Lock())

    def live(self, game_id: str) -> LiveGame:
        """The game in memory, replayed from the database on first use."""
        live = self.games.get(game_id)
        if live is not None:
            self.games.move_to_end(game_id)
            return live
        stored = self.store.load(game_id)
        if stored is None:
            raise refuse(404, "no_game", "no_game", id=game_id)
        live = load_live(stored)
        self.games[game_id] = live
        self._evict()
        self.kick(live)  # after a restart, an AI whose turn it was plays on
        return live

    def _evict(self) -> None:
        while len(self.games) > CACHE_SIZE:
            for game_id, live in self.games.items():
                if not live.subscribers and game_id not in self.ai_tasks:
                    del self.games[game_id]
                    break
            else:
                return

    def forget(self, game_id: str) -> None:
        self.games.pop(game_id, None)
        task = self.ai_tasks.pop(game_id, None)
        if task is not None:
            task.cancel()

    def create(self, stored: StoredGame) -> LiveGame:
        live = load_live(stored)
        self.games[stored.id] = live
        self._evict()
        self.kick(live)
        return live

    # --- acting --------------------------------------------------------------------------

    async def play(
        self, live: LiveGame, access: Access, key: str, expect: int | None, wanted: int | None
    ) -> None:
        async with self.lock(live.id):
            decision = live.match.decision()
            if decision is None:
                raise refuse(409, "game_over", "game_over")
            if expect is not None and expect != live.moves:
                raise refuse(409, "stale", "stale", moves=live.moves, expect=expect)
            label = seat_label(live.ruleset, live.match.seat_names[decision.seat])
            if decision.seat not in access.seats:
                raise refuse(403, "not_your_turn", "not_your_turn", seat=label)
            if access.role == "admin" and wanted is not None and wanted != decision.seat:
                raise refuse(403, "not_your_turn", "not_your_turn", seat=label)
            self._apply(live, key, decision)
        await self.broadcast(live)
        self.kick(live)

    def _apply(self, live: LiveGame, key: str, decision: Decision) -> None:
        try:
            live.play(key, decision)
        except IllegalChoice as exc:
            raise ApiError(400, "illegal", exc.msg) from None
        try:
            self.store.append(
                live.id,
                live.moves - 1,
                key,
                decision.seat,
                live.match.human_keys[-1],
                live.match.decision() is None,
            )
        except Exception:
            # Memory must never run ahead of the database: go back to what is stored.
            stored = self.store.load(live.id)
            if stored is not None:
                live.rebuild(stored.keys, stored.human)
            raise

    async def undo(self, live: LiveGame, access: Access) -> int:
        async with self.lock(live.id):
            if not can_undo(live, access):
                raise refuse(403, "no_undo", "no_undo")
            task = self.ai_tasks.pop(live.id, None)
            if task is not None:
                task.cancel()
            # Match.undo's cut (the last human answer and every AI answer after it), replayed
            # once by rebuild, which also rebuilds the log.
            human = live.match.human_keys
            keep = max(i for i, h in enumerate(human) if h)  # can_undo: there is one
            removed = live.moves - keep
            self.store.truncate(live.id, keep)
            live.rebuild(live.match.keys[:keep], human[:keep])
        await self.broadcast(live)
        return removed

    # --- AI seats ------------------------------------------------------------------------

    def kick(self, live: LiveGame) -> None:
        """Start the AI runner of this game if an AI must answer and none runs."""
        decision = live.match.decision()
        if decision is None or live.match.is_human(decision.seat):
            return
        running = self.ai_tasks.get(live.id)
        if running is not None and not running.done():
            return
        self.ai_tasks[live.id] = asyncio.get_running_loop().create_task(self._run_ai(live))

    async def _run_ai(self, live: LiveGame) -> None:
        try:
            while True:
                if self.ai_delay:
                    await asyncio.sleep(self.ai_delay)
                async with self.lock(live.id):
                    decision = live.match.decision()
                    if decision is None or live.match.is_human(decision.seat):
                        return
                    key = await self._think(live, decision)
                    self._apply(live, key, decision)
                await self.broadcast(live)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug in one game must not stop the server
            log.exception("AI runner of game %s failed", live.id)
        finally:
            if self.ai_tasks.get(live.id) is asyncio.current_task():
                del self.ai_tasks[live.id]

    async def _think(self, live: LiveGame, decision: Decision) -> str:
        agent = live.match.agents[decision.seat]
        ruleset: Ruleset[Any] = live.ruleset
        try:
            key = await asyncio.to_thread(agent.choose, ruleset, live.match.state, decision)
            if decision.find(key) is None:
                raise ValueError(f"answered {key!r}, not an offered option")
            return key
        except Exception as exc:
            name = live.stored.seats[decision.seat].agent or "random"
            log.exception("AI %s failed in game %s", name, live.id)
            msg = Msg("server.ai_failed", {"agent": name, "error": type(exc).__name__})
            live.entries.append(Entry(live.moves, decision.seat, "event", both(msg)))
            return RandomAgent(live.moves).choose(ruleset, live.match.state, decision)

    async def idle(self, game_id: str) -> None:
        """Wait until the AI seats of `game_id` have nothing more to play (tests, shutdown)."""
        task = self.ai_tasks.get(game_id)
        while task is not None and not task.done():
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.shield(task)
            task = self.ai_tasks.get(game_id)

    async def shutdown(self) -> None:
        tasks: Sequence[asyncio.Task[None]] = list(self.ai_tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # --- live updates --------------------------------------------------------------------

    async def broadcast(self, live: LiveGame) -> None:
        """Send every subscriber the State through its own seat's eyes."""
        for sub in list(live.subscribers):
            try:
                await sub.send(state_payload(live, sub.access, sub.wanted))
            except Exception:  # a closed socket: its handler removes it
                live.subscribers.discard(sub)
