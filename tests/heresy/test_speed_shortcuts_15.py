"""Heresy's shortcuts of issue 15 (ninth sitting) against the slow, sure way.

- `rules.settle` writes out the checks made before every step (HH-37.2 lasers,
  HH-39.8 victory: HH-39.9, HH-40.1, HH-40.2): every choice of seeded random games is
  played both ways, by `settle` and by the engine's loop calling `destroy_captured` and
  `victory.watch`, and the states, decisions and events must be equal. Their unit parts
  are looked at again only after a change of units (`HeresyState.units_changes`): also
  checked on states set up on purpose and at a laser deployed (HH-12.14).
- What is read from the units alone is kept while no unit changed
  (`HeresyState.from_units`): the zones blocked for each seat (HH-37.10, HH-21.23), the
  coexisting zones with the Heroes' places read from (HH-15.3, HH-25.7), the first zone
  over the stacking limit (HH-38.6). Each is compared with the definition at every
  decision, and every choice is played both ways, with and without the memo.
- A marker's move looks only at the special-phase spaces between its start and its end,
  found by bisection when the spaces rise along the track (HH-14.9, HH-15.6, HH-15.7).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.games.heresy import lasers, victory
from arbitre.games.heresy.distances import blocked_zones
from arbitre.games.heresy.initiative import move_marker
from arbitre.games.heresy.phases import _over_limit, coexisting_zones
from arbitre.games.heresy.rules import HANDLERS, Heresy, settle
from arbitre.games.heresy.state import HeresyState
from tests.heresy.test_speed_shortcuts import _coexisting_the_long_way
from tests.heresy.test_speed_shortcuts import _same as _same_decision

GAMES = range(3, 1000, 37)  # 27 golden seeds spread over the recorded ones
# every scenario (those with a chosen deployment place lasers during the game, HH-12.14)
SCENARIOS = (
    "brother_against_brother",
    "heresy_unheralded",
    "holy_terra_asunder",
    "fortune_favors_the_bold",
    "like_unto_gods",
    "cry_havoc",
)


def _same(a: Decision | None, b: Decision | None) -> bool:
    if a is None or b is None:
        return a is b
    return _same_decision(a, b)


def _settle_the_long_way(s: HeresyState) -> None:
    """The engine's loop with the checks as calls (HH-37.2, HH-39.8), as before."""
    for _ in range(100_000):
        if s.lasers:
            lasers.destroy_captured(s)
        victory.watch(s)
        if s.over or not s.stack:
            s.cached = None
            return
        top = s.stack[-1]
        handler = HANDLERS[top.kind]
        decision = handler.decide(s, top)
        if decision is not None:
            s.cached = decision
            return
        handler.auto(s, top)
    raise AssertionError("no decision")


def _games() -> Iterator[tuple[Heresy, HeresyState, str]]:
    """Every (ruleset, state, key chosen) of the seeded random games, before the key is
    applied (the state is then played on by the caller's `apply`)."""
    r = Heresy()
    for seed in GAMES:
        s = r.new({"scenario": SCENARIOS[seed % len(SCENARIOS)]}, seed)
        rng = Rng.from_seed(seed)
        while (d := r.decision(s)) is not None:
            yield r, s, d.options[rng.below(len(d.options))].key


def test_HH_37_2_HH_39_8_settle_checks_as_the_calls_do_before_every_step() -> None:
    """Every choice played both ways: the same state, question and events after it."""
    steps = 0
    reasons: set[str] = set()
    lasers_lost = 0
    for r, s, key in _games():
        twin = r.clone(s)
        twin.log = []
        top = twin.stack[-1]
        HANDLERS[top.kind].choose(twin, top, key)
        _settle_the_long_way(twin)
        before = len(s.lasers)
        r.apply(s, key)
        assert twin.snapshot() == s.snapshot()
        assert _same(twin.cached, s.cached)
        assert twin.log == s.log
        lasers_lost += max(0, before - len(s.lasers))  # (a deployment adds some)
        if s.over:
            reasons.add(s.reason)
        steps += 1
    assert steps > 5000
    assert lasers_lost > 0  # HH-37.2 met on the way
    assert "commander" in reasons  # HH-39.9 met on the way (HH-40.1: states set up below)


