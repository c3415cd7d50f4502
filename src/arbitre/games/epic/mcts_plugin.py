"""What the NetEpic battle lends the engine's IS-MCTS (`arbitre.engine.mcts`).

- rollout policy: random by default, the greedy `ai` with `mcts:rollout=heuristic`;
- evaluation at the depth cut-off: each army's share of the wounds left on the table
  and aboard, each objective held (EP-9) counting as much as a tenth of the armies;
- grouping: options with the same text are one option to the search.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.mcts import MctsPlugin, factory
from arbitre.engine.ruleset import AgentFactory
from arbitre.games.heresy.mcts_plugin import same_text


def evaluate(ruleset: Any, state: Any, root: Any = None) -> Sequence[float]:
    """Both armies' chances as their share of wounds and objectives."""
    got = [0.0, 0.0]
    for st in (*state.stands.values(), *state.aboard.values()):
        got[st.side] += max(0, st.wounds)
    total = got[0] + got[1]
    bonus = 0.1 * total
    for holder in state.objectives:
        if holder in (0, 1):
            got[holder] += bonus
    total = got[0] + got[1]
    p = 0.5 if total <= 0 else got[0] / total
    return (p, 1.0 - p)


def group(state: Any, decision: Decision) -> Sequence[str]:
    return same_text(decision)


def _heuristic(seed: int) -> Any:
    from arbitre.games.epic.ai import EpicAI

    return EpicAI(seed)


PLUGIN = MctsPlugin(heuristic=_heuristic, evaluate=evaluate, group=group, depth=40, iterations=150)
AGENT: Mapping[str, AgentFactory] = {"mcts": factory(PLUGIN)}
