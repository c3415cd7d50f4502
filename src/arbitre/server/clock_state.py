"""A game's clock as numbers (issue 17; docs/web.md, Clocks): the creation fields, each
seat's time left, whose clock runs, and how a move, a seat handed to the AI or taken back
changes them. No I/O and no asyncio here: server/clocks.py runs it, clock_store.py keeps it.

Rules of the clock:
- A seat's time runs while the game waits on one of its decisions, and only on a seat a
  person plays (an AI seat, or a person's seat the AI plays for now, has no clock running).
- Clocks start once every human seat is held (an online game waiting for its invites
  counts no time); the hotseat table has no clock.
- A "move" is a seat's run of answers in a row (Heresy and Epic ask the same seat several
  times in a row): the increment is added when the game turns to another seat (or ends).
- A person taking back a seat the AI took on timeout has the increment to play (at least
  MIN_BACK seconds, so a clock without increment does not run out again at once).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from arbitre.server.clock_store import StoredClock, load_clock, move_times, save_clock
from arbitre.server.errors import refuse
from arbitre.server.inputs import int_field
from arbitre.server.live import LiveGame
from arbitre.server.store import Store

KINDS = ("none", "live", "turn")
TIMEOUTS = ("ai", "skip", "claim")
# (base unit, base bounds, increment unit, increment bounds), in seconds
BOUNDS = {
    "live": (60, (1, 180), 1, (0, 600)),  # minutes; seconds a move
    "turn": (86400, (1, 30), 3600, (0, 240)),  # days; hours a move
}
MIN_BACK = 30
CACHE_SIZE = 4096


@dataclass(slots=True)
class Settings:
    kind: str  # "live" | "turn"
    base: int  # seconds
    increment: int  # seconds
    timeout: str  # "ai" | "skip" | "claim"


def settings_of(data: dict[str, Any], mode: str) -> Settings | None:
    """The `clock` and `timeout` fields of a creation body; None: no clock. Refused with
    a 422 naming the field (`clock`, `clock.kind`, `clock.base`, …) and nothing stored."""
    raw = data.get("clock")
    timeout = data.get("timeout")
    kind: Any
    if raw is None:
        kind = "none"
    elif not isinstance(raw, dict):
        raise refuse(422, "bad_field", "bad_field", field="clock", why='{"kind": …}')
    else:
        kind = raw.get("kind")
        if not isinstance(kind, str) or kind not in KINDS:
            raise refuse(422, "bad_field", "bad_field", field="clock.kind", why=" | ".join(KINDS))
        allowed = {"kind"} if kind == "none" else {"kind", "base", "increment"}
        extra = sorted(str(k)[:20] for k in raw if k not in allowed)
        if extra:
            field_ = f"clock.{extra[0]}"
            raise refuse(422, "bad_field", "bad_field", field=field_, why=", ".join(allowed))
    if timeout is not None and (not isinstance(timeout, str) or timeout not in TIMEOUTS):
        raise refuse(422, "bad_field", "bad_field", field="timeout", why=" | ".join(TIMEOUTS))
    if kind == "none":
        return None
    if mode != "online":
        raise refuse(422, "bad_field", "bad_field", field="clock", why="online games only")
    assert isinstance(raw, dict)
    unit, (lo, hi), inc_unit, (ilo, ihi) = BOUNDS[kind]
    if raw.get("base") is None:
        raise refuse(422, "bad_field", "bad_field", field="clock.base", why=f"integer {lo}..{hi}")
    base = int_field(raw.get("base"), "clock.base", lo, hi)
    increment = int_field(raw.get("increment", 0), "clock.increment", ilo, ihi)
    assert base is not None
    return Settings(kind, base * unit, (increment or 0) * inc_unit, timeout or "ai")


@dataclass(slots=True)
class ClockState:
    """A game's clock now. `remaining` is each human seat's time as of `since` for the
    running seat, and as is for the others."""

    settings: Settings
    remaining: dict[int, float] = field(default_factory=dict)
    running: int | None = None
    since: float = 0.0
    moves: int = 0  # the game's answers when this was last brought up to date
    started: bool = False
    handed: set[int] = field(default_factory=set)  # seats the AI plays for now
    flagged: int | None = None  # "claim": the seat out of time the others may claim
    acted: list[int] = field(default_factory=list)  # [moves, seat] of the last timeout
    over: bool = False

    def left(self, seat: int, now: float) -> float:
        """The seat's time left at `now` (its clock runs down while it is asked)."""
        left = self.remaining.get(seat, 0.0)
        if seat == self.running:
            left -= now - self.since
        return left

    @property
    def deadline(self) -> float | None:
        if self.running is None or self.over:
            return None
        return self.since + self.remaining.get(self.running, 0.0)

    def to_json(self) -> dict[str, Any]:
        return {
            "remaining": {str(k): v for k, v in self.remaining.items()},
            "running": self.running,
            "since": self.since,
            "moves": self.moves,
            "started": self.started,
            "handed": sorted(self.handed),
            "flagged": self.flagged,
            "acted": self.acted,
            "over": self.over,
        }

    @classmethod
    def from_json(cls, settings: Settings, raw: dict[str, Any]) -> ClockState:
        def num(value: Any, default: float = 0.0) -> float:
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
            return float(value) if ok else default

        def seat(value: Any) -> int | None:
            return value if type(value) is int else None

        remaining = raw.get("remaining")
        handed = raw.get("handed")
        acted = raw.get("acted")
        return cls(
            settings,
            {
                int(k): num(v)
                for k, v in (remaining.items() if isinstance(remaining, dict) else [])
                if str(k).isdigit()
            },
            seat(raw.get("running")),
            num(raw.get("since")),
            int(num(raw.get("moves"))),
            raw.get("started") is True,
            {s for s in (handed if isinstance(handed, list) else []) if type(s) is int},
            seat(raw.get("flagged")),
            [a for a in acted if type(a) is int] if isinstance(acted, list) else [],
            raw.get("over") is True,
        )