def _set_up(s: HeresyState, n: int) -> HeresyState | None:
    """A clone of `s` where a check before the next step is met on purpose: a laser zone
    held by the Traitor alone (HH-37.2), a commander dead (HH-39.9), every spaceport held
    by one side with a marker far enough (HH-40.1) — or held but the track not reached."""
    t = s.copy()
    commanders, port, ports = victory.watched(t)
    kind = n % 4
    side = n % 2
    mine = [u for us in t.units.values() for u in us if u[0] == side]
    if kind == 0:
        traitor = [u for us in t.units.values() for u in us if u[0] == 1]
        if not t.lasers or not traitor:
            return None
        zone = sorted(t.lasers)[n % len(t.lasers)]
        t.own_units(zone)[:] = [traitor[0]] * (1 + n % 3)
    elif kind == 1:
        t.heroes[commanders[side][0]] = "dead"
    elif not mine:
        return None
    else:
        for zone in ports:
            t.own_units(zone)[:] = [mine[n % len(mine)]]
        t.pos[side] = port if kind == 2 else port - 1
    return t


def _both_ways(t: HeresyState) -> HeresyState:
    """`t` settled by `settle` and by the engine's loop: the same state, question, events."""
    a, b = t.copy(), t.copy()
    a.log, b.log = [], []
    settle(a)
    _settle_the_long_way(b)
    assert a.snapshot() == b.snapshot()
    assert _same(a.cached, b.cached) and a.log == b.log
    return a


