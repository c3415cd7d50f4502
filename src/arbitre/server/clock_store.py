"""What a game's clock keeps in the database (issue 17; docs/web.md, Clocks).

One row per game that has a clock: its settings, its running state as JSON (each seat's
time left, whose clock runs and since when, …) and `deadline`, the moment the seat to
play runs out of time. `deadline` is indexed, so the sweeper (server/clocks.py) finds the
games whose time is out without loading or replaying any of them. The row hangs on the
games table (ON DELETE CASCADE) and is made on first use in whatever database the Store
uses, like server/social_store.py's tables.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Float, ForeignKey, Integer, String, Table, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, Session, mapped_column

from arbitre.server.store import Base, GameRow, MoveRow, Store


class ClockRow(Base):
    __tablename__ = "game_clocks"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String(8))  # "live" | "turn"
    base: Mapped[int] = mapped_column(Integer)  # seconds
    increment: Mapped[int] = mapped_column(Integer)  # seconds
    timeout: Mapped[str] = mapped_column(String(8))  # "ai" | "skip" | "claim"
    # {"remaining": {seat: s}, "running": seat|null, "since": t, "moves": n, ...}
    data: Mapped[str] = mapped_column(String(4000))
    # when the seat to play runs out of time (null: no clock runs)
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)


@dataclass(frozen=True, slots=True)
class StoredClock:
    kind: str
    base: int
    increment: int
    timeout: str
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class MoveTime:
    """A stored answer as the clock reads it: who answered, whether a person did, when."""

    idx: int
    seat: int
    human: bool
    at: float | None


_MADE: set[int] = set()
_MAKING = threading.Lock()


def _engine(store: Store) -> Engine:
    engine = store.engine
    if id(engine) not in _MADE:
        with _MAKING:
            table = ClockRow.__table__
            if isinstance(table, Table):
                Base.metadata.create_all(engine, tables=[table])
            _MADE.add(id(engine))
    return engine


def load_clock(store: Store, game_id: str) -> StoredClock | None:
    with Session(_engine(store)) as session:
        row = session.get(ClockRow, game_id)
        if row is None:
            return None
        data = json.loads(row.data)
        return StoredClock(
            row.kind, row.base, row.increment, row.timeout, data if isinstance(data, dict) else {}
        )


def save_clock(store: Store, game_id: str, clock: StoredClock, deadline: float | None) -> None:
    """The clock's settings and state, and its deadline, in one transaction."""
    text = json.dumps(clock.data, separators=(",", ":"))
    with Session(_engine(store)) as session, session.begin():
        row = session.get(ClockRow, game_id)
        if row is None:
            session.add(
                ClockRow(
                    game_id=game_id,
                    kind=clock.kind,
                    base=clock.base,
                    increment=clock.increment,
                    timeout=clock.timeout,
                    data=text,
                    deadline=deadline,
                )
            )
        else:
            row.data = text
            row.deadline = deadline
        if store.notify is not None:  # the other server processes' sockets (cluster.py)
            store.notify(session, game_id, "clock", 0)


def expired(store: Store, now: float, limit: int = 50) -> list[str]:
    """The games (not over) whose seat to play ran out of time before `now`."""
    with Session(_engine(store)) as session:
        rows = session.scalars(
            select(ClockRow.game_id)
            .join(GameRow, GameRow.id == ClockRow.game_id)
            .where(ClockRow.deadline.is_not(None), ClockRow.deadline <= now)
            .where(GameRow.over.is_(False))
            .order_by(ClockRow.deadline)
            .limit(limit)
        ).all()
        return list(rows)


def move_times(store: Store, game_id: str, start: int) -> list[MoveTime]:
    """The stored answers of a game from number `start` on, with when they were made."""
    with Session(store.engine) as session:
        rows = session.execute(
            select(MoveRow.idx, MoveRow.seat, MoveRow.human, MoveRow.at)
            .where(MoveRow.game_id == game_id, MoveRow.idx >= start)
            .order_by(MoveRow.idx)
        ).all()
        return [MoveTime(r[0], r[1], bool(r[2]), r[3]) for r in rows]