def new_state(settings: Settings, live: LiveGame) -> ClockState:
    humans = sorted(live.human_seats())
    return ClockState(settings, {s: float(settings.base) for s in humans})


def asked(st: ClockState, live: LiveGame) -> int | None:
    """The seat whose clock runs now: the one the game waits on, if a person plays it
    (not an AI, not a seat the AI plays for now, not a seat already out of time)."""
    decision = live.match.decision()
    if decision is None or not st.started:
        return None
    seat = decision.seat
    spec = live.stored.seats[seat] if 0 <= seat < len(live.stored.seats) else None
    if spec is None or spec.kind != "human" or spec.agent or not live.match.is_human(seat):
        return None
    return None if seat == st.flagged else seat


def _switch(st: ClockState, seat: int | None, now: float) -> None:
    """The clock of `seat` runs from `now` (the one running before is charged up to now)."""
    if seat == st.running:
        return
    if st.running is not None:
        st.remaining[st.running] = st.left(st.running, now)
    st.running = seat
    st.since = now


def moved(st: ClockState, seat: int, human: bool, at: float, live: LiveGame) -> None:
    """An answer of `seat` stored at `at` (a person's, or the AI's); `live` is the game
    after it. The seat is charged its thinking time, and gets the increment when the game
    turns to another seat."""
    nxt = asked(st, live)
    if human and seat == st.running:
        st.remaining[seat] = st.left(seat, at)
        st.since = at
        if nxt != seat:
            st.remaining[seat] += st.settings.increment
            st.running = None
    st.moves = live.moves
    _switch(st, nxt, at)
    if live.match.decision() is None:
        st.over = True
        _switch(st, None, at)


def sync(st: ClockState, live: LiveGame, now: float) -> None:
    """Bring the clock up to what the game is now, for changes that are not answers: every
    seat held (the clocks start), a seat handed to the AI or taken back, an undo, the end."""
    if not st.started:
        if any(s.open for s in live.stored.seats):
            return
        st.started = True
        st.since = now
    for seat in live.human_seats():  # a seat the host turned from AI to person: full time
        st.remaining.setdefault(seat, float(st.settings.base))
    handed = {i for i, s in enumerate(live.stored.seats) if s.kind == "human" and s.agent}
    for seat in st.handed - handed:  # taken back: at least the increment to play
        if st.remaining.get(seat, 0.0) <= 0:
            st.remaining[seat] = float(max(st.settings.increment, MIN_BACK))
    st.handed = handed
    if live.moves != st.moves:  # an undo (or answers this process did not see): no refund
        st.moves = live.moves
    if live.match.decision() is None:
        _switch(st, None, now)
        st.over = True
        return
    st.over = False
    _switch(st, asked(st, live), now)


