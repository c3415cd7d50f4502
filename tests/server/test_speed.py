"""What the server's speed-ups must not break (issue 14): a State encoded once per pair of
eyes is never sent to other eyes, a move is acknowledged only once stored, moves of
several games share one commit, and a failed commit loses nobody else's move."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from arbitre.server.commits import Committer
from arbitre.server.hub import Hub
from arbitre.server.lobby import create_game
from arbitre.server.payload import state_payload
from arbitre.server.states import eyes, state_text
from arbitre.server.store import Move, Store
from tests.server.conftest import HUMAN, new_game, state


def fresh(live: Any, token: str, wanted: int | None = None) -> dict[str, Any]:
    """The State built from scratch, without any cache, as JSON would carry it."""
    access = live.access(token)
    out: dict[str, Any] = json.loads(json.dumps(state_payload(live, access, wanted)))
    return out


def test_no_reader_gets_a_state_cached_for_other_eyes(client: TestClient) -> None:
    """Heresy (hands are hidden, HH-3): both seats, a spectator and the hotseat table on
    sockets while the seats play; every socket and every answer gets exactly the State of
    its own eyes, the two seats never see each other's view, the spectator never a seat's."""
    game = new_game(client, "heresy", [HUMAN, HUMAN], seed=7)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.games[game["id"]]
    tokens = {
        "seat0": game["seats"][0]["token"],
        "seat1": game["seats"][1]["token"],
        "spectator": game["spectator"],
        "admin": game["admin"],
    }
    keys = {name: eyes(live, live.access(t), None) for name, t in tokens.items()}
    assert len(set(keys.values())) == 4  # four pairs of eyes, four cache entries
    base = f"/ws/games/{game['id']}?token="
    with (
        client.websocket_connect(base + tokens["seat0"]) as s0,
        client.websocket_connect(base + tokens["seat1"]) as s1,
        client.websocket_connect(base + tokens["spectator"]) as sp,
        client.websocket_connect(base + tokens["admin"]) as ad,
    ):
        sockets = {"seat0": s0, "seat1": s1, "spectator": sp, "admin": ad}
        for name, ws in sockets.items():
            assert ws.receive_json() == fresh(live, tokens[name])
        for _ in range(12):
            decision = live.match.decision()
            mover = f"seat{decision.seat}"
            body = {"token": tokens[mover], "key": decision.options[0].key, "expect": live.moves}
            answer = client.post(f"/api/games/{game['id']}/play", json=body)
            assert answer.status_code == 200, answer.text
            assert answer.json() == fresh(live, tokens[mover])
            got = {name: ws.receive_json() for name, ws in sockets.items()}
            for name, received in got.items():
                assert received == fresh(live, tokens[name]), name
            assert got["seat0"]["view"] != got["seat1"]["view"]
            assert got["seat0"]["viewer"] == 0 and got["seat1"]["viewer"] == 1
            assert got["spectator"]["viewer"] is None
            assert got["spectator"]["view"] not in (got["seat0"]["view"], got["seat1"]["view"])
            assert got["spectator"]["decision"]["options"] == []
            other = f"seat{1 - decision.seat}"
            assert got[other]["decision"]["options"] == [] or live.match.decision().seat == (
                1 - decision.seat
            )


def test_the_cache_is_dropped_at_every_change(client: TestClient) -> None:
    """A State text is reused only while nothing changed: after a move it is rebuilt."""
    game = new_game(client, "champs", [HUMAN, HUMAN], config={"players": 1}, seed=3)
    live = client.app.state.hub.games[game["id"]]  # type: ignore[attr-defined]
    access = live.access(game["admin"])
    first = state_text(live, access)
    assert state_text(live, access) is first  # built once
    s = state(client, game, game["admin"])
    body = {"token": game["admin"], "key": s["decision"]["options"][0]["key"], "expect": 0}
    assert client.post(f"/api/games/{game['id']}/play", json=body).status_code == 200
    again = state_text(live, access)
    assert again != first and json.loads(again)["moves"] == 1


class SlowStore:
    """Records each transaction; the first one waits until `release` is set."""

    def __init__(self, fail_game: str | None = None) -> None:
        self.groups: list[list[Move]] = []
        self.release = threading.Event()
        self.fail_game = fail_game

    def store_now(self, moves: list[Move]) -> bool:
        return False  # a store whose commits wait for the disk: the writer thread's

    def append_many(self, moves: list[Move]) -> None:
        if not self.groups:
            self.release.wait(10)
        self.groups.append(list(moves))
        if any(m.game_id == self.fail_game for m in moves):
            raise RuntimeError("disk full")


def test_moves_waiting_for_a_commit_share_the_next_one() -> None:
    async def run() -> SlowStore:
        store = SlowStore()
        committer = Committer(store)  # type: ignore[arg-type]
        moves = [Move(f"g{i}", 0, "k", 0, True, False) for i in range(5)]
        first = asyncio.create_task(committer.write(moves[0]))
        await asyncio.sleep(0.05)  # the first transaction is being written
        rest = [asyncio.create_task(committer.write(m)) for m in moves[1:]]
        await asyncio.sleep(0.05)
        assert not first.done() and not any(t.done() for t in rest)  # none acknowledged
        store.release.set()
        await asyncio.gather(first, *rest)
        committer.shutdown()
        return store

    store = asyncio.run(run())
    assert [[m.game_id for m in g] for g in store.groups] == [["g0"], ["g1", "g2", "g3", "g4"]]


def test_a_failed_commit_costs_only_its_own_move() -> None:
    async def run() -> tuple[SlowStore, list[Any]]:
        store = SlowStore(fail_game="g2")
        committer = Committer(store)  # type: ignore[arg-type]
        moves = [Move(f"g{i}", 0, "k", 0, True, False) for i in range(4)]
        first = asyncio.create_task(committer.write(moves[0]))
        await asyncio.sleep(0.05)
        rest = [asyncio.create_task(committer.write(m)) for m in moves[1:]]
        store.release.set()
        results = await asyncio.gather(first, *rest, return_exceptions=True)
        committer.shutdown()
        return store, results

    store, results = asyncio.run(run())
    assert results[:2] == [None, None] and results[3] is None
    assert isinstance(results[2], RuntimeError)
    # the group failed, then each move was written alone
    assert [m.game_id for m in store.groups[1]] == ["g1", "g2", "g3"]
    assert [[m.game_id for m in g] for g in store.groups[2:]] == [["g1"], ["g2"], ["g3"]]


def test_nobody_reads_a_move_before_it_is_stored(tmp_path: Path) -> None:
    """While a move waits for its commit, a reader (a State asked for, a socket opening)
    waits too; if the commit fails the game goes back to what is stored."""

    async def run() -> None:
        # a commit that waits for the disk ("full"): the move waits in the writer thread
        store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}", sqlite_sync="full")
        hub = Hub(store)
        live = create_game(
            store,
            {
                "ruleset": "champs",
                "mode": "hotseat",
                "config": {"players": 1},
                "seed": 2,
                "seats": [HUMAN, HUMAN],
            },
        )
        hub.add(live)
        admin = live.stored.admin_token
        access = live.access(admin)
        assert access is not None
        gate = threading.Event()
        real = store.append_many
        calls = 0

        def gated(moves: Sequence[Move]) -> None:
            nonlocal calls
            calls += 1
            gate.wait(10)
            if calls == 2:
                raise RuntimeError("disk full")
            real(moves)

        store.append_many = gated  # type: ignore[method-assign]
        decision = live.match.decision()
        assert decision is not None
        key = decision.options[0].key
        playing = asyncio.create_task(hub.play(live, access, key, 0, None))
        await asyncio.sleep(0.05)
        assert live.writing is not None and live.moves == 1  # applied, not stored yet
        reading = asyncio.create_task(hub.open(live.id, admin))
        await asyncio.sleep(0.05)
        assert not reading.done()  # the reader waits for the commit
        gate.set()
        await playing
        opened, _ = await reading
        assert opened.moves == 1 and store.load(live.id).keys == (key,)  # type: ignore[union-attr]
        # a commit that fails: the move is refused and the game is what is stored
        gate.clear()
        decision = live.match.decision()
        assert decision is not None
        key2 = decision.options[0].key
        failing = asyncio.create_task(hub.play(live, access, key2, 1, None))
        await asyncio.sleep(0.05)
        gate.set()
        with pytest.raises(RuntimeError):
            await failing
        assert live.moves == 1 and live.writing is None
        stored = store.load(live.id)
        assert stored is not None and stored.keys == (key,)
        await hub.shutdown()
        store.close()

    asyncio.run(run())


def test_a_warmed_server_compiles_no_text_while_games_are_played(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`arbitre serve` warms up (Workers.warm): every game module imported and every text
    compiled at start-up, so moves never pay for compiling a message (≈ 0.6 ms each: a
    fresh server's first minutes of moves did, issue 14)."""
    import random

    from arbitre.engine import i18n
    from arbitre.server.states import snapshot

    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.workers.warm()

    def compiled(key: str, lang: str) -> Any:
        raise AssertionError(f"{key} ({lang}) compiled while playing")

    monkeypatch.setattr(i18n, "_compile", compiled)
    for ruleset, config, moves in (("heresy", {}, 250), ("champs", {"players": 1}, 150)):
        game = new_game(client, ruleset, [HUMAN, HUMAN], config=config, seed=9)
        live = hub.games[game["id"]]
        readers = [live.access(s["token"]) for s in game["seats"]] + [
            live.access(game["spectator"])
        ]
        rng = random.Random(9)
        for _ in range(moves):
            decision = live.match.decision()
            if decision is None:
                break
            live.play(rng.choice(decision.options).key, decision)
            for access in readers:
                snapshot(live, access)


