"""The Heresy last-turn summary read incrementally (server/summaries.py, issue 14) says
what `games/heresy/summary.last_turn` says, reading the whole turn again, after every move
of random games; a new Match (an undo replays the game) starts a new reading."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from arbitre.engine.match import Match
from arbitre.engine.registry import get
from arbitre.games.heresy.state import SEATS
from arbitre.games.heresy.summary import last_turn
from arbitre.server.errors import both
from arbitre.server.summaries import Reading, read_last_turn


def whole(match: Match, viewer: int) -> dict[str, Any] | None:
    summary = last_turn(match.log, match.seats_of_keys, viewer)
    if summary is None:
        return None
    return {
        "seat": SEATS[summary.seat],
        "lines": [both(m) for m in summary.lines],
        "zones": list(summary.zones),
        "rules": list(summary.rules),
    }


def test_an_incremental_reading_says_what_a_whole_one_says() -> None:
    ruleset = get("heresy")
    told = 0
    for seed in (3, 11):
        rng = random.Random(seed)
        match = Match(ruleset, {}, seed, {})
        live: Any = SimpleNamespace(stored=SimpleNamespace(ruleset="heresy"), match=match)
        readings: dict[int, Reading | None] = {0: None, 1: None}
        for moves in range(250):
            decision = match.decision()
            if decision is None:
                break
            match.play(rng.choice(decision.options).key)
            for viewer in (0, 1):
                out, readings[viewer] = read_last_turn(live, viewer, readings[viewer])
                assert out == whole(match, viewer), (seed, moves, viewer)
                told += out is not None
            if moves == 120:  # an undo: the game replayed into a new Match
                keys = list(match.keys)[:-3]
                match = Match(ruleset, {}, seed, {})
                for key in keys:
                    match.play(key)
                live.match = match
                for viewer in (0, 1):
                    out, reading = read_last_turn(live, viewer, readings[viewer])
                    assert reading is not None and reading.match is match
                    assert out == whole(match, viewer)
                    readings[viewer] = reading
    assert told > 50  # the summaries compared were not all empty


def test_no_summary_for_a_spectator_or_another_game() -> None:
    live: Any = SimpleNamespace(stored=SimpleNamespace(ruleset="champs"), match=None)
    assert read_last_turn(live, 0, None) == (None, None)
    heresy: Any = SimpleNamespace(stored=SimpleNamespace(ruleset="heresy"), match=None)
    assert read_last_turn(heresy, None, None) == (None, None)