def expired_seat(st: ClockState, now: float) -> int | None:
    """The running seat when its time is out at `now`."""
    if st.running is None or st.over:
        return None
    return st.running if st.left(st.running, now) <= 0 else None


# The clocks of the games this process knows: game id → its ClockState, or None for a
# game without a clock (so a game without one costs no query). Bounded; a game forgotten
# is read again from the database.
_cache: OrderedDict[str, ClockState | None] = OrderedDict()


def remember(game_id: str, st: ClockState | None) -> None:
    _cache[game_id] = st
    _cache.move_to_end(game_id)
    while len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)


def cached(game_id: str) -> tuple[bool, ClockState | None]:
    """(known, state): whether this process knows the game's clock, and the clock."""
    if game_id in _cache:
        return True, _cache[game_id]
    return False, None


def forget(game_id: str) -> None:
    _cache.pop(game_id, None)


def store_settings(store: Store, live: LiveGame, settings: Settings | None) -> None:
    """A game just created (lobby.create_game, in a worker thread): its clock row."""
    if settings is None:
        remember(live.id, None)
        return
    st = new_state(settings, live)
    sync(st, live, now())
    save(store, live.id, st)
    remember(live.id, st)


def rematched(store: Store, old_id: str, new_id: str, humans: Iterable[int]) -> None:
    """A rematch (server/rematch.py) keeps the clock of the game it follows: its kind,
    base, increment and timeout choice, with every person's full time again. The new
    clock starts once every seat is held (`sync`, when the new game's timer first runs)."""
    row = load_clock(store, old_id)
    if row is None:
        remember(new_id, None)
        return
    st = ClockState(Settings(row.kind, row.base, row.increment, row.timeout))
    st.remaining = {seat: float(row.base) for seat in humans}
    save(store, new_id, st)
    remember(new_id, st)


def row_of(st: ClockState) -> tuple[StoredClock, float | None]:
    """What is written of the clock: made on the event loop, written in a worker thread."""
    s = st.settings
    return StoredClock(s.kind, s.base, s.increment, s.timeout, st.to_json()), st.deadline


def save(store: Store, game_id: str, st: ClockState) -> None:
    save_clock(store, game_id, *row_of(st))


def load(store: Store, live: LiveGame) -> ClockState | None:
    """The game's clock as stored, brought up to the stored answers: those stored after
    the clock row was last written (a process killed in between) are charged from their
    stored time (`moves.at`). Runs in a worker thread (the game is being loaded)."""
    row = load_clock(store, live.id)
    if row is None:
        return None
    st = ClockState.from_json(Settings(row.kind, row.base, row.increment, row.timeout), row.data)
    if st.moves < live.moves and st.started:
        times = move_times(store, live.id, st.moves)
        for i, m in enumerate(times):
            if m.at is None:
                continue
            nxt = times[i + 1].seat if i + 1 < len(times) and times[i + 1].human else None
            if m.human and m.seat == st.running:
                st.remaining[m.seat] = st.left(m.seat, m.at)
                st.since = m.at
                if nxt != m.seat:
                    st.remaining[m.seat] += st.settings.increment
                    st.running = None
            _switch(st, nxt, m.at)
        st.moves = live.moves
        last = times[-1].at if times and times[-1].at is not None else None
        if last is not None:
            _switch(st, asked(st, live), last)
    return st


# --- the time source: tests replace it (set_now), never sleep minutes ----------------------

_source: Callable[[], float] = time.time


def now() -> float:
    return _source()


def set_now(source: Callable[[], float] | None) -> None:
    """Use `source` as the clocks' time (None: the real time again)."""
    global _source
    _source = source or time.time
