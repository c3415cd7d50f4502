"""A throwaway PostgreSQL cluster for the tests (initdb + pg_ctl on loopback).

One cluster per test process, started on first use and stopped at exit; a fresh database
per test module (`pg_url`). Skipped, with the reason, on a machine without PostgreSQL's
server programs (`make postgres` installs Debian's) or psycopg. As root, the cluster runs
as the `postgres` (or `nobody`) user: PostgreSQL refuses root.
"""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


def _program(name: str) -> str | None:
    """On PATH, else where Debian puts the server programs (/usr/lib/postgresql/N/bin)."""
    found = shutil.which(name)
    if found:
        return found
    for path in sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True):
        return path
    return None


class Cluster:
    """A running throwaway cluster: `url(db)` for each database."""

    def __init__(self, fsync: bool = False) -> None:
        """`fsync`: commits wait for the disk as in production (benchmarks); the tests
        kill server processes, never PostgreSQL, so they do without."""
        initdb, pg_ctl = _program("initdb"), _program("pg_ctl")
        if not initdb or not pg_ctl:
            raise RuntimeError("PostgreSQL server programs (initdb, pg_ctl) not found")
        self.pg_ctl = pg_ctl
        self.run_as: list[str] = []
        user = pwd.getpwuid(os.getuid()).pw_name
        if os.getuid() == 0:
            user = next((u for u in ("postgres", "nobody") if _has_user(u)), "")
            if not user or not shutil.which("runuser"):
                raise RuntimeError("running as root without a user to run PostgreSQL as")
            self.run_as = ["runuser", "-u", user, "--"]
        # Not under pytest's tmp dir: that one is private to root, the cluster's user must enter.
        self.base = Path(tempfile.mkdtemp(prefix="arbitre-pg-"))
        self.data = self.base / "data"
        self.data.mkdir()
        if self.run_as:
            entry = pwd.getpwnam(user)
            for path in (self.base, self.data):
                os.chown(path, entry.pw_uid, entry.pw_gid)
            self.base.chmod(0o755)
        subprocess.run(
            [*self.run_as, initdb, "-D", str(self.data), "-A", "trust", "-U", "arbitre"],
            check=True,
            capture_output=True,
        )
        self.port = free_port()
        opts = f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1"
        if not fsync:
            opts += " -c fsync=off"
        log = str(self.base / "log")
        subprocess.run(
            [*self.run_as, pg_ctl, "-D", str(self.data), "-o", opts, "-w", "-l", log, "start"],
            check=True,
            capture_output=True,
        )

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://arbitre@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        import psycopg

        name = "t_" + secrets.token_hex(6)
        conninfo = f"postgresql://arbitre@127.0.0.1:{self.port}/postgres"
        with psycopg.connect(conninfo, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        subprocess.run(
            [*self.run_as, self.pg_ctl, "-D", str(self.data), "-m", "immediate", "stop"],
            capture_output=True,
        )
        shutil.rmtree(self.base, ignore_errors=True)


_running: list[Cluster] = []
_failed: list[str] = []


def cluster() -> Cluster:
    """The test process's cluster, started on first use; skips the test if none can be."""
    pytest.importorskip("psycopg", reason="psycopg not installed (pip install '.[postgres]')")
    if _failed:
        pytest.skip(_failed[0])
    if not _running:
        try:
            _running.append(Cluster())
        except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
            _failed.append(f"no throwaway PostgreSQL cluster: {exc}")
            pytest.skip(_failed[0])
        atexit.register(_running[0].stop)
    return _running[0]


def new_database() -> str:
    """A fresh, empty database of the throwaway cluster (one per test module: each module
    makes its own `pg_url` fixture from it)."""
    return cluster().new_database()
