"""The views a server sends, built through `LiveGame.view` (issue 14): a ruleset whose
views share a public part (Heresy's `public_view` / `seat_view`) has it built once per
moment for every seat; each seat still gets exactly `ruleset.view(state, seat)`."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from arbitre.server.lobby import create_game
from arbitre.server.store import Store
from tests.server.conftest import HUMAN


def canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize("ruleset", ["heresy", "champs", "epic"])
def test_each_seat_sees_its_own_view_move_after_move(tmp_path: Path, ruleset: str) -> None:
    """HH-18.4, HH-18.14, HH-26.6 (hands, top cards, Combat hands stay each seat's own):
    over 120 random moves of two seeds, the server's view of each seat and of a spectator
    is the ruleset's, and the shared part is made again after every move (never stale)."""
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    config = {"players": 1} if ruleset == "champs" else {}
    for seed in (3, 4):
        live = create_game(
            store,
            {
                "ruleset": ruleset,
                "mode": "hotseat",
                "config": config,
                "seed": seed,
                "seats": [HUMAN, HUMAN],
            },
        )
        rules, rng = live.ruleset, random.Random(seed)
        shared: list[Any] = []
        for _ in range(120):
            decision = live.match.decision()
            if decision is None:
                break
            for seat in (0, 1, None):
                assert canon(live.view(seat)) == canon(rules.view(live.match.state, seat))
            shared.append(live.public)
            live.play(rng.choice(decision.options).key, decision)
            live.changed()
        if ruleset == "heresy":  # one public part per moment, a new one after each move
            assert all(p is not None for p in shared)
            assert len({id(p) for p in shared}) == len(shared)
        else:
            assert all(p is None for p in shared)
    store.close()


def test_the_public_part_holds_nothing_of_a_seat() -> None:
    """What Heresy's views share carries no key that differs between seats: the hands, the
    strategic map's piles (an owner sees its top card), the Combat hands, the options."""
    from arbitre.engine.registry import get
    from arbitre.games.heresy.view import public_view

    rules = get("heresy")
    state = rules.new({}, 5)
    rng = random.Random(5)
    for _ in range(150):
        decision = rules.decision(state)
        if decision is None:
            break
        public = public_view(state)
        assert not {"seat", "hands", "piles", "combat", "decision"} & public.keys()
        views = [rules.view(state, seat) for seat in (0, 1, None)]
        for key in public:
            assert canon(views[0][key]) == canon(views[1][key]) == canon(views[2][key]), key
        rules.apply(state, rng.choice(decision.options).key)
