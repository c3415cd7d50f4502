"""WebSocket updates, and games surviving a restart of the app on the same database."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from arbitre.server.app import create_app
from tests.server.conftest import HUMAN, new_game, state


def test_websocket_sends_state_and_every_change_to_each_seat(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, HUMAN], config={"players": 1}, seed=11)
    first = state(client, game, game["admin"])
    seat = first["decision"]["seat"]
    me, them = game["seats"][seat]["token"], game["seats"][1 - seat]["token"]
    url = f"/ws/games/{game['id']}"
    with (
        client.websocket_connect(f"{url}?token={me}") as mine,
        client.websocket_connect(f"{url}?token={them}") as theirs,
    ):
        hello_mine, hello_theirs = mine.receive_json(), theirs.receive_json()
        assert hello_mine["decision"]["yours"] and not hello_theirs["decision"]["yours"]
        key = hello_mine["decision"]["options"][0]["key"]
        # the other seat may not play for me; the refusal goes to that client only
        theirs.send_json({"type": "play", "key": key, "expect": 0})
        refused = theirs.receive_json()
        assert refused["type"] == "error" and refused["error"]["code"] == "not_your_turn"
        mine.send_json({"type": "play", "key": key, "expect": 0})
        after_mine, after_theirs = mine.receive_json(), theirs.receive_json()
        assert after_mine["moves"] == after_theirs["moves"] == 1
        assert after_theirs["viewer"] == 1 - seat
        mine.send_json({"type": "dance"})
        assert mine.receive_json()["error"]["code"] == "bad_field"
        mine.send_text("{not json")
        assert mine.receive_json()["error"]["code"] == "bad_json"
    # a client that comes back gets the current state at once
    with client.websocket_connect(f"{url}?token={them}") as again:
        assert again.receive_json()["moves"] == 1


def test_websocket_with_a_bad_token_is_refused(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, HUMAN], config={"players": 1}, seed=12)
    with client.websocket_connect(f"/ws/games/{game['id']}?token=forged") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["error"]["code"] == "bad_token"


def play_some(client: TestClient, game: dict[str, Any], n: int) -> dict[str, Any]:
    s = state(client, game, game["admin"])
    for _ in range(n):
        key = s["decision"]["options"][-1]["key"]
        r = client.post(
            f"/api/games/{game['id']}/play",
            json={"token": game["admin"], "key": key, "expect": s["moves"]},
        )
        s = r.json()
    return s


def test_a_game_resumes_exactly_after_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url, rate=None)) as first:
        game = new_game(first, "champs", [HUMAN, HUMAN], config={"players": 1}, seed=13)
        before = play_some(first, game, 25)
    with TestClient(create_app(db_url, rate=None)) as second:
        after = state(second, game, game["admin"])
        assert after["moves"] == before["moves"] == 25
        assert after["view"] == before["view"] and after["decision"] == before["decision"]
        assert after["log"] == before["log"]
        assert play_some(second, game, 5)["moves"] == 30
