"""API conformance checks every ruleset's tests call (after OpenSpiel's random-sim test).

Each check raises AssertionError with a precise reason; `check_all` runs them over seeds.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.engine.record import GameRecord
from arbitre.engine.rng import Rng
from arbitre.engine.ruleset import IllegalChoice, Ruleset


def _dump(x: Any) -> str:
    return json.dumps(x, sort_keys=True, ensure_ascii=False)


def random_playout(
    ruleset: Ruleset[Any],
    config: Mapping[str, Any],
    seed: int,
    max_decisions: int = 20_000,
    deep_every: int = 7,
) -> GameRecord:
    """Play randomly to the end, checking the decision contract along the way."""
    rng = Rng.from_seed(seed ^ 0x5EED)
    state = ruleset.new(config, seed)
    record = GameRecord(ruleset.id, ruleset.version, dict(config), seed)
    n_seats = len(ruleset.seats(config))
    for step in range(max_decisions):
        decision = ruleset.decision(state)
        if decision is None:
            break
        keys = decision.keys()
        assert keys, f"decision {decision.kind} offers no option (seed {seed}, step {step})"
        assert len(set(keys)) == len(keys), f"duplicate option keys in {decision.kind}: {keys}"
        assert 0 <= decision.seat < n_seats, f"seat {decision.seat} out of range"
        if step % deep_every == 0:
            check_every_option_applies(ruleset, state)
            check_illegal_key_changes_nothing(ruleset, state)
            check_clone_independent(ruleset, state, keys[rng.below(len(keys))])
            check_views(ruleset, state, rng, n_seats)
        key = keys[rng.below(len(keys))]
        ruleset.apply(state, key)
        record.keys.append(key)
    else:
        raise AssertionError(f"game did not end within {max_decisions} decisions (seed {seed})")
    result = ruleset.result(state)
    assert result is not None, "decision() is None but result() is None too"
    assert len(result.scores) == n_seats, "one score per seat"
    check_replay(ruleset, record, ruleset.snapshot(state))
    return record


def check_every_option_applies(ruleset: Ruleset[Any], state: Any) -> None:
    decision = ruleset.decision(state)
    assert decision is not None
    for option in decision.options:
        trial = ruleset.clone(state)
        ruleset.apply(trial, option.key)


def check_illegal_key_changes_nothing(ruleset: Ruleset[Any], state: Any) -> None:
    before = _dump(ruleset.snapshot(state))
    for bad in ("\x00no-such-option", "", "done:"):
        decision = ruleset.decision(state)
        assert decision is not None
        if decision.find(bad) is not None:
            continue
        try:
            ruleset.apply(state, bad)
        except IllegalChoice as exc:
            assert exc.msg.key, "IllegalChoice must carry a message key"
        else:
            raise AssertionError(f"illegal key {bad!r} was accepted")
        assert _dump(ruleset.snapshot(state)) == before, "an illegal key changed the state"


def check_clone_independent(ruleset: Ruleset[Any], state: Any, key: str) -> None:
    before = _dump(ruleset.snapshot(state))
    twin = ruleset.clone(state)
    assert _dump(ruleset.snapshot(twin)) == before, "clone differs from its original"
    ruleset.apply(twin, key)
    assert _dump(ruleset.snapshot(state)) == before, "applying to a clone changed the original"


def check_views(ruleset: Ruleset[Any], state: Any, rng: Rng, n_seats: int) -> None:
    """Views are JSON; a seat's view does not change when what it cannot see is resampled."""
    json.dumps(ruleset.view(state, None))
    for seat in range(n_seats):
        mine = _dump(ruleset.view(state, seat))
        other = ruleset.determinize(state, seat, Rng(rng.next64()))
        assert _dump(ruleset.view(other, seat)) == mine, f"determinize changed seat {seat}'s view"


def check_replay(ruleset: Ruleset[Any], record: GameRecord, final: Any) -> None:
    """Replaying the keys, also after a JSON save/load, gives the exact same state."""
    loaded = GameRecord.loads(record.dumps())
    assert loaded.to_json() == record.to_json(), "save/load changed the record"
    state = ruleset.new(loaded.config, loaded.seed)
    for key in loaded.keys:
        ruleset.apply(state, key)
    assert _dump(ruleset.snapshot(state)) == _dump(final), "replay did not reproduce the state"


def check_all(
    ruleset: Ruleset[Any],
    configs: Sequence[Mapping[str, Any]],
    seeds: Sequence[int],
    max_decisions: int = 20_000,
) -> list[GameRecord]:
    records = []
    for config in configs:
        for seed in seeds:
            records.append(random_playout(ruleset, config, seed, max_decisions))
    return records
