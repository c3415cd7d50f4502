"""Golden Epic games (issue 14): the speed work plays the recorded seeded random games
key for key, with the same texts and results (`benchmarks/epic_golden.py` records them in
tests/golden/epic_play.json and checks all of them; this checks a sample spread over the
recorded seeds)."""

from __future__ import annotations

import json

import pytest
from benchmarks.epic_golden import PATH, play

SAMPLE = 30


def _recorded() -> list[dict[str, object]]:
    if not PATH.exists():
        pytest.skip("no golden Epic games recorded")
    games: list[dict[str, object]] = json.loads(PATH.read_text())["games"]
    return games


def test_golden_epic_games_play_the_same_keys_texts_and_results() -> None:
    games = _recorded()
    assert len(games) >= 200
    step = max(1, len(games) // SAMPLE)
    for want in games[::step][:SAMPLE]:
        got = play(int(str(want["seed"])))
        assert got == want, f"seed {want['seed']}"
