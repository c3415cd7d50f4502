"""Clocks at work (issue 17; docs/web.md, Clocks): each game's timer, what happens when a
seat runs out of time, the `clock` frame, and the sweeper that finds expired games nobody
has open.

- `kick(hub, live)` (called by hub.Hub.kick, where every per-game background task starts,
  so that with several processes only the one that owns the game runs it) starts the
  game's timer task if the game has a clock. The task keeps the clock in step with the
  game (clock_state.sync), writes it (clock_store, in a worker thread), sends the `clock`
  frame when it changes, and acts when the seat to play is out of time.
- `moved(live, …)` (hub.Hub._apply, once an answer is stored) charges the seat its
  thinking time from the answer's stored time.
- A timeout is acted on under the game's lock, at most once per decision (`acted`, kept
  in the row), by the creator's choice: `ai` hands the seat to the game's AI (takeover.py:
  the person may take it back), `skip` lets the AI answer the decisions the seat is late
  on this time only, `claim` lets the other seats claim the game (clock_api.py).
- `sweep(hub)` (started in the app's lifespan) finds in the clocks table the deadlines
  passed of games this process has not loaded (turn-based clocks run out over days) and
  loads them: loading kicks them, their timer acts.

Time comes from `clock_state.now()`, which tests replace (`set_now`): no test sleeps.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from arbitre.engine.agents import make_agent
from arbitre.engine.i18n import Msg
from arbitre.server import messages_clock as _messages  # noqa: F401  (registers the texts)
from arbitre.server.clock_state import (
    MIN_BACK,
    ClockState,
    cached,
    expired_seat,
    load,
    now,
    remember,
    row_of,
    set_now,
    sync,
)
from arbitre.server.clock_state import moved as charge
from arbitre.server.clock_store import expired, save_clock
from arbitre.server.errors import both
from arbitre.server.live import Entry, LiveGame, seat_label
from arbitre.server.store import Store
from arbitre.server.takeover import default_agent, give_to_ai, restore_agent

if TYPE_CHECKING:
    from arbitre.server.hub import Hub

__all__ = ["clock_frame", "kick", "moved", "now", "restore", "set_now", "stored_frame", "sweep"]

log = logging.getLogger("arbitre.server")

TICK = 1.0  # seconds between two looks at a running clock (the fake time moves in tests)
SWEEP = 30.0  # seconds between two sweeps of the clocks table
SKIP_LIMIT = 200  # answers the AI gives at most for a late seat (`skip`)

# Per hub: the game timers, and what tells the pages of a change of seats (social.tell).
_timers: weakref.WeakKeyDictionary[Any, dict[str, asyncio.Task[None]]] = weakref.WeakKeyDictionary()
_wakes: dict[str, asyncio.Event] = {}
_tellers: weakref.WeakKeyDictionary[Any, Callable[[Any, LiveGame], None]] = (
    weakref.WeakKeyDictionary()
)


def install(hub: Hub, tell: Callable[[Any, LiveGame], None]) -> None:
    """How a timeout tells the pages that a seat changed hands (app.py: social.tell)."""
    _tellers[hub] = tell


def restore(store: Store, live: LiveGame) -> None:
    """A game being loaded (hub._load, in a worker thread): its clock, brought up to date."""
    remember(live.id, load(store, live))


def clock_of(live: LiveGame) -> ClockState | None:
    return cached(live.id)[1]


# --- the frame -----------------------------------------------------------------------------


def clock_frame(live: LiveGame, st: ClockState | None = None) -> dict[str, Any] | None:
    """`{"type": "clock", …}`: each human seat's time left, whose clock runs, the server's
    time. Nothing of the game's state (the seat asked is public in every State). None: the
    game has no clock (or this process does not know it yet). `st`: another clock state
    than the game's (`connected`'s preview)."""
    if st is None:
        st = clock_of(live)
    if st is None:
        return None
    t = now()
    seats = []
    for seat in sorted(live.human_seats()):
        spec = live.stored.seats[seat]
        seats.append(
            {
                "seat": seat,
                "remaining": round(max(0.0, st.left(seat, t)), 1),
                "ai": bool(spec.agent),
                "out": seat == st.flagged,
            }
        )
    s = st.settings
    return {
        "type": "clock",
        "kind": s.kind,
        "base": s.base,
        "increment": s.increment,
        "timeout": s.timeout,
        "started": st.started,
        "running": st.running,
        "flagged": st.flagged,
        # the seat out of time in words (French articles: "Le Traître"), for the page
        "notice": None
        if st.flagged is None
        else both(Msg("clock.flagged", {"seat": _label(live, st.flagged)})),
        "over": st.over,
        "now": round(t, 3),
        "seats": seats,
    }


def stored_frame(store: Store, live: LiveGame) -> dict[str, Any] | None:
    """The frame as the database has it now (blocking: a worker thread): for a process
    that does not run the game's timer (several processes, server/cluster.py) and was told
    of a change by another."""
    restore(store, live)
    return clock_frame(live)


def connected(live: LiveGame, sub: Any) -> None:
    """A socket just opened (sockets.py): the clock frame now, if the game has a clock.

    The frame is what the game's timer will make of the clock at its next turn of the loop
    (`sync` on a copy): a page opened right after the last seat was taken, or after an
    undo, would otherwise show "the clocks start once every seat is taken", or the wrong
    seat's clock running, until the timer's own frame came. The clock itself is left to
    the timer, which stores what it changes."""
    st = clock_of(live)
    if st is None:
        return
    preview = copy.deepcopy(st)
    sync(preview, live, now())
    frame = clock_frame(live, preview)
    if frame is not None:
        sub.push(frame)


def _send(live: LiveGame) -> None:
    frame = clock_frame(live)
    if frame is None:
        return
    for sub in list(live.subscribers):
        if not sub.dead:
            sub.push(frame)


# --- the timer of a game -------------------------------------------------------------------


def kick(hub: Hub, live: LiveGame) -> None:
    """Start the game's timer if it has a clock and none runs; wake it if one does."""
    known, st = cached(live.id)
    if known and (st is None or st.over):
        return
    timers = _timers.setdefault(hub, {})
    task = timers.get(live.id)
    if task is not None and not task.done():
        wake = _wakes.get(live.id)
        if wake is not None:
            wake.set()
        return
    timers[live.id] = asyncio.get_running_loop().create_task(_run(hub, live))


