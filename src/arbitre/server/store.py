"""Games and their moves in a SQL database (SQLite by default, any SQLAlchemy URL).

A game is its record (ruleset, version, config, seed) plus its mode, seats and tokens;
its moves are the option keys in order. Each move is committed in its own transaction before
anyone is told about it, so a server killed at any moment restarts where it was.
"""

from __future__ import annotations

import contextlib
import secrets
import sqlite3
import threading
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


# Where the hot path's statements run: SQLAlchemy's connection (PostgreSQL), or on SQLite
# a DB-API connection of its own (the writer thread's, `Store._raw`; the event loop's,
# `Store.store_now`).
Writes = Connection | sqlite3.Connection


class Many:
    """A Core statement run for many rows, the hot path's way (issue 14): on SQLite (the
    default) compiled once to its SQL text and run by the sqlite3 connection of the thread
    that stores moves, outside SQLAlchemy's transaction and pool (a one-move `append_many`:
    153 + 98 µs → 80 + 65 µs of user + system CPU); elsewhere (PostgreSQL) by
    `Connection.execute`."""

    def __init__(self, statement: Any, keys: Sequence[str] | None = None) -> None:
        from sqlalchemy.dialects import sqlite

        self.statement = statement
        compiled = statement.compile(dialect=sqlite.dialect(), column_keys=keys)
        self.sql = str(compiled)
        self.order = tuple(compiled.positiontup or ())

    def run(self, conn: Writes, rows: list[dict[str, Any]]) -> None:
        if not rows:
            return
        if isinstance(conn, sqlite3.Connection):
            order = self.order
            conn.executemany(self.sql, [tuple(row[k] for k in order) for row in rows])
        else:
            conn.execute(self.statement, rows)


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


# SQLite's disk sync on commit (`arbitre serve --sqlite-sync`). Both keep every stored move
# through a crash or kill of the server (the log is written before a move is answered);
# "full" also through a power cut or a crash of the machine, at the price of a disk sync per
# commit: with "normal" the moves stored since the last checkpoint may be lost then (the
# database itself is never damaged). PostgreSQL has its own setting (docs/deploy.md).
SYNCS = ("normal", "full")


def _sqlite_pragmas(sync: str) -> Callable[[Any, Any], None]:
    def pragmas(dbapi_connection: Any, _record: Any) -> None:
        # WAL lets readers run beside the writer
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={sync.upper()}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return pragmas


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

    def __init__(self, url: str, sqlite_sync: str = "normal") -> None:
        if sqlite_sync not in SYNCS:
            raise ValueError(f"sqlite_sync: {sqlite_sync!r} is not one of {', '.join(SYNCS)}")
        self.url = url
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas(sqlite_sync))
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
        self.on_moves: list[Callable[[Writes, Sequence[Move]], None]] = []
        # SQLite: moves are written through a DB-API connection each writing thread keeps
        # checked out of the pool (`_raw`), without SQLAlchemy's transaction and pool
        # bookkeeping (issue 14: ≈ 0.1 ms of CPU per stored move). False: through Core.
        self.raw_writes = self.engine.dialect.name == "sqlite"
        self._raws = threading.local()
        # SQLite without a disk sync per commit: a move may be stored at once, on the event
        # loop (`store_now`), through a connection of its own
        self.inline = self.raw_writes and sqlite_sync == "normal"
        self._inline: tuple[int, sqlite3.Connection] | None = None
        self._held: list[Any] = []  # the pool's connections `_raw` keeps, closed by `close`
        self._held_lock = threading.Lock()

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
        with self._held_lock:
            held, self._held = self._held, []
        for conn in held:
            with contextlib.suppress(Exception):
                conn.close()
        self._raws = threading.local()
        self._inline = None
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
        if self.raw_writes:
            raw = self._raw()
            try:
                self._write_moves(raw, moves)
                raw.commit()
            except BaseException:
                raw.rollback()
                raise
            return
        with self.engine.begin() as conn:
            self._write_moves(conn, moves)

    def _write_moves(self, conn: Writes, moves: Sequence[Move]) -> None:
        now = time.time()
        last: dict[str, Move] = {}
        for m in moves:
            last[m.game_id] = m
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
                {"gid": m.game_id, "count": m.idx + 1, "now": now, "done": m.over, "ai": m.ai_next}
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

    def _raw(self) -> sqlite3.Connection:
        """This thread's own SQLite connection for storing moves: taken from the pool once
        (so it has the pool's pragmas: WAL, sync, foreign keys) and kept until `close`."""
        raw: sqlite3.Connection | None = getattr(self._raws, "conn", None)
        if raw is None:
            held = self.engine.raw_connection()
            raw = cast(sqlite3.Connection, held.dbapi_connection)
            with self._held_lock:
                self._held.append(held)
            self._raws.conn = raw
        return raw

    def store_now(self, moves: Sequence[Move]) -> bool:
        """Store `moves` at once on the calling thread (the event loop), when that never
        waits: SQLite with sync "normal" (a commit writes the log, no disk sync: tens of
        µs), the write lock free (a busy timeout of 0: another writer holds it, False),
        no checkpoint (`checkpoint`, in the writer thread). False: nothing was written,
        hand them to the writer thread (server/commits.py). Raises what SQLite raised
        otherwise (a move number already stored), having written nothing."""
        if not self.inline or not moves:
            return False
        raw = self._inline_raw()
        if raw is None:
            return False
        try:
            self._write_moves(raw, moves)
            raw.commit()
        except sqlite3.OperationalError as exc:
            raw.rollback()
            code = getattr(exc, "sqlite_errorcode", 0) & 0xFF  # extended codes too
            if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                return False
            raise
        except BaseException:
            raw.rollback()
            raise
        return True

    def _inline_raw(self) -> sqlite3.Connection | None:
        """The connection `store_now` writes through, used by one thread only (None on any
        other): it never waits for the write lock and leaves checkpoints to `checkpoint`."""
        me = threading.get_ident()
        if self._inline is None:
            held = self.engine.raw_connection()
            raw = cast(sqlite3.Connection, held.dbapi_connection)
            raw.execute("PRAGMA busy_timeout=0")
            raw.execute("PRAGMA wal_autocheckpoint=0")
            with self._held_lock:
                self._held.append(held)
            self._inline = (me, raw)
        owner, raw = self._inline
        return raw if owner == me else None

    def checkpoint(self) -> None:
        """Copy the log's pages into the database (SQLite; in the writer thread): what
        the inline connection leaves to others, so the log does not grow for ever."""
        if self.raw_writes:
            self._raw().execute("PRAGMA wal_checkpoint(PASSIVE)")

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
