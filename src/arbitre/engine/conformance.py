"""API conformance checks every ruleset's tests call (after OpenSpiel's random-sim test).

Each check raises AssertionError with a precise reason; `check_all` runs them over seeds.

Secrecy is checked too, as interfaces show it: every reader (each other seat and the
spectator) receives its `view`, every event, and the text of every answer not marked
`private`. So, at the deep steps of a playout:

- a public answer's text says nothing that the readers' views after the move and its
  events do not show; a private answer shows only its kind (its key up to ":"), so its
  events may not tell two answers of one kind apart either (`check_choice_texts`);
- the events of a move depend only on what the reader knew and the move
  (`check_events_follow_views`): a twin where what the reader cannot see is resampled
  reports the same events whenever the reader's view ends up the same;
- a seat's determinized twin asks that seat the same question (`check_views`).

A state's chance to come is its `rng` attribute when it has one (every game's does): the
events check gives it back to the twin, as dice rolled during a move are everyone's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg, translate
from arbitre.engine.record import GameRecord
from arbitre.engine.rng import Rng
from arbitre.engine.ruleset import IllegalChoice, Ruleset


def _dump(x: Any) -> str:
    return json.dumps(x, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def random_playout(
    ruleset: Ruleset[Any],
    config: Mapping[str, Any],
    seed: int,
    max_decisions: int = 20_000,
    deep_every: int = 7,
) -> GameRecord:
    """Play randomly to the end, checking the decision contract along the way."""
    rng = Rng.from_seed(seed ^ 0x5EED)
    # The secrecy checks draw from their own generator: the playout stays the same game.
    secret_rng = Rng.from_seed(seed ^ 0xC10A4)
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
        deep = step % deep_every == 0
        if deep:
            # applies every option too; one other seat in turn (and the spectator) per step
            check_choice_texts(ruleset, state, n_seats, turn=step // deep_every)
            check_illegal_key_changes_nothing(ruleset, state)
            check_clone_independent(ruleset, state, keys[rng.below(len(keys))])
            check_views(ruleset, state, rng, n_seats)
        key = keys[rng.below(len(keys))]
        if deep:
            check_events_follow_views(ruleset, state, key, secret_rng, n_seats)
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
    """Views are JSON; a seat's view does not change when what it cannot see is resampled,
    nor, when that seat is asked, the question and its answers."""
    json.dumps(ruleset.view(state, None))
    decision = ruleset.decision(state)
    for seat in range(n_seats):
        mine = _dump(ruleset.view(state, seat))
        other = ruleset.determinize(state, seat, Rng(rng.next64()))
        assert _dump(ruleset.view(other, seat)) == mine, f"determinize changed seat {seat}'s view"
        if decision is not None and decision.seat == seat:
            theirs = ruleset.decision(other)
            assert theirs is not None and _asked(theirs) == _asked(decision), (
                f"{ruleset.id}: determinize for seat {seat} changed its decision "
                f"{decision.kind}: {_asked(decision)} became "
                f"{None if theirs is None else _asked(theirs)}"
            )


def _texts(msgs: Sequence[Msg]) -> list[tuple[str, str]]:
    return [(translate(m, "fr"), translate(m, "en")) for m in msgs]


def _asked(d: Decision) -> Any:
    """What a seat reads of its decision: the question, the answers, whether it is private."""
    return (
        d.seat,
        d.kind,
        d.private,
        _texts([d.text]),
        [(o.key, _texts([o.text])) for o in d.options],
    )


def _readers(n_seats: int, seat: int) -> list[int | None]:
    """Everyone who reads a move of `seat`: the other seats and the spectator (None)."""
    return [*(k for k in range(n_seats) if k != seat), None]


def check_choice_texts(
    ruleset: Ruleset[Any], state: Any, n_seats: int, turn: int | None = None
) -> None:
    """Apply every option (each must apply) and check what the other readers learn.

    A reader learns a move from its view after it and the events it reports. A public
    answer's text reaches every reader too, so two answers that leave a reader's view and
    the events the same must read the same: else the text names something that view hides.
    A private answer shows only that a choice was made, and of which kind: the part of its
    key before ":" (`trap:3,4`, `card:…`; `done`). So two answers of one kind that leave a
    reader's view the same must report the same events: else the events tell which.

    With `turn`, only the spectator and one other seat (in turn) read: views cost.
    """
    decision = ruleset.decision(state)
    assert decision is not None
    readers = _readers(n_seats, decision.seat)
    if turn is not None and len(readers) > 2:
        readers = [readers[turn % (len(readers) - 1)], None]
    seen: list[dict[str, tuple[str, Any]]] = [{} for _ in readers]
    for option in decision.options:
        trial = ruleset.clone(state)
        ruleset.apply(trial, option.key)
        events = _dump(_texts(ruleset.events(trial)))
        if decision.private:
            told: Any = events
            shown = option.key.partition(":")[0]
        else:
            told, shown = _texts([option.text]), events
        for i, reader in enumerate(readers):
            learnt = _dump(ruleset.view(trial, reader)) + shown
            first, before = seen[i].setdefault(learnt, (option.key, told))
            if before != told:
                what = "texts" if not decision.private else "events"
                raise AssertionError(
                    f"{ruleset.id}: {decision.kind} (seat {decision.seat}, "
                    f"{'private' if decision.private else 'public'}): options {first!r} and "
                    f"{option.key!r} leave what {_who(reader)} sees the same but their "
                    f"{what} differ: {before} / {told}"
                )


def _who(reader: int | None) -> str:
    return "the spectator" if reader is None else f"seat {reader}"


def check_events_follow_views(
    ruleset: Ruleset[Any], state: Any, key: str, rng: Rng, n_seats: int
) -> None:
    """Events go to every reader, so they may only depend on what the reader knows.

    For each reader k other than the deciding seat: in a twin where what k cannot see is
    resampled (keeping the chance to come, which is everyone's once rolled), the same answer
    must report the same events whenever k's view after it is the same in both.
    """
    decision = ruleset.decision(state)
    assert decision is not None
    after = ruleset.clone(state)
    ruleset.apply(after, key)
    told = _texts(ruleset.events(after))
    for reader in range(n_seats):
        if reader == decision.seat:
            continue
        twin = ruleset.determinize(state, reader, Rng(rng.next64()))
        _keep_chance(state, twin)
        theirs = ruleset.decision(twin)
        if theirs is None or theirs.find(key) is None:
            continue
        ruleset.apply(twin, key)
        if _dump(ruleset.view(twin, reader)) != _dump(ruleset.view(after, reader)):
            continue
        twin_told = _texts(ruleset.events(twin))
        assert twin_told == told, (
            f"{ruleset.id}: {decision.kind} {key!r} (seat {decision.seat}): the events depend "
            f"on what seat {reader} cannot see: {told} / {twin_told}"
        )


def _keep_chance(state: Any, twin: Any) -> None:
    """Give the twin the original's chance to come (a state's `rng`), so that only what is
    hidden now differs: dice rolled during the move are read by everyone alike."""
    rng = getattr(state, "rng", None)
    if isinstance(rng, Rng) and isinstance(getattr(twin, "rng", None), Rng):
        twin.rng = rng.copy()


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
