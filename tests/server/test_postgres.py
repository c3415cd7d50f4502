"""The server on PostgreSQL: a throwaway cluster (initdb) when the binaries are here.

Skipped, with the reason, on a machine without PostgreSQL's server programs or psycopg.
As root, the cluster runs as the `postgres` (or `nobody`) user: PostgreSQL refuses root.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitre.server.app import create_app
from arbitre.server.store import SeatSpec, Store
from tests.server.conftest import HUMAN, new_game, state


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    pytest.importorskip("psycopg", reason="psycopg not installed (pip install '.[postgres]')")
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if not initdb or not pg_ctl:
        pytest.skip("PostgreSQL server programs (initdb, pg_ctl) not found")
    run_as: list[str] = []
    user = pwd.getpwuid(os.getuid()).pw_name
    if os.getuid() == 0:
        user = next((u for u in ("postgres", "nobody") if _has_user(u)), "")
        if not user or not shutil.which("runuser"):
            pytest.skip("running as root without a user to run PostgreSQL as")
        run_as = ["runuser", "-u", user, "--"]
    # Not under pytest's tmp dir: that one is private to root, the cluster's user must enter.
    base = Path(tempfile.mkdtemp(prefix="arbitre-pg-"))
    data = base / "data"
    data.mkdir()
    if run_as:
        entry = pwd.getpwnam(user)
        for path in (base, data):
            os.chown(path, entry.pw_uid, entry.pw_gid)
        base.chmod(0o755)
    subprocess.run(
        [*run_as, initdb, "-D", str(data), "-A", "trust", "-U", "arbitre"],
        check=True,
        capture_output=True,
    )
    port = _free_port()
    opts = f"-p {port} -k {base} -c listen_addresses=127.0.0.1"
    subprocess.run(
        [*run_as, pg_ctl, "-D", str(data), "-o", opts, "-w", "-l", str(base / "log"), "start"],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://arbitre@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*run_as, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True
        )


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


def test_store_round_trip_on_postgresql(pg_url: str) -> None:
    store = Store(pg_url)
    seats = [SeatSpec("human", None, "t0"), SeatSpec("ai", "mj", "")]
    game = store.create("champs", "1", {"players": 1}, 2**64 - 1, seats, "online", True)
    for i, key in enumerate(["a", "b", "c"]):
        store.append(game.id, i, key, 0, True, False)
    store.truncate(game.id, 2)
    loaded = store.load(game.id)
    assert loaded is not None and loaded.keys == ("a", "b") and loaded.seats[1].agent == "mj"
    assert loaded.seed == 2**64 - 1 and loaded.mode == "online" and loaded.listed
    assert any(s.id == game.id for s in store.listed())
    assert store.delete(game.id) and store.load(game.id) is None
    store.close()


def test_a_game_survives_a_restart_on_postgresql(pg_url: str) -> None:
    with TestClient(create_app(pg_url, rate=None)) as first:
        game = new_game(first, "champs", [HUMAN, HUMAN], config={"players": 1}, seed=9)
        s = state(first, game, game["admin"])
        for _ in range(10):
            key = s["decision"]["options"][0]["key"]
            s = first.post(
                f"/api/games/{game['id']}/play",
                json={"token": game["admin"], "key": key, "expect": s["moves"]},
            ).json()
    with TestClient(create_app(pg_url, rate=None)) as second:
        again = state(second, game, game["admin"])
        assert again["moves"] == 10 and again["view"] == s["view"]


OLD_SCHEMA = """
CREATE TABLE games (
    id VARCHAR(32) PRIMARY KEY, ruleset VARCHAR(32) NOT NULL, version VARCHAR(32) NOT NULL,
    config JSON NOT NULL, seed INTEGER NOT NULL, seats JSON NOT NULL,
    admin_token VARCHAR(64) NOT NULL, spectator_token VARCHAR(64) NOT NULL,
    created FLOAT NOT NULL, updated FLOAT NOT NULL, moves INTEGER NOT NULL, over BOOLEAN NOT NULL
)
"""


def old_database(url: str) -> None:
    """A database as the previous version made it, with one game whose AI seat had a token."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(OLD_SCHEMA))
        conn.execute(
            text(
                "INSERT INTO games VALUES ('00aa', 'champs', '1', :config, 7, :seats, 'adm',"
                " 'spec', 0, 0, 0, FALSE)"
            ),
            {
                "config": '{"players": 1}',
                "seats": '[{"kind": "human", "agent": null, "token": "h0"},'
                ' {"kind": "ai", "agent": "mj", "token": "ai1"}]',
            },
        )
    engine.dispose()


def check_migrated(url: str) -> None:
    store = Store(url)
    game = store.load("00aa")
    assert game is not None and game.mode == "hotseat" and not game.listed and game.seed == 7
    big = store.create("champs", "1", {}, 2**64 - 1, [SeatSpec("human", None, "t")])
    loaded = store.load(big.id)
    assert loaded is not None and loaded.seed == 2**64 - 1
    store.close()
    from arbitre.server.live import access_for

    assert access_for(game, "ai1") is None  # an AI seat's old token opens nothing
    table = access_for(game, "adm")
    assert table is not None and table.role == "admin"


def test_a_database_of_the_previous_version_is_migrated(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    old_database(url)
    check_migrated(url)


def test_a_postgresql_database_of_the_previous_version_is_migrated(pg_url: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(pg_url)
    with engine.begin() as conn:
        # every table that refers to games first (the chat's and social state's too)
        for table in ("chat_lines", "game_social", "moves", "games"):
            conn.execute(text(f"DROP TABLE IF EXISTS {table}"))
    engine.dispose()
    old_database(pg_url)
    check_migrated(pg_url)
