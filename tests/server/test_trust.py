"""Online play with a stranger: no god-mode for the creator, invites claimed once, seeds
that cannot be guessed, tokens checked before any work, limits per address, the security
headers and a lobby that lists only what was meant to be listed (issue 12)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from arbitre.server import subscribers
from arbitre.server.app import create_app
from arbitre.server.work import Workers
from tests.server.conftest import HUMAN, new_game, state

ONE = {"players": 1}
MJ = {"kind": "ai", "agent": "mj"}


def online(client: TestClient, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    return new_game(client, "heresy", seats, mode="online", seed=3, **body)


def join(client: TestClient, game: dict[str, Any], code: str) -> dict[str, Any]:
    r = client.post(f"/api/games/{game['id']}/join", json={"code": code})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_online_creator_gets_a_seat_a_host_link_and_invites_never_another_token(
    client: TestClient,
) -> None:
    game = online(client, [HUMAN, HUMAN])
    assert game["mode"] == "online" and "admin" not in game
    assert game["seat"]["seat"] == 0 and [i["seat"] for i in game["invites"]] == [1]
    host = state(client, game, game["host"])
    assert host["you"] == {"role": "host", "seats": []} and host["viewer"] is None
    assert host["game"]["seats"][1]["open"] and not host["game"]["seats"][0]["open"]
    # the host looks through nobody's eyes, whatever seat it asks for
    assert (
        state(client, game, game["host"], seat=1)["view"]
        == state(client, game, game["spectator"])["view"]
    )
    mine = state(client, game, game["seat"]["token"])
    assert mine["viewer"] == 0
    theirs = join(client, game, game["invites"][0]["code"])
    assert theirs["seat"] == 1
    # the code worked once; the new token was given to the claimer alone
    again = client.post(f"/api/games/{game['id']}/join", json={"code": game["invites"][0]["code"]})
    assert again.status_code == 404 and again.json()["error"]["code"] == "no_invite"
    host = state(client, game, game["host"])
    assert theirs["token"] not in json.dumps(host)
    assert state(client, game, theirs["token"])["viewer"] == 1


def test_the_host_cannot_act_for_a_seat_nor_undo_nor_read_the_record(client: TestClient) -> None:
    game = online(client, [HUMAN, HUMAN])
    other = join(client, game, game["invites"][0]["code"])
    tokens = {0: game["seat"]["token"], 1: other["token"]}
    s = state(client, game, tokens[0])
    d = s["decision"] if s["decision"]["yours"] else state(client, game, tokens[1])["decision"]
    key = d["options"][0]["key"]
    url = f"/api/games/{game['id']}"
    for seat in (None, d["seat"]):
        body = {"token": game["host"], "key": key, "expect": 0, "seat": seat}
        r = client.post(url + "/play", json=body)
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_your_turn"
    assert state(client, game, tokens[d["seat"]])["moves"] == 0
    r = client.post(url + "/play", json={"token": tokens[d["seat"]], "key": key, "expect": 0})
    assert r.status_code == 200
    assert client.post(url + "/undo", json={"token": game["host"]}).status_code == 403
    assert client.get(url + "/record", params={"token": game["host"]}).status_code == 403
    assert client.get(url + "/record", params={"token": tokens[0]}).status_code == 403
    assert state(client, game, tokens[0])["moves"] == 1
    assert client.delete(url, params={"token": tokens[0]}).status_code == 403
    assert client.delete(url, params={"token": game["host"]}).json() == {"deleted": game["id"]}


def test_ai_seats_have_no_token_in_either_mode(client: TestClient) -> None:
    hot = new_game(client, "champs", [HUMAN, MJ], config=ONE)
    assert hot["seats"][1]["token"] is None
    on = new_game(client, "champs", [HUMAN, MJ], config=ONE, mode="online")
    assert on["seat"]["seat"] == 0 and on["invites"] == []


def test_the_host_changes_ai_seats_and_open_seats_but_not_a_taken_one(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, HUMAN], config=ONE, mode="online", creator_seat=1)
    assert game["seat"]["seat"] == 1 and game["invites"][0]["seat"] == 0
    url = f"/api/games/{game['id']}/seats"
    as_ai = client.post(url, json={"token": game["host"], "seat": 0, "kind": "ai", "agent": "mj"})
    assert as_ai.status_code == 200, as_ai.text
    seats = state(client, game, game["host"])["game"]["seats"]
    assert seats[0]["kind"] == "ai" and seats[0]["agent"] == "mj"
    # the old invite died with the open seat
    r = client.post(f"/api/games/{game['id']}/join", json={"code": game["invites"][0]["code"]})
    assert r.status_code == 404
    back = client.post(url, json={"token": game["host"], "seat": 0, "kind": "human"})
    assert back.status_code == 200 and back.json()["code"]
    taken = client.post(url, json={"token": game["host"], "seat": 1, "kind": "ai"})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "seat_taken"
    assert taken.json()["error"]["text"]["fr"] == "La place du MJ est déjà prise"
    bad = client.post(url, json={"token": game["host"], "seat": 0, "kind": "ai", "agent": "x"})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "unknown_agent"
    player = client.post(url, json={"token": game["seat"]["token"], "seat": 0, "kind": "ai"})
    assert player.status_code == 403


def test_seeds_have_64_bits_and_survive_the_database(db_url: str) -> None:
    with TestClient(create_app(db_url, rate=None)) as client:
        seeds = []
        for _ in range(12):
            game = new_game(client, "champs", [HUMAN, HUMAN], config=ONE)
            record = client.get(
                f"/api/games/{game['id']}/record", params={"token": game["admin"]}
            ).json()
            seeds.append(record["seed"])
        # 2**31 seeds can be tried in minutes; twelve draws below 2**40 have odds 2**-288
        assert max(seeds) >= 2**40 and len(set(seeds)) == 12
        big = new_game(client, "champs", [HUMAN, HUMAN], config=ONE, seed=2**64 - 1)
        before = state(client, big, big["admin"])
    with TestClient(create_app(db_url, rate=None)) as again:
        after = state(again, big, big["admin"])
        assert after["view"] == before["view"]
        record = again.get(f"/api/games/{big['id']}/record", params={"token": big["admin"]})
        assert record.json()["seed"] == 2**64 - 1


def test_a_token_is_checked_before_an_evicted_game_is_loaded(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, HUMAN], config=ONE)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.games.clear()
    for token in ("forged", "x" * 24):
        assert client.get(f"/api/games/{game['id']}", params={"token": token}).status_code == 403
        assert game["id"] not in hub.games
    with client.websocket_connect(f"/ws/games/{game['id']}?token=forged") as ws:
        assert ws.receive_json()["error"]["code"] == "bad_token"
    assert game["id"] not in hub.games
    assert state(client, game, game["admin"])["moves"] == 0
    assert game["id"] in hub.games


def test_the_lobby_lists_only_listed_open_games_and_my_games_by_token(client: TestClient) -> None:
    hot = new_game(client, "champs", [HUMAN, HUMAN], config=ONE)
    private = new_game(client, "champs", [HUMAN, HUMAN], config=ONE, mode="online")
    listed = new_game(client, "champs", [HUMAN, HUMAN], config=ONE, mode="online", listed=True)
    shown = client.get("/api/games").json()["games"]
    assert [g["id"] for g in shown] == [listed["id"]]
    assert [s["open"] for s in shown[0]["seats"]] == [False, True]
    assert "code" not in json.dumps(shown) and listed["invites"][0]["code"] not in json.dumps(shown)
    # a listed game's open seat may be taken by number; an unlisted one's only by its code
    r = client.post(f"/api/games/{private['id']}/join", json={"seat": 1})
    assert r.status_code == 404
    taken = client.post(f"/api/games/{listed['id']}/join", json={"seat": 1})
    assert taken.status_code == 200 and taken.json()["seat"] == 1
    assert client.get("/api/games").json()["games"] == []  # no open seat left
    pairs = [
        {"id": hot["id"], "token": hot["admin"]},
        {"id": private["id"], "token": private["host"]},
        {"id": listed["id"], "token": "forged-token"},
        {"id": "0123456789abcdef", "token": "nothing"},
    ]
    mine = client.post("/api/games/mine", json={"games": pairs}).json()["games"]
    assert sorted((g["id"], g["role"]) for g in mine) == sorted(
        [(hot["id"], "admin"), (private["id"], "host")]
    )
    too_many = client.post("/api/games/mine", json={"games": pairs * 60})
    assert too_many.status_code == 422


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, HUMAN], config=ONE)
    for path in ("/", f"/game/{game['id']}", "/static/js/table.js", "/api/rulesets"):
        r = client.get(path)
        assert r.status_code == 200, path
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["x-content-type-options"] == "nosniff"
    for path in (f"/game/{game['id']}?token={game['admin']}", f"/api/games/{game['id']}"):
        r = client.get(path, params={"token": game["admin"]})
        assert r.headers["cache-control"] == "no-store", path
    refused = client.get(f"/api/games/{game['id']}", params={"token": "forged"})
    assert refused.headers["cache-control"] == "no-store"


def test_sockets_and_game_creation_are_limited_per_address(db_url: str) -> None:
    with TestClient(create_app(db_url, sockets_per_address=2)) as client:
        created = [
            client.post(
                "/api/games",
                json={"ruleset": "champs", "mode": "hotseat", "config": ONE},
            ).status_code
            for _ in range(12)
        ]
        assert created[:10] == [201] * 10 and created[-1] == 429
        game = client.get("/api/games").json()  # still answers
        assert game == {"games": []}
        hub = client.app.state.hub  # type: ignore[attr-defined]
        gid = next(iter(hub.games))
        token = hub.games[gid].stored.spectator_token
        url = f"/ws/games/{gid}?token={token}"
        with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
            assert a.receive_json()["type"] == b.receive_json()["type"] == "state"
            # refused before the handshake is accepted: nothing is built nor sent
            with pytest.raises(WebSocketDisconnect) as refused:
                client.websocket_connect(url).__enter__()
            assert refused.value.code == 1008
        with client.websocket_connect(url) as d:  # a closed socket frees its place
            assert d.receive_json()["type"] == "state"


def test_a_client_that_stops_reading_holds_up_no_move(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A socket whose writes never finish (a phone gone, a client that does not read):
    moves are answered at once, and the stalled subscriber is dropped after the timeout."""
    monkeypatch.setattr(subscribers, "SEND_TIMEOUT", 60.0)
    game = new_game(client, "champs", [HUMAN, HUMAN], config=ONE, seed=5)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.games[game["id"]]
    never = asyncio.Event()

    async def stalled(_text: str) -> None:
        await never.wait()

    async def subscribe() -> subscribers.Subscriber:
        sub = subscribers.Subscriber(stalled, live.access(game["spectator"]), None)
        live.subscribers.add(sub)
        return sub

    slow = client.portal.call(subscribe)  # type: ignore[union-attr]
    for _ in range(5):
        s = state(client, game, game["admin"])
        key = s["decision"]["options"][0]["key"]
        body = {"token": game["admin"], "key": key, "expect": s["moves"]}
        started = time.monotonic()
        r = client.post(f"/api/games/{game['id']}/play", json=body)
        # waiting for the stalled socket would take the whole minute of SEND_TIMEOUT
        assert r.status_code == 200 and time.monotonic() - started < 30
    assert not slow.dead
    monkeypatch.setattr(subscribers, "SEND_TIMEOUT", 0.1)
    dropped = client.portal.call(subscribe)  # type: ignore[union-attr]
    client.post(f"/api/games/{game['id']}/undo", json={"token": game["admin"]})  # a State
    deadline = time.monotonic() + 30
    while not dropped.dead:
        assert time.monotonic() < deadline, "the stalled subscriber was never dropped"
        time.sleep(0.05)
    client.post(f"/api/games/{game['id']}/undo", json={"token": game["admin"]})
    assert dropped not in live.subscribers


