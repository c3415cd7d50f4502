"""Which process runs a game's background work: PostgreSQL session advisory locks.

A process owns a game while it holds the game's advisory lock on a connection of its own
(`pg_try_advisory_lock`: never waits). The lock lives as long as that session: a process
killed outright (kill -9, a machine lost) loses its connection, PostgreSQL ends the session
and its locks are free for another process to take (cluster.py's sweeper). If the
connection itself is lost while the process lives, every lock is gone with it: `held` is
emptied and taken again game by game.

Lock calls are short queries, run in one thread of their own (the connection is used by
one thread at a time), never on the event loop.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import cast

import psycopg

log = logging.getLogger("arbitre.server")


def lock_key(game_id: str) -> int:
    """A signed 64-bit advisory lock number for a game (its own namespace of numbers)."""
    digest = hashlib.blake2b(f"arbitre:game:{game_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class Locks:
    def __init__(self, conninfo: str) -> None:
        self.conninfo = conninfo
        self.conn: psycopg.Connection[tuple[object, ...]] | None = None
        self.held: set[str] = set()
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="arbitre-owner")

    def _connection(self) -> psycopg.Connection[tuple[object, ...]]:
        if self.conn is None or self.conn.closed:
            self.held.clear()  # a new session holds nothing
            self.conn = psycopg.connect(
                self.conninfo, autocommit=True, application_name="arbitre-owner"
            )
        return self.conn

    def _try(self, game_ids: list[str]) -> list[str]:
        """Take the locks of `game_ids` that nobody holds (one query); the ids now held."""
        try:
            conn = self._connection()
            wanted = {lock_key(g): g for g in game_ids if g not in self.held}
            if wanted:
                rows = conn.execute(
                    "SELECT k, pg_try_advisory_lock(k) FROM unnest(%s::bigint[]) AS t(k)",
                    (list(wanted),),
                ).fetchall()
                self.held.update(wanted[cast(int, k)] for k, got in rows if got)
        except psycopg.Error as exc:
            log.warning("advisory lock connection lost (%s)", exc)
            self._drop()
            return []
        return [g for g in game_ids if g in self.held]

    def _release(self, game_ids: list[str]) -> None:
        try:
            conn = self._connection()
            for game_id in game_ids:
                if game_id in self.held:
                    self.held.discard(game_id)
                    conn.execute("SELECT pg_advisory_unlock(%s)", (lock_key(game_id),))
        except psycopg.Error:
            self._drop()

    def _send(self, channel: str, payload: str) -> None:
        try:
            self._connection().execute("SELECT pg_notify(%s, %s)", (channel, payload))
        except psycopg.Error as exc:
            log.warning("notification not sent (%s)", exc)
            self._drop()

    def _alive(self) -> bool:
        """Whether the session (and so every lock in `held`) is still there."""
        try:
            self._connection().execute("SELECT 1")
            return True
        except psycopg.Error:
            self._drop()
            return False

    def _drop(self) -> None:
        self.held.clear()
        if self.conn is not None:
            try:
                self.conn.close()
            finally:
                self.conn = None

    async def take(self, game_ids: list[str]) -> list[str]:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, self._try, game_ids)

    async def release(self, game_ids: list[str]) -> None:
        await asyncio.get_running_loop().run_in_executor(self.pool, self._release, game_ids)

    async def send(self, channel: str, payload: str) -> None:
        """A notification outside any transaction, after the ones sent before it."""
        await asyncio.get_running_loop().run_in_executor(self.pool, self._send, channel, payload)

    async def alive(self) -> bool:
        return await asyncio.get_running_loop().run_in_executor(self.pool, self._alive)

    def close(self) -> None:
        self.pool.submit(self._drop).result()
        self.pool.shutdown(wait=True)
