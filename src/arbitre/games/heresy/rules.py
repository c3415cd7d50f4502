"""The Hérésie d'Horus ruleset: the engine protocol over the frame handlers."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.engine.ruleset import AgentFactory, ConfigOption, IllegalChoice, Result
from arbitre.games.heresy import actions, effects, initiative, landing, movement, orders, phases
from arbitre.games.heresy.config import options, resolve
from arbitre.games.heresy.setup import new_state
from arbitre.games.heresy.state import SEATS, Frame, HeresyState
from arbitre.games.heresy.view import build_view, determinize

Decide = Callable[[HeresyState, Frame], Decision | None]
Choose = Callable[[HeresyState, Frame, str], None]
Auto = Callable[[HeresyState, Frame], None]


def _never(s: HeresyState, f: Frame) -> None:
    return None


def _no_choice(s: HeresyState, f: Frame, key: str) -> None:
    raise AssertionError(f"frame {f.kind} takes no choice")


def _no_auto(s: HeresyState, f: Frame) -> None:
    raise AssertionError(f"frame {f.kind} cannot progress on its own")


HANDLERS: dict[str, tuple[Decide, Choose, Auto]] = {
    "action": (actions.decide_action, actions.choose_action, _no_auto),
    "place": (actions.decide_place, actions.choose_place, _no_auto),
    "map": (actions.decide_map, actions.choose_map, _no_auto),
    "hand": (actions.decide_hand, actions.choose_hand, _no_auto),
    "bury": (actions.decide_bury, actions.choose_bury, _no_auto),
    "draw": (actions.decide_draw, actions.choose_draw, _no_auto),
    "end_order": (_never, _no_choice, orders.auto_end_order),
    "move": (movement.decide_move, movement.choose_move, _no_auto),
    "landing": (landing.decide_landing, landing.choose_landing, _no_auto),
    "vigor": (effects.decide_vigor, effects.choose_vigor, effects.auto_pop),
    "tanks": (effects.decide_tanks, effects.choose_tanks, effects.auto_pop),
    "coexistence": (_never, _no_choice, phases.auto_coexistence),
    "stacking": (phases.decide_stacking, phases.choose_stacking, phases.auto_stacking),
    "event": (_never, _no_choice, phases.auto_event),
    "order_draw": (phases.decide_order_draw, phases.choose_order_draw, phases.auto_order_draw),
    "restoration": (_never, _no_choice, phases.auto_restoration),
    "new_round": (_never, _no_choice, initiative.auto_new_round),
}


def settle(s: HeresyState) -> None:
    """Run automatic work until a person must choose or the game is over."""
    for _ in range(100_000):
        if s.over or not s.stack:
            s.cached = None
            return
        top = s.stack[-1]
        decide, _choose, auto = HANDLERS[top.kind]
        decision = decide(s, top)
        if decision is not None:
            s.cached = decision
            return
        auto(s, top)
    raise RuntimeError("settle() did not reach a decision")


def rule_ids() -> tuple[str, ...]:
    import tomllib
    from importlib.resources import files

    data = tomllib.loads(
        files("arbitre.games.heresy").joinpath("data/rule_ids.toml").read_text("utf-8")
    )
    return tuple(data["rules"])


class Heresy:
    """L'Hérésie d'Horus (seed 000): Imperium against Traitor on Terra."""

    id = "heresy"
    version = "1"

    def seats(self, config: Mapping[str, Any]) -> tuple[str, ...]:
        return SEATS

    def new(self, config: Mapping[str, Any], seed: int) -> HeresyState:
        s = new_state(config, seed)
        settle(s)
        return s

    def decision(self, state: HeresyState) -> Decision | None:
        return state.cached

    def apply(self, state: HeresyState, key: str) -> None:
        decision = state.cached
        if decision is None:
            raise IllegalChoice(Msg("engine.illegal.game_over"))
        if decision.find(key) is None:
            raise IllegalChoice(
                Msg(
                    "heresy.illegal",
                    {"key": key, "rules": ", ".join(decision.rules)},
                    decision.rules[0] if decision.rules else None,
                )
            )
        state.log = []
        top = state.stack[-1]
        HANDLERS[top.kind][1](state, top, key)
        settle(state)

    def result(self, state: HeresyState) -> Result | None:
        if not state.over:
            return None
        scores = (1.0, 0.0) if state.winner == 0 else (0.0, 1.0)
        return Result(
            scores,
            Msg(
                "heresy.result",
                {
                    "winner": f"heresy.seat.{SEATS[state.winner]}",
                    "reason": f"heresy.reason.{state.reason}",
                },
                state.reason_rule,
            ),
            {"winner": SEATS[state.winner], "reason": state.reason, "track": list(state.pos)},
        )

    def view(self, state: HeresyState, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def clone(self, state: HeresyState) -> HeresyState:
        return state.copy()

    def determinize(self, state: HeresyState, seat: int, rng: Rng) -> HeresyState:
        twin = determinize(state, seat, rng)
        settle(twin)  # the pending decision may list resampled cards
        return twin

    def events(self, state: HeresyState) -> Sequence[Msg]:
        return list(state.log)

    def snapshot(self, state: HeresyState) -> Any:
        return state.snapshot()

    def options_schema(self) -> Sequence[ConfigOption]:
        return options()

    def rule_ids(self) -> Sequence[str]:
        return rule_ids()

    def agents(self) -> Mapping[str, AgentFactory]:
        return {}  # random play only, from the engine (make_agent "random")


__all__ = ["HANDLERS", "Heresy", "resolve", "settle"]
