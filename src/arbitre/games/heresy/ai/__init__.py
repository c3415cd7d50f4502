"""AI players for L'Hérésie d'Horus: one heuristic agent for either seat.

Each answer is recomputed from what the seat may see (context.Ctx; hidden cards only ever
through sample.guess, which gives the same guess for any two states that differ in hidden
things only), so a person may take over a seat at any time:

* the action step (`plans`): every order in hand, on top of one's piles or in the card
  reserve is weighed in every sector, by running the engine's own effect on a scratch copy
  to see what it does (attack, movement, landing, reinforcement), minus the initiative it
  costs (INITIATIVE per point) and the card it spends; placing weighs a later execution;
  drawing and burying have small fixed values;
* positions (`evaluate`): material, each spaceport as the chance each side keeps or gets
  it (the Traitor's landings weighing on Imperial and empty zones; more as the 'Spaceport
  Victory Possible' space nears, HH-40.1), the threat on each commander's zone (boarding
  actions included, HH-39.9), unsupported Heroes, stacking;
* battles (`odds`, `fight`, `combat`): a Monte Carlo model over the cards each side may
  draw decides attacks, who opens, retreats; cards are played strongest first, shields and
  counters when they save more than they cost, effects by trying them on a guess;
* movement (`moves`, `moving`): greedy single moves on the what-if board; landings
  (`landings`) weigh the defense lasers (HH-36.13) and the coexistence battle to come;
* setup and the rest (`chores`, `deploy`): a chosen deployment that foresees the
  Traitor's pieces and the setup corruption, impassable zones for one's side, corruption
  where a turned unit changes most, bombardment by expected damage over the Bombardment
  deck, and a one-step look-ahead for any decision without a rule of its own.

Agents: `ai` (full strength), `ai-easy` (one decision in four at random).
"""

from __future__ import annotations

from collections.abc import Mapping

from arbitre.engine.ruleset import AgentFactory
from arbitre.games.heresy.ai.agent import HeresyAI


def _full(seed: int) -> HeresyAI:
    return HeresyAI(seed)


def _easy(seed: int) -> HeresyAI:
    return HeresyAI(seed, blunders=0.25)


AGENTS: Mapping[str, AgentFactory] = {"ai": _full, "ai-easy": _easy}

__all__ = ["AGENTS", "HeresyAI"]