def moved(live: LiveGame, seat: int, human: bool, at: float) -> None:
    """An answer of `seat` was stored at `at` (hub.Hub._apply, under the game's lock)."""
    st = clock_of(live)
    if st is None:
        return
    charge(st, seat, human, at, live)
    wake = _wakes.get(live.id)
    if wake is not None:
        wake.set()


def _view(st: ClockState) -> tuple[Any, ...]:
    return (st.running, st.since, st.started, st.flagged, st.over, sorted(st.handed), st.moves)


def _shown(live: LiveGame) -> dict[str, Any] | None:
    """The frame but its time: what a page would show differently."""
    frame = clock_frame(live)
    if frame is not None:
        del frame["now"]
    return frame


async def _run(hub: Hub, live: LiveGame) -> None:
    wake = _wakes[live.id] = asyncio.Event()
    try:
        known, st = cached(live.id)
        if not known:
            st = await hub.workers.thread(load, hub.store, live)
            remember(live.id, st)
        sent: dict[str, Any] | None = None
        saved: tuple[Any, ...] | None = None
        while st is not None and not live.deleted and hub.games.get(live.id) is live:
            await live.settled()
            async with live.lock:
                sync(st, live, now())
                late = expired_seat(st, now())
                if late is not None and st.acted != [st.moves, late]:
                    await _timeout(hub, live, st, late)
                    sync(st, live, now())
            view = _view(st)
            if view != saved:
                saved = view
                await _save(hub, live, st)
            shown = _shown(live)
            if shown != sent:  # the pages hear of a change, not of every answer
                sent = shown
                _send(live)
            if st.over:
                return
            deadline = st.deadline
            wait = TICK if deadline is None else max(0.0, min(TICK, deadline - now()))
            if wait <= 0 and st.acted == [st.moves, st.running]:
                wait = TICK  # acted on already: look again later, do not spin
            wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), wait)
    except asyncio.CancelledError:
        raise
    except Exception:  # a bug in one game's clock must not stop the server
        log.exception("clock of game %s failed", live.id)
    finally:
        if _wakes.get(live.id) is wake:
            del _wakes[live.id]
        timers = _timers.get(hub, {})
        if timers.get(live.id) is asyncio.current_task():
            del timers[live.id]


