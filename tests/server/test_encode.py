"""The server's JSON writer (`states.encode`, issue 14): orjson for speed, the same text as
`json.dumps(data, separators=(",", ":"), ensure_ascii=False)` on every State the server
sends, and `json` itself for whatever orjson would refuse or write otherwise."""

from __future__ import annotations

import dataclasses
import datetime
import json
import random
from pathlib import Path
from typing import Any

import orjson
import pytest

from arbitre.server.lobby import create_game
from arbitre.server.payload import state_payload
from arbitre.server.states import encode
from arbitre.server.store import Store
from tests.server.conftest import HUMAN


def reference(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize(
    ("ruleset", "config"), [("heresy", {}), ("champs", {"players": 1}), ("epic", {})]
)
def test_every_state_is_written_as_json_writes_it(
    tmp_path: Path, ruleset: str, config: dict[str, Any]
) -> None:
    """Each seat's and the spectator's whole State, move after move of a random game, is
    json's text to the character, and orjson wrote it (no fallback taken)."""
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    live = create_game(
        store,
        {"ruleset": ruleset, "mode": "hotseat", "config": config, "seed": 5, "seats": [HUMAN] * 2},
    )
    tokens = [seat.token for seat in live.stored.seats] + [live.stored.spectator_token]
    rng = random.Random(5)
    for _ in range(60):
        decision = live.match.decision()
        if decision is None:
            break
        for token in tokens:
            access = live.access(token)
            assert access is not None
            payload = state_payload(live, access)
            assert encode(payload) == reference(payload)
            orjson.dumps(payload)  # raises if this State needed the fallback
        live.play(rng.choice(decision.options).key, decision)
        live.changed()


@dataclasses.dataclass
class Point:
    x: int


@pytest.mark.parametrize(
    "data",
    [
        {1: "a", "b": [2]},  # a key json turns into a string
        {"seed": 2**70},  # beyond 64 bits
        {"text": "\ud800"},  # a lone surrogate
        "é « ü » 漢",  # never escaped (ensure_ascii=False)
    ],
)
def test_what_orjson_writes_otherwise_is_json_s_text(data: Any) -> None:
    assert encode(data) == reference(data)


def test_floats_keep_their_value() -> None:
    """Floats are the one difference: orjson writes "-2.5e-7" where json writes "-2.5e-07"
    (both are JSON for the same number; the States above are json's text to the character)."""
    data = {"n": 1e16, "m": [0.1, -2.5e-7, 1 / 3, 5e-324]}
    assert json.loads(encode(data)) == data


@pytest.mark.parametrize("value", [Point(1), datetime.date(2026, 12, 3)])
def test_what_json_refuses_is_refused(value: Any) -> None:
    """orjson would write a dataclass or a date; the server's writer refuses them as json
    does, so that no type leaves the server by accident."""
    with pytest.raises(TypeError):
        encode({"v": value})
