"""The games a server runs: loading, moves, undo, AI seats and live updates.

Each game's asyncio lock (`LiveGame.lock`) orders everything that changes it. A move is
applied in memory, then committed (server/commits.py: in a writer thread, grouped with
the other games' moves of the moment) before anyone is told: readers outside the lock
wait for it (`LiveGame.settled`); if the commit fails the game is rebuilt from what is
stored, so nobody ever sees memory run ahead of the database. Tokens are
checked against the stored game before it is loaded; loading, undo replays and AI
thinking run in worker threads (server/work.py) so that other games go on meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Protocol

from arbitre.engine.agents.random_agent import RandomAgent
from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg
from arbitre.engine.ruleset import IllegalChoice, Ruleset
from arbitre.server import clocks, notify_store, search, turns
from arbitre.server.commits import Committer
from arbitre.server.errors import ApiError, both, refuse
from arbitre.server.inputs import game_id_of
from arbitre.server.live import Access, Entry, LiveGame, access_for, load_live, seat_label
from arbitre.server.payload import can_undo
from arbitre.server.resign import refuse_if_ended
from arbitre.server.social_state import restore as restore_social
from arbitre.server.store import Move, Store
from arbitre.server.subscribers import close_all, publish
from arbitre.server.work import Workers

log = logging.getLogger("arbitre.server")

CACHE_SIZE = 256


class Owner(Protocol):
    """Which games this process runs the background work of (server/cluster.py, several
    processes on PostgreSQL): `owns` now, `want` asks for it (kick again once it has it)."""

    def owns(self, live: LiveGame) -> bool: ...
    def want(self, live: LiveGame) -> None: ...
    def changed(self, live: LiveGame) -> None: ...


def _load(store: Store, game_id: str) -> LiveGame | None:
    stored = store.load(game_id)
    if stored is None:
        return None
    live = load_live(stored)
    restore_social(store, live)  # a resigned game ends again (server/social_state.py)
    clocks.restore(store, live)  # its clock, brought up to the stored answers
    return live


class Hub:
    def __init__(self, store: Store, ai_delay: float = 0.0, workers: Workers | None = None) -> None:
        self.store = store
        self.ai_delay = ai_delay
        self.workers = workers or Workers()
        self.committer = Committer(store)
        notify_store.attach(store)  # the turn ledger moves with each stored move
        self.games: OrderedDict[str, LiveGame] = OrderedDict()
        self.loading: dict[str, asyncio.Future[LiveGame]] = {}
        self.ai_tasks: dict[str, asyncio.Task[None]] = {}
        self.owner: Owner | None = None  # None: one process, it runs every game

    # --- loading -------------------------------------------------------------------------

    async def open(self, game_id: str, token: str | None) -> tuple[LiveGame, Access]:
        """The game and what `token` may do in it. The token is checked against the stored
        game (one row) before anything is replayed: a stranger's request costs no work."""
        game_id = game_id_of(game_id)
        live = self.games.get(game_id)
        if live is None:
            summary = self.store.summary(game_id)
            if summary is None:
                raise refuse(404, "no_game", "no_game", id=game_id)
            if access_for(summary, token) is None:
                raise refuse(403, "bad_token", "bad_token")
            live = await self._load(game_id)
        else:
            self.games.move_to_end(game_id)
        access = live.access(token)
        if access is None:
            raise refuse(403, "bad_token", "bad_token")
        await live.settled()
        return live, access

    async def get(self, game_id: str) -> LiveGame:
        """The game, loaded if need be, for a caller that checked its credential already."""
        live = self.games.get(game_id)
        if live is None:
            live = await self._load(game_id)
        else:
            self.games.move_to_end(game_id)
        await live.settled()
        return live

    async def _load(self, game_id: str) -> LiveGame:
        """Replay the game from the database in a worker thread, once however many ask."""
        pending = self.loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveGame] = asyncio.get_running_loop().create_future()
        self.loading[game_id] = future
        try:
            live = await self.workers.thread(_load, self.store, game_id)
            if live is None:
                raise refuse(404, "no_game", "no_game", id=game_id)
            self.games[game_id] = live
            self._evict()
            self.kick(live)  # after a restart, an AI whose turn it was plays on
            future.set_result(live)
            return live
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when alone
            raise
        finally:
            del self.loading[game_id]

    def _evict(self) -> None:
        while len(self.games) > CACHE_SIZE:
            for game_id, live in self.games.items():
                busy = live.lock.locked() or game_id in self.ai_tasks
                if not live.subscribers and not busy:
                    del self.games[game_id]
                    break
            else:
                return

    def forget(self, live: LiveGame) -> None:
        """A deleted game: sockets that still hold it are told so when they next speak."""
        live.deleted = True
        game_id = live.id
        self.games.pop(game_id, None)
        task = self.ai_tasks.pop(game_id, None)
        if task is not None:
            task.cancel()

    def add(self, live: LiveGame) -> None:
        """A game just created (built in a worker thread)."""
        self.games[live.id] = live
        self._evict()
        turns.changed(self.store, live)  # whose turn from now (turns.py)
        self.kick(live)

    # --- acting --------------------------------------------------------------------------

    async def play(
        self, live: LiveGame, access: Access, key: str, expect: int | None, wanted: int | None
    ) -> None:
        async with live.lock:
            decision = live.match.decision()
            if decision is None:
                raise refuse(409, "game_over", "game_over")
            if expect is not None and expect != live.moves:
                raise refuse(409, "stale", "stale", moves=live.moves, expect=expect)
            if decision.seat not in access.seats or (
                access.role == "admin" and wanted is not None and wanted != decision.seat
            ):
                label = seat_label(
                    live.ruleset, live.match.seat_names[decision.seat], live.match.config
                )
                raise refuse(403, "not_your_turn", "not_your_turn", seat=label)
            await self._apply(live, key, decision)
            live.takeback = None  # a move answers any pending takeback request
        self.broadcast(live)
        self.kick(live)

    async def _apply(self, live: LiveGame, key: str, decision: Decision) -> None:
        """Apply and store one answer (the caller holds the game's lock and tells the
        others only once this returns). Until the commit is done, `live.writing` makes
        every reader outside the lock wait: nobody may read a move that is not stored."""
        try:
            live.play(key, decision)
        except IllegalChoice as exc:
            raise ApiError(400, "illegal", exc.msg) from None
        after = live.match.decision()
        move = Move(
            live.id,
            live.moves - 1,
            key,
            decision.seat,
            live.match.human_keys[-1],
            after is None,
            after is not None and not live.match.is_human(after.seat),
            at=clocks.now(),
            ledger=True,  # whose turn since when, stored with the move (notify_store)
            next_seat=None if after is None else after.seat,
        )
        writing = live.writing = asyncio.get_running_loop().create_future()
        try:
            await self.committer.write(move)
        except Exception:
            # Memory must never run ahead of the database: go back to what is stored.
            stored = self.store.load(live.id)
            if stored is not None:
                live.rebuild(stored.keys, stored.human)
                if len(stored.keys) > move.idx:
                    # another server process stored this move number first (server/cluster.py)
                    self.broadcast(live)
                    raise refuse(409, "stale", "stale", moves=live.moves, expect=move.idx) from None
            raise
        finally:
            live.writing = None
            writing.set_result(None)
        clocks.moved(live, move.seat, move.human, move.at or 0.0)  # stored: charge its time
        turns.moved(self.store, live, move.seat)  # the turn came to a person: tell them

    async def undo(self, live: LiveGame, access: Access) -> int:
        """Take back the last human answer (and the AI answers after it) now: the hotseat
        table, or a seat whose opponents are all AIs (payload.can_undo)."""
        async with live.lock:
            refuse_if_ended(live)  # a resignation is not undone (server/resign.py)
            if not can_undo(live, access):
                raise refuse(403, "no_undo", "no_undo")
            removed = await self.undo_locked(live)
        self.broadcast(live)
        self.kick(live)
        return removed

    async def undo_locked(self, live: LiveGame) -> int:
        task = self.ai_tasks.pop(live.id, None)
        if task is not None:
            task.cancel()
        # Match.undo's cut (the last human answer and every AI answer after it), replayed
        # in a worker thread on a fresh game; this one stays as it is until the cut is stored.
        human = live.match.human_keys
        keep = max(i for i, h in enumerate(human) if h)  # can_undo: there is one
        removed = live.moves - keep
        keys, flags = live.match.keys[:keep], human[:keep]
        rebuilt = await self.workers.thread(_rebuilt, live, keys, flags)
        self.store.truncate(live.id, keep)
        live.match, live.entries = rebuilt.match, rebuilt.entries
        live.takeback = None
        turns.changed(self.store, live)  # the turn goes back: nobody is told
        return removed

    # --- AI seats ------------------------------------------------------------------------

    def kick(self, live: LiveGame) -> None:
        """Start the AI runner of this game if an AI must answer and none runs."""
        if self.owner is not None and not self.owner.owns(live):
            self.owner.want(live)  # another process may run it (server/cluster.py)
            return
        clocks.kick(self, live)  # the game's clock timer (server/clocks.py)
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
                async with live.lock:
                    decision = live.match.decision()
                    if decision is None or live.match.is_human(decision.seat):
                        return
                    key = await self._think(live, decision)
                    await self._apply(live, key, decision)
                    live.takeback = None
                self.broadcast(live)
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
            if search.wanted(agent):  # `mcts`: in its own processes (server/search.py)
                key = await search.choose(self.workers, live, decision)
            else:
                key = await self.workers.thread(agent.choose, ruleset, live.match.state, decision)
            if decision.find(key) is None:
                raise ValueError(f"answered {key!r}, not an offered option")
            return key
        except Exception as exc:
            name = live.stored.seats[decision.seat].agent or "random"
            log.exception("AI %s failed in game %s", name, live.id)
            msg = Msg("server.ai_failed", {"agent": name, "error": type(exc).__name__})
            live.entries.append(Entry(live.moves, decision.seat, "event", both(msg)))
            return RandomAgent(live.moves).choose(ruleset, live.match.state, decision)

    def stop_ai(self, live: LiveGame) -> None:
        task = self.ai_tasks.pop(live.id, None)
        if task is not None:
            task.cancel()

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
        for live in list(self.games.values()):
            await close_all(live.subscribers)
        self.workers.shutdown()
        self.committer.shutdown()

    # --- live updates --------------------------------------------------------------------

    def broadcast(self, live: LiveGame) -> None:
        """Queue for every subscriber the State through its own seat's eyes; never waits
        for a socket (subscribers.py)."""
        live.changed()
        publish(live, live.subscribers)
        if self.owner is not None:
            self.owner.changed(live)  # what lives in memory only, told to the other processes


def _rebuilt(live: LiveGame, keys: list[str], human: list[bool]) -> LiveGame:
    """A copy of `live` replayed to `keys` (run in a worker thread)."""
    twin = LiveGame(live.stored, live.ruleset, live.match)
    twin.rebuild(keys, human)
    return twin
