"""The `mcts` agent on an AI seat of the web server (issue 15, part 1)."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

from arbitre.server.app import create_app
from tests.server.conftest import HUMAN, new_game, state


def test_server_offers_mcts_and_plays_it_on_an_ai_seat(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with TestClient(create_app(url, rate=None)) as client:
        listed = client.get("/api/rulesets").json()["rulesets"]
        assert all("mcts" in r["agents"] for r in listed)
        game = new_game(client, "epic", [{"kind": "ai", "agent": "mcts"}, HUMAN])
        token = game["admin"]
        deadline = time.monotonic() + 60
        while True:
            s = state(client, game, token)
            if s["decision"] is None or s["decision"]["yours"]:
                break
            assert time.monotonic() < deadline, "the mcts seat never answered"
            time.sleep(0.05)
        assert s["decision"] is None or s["decision"]["seat"] == 1
        bad = client.post(
            "/api/games",
            json={"ruleset": "epic", "mode": "hotseat",
                  "seats": [{"kind": "ai", "agent": "mcts:iterations=100000"}, HUMAN]},
        )  # fmt: skip
        assert bad.status_code == 422  # no parameters from a client
