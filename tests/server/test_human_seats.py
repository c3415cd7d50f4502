"""`LiveGame.human_seats`, remembered with the stored game it was read from (issue 14): it
follows every replacement of the stored game (a seat turned from AI to person, or back)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from arbitre.server.lobby import create_game
from arbitre.server.store import Store
from tests.server.conftest import HUMAN


def test_human_seats_follow_the_stored_game(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    body = {"ruleset": "heresy", "mode": "online", "seed": 3, "seats": [HUMAN, HUMAN]}
    live = create_game(store, body)
    assert live.human_seats() == frozenset({0, 1}) and live.human_seats() is live.human_seats()
    for kinds in (("ai", "human"), ("human", "ai"), ("ai", "ai"), ("human", "human")):
        seats = tuple(
            dataclasses.replace(spec, kind=kind, agent="random" if kind == "ai" else None)
            for spec, kind in zip(live.stored.seats, kinds, strict=True)
        )
        live.stored = dataclasses.replace(live.stored, seats=seats)
        slow = frozenset(i for i, kind in enumerate(kinds) if kind == "human")
        assert live.human_seats() == slow
    store.close()
