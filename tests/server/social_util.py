"""Helpers of the social tests (chat, resign, handover, rematch): an online game with two
people, and reading a socket up to a frame of a given type."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import HUMAN, new_game


def two_people(client: TestClient, ruleset: str = "heresy", **body: Any) -> dict[str, Any]:
    """An online game whose two seats are held: `tokens` [seat 0, seat 1], `host`, `spectator`."""
    body.setdefault("seed", 3)
    seats = body.pop("seats", [HUMAN, HUMAN])
    game = new_game(client, ruleset, seats, mode="online", **body)
    tokens = [game["seat"]["token"]]
    for invite in game["invites"]:
        r = client.post(f"/api/games/{game['id']}/join", json={"code": invite["code"]})
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    game["tokens"] = tokens
    return game


def post(client: TestClient, game: dict[str, Any], path: str, **body: Any) -> Any:
    return client.post(f"/api/games/{game['id']}/{path}", json=body)


def until(ws: Any, kind: str, limit: int = 20) -> dict[str, Any]:
    """The next frame of type `kind` on a test socket (earlier frames skipped)."""
    for _ in range(limit):
        frame: dict[str, Any] = json.loads(ws.receive_text())
        if frame.get("type") == kind:
            return frame
    raise AssertionError(f"no {kind!r} frame")


def error_field(r: Any) -> str:
    """The field a 422 names (in the English text)."""
    text: str = r.json()["error"]["text"]["en"]
    return text


@contextlib.contextmanager
def social_socket(client: TestClient, url: str) -> Iterator[Any]:
    """A socket that asked for the social frames, as the table page does."""
    with client.websocket_connect(url) as ws:
        ws.send_json({"type": "social"})
        yield ws
