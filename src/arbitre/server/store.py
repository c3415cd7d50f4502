"""Games and their moves in a SQL database (SQLite by default, any SQLAlchemy URL).

A game is its record (ruleset, version, config, seed) plus its mode, seats and tokens;
its moves are the option keys in order. Each move is committed in its own transaction before
anyone is told about it, so a server killed at any moment restarts where it was.
"""

from __future__ import annotations

import contextlib
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(32))
    version: Mapped[str] = mapped_column(String(32))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    # A 64-bit seed stored as a signed 64-bit integer (see _to_signed).
    seed: Mapped[int] = mapped_column(BigInteger)
    # [{"kind": "human"|"ai", "agent": str|None, "token": str, "invite": str}]; a human
    # seat of an online game has an invite code until someone claims it (token "" till then)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    # "hotseat": admin_token acts for every human seat; "online": it is the host's token
    mode: Mapped[str] = mapped_column(String(16), default="hotseat")
    listed: Mapped[bool] = mapped_column(Boolean, default=False)
    admin_token: Mapped[str] = mapped_column(String(64))
    spectator_token: Mapped[str] = mapped_column(String(64))
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)
    moves: Mapped[int] = mapped_column(Integer, default=0)
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    # An AI seat must answer next: how another process finds a game to take over without
    # replaying it when the one running its AI is gone (server/cluster.py).
    ai_turn: Mapped[bool] = mapped_column(Boolean, default=False)


class MoveRow(Base):
    __tablename__ = "moves"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(256))
    seat: Mapped[int] = mapped_column(Integer)
    human: Mapped[bool] = mapped_column(Boolean)
    # when the answer was made (server/clocks.py counts time from it); null on old rows
    at: Mapped[float | None] = mapped_column(Float, nullable=True)


@dataclass(frozen=True, slots=True)
class Move:
    """One stored answer: move number `idx` (0-based) of a game, and whether it ended it."""

    game_id: str
    idx: int
    key: str
    seat: int
    human: bool
    over: bool
    ai_next: bool = False  # an AI seat answers next (games.ai_turn)
    at: float | None = None  # when it was made (server/clocks.py's time source)
    # whose turn it is after it (None: the game is over), for the turn ledger that the
    # Store's `on_moves` hooks write in the same transaction (notify_store.ledger_moves);
    # `ledger` False: not told (a move stored by other means), the ledger is left alone
    ledger: bool = False
    next_seat: int | None = None


class Many:
    """A Core statement run for many rows, the hot path's way (issue 14): on SQLite (the
    default) compiled once to its SQL text and run by the DB-API cursor of SQLAlchemy's own
    connection, inside its transaction — a third of the CPU of `Connection.execute`
    (≈ 170 µs less per stored move); elsewhere (PostgreSQL) by `Connection.execute`."""

    def __init__(self, statement: Any, keys: Sequence[str] | None = None) -> None:
        from sqlalchemy.dialects import sqlite

        self.statement = statement
        compiled = statement.compile(dialect=sqlite.dialect(), column_keys=keys)
        self.sql = str(compiled)
        self.order = tuple(compiled.positiontup or ())

    def run(self, conn: Connection, rows: list[dict[str, Any]]) -> None:
        if not rows:
            return
        if conn.dialect.name != "sqlite":
            conn.execute(self.statement, rows)
            return
        cursor = conn.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            order = self.order
            cursor.executemany(self.sql, [tuple(row[k] for k in order) for row in rows])
        finally:
            cursor.close()


_MOVES = cast(Table, MoveRow.__table__)
_GAMES = cast(Table, GameRow.__table__)
# Compiled once (SQLAlchemy caches the statements): a move is one insert and one update.
_INSERT_MOVE = insert(_MOVES)
_COUNT_MOVES = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("gid"))
    .values(
        moves=bindparam("count"),
        updated=bindparam("now"),
        over=bindparam("done"),
        ai_turn=bindparam("ai"),
    )
)
_MANY_MOVES = Many(_INSERT_MOVE, ["game_id", "idx", "key", "seat", "human", "at"])
_MANY_COUNTS = Many(_COUNT_MOVES)


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: str  # "human" | "ai"
    agent: str | None
    token: str  # "" for an AI seat and for an online seat nobody has claimed yet
    invite: str = ""  # the code that claims an open online seat

    @property
    def open(self) -> bool:
        """A human seat nobody holds yet (online, waiting for its invite to be claimed)."""
        return self.kind == "human" and not self.token

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "agent": self.agent, "token": self.token, "invite": self.invite}


