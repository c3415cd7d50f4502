"""The engine's conformance harness over the playable Epic ruleset (issue 6).

Test names carry no rule ID on purpose: the rule-coverage report lists those.
"""

from __future__ import annotations

from arbitre.engine import conformance
from arbitre.engine.i18n import has_message
from arbitre.engine.registry import get, names
from arbitre.engine.rng import Rng
from arbitre.games.epic.config import DEFAULTS

R = get("epic")


def test_epic_is_registered() -> None:
    assert "epic" in names()
    assert R.id == "epic"
    assert R.seats({}) == ("imperium", "mille_fils")


def test_conformance_harness_passes() -> None:
    records = conformance.check_all(R, [{}], seeds=range(3))
    assert len(records) == 3


def test_conformance_with_other_options() -> None:
    config = {"roll.sevenPlus": "naturalSix", "save.dual": "twoRolls", "measure.from": "edge"}
    conformance.check_all(R, [config], seeds=range(2))


def test_point_keys_are_validated_like_candidates() -> None:
    """Issue 6: a move decision also takes any point "x,y", refused with its rule."""
    import pytest

    from arbitre.engine.ruleset import IllegalChoice

    state = R.new({}, 4)
    while (d := R.decision(state)) is not None and d.kind != "epic.move":
        R.apply(state, d.keys()[0])
    assert d is not None
    top = state.stack[-1]
    lead = state.stands[min(st.sid for st in state.alive(top.data["det"]))]
    before = R.snapshot(state)
    for bad in ("999,999", "abc,1", "1,2,3"):
        with pytest.raises(IllegalChoice):
            R.apply(state, bad)
        assert R.snapshot(state) == before
    R.apply(state, f"{lead.x},{lead.y + 0.5}")
    assert R.snapshot(state) != before


def test_fifty_random_games_end_without_error() -> None:
    errors = 0
    for seed in range(50):
        try:
            state = R.new({}, seed)
            rng = Rng.from_seed(seed)
            for _ in range(5000):
                decision = R.decision(state)
                if decision is None:
                    break
                keys = decision.keys()
                R.apply(state, keys[rng.below(len(keys))])
            result = R.result(state)
            assert result is not None
            assert sum(result.scores) == 1.0
        except Exception:
            errors += 1
    assert errors == 0


def test_schema_rule_ids_and_texts() -> None:
    assert {o.key for o in R.options_schema()} == set(DEFAULTS)
    ids = R.rule_ids()
    assert "EPC-9" in ids and "EP-2.5" in ids and len(ids) == len(set(ids))
    assert "ai" in R.agents()  # the greedy AI; the engine's search may add "mcts"
    state = R.new({}, 7)
    rng = Rng.from_seed(7)
    while (decision := R.decision(state)) is not None:
        assert has_message(decision.text.key), decision.text.key
        for option in decision.options:
            assert has_message(option.text.key), option.text.key
        R.apply(state, decision.keys()[rng.below(len(decision.options))])
        for msg in R.events(state):
            assert has_message(msg.key), msg.key
    result = R.result(state)
    assert result is not None and has_message(result.summary.key)
