"""Heresy's shortcuts for speed (issue 14) against the slow, sure way, along golden games.

- A seat's determinized twin keeps the question that seat is asked without settling again
  (rules.Heresy.determinize): settling the twin anyway must ask the very same question
  (HH-18.4, HH-39.2: what a seat is asked reads nothing it cannot see).
- A clone shares the units' lists until one changes (state.own_units, copy-on-write): a
  clone played on leaves its original's snapshot as it was.
"""

from __future__ import annotations

import json

from arbitre.engine import get
from arbitre.engine.rng import Rng
from arbitre.games.heresy.rules import settle
from arbitre.games.heresy.view import determinize

GAMES = range(0, 1000, 50)  # 20 golden seeds spread over the recorded ones


def test_HH_18_4_twin_of_the_deciding_seat_asks_what_a_full_settle_asks() -> None:
    r = get("heresy")
    checked = 0
    for seed in GAMES:
        s = r.new({}, seed)
        rng, twins = Rng.from_seed(seed), Rng.from_seed(seed + 1)
        n = 0
        while (d := r.decision(s)) is not None:
            if n % 17 == 0:
                draw = twins.next64()
                fast = r.determinize(s, d.seat, Rng(draw))
                slow = determinize(s, d.seat, Rng(draw))
                settle(slow)
                assert slow.cached is not None and fast.cached is not None
                assert (slow.cached.kind, slow.cached.keys(), slow.cached.text) == (
                    fast.cached.kind,
                    fast.cached.keys(),
                    fast.cached.text,
                ), f"seed {seed}, decision {n}"
                assert slow.snapshot() == fast.snapshot(), f"seed {seed}, decision {n}"
                checked += 1
            r.apply(s, d.options[rng.below(len(d.options))].key)
            n += 1
    assert checked > 100


def test_a_clone_played_on_leaves_its_original_as_it_was() -> None:
    r = get("heresy")
    for seed in GAMES:
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        n = 0
        while (d := r.decision(s)) is not None:
            if n % 31 == 0:
                before = json.dumps(s.snapshot(), sort_keys=True)
                twin = r.clone(s)
                side = Rng.from_seed(n)
                for _ in range(8):
                    e = r.decision(twin)
                    if e is None:
                        break
                    r.apply(twin, e.options[side.below(len(e.options))].key)
                assert json.dumps(s.snapshot(), sort_keys=True) == before, f"seed {seed}"
            r.apply(s, d.options[rng.below(len(d.options))].key)
            n += 1


def test_a_clone_sets_every_field_of_the_state() -> None:
    """HeresyState.copy builds its twin without __init__: no field may be forgotten."""
    from dataclasses import fields

    r = get("heresy")
    s = r.new({}, 3)
    twin = r.clone(s)
    for f in fields(s):
        assert hasattr(twin, f.name), f.name
    assert twin == s and twin.snapshot() == s.snapshot()
