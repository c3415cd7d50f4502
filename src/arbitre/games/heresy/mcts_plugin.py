"""What L'Hérésie d'Horus lends the engine's IS-MCTS (`arbitre.engine.mcts`).

- rollout policy: random by default, the heuristic `ai` with `mcts:rollout=heuristic`;
- evaluation at the depth cut-off: the heuristic AI's position value (`ai.evaluate.Board`:
  material, spaceports toward HH-40.1, threats on the commanders HH-39.9…) for the
  Imperium, its gain since the search's root squashed to a win chance; the Traitor gets
  its complement;
- canonical order: the cards `seat` cannot see sorted before each search, so that the
  search depends on what the seat knows, exactly;
- grouping: options with the same text (identical copies of a unit in one zone, the same
  card twice) are one option to the search.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.mcts import MctsPlugin, factory
from arbitre.engine.ruleset import AgentFactory

SCALE = 8.0  # value points of gain for which the chance moves from 50 % to 73 %


def evaluate(ruleset: Any, state: Any, root: Any) -> Sequence[float]:
    """Both seats' chances from the Imperium's heuristic value of the position, as its
    gain since the search's root (the value is far from zero at the start: 44.5 in
    Brother against Brother, so its absolute would saturate the sigmoid)."""
    from arbitre.games.heresy.ai.context import Ctx
    from arbitre.games.heresy.ai.evaluate import Board, sigmoid

    gain = Board(Ctx(state, 0)).value() - Board(Ctx(root, 0)).value()
    p = sigmoid(gain / SCALE)
    return (p, 1.0 - p)


def group(state: Any, decision: Decision) -> Sequence[str]:
    """One key per distinct option text: identical copies are one choice."""
    return same_text(decision)


def same_text(decision: Decision) -> list[str]:
    seen: set[Any] = set()
    keys = []
    for o in decision.options:
        mark = (o.text.key, tuple(sorted((k, str(v)) for k, v in dict(o.text.args).items())))
        if mark not in seen:
            seen.add(mark)
            keys.append(o.key)
    return keys


def canon(ruleset: Any, state: Any, seat: int) -> Any:
    """A copy with every card `seat` cannot see sorted (`view.rearrange_hidden`)."""
    from arbitre.games.heresy.view import rearrange_hidden

    twin = state.copy()
    rearrange_hidden(twin, seat, _sort)
    return twin


def _sort(items: list[Any]) -> None:
    items.sort(key=repr)


def _heuristic(seed: int) -> Any:
    from arbitre.games.heresy.ai import HeresyAI

    return HeresyAI(seed)


PLUGIN = MctsPlugin(
    heuristic=_heuristic,
    evaluate=evaluate,
    group=group,
    canon=canon,
    depth=40,
    iterations=200,
)
AGENT: Mapping[str, AgentFactory] = {"mcts": factory(PLUGIN)}
