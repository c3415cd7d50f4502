"""What turn-based play keeps (issue 17; docs/web.md, Turn-based play and notifications):
each game's pace and whose turn it is since when, the seats' Web Push subscriptions and
e-mail addresses, and the server's own VAPID key.

The tables hang on the games table (ON DELETE CASCADE: a deleted game takes its
subscriptions with it) and are made on first use in whatever database the Store uses, like
server/social_store.py. Every function is one short transaction, run in a worker thread.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    bindparam,
    case,
    delete,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from arbitre.server.store import Base, GameRow, Many, Move, MoveRow, Store, Writes

MAX_PUSH_PER_SEAT = 5  # browsers (devices) one seat may ask to be told on


class TurnRow(Base):
    __tablename__ = "game_turns"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    pace: Mapped[str] = mapped_column(String(8), default="live")  # "live" | "turn"
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: nobody (over)
    # when the turn came to `seat`; 0: not known (a game older than the answers' times)
    since: Mapped[float] = mapped_column(Float)
    moves: Mapped[int] = mapped_column(Integer, default=0)  # the move count it was seen at


class PushRow(Base):
    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    endpoint: Mapped[str] = mapped_column(String(1024))
    p256dh: Mapped[str] = mapped_column(String(128))
    auth: Mapped[str] = mapped_column(String(64))
    lang: Mapped[str] = mapped_column(String(2))
    created: Mapped[float] = mapped_column(Float)


class MailRow(Base):
    __tablename__ = "mail_subscriptions"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    address: Mapped[str] = mapped_column(String(254))
    lang: Mapped[str] = mapped_column(String(2))
    origin: Mapped[str] = mapped_column(String(200))  # the site the link points to
    stop: Mapped[str] = mapped_column(String(32), unique=True)  # the code of the stop link
    last_sent: Mapped[float] = mapped_column(Float, default=0.0)
    # a mail was sent and the seat has not played since: at most one an hour meanwhile
    pending: Mapped[bool] = mapped_column(Boolean, default=False)


class KeyRow(Base):
    __tablename__ = "server_keys"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(400))


@dataclass(frozen=True, slots=True)
class Turn:
    pace: str
    seat: int | None
    since: float
    moves: int


@dataclass(frozen=True, slots=True)
class PushSub:
    id: int
    game_id: str
    seat: int
    endpoint: str
    p256dh: str
    auth: str
    lang: str


@dataclass(frozen=True, slots=True)
class MailSub:
    game_id: str
    seat: int
    address: str
    lang: str
    origin: str
    stop: str


_MADE: set[int] = set()
_MAKING = threading.Lock()
_TABLES = [TurnRow.__table__, PushRow.__table__, MailRow.__table__, KeyRow.__table__]


def _engine(store: Store) -> Engine:
    """The Store's engine, with this module's tables made once per engine."""
    engine = store.engine
    if id(engine) not in _MADE:
        with _MAKING:
            tables = [t for t in _TABLES if isinstance(t, Table)]
            Base.metadata.create_all(engine, tables=tables)
            _MADE.add(id(engine))
    return engine


# --- whose turn since when ----------------------------------------------------------------

_TURNS = cast(Table, TurnRow.__table__)
# A stored move moves the ledger on: `since` becomes the move's time only when the turn
# goes to another seat (SET reads the row as it was before this UPDATE, in SQLite and
# PostgreSQL alike). Compiled once; run for each group of moves (`ledger_moves`).
_LEDGER = (
    update(_TURNS)
    .where(_TURNS.c.game_id == bindparam("gid"))
    .values(
        since=case(
            (_TURNS.c.seat.is_not_distinct_from(bindparam("seat", type_=Integer)), _TURNS.c.since),
            else_=bindparam("at", type_=Float),
        ),
        seat=bindparam("seat", type_=Integer),
        moves=bindparam("count", type_=Integer),
    )
)

_MANY_LEDGER = Many(_LEDGER)


def attach(store: Store) -> None:
    """Keep the ledger in step with every stored move, inside the transaction that stores
    it (Store.on_moves): no transaction and disk sync of its own per move (issue 14: it
    cost a tenth of a move's CPU in a thread of its own, and a sync)."""
    _engine(store)  # the table exists before the first move is stored
    if ledger_moves not in store.on_moves:
        store.on_moves.append(ledger_moves)


def ledger_moves(conn: Writes, moves: Sequence[Move]) -> None:
    """`store.append_many`'s hook: whose turn after each move told of it (`Move.ledger`),
    in order. A game without a ledger row (made before the table) gets one when its turn
    is first asked for (`turn_began`)."""
    now = time.time()
    rows = [
        {"gid": m.game_id, "seat": m.next_seat, "at": m.at or now, "count": m.idx + 1}
        for m in moves
        if m.ledger
    ]
    _MANY_LEDGER.run(conn, rows)


def start(store: Store, game_id: str, pace: str, seat: int | None) -> None:
    """A new game: its pace, and whose turn it is from now."""
    with Session(_engine(store)) as session, session.begin():
        session.add(TurnRow(game_id=game_id, pace=pace, seat=seat, since=time.time(), moves=0))


def turns_of(store: Store, game_ids: list[str]) -> dict[str, Turn]:
    if not game_ids:
        return {}
    with Session(_engine(store)) as session:
        rows = session.scalars(select(TurnRow).where(TurnRow.game_id.in_(game_ids))).all()
        return {r.game_id: Turn(r.pace, r.seat, r.since, r.moves) for r in rows}


def advance(
    store: Store, game_id: str, seat: int | None, moves: int, now: float
) -> tuple[bool, int | None]:
    """The game is at `moves` moves and `seat` must answer: `(True, seat before)` when the
    turn came to another seat (its `since` is now), `(False, seat)` when the same seat goes
    on. A game made before this table existed gets its row now (pace "live")."""
    with Session(_engine(store)) as session, session.begin():
        row = session.get(TurnRow, game_id, with_for_update=True)
        if row is None:  # the turn's start from the stored answers, not "just now"
            since = began(session, game_id, seat) if seat is not None else now
            session.add(
                TurnRow(game_id=game_id, pace="live", seat=seat, since=since or 0.0, moves=moves)
            )
            return True, None
        before = row.seat
        row.moves = moves
        if before == seat:
            return False, before
        row.seat, row.since = seat, now
        return True, before


def began(session: Session, game_id: str, seat: int) -> float | None:
    """When the turn came to `seat`, read from the stored answers (a game the ledger has no
    row for, or has not caught up with): the time of the last answer by another seat; the
    game's creation when every answer so far is `seat`'s (or none was made); None when
    that answer has no stored time (made before the `moves.at` column existed)."""
    row = session.execute(
        select(MoveRow.at)
        .where(MoveRow.game_id == game_id, MoveRow.seat != seat)
        .order_by(MoveRow.idx.desc())
        .limit(1)
    ).first()
    if row is not None:
        return row[0]
    game = session.get(GameRow, game_id)
    return game.created if game is not None else None


def turn_began(store: Store, game_id: str, seat: int, moves: int) -> float | None:
    """`began` in its own transaction; a game without a ledger row (made before the table
    existed) gets one, its time 0 if not known: "my games" can place it from then on."""
    with Session(_engine(store)) as session:
        since = began(session, game_id, seat)
        if session.get(TurnRow, game_id) is None:
            row = TurnRow(game_id=game_id, pace="live", seat=seat, since=since or 0.0, moves=moves)
            session.add(row)
            try:
                session.commit()
            except IntegrityError:  # another request (or the ledger) made it meanwhile
                session.rollback()
    return since


# --- Web Push subscriptions -----------------------------------------------------------------


def add_push(
    store: Store, game_id: str, seat: int, endpoint: str, p256dh: str, auth: str, lang: str
) -> bool:
    """Keep a browser's subscription for a seat (the same endpoint again: its keys are
    renewed); False when the seat has MAX_PUSH_PER_SEAT already."""
    with Session(_engine(store)) as session, session.begin():
        rows = session.scalars(
            select(PushRow).where(PushRow.game_id == game_id, PushRow.seat == seat)
        ).all()
        for row in rows:
            if row.endpoint == endpoint:
                row.p256dh, row.auth, row.lang = p256dh, auth, lang
                return True
        if len(rows) >= MAX_PUSH_PER_SEAT:
            return False
        session.add(
            PushRow(
                game_id=game_id,
                seat=seat,
                endpoint=endpoint,
                p256dh=p256dh,
                auth=auth,
                lang=lang,
                created=time.time(),
            )
        )
        return True


def remove_push(store: Store, game_id: str, seat: int, endpoint: str | None) -> int:
    """Forget one subscription of a seat (or all of them: `endpoint` None)."""
    with Session(_engine(store)) as session, session.begin():
        query = delete(PushRow).where(PushRow.game_id == game_id, PushRow.seat == seat)
        if endpoint is not None:
            query = query.where(PushRow.endpoint == endpoint)
        return int(getattr(session.execute(query), "rowcount", 0) or 0)


def drop_push(store: Store, sub_id: int) -> None:
    """The push service said the subscription is gone (404/410)."""
    with Session(_engine(store)) as session, session.begin():
        session.execute(delete(PushRow).where(PushRow.id == sub_id))


def pushes_of(store: Store, game_id: str, seat: int | None = None) -> list[PushSub]:
    with Session(_engine(store)) as session:
        query = select(PushRow).where(PushRow.game_id == game_id)
        if seat is not None:
            query = query.where(PushRow.seat == seat)
        return [
            PushSub(r.id, r.game_id, r.seat, r.endpoint, r.p256dh, r.auth, r.lang)
            for r in session.scalars(query.order_by(PushRow.id)).all()
        ]


# --- e-mail -----------------------------------------------------------------------------------


def set_mail(store: Store, game_id: str, seat: int, address: str, lang: str, origin: str) -> None:
    """One address per seat (a new one replaces the old, and gets a new stop code)."""
    with Session(_engine(store)) as session, session.begin():
        row = session.get(MailRow, (game_id, seat))
        if row is not None:
            session.delete(row)
            session.flush()
        session.add(
            MailRow(
                game_id=game_id,
                seat=seat,
                address=address,
                lang=lang,
                origin=origin,
                stop=secrets.token_urlsafe(18),
                last_sent=0.0,
                pending=False,
            )
        )


def remove_mail(store: Store, game_id: str, seat: int) -> bool:
    with Session(_engine(store)) as session, session.begin():
        gone = session.execute(
            delete(MailRow).where(MailRow.game_id == game_id, MailRow.seat == seat)
        )
        return bool(getattr(gone, "rowcount", 0))


def stop_mail(store: Store, code: str) -> bool:
    """The stop link of a mail: its code alone is the credential."""
    with Session(_engine(store)) as session, session.begin():
        gone = session.execute(delete(MailRow).where(MailRow.stop == code))
        return bool(getattr(gone, "rowcount", 0))


def has_mail(store: Store, game_id: str, seat: int) -> bool:
    with Session(_engine(store)) as session:
        return session.get(MailRow, (game_id, seat)) is not None


def mail_answered(store: Store, game_id: str, seat: int) -> None:
    """The person of `seat` played: a mail may go again at their next turn."""
    with Session(_engine(store)) as session, session.begin():
        row = session.get(MailRow, (game_id, seat))
        if row is not None:
            row.pending = False


def mail_due(store: Store, game_id: str, seat: int, now: float, gap: float) -> MailSub | None:
    """The seat's address if a mail may go now (none unanswered, or the last one `gap`
    seconds ago or more), marked sent; None otherwise."""
    with Session(_engine(store)) as session, session.begin():
        row = session.get(MailRow, (game_id, seat))
        if row is None or (row.pending and now - row.last_sent < gap):
            return None
        row.pending, row.last_sent = True, now
        return MailSub(row.game_id, row.seat, row.address, row.lang, row.origin, row.stop)


# --- the server's keys ------------------------------------------------------------------------


def server_key(store: Store, name: str, make: str) -> str:
    """The key `name`, stored as `make` if there is none yet; every process of the server
    gets the same one (the first stored wins)."""
    engine = _engine(store)
    with Session(engine) as session:
        row = session.get(KeyRow, name)
        if row is not None:
            return row.value
    try:
        with Session(engine) as session, session.begin():
            session.add(KeyRow(name=name, value=make))
    except IntegrityError:
        pass  # another process stored its key first: use that one
    with Session(engine) as session:
        row = session.get(KeyRow, name)
        assert row is not None
        return row.value
