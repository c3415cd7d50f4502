"""Fixtures: the app on a temporary SQLite file, driven in-process."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from arbitre.server.app import create_app


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, rate=None)) as c:
        yield c


def new_game(
    client: TestClient, ruleset: str, seats: list[dict[str, Any]], **body: Any
) -> dict[str, Any]:
    body.setdefault("mode", "hotseat")
    r = client.post("/api/games", json={"ruleset": ruleset, "seats": seats, **body})
    assert r.status_code == 201, r.text
    game: dict[str, Any] = r.json()
    return game


def state(client: TestClient, game: dict[str, Any], token: str, **params: Any) -> dict[str, Any]:
    r = client.get(f"/api/games/{game['id']}", params={"token": token, **params})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


HUMAN = {"kind": "human"}


def random_states(
    rules: Any, config: dict[str, Any], seeds: tuple[int, ...], moves: int
) -> Iterator[Any]:
    """The state of random games of `seeds` at each of their first `moves` decisions; a
    random option is played when the loop asks for the next one (the state given is the
    one that changes)."""
    for seed in seeds:
        state = rules.new(config, seed)
        rng = random.Random(seed)
        for _ in range(moves):
            decision = rules.decision(state)
            if decision is None:
                break
            yield state
            rules.apply(state, rng.choice(decision.options).key)
