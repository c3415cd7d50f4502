"""Without search worker processes (create_app's default; `arbitre serve
--search-workers 0`) the web server does not offer the `mcts` agent (issue 15): a search
thinks up to ~2 s of CPU per decision and must not run in a server thread, so it is refused
on a seat like any unknown AI, with or without parameters; the terminal, `simulate` and the
adapters keep it. With workers: tests/server/test_search_ai.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from arbitre.engine.agents import agent_names
from arbitre.engine.registry import get
from arbitre.server.app import create_app
from tests.server.conftest import HUMAN


@pytest.mark.parametrize("agent", ["mcts", "mcts:iterations=100000"])
def test_the_server_neither_offers_nor_accepts_mcts(tmp_path: Path, agent: str) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with TestClient(create_app(url, rate=None)) as client:
        listed = client.get("/api/rulesets").json()["rulesets"]
        assert len(listed) == 3 and all("mcts" not in r["agents"] for r in listed)
        bad = client.post(
            "/api/games",
            json={"ruleset": "epic", "mode": "hotseat",
                  "seats": [{"kind": "ai", "agent": agent}, HUMAN]},
        )  # fmt: skip
        assert bad.status_code == 422 and bad.json()["error"]["code"] == "unknown_agent"
    assert all("mcts" in agent_names(get(n)) for n in ("champs", "heresy", "epic"))
