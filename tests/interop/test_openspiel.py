"""The OpenSpiel adapter: our games as registered Python games (issue 15, part 2)."""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
os_mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

import arbitre.interop.openspiel  # noqa: E402, F401  registers arbitre_* with pyspiel
from arbitre.engine import get  # noqa: E402
from arbitre.interop.observation import SIZE  # noqa: E402

NAMES = ("arbitre_champs", "arbitre_heresy", "arbitre_epic")


def test_games_are_registered() -> None:
    registered = set(pyspiel.registered_names())
    assert set(NAMES) <= registered
    game = pyspiel.load_game("arbitre_heresy")
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.num_players() == 2
    assert pyspiel.load_game("arbitre_champs").num_players() == 3


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test_passes(name: str) -> None:
    game = pyspiel.load_game(name, {"max_decisions": 40, "seed": 2})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_legal_actions_are_option_indices_and_strings_come_from_the_view() -> None:
    game = pyspiel.load_game("arbitre_heresy", {"seed": 4})
    state = game.new_initial_state()
    ours = state.core.state
    d = get("heresy").decision(ours)
    assert d is not None
    assert state.current_player() == d.seat
    assert state.legal_actions() == list(range(len(d.options)))
    mask = state.legal_actions_mask()
    assert sum(mask) == len(d.options) and len(mask) == game.num_distinct_actions()
    assert state.action_to_string(d.seat, 0) == d.options[0].key
    p = d.seat
    view = get("heresy").view(ours, p)
    assert json.loads(state.observation_string(p)) == json.loads(json.dumps(view, default=str))
    assert state.information_state_string(p).startswith(state.observation_string(p))
    assert len(state.observation_tensor(p)) == SIZE


def test_private_choices_stay_out_of_the_other_information_state() -> None:
    game = pyspiel.load_game("arbitre_heresy", {"seed": 1})
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while not state.is_terminal() and len(state.history()) < 60:
        state.apply_action(int(rng.choice(state.legal_actions())))
    seen = state.core.seen
    assert any(":?" in entry for entry in seen[0] + seen[1])
    for p in (0, 1):
        for entry in seen[p]:
            seat = int(entry.split(":")[0])
            if entry.endswith(":?"):
                assert seat != p


def test_resample_keeps_the_information_state() -> None:
    """`resample_from_infostate` determinizes: what the seat knows does not change."""
    game = pyspiel.load_game("arbitre_heresy", {"seed": 3})
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(25):
        state.apply_action(int(rng.choice(state.legal_actions())))
    p = state.current_player()
    twin = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert twin.information_state_string(p) == state.information_state_string(p)
    assert twin.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_ismcts_plays_our_games(name: str) -> None:
    game = pyspiel.load_game(name, {"max_decisions": 20, "seed": 5})
    rs = np.random.RandomState(1)
    evaluator = os_mcts.RandomRolloutEvaluator(1, rs)
    bot = ismcts.ISMCTSBot(
        game, evaluator, 1.4, 6, random_state=rs, allow_inconsistent_action_sets=True
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) == 20
    assert state.returns() == [0.5] * game.num_players()  # truncated: a draw


def test_a_whole_game_ends_with_the_result() -> None:
    game = pyspiel.load_game("arbitre_epic", {"seed": 2})
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert sorted(state.returns()) == [0.0, 1.0]
