"""The agent: one `ChampsAI` answers every decision of either side, by decision kind.

It is stateless between decisions apart from a guard against re-planning loops, so a person
may take over a seat at any time. An answer that fails or is not offered falls back to a safe
key (and counts in `errors`; `strict` raises instead, for tests).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.rng import Rng
from arbitre.games.champs.ai import combat, setup
from arbitre.games.champs.ai.context import Ctx
from arbitre.games.champs.ai.plans import activation_plans, trap_value, virtual_activation
from arbitre.games.champs.ai.values import MIN_GAIN
from arbitre.games.champs.state import MJ, ChampsState, Frame
from arbitre.games.champs.turns import on_players_line


class ChampsAI:
    """A heuristic player for any seat of Champs de Bataille (see the package docstring)."""

    def __init__(self, seed: int = 0, strict: bool = False) -> None:
        self.rng = Rng.from_seed(seed)
        self.strict = strict
        self.errors = 0
        # guards against re-planning loops: (game, turn, cell, units) -> moves started
        self._move_tries: dict[tuple[int, int, int, int], int] = {}

    def choose(self, ruleset: Any, state: ChampsState, decision: Decision) -> str:
        keys = decision.keys()
        if len(keys) == 1:
            return keys[0]
        handler = _HANDLERS.get(decision.kind)
        key: str | None = None
        if handler is not None:
            try:
                key = handler(self, state, decision)
            except Exception:
                self.errors += 1
                if self.strict:
                    raise
        if key is None or decision.find(key) is None:
            if self.strict and handler is not None:
                raise AssertionError(f"AI chose {key!r} for {decision.kind}: {keys}")
            key = _fallback(keys, self.rng)
        return key

    # -- setup
    def deploy(self, s: ChampsState, dec: Decision) -> str:
        return setup.deploy(s, dec, self.rng)

    # -- turns and activations
    def turn(self, s: ChampsState, dec: Decision) -> str:
        side = s.side_of_seat(dec.seat)
        ctx = Ctx(s, side)
        if side == MJ and ctx.objective() and ctx.decisive() and on_players_line(s):
            return "end"  # the objective is reached at the end of this turn (AMB-CB-24)
        turn = s.stack[-1]
        best, best_key = MIN_GAIN, "end"
        for opt in dec.options:
            if not opt.key.startswith("act:"):
                continue
            cell = s.bf.parse(opt.key[4:])
            if cell is None:
                continue
            plans = activation_plans(ctx, virtual_activation(s, turn, cell))
            if plans[0][0] > best:
                best, best_key = plans[0][0], opt.key
        if dec.find("recruit") is not None and self._free_recruit(s):
            return "recruit"
        return best_key

    def _free_recruit(self, s: ChampsState) -> bool:
        """recruit.mjMode=free: one free recruit per turn while the MJ line has room."""
        key = (id(s), s.turn_counter, -1, -1)
        if self._move_tries.get(key):
            return False
        self._move_tries[key] = 1
        troops = {u.cell for u in s.units.values() if u.side == MJ}
        return len(troops) < 2 * len(s.seats) + 2

    def activation(self, s: ChampsState, dec: Decision) -> str:
        act = s.stack[-1]
        ctx = Ctx(s, s.side_of_seat(dec.seat))
        tries = self._move_tries.get(self._move_key(s, act), 0)
        for value, key, _dest in activation_plans(ctx, act):
            if key == "move" and tries >= 2:
                continue
            if key != "end" and value <= 0.0:
                break
            if key.startswith("trap:"):
                key = "trap"  # the cell is asked next (`trap_cell`)
            if dec.find(key) is not None:
                if key == "move":
                    self._move_tries[self._move_key(s, act)] = tries + 1
                return key
        return "end"

    def _move_key(self, s: ChampsState, act: Frame) -> tuple[int, int, int, int]:
        if len(self._move_tries) > 2000:
            self._move_tries.clear()
        return (id(s), s.turn_counter, act.data["cell"], len(act.data["units"]))

    def move(self, s: ChampsState, dec: Decision) -> str:
        mv, act = s.stack[-1], s.stack[-2]
        if mv.data["moved"]:
            return "stop"
        ctx = Ctx(s, s.side_of_seat(dec.seat))
        for _value, key, dest in activation_plans(ctx, act):
            if key == "move":
                choice = f"to:{s.bf.label(dest)}"
                if dec.find(choice) is not None:
                    return choice
        return "stop"

    def trap_cell(self, s: ChampsState, dec: Decision) -> str:
        """Where to lay the trap: the cell the plans rate best (CB-17, AMB-CB-16c)."""
        side = s.side_of_seat(dec.seat)
        ctx = Ctx(s, side)
        best, best_key = -1.0, dec.keys()[0]
        for option in dec.options:
            key = option.key
            cell = s.bf.parse(key[5:])
            value = -1.0 if cell is None else trap_value(ctx, cell, side, leaving=False)
            if value > best:
                best, best_key = value, key
        return best_key

    # -- consents
    def consent(self, s: ChampsState, dec: Decision) -> str:
        return "agree"  # allies: let a teammate lead a troop holding my hero (CB-38)


def _fallback(keys: list[str], rng: Rng) -> str:
    for safe in ("end", "stop", "go", "pass", "stay", "agree", "lend"):
        if safe in keys:
            return safe
    return keys[rng.below(len(keys))]


_Handler = Callable[[ChampsAI, ChampsState, Decision], str]


def _answer(fn: Callable[[ChampsState, Decision], str]) -> _Handler:
    """A handler for an answer that needs nothing from the agent."""
    return lambda _ai, s, dec: fn(s, dec)


_HANDLERS: dict[str, _Handler] = {
    "champs.mj.army": _answer(setup.mj_army),
    "champs.deploy": ChampsAI.deploy,
    "champs.turn": ChampsAI.turn,
    "champs.activation": ChampsAI.activation,
    "champs.move": ChampsAI.move,
    "champs.trap": ChampsAI.trap_cell,
    "champs.support": _answer(combat.support),
    "champs.support.consent": _answer(combat.support_consent),
    "champs.skill.voleur": _answer(combat.thief),
    "champs.skill.templier": _answer(combat.templar),
    "champs.skill.give": _answer(combat.give),
    "champs.reattack": _answer(combat.reattack),
    "champs.advance": _answer(combat.advance),
    "champs.loss": _answer(combat.loss),
    "champs.retreat": _answer(combat.retreat),
    "champs.overflow": _answer(combat.overflow),
    "champs.recruit.type": _answer(setup.recruit_type),
    "champs.recruit.place": _answer(setup.recruit_place),
    "champs.consent.activate": ChampsAI.consent,
}