@dataclass(frozen=True, slots=True)
class StoredGame:
    id: str
    ruleset: str
    version: str
    config: dict[str, Any]
    seed: int
    seats: tuple[SeatSpec, ...]
    admin_token: str
    spectator_token: str
    created: float
    updated: float
    keys: tuple[str, ...]
    human: tuple[bool, ...]
    over: bool
    mode: str = "hotseat"
    listed: bool = False


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A game without its moves: what the lobby lists and what a token is checked against."""

    id: str
    ruleset: str
    created: float
    updated: float
    moves: int
    over: bool
    seats: tuple[SeatSpec, ...]
    config: dict[str, Any]
    mode: str
    listed: bool
    admin_token: str
    spectator_token: str


def new_token() -> str:
    return secrets.token_urlsafe(18)


_TWO_64 = 1 << 64


def _to_signed(seed: int) -> int:
    """Seeds are 64-bit; SQL integers are signed 64-bit."""
    return seed - _TWO_64 if seed >= 1 << 63 else seed


def _from_signed(value: int) -> int:
    return value % _TWO_64


def default_db_url() -> str:
    """A SQLite file in the user's data directory, created on first start."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("arbitre", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'arbitre.sqlite3'}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run beside the writer; FULL sync makes a commit survive kill -9.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


@contextlib.contextmanager
def _schema_lock(engine: Engine) -> Iterator[None]:
    """A PostgreSQL session advisory lock held while the tables are made or migrated."""
    with engine.connect() as conn:
        conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": SCHEMA_LOCK})
        conn.commit()
        try:
            yield
        finally:
            conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": SCHEMA_LOCK})
            conn.commit()


SCHEMA_LOCK = 0x61726269  # "arbi": the advisory lock number of schema changes


