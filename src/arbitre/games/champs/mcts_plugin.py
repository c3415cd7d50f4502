"""What Champs de Bataille lends the engine's IS-MCTS (`arbitre.engine.mcts`).

- rollout policy: random by default, the heuristic AI (`mj`/`players`) with
  `mcts:rollout=heuristic`;
- evaluation at the depth cut-off: the share of material (units by the AI's values,
  heroes still free) of each side, the MJ's progress on the players' start line
  (AMB-CB-24) counting toward its share;
- canonical order: both decks sorted and the hidden traps listed by owner before each
  search, so that the search depends on what the seat knows, exactly;
- grouping: options with the same text are one option to the search.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.mcts import MctsPlugin, factory
from arbitre.engine.ruleset import AgentFactory
from arbitre.games.heresy.mcts_plugin import same_text

HERO = 3.0  # a hero still in play, in unit values


def evaluate(ruleset: Any, state: Any, root: Any = None) -> Sequence[float]:
    """Each seat's chance as its side's share of the material on the field."""
    from arbitre.games.champs.ai.values import unit_value
    from arbitre.games.champs.state import MJ, PLAYERS

    got = [0.0, 0.0]
    for u in state.units.values():
        got[u.side] += unit_value(u)
    got[PLAYERS] += HERO * sum(1 for h in state.heroes if not h.captured)
    hold = max(1, int(getattr(state.bf, "hold", 3) or 3))
    got[MJ] *= 1.0 + state.line_held / hold
    total = got[0] + got[1]
    players = 0.5 if total <= 0 else got[PLAYERS] / total
    n = len(state.seats)
    return tuple(1.0 - players if i == n - 1 else players for i in range(n))


def group(state: Any, decision: Decision) -> Sequence[str]:
    return same_text(decision)


def canon(ruleset: Any, state: Any, seat: int) -> Any:
    """A copy whose hidden parts for `seat` are in a canonical order: both decks sorted,
    the hidden enemy traps listed by (side, owner) (their cells are resampled anyway)."""
    twin = ruleset.clone(state)
    twin.deck.sort()
    twin.mj_deck.sort()
    if not state.rules.traps_visible:
        known = state.known_traps(state.side_of_seat(seat))
        hidden = [c for c in twin.traps if c not in known]
        if hidden:
            order = sorted(hidden, key=lambda c: (twin.traps[c], twin.trap_owner.get(c, -1), c))
            kept = {c: sd for c, sd in twin.traps.items() if c in known}
            twin.traps = {**kept, **{c: twin.traps[c] for c in order}}
    return twin


def _heuristic(seed: int) -> Any:
    from arbitre.games.champs.ai import ChampsAI

    return ChampsAI(seed)


PLUGIN = MctsPlugin(
    heuristic=_heuristic,
    evaluate=evaluate,
    group=group,
    canon=canon,
    depth=60,
    iterations=200,
)
AGENT: Mapping[str, AgentFactory] = {"mcts": factory(PLUGIN)}
