"""Moves stored at once on SQLite with sync "normal" (server/commits.py, Store.store_now;
issue 14): no thread hand-over per move, never a wait on the event loop."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text

from arbitre.server import commits
from arbitre.server.commits import Committer
from arbitre.server.store import Move, SeatSpec, Store

SEATS = [SeatSpec("human", None, "a"), SeatSpec("human", None, "b")]


def _store(tmp_path: Path, sync: str = "normal") -> tuple[Store, str]:
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}", sqlite_sync=sync)
    return store, store.create("champs", "1", {"players": 1}, 5, SEATS, "hotseat", False).id


def _keys(store: Store, gid: str) -> list[str]:
    with store.engine.connect() as conn:
        query = text("SELECT key FROM moves WHERE game_id = :g ORDER BY idx")
        return [r[0] for r in conn.execute(query, {"g": gid})]


def test_a_move_is_stored_at_once_without_the_writer_thread(tmp_path: Path) -> None:
    store, gid = _store(tmp_path)
    assert store.inline

    async def run() -> Committer:
        committer = Committer(store)
        for i in range(5):
            await committer.write(Move(gid, i, f"k{i}", i % 2, True, False))
            assert _keys(store, gid) == [f"k{j}" for j in range(i + 1)]  # stored on return
        return committer

    committer = asyncio.run(run())
    assert committer.thread is None  # no hand-over: nothing ever went to a thread
    with store.engine.connect() as conn:
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 1  # NORMAL
    store.close()


def test_a_full_sync_store_writes_in_the_thread(tmp_path: Path) -> None:
    store, gid = _store(tmp_path, "full")
    assert not store.inline and not store.store_now([Move(gid, 0, "k0", 0, True, False)])

    async def run() -> Committer:
        committer = Committer(store)
        await committer.write(Move(gid, 0, "k0", 0, True, False))
        return committer

    committer = asyncio.run(run())
    assert committer.thread is not None and _keys(store, gid) == ["k0"]
    committer.shutdown()
    with store.engine.connect() as conn:
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
    store.close()


def test_a_held_write_lock_sends_the_move_to_the_thread(tmp_path: Path) -> None:
    """Another writer holds SQLite's lock: the event loop does not wait for it, the move
    goes to the writer thread, which waits, and is acknowledged once stored."""
    store, gid = _store(tmp_path)
    other = sqlite3.connect(tmp_path / "g.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # the write lock, held

    async def run() -> Committer:
        committer = Committer(store)
        writing = asyncio.create_task(committer.write(Move(gid, 0, "k0", 0, True, False)))
        await asyncio.sleep(0.2)
        assert not writing.done() and committer.busy  # waiting in the thread, not here
        other.execute("COMMIT")
        await asyncio.wait_for(writing, 10)
        await committer.write(Move(gid, 1, "k1", 1, True, False))  # at once again
        return committer

    committer = asyncio.run(run())
    assert _keys(store, gid) == ["k0", "k1"]
    committer.shutdown()
    other.close()
    store.close()


def test_a_move_number_already_stored_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    store, gid = _store(tmp_path)

    async def run() -> None:
        committer = Committer(store)
        await committer.write(Move(gid, 0, "k0", 0, True, False))
        with pytest.raises(sqlite3.IntegrityError):
            await committer.write(Move(gid, 0, "again", 1, True, False))
        await committer.write(Move(gid, 1, "k1", 1, True, False))

    asyncio.run(run())
    assert _keys(store, gid) == ["k0", "k1"]
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT moves FROM games")).scalar() == 2
    store.close()


def test_the_log_is_checkpointed_in_the_writer_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The inline connection never checkpoints (that waits for the disk): every
    CHECKPOINT_EVERY moves the writer thread does, and the log stops growing."""
    monkeypatch.setattr(commits, "CHECKPOINT_EVERY", 10)
    store, gid = _store(tmp_path)
    threads: list[str] = []
    real = store.checkpoint

    def checkpoint() -> None:
        import threading

        threads.append(threading.current_thread().name)
        real()

    monkeypatch.setattr(store, "checkpoint", checkpoint)

    async def run() -> Committer:
        committer = Committer(store)
        for i in range(25):
            await committer.write(Move(gid, i, f"k{i}", i % 2, True, False))
        return committer

    committer = asyncio.run(run())
    committer.shutdown()  # waits for what the thread was handed
    assert threads == ["arbitre-commit", "arbitre-commit"]
    assert _keys(store, gid) == [f"k{i}" for i in range(25)]
    with store.engine.connect() as conn:  # nobody holds the log: it can be copied in full
        busy, pages, copied = conn.execute(text("PRAGMA wal_checkpoint(PASSIVE)")).one()
        assert busy == 0 and pages == copied
    store.close()


def test_an_unknown_sync_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="sqlite_sync"):
        Store(f"sqlite:///{tmp_path / 'g.sqlite3'}", sqlite_sync="off")
