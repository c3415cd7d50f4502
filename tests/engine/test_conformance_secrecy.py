"""The conformance harness's secrecy checks, on a toy game that leaks on purpose.

Seat 0 is dealt a secret card (0..2) only its own view shows, then marks one of two
cells; seat 1 answers "go"; the game ends. `leak` (config) picks how the toy gives seat 0's
secrets away: in a public answer's text, in a private answer's event, in an event, or by a
`determinize` that forgets what seat 0 is looking at.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from arbitre.engine import conformance
from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg, add_messages
from arbitre.engine.rng import Rng
from arbitre.engine.ruleset import AgentFactory, ConfigOption, IllegalChoice, Result

add_messages(
    {
        "toytest.q": {"fr": "Marquer ?", "en": "Mark?"},
        "toytest.mark": {"fr": "marquer { $cell }", "en": "mark { $cell }"},
        "toytest.mark_with": {
            "fr": "marquer { $cell } ({ $card })",
            "en": "mark { $cell } ({ $card })",
        },
        "toytest.go": {"fr": "suite", "en": "go on"},
        "toytest.marked": {"fr": "marque posée", "en": "a mark is placed"},
        "toytest.marked_at": {"fr": "marque en { $cell }", "en": "mark on { $cell }"},
        "toytest.holds": {"fr": "carte { $card }", "en": "card { $card }"},
        "toytest.end": {"fr": "fin", "en": "end"},
    }
)


@dataclass
class ToyState:
    leak: str
    rng: Rng
    secret: int = 0
    mark: int | None = None
    step: int = 0
    log: list[Msg] = field(default_factory=list)


class Toy:
    id = "toytest"
    version = "1"

    def seats(self, config: Mapping[str, Any]) -> tuple[str, ...]:
        return ("a", "b")

    def new(self, config: Mapping[str, Any], seed: int) -> ToyState:
        rng = Rng.from_seed(seed)
        return ToyState(str(config.get("leak", "none")), rng, secret=rng.below(3))

    def decision(self, state: ToyState) -> Decision | None:
        if state.step == 0:
            msg = "toytest.mark_with" if state.leak in ("text", "forget") else "toytest.mark"
            opts = tuple(
                Option(f"mark:{c}", Msg(msg, {"cell": c, "card": state.secret})) for c in (0, 1)
            )
            # the mark is seat 0's secret: private, but for the toy that leaks it in its text
            private = state.leak != "text"
            return Decision(0, "toytest.mark", opts, Msg("toytest.q"), private=private)
        if state.step == 1:
            go = (Option("go", Msg("toytest.go")),)
            return Decision(1, "toytest.go", go, Msg("toytest.q"), private=False)
        return None

    def apply(self, state: ToyState, key: str) -> None:
        decision = self.decision(state)
        if decision is None or decision.find(key) is None:
            raise IllegalChoice(Msg("engine.illegal.game_over"))
        state.log = []
        if state.step == 0:
            state.mark = int(key[5:])
            if state.leak == "private_event":
                state.log.append(Msg("toytest.marked_at", {"cell": state.mark}))
            else:
                state.log.append(Msg("toytest.marked"))
            if state.leak == "event":
                state.log.append(Msg("toytest.holds", {"card": state.secret}))
        state.step += 1

    def result(self, state: ToyState) -> Result | None:
        return None if state.step < 2 else Result((0.5, 0.5), Msg("toytest.end"))

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        mine = seat == 0
        return {
            "step": state.step,
            "secret": state.secret if mine and state.leak != "forget" else None,
            "mark": state.mark if mine else None,
            "marked": state.mark is not None,
        }

    def clone(self, state: ToyState) -> ToyState:
        return replace(state, rng=state.rng.copy(), log=list(state.log))

    def determinize(self, state: ToyState, seat: int, rng: Rng) -> ToyState:
        twin = self.clone(state)
        if seat != 0 or state.leak == "forget":  # "forget": as if seat 0 did not know it
            twin.secret = rng.below(3)
        if seat != 0 and twin.mark is not None:
            twin.mark = rng.below(2)
        twin.rng = Rng(rng.next64())
        return twin

    def events(self, state: ToyState) -> Sequence[Msg]:
        return list(state.log)

    def snapshot(self, state: ToyState) -> Any:
        return [state.leak, state.rng.state, state.secret, state.mark, state.step]

    def options_schema(self) -> Sequence[ConfigOption]:
        return ()

    def rule_ids(self) -> Sequence[str]:
        return ()

    def agents(self) -> Mapping[str, AgentFactory]:
        return {}


TOY = Toy()


def test_a_game_that_keeps_its_secrets_passes():
    assert conformance.check_all(TOY, [{}], seeds=range(6))


@pytest.mark.parametrize(
    ("leak", "says"),
    [
        ("text", "texts differ"),  # a public answer names the hidden mark
        ("private_event", "events differ"),  # a private answer's event names the cell
        ("event", "events depend on what seat 1 cannot see"),  # an event names the card
        ("forget", "determinize for seat 0 changed its decision"),
    ],
)
def test_each_leak_is_caught(leak, says):
    with pytest.raises(AssertionError, match=says):
        conformance.check_all(TOY, [{"leak": leak}], seeds=range(6))


def test_events_may_tell_what_chance_decides():
    """Dice rolled during a move are everyone's: the twin keeps the chance to come."""
    state = TOY.new({}, 1)
    twin = TOY.determinize(state, 1, Rng.from_seed(9))
    conformance._keep_chance(state, twin)
    assert twin.rng == state.rng
