"""The chat of a game (issue 17; docs/web.md, Chat): seats and spectators apart, every
value checked, a rate per writer (the spectators, who share one token, per address), mutes
kept per seat, history on connect, and never any of the game's state in it."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

from fastapi.testclient import TestClient

from arbitre.server import chat
from tests.server.social_util import error_field, post, social_socket, two_people, until

LINE_KEYS = {"id", "channel", "seat", "who", "text", "time"}


def social(client: TestClient, game: dict[str, Any], token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game['id']}/social", params={"token": token})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def texts(client: TestClient, game: dict[str, Any], token: str) -> list[str]:
    return [x["text"] for x in social(client, game, token)["chat"]]


def test_seats_and_spectators_talk_apart(client: TestClient) -> None:
    game = two_people(client)
    a, b = game["tokens"]
    url = f"/ws/games/{game['id']}?token="
    with (
        social_socket(client, url + b) as ws_b,
        social_socket(client, url + game["spectator"]) as ws_s,
    ):
        assert until(ws_b, "chat")["history"] == []
        assert until(ws_s, "chat")["history"] == []
        assert post(client, game, "chat", token=a, text="  Bonne partie !  ").status_code == 200
        line = until(ws_b, "chat")["line"]
        assert line["text"] == "Bonne partie !" and line["channel"] == "seats"
        assert line["seat"] == 0 and line["who"]["fr"] == "Imperium"
        assert (
            post(client, game, "chat", token=game["spectator"], text="allez !").status_code == 200
        )
        # the spectator's socket got its own line only: the seats' line never reached it
        spect = until(ws_s, "chat")["line"]
        assert spect["text"] == "allez !" and spect["who"] == {
            "fr": "Spectateur",
            "en": "Spectator",
        }
    assert texts(client, game, a) == ["Bonne partie !"]
    assert texts(client, game, b) == ["Bonne partie !"]
    assert texts(client, game, game["spectator"]) == ["allez !"]
    assert texts(client, game, game["host"]) == ["allez !"]  # the host sits nowhere
    # a seat that chooses to hear the spectators reads their channel too
    r = post(client, game, "chat/prefs", token=b, spectators=True)
    assert r.status_code == 200 and r.json()["spectators"] is True
    assert texts(client, game, b) == ["Bonne partie !", "allez !"]
    assert texts(client, game, a) == ["Bonne partie !"]


def test_spectators_cannot_post_in_the_seats_channel(client: TestClient) -> None:
    game = two_people(client)
    r = post(client, game, "chat", token=game["spectator"], text="psst", channel="seats")
    assert r.status_code == 403 and "channel" in error_field(r)
    r = post(client, game, "chat", token=game["host"], text="psst", channel="seats")
    assert r.status_code == 403
    r = post(client, game, "chat", token="forged", text="hi")
    assert r.status_code == 403
    assert texts(client, game, game["tokens"][0]) == []


def test_every_value_is_checked_and_named(client: TestClient) -> None:
    game = two_people(client)
    a = game["tokens"][0]
    for bad in ("", "   ", "x" * (chat.CHAT_LIMIT + 1), 42, None, ["hi"], "a\x00b", "\u202eevil"):
        r = post(client, game, "chat", token=a, text=bad)
        assert r.status_code == 422, bad
        assert "'text'" in error_field(r)
    r = post(client, game, "chat", token=a, text="hi", channel="everyone")
    assert r.status_code == 422 and "'channel'" in error_field(r)
    assert post(client, game, "chat", token=a, text="x" * chat.CHAT_LIMIT).status_code == 200
    for bad_prefs in ({"muted": [0]}, {"muted": [7]}, {"muted": "1"}, {"spectators": "yes"}):
        r = post(client, game, "chat/prefs", token=a, **bad_prefs)
        assert r.status_code == 422, bad_prefs
    r = post(client, game, "chat/prefs", token=game["spectator"], muted=[0])
    assert r.status_code == 403


def test_markup_is_kept_as_text_and_never_interpreted(client: TestClient) -> None:
    game = two_people(client)
    evil = '<img src=x onerror="alert(1)"> & <b>bold</b>'
    assert post(client, game, "chat", token=game["tokens"][0], text=evil).status_code == 200
    assert texts(client, game, game["tokens"][1]) == [evil]  # the page shows it as text


def test_lines_are_rate_limited_per_token(client: TestClient) -> None:
    game = two_people(client)
    a, b = game["tokens"]
    codes = [post(client, game, "chat", token=a, text=f"spam {i}").status_code for i in range(8)]
    assert codes[: chat.LINES_BURST] == [200] * chat.LINES_BURST
    assert codes[-1] == 429
    assert post(client, game, "chat", token=b, text="moi aussi").status_code == 200


@contextlib.contextmanager
def from_address(client: TestClient, host: str) -> Iterator[None]:
    """The test client's requests come from `host` meanwhile (each spectator its own)."""
    transport: Any = getattr(client, "_transport")  # noqa: B009  (starlette's, not typed)
    before = transport.client
    transport.client = (host, 50000)
    try:
        yield
    finally:
        transport.client = before


