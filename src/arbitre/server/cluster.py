"""Several `arbitre serve` processes sharing one PostgreSQL database (issue 17; docs/deploy.md).

Any process answers any request for any game; each keeps cached copies of the games its
clients use. PostgreSQL alone ties them together, no broker:

- **Writes are serialised by the database.** A move is applied to the cached copy, then
  committed; the moves table's primary key (game_id, idx) makes a second process's commit
  of the same move number fail, and that process rebuilds the game from what is stored and
  refuses the move 409 `stale` (hub.Hub._apply). A conflict in a grouped commit costs only
  that game's move (commits.py writes a failed group again move by move).
- **Changes reach every socket.** Each change is told with `pg_notify` inside the
  transaction that stores it (store.Store.notify): a notification exists only if the change
  does. Every process LISTENs (cluster_listen.py) and, for a game it has cached, catches up
  (only the new moves, applied under the game's lock, log included) then tells its own
  sockets as it tells them of its own moves: States or patches, chat lines, social frames.
- **One process runs a game's background work** (its AI seats; the clocks hang on the same
  `Hub.kick`): the one holding the game's advisory lock (cluster_owner.py). A sweeper takes
  over games whose owner is gone: the cached ones nobody owns any more, and through
  `games.ai_turn` those an AI must answer that no process has cached. An AI's answer is
  committed like a person's: a killed owner loses at most a thought, never a stored move.

Notification payload: `{"g": game id, "k": kind, "n": number, "o": sending process}` with
kind "moves" (n: the move count; the new moves travel in it too while it stays short,
`"m"`: [[idx, key, human], …]), "undo" (n: the count kept), "chat" (n: the line's id),
"social", "seats", "deleted", "clock"; and, sent
outside any transaction since they live in memory only (docs/deploy.md, What is per
process), "takeback" (`"t"`: the pending takeback request, `[seat, moves, [accepted
seats]]` or null) and "presence" (n: this process's sockets of seat `"t"`,
cluster_presence.py). A process ignores its own notifications.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from dataclasses import replace
from typing import Any

from sqlalchemy import select, text, update
from sqlalchemy.engine import make_url

from arbitre.server import takeover
from arbitre.server.cluster_listen import CHANNEL, Listener
from arbitre.server.cluster_owner import Locks
from arbitre.server.cluster_presence import LISTENER, Presence
from arbitre.server.errors import ApiError
from arbitre.server.hub import Hub
from arbitre.server.live import LiveGame, Takeback, agents_for, load_live
from arbitre.server.resign import Ending, end_game, is_ended
from arbitre.server.social_state import refresh
from arbitre.server.social_state import restore as restore_social
from arbitre.server.store import GameRow, Move, MoveRow, Store

SWEEP = 1.0  # seconds between two sweeps
ORPHAN_AFTER = 2.0  # an AI turn untouched this long may have lost its process
ORPHANS = 100  # games looked at per sweep
PAYLOAD_LIMIT = 7000  # bytes of a notification (PostgreSQL's limit: 8000)
KINDS = ("moves", "undo", "chat", "social", "seats", "deleted", "takeback", "clock", "presence")
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")

log = logging.getLogger("arbitre.server")


def conninfo_of(url: str) -> str:
    """The libpq URI of a SQLAlchemy PostgreSQL URL (psycopg's own connections)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def is_postgresql(store: Store) -> bool:
    return store.engine.dialect.name == "postgresql"


def _new_moves(store: Store, game_id: str, start: int) -> tuple[int, list[tuple[str, bool]]]:
    """The stored move count of a game (-1: gone) and its moves from number `start` on."""
    with store.engine.connect() as conn:
        count = conn.execute(select(GameRow.moves).where(GameRow.id == game_id)).scalar()
        rows = conn.execute(
            select(MoveRow.key, MoveRow.human)
            .where(MoveRow.game_id == game_id, MoveRow.idx >= start)
            .order_by(MoveRow.idx)
        ).all()
    return (-1 if count is None else int(count)), [(r[0], bool(r[1])) for r in rows]


def _counts(store: Store, game_ids: list[str]) -> dict[str, int]:
    with store.engine.connect() as conn:
        rows = conn.execute(select(GameRow.id, GameRow.moves).where(GameRow.id.in_(game_ids)))
        return {r[0]: int(r[1]) for r in rows}


def _orphans(store: Store, before: float) -> list[str]:
    """Games an AI must answer that nobody touched since `before` (their owner may be gone)."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(GameRow.id)
            .where(GameRow.ai_turn.is_(True), GameRow.over.is_(False), GameRow.updated < before)
            .order_by(GameRow.updated)
            .limit(ORPHANS)
        )
        return [r[0] for r in rows]


def _no_ai_turn(store: Store, game_id: str, moves: int) -> None:
    """The flag was stale (a seat taken back by a person): clear it, unless a move came."""
    with store.engine.begin() as conn:
        conn.execute(
            update(GameRow)
            .where(GameRow.id == game_id, GameRow.moves == moves)
            .values(ai_turn=False)
        )


class Cluster:
    """This process's part in a cluster; `hub.owner` (hub.Owner)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = hub.store
        self.me = secrets.token_hex(6)
        self.conninfo = conninfo_of(self.store.url)
        self.locks = Locks(self.conninfo)
        self.listener: Listener | None = None
        self.sweeper: asyncio.Task[None] | None = None
        self.wanted: set[str] = set()  # lock attempts under way
        self.refused: dict[str, float] = {}  # games found owned elsewhere, and since when
        self.tasks: set[asyncio.Task[None]] = set()
        self.takebacks: dict[str, Takeback | None] = {}  # as last told or heard, by game
        self.presence = Presence(self.store, hub.workers)
        hub.owner = self
        self.store.notify = self.notify
        takeover.seat_elsewhere = self.presence.elsewhere
        takeover.seat_sockets = self.seat_sockets

    # --- telling the others --------------------------------------------------------------

    def notify(
        self, conn: Any, game_id: str, kind: str, n: int, moves: list[Move] | None = None
    ) -> None:
        """Inside the transaction that stores the change (store.Store.notify). New moves
        travel in the notification (`"m"`: [[idx, key, human], …]) while it stays short:
        the others then apply them without reading the database."""
        note: dict[str, Any] = {"g": game_id, "k": kind, "n": n, "o": self.me}
        if moves:
            note["m"] = [[m.idx, m.key, m.human] for m in moves]
        payload = json.dumps(note, separators=(",", ":"))
        if len(payload) > PAYLOAD_LIMIT:  # PostgreSQL takes up to 8000 bytes
            payload = json.dumps({"g": game_id, "k": kind, "n": n, "o": self.me})
        conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": payload})

    def changed(self, live: LiveGame) -> None:
        """After each broadcast (hub.Hub.broadcast): a takeback request asked, accepted or
        dropped here is told to the other processes (their seats answer it there)."""
        pending = live.takeback
        if self.takebacks.get(live.id) == pending:
            return
        self.takebacks[live.id] = pending
        told = None
        if pending is not None:
            told = [pending.seat, pending.moves, sorted(pending.accepted)]
        note = {"g": live.id, "k": "takeback", "n": live.moves, "o": self.me, "t": told}
        self._spawn(self.locks.send(CHANNEL, json.dumps(note)))

    def seat_sockets(self, game_id: str, seat: int, count: int) -> None:
        """This process's sockets of a seat (takeover.py, after each open or close)."""
        note = {"g": game_id, "k": "presence", "n": count, "o": self.me, "t": seat}
        self._spawn(self.locks.send(CHANNEL, json.dumps(note)))

    # --- lifetime ------------------------------------------------------------------------

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self.listener = Listener(
            self.conninfo, loop, self.on_payload, self.on_missed, LISTENER + self.me
        )
        self.listener.start()
        await loop.run_in_executor(None, self.listener.ready.wait, 10.0)
        self.sweeper = loop.create_task(self._sweep_forever())

    async def stop(self) -> None:
        if takeover.seat_sockets == self.seat_sockets:  # module hooks: not after this app
            takeover.seat_sockets = takeover.seat_elsewhere = None
        if self.sweeper is not None:
            self.sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sweeper
        for task in list(self.tasks):
            task.cancel()
        if self.listener is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.listener.stop)
        await asyncio.get_running_loop().run_in_executor(None, self.locks.close)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- ownership (hub.Owner) -----------------------------------------------------------

    def owns(self, live: LiveGame) -> bool:
        return live.id in self.locks.held

    def want(self, live: LiveGame) -> None:
        """Try for the game's lock once; a game another process owns is left to the
        sweeper, which tries every such game each SWEEP in one query (an owner that died
        is replaced) rather than one query per move here."""
        if live.id in self.wanted or live.id in self.refused or live.deleted:
            return
        self.wanted.add(live.id)
        self._spawn(self._take(live))

    async def _take(self, live: LiveGame) -> None:
        try:
            if not await self.locks.take([live.id]):
                self.refused[live.id] = time.monotonic()
                return
            self.refused.pop(live.id, None)
            if await self._behind(live):  # the previous owner may have stored more
                await self.catch_up(live, "moves")
            if self.hub.games.get(live.id) is live:
                self.hub.kick(live)
        finally:
            self.wanted.discard(live.id)

    async def _behind(self, live: LiveGame) -> bool:
        counts = await self.hub.workers.thread(_counts, self.store, [live.id])
        return counts.get(live.id, -1) != live.moves

    # --- hearing the others --------------------------------------------------------------

    def on_payload(self, payload: str) -> None:
        """A notification (on the event loop, from cluster_listen)."""
        try:
            note = json.loads(payload)
            game_id, kind, n, origin = note["g"], note["k"], note["n"], note["o"]
        except (ValueError, KeyError, TypeError):
            log.warning("notification not understood: %.200s", payload)
            return
        if origin == self.me or kind not in KINDS or not isinstance(n, int):
            return
        if not isinstance(game_id, str):
            return
        if kind == "presence":  # kept for every game: a host may ask about any one
            self.presence.heard(game_id, note.get("t"), n, origin)
            return
        extra = note.get("m") or note.get("t")
        live = self.hub.games.get(game_id)
        if live is not None:
            self._spawn(self._guarded(live, kind, n, extra))
        elif game_id in self.hub.loading:  # its replay may have read the database before
            self._spawn(self._after_load(self.hub.loading[game_id], kind, n, extra))

    async def _after_load(
        self, loading: asyncio.Future[LiveGame], kind: str, n: int, extra: Any
    ) -> None:
        try:
            live = await asyncio.shield(loading)
        except Exception:  # the load failed: nothing is cached to catch up
            return
        await self._guarded(live, kind, n, extra)

    def on_missed(self) -> None:
        """The LISTEN connection came back: what was told meanwhile is lost; compare."""
        self._spawn(self._resync())

    async def _guarded(self, live: LiveGame, kind: str, n: int, extra: Any = None) -> None:
        try:
            await self.catch_up(live, kind, n, extra)
        except Exception:  # one game's trouble must not stop the others
            log.exception("catching up game %s (%s) failed", live.id, kind)

    async def catch_up(self, live: LiveGame, kind: str, n: int = 0, extra: Any = None) -> None:
        """Bring the cached `live` to what another process stored, then tell its sockets.
        Under the game's lock, taken in the order the notifications came."""
        if kind == "chat":
            await self._chat(live, n)
            return
        if kind == "deleted":
            self._deleted(live)
            return
        if kind == "moves" and 0 < n <= live.moves:
            return  # known already (this copy read it with an earlier notification)
        async with live.lock:
            if live.deleted:
                return
            if kind == "moves":
                if not self._told_moves(live, n, extra) and not await self._moves(live):
                    return  # nothing new: no State to send
            elif kind == "seats":
                await self._seats(live)
            elif kind == "social":
                self._social(live)
            elif kind == "takeback":
                self._takeback(live, extra)
            elif kind == "clock":
                await self._clock(live)
                return
            else:  # "undo": moves were taken back; replay what is stored
                await self._reload(live)
        self.hub.broadcast(live)
        if kind != "moves":  # the social frames change with these (social.tell)
            self._tell(live)
        self.hub.kick(live)

    def _told_moves(self, live: LiveGame, n: int, told: Any) -> bool:
        """Apply the moves the notification carried, if they follow this copy's last one
        exactly; False: read them from the database instead."""
        if not isinstance(told, list) or not told or n != live.moves + len(told):
            return False
        for i, item in enumerate(told):
            if not (
                isinstance(item, list)
                and len(item) == 3
                and item[0] == live.moves + i
                and isinstance(item[1], str)
                and isinstance(item[2], bool)
            ):
                return False
        for _idx, key, human in told:
            decision = live.match.decision()
            if decision is None:
                return False  # not what this copy expects: the read goes on from here
            live.play(key, decision)
            live.match.human_keys[-1] = human
            live.takeback = None
        return True

    async def _moves(self, live: LiveGame) -> bool:
        """Apply the moves stored after this copy's last one; whether there were any."""
        count, rows = await self.hub.workers.thread(_new_moves, self.store, live.id, live.moves)
        if count < 0:
            self._deleted(live)
            return False
        if count < live.moves:
            await self._reload(live)
            return True
        for key, human in rows:
            decision = live.match.decision()
            if decision is None:  # not what this copy expects: replay what is stored
                await self._reload(live)
                return True
            live.play(key, decision)
            live.match.human_keys[-1] = human
            live.takeback = None  # a move answers any pending takeback request
        return bool(rows)

    async def _seats(self, live: LiveGame) -> None:
        """A seat claimed, handed to the AI or taken back: new seats, maybe new agents."""
        summary = await self.hub.workers.thread(self.store.summary, live.id)
        if summary is None:
            self._deleted(live)
            return
        before = live.stored.seats
        live.stored = replace(live.stored, seats=summary.seats)
        agents = agents_for(live.stored, live.ruleset)
        for seat, spec in enumerate(summary.seats):
            if seat < len(before) and before[seat] == spec:
                continue  # an unchanged seat keeps its agent as it is
            if seat in agents:
                live.match.agents[seat] = agents[seat]
            else:
                live.match.agents.pop(seat, None)

    def _social(self, live: LiveGame) -> None:
        social = refresh(self.store, live)
        ending = Ending.from_json(social.get("end"))
        if ending is not None and not is_ended(live) and ending.moves == live.moves:
            self.hub.stop_ai(live)
            live.takeback = None
            end_game(live, ending)

    async def _clock(self, live: LiveGame) -> None:
        """The owner stored the game's clock (server/clocks.py): its frame to the sockets."""
        from arbitre.server import clocks

        await self.hub.workers.thread(clocks.restore, self.store, live)
        frame = clocks.clock_frame(live)
        if frame is not None:
            for sub in list(live.subscribers):
                if not sub.dead:
                    sub.push(frame)

    def _takeback(self, live: LiveGame, raw: Any) -> None:
        """The pending takeback request as another process has it now."""
        pending = None
        if isinstance(raw, list) and len(raw) == 3:
            seat, moves, accepted = raw
            seats = range(len(live.stored.seats))
            if (
                type(seat) is int
                and seat in seats
                and moves == live.moves
                and isinstance(accepted, list)
                and all(type(a) is int and a in seats for a in accepted)
            ):
                pending = Takeback(seat, moves, frozenset(accepted))
        live.takeback = self.takebacks[live.id] = pending

    async def _reload(self, live: LiveGame) -> None:
        stored = await self.hub.workers.thread(self.store.load, live.id)
        if stored is None:
            self._deleted(live)
            return
        fresh = await self.hub.workers.thread(load_live, stored)
        restore_social(self.store, fresh)
        self.hub.stop_ai(live)
        live.stored, live.match, live.entries = fresh.stored, fresh.match, fresh.entries
        live.takeback = None

    async def _chat(self, live: LiveGame, line_id: int) -> None:
        from arbitre.server.chat import push_line
        from arbitre.server.social import listeners
        from arbitre.server.social_state import social_of
        from arbitre.server.social_store import line_of

        subs = listeners(live)
        if not subs:
            return
        line = await self.hub.workers.thread(line_of, self.store, live.id, line_id)
        if line is not None:
            push_line(live, line, social_of(self.store, live), subs)

    def _tell(self, live: LiveGame) -> None:
        from arbitre.server.social import tell

        tell(self.hub, live)

    def _deleted(self, live: LiveGame) -> None:
        self.hub.forget(live)
        for sub in list(live.subscribers):
            sub.push({"type": "deleted", "id": live.id})

    async def _resync(self) -> None:
        games = dict(self.hub.games)
        if not games:
            return
        counts = await self.hub.workers.thread(_counts, self.store, list(games))
        for game_id, live in games.items():
            kind = "deleted" if game_id not in counts else "undo"
            if kind == "deleted" or counts[game_id] != live.moves:
                await self._guarded(live, kind, 0)
            else:
                await self._guarded(live, "social", 0)

    # --- the sweeper ---------------------------------------------------------------------

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            try:
                await self.sweep()
            except Exception:
                log.exception("cluster sweep failed")

    async def sweep(self) -> None:
        """Release the games this process no longer keeps; take over those whose owner is
        gone: cached ones an AI must answer, and orphans found through games.ai_turn."""
        hub = self.hub
        await self.presence.forget_gone()
        if self.locks.held and not await self.locks.alive():
            log.warning("advisory locks lost with their connection: taking them again")
        gone = [g for g in list(self.locks.held) if g not in hub.games]
        if gone:
            await self.locks.release(gone)
        for known in (self.takebacks, self.refused):
            for game_id in [g for g in known if g not in hub.games]:
                del known[game_id]
        # the cached games nobody owns any more (their owner is gone): this process takes
        # them, catches up with what the owner stored last, and starts their work
        unowned = [g for g in hub.games if g not in self.locks.held and g not in self.wanted]
        for game_id in await self.locks.take(unowned) if unowned else []:
            self.refused.pop(game_id, None)
            live = hub.games.get(game_id)
            if live is not None:
                if await self._behind(live):
                    await self.catch_up(live, "moves")
                hub.kick(live)
        for live in list(hub.games.values()):
            decision = live.match.decision()
            if self.owns(live) and decision is not None and not live.match.is_human(decision.seat):
                hub.kick(live)  # its AI runner stopped (a failed commit): again
        before = time.time() - ORPHAN_AFTER
        for game_id in await hub.workers.thread(_orphans, self.store, before):
            if game_id in hub.games or game_id in self.wanted:
                continue
            if not await self.locks.take([game_id]):
                continue
            try:
                live = await hub.get(game_id)  # loading it kicks its AI (Hub._load)
            except ApiError:  # deleted meanwhile
                continue
            decision = live.match.decision()
            if decision is None or live.match.is_human(decision.seat):
                await hub.workers.thread(_no_ai_turn, self.store, game_id, live.moves)
