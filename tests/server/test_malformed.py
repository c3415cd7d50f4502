"""The malformed inputs of the security issue, one by one: each is a 4xx with the error
shape, naming the field where there is one; the game it aimed at is unchanged and other
games go on. Hypothesis-generated input to every endpoint is in test_fuzz.py."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import arbitre
from tests.server.conftest import HUMAN, new_game, state

JSON = {"content-type": "application/json"}
ONE = {"players": 1}
BIG_INT = b"9" * 4301
# Nested 10,000 deep: larger than the 16 KiB body limit (413); the shallower 6,000 fits in
# it and reaches the parser (too deep: 400). Both are refusals.
DEEP_BODIES = [
    b"[" * 10_000 + b"]" * 10_000,
    b'{"a":' * 10_000 + b"1" + b"}" * 10_000,
    b"[" * 6_000 + b"]" * 6_000,
    b'{"expect":' + b"[" * 5_000 + b"]" * 5_000 + b"}",
]


def refused(r: Any, *fields: str, status: int | None = None) -> dict[str, Any]:
    """`r` is a 4xx (exactly `status` when given) in the error shape, whose French and
    English texts both name each of `fields`."""
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:300])
    if status is not None:
        assert r.status_code == status, (r.status_code, r.text[:300])
    body = r.json()
    assert set(body) == {"error"}, body
    error: dict[str, Any] = body["error"]
    assert isinstance(error["code"], str) and error["code"]
    text = error["text"]
    assert isinstance(text["fr"], str) and text["fr"]
    assert isinstance(text["en"], str) and text["en"]
    for field in fields:
        assert names(text, field), (field, text)
    return error


def names(text: dict[str, Any], field: str) -> bool:
    """Both texts name `field` as a word ("code" is not named by "Unicode")."""
    word = re.compile(rf"(?<!\w){re.escape(field)}(?!\w)")
    return bool(word.search(text["fr"]) and word.search(text["en"]))


def two_games(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    return (
        new_game(client, "champs", [HUMAN, HUMAN], config=ONE, seed=11),
        new_game(client, "champs", [HUMAN, HUMAN], config=ONE, seed=12),
    )


def snapshot(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    s = state(client, game, game["admin"])
    return {k: s[k] for k in ("moves", "view", "decision", "game", "log", "takeback")}


def play_first(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    """A valid move: the game still works."""
    s = state(client, game, game["admin"])
    key = s["decision"]["options"][0]["key"]
    r = client.post(
        f"/api/games/{game['id']}/play",
        json={"token": game["admin"], "key": key, "expect": s["moves"]},
    )
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    assert out["moves"] == s["moves"] + 1
    return out


def post(client: TestClient, url: str, raw: bytes) -> Any:
    return client.post(url, content=raw, headers=JSON)


# --- numbers JSON does not have, huge integers, deep nesting -------------------------------


@pytest.mark.parametrize("constant", [b"Infinity", b"NaN", b"-Infinity", BIG_INT, b"-" + BIG_INT])
def test_non_json_numbers_in_expect_on_play(client: TestClient, constant: bytes) -> None:
    game, other = two_games(client)
    before, other_before = snapshot(client, game), snapshot(client, other)
    key = before["decision"]["options"][0]["key"].encode()
    raw = b'{"token": "%s", "key": "%s", "expect": %s}' % (game["admin"].encode(), key, constant)
    refused(post(client, f"/api/games/{game['id']}/play", raw), "expect", status=400)
    assert snapshot(client, game) == before
    assert snapshot(client, other) == other_before
    play_first(client, other)
    play_first(client, game)


@pytest.mark.parametrize("constant", [b"Infinity", b"NaN", b"-Infinity", BIG_INT, b"-" + BIG_INT])
def test_non_json_numbers_on_replay(client: TestClient, constant: bytes) -> None:
    record = b'{"ruleset": "champs", "version": 1, "config": {"players": 1}, "seed": 1, "keys": []}'
    refused(post(client, "/api/replay", b'{"record": %s, "upto": %s}' % (record, constant)), "upto")
    seed = record.replace(b'"seed": 1', b'"seed": ' + constant)
    refused(post(client, "/api/replay", b'{"record": %s, "upto": 0}' % seed), "seed")
    refused(post(client, "/api/replay", b'{"record": %s, "seat": %s}' % (record, constant)), "seat")


@pytest.mark.parametrize("raw", DEEP_BODIES, ids=["list10k", "object10k", "list6k", "expect5k"])
def test_deep_json_is_refused_on_play_and_replay(client: TestClient, raw: bytes) -> None:
    game, other = two_games(client)
    before = snapshot(client, game)
    refused(post(client, f"/api/games/{game['id']}/play", raw))
    refused(post(client, "/api/replay", raw))
    assert snapshot(client, game) == before
    play_first(client, other)


# --- lone surrogates, written as JSON escapes -----------------------------------------------


SURROGATES = [rb"\ud800", rb"\udfff", rb"\udc00x", rb"x\ud83d"]


@pytest.mark.parametrize("surrogate", SURROGATES)
@pytest.mark.parametrize("field", ["key", "token"])
def test_lone_surrogates_in_play_fields(client: TestClient, field: str, surrogate: bytes) -> None:
    game, other = two_games(client)
    before = snapshot(client, game)
    fields = {"token": game["admin"].encode(), "key": b"x", field: surrogate}
    raw = b'{"token": "%s", "key": "%s", "expect": 0}' % (fields["token"], fields["key"])
    refused(post(client, f"/api/games/{game['id']}/play", raw), field, status=400)
    assert snapshot(client, game) == before
    play_first(client, other)
    play_first(client, game)


def test_a_surrogate_pair_is_plain_text(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, HUMAN], config=ONE, seed=3)
    raw = b'{"token": "%s", "key": "\\ud83d\\ude00", "expect": 0}' % game["admin"].encode()
    # a key that is no option: illegal, not malformed
    r = post(client, f"/api/games/{game['id']}/play", raw)
    assert refused(r, status=400)["code"] == "illegal"


LOBBY_SURROGATES: list[tuple[str, bytes, str]] = [
    ("/api/games", rb'{"ruleset": "\ud800", "mode": "hotseat"}', "ruleset"),
    ("/api/seats", rb'{"ruleset": "\ud800"}', "ruleset"),
    ("/api/games", rb'{"ruleset": "champs", "mode": "hotseat", "config": {"\ud800": 1}}', "config"),
    ("/api/seats", rb'{"ruleset": "champs", "config": {"\udbff": 1}}', "config"),
    (
        "/api/games",
        rb'{"ruleset": "champs", "mode": "hotseat", "config": {"battlefield": "\udc00"}}',
        "battlefield",
    ),
    ("/api/seats", rb'{"ruleset": "heresy", "config": {"scenario": "a\ud800b"}}', "scenario"),
    ("/api/seats", rb'{"ruleset": "champs", "config": {"heroes": ["\ud800"]}}', "heroes"),
    ("/api/games", rb'{"ruleset": "champs", "mode": "\ud800"}', "mode"),
    ("/api/games/mine", rb'{"games": [{"id": "ab", "token": "\ud800"}]}', "token"),
]


@pytest.mark.parametrize(("url", "raw", "field"), LOBBY_SURROGATES)
def test_lone_surrogates_in_lobby_fields(
    client: TestClient, url: str, raw: bytes, field: str
) -> None:
    refused(post(client, url, raw), field, status=400)
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize("path", ["/undo", "/takeback", "/invite", "/seats", "/join"])
def test_lone_surrogates_in_tokens_of_game_actions(client: TestClient, path: str) -> None:
    game, other = two_games(client)
    before = snapshot(client, game)
    field = "code" if path == "/join" else "token"
    raw = rb'{"%s": "\ud800", "accept": true, "seat": 0, "kind": "ai"}' % field.encode()
    refused(post(client, f"/api/games/{game['id']}{path}", raw), field, status=400)
    assert snapshot(client, game) == before
    play_first(client, other)


# --- a token that is not ASCII, in the query --------------------------------------------------


@pytest.mark.parametrize("query", ["token=%C3%A9", "token=%FF", "token=%ED%A0%80", "token=a%00b"])
def test_non_ascii_query_token_is_403(client: TestClient, query: str) -> None:
    game, other = two_games(client)
    before = snapshot(client, game)
    base = f"/api/games/{game['id']}"
    for method, path in (("GET", ""), ("DELETE", ""), ("GET", "/record"), ("GET", "/board")):
        refused(client.request(method, f"{base}{path}?{query}"), status=403)
    assert snapshot(client, game) == before
    with client.websocket_connect(f"/ws/games/{game['id']}?{query}") as ws:
        message = ws.receive_json()
        assert message["type"] == "error" and message["error"]["code"] == "bad_token"
        closed = ws.receive()
        assert closed["type"] == "websocket.close" and closed["code"] == 4403
    play_first(client, game)
    play_first(client, other)


def test_bad_seat_in_query_is_422_naming_seat(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, HUMAN], config=ONE, seed=4)
    for seat in ("%FF", "-1", "1e3", "99999999999999999999", "true", "%C3%A9"):
        url = f"/api/games/{game['id']}?token={game['admin']}&seat={seat}"
        refused(client.get(url), "seat", status=422)
        with client.websocket_connect(
            f"/ws/games/{game['id']}?token={game['admin']}&seat={seat}"
        ) as ws:
            message = ws.receive_json()
            assert message["type"] == "error" and message["error"]["code"] == "bad_field"
            assert ws.receive()["code"] == 4422


# --- the WebSocket: bad messages get an error, the socket goes on ----------------------------


def ws_url(game: dict[str, Any], token: str | None = None) -> str:
    return f"/ws/games/{game['id']}?token={token or game['admin']}"


def ws_error(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = ws.receive_json()
    assert message["type"] == "error", message
    error: dict[str, Any] = message["error"]
    assert set(error) >= {"code", "text", "rule"}, error
    assert error["text"]["fr"] and error["text"]["en"], error
    return error


def ws_play(ws: Any, current: dict[str, Any]) -> dict[str, Any]:
    """A valid play on the socket answers the new State: the socket still works."""
    key = current["decision"]["options"][0]["key"]
    ws.send_json({"type": "play", "key": key, "expect": current["moves"]})
    message: dict[str, Any] = ws.receive_json()
    assert message["type"] == "state" and message["moves"] == current["moves"] + 1, message
    return message


BAD_MESSAGES: list[tuple[str, str | bytes, str | None]] = [
    ("binary", b'{"type": "undo"}', None),
    ("garbage", "}{ not json", None),
    ("empty", "", None),
    ("list", "[1, 2]", "message"),
    ("9KB", '{"type": "play", "key": "' + "x" * 9 * 1024 + '"}', None),
    ("key int", '{"type": "play", "key": 5}', "key"),
    ("key list", '{"type": "play", "key": ["a"]}', "key"),
    ("expect 1e400", '{"type": "play", "key": "x", "expect": 1e400}', "expect"),
    ("expect NaN", '{"type": "play", "key": "x", "expect": NaN}', "expect"),
    ("expect str", '{"type": "play", "key": "x", "expect": "1"}', "expect"),
    ("expect bool", '{"type": "play", "key": "x", "expect": true}', "expect"),
    ("expect float", '{"type": "play", "key": "x", "expect": 0.5}', "expect"),
    ("expect huge", '{"type": "play", "key": "x", "expect": ' + "9" * 4301 + "}", "expect"),
    ("seat neg", '{"type": "play", "key": "x", "expect": 0, "seat": -1}', "seat"),
    ("surrogate", r'{"type": "play", "key": "\ud800", "expect": 0}', "key"),
    ("takeback", '{"type": "takeback"}', "accept"),
    ("takeback str", '{"type": "takeback", "accept": "yes"}', "accept"),
    ("type", '{"type": "resign"}', "type"),
    ("no type", '{"key": "x"}', "type"),
    ("deep", "[" * 100 + "]" * 100, None),
]


@pytest.mark.parametrize(
    ("message", "field"), [m[1:] for m in BAD_MESSAGES], ids=[m[0] for m in BAD_MESSAGES]
)
def test_bad_websocket_messages_get_an_error_and_the_socket_goes_on(
    client: TestClient, message: str | bytes, field: str | None
) -> None:
    game, other = two_games(client)
    with client.websocket_connect(ws_url(game)) as ws:
        current = ws.receive_json()
        assert current["type"] == "state"
        for _ in range(2):  # the same bad message twice: the socket keeps going
            if isinstance(message, bytes):
                ws.send_bytes(message)
            else:
                ws.send_text(message)
            error = ws_error(ws)
            assert snapshot(client, game)["moves"] == current["moves"]
            current = ws_play(ws, current)
        if field is not None:
            assert names(error["text"], field), error
    play_first(client, other)


def test_a_play_on_a_game_deleted_meanwhile_is_a_policy_close(client: TestClient) -> None:
    game, other = two_games(client)
    with client.websocket_connect(ws_url(game)) as ws:
        current = ws.receive_json()
        assert client.delete(
            f"/api/games/{game['id']}", params={"token": game["admin"]}
        ).json() == {"deleted": game["id"]}
        assert ws.receive_json() == {"type": "deleted", "id": game["id"]}
        key = current["decision"]["options"][0]["key"]
        ws.send_json({"type": "play", "key": key, "expect": 0})
        assert ws.receive_json() == {"type": "deleted", "id": game["id"]}
        closed = ws.receive()
        assert closed["type"] == "websocket.close" and closed["code"] == 1008
    refused(client.get(f"/api/games/{game['id']}", params={"token": game["admin"]}), status=404)
    with client.websocket_connect(ws_url(game)) as ws:
        assert ws_error(ws)["code"] == "no_game"
        assert ws.receive()["code"] == 4404
    play_first(client, other)


def test_websocket_to_no_game_or_a_bad_id_is_refused(client: TestClient) -> None:
    for game_id in ("0" * 16, "XYZ", "a" * 33, "%00", "%C3%A9"):
        with client.websocket_connect(f"/ws/games/{game_id}?token=abc") as ws:
            assert ws_error(ws)["code"] == "no_game"
            assert ws.receive()["code"] == 4404


def test_closing_a_socket_from_the_client_is_clean(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, HUMAN], config=ONE, seed=5)
    with client.websocket_connect(ws_url(game)) as ws:
        ws.receive_json()
        ws.close(code=1000)
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(ws_url(game)) as ws:
        ws.receive_json()
        ws.close(code=4000)
        ws.receive_json()
    play_first(client, game)


# --- routes that do not exist ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/nope"),
        ("PUT", "/api/games"),
        ("PATCH", "/api/games/abc"),
        ("POST", "/api/rulesets"),
        ("GET", "/api/games/abc/nope"),
        ("GET", "/api/games/a%2Fb"),
        ("GET", "/api/games/mine"),
    ],
)
def test_unknown_api_routes_answer_the_error_shape(
    client: TestClient, method: str, path: str
) -> None:
    """Every 4xx of the API is `{"error": {...}}`, a route that does not exist too."""
    refused(client.request(method, path))


# --- config bounds and resource names ---------------------------------------------------------


SERVER_PATHS = [str(Path(arbitre.__file__).resolve().parent), str(Path.cwd()), "site-packages"]


def no_server_path(text: dict[str, Any], value: str) -> None:
    """No path of the server in the answer (the refused value itself may be repeated)."""
    for lang in ("fr", "en"):
        said = text[lang].replace(value[:39], "")
        for path in SERVER_PATHS:
            assert path not in said, (path, text[lang])
        assert ".toml" not in said and "/champs/" not in said, text[lang]


def test_huge_dice_sides_is_422_naming_the_key(client: TestClient) -> None:
    config = {"players": 1, "battlefield": "defile", "dice.sides": 18446744073709551617}
    body = {"ruleset": "champs", "mode": "hotseat", "config": config}
    refused(client.post("/api/games", json=body), "dice.sides", status=422)
    refused(client.post("/api/seats", json=body), "dice.sides", status=422)
    for sides in (-(2**70), 2**63, 1.5, True, "1e400", float("1e300"), [6], {"n": 6}, None):
        body["config"] = {**config, "dice.sides": sides}
        refused(client.post("/api/games", json=body), "dice.sides", status=422)
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize(
    ("ruleset", "key", "value"),
    [
        ("heresy", "content", "/"),
        ("heresy", "content", "/etc/passwd"),
        ("heresy", "content", "../../etc"),
        ("heresy", "content", "~"),
        ("heresy", "scenario", "../x"),
        ("champs", "battlefield", "/etc/passwd"),
        ("champs", "battlefield", "../x"),
        ("champs", "battlefield", "/dev/zero"),
        ("champs", "battlefield", "/proc/self/environ"),
        ("champs", "battlefield", "plaine.toml"),
        ("champs", "battlefield", "C:\\boot.ini"),
        ("champs", "battlefield", "x" * 1000),
    ],
)
def test_paths_are_not_resource_names(
    client: TestClient, ruleset: str, key: str, value: str
) -> None:
    config: dict[str, Any] = {key: value}
    if ruleset == "champs":
        config["players"] = 1
    for url in ("/api/games", "/api/seats"):
        start = time.perf_counter()
        r = client.post(url, json={"ruleset": ruleset, "mode": "hotseat", "config": config})
        assert time.perf_counter() - start < 1.0
        no_server_path(refused(r, key, status=422)["text"], value)
    assert client.get("/api/games").json()["games"] == []