def test_moves_stored_by_the_sqlite_connection_read_as_core_would_store_them(
    tmp_path: Path,
) -> None:
    """`store.Many` (issue 14): on SQLite the moves, the games' counters and the turn ledger
    are written by the writing thread's own sqlite3 connection with the statements' own
    compiled SQL; the rows are exactly those `Connection.execute` writes (the other
    databases' path), and the store's raw connections are given back when it closes."""
    from sqlalchemy import text

    from arbitre.server import notify_store
    from arbitre.server.store import SeatSpec

    def tables(fast: bool) -> list[Any]:
        store = Store(f"sqlite:///{tmp_path / f'{fast}.sqlite3'}")
        # not fast: every statement through SQLAlchemy's Connection, as on PostgreSQL
        store.raw_writes = fast
        notify_store.attach(store)
        seats = [SeatSpec("human", None, "a"), SeatSpec("ai", "mj", "")]
        gid = store.create("champs", "1", {"players": 1}, 5, seats, "hotseat", False).id
        notify_store.start(store, gid, "live", 0)
        moves = [
            Move(
                gid,
                i,
                f"k{i}",
                i % 2,
                i % 3 == 0,
                i == 9,
                i % 2 == 0,
                1000.0 + i,
                True,
                (i + 1) % 2 if i < 9 else None,
            )
            for i in range(10)
        ]
        store.append_many(moves[:4])
        store.append_many(moves[4:])
        with store.engine.connect() as conn:
            return [
                conn.execute(text(q), {"g": gid}).all()
                for q in (
                    "SELECT idx, key, seat, human, at FROM moves WHERE game_id = :g ORDER BY idx",
                    "SELECT moves, over, ai_turn FROM games WHERE id = :g",
                    "SELECT seat, since, moves FROM game_turns WHERE game_id = :g",
                )
            ]

    fast, core = tables(True), tables(False)
    assert fast == core
    assert fast[1] == [(10, 1, 0)] and fast[2] == [(None, 1009.0, 10)]


