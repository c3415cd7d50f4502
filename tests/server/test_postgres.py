"""The server on PostgreSQL: a throwaway cluster (tests/pg.py) when the binaries are here.

Skipped, with the reason, on a machine without PostgreSQL's server programs or psycopg.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitre.server.app import create_app
from arbitre.server.store import SeatSpec, Store
from tests.pg import new_database
from tests.server.conftest import HUMAN, new_game, state


@pytest.fixture(scope="module")
def pg_url() -> str:
    return new_database()


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
        # every table (the chat's, the social state's, any other that refers to games)
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()
    old_database(pg_url)
    check_migrated(pg_url)


def test_a_process_that_missed_notifications_catches_up(pg_url: str) -> None:
    """The LISTEN connection drops (killed here) while another process stores a move: once
    connected again, the process compares its cached games with the database (cluster.py)."""
    import time

    from sqlalchemy import create_engine, text

    with TestClient(create_app(pg_url, rate=None)) as client:
        game = new_game(client, "champs", [HUMAN, HUMAN], config={"players": 1}, seed=4)
        s = state(client, game, game["admin"])  # cached here, at move 0
        engine = create_engine(pg_url)
        with engine.begin() as conn:
            killed = conn.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE"
                    " application_name LIKE 'arbitre-listen-%' AND datname = current_database()"
                )
            ).all()
        engine.dispose()
        assert killed
        other = Store(pg_url)  # another process, whose notification this one never hears
        decision = s["decision"]
        other.append(game["id"], 0, decision["options"][0]["key"], decision["seat"], True, False)
        other.close()
        deadline = time.monotonic() + 10
        while state(client, game, game["admin"])["moves"] != 1:
            assert time.monotonic() < deadline, "the cached game never caught up"
            time.sleep(0.1)
