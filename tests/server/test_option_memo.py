"""The deciding seat's options (payload._option, made once per distinct key and text,
issue 14) against the options made the slow way: the same JSON text in every State of
seeded random Heresy games, for each seat and for a spectator; only the deciding seat's
State lists them (its options can name its hidden cards, HH-18.4)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from arbitre.server.errors import both
from arbitre.server.live import Access
from arbitre.server.lobby import create_game
from arbitre.server.payload import plain_args, state_payload
from arbitre.server.store import Store
from tests.server.conftest import HUMAN


def text(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)  # key order kept


def test_options_are_the_slow_options_in_every_state(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    listed = 0
    for seed in (31, 32, 33):
        body = {"ruleset": "heresy", "mode": "online", "seed": seed, "seats": [HUMAN, HUMAN]}
        live = create_game(store, body)
        readers = [Access("seat", frozenset({i}), i) for i in (0, 1)]
        readers.append(Access("spectator", frozenset(), None))
        rng = random.Random(seed)
        for _ in range(250):
            decision = live.match.decision()
            if decision is None:
                break
            slow = [
                {"key": o.key, "text": both(o.text), "args": plain_args(o.text)}
                for o in decision.options
            ]
            for access in readers:
                out = state_payload(live, access)["decision"]
                if access.seat == decision.seat and access.role == "seat":
                    assert text(out["options"]) == text(slow)
                    listed += len(slow)
                else:
                    assert out["options"] == []
            live.play(rng.choice(decision.options).key, decision)
            live.changed()
    assert listed > 1000
    store.close()
