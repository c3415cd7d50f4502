"""Heresy's decision shortcuts for speed (issue 14) against the slow, sure way.

- A move order keeps, between its picks, each zone's movers and their options
  (movement._MoveMemo); a clone starts without them and counts every zone afresh: both
  must ask the same question, word for word (HH-21.18, HH-21.7, HH-32.1).
- Options, their texts and whole decisions that depend only on their keys are built once
  and shared (opts.py): a question settled afresh on a clone is equal to the one kept.
- The coexistence step hands its zones from `decide` to `auto` once (phases.py): the
  coexisting zones must be those of the full definition (HH-15.3, HH-25.7).
"""

from __future__ import annotations

from arbitre.engine.decision import Decision
from arbitre.engine.rng import Rng
from arbitre.games.heresy.board import hero_seats
from arbitre.games.heresy.phases import coexisting_zones
from arbitre.games.heresy.rules import Heresy, settle
from arbitre.games.heresy.state import HeresyState, label

GAMES = range(0, 1000, 71)  # 15 golden seeds spread over the recorded ones


def _same(a: Decision, b: Decision) -> bool:
    return (a.seat, a.kind, a.options, a.text, a.rules, a.private) == (
        b.seat,
        b.kind,
        b.options,
        b.text,
        b.rules,
        b.private,
    )


def _coexisting_the_long_way(s: HeresyState) -> list[str]:
    """HH-15.3, HH-25.7: zones holding units or Heroes of both sides, by definition."""
    seat_of = hero_seats(s)
    sides: dict[str, set[int]] = {}
    for zone, units in s.units.items():
        for u in units:
            sides.setdefault(zone, set()).add(u[0])
    for hero, zone in s.heroes.items():
        if zone not in ("", "dead", "@air"):
            sides.setdefault(zone, set()).add(seat_of[hero])
    return sorted(z for z, v in sides.items() if v == {0, 1})


def test_HH_21_18_a_move_asks_what_a_fresh_count_asks_at_every_pick() -> None:
    r = Heresy()
    picks = 0
    for seed in GAMES:
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        while (d := r.decision(s)) is not None:
            if d.kind.startswith("heresy.move."):
                twin = r.clone(s)  # no memo: every zone's movers counted again
                settle(twin)
                assert twin.cached is not None and _same(twin.cached, d), f"seed {seed}"
                picks += 1
            r.apply(s, d.options[rng.below(len(d.options))].key)
    assert picks > 200


def test_HH_21_18_a_mover_s_text_names_the_zone_it_stands_in() -> None:
    r = Heresy()
    seen = 0
    for seed in GAMES:
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        while (d := r.decision(s)) is not None:
            if d.kind == "heresy.move.units":
                for o in d.options:
                    verb, _, rest = o.key.partition(":")
                    if verb == "unit":
                        zone, _, what = rest.partition(":")
                        assert dict(o.text.args) == {"what": what, "zone": zone}
                        assert what in {label(u) for u in s.units[zone] if u[0] == d.seat}
                        seen += 1
                    elif verb == "hero":
                        assert dict(o.text.args) == {"what": rest, "zone": s.heroes[rest]}
            r.apply(s, d.options[rng.below(len(d.options))].key)
    assert seen > 500


def test_every_question_settled_afresh_equals_the_one_kept() -> None:
    """Shared options and decisions (opts.py, actions.py) are equal to fresh ones."""
    r = Heresy()
    checked = 0
    for seed in GAMES:
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        n = 0
        while (d := r.decision(s)) is not None:
            if n % 5 == 0:
                twin = r.clone(s)
                settle(twin)
                assert twin.cached is not None and _same(twin.cached, d), f"seed {seed}, {n}"
                checked += 1
            r.apply(s, d.options[rng.below(len(d.options))].key)
            n += 1
    assert checked > 1000


def test_HH_15_3_HH_25_7_coexisting_zones_match_the_definition() -> None:
    r = Heresy()
    found = 0
    for seed in GAMES:
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        while (d := r.decision(s)) is not None:
            expected = _coexisting_the_long_way(s)
            assert coexisting_zones(s) == expected, f"seed {seed}"
            found += bool(expected)
            r.apply(s, d.options[rng.below(len(d.options))].key)
    assert found > 50
