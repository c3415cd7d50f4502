"""`ai.outlook`: the Imperium's chance to win, which the search (`mcts`) scores positions
with. It reads only what both seats see, and moves the way the rules say it should:
time is the Traitor's enemy (HH-40.3), initiative spent is spent (HH-14.9), a Traitor
unit lost helps the Imperium, spaceports held help their holder (HH-40.1)."""

from __future__ import annotations

import math
from functools import cache

import pytest

from arbitre.engine.match import Match
from arbitre.engine.registry import get
from arbitre.engine.rng import Rng
from arbitre.games.heresy.ai import HeresyAI, outlook
from arbitre.games.heresy.ai.outlook import chance, features
from arbitre.games.heresy.mcts_plugin import evaluate
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, HeresyState

SCENARIOS = tuple(outlook.SCENARIO)  # every scenario shipped (checked below)


@cache
def _positions(scenario: str) -> tuple[HeresyState, ...]:
    """Copies of the state at every 5th choice of action of a game of `ai` against `ai`."""
    match = Match(get("heresy"), {"scenario": scenario}, 3, {0: HeresyAI(1), 1: HeresyAI(2)})
    found: list[HeresyState] = []
    n = 0
    while (d := match.decision()) is not None and len(found) < 6:
        if d.kind == "heresy.action":
            n += 1
            if n % 5 == 0:
                found.append(match.state.copy())
        match.step()
    assert len(found) >= 2
    return tuple(found)


def _all() -> list[HeresyState]:
    return [s for sc in SCENARIOS for s in _positions(sc)]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_HH_18_4_the_outlook_reads_only_what_both_seats_see(scenario: str) -> None:
    """HH-18.4, HH-39.3: hands, decks and placed orders are not read: a determinized twin
    (everything hidden redrawn) for either seat has the same chance."""
    r = get("heresy")
    for i, s in enumerate(_positions(scenario)):
        for seat in (IMPERIUM, TRAITOR):
            twin = r.determinize(s, seat, Rng.from_seed(40 + i))
            assert features(twin) == features(s)
            assert chance(twin) == chance(s)


def test_the_chance_is_a_probability_and_the_seats_share_it() -> None:
    r = get("heresy")
    for s in _all():
        p = chance(s)
        assert 0.0 < p < 1.0
        scores = evaluate(r, s, s)
        assert scores[0] == p and scores[0] + scores[1] == pytest.approx(1.0)


def test_HH_40_3_time_is_the_traitors_enemy_unless_his_spaceports_grow() -> None:
    """HH-40.3: the Imperium wins when a marker reaches the track's last space; both
    markers further along, the same gap between them, the Imperium's chance is higher,
    except where the spaceports the Traitor holds or threatens weigh more as the
    'Spaceport Victory Possible' space nears (HH-40.1: `Board.ports_value` grows with
    the phase; Like unto Gods' Traitor, for one)."""
    rises = falls = 0
    for s in _all():
        later = s.copy()
        later.pos = [s.pos[0] + 3, s.pos[1] + 3]
        if features(later)["ports"] >= features(s)["ports"]:
            assert chance(later) > chance(s)
            rises += 1
        elif chance(later) < chance(s):
            falls += 1
    assert rises >= 8 and falls >= 1  # both cases are met in these games


def test_HH_14_9_initiative_spent_lowers_the_spenders_chance() -> None:
    """HH-14.9: acting moves one's marker forward. The marker behind moving up (the lead
    unchanged) lowers its side's chance."""
    for s in _all():
        behind = 0 if s.pos[0] < s.pos[1] else 1 if s.pos[1] < s.pos[0] else -1
        if behind < 0:
            continue
        spent = s.copy()
        spent.pos = list(s.pos)
        spent.pos[behind] += 1
        if behind == IMPERIUM:
            assert chance(spent) < chance(s)
        else:
            assert chance(spent) > chance(s)


def test_a_traitor_unit_lost_raises_the_imperiums_chance() -> None:
    """A Traitor unit gone from the board (the rest as it was): a higher Imperial chance."""
    tried = 0
    for s in _all():
        zone = next((z for z, us in s.units.items() if sum(u[0] == TRAITOR for u in us) >= 2), None)
        if zone is None:
            continue
        fewer = s.copy()
        units = list(fewer.units[zone])
        units.remove(next(u for u in units if u[0] == TRAITOR))
        fewer.units = {**fewer.units, zone: units}
        assert chance(fewer) > chance(s)
        tried += 1
    assert tried >= 6


def test_HH_40_1_the_spaceports_weigh_for_their_holder() -> None:
    """HH-40.1: the weights of the spaceports' value and of those the Imperium holds
    alone raise its chance; the Traitor's forces lower it; time raises it."""
    w = outlook.WEIGHTS
    assert w["ports"] > 0 and w["held"] > 0
    assert w["traitor_units"] < 0 and w["traitor_reserve"] < 0
    assert w["progress"] > 0


def test_a_scenario_from_a_content_pack_gets_no_weight_of_its_own() -> None:
    s = _positions("cry_havoc")[0].copy()
    known = chance(s)
    s.scenario = "a_pack_scenario"
    z = outlook.BIAS + sum(outlook.WEIGHTS[k] * x for k, x in features(s).items())
    assert chance(s) == pytest.approx(1.0 / (1.0 + math.exp(-z)))
    assert chance(s) != known


def test_every_shipped_scenario_has_its_weight() -> None:
    shipped = get("heresy").new({}, 0).content.scenarios.ids()
    assert sorted(SCENARIOS) == sorted(shipped)
