"""The Epic ruleset: the engine protocol over the frame handlers (EPC-9, EPC-10).

A turn is: hidden orders (private decisions), initiative, movement phase, combat phase,
end phase (turn.py, combat_phase.py; research §3.3 and §5).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.frames import Handler, never, no_choice
from arbitre.engine.frames import settle as run_frames
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.engine.ruleset import AgentFactory, ConfigOption, IllegalChoice, Result
from arbitre.games.epic import (
    air,
    binding,
    combat_phase,
    deployment,
    elite,
    losses,
    reactions,
    setup,
    templates,
    turn,
)
from arbitre.games.epic.config import options_schema
from arbitre.games.epic.sides import side_key, side_key_of
from arbitre.games.epic.state import ARMIES, EpicState
from arbitre.games.epic.view import build_view

HANDLERS: dict[str, Handler[EpicState]] = {
    "turn": Handler(never, no_choice, turn.auto_turn),
    "orders": Handler(turn.decide_orders, turn.choose_orders, turn.auto_orders),
    "initiative": Handler(never, no_choice, turn.auto_initiative),
    "movement": Handler(turn.decide_movement, turn.choose_movement, turn.auto_movement),
    "combat": Handler(
        combat_phase.decide_combat, combat_phase.choose_combat, combat_phase.auto_combat
    ),
    "end": Handler(never, no_choice, turn.auto_end),
    "altitude": Handler(setup.decide_altitude, setup.choose_altitude, setup.auto_pop),
    "infiltrate": Handler(setup.decide_infiltrate, setup.choose_infiltrate, setup.auto_infiltrate),
    "flight": Handler(air.decide_flight, air.choose_flight, air.auto_flight),
    "intercept": Handler(never, no_choice, air.auto_intercept),
    "late": Handler(air.decide_late, air.choose_late, air.auto_late),
    "react": Handler(reactions.decide_react, reactions.choose_react, reactions.auto_react),
    "hq": Handler(losses.decide_hq, losses.choose_hq, losses.auto_hq),
    "morale": Handler(never, no_choice, losses.auto_morale),
    "breakthrough": Handler(
        losses.decide_breakthrough, losses.choose_breakthrough, losses.auto_breakthrough
    ),
    "fallback": Handler(losses.decide_fallback, losses.choose_fallback, setup.auto_pop),
    "template": Handler(
        templates.decide_template, templates.choose_template, templates.auto_template
    ),
    "bind": Handler(binding.decide_bind, binding.choose_bind, binding.auto_pop),
    "warlord": Handler(binding.decide_warlord, binding.choose_warlord, binding.auto_pop),
    "elite": Handler(elite.decide_elite, elite.choose_elite, elite.auto_elite),
    "deploy": Handler(deployment.decide_deploy, deployment.choose_deploy, deployment.auto_deploy),
}

POINT_FRAMES = {
    "movement": turn.check_point,
    "infiltrate": setup.check_point,
    "breakthrough": losses.check_point,
    "fallback": losses.check_fallback_point,
    "template": templates.check_point,
    "deploy": deployment.check_point,
}
POINT_KINDS = ("epic.move", "epic.template")


def _rule_ids() -> tuple[str, ...]:
    text = resources.files("arbitre.games.epic").joinpath("data/rule_ids.toml").read_text("utf-8")
    data = tomllib.loads(text)
    return tuple(r for k, v in data.items() if isinstance(v, list) for r in v)


RULE_IDS = _rule_ids()


def settle(s: EpicState) -> None:
    run_frames(s, HANDLERS)


class Epic:
    """Epic (seed 003): two starter armies, hidden orders, movement, shooting, assault."""

    id = "epic"
    version = "1"

    def seats(self, config: Mapping[str, Any]) -> tuple[str, ...]:
        return ARMIES

    def seat_title(self, config: Mapping[str, Any], seat: str) -> Msg | None:
        """A seat named by its army in a game from armies ("Garde Impériale", "Space
        Marines (nord)", sides.py); None in the starter battle (its seats' own names)."""
        if seat not in ARMIES:
            return None
        key = side_key_of(config, ARMIES.index(seat))
        return None if key.startswith("epic.seat.") else Msg(key)

    def new(self, config: Mapping[str, Any], seed: int) -> EpicState:
        s = setup.new_state(dict(config), seed)
        settle(s)
        return s

    def decision(self, state: EpicState) -> Decision | None:
        return state.cached

    def apply(self, state: EpicState, key: str) -> None:
        decision = state.cached
        if decision is None:
            raise IllegalChoice(Msg("engine.illegal.game_over"))
        top = state.stack[-1]
        if decision.find(key) is None:
            check = POINT_FRAMES.get(top.kind) if decision.kind in POINT_KINDS else None
            if check is None or "," not in key:
                raise IllegalChoice(Msg("epic.illegal.option", {"key": key}, decision.rules[0]))
            refusal = check(state, top, key)  # a point "x,y" (issue 6: continuous space)
            if refusal is not None:
                raise IllegalChoice(refusal)
        state.log = []
        HANDLERS[top.kind].choose(state, top, key)
        settle(state)

    def result(self, state: EpicState) -> Result | None:
        if not state.over:
            return None
        o = state.outcome
        a, b = o["points"]
        rule = "EPC-3"
        if o["winner"] < 0:
            return Result((0.5, 0.5), Msg("epic.result.draw", {"a": a, "b": b}, rule), dict(o))
        scores = (1.0, 0.0) if o["winner"] == 0 else (0.0, 1.0)
        args = {
            "winner": side_key(state, o["winner"]),
            "reason": f"epic.reason.{o['reason']}",
            "a": a,
            "b": b,
        }
        return Result(scores, Msg("epic.result", args, rule), dict(o))

    def view(self, state: EpicState, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    def clone(self, state: EpicState) -> EpicState:
        twin = state.copy()
        twin.cached = state.cached  # decisions are immutable; sharing is safe
        return twin

    def determinize(self, state: EpicState, seat: int, rng: Rng) -> EpicState:
        """Resample what `seat` cannot see: the enemy's unrevealed orders (EPC-9) and
        future dice."""
        twin = self.clone(state)
        resampled = False
        for d in twin.dets:
            if d.side != seat and not d.revealed and d.order is not None:
                d.order = turn.GIVEN_ORDERS[rng.below(len(turn.GIVEN_ORDERS))]
                resampled = True
        twin.rng = Rng(rng.next64())
        if resampled:
            settle(twin)  # the pending decision is asked again of the resampled orders
        return twin

    def why_not(self, state: EpicState, decision: Decision | None, key: str) -> Msg | None:
        """Why `key` is refused (a point "x,y" off the reachable area, a detachment "det:N"
        that cannot be chosen), with the rule; None when it is legal (why.py)."""
        from arbitre.games.epic.why import why_not

        return why_not(state, decision, key)

    def why_key(self, state: EpicState, decision: Decision, key: str) -> str:
        """A clicked detachment "det:N" as the one option naming it (why.py)."""
        from arbitre.games.epic.why import why_key

        return why_key(state, decision, key)

    def choice_text(self, state: EpicState, decision: Decision, key: str) -> Msg | None:
        """A point key "x,y" in words for the log, read before it is played (why.py)."""
        from arbitre.games.epic.why import choice_text

        return choice_text(state, decision, key)

    def events(self, state: EpicState) -> Sequence[Msg]:
        return list(state.log)

    def snapshot(self, state: EpicState) -> Any:
        return state.snapshot()

    def options_schema(self) -> Sequence[ConfigOption]:
        return options_schema()

    def rule_ids(self) -> Sequence[str]:
        return RULE_IDS

    def agents(self) -> Mapping[str, AgentFactory]:
        from arbitre.games.epic.ai import AGENTS
        from arbitre.games.epic.mcts_plugin import AGENT as MCTS

        return {**AGENTS, **MCTS}
