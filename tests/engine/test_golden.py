"""Golden games (issue 14): the engine still plays the recorded seeded random games key for
key, through clones, and determinizes them as recorded.

A sample spread over the recorded seeds keeps this quick; `python -m benchmarks.golden
check` plays all of them. Recorded with `python -m benchmarks.golden record`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arbitre.engine import golden

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
SAMPLE = {"heresy": 100, "champs": 100, "epic": 8}  # games checked per ruleset


def _data(game: str) -> dict[str, Any]:
    path = GOLDEN / f"{game}.json"
    if not path.exists():
        pytest.skip(f"no golden data for {game}")
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _seeds(game: str, data: dict[str, Any]) -> list[int]:
    step = max(1, data["games"] // SAMPLE[game])
    return list(range(0, data["games"], step))[: SAMPLE[game]]


@pytest.mark.parametrize("game", sorted(SAMPLE))
def test_golden_games_play_the_same_keys_and_results(game: str) -> None:
    data = _data(game)
    assert len(data["plays"]) == data["games"]
    assert golden.combined(data["plays"]) == data["combined"]
    for n in _seeds(game, data):
        assert golden.play(game, n) == data["plays"][n], f"{game} seed {n}"


@pytest.mark.parametrize("game", sorted(SAMPLE))
def test_golden_games_through_clones_and_twins(game: str) -> None:
    """A clone misses nothing and shares nothing; determinize samples as recorded."""
    data = _data(game)
    for n in _seeds(game, data)[: SAMPLE[game] // 2]:
        assert golden.play(game, n, clones=True) == data["plays"][n], f"{game} seed {n}"
        assert golden.determinized(game, n) == data["determinize"][n], f"{game} seed {n}"


def test_a_changed_game_changes_its_fingerprint() -> None:
    """The fingerprint sees a difference: two seeds, two fingerprints."""
    assert golden.play("heresy", 0) != golden.play("heresy", 1)