class Store:
    """The database of games; every method is one short transaction."""

    def __init__(self, url: str) -> None:
        self.url = url
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        with contextlib.ExitStack() as guard:
            if self.engine.dialect.name == "postgresql":
                # server processes starting together make the tables one at a time (cluster.py)
                guard.enter_context(_schema_lock(self.engine))
            Base.metadata.create_all(self.engine)
            self._migrate()
        # Set by server/cluster.py on PostgreSQL: `notify(conn, game_id, kind, n[, moves])`
        # tells the other server processes of a change, inside the transaction storing it.
        self.notify: Callable[..., None] | None = None
        # Called inside the transaction that stores moves, with its connection, the moves
        # and their games (`append_many`): other records kept in step with every move at
        # no extra disk sync (the turn ledger: notify_store.attach).
        self.on_moves: list[Callable[[Connection, Sequence[Move]], None]] = []

    def _migrate(self) -> None:
        """Add the columns a database made by an older version lacks (its games are hotseat)."""
        columns = {c["name"]: c for c in inspect(self.engine).get_columns("games")}
        have = set(columns)
        added = {
            "mode": "VARCHAR(16) NOT NULL DEFAULT 'hotseat'",
            "listed": "BOOLEAN NOT NULL DEFAULT FALSE",
            "ai_turn": "BOOLEAN NOT NULL DEFAULT FALSE",
        }
        with self.engine.begin() as conn:
            for name, ddl in added.items():
                if name not in have:
                    conn.execute(text(f"ALTER TABLE games ADD COLUMN {name} {ddl}"))
            if "at" not in {c["name"] for c in inspect(self.engine).get_columns("moves")}:
                conn.execute(text("ALTER TABLE moves ADD COLUMN at FLOAT"))  # server/clocks.py
            # SQLite integers are 64-bit whatever the declared type; PostgreSQL's are not.
            if self.engine.dialect.name == "postgresql" and not isinstance(
                columns["seed"]["type"], BigInteger
            ):
                conn.execute(text("ALTER TABLE games ALTER COLUMN seed TYPE BIGINT"))

    def close(self) -> None:
        self.engine.dispose()

    def create(
        self,
        ruleset: str,
        version: str,
        config: dict[str, Any],
        seed: int,
        seats: Sequence[SeatSpec],
        mode: str = "hotseat",
        listed: bool = False,
    ) -> StoredGame:
        now = time.time()
        row = GameRow(
            id=secrets.token_hex(8),
            ruleset=ruleset,
            version=version,
            config=config,
            seed=_to_signed(seed),
            seats=[s.to_json() for s in seats],
            mode=mode,
            listed=listed,
            admin_token=new_token(),
            spectator_token=new_token(),
            created=now,
            updated=now,
            moves=0,
            over=False,
        )
        with Session(self.engine) as session, session.begin():
            session.add(row)
            stored = _stored(row, (), ())
        return stored

    def load(self, game_id: str) -> StoredGame | None:
        with Session(self.engine) as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            moves = session.scalars(
                select(MoveRow).where(MoveRow.game_id == game_id).order_by(MoveRow.idx)
            ).all()
            return _stored(row, tuple(m.key for m in moves), tuple(m.human for m in moves))

    def summary(self, game_id: str) -> GameSummary | None:
        """One game without its moves: enough to check a token before any heavy work."""
        with Session(self.engine) as session:
            row = session.get(GameRow, game_id)
            return None if row is None else _summary(row)

    def summaries_of(self, game_ids: Sequence[str]) -> list[GameSummary]:
        with Session(self.engine) as session:
            rows = session.scalars(select(GameRow).where(GameRow.id.in_(list(game_ids)))).all()
            return [_summary(r) for r in rows]

    def set_seats(self, game_id: str, seats: Sequence[SeatSpec]) -> None:
        """Replace the seats of a game (a seat claimed, an invite renewed, an AI changed)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(GameRow)
                .where(GameRow.id == game_id)
                .values(seats=[s.to_json() for s in seats], updated=time.time())
            )
            if self.notify is not None:
                self.notify(session, game_id, "seats", 0)

    def append(self, game_id: str, idx: int, key: str, seat: int, human: bool, over: bool) -> None:
        """Move number `idx` (0-based) and the game's counters, in one transaction."""
        self.append_many([Move(game_id, idx, key, seat, human, over)])

    def append_many(self, moves: Sequence[Move]) -> None:
        """Moves of any games, in order, and their games' counters, in ONE transaction
        (one disk sync for all: server/commits.py gathers the moves waiting to be stored).
        Plain SQL statements, not ORM objects: a move is the hot path of the server."""
        if not moves:
            return
        now = time.time()
        last: dict[str, Move] = {}
        for m in moves:
            last[m.game_id] = m
        with self.engine.begin() as conn:
            _MANY_MOVES.run(
                conn,
                [
                    {
                        "game_id": m.game_id,
                        "idx": m.idx,
                        "key": m.key,
                        "seat": m.seat,
                        "human": m.human,
                        "at": m.at,
                    }
                    for m in moves
                ],
            )
            _MANY_COUNTS.run(
                conn,
                [
                    {
                        "gid": m.game_id,
                        "count": m.idx + 1,
                        "now": now,
                        "done": m.over,
                        "ai": m.ai_next,
                    }
                    for m in last.values()
                ],
            )
            for hook in self.on_moves:
                hook(conn, moves)
            if self.notify is not None:
                stored: dict[str, list[Move]] = {}
                for m in moves:
                    stored.setdefault(m.game_id, []).append(m)
                for game_id, mine in stored.items():
                    self.notify(conn, game_id, "moves", mine[-1].idx + 1, mine)

    def truncate(self, game_id: str, keep: int) -> None:
        """Forget every move from number `keep` on (undo)."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(MoveRow).where(MoveRow.game_id == game_id, MoveRow.idx >= keep))
            session.execute(
                update(GameRow)
                .where(GameRow.id == game_id)
                .values(moves=keep, updated=time.time(), over=False)
            )
            if self.notify is not None:
                self.notify(session, game_id, "undo", keep)

    def delete(self, game_id: str) -> bool:
        with Session(self.engine) as session, session.begin():
            session.execute(delete(MoveRow).where(MoveRow.game_id == game_id))
            gone = session.execute(delete(GameRow).where(GameRow.id == game_id))
            if self.notify is not None:
                self.notify(session, game_id, "deleted", 0)
            return bool(getattr(gone, "rowcount", 0))

    def listed(self, limit: int = 200) -> list[GameSummary]:
        """The games their creators chose to list, not over, newest first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(GameRow)
                .where(GameRow.listed.is_(True), GameRow.over.is_(False))
                .order_by(GameRow.updated.desc())
                .limit(limit)
            ).all()
            return [_summary(r) for r in rows]


def _seats(raw: list[dict[str, Any]]) -> tuple[SeatSpec, ...]:
    return tuple(
        SeatSpec(s["kind"], s.get("agent"), s.get("token") or "", s.get("invite") or "")
        for s in raw
    )


def _summary(r: GameRow) -> GameSummary:
    return GameSummary(
        r.id,
        r.ruleset,
        r.created,
        r.updated,
        r.moves,
        r.over,
        _seats(r.seats),
        dict(r.config),
        r.mode,
        r.listed,
        r.admin_token,
        r.spectator_token,
    )


def _stored(row: GameRow, keys: tuple[str, ...], human: tuple[bool, ...]) -> StoredGame:
    return StoredGame(
        row.id,
        row.ruleset,
        row.version,
        dict(row.config),
        _from_signed(row.seed),
        _seats(row.seats),
        row.admin_token,
        row.spectator_token,
        row.created,
        row.updated,
        keys,
        human,
        row.over,
        row.mode,
        row.listed,
    )
