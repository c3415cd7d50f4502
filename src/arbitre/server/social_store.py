"""What the social side of a game keeps (issue 17): chat lines, and one JSON row per game
holding its resignation, the host's absence limit, each seat's chat preferences and the
rematch that followed it.

Its tables hang on the games table (ON DELETE CASCADE: a deleted game takes its chat
with it) and are made on first use in whatever database the Store uses.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Float, ForeignKey, Integer, String, Table, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, Session, mapped_column

from arbitre.server.store import Base, GameRow, Store


class ChatRow(Base):
    __tablename__ = "chat_lines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), index=True
    )
    channel: Mapped[str] = mapped_column(String(16))  # "seats" | "spectators"
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the author's seat
    role: Mapped[str] = mapped_column(String(16))  # the author's role (Access.role)
    text: Mapped[str] = mapped_column(String(2000))
    created: Mapped[float] = mapped_column(Float)


class SocialRow(Base):
    __tablename__ = "game_social"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    # {"end": {...}, "away": seconds, "prefs": {seat: {...}}, "next": {...}}
    data: Mapped[str] = mapped_column(String(20000))


@dataclass(frozen=True, slots=True)
class ChatLine:
    id: int
    channel: str
    seat: int | None
    role: str
    text: str
    created: float


_MADE: set[int] = set()
_MAKING = threading.Lock()


def _engine(store: Store) -> Engine:
    """The Store's engine, with this module's tables made once per engine."""
    engine = store.engine
    if id(engine) not in _MADE:
        with _MAKING:
            tables = [ChatRow.__table__, SocialRow.__table__]
            Base.metadata.create_all(engine, tables=[t for t in tables if isinstance(t, Table)])
            _MADE.add(id(engine))
    return engine


def add_line(
    store: Store, game_id: str, channel: str, seat: int | None, role: str, text: str
) -> ChatLine:
    now = time.time()
    with Session(_engine(store)) as session, session.begin():
        row = ChatRow(
            game_id=game_id, channel=channel, seat=seat, role=role, text=text, created=now
        )
        session.add(row)
        session.flush()
        if store.notify is not None:  # the other server processes' sockets (server/cluster.py)
            store.notify(session, game_id, "chat", row.id)
        return ChatLine(row.id, channel, seat, role, text, now)


def last_lines(store: Store, game_id: str, limit: int) -> list[ChatLine]:
    """The newest `limit` lines of a game, oldest first."""
    with Session(_engine(store)) as session:
        rows = session.scalars(
            select(ChatRow)
            .where(ChatRow.game_id == game_id)
            .order_by(ChatRow.id.desc())
            .limit(limit)
        ).all()
        return [
            ChatLine(r.id, r.channel, r.seat, r.role, r.text, r.created) for r in reversed(rows)
        ]


def line_of(store: Store, game_id: str, line_id: int) -> ChatLine | None:
    """One line of a game by its number (another server process stored it)."""
    with Session(_engine(store)) as session:
        r = session.get(ChatRow, line_id)
        if r is None or r.game_id != game_id:
            return None
        return ChatLine(r.id, r.channel, r.seat, r.role, r.text, r.created)


def load_social(store: Store, game_id: str) -> dict[str, Any]:
    import json

    with Session(_engine(store)) as session:
        row = session.get(SocialRow, game_id)
        if row is None:
            return {}
        data = json.loads(row.data)
        return data if isinstance(data, dict) else {}


def save_social(store: Store, game_id: str, data: dict[str, Any]) -> None:
    import json

    text = json.dumps(data, separators=(",", ":"))
    with Session(_engine(store)) as session, session.begin():
        row = session.get(SocialRow, game_id)
        if row is None:
            session.add(SocialRow(game_id=game_id, data=text))
        else:
            row.data = text
        if store.notify is not None:
            store.notify(session, game_id, "social", 0)


def mark_over(store: Store, game_id: str) -> None:
    """The games row says the game is over (a resignation: no move ended it)."""
    with Session(store.engine) as session, session.begin():
        session.execute(
            update(GameRow).where(GameRow.id == game_id).values(over=True, updated=time.time())
        )
