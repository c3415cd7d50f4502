"""The hotseat curtain on the server: the table (admin token) keeps the eyes of the seat it
last confirmed, is told to hand the screen over when another human seat with secrets must
answer, and receives that seat's view only once it asks for it ("I am <seat>")."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import HUMAN, new_game, state

IMPERIUM, TRAITOR = 0, 1


def play(client: TestClient, game: dict[str, Any], s: dict[str, Any]) -> dict[str, Any]:
    """The table answers the decision on screen (passing in battles, to be quick)."""
    keys = [o["key"] for o in s["decision"]["options"]]
    key = "pass" if "pass" in keys else keys[0]
    body = {"token": game["admin"], "key": key, "expect": s["moves"], "seat": s["viewer"]}
    r = client.post(f"/api/games/{game['id']}/play", json=body)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def names_of(board: dict[str, Any], cards: list[str]) -> set[str]:
    """The ids and both names of order cards ("feu#2" is card "feu")."""
    out: set[str] = set()
    for card in cards:
        base = card.split("#")[0]
        out.add(base)
        name = board["names"]["orders"].get(base, {}).get("name", {})
        out.update(v for v in name.values() if v)
    return out


def texts(log: list[dict[str, Any]]) -> list[str]:
    return [v for e in log for v in e["text"].values()]


def test_the_table_gets_the_next_seat_only_after_the_view_request(client: TestClient) -> None:
    """HH-18.1: orders go face down; the hotseat screen must not show them to the other seat."""
    game = new_game(client, "heresy", [HUMAN, HUMAN], seed=3)
    gid = game["id"]
    board = client.get(f"/api/games/{gid}/board", params={"token": game["spectator"]}).json()

    # a page just opened has confirmed nobody: the public view and "hand over to the Traitor"
    first = state(client, game, game["admin"])
    assert first["decision"]["seat"] == TRAITOR
    assert first["viewer"] is None and first["handover"] == {"seat": TRAITOR}
    assert not first["decision"]["yours"] and first["decision"]["options"] == []
    assert isinstance(first["view"]["hands"]["traitor"], int)

    # the Traitor confirmed: its eyes, and it plays its corruption and face-down orders
    s = state(client, game, game["admin"], viewer=TRAITOR)
    assert s["viewer"] == TRAITOR and s["handover"] is None and s["decision"]["yours"]
    while s["decision"]["seat"] == TRAITOR:
        s = play(client, game, s)
    # the Traitor's answer keeps the Traitor's eyes: the Imperium must take the screen first
    assert s["viewer"] == TRAITOR and s["handover"] == {"seat": IMPERIUM}
    assert not s["decision"]["yours"] and s["decision"]["options"] == []

    # what only the Traitor knows now: its hand and its face-down orders
    traitor = state(client, game, game["admin"], viewer=TRAITOR)
    public = state(client, game, game["spectator"])
    face_down = set(texts(traitor["log"])) - set(texts(public["log"]))
    assert face_down, "the Traitor placed no face-down order"
    hand = traitor["view"]["hands"]["traitor"]
    secrets = (face_down | names_of(board, hand)) - {""}

    # the Imperium takes the screen and answers; the next decision is the Traitor's again
    s = state(client, game, game["admin"], viewer=IMPERIUM)
    assert s["viewer"] == IMPERIUM and s["decision"]["yours"]
    own = names_of(board, s["view"]["hands"]["imperium"])
    shown_anyway = own | {x for x in secrets if x in json.dumps(public, ensure_ascii=False)}
    secret = secrets - shown_anyway
    assert secret, "nothing left to hide: the test would prove nothing"
    after = play(client, game, s)
    assert after["decision"]["seat"] == TRAITOR
    assert after["viewer"] == IMPERIUM and after["handover"] == {"seat": TRAITOR}
    assert isinstance(after["view"]["hands"]["traitor"], int)
    text = json.dumps(after, ensure_ascii=False)
    assert not [x for x in secret if x in text], "the Traitor's secrets reached the Imperium"

    # the same over the socket: the Imperium's eyes until the table asks for the Traitor's
    url = f"/ws/games/{gid}?token={game['admin']}&seat={IMPERIUM}"
    with client.websocket_connect(url) as ws:
        hello = ws.receive_json()
        assert hello["viewer"] == IMPERIUM and hello["handover"] == {"seat": TRAITOR}
        hello_text = json.dumps(hello, ensure_ascii=False)
        assert not [x for x in secret if x in hello_text]
        ws.send_json({"type": "view", "seat": TRAITOR})
        seen = ws.receive_json()
        assert seen["viewer"] == TRAITOR and seen["handover"] is None
        assert seen["decision"]["yours"] and seen["view"]["hands"]["traitor"] == hand
        assert any(x in json.dumps(seen, ensure_ascii=False) for x in secret)


def test_only_the_table_may_ask_for_a_seat_s_view(client: TestClient) -> None:
    game = new_game(client, "heresy", [HUMAN, HUMAN], seed=4)
    gid = game["id"]
    imperium = game["seats"][IMPERIUM]["token"]
    with client.websocket_connect(f"/ws/games/{gid}?token={imperium}") as ws:
        assert ws.receive_json()["viewer"] == IMPERIUM
        ws.send_json({"type": "view", "seat": TRAITOR})
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["error"]["code"] == "not_allowed"
    with client.websocket_connect(f"/ws/games/{gid}?token={game['admin']}") as ws:
        assert ws.receive_json()["viewer"] is None
        ws.send_json({"type": "view", "seat": 7})
        assert ws.receive_json()["error"]["code"] == "not_allowed"


def test_seats_that_see_the_same_need_no_handover(client: TestClient) -> None:
    """CB-16d (traps visible): two Champs players on one screen share what they see."""
    game = new_game(
        client, "champs", [HUMAN, HUMAN, {"kind": "ai", "agent": "mj"}], config={"players": 2}
    )
    s = state(client, game, game["admin"])
    assert s["handover"] is None and s["viewer"] == s["decision"]["seat"]
    assert s["decision"]["yours"]