def test_replays_run_in_a_bounded_queue(db_url: str, tmp_path: Path) -> None:
    record = {"ruleset": "champs", "version": "x", "config": ONE, "seed": 1, "keys": []}
    with TestClient(create_app(db_url, rate=None, workers=Workers(queue=0))) as client:
        busy = client.post("/api/replay", json={"record": record})
        assert busy.status_code == 503 and busy.json()["error"]["code"] == "busy"
    with TestClient(create_app(db_url)) as client:  # one address: 5 at once, then 1 a second
        codes = [client.post("/api/replay", json={"record": record}).status_code for _ in range(7)]
        assert codes[:5] == [200] * 5 and codes[-1] == 429
    with TestClient(create_app(db_url, rate=None)) as client:
        ok = client.post("/api/replay", json={"record": record, "upto": 0})
        assert ok.status_code == 200 and ok.json()["moves"] == 0
        bad = client.post("/api/replay", json={"record": {**record, "config": {"nope": 1}}})
        assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad_config"


def test_a_bug_in_a_socket_handler_closes_it_with_1011(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arbitre.server import sockets

    async def broken(*_args: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(sockets, "_message", broken)
    game = new_game(client, "champs", [HUMAN, HUMAN], config=ONE)
    with client.websocket_connect(f"/ws/games/{game['id']}?token={game['admin']}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "undo"})
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1011
    assert state(client, game, game["admin"])["moves"] == 0  # the server goes on
