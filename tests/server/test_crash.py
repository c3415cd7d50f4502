"""kill -9 the real server mid-game, start it again: every move made is still there."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

SERVE = "from arbitre.cli import main; main()"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start(db: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVE, "serve", "--port", str(port), "--db", db, "--ai-delay", "0"],
        stdout=subprocess.DEVNULL,
        stderr=log.open("ab"),
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    proc.wait()
    raise AssertionError(f"the server did not start: {log.read_text()[-2000:]}")


def alive() -> set[int]:
    return {int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()}


def children(pid: int) -> set[int]:
    """The processes whose parent is `pid` (Linux /proc)."""
    out = set()
    for p in alive():
        try:
            stat = Path(f"/proc/{p}/stat").read_text()
        except OSError:
            continue
        if int(stat.rpartition(")")[2].split()[1]) == pid:
            out.add(p)
    return out


def get_state(base: str, game: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = httpx.get(
        f"{base}/api/games/{game['id']}", params={"token": game["admin"]}
    ).json()
    return out


def test_kill_9_mid_game_then_restart_loses_nothing(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(db, port, tmp_path / "server.log")
    try:
        game = httpx.post(
            f"{base}/api/games",
            json={
                "ruleset": "champs",
                "mode": "hotseat",
                "config": {"players": 1},
                "seed": 21,
                "seats": [{"kind": "human"}, {"kind": "human"}],
            },
        ).json()
        s = get_state(base, game)
        for _ in range(40):
            key = s["decision"]["options"][0]["key"]
            r = httpx.post(
                f"{base}/api/games/{game['id']}/play",
                json={"token": game["admin"], "key": key, "expect": s["moves"]},
            )
            assert r.status_code == 200, r.text
            s = r.json()
        before = s
        helpers = children(proc.pid)
        assert helpers, "serve starts its replay workers (a fork server and its workers)"
        helpers |= {c for p in helpers for c in children(p)}
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    # the replay workers and their fork server leave with the server, even after kill -9
    deadline = time.monotonic() + 20
    while helpers & alive():
        assert time.monotonic() < deadline, f"orphans left: {helpers & alive()}"
        time.sleep(0.2)
    proc = start(db, port, tmp_path / "server.log")
    try:
        after = get_state(base, game)
        assert after["moves"] == before["moves"] == 40
        assert after["view"] == before["view"] and after["decision"] == before["decision"]
        key = after["decision"]["options"][0]["key"]
        r = httpx.post(
            f"{base}/api/games/{game['id']}/play",
            json={"token": game["admin"], "key": key, "expect": 40},
        )
        assert r.status_code == 200 and r.json()["moves"] == 41
    finally:
        proc.kill()
        proc.wait()
