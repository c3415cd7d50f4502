"""The PettingZoo adapter: an AEC environment per game (issue 15, part 2)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped, unused-ignore]

from arbitre.interop.observation import SIZE
from arbitre.interop.pettingzoo import env

GAMES = ("champs", "heresy", "epic")


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("game", GAMES)
def test_api_and_seed_tests_pass(game: str) -> None:
    api_test(env(game, max_decisions=80), num_cycles=200, verbose_progress=False)
    seed_test(lambda: env(game, max_decisions=40), num_cycles=50)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_api_test_passes_on_a_whole_game() -> None:
    api_test(env("champs"), num_cycles=2000, verbose_progress=False)


def test_observation_and_mask() -> None:
    e = env("heresy", scenario="cry_havoc")
    e.reset(seed=3)
    assert e.possible_agents == ["imperium", "traitor"]
    agent = e.agent_selection
    obs = e.observe(agent)
    assert obs["observation"].shape == (SIZE,) and obs["observation"].dtype == np.float32
    d = e.ruleset.decision(e.state)
    assert d is not None
    assert int(obs["action_mask"].sum()) == len(d.options)
    other = next(a for a in e.agents if a != agent)
    assert int(e.observe(other)["action_mask"].sum()) == 0


def test_a_game_plays_to_its_rewards_with_masked_actions() -> None:
    e = env("epic")
    e.reset(seed=1)
    rng = np.random.default_rng(0)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(max_iter=5000):
        obs, reward, terminated, truncated, _info = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    assert sorted(total.values()) == [0.0, 1.0]
    assert not e.agents


def test_same_seed_same_game() -> None:
    def play(seed: int) -> list[int]:
        e = env("champs")
        e.reset(seed=seed)
        picks: list[int] = []
        for _ in range(60):
            obs, *_ = e.last()
            legal = np.flatnonzero(obs["action_mask"])
            picks.append(int(legal[len(picks) % len(legal)]))
            e.step(picks[-1])
            picks.append(int(e.observe(e.agent_selection)["observation"].sum() * 1000))
        return picks

    assert play(4) == play(4)
    assert play(4) != play(5)
