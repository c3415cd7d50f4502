"""The Champs de Bataille ruleset: the engine protocol over the frame handlers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.frames import Handler, never, no_auto, no_choice
from arbitre.engine.frames import settle as run_frames
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.engine.ruleset import AgentFactory, ConfigOption, IllegalChoice, Result
from arbitre.games.champs import (
    activation,
    combat,
    hazards,
    losses,
    movement,
    recruit,
    retreat,
    setup,
    turns,
)
from arbitre.games.champs.config import options, resolve
from arbitre.games.champs.state import ChampsState
from arbitre.games.champs.view import build_view, public_view, seat_view

HANDLERS: dict[str, Handler[ChampsState]] = {
    "deploy": Handler(setup.decide_deploy, setup.choose_deploy, setup.auto_deploy),
    "mj_army": Handler(setup.decide_mj_army, setup.choose_mj_army, setup.auto_mj_army),
    "turn": Handler(turns.decide_turn, turns.choose_turn, no_auto),
    "consent": Handler(turns.decide_consent, turns.choose_consent, no_auto),
    "activation": Handler(activation.decide_activation, activation.choose_activation, no_auto),
    "trap_cell": Handler(
        activation.decide_trap_cell, activation.choose_trap_cell, activation.auto_trap_cell
    ),
    "move": Handler(movement.decide_move, movement.choose_move, movement.auto_move),
    "travel": Handler(never, no_choice, movement.auto_travel),
    "combat": Handler(combat.decide_combat, combat.choose_combat, combat.auto_combat),
    "loss": Handler(losses.decide_loss, losses.choose_loss, losses.auto_loss),
    "retreat": Handler(retreat.decide_retreat, retreat.choose_retreat, retreat.auto_retreat),
    "trap": Handler(never, no_choice, hazards.auto_trap),
    "overflow": Handler(hazards.decide_overflow, hazards.choose_overflow, hazards.auto_overflow),
    "recruit": Handler(recruit.decide_recruit, recruit.choose_recruit, recruit.auto_recruit),
}

RULE_IDS = tuple(f"CB-{i}" for i in range(1, 72))


def settle(s: ChampsState) -> None:
    """Run automatic work until a person must choose or the game is over."""
    run_frames(s, HANDLERS)


class Champs:
    """Champs de Bataille: 1–4 players and their heroes against the MJ (seed 004)."""

    id = "champs"
    version = "1"

    def seats(self, config: Mapping[str, Any]) -> tuple[str, ...]:
        players = resolve(config).players
        return (*(f"p{i + 1}" for i in range(players)), "mj")

    def new(self, config: Mapping[str, Any], seed: int) -> ChampsState:
        s = setup.new_state(dict(config), seed)
        settle(s)
        return s

    def decision(self, state: ChampsState) -> Decision | None:
        return state.cached

    def apply(self, state: ChampsState, key: str) -> None:
        decision = state.cached
        if decision is None:
            raise IllegalChoice(Msg("engine.illegal.game_over"))
        if decision.find(key) is None:
            from arbitre.games.champs.explain import why_not

            raise IllegalChoice(why_not(state, decision, key))
        state.log = []
        top = state.stack[-1]
        HANDLERS[top.kind].choose(state, top, key)
        settle(state)

    def why_not(self, state: ChampsState, decision: Decision, key: str) -> Msg | None:
        """Why `key` is not a choice of `decision` here, naming the CB- rule (explain.py)."""
        from arbitre.games.champs.explain import reason

        return reason(state, decision, key)

    def why_key(self, state: ChampsState, decision: Decision, key: str) -> str:
        """The option key a clicked cell, unit or hero stands for in `decision`."""
        from arbitre.games.champs.explain import why_key

        return why_key(state, decision, key)

    def result(self, state: ChampsState) -> Result | None:
        if not state.over:
            return None
        o = state.outcome
        n = len(state.seats)
        winner = o["winner"]
        if winner == "draw":
            scores = tuple([0.5] * n)
        else:
            players = 1.0 if winner == "players" else 0.0
            scores = (*([players] * (n - 1)), 1.0 - players)
        details = {
            "winner": winner,
            "reason": o["reason"],
            "rounds": o["round"],
            "destiny": {state.seats[h.seat]: h.destiny for h in state.heroes},
            "captured": [state.seats[h.seat] for h in state.heroes if h.captured],
            "units": {
                "players": sum(1 for u in state.units.values() if u.side == 0),
                "mj": sum(1 for u in state.units.values() if u.side == 1),
            },
        }
        return Result(
            scores,
            Msg(
                f"champs.result.{winner}",
                {"reason": o["reason"]},
                o["rule"],
            ),
            details,
        )

    def view(self, state: ChampsState, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    # What every seat's view holds alike, and a seat's view made from it (`view` =
    # `seat_view(…, public_view(…))`): the server builds the public part once for all the
    # seats of a moment (server/live.py).
    public_view = staticmethod(public_view)
    seat_view = staticmethod(seat_view)

    def clone(self, state: ChampsState) -> ChampsState:
        twin = state.copy()
        twin.cached = state.cached  # decisions are immutable; sharing is safe
        return twin

    def determinize(self, state: ChampsState, seat: int, rng: Rng) -> ChampsState:
        """Resample what `seat` cannot see: deck order, future dice, hidden enemy traps."""
        twin = self.clone(state)
        rng.shuffle(twin.deck)
        rng.shuffle(twin.mj_deck)
        twin.rng = Rng(rng.next64())
        if not state.rules.traps_visible:
            side = state.side_of_seat(seat)
            known = state.known_traps(side)
            hidden = [c for c in twin.traps if c not in known]
            free = [
                c
                for c in range(twin.geo.size)
                if c not in twin.bf.obstacles and (c not in twin.traps or c in hidden)
            ]
            removed = [(twin.traps.pop(c), twin.trap_owner.pop(c, seat)) for c in hidden]
            for sd, owner in removed:
                new = free.pop(rng.below(len(free)))
                twin.traps[new] = sd
                twin.trap_owner[new] = owner
            if hidden:
                settle(twin)  # the pending decision is asked again of the resampled board
        return twin

    def events(self, state: ChampsState) -> Sequence[Msg]:
        return list(state.log)

    def snapshot(self, state: ChampsState) -> Any:
        return state.snapshot()

    def options_schema(self) -> Sequence[ConfigOption]:
        return options()

    def rule_ids(self) -> Sequence[str]:
        return RULE_IDS

    def agents(self) -> Mapping[str, AgentFactory]:
        from arbitre.games.champs.ai import AGENTS
        from arbitre.games.champs.mcts_plugin import AGENT as MCTS

        return {**AGENTS, **MCTS}
