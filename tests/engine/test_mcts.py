"""The engine's IS-MCTS (`arbitre.engine.mcts`) and the `mcts` agent of every game."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from typer.testing import CliRunner

from arbitre.engine import Decision, Msg, Option, Result, Rng, get
from arbitre.engine.agents import agent_names, known_agent, make_agent
from arbitre.engine.mcts import MctsAgent, MctsPlugin, Params, parse_params

GAMES = ("champs", "heresy", "epic")


def _plugin(game: str) -> MctsPlugin:
    module = __import__(f"arbitre.games.{game}.mcts_plugin", fromlist=["PLUGIN"])
    plugin: MctsPlugin = module.PLUGIN
    return plugin


# --- a toy game: take 1 or 2 from a heap, who takes the last wins --------------------------


@dataclass
class Heap:
    left: int
    turn: int = 0
    rng: Rng = field(default_factory=Rng)


class Nim:
    id = "nim"
    version = "1"

    def seats(self, config: Any) -> tuple[str, ...]:
        return ("a", "b")

    def new(self, config: Any, seed: int) -> Heap:
        return Heap(int(config.get("heap", 7)))

    def decision(self, s: Heap) -> Decision | None:
        if s.left <= 0:
            return None
        keys = [str(n) for n in (1, 2) if n <= s.left]
        return Decision(s.turn, "nim.take", tuple(Option(k, Msg("x")) for k in keys), Msg("x"))

    def apply(self, s: Heap, key: str) -> None:
        s.left -= int(key)
        if s.left > 0:
            s.turn = 1 - s.turn

    def result(self, s: Heap) -> Result | None:
        if s.left > 0:
            return None
        return Result((1.0, 0.0) if s.turn == 0 else (0.0, 1.0), Msg("x"))

    def clone(self, s: Heap) -> Heap:
        return Heap(s.left, s.turn, s.rng.copy())

    def determinize(self, s: Heap, seat: int, rng: Rng) -> Heap:
        return self.clone(s)


def test_mcts_finds_the_winning_take_in_a_toy_game() -> None:
    """From 7 (or 4), taking 1 leaves a multiple of 3: the only winning move."""
    nim = Nim()
    for heap in (7, 4, 5):
        s = nim.new({"heap": heap}, 0)
        agent = MctsAgent(1, params=Params(iterations=400, seconds=0, depth=50))
        d = nim.decision(s)
        assert d is not None
        assert agent.choose(nim, s, d) == str(heap % 3)


def test_tree_statistics_add_up() -> None:
    nim = Nim()
    s = nim.new({"heap": 8}, 0)
    agent = MctsAgent(2, params=Params(iterations=120, seconds=0))
    root = agent.search(nim, s, 0)  # type: ignore[arg-type]
    assert agent.last_iterations == 120
    assert sum(c.visits for c in root.children.values()) == 120
    assert all(c.avail >= c.visits >= 1 for c in root.children.values())
    assert s.left == 8  # the searched state was not touched


# --- parameters ---------------------------------------------------------------------------


def test_parameters_parse_with_any_separator() -> None:
    p = parse_params("iterations=40:seconds=0.5;rollout=heuristic,depth=7")
    assert (p.iterations, p.seconds, p.rollout, p.depth) == (40, 0.5, "heuristic", 7)


@pytest.mark.parametrize(
    "bad", ["iterations=0", "iterations=x", "rollout=smart", "speed=3", "depth", "c=nan"]
)
def test_bad_parameters_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_params(bad)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_offers_mcts_with_parameters(game: str) -> None:
    r = get(game)
    assert "mcts" in agent_names(r)
    assert known_agent(r, "mcts:iterations=40:rollout=heuristic")
    assert not known_agent(r, "mcts:iterations=-1")
    assert not known_agent(r, "ai:iterations=4")
    agent = make_agent(r, "mcts:iterations=40:depth=9", 3)
    assert isinstance(agent, MctsAgent)
    assert (agent.params.iterations, agent.params.depth) == (40, 9)
    assert agent.params.seconds == 0  # an iteration budget alone: reproducible
    timed = make_agent(r, "mcts:seconds=0.5", 3)
    assert isinstance(timed, MctsAgent)
    assert timed.params.seconds == 0.5 and timed.params.iterations >= 100_000
    default = make_agent(r, "mcts", 3)
    assert isinstance(default, MctsAgent)
    assert default.params.seconds <= 2.0  # the default thinks ≤ 2 s per decision


# --- secrecy and reproducibility ------------------------------------------------------------


def _midgame(game: str, steps: int) -> Any:
    """A state some random decisions into a game, at a decision with several options."""
    r = get(game)
    s = r.new({}, 7)
    rng = Rng.from_seed(1)
    for i in range(400):
        d = r.decision(s)
        assert d is not None
        if i >= steps and len(d.options) >= 3:
            return s
        r.apply(s, d.options[rng.below(len(d.options))].key)
    raise AssertionError("no decision with 3 options")


@pytest.mark.parametrize("game", GAMES)
def test_mcts_sees_only_its_seat_state_and_twin_give_the_same_choice(game: str) -> None:
    """The search reads the state only through determinize: on a determinized twin (the
    hidden cards, orders, traps and future dice resampled) it makes the same choice with
    the same seed, and it is reproducible."""
    r = get(game)
    params = Params(iterations=40, seconds=0, depth=12)
    for steps in (20, 60):
        s = _midgame(game, steps)
        d = r.decision(s)
        assert d is not None
        twin = r.determinize(s, d.seat, Rng.from_seed(99 + steps))
        dt = r.decision(twin)
        assert dt is not None and dt.seat == d.seat
        plugin = _plugin(game)
        a = MctsAgent(5, plugin, params).choose(r, s, d)
        b = MctsAgent(5, plugin, params).choose(r, twin, dt)
        again = MctsAgent(5, plugin, params).choose(r, s, d)
        assert a == b == again
        assert d.find(a) is not None


@pytest.mark.parametrize("game", GAMES)
def test_plugin_evaluation_is_a_score_per_seat(game: str) -> None:
    r = get(game)
    s = _midgame(game, 30)
    scores = _plugin(game).evaluate(r, s, _midgame(game, 10))  # type: ignore[misc]
    assert len(scores) == len(r.seats({}))
    assert all(0.0 <= x <= 1.0 for x in scores)


def test_heuristic_rollouts_play_a_legal_choice() -> None:
    r = get("epic")
    s = _midgame("epic", 10)
    d = r.decision(s)
    assert d is not None
    agent = make_agent(r, "mcts:iterations=6:depth=4:rollout=heuristic", 2)
    assert d.find(agent.choose(r, s, d)) is not None


def test_simulate_runs_mcts_from_the_command_line() -> None:
    from arbitre.cli import _register, app

    _register()
    args = ["simulate", "epic", "--games", "1", "--json", "--seed", "3"]
    result = CliRunner().invoke(app, [*args, "--agents", "mcts:iterations=3:depth=3,random"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["errors"] == 0
    assert data["results"][0]["agent"] == "mcts:iterations=3:depth=3"
    bad = CliRunner().invoke(app, [*args, "--agents", "mcts:iterations=zero,random"])
    assert bad.exit_code != 0