async def _save(hub: Hub, live: LiveGame, st: ClockState) -> None:
    row, deadline = row_of(st)  # made here: the thread writes a copy, not a changing state
    await hub.workers.thread(save_clock, hub.store, live.id, row, deadline)


def _label(live: LiveGame, seat: int) -> Msg:
    return seat_label(live.ruleset, live.match.seat_names[seat], live.match.config)


def _log(live: LiveGame, seat: int, key: str) -> None:
    msg = Msg(key, {"seat": _label(live, seat)})
    live.entries.append(Entry(live.moves, seat, "event", both(msg)))


async def _timeout(hub: Hub, live: LiveGame, st: ClockState, seat: int) -> None:
    """`seat` is out of time (the caller holds the game's lock): the creator's choice."""
    st.acted = [st.moves, seat]
    st.remaining[seat] = 0.0
    st.running = None
    st.since = now()
    choice = st.settings.timeout
    log.info("game %s: seat %s out of time (%s)", live.id, seat, choice)
    if choice == "ai":
        give_to_ai(hub.store, live, seat, default_agent(live, seat, None))
        st.handed.add(seat)
        _log(live, seat, "clock.timeout.ai")
    elif choice == "skip":
        _log(live, seat, "clock.timeout.skip")
        await _skip(hub, live, seat)
        st.remaining[seat] = float(max(st.settings.increment, MIN_BACK))
    else:
        st.flagged = seat
        _log(live, seat, "clock.timeout.claim")
    await _save(hub, live, st)
    hub.broadcast(live)
    tell = _tellers.get(hub)
    if tell is not None:
        tell(hub, live)
    if choice == "ai":
        hub.kick(live)


async def _skip(hub: Hub, live: LiveGame, seat: int) -> None:
    """The game's AI answers the decisions `seat` is late on, this time only: it is put on
    the seat for these answers (so they are stored as the AI's), then taken off again."""
    agent = make_agent(live.ruleset, default_agent(live, seat, None), live.stored.seed * 31 + seat)
    live.match.agents[seat] = agent
    try:
        for _ in range(SKIP_LIMIT):
            decision = live.match.decision()
            if decision is None or decision.seat != seat:
                break
            key = await hub._think(live, decision)
            await hub._apply(live, key, decision)
            live.takeback = None
    finally:
        restore_agent(live, seat)


# --- the sweeper ---------------------------------------------------------------------------


async def sweep_once(hub: Hub) -> list[str]:
    """Load (hence kick) the games whose seat to play ran out of time; their ids."""
    ids = await hub.workers.thread(expired, hub.store, now())
    for game_id in ids:
        try:
            hub.kick(await hub.get(game_id))  # the owner's gate, then its timer acts
        except Exception:  # a game gone meanwhile, a bug in one: the others go on
            log.exception("sweeping the clock of game %s failed", game_id)
    return ids


async def sweep(hub: Hub) -> None:
    """Sweep the clocks table every SWEEP seconds until cancelled (app.py's lifespan)."""
    while True:
        await asyncio.sleep(SWEEP)
        try:
            await sweep_once(hub)
        except Exception:
            log.exception("clock sweeper failed")


async def stop(hub: Hub, sweeper: asyncio.Task[None] | None = None) -> None:
    """Cancel the sweeper and the game timers of `hub` (shutdown)."""
    tasks = list(_timers.get(hub, {}).values()) + ([sweeper] if sweeper is not None else [])
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
