"""The agent: one `HeresyAI` answers every decision of either seat, by decision kind.

It keeps no memory of the game (each answer is recomputed from what the seat sees), only a
cache of the last planner, keyed by public facts, so that the picks of one action (action,
card, sector, target...) do not weigh the same plans again. An answer that fails or is not
offered falls back to a safe key (counted in `errors`; `strict` raises instead, for tests).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.rng import Rng
from arbitre.games.heresy.ai import actions, chores, combat, deploy, moving
from arbitre.games.heresy.ai.context import Ctx
from arbitre.games.heresy.ai.plans import Planner
from arbitre.games.heresy.state import HeresyState

Answer = Callable[[Planner, Decision], str]

_BY_KIND: dict[str, Answer] = {
    "heresy.action": actions.action,
    "heresy.place.card": actions.place_card,
    "heresy.place.pile": actions.place_pile,
    "heresy.map.card": actions.map_card,
    "heresy.hand.card": actions.hand_card,
    "heresy.hand.sector": actions.hand_sector,
    "heresy.draw": actions.draw,
    "heresy.bury": actions.bury,
    "heresy.order_draw.discard": actions.order_draw_discard,
    "heresy.order_draw.recover": actions.order_draw_recover,
    "heresy.event.orders": actions.event_orders,
    "heresy.event.orders_sector": actions.event_orders_sector,
    "heresy.move.destination": moving.destination,
    "heresy.move.units": moving.units,
    "heresy.move.to": moving.move_to,
    "heresy.move.fly": moving.fly,
    "heresy.landing.target": moving.landing_target,
    "heresy.landing.source": moving.landing_source,
    "heresy.landing.units": moving.landing_units,
    "heresy.tanks": moving.tanks,
    "heresy.vigor": moving.vigor,
    "heresy.event.move_from": moving.event_from,
    "heresy.event.move_to": moving.event_to,
    "heresy.event.move_units": moving.event_units,
    "heresy.event.place_zone": moving.place_zone,
    "heresy.event.place_units": moving.place_units,
    "heresy.event.heal": chores.heal,
    "heresy.battle.target": combat.target,
    "heresy.battle.origin": combat.origin,
    "heresy.battle.fly": combat.fly,
    "heresy.battle.ability": combat.ability,
    "heresy.battle.engage": combat.engage,
    "heresy.battle.first": combat.first,
    "heresy.battle.play": combat.play,
    "heresy.battle.counter": combat.counter,
    "heresy.battle.shields": combat.shields,
    "heresy.battle.assign": combat.assign,
    "heresy.battle.pick": combat.pick,
    "heresy.battle.rout": combat.rout,
    "heresy.battle.rout_stay": combat.rout,
    "heresy.battle.advance": combat.advance,
    "heresy.corruption": chores.corruption,
    "heresy.bombard.zone": chores.bombard_zone,
    "heresy.bombard.mode": chores.bombard_mode,
    "heresy.bombard.choose": chores.bombard_choose,
    "heresy.bombard.breach": chores.bombard_breach,
    "heresy.bombard.damage": chores.damage,
    "heresy.lasers": chores.lasers,
    "heresy.stacking": chores.stacking,
    "heresy.coexistence": chores.coexistence,
    "heresy.setup.impassable": chores.impassable,
}
_TOKENS: dict[str, Answer] = {
    "heresy.token": chores.token,
    "heresy.setup.landing_pile": actions.landing_pile,
}
_EFFECTS = ("heresy.battle.effect", "heresy.battle.free")
_SAFE = ("done", "ignore", "none", "accept", "pass", "decline")


class HeresyAI:
    """A heuristic player for either seat of L'Hérésie d'Horus (see the package docstring).

    `blunders`: the share of decisions answered at random ("ai-easy"); `strict` raises
    on any failure instead of falling back to a safe key (tests)."""

    def __init__(self, seed: int = 0, strict: bool = False, blunders: float = 0.0) -> None:
        self.rng = Rng.from_seed(seed)
        self.strict = strict
        self.blunders = blunders
        self.errors = 0
        self._planner: tuple[tuple[Any, ...], Planner] | None = None
        self._memo: tuple[tuple[Any, ...], dict[tuple[Any, ...], Any]] = ((), {})

    def choose(self, ruleset: Any, state: HeresyState, decision: Decision) -> str:
        keys = decision.keys()
        if len(keys) == 1:
            return keys[0]
        if self.blunders and self.rng.below(1000) < self.blunders * 1000:
            return keys[self.rng.below(len(keys))]
        return self.answer(ruleset, state, decision)

    def answer(self, ruleset: Any, state: HeresyState, decision: Decision, nested: bool = False
               ) -> str:  # fmt: skip
        keys = decision.keys()
        if len(keys) == 1:
            return keys[0]
        key = ""
        try:
            if decision.kind == "heresy.setup.deploy":
                key = deploy.deploy(self, state, decision)
            elif decision.kind in _EFFECTS:
                key = combat.effect(self, self.planner(state, decision.seat), decision, nested)
            elif decision.kind in _BY_KIND:
                key = _BY_KIND[decision.kind](self.planner(state, decision.seat), decision)
            elif decision.kind in _TOKENS:
                key = _TOKENS[decision.kind](self.planner(state, decision.seat), decision)
            else:
                key = chores.probe(self, state, decision, guessed=nested)
        except Exception:
            self.errors += 1
            if self.strict:
                raise
        if key and decision.find(key) is None:
            key = _same_card(key, keys)
        if not key or decision.find(key) is None:
            if self.strict:
                raise AssertionError(f"AI chose {key!r} for {decision.kind}: {keys}")
            key = _safe(keys)
        return key

    def _nested(self, ruleset: Any, state: HeresyState, decision: Decision) -> str:
        return self.answer(ruleset, state, decision, nested=True)

    def planner(self, state: HeresyState, seat: int) -> Planner:
        """The planner of this decision, reused while the public board is the same."""
        sig = _signature(state, seat)
        if self._planner is not None and self._planner[0] == sig:
            return self._planner[1]
        ctx = Ctx(state, seat)
        board = _board_signature(state, seat, ctx.phase)
        if self._memo[0] != board:
            self._memo = (board, {})
        pl = Planner(ctx, self._nested, self._memo[1])
        self._planner = (sig, pl)
        return pl


def _signature(s: HeresyState, seat: int) -> tuple[Any, ...]:
    """Public facts that change with every move, card and marker."""
    return (
        id(s),
        seat,
        s.round,
        tuple(s.pos),
        tuple(sorted(s.hands[seat])),
        tuple(sorted(s.combat_hands[seat])),
        tuple(sorted((z, tuple(sorted(v))) for z, v in s.units.items() if v)),
        tuple(sorted(s.heroes.items())),
        tuple(tuple(sorted(m.items())) for m in s.marks),
        tuple((k, tuple((o, f) for _c, o, f in p)) for k, p in s.piles.items()),
        tuple(s.card_reserve[seat]),
    )


def _board_signature(s: HeresyState, seat: int, phase: float) -> tuple[Any, ...]:
    """What an order's execution is weighed on: the board, the markers, the reserves, the
    Combat decks' sizes and the track's phase; not the hands nor the piles."""
    return (
        id(s.content),
        seat,
        round(phase, 2),
        tuple(sorted((z, tuple(sorted(v))) for z, v in s.units.items() if v)),
        tuple(sorted(s.heroes.items())),
        tuple(sorted(s.hero_damage.items())),
        tuple(tuple(sorted(m.items())) for m in s.marks),
        tuple(tuple(sorted(r.items())) for r in s.reserve),
        tuple(sorted(s.lasers.items())),
        tuple(sorted(s.breaches)),
        tuple(sorted(s.fort_markers)),
        tuple(len(d) for d in s.combat_decks),
        tuple(len(d) for d in s.combat_discards),
        len(s.bombard_deck),
        s.impassable,
    )


def _safe(keys: list[str]) -> str:
    for k in _SAFE:
        if k in keys:
            return k
    return keys[0]


def _same_card(key: str, keys: list[str]) -> str:
    """The offered key for the same card when the plan named another copy: identical
    copies are offered once (as whichever copy is in hand), e.g. `card:x#3` for `card:x`."""
    base = key.partition("#")[0]
    return next((k for k in keys if k.partition("#")[0] == base), key)
