"""The views a server sends, built through `LiveGame.view` (issue 14): a ruleset whose
views share a public part (`public_view` / `seat_view`: Heresy, Champs) has it built once per
moment for every seat; each seat still gets exactly `ruleset.view(state, seat)`."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from arbitre.server.lobby import create_game
from arbitre.server.store import Store
from tests.server.conftest import HUMAN, random_states


def canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


HIDDEN_TRAPS = {"players": 1, "traps.visible": False}


@pytest.mark.parametrize(
    ("ruleset", "config"),
    [("heresy", {}), ("champs", {"players": 1}), ("champs", HIDDEN_TRAPS), ("epic", {})],
)
def test_each_seat_sees_its_own_view_move_after_move(
    tmp_path: Path, ruleset: str, config: dict[str, Any]
) -> None:
    """HH-18.4, HH-18.14, HH-26.6 (hands, top cards, Combat hands stay each seat's own):
    over 120 random moves of two seeds, the server's view of each seat and of a spectator
    is the ruleset's, and the shared part is made again after every move (never stale)."""
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
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
        if ruleset != "epic":  # one public part per moment, a new one after each move
            assert all(p is not None for p in shared)
            assert len({id(p) for p in shared}) == len(shared)
        else:
            assert all(p is None for p in shared)
    store.close()


PRIVATE = {
    "heresy": {"seat", "hands", "piles", "combat", "decision"},
    "champs": {"seat", "traps", "hidden_traps"},
}


@pytest.mark.parametrize("ruleset", ["heresy", "champs"])
def test_the_public_part_holds_nothing_of_a_seat(ruleset: str) -> None:
    """What the views share carries no key that differs between seats. Heresy (HH-18.4,
    HH-18.14, HH-26.6): the hands, the strategic map's piles (an owner sees its top card),
    the Combat hands, the options. Champs (AMB-CB-16d): the traps a side knows (the
    other side's hidden ones only as a count); the seeds reach states where the two seats'
    traps differ, so the split is tested where it matters."""
    from arbitre.engine.registry import get

    rules = get(ruleset)
    # Champs' traps are hidden only with `traps.visible` off (AMB-CB-16d)
    config = HIDDEN_TRAPS if ruleset == "champs" else {}
    differ = 0
    for state in random_states(rules, config, (5, 6, 7), 150):
        public = rules.public_view(state)  # type: ignore[attr-defined]
        assert not PRIVATE[ruleset] & public.keys()
        views = [rules.view(state, seat) for seat in (0, 1, None)]
        for key in public:
            assert canon(views[0][key]) == canon(views[1][key]) == canon(views[2][key]), key
        secret = PRIVATE[ruleset] - {"seat"}  # the seat's name differs anyway
        differ += any(canon(views[0][k]) != canon(views[1][k]) for k in secret)
    assert differ > 0


def test_heresy_zone_lists_are_shared_and_right() -> None:
    """HH-18.4 (units are public): the view's units of each zone, made once per distinct
    content (view._zone_texts), are what a fresh reading of the zone gives, and the next
    move's view shares the lists of the zones it did not change (the diff skips them)."""
    from arbitre.engine.registry import get
    from arbitre.games.heresy.state import SEATS, label
    from arbitre.games.heresy.view import public_view

    rules = get("heresy")
    state = rules.new({}, 8)
    rng = random.Random(8)
    shared = 0
    before: dict[str, Any] = {}
    for _ in range(200):
        decision = rules.decision(state)
        if decision is None:
            break
        units = public_view(state)["units"]
        slow = {
            z: sorted(f"{SEATS[u[0]]}:{label(u)}" for u in v)
            for z, v in sorted(state.units.items())
            if v
        }
        assert units == slow
        shared += sum(1 for z, texts in units.items() if before.get(z) is texts)
        before = units
        rules.apply(state, rng.choice(decision.options).key)
    assert shared > 1000