def test_one_spectators_flood_does_not_silence_another(client: TestClient) -> None:
    """Spectators share one token: the rate counts each spectator by its address."""
    game = two_people(client)
    spectator = game["spectator"]
    with from_address(client, "203.0.113.5"):
        codes = [
            post(client, game, "chat", token=spectator, text=f"flood {i}").status_code
            for i in range(chat.LINES_BURST + 3)
        ]
    assert codes[: chat.LINES_BURST] == [200] * chat.LINES_BURST and codes[-1] == 429
    with from_address(client, "198.51.100.7"):
        r = post(client, game, "chat", token=spectator, text="je peux parler ?")
        assert r.status_code == 200, r.text
    with from_address(client, "203.0.113.5"):  # the flooder is still held back
        assert post(client, game, "chat", token=spectator, text="encore").status_code == 429
    shown = texts(client, game, spectator)
    assert shown[-1] == "je peux parler ?" and "encore" not in shown
    assert sum(x.startswith("flood") for x in shown) == chat.LINES_BURST


def test_a_seat_mutes_another_and_it_is_kept(client: TestClient) -> None:
    game = two_people(client)
    a, b = game["tokens"]
    post(client, game, "chat", token=a, text="avant")
    assert post(client, game, "chat/prefs", token=b, muted=[0]).json()["muted"] == [0]
    post(client, game, "chat", token=a, text="après")
    post(client, game, "chat", token=b, text="je parle")
    assert texts(client, game, b) == ["je parle"]
    assert texts(client, game, a) == ["avant", "après", "je parle"]
    url = f"/ws/games/{game['id']}?token={b}"
    with social_socket(client, url) as ws:
        shown = [x["text"] for x in until(ws, "chat")["history"]]
        assert shown == ["je parle"]
        frame = until(ws, "social")
        assert frame["prefs"] == {"muted": [0], "spectators": False}
        post(client, game, "chat", token=a, text="tu m'entends ?")
        post(client, game, "chat", token=b, text="silence")
        # the muted seat's line never reached this socket: the next line is its own
        assert until(ws, "chat")["line"]["text"] == "silence"
    post(client, game, "chat/prefs", token=b, muted=[])
    assert "tu m'entends ?" in texts(client, game, b)


def test_history_on_connect_holds_the_last_lines(client: TestClient) -> None:
    game = two_people(client)
    a, b = game["tokens"]
    chat._lines.buckets.clear()  # the rate limit is not what this test is about
    for i in range(chat.HISTORY + 3):
        assert post(client, game, "chat", token=a, text=f"ligne {i}").status_code == 200
        chat._lines.buckets.clear()
    with social_socket(client, f"/ws/games/{game['id']}?token={b}") as ws:
        lines = until(ws, "chat")["history"]
    assert len(lines) == chat.HISTORY
    assert lines[-1]["text"] == f"ligne {chat.HISTORY + 2}" and lines[0]["text"] == "ligne 3"


def test_chat_frames_never_carry_the_game(client: TestClient) -> None:
    game = two_people(client)
    a, b = game["tokens"]
    with social_socket(client, f"/ws/games/{game['id']}?token={b}") as ws:
        state = json.loads(ws.receive_text())
        assert state["type"] == "state"
        history = until(ws, "chat")
        assert set(history) == {"type", "history"}
        post(client, game, "chat", token=a, text="hello")
        frame = until(ws, "chat")
    assert set(frame) == {"type", "line"} and set(frame["line"]) == LINE_KEYS
    hidden = json.dumps(state["view"])[:200]
    assert hidden not in json.dumps(frame)
    status = social(client, game, b)
    for key in ("view", "decision", "log", "game"):
        assert key not in status
