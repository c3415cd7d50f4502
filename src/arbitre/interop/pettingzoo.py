"""PettingZoo adapter: `env("heresy", scenario="cry_havoc")` is an AEC environment.

- Agents are the game's seats by name (`imperium`, `traitor`; `p1`, `p2`, `mj`; …); the
  agent to act is the seat of the current decision (a seat may act several times in a row).
- Actions: `Discrete(MAX_ACTIONS[game])`, the index of an option of the current decision;
  `observe(agent)` is `{"observation": float32[SIZE], "action_mask": int8[MAX_ACTIONS]}`,
  the mask marking the options of the current decision for the agent to act (all zeros
  for the others). The observation is `arbitre.interop.observation.encode`: only what
  that seat may see, the same fixed size (`SIZE`) for every game.
- Rewards come at the end: each seat's `Result.scores` (1 win, 0 loss, 0.5 draw).
- `reset(seed=n)` starts the game with seed n (no seed: one drawn from the env's RNG);
  the same seed and actions give the same game.
- `max_decisions=N` (0: none) truncates the game after N decisions (every seat
  truncated, no reward): short episodes for tests and training.
- The remaining keyword arguments are the game's config (`arbitre rules GAME`).

PettingZoo and Gymnasium are optional dependencies, imported here only.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped, unused-ignore]

from arbitre.engine.registry import get
from arbitre.interop.observation import SIZE, encode

MAX_ACTIONS = {"champs": 256, "heresy": 256, "epic": 128}


class ArbitreEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """One of our games as a PettingZoo AEC environment."""

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        max_decisions: int = 0,
        **config: Any,
    ) -> None:
        super().__init__()
        self.ruleset = get(game)
        self.game = game
        self.config = dict(config)
        self.cut = int(max_decisions)
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"arbitre_{game}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = list(self.ruleset.seats(self.config))
        self.max_actions = MAX_ACTIONS.get(game, 256)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.max_actions,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(self.max_actions)
        self.np_random, _ = seeding.np_random(None)
        self.state: Any = None
        self.decisions = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(0, 2**31))
        self.state = self.ruleset.new(self.config, game_seed)
        self.decisions = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        d = self.ruleset.decision(self.state)
        if d is not None:
            self.agent_selection = self.possible_agents[d.seat]
            for a in self.agents:
                self.infos[a] = {"decision": d.kind} if a == self.agent_selection else {}

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.max_actions, np.int8)
        d = self.ruleset.decision(self.state)
        if d is not None and d.seat == seat and not self._ended():
            mask[: min(len(d.options), self.max_actions)] = 1
        obs: npt.NDArray[np.float32] = encode(self.ruleset, self.state, seat)
        return {"observation": obs, "action_mask": mask}

    def _ended(self) -> bool:
        return all(self.terminations.values()) or all(self.truncations.values())

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        d = self.ruleset.decision(self.state)
        assert d is not None and action is not None and 0 <= int(action) < len(d.options), (
            f"{agent}: action {action} is not one of the {0 if d is None else len(d.options)} "
            "options (see the action_mask)"
        )
        self._cumulative_rewards[agent] = 0.0
        self.ruleset.apply(self.state, d.options[int(action)].key)
        self.decisions += 1
        result = self.ruleset.result(self.state)
        if result is not None:
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = float(result.scores[i])
                self.terminations[a] = True
        elif self.cut and self.decisions >= self.cut:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return json.dumps(self.ruleset.view(self.state, None), sort_keys=True, default=str)

    def close(self) -> None:
        pass


def env(game: str, **kwargs: Any) -> ArbitreEnv:
    """The AEC environment of `game` (`champs`, `heresy`, `epic`); see the module."""
    return ArbitreEnv(game, **kwargs)


__all__ = ["MAX_ACTIONS", "ArbitreEnv", "env"]