def test_HH_37_2_HH_39_9_HH_40_1_settle_checks_states_set_up_on_purpose() -> None:
    met: dict[str, int] = {}
    for i, (r, s, key) in enumerate(_games()):
        if i % 7:
            r.apply(s, key)
            continue
        t = _set_up(s, i // 7)
        if t is not None:
            a = _both_ways(t)
            what = a.reason if a.over else "lasers" if len(a.lasers) < len(t.lasers) else ""
            met[what] = met.get(what, 0) + 1
        r.apply(s, key)
    assert min(met.get(k, 0) for k in ("lasers", "commander", "spaceports", "")) > 20, met


def test_HH_37_2_a_laser_deployed_where_the_traitor_stands_alone_is_looked_at() -> None:
    """A laser placed during a chosen deployment (HH-12.14) makes settle look at the laser
    zones again, though no unit moved: set up with a Traitor unit alone in its zone."""
    placed = 0
    for r, s, key in _games():
        d = s.cached
        if d is not None and d.kind == "heresy.setup.deploy" and d.text.key.endswith("laser"):
            zone = key.partition(":")[2]
            traitor = [u for us in s.units.values() for u in us if u[0] == 1]
            t = s.copy()
            t.own_units(zone)[:] = traitor[:1]
            settle(t)  # looks now: no laser there yet
            # the same question (its zones now leave this one out: chosen all the same)
            assert t.cached is not None and t.cached.text.key == d.text.key
            a, b = t.copy(), t.copy()
            for twin, how in ((a, settle), (b, _settle_the_long_way)):
                twin.log = []
                HANDLERS[twin.stack[-1].kind].choose(twin, twin.stack[-1], key)
                how(twin)
            assert a.snapshot() == b.snapshot() and a.log == b.log
            assert zone not in a.lasers
            placed += 1
        r.apply(s, key)
    assert placed > 20


def _blocked_the_long_way(s: HeresyState, seat: int) -> frozenset[str]:
    """HH-37.10, HH-21.23: zones holding a unit of the enemy."""
    return frozenset(z for z, us in s.units.items() if any(u[0] != seat for u in us))


def _over_limit_the_long_way(s: HeresyState) -> tuple[int, str] | None:
    """HH-38.6: the first seat, then the first zone in map order, over its limit."""
    for seat in (0, 1):
        for z in s.content.zones:
            if sum(u[0] == seat for u in s.units.get(z.id, ())) > z.stacking_limit:
                return seat, z.id
    return None


def test_HH_37_10_HH_15_3_HH_38_6_answers_kept_from_the_units_match_the_definitions() -> None:
    checked = 0
    kept = 0
    for r, s, key in _games():
        kept += s.units_memo_at == s.units_changes and bool(s.units_memo)
        for _ in range(2):  # the second time from the memo
            assert blocked_zones(s, 0) == _blocked_the_long_way(s, 0)
            assert blocked_zones(s, 1) == _blocked_the_long_way(s, 1)
            assert coexisting_zones(s) == _coexisting_the_long_way(s)
            assert _over_limit(s) == _over_limit_the_long_way(s)
        checked += 1
        r.apply(s, key)
    assert checked > 5000 and kept > 1000


def _no_memo(self: HeresyState) -> dict[str, Any]:
    return {}  # a fresh memo at every question: everything worked out afresh


def test_HH_37_10_HH_15_3_HH_38_6_every_choice_played_without_the_memo_alike() -> None:
    steps = 0
    kept = HeresyState.from_units
    for r, s, key in _games():
        twin = r.clone(s)
        twin.log = []
        r.apply(s, key)
        HeresyState.from_units = _no_memo  # type: ignore[method-assign]
        try:
            r.apply(twin, key)
        finally:
            HeresyState.from_units = kept  # type: ignore[method-assign]
        assert twin.snapshot() == s.snapshot()
        assert _same(twin.cached, s.cached) and twin.log == s.log
        steps += 1
    assert steps > 5000


def test_HH_40_1_HH_40_2_spaceports_held_before_the_track_reached_win_once_it_is() -> None:
    """`check_spaceports` (HH-40.2, at a new round) and settle skip the ports while no
    unit changed since the ports alone said no; ports all held with the track short must
    be looked at again once a marker reaches the space, though no unit moved (HH-40.1)."""
    won = 0
    settled = 0
    said_no = 0
    for i, (r, s, key) in enumerate(_games()):
        if i % 5 == 0 and not s.over:
            t = _set_up(s, 4 * i + 3)  # the ports held by one side
            if t is not None:
                side = 1 if (4 * i + 3) % 2 else 0
                t.pos[0] = t.pos[1] = victory.watched(t)[1] - 1  # both markers one short
                a = t.copy()
                victory.check_spaceports(a)
                assert not a.over
                a.pos[side] += 1
                victory.check_spaceports(a)
                assert a.over and a.winner == side and a.reason == "spaceports"
                # settle: only the marker of the player to play counts (HH-40.2 without
                # the option), the other one past the space; settle may take steps
                t.rules = replace(t.rules, any_marker_wins=False)
                t.pos[1 - t.current] += 1
                a, b = t.copy(), t.copy()
                for twin, how in ((a, settle), (b, _settle_the_long_way)):
                    how(twin)
                    twin.pos[twin.current] += 1
                    how(twin)
                assert a.snapshot() == b.snapshot() and _same(a.cached, b.cached)
                settled += a.reason == "spaceports"
                won += 1
            u = s.copy()
            victory.check_spaceports(u)
            fresh = s.copy()
            fresh.ports_looked = -1
            victory.check_spaceports(fresh)
            assert (u.over, u.winner) == (fresh.over, fresh.winner)
            said_no += u.ports_looked == u.units_changes
        r.apply(s, key)
    assert won > 100 and settled > 100 and said_no > 100


def _move_marker_the_long_way(s: HeresyState, seat: int, spaces: int) -> list[tuple[int, str]]:
    """HH-14.9, HH-14.10, HH-15.6, HH-15.7: every space of the track, in track order."""
    if spaces <= 0:
        return []
    start = s.pos[seat]
    end = min(start + spaces, max(t.n for t in s.content.tracks.initiative.space))
    s.pos[seat] = end
    if s.pos[1 - seat] == end:
        s.top = seat
    reached: list[tuple[int, str]] = []
    for space in s.content.tracks.initiative.space:
        icons = [i for i in space.icons if i in ("event", "order_draw", "restoration")]
        if icons and start < space.n <= end and space.n not in s.triggered:
            reached += [(space.n, i) for i in icons]
            s.triggered.add(space.n)
    s.log.append(Msg("heresy.log.advance", {"seat": seat, "from": start, "to": end}, "HH-14.9"))
    return reached


def test_HH_14_9_HH_15_6_HH_15_7_a_marker_reaches_the_phases_the_whole_track_shows() -> None:
    moves = 0
    phases = 0
    for i, (r, s, key) in enumerate(_games()):
        if i % 3 == 0:
            for seat in (0, 1):
                for spaces in range(-1, 9):
                    a, b = s.copy(), s.copy()
                    a.log, b.log = [], []
                    got = move_marker(a, seat, spaces)
                    assert got == _move_marker_the_long_way(b, seat, spaces)
                    assert (a.pos, a.top, a.triggered, a.log) == (b.pos, b.top, b.triggered, b.log)
                    moves += 1
                    phases += len(got)
        r.apply(s, key)
    assert moves > 10000 and phases > 5000
