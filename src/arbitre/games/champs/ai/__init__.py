"""AI players for Champs de Bataille: a game master (`mj`) and the players' side (`players`).

One heuristic agent answers every decision of either side. It is stateless between decisions
(each answer is recomputed from the state), so a person may take over a seat at any time:

* an activation is planned as a whole (`plans`): for each troop, every legal action (attack,
  fire, trap, reload, recruit) and every reachable destination (move before or after the
  action) is scored with a one-step look-ahead on the position, and the best plan's first step
  is played; the next decision replays the same evaluation, so the plan is followed without
  being stored;
* combats are scored with the exact odds of `odds` on the real pools (support dice included,
  CB-67/68; each supporter risks a unit on a loss, CB-69), and the hero skills use the odds
  policy helpers (CB-49, CB-50) (`combat`);
* positions are scored (`evaluate`) with: material, the MJ's objective (AMB-CB-24: a unit on
  the players' start line at the end of `bf.hold` MJ turns in a row, Air Soldiers only if
  `bf.flyers_count`), the danger from enemy troops able to strike next turn, and catapult
  safety (never next to an enemy when avoidable; targets in range 2-5, CB-15).

Modules: `agent` (the agent and its answers by decision kind), `context` (the view of one
state), `values`, `evaluate`, `combat`, `plans`, `setup` (army, deployment, recruitment).
"""

from __future__ import annotations

from collections.abc import Mapping

from arbitre.engine.ruleset import AgentFactory
from arbitre.games.champs.ai.agent import ChampsAI


def _factory(seed: int) -> ChampsAI:
    return ChampsAI(seed)


AGENTS: Mapping[str, AgentFactory] = {"mj": _factory, "players": _factory}

__all__ = ["AGENTS", "ChampsAI"]