def test_a_failed_group_on_the_sqlite_connection_stores_nothing(tmp_path: Path) -> None:
    """The writing thread's own connection rolls a failed group back whole (a move number
    already stored: another process stored it first), and goes on storing the next group;
    `close` gives its connection back to the pool."""
    import sqlite3

    from sqlalchemy import text

    from arbitre.server.store import SeatSpec

    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    assert store.raw_writes
    seats = [SeatSpec("human", None, "a"), SeatSpec("human", None, "b")]
    gid = store.create("champs", "1", {"players": 1}, 5, seats, "hotseat", False).id

    def move(i: int) -> Move:
        return Move(gid, i, f"k{i}", i % 2, True, False)

    store.append_many([move(0)])
    with pytest.raises(sqlite3.IntegrityError) as failed:
        store.append_many([move(1), move(0)])  # move 1 is new, move 0 is not
    assert "UNIQUE" in str(failed.value)
    store.append_many([move(1)])

    def rows() -> list[Any]:
        with store.engine.connect() as conn:
            moves = conn.execute(text("SELECT idx, key FROM moves ORDER BY idx")).all()
            return [*moves, *conn.execute(text("SELECT moves FROM games")).all()]

    assert rows() == [(0, "k0"), (1, "k1"), (2,)]
    assert store.engine.pool.checkedout() == 1  # type: ignore[attr-defined]
    store.close()
    assert store.engine.pool.checkedout() == 0  # type: ignore[attr-defined]
