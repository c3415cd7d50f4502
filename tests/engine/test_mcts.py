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


# --- paired walks at the root (common random numbers) --------------------------------------


@dataclass
class Duel:
    """A toy game of pure luck but for one choice: "low" wins on a d100 under 41, "high"
    under 61, the same die for either (the state's RNG)."""

    pick: str = ""
    roll: int = 0
    rng: Rng = field(default_factory=Rng)


class Dice:
    id = "dice"
    version = "1"

    def seats(self, config: Any) -> tuple[str, ...]:
        return ("a", "b")

    def decision(self, s: Duel) -> Decision | None:
        if s.pick:
            return None
        options = (Option("low", Msg("x")), Option("high", Msg("x")))
        return Decision(0, "dice.pick", options, Msg("x"))

    def apply(self, s: Duel, key: str) -> None:
        s.pick, s.roll = key, s.rng.die(100)

    def result(self, s: Duel) -> Result | None:
        if not s.pick:
            return None
        won = s.roll <= (40 if s.pick == "low" else 60)
        return Result((1.0, 0.0) if won else (0.0, 1.0), Msg("x"))

    def clone(self, s: Duel) -> Duel:
        return Duel(s.pick, s.roll, s.rng.copy())

    def determinize(self, s: Duel, seat: int, rng: Rng) -> Duel:
        return Duel(s.pick, s.roll, Rng(rng.next64()))  # future dice resampled


def test_paired_walks_compare_the_options_under_the_same_dice() -> None:
    """`root=paired`: each determinization is walked once through every option of the
    root with the same dice, so "high" (never worse on the same die) never scores below
    "low", and is chosen whenever a die told them apart; the round-robin UCB root at the
    same budget (other dice for each walk) scores "low" above "high" for some seeds."""
    dice = Dice()
    d = dice.decision(Duel())
    assert d is not None
    ucb_inverted = 0
    for seed in range(30):
        paired = MctsAgent(seed, params=parse_params("iterations=16:seconds=0:root=paired"))
        root = paired.search(dice, Duel(), 0)  # type: ignore[arg-type]
        low, high = (root.children[f"0|dice.pick|{k}"] for k in ("low", "high"))
        assert low.visits == high.visits == 8 and paired.last_iterations == 16
        assert high.total[0] >= low.total[0]
        told_apart = high.total[0] > low.total[0]
        choice = MctsAgent(seed, params=parse_params("iterations=16:seconds=0:root=paired"))
        assert choice.choose(dice, Duel(), d) == ("high" if told_apart else "low")
        ucb = MctsAgent(seed, params=Params(iterations=16, seconds=0, c=0.0))
        r = ucb.search(dice, Duel(), 0)  # type: ignore[arg-type]
        lo, hi = (r.children[f"0|dice.pick|{k}"] for k in ("low", "high"))
        ucb_inverted += lo.total[0] / lo.visits > hi.total[0] / hi.visits
    assert ucb_inverted > 0


def test_paired_walks_find_the_winning_take_and_play_whole_rounds() -> None:
    """In the toy Nim, the paired root finds the winning take too; its budget is spent in
    whole rounds (one walk per option), at least one, and the searched state is kept."""
    nim = Nim()
    for heap, budget in ((7, 400), (5, 401), (4, 1)):
        s = nim.new({"heap": heap}, 0)
        agent = MctsAgent(1, params=parse_params(f"iterations={budget}:seconds=0:root=paired"))
        d = nim.decision(s)
        assert d is not None
        if budget > 1:
            assert agent.choose(nim, s, d) == str(heap % 3)
        root = agent.search(nim, s, 0)  # type: ignore[arg-type]
        visits = [c.visits for c in root.children.values()]
        assert len(visits) == 2 and visits[0] == visits[1] >= 1
        assert agent.last_iterations == sum(visits) >= budget
        assert s.left == heap


class TakeOne:
    """A heuristic agent for the toy Nim: always takes one."""

    def choose(self, ruleset: Any, state: Any, decision: Decision) -> str:
        return decision.options[0].key


def test_paired_walks_take_every_root_option_whatever_the_focus() -> None:
    """Searched directly at a decision the game does not mark as key (`focus=key`), the
    paired root still walks each of its options once a round (the heuristic AI answers
    the decisions below)."""
    nim = Nim()
    plugin = MctsPlugin(heuristic=lambda seed: TakeOne(), key=lambda d: False)
    params = parse_params("iterations=20:seconds=0:root=paired:focus=key")
    root = MctsAgent(3, plugin, params).search(nim, nim.new({"heap": 6}, 0), 0)  # type: ignore[arg-type]
    assert sorted((k, c.visits) for k, c in root.children.items()) == [
        ("0|nim.take|1", 10),
        ("0|nim.take|2", 10),
    ]


# --- parameters ---------------------------------------------------------------------------


def test_parameters_parse_with_any_separator() -> None:
    p = parse_params("iterations=40:seconds=0.5;rollout=heuristic,depth=7")
    assert (p.iterations, p.seconds, p.rollout, p.depth) == (40, 0.5, "heuristic", 7)


@pytest.mark.parametrize(
    "bad",
    ["iterations=0", "iterations=x", "rollout=smart", "speed=3", "depth", "c=nan", "root=flat"],
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


# --- priors, widening, focus, opponent model (issue 15, strength) ---------------------------


@dataclass
class Pick:
    """A toy one-decision game: seat 0 picks 0…9 and scores it / 9."""

    picked: int = -1
    rng: Rng = field(default_factory=Rng)


class PickGame:
    id = "pick"
    version = "1"

    def seats(self, config: Any) -> tuple[str, ...]:
        return ("a", "b")

    def new(self, config: Any, seed: int) -> Pick:
        return Pick()

    def decision(self, s: Pick) -> Decision | None:
        if s.picked >= 0:
            return None
        return Decision(0, "pick", tuple(Option(str(k), Msg("x")) for k in range(10)), Msg("x"))

    def apply(self, s: Pick, key: str) -> None:
        s.picked = int(key)

    def result(self, s: Pick) -> Result | None:
        if s.picked < 0:
            return None
        return Result((s.picked / 9, 1 - s.picked / 9), Msg("x"))

    def clone(self, s: Pick) -> Pick:
        return Pick(s.picked, s.rng.copy())

    def determinize(self, s: Pick, seat: int, rng: Rng) -> Pick:
        return self.clone(s)


class AlwaysThree:
    """A 'heuristic AI' with a poor taste: it always picks 3."""

    def __init__(self, seed: int) -> None:
        self.asked = 0

    def choose(self, ruleset: Any, state: Any, decision: Decision) -> str:
        self.asked += 1
        return "3"


TOY = MctsPlugin(heuristic=AlwaysThree, key=lambda d: d.kind == "nim.take")


def test_new_parameters_parse() -> None:
    p = parse_params("prior=1.5:widen=0.5:focus=key:others=heuristic:horizon=stop")
    assert (p.prior, p.widen, p.focus, p.others) == (1.5, 0.5, "key", "heuristic")
    assert p.horizon == "stop"
    assert parse_params("").prior == 0 and parse_params("").others == "search"


@pytest.mark.parametrize(
    ("bad", "name"),
    [
        ("prior=-1", "prior"),
        ("prior=much", "prior"),
        ("prior=inf", "prior"),
        ("widen=101", "widen"),
        ("widen=nan", "widen"),
        ("focus=some", "focus"),
        ("others=random", "others"),
        ("horizon=far", "horizon"),
        ("rollout=smart", "rollout"),
        ("iterations=2.5", "iterations"),
        ("depth=-3", "depth"),
    ],
)
def test_bad_new_parameters_are_refused_naming_the_parameter(bad: str, name: str) -> None:
    with pytest.raises(ValueError, match=name):
        parse_params(bad)


def test_overlong_parameter_text_is_refused() -> None:
    with pytest.raises(ValueError, match="longer than"):
        parse_params("c=1:" * 200)


def test_game_defaults_survive_given_parameters() -> None:
    """`mcts:iterations=5` changes the budget only: Heresy keeps its heuristic rollouts,
    priors, focus and opponent model."""
    agent = make_agent(get("heresy"), "mcts:iterations=5:prior=2", 1)
    assert isinstance(agent, MctsAgent)
    p = agent.params
    assert (p.iterations, p.seconds, p.prior) == (5, 0, 2.0)
    assert (p.rollout, p.focus, p.others, p.widen) == ("heuristic", "key", "heuristic", 1.0)
    assert p.horizon == "stop"
    default = make_agent(get("heresy"), "mcts", 1)
    assert isinstance(default, MctsAgent)
    assert 0 < default.params.seconds <= 2.0


def test_prior_steers_a_small_budget_to_the_heuristic_choice() -> None:
    """A strong progressive bias keeps the heuristic's pick while visits are few; without
    it the search finds the best pick."""
    game = PickGame()
    s = game.new({}, 0)
    d = game.decision(s)
    assert d is not None
    biased = MctsAgent(1, TOY, Params(iterations=30, seconds=0, prior=50.0))
    assert biased.choose(game, s, d) == "3"
    plain = MctsAgent(1, TOY, Params(iterations=300, seconds=0, c=0.2))
    assert plain.choose(game, s, d) == "9"


def test_widening_expands_the_heuristic_choice_first_and_few_others() -> None:
    game = PickGame()
    s = game.new({}, 0)
    agent = MctsAgent(2, TOY, Params(iterations=9, seconds=0, widen=0.5))
    root = agent.search(game, s, 0)  # type: ignore[arg-type]
    # a child is added while there are fewer than 1 + widen·√visits (2.41 at 8 visits)
    assert len(root.children) == 3
    assert "0|pick|3" in root.children  # the hint, expanded first
    assert sum(c.visits for c in root.children.values()) == 9
    wide = MctsAgent(2, TOY, Params(iterations=9, seconds=0)).search(game, s, 0)  # type: ignore[arg-type]
    assert len(wide.children) == 9


def test_focus_answers_other_decisions_with_the_heuristic_without_search() -> None:
    """`focus=key`: a decision the game does not mark as key is the heuristic's (here the
    toy's 'pick' is not key: only 'nim.take' is)."""
    game = PickGame()
    s = game.new({}, 0)
    d = game.decision(s)
    assert d is not None
    agent = MctsAgent(3, TOY, Params(iterations=50, seconds=0, focus="key"))
    assert agent.choose(game, s, d) == "3"
    assert agent.last_root is None  # no search at all


def test_opponent_model_keeps_only_the_searching_seat_in_the_tree() -> None:
    """`others=heuristic`: the other seat's decisions are the heuristic's, in the tree too."""
    nim = Nim()
    s = nim.new({"heap": 9}, 0)
    plugin = MctsPlugin(heuristic=_TakeOne)
    agent = MctsAgent(4, plugin, Params(iterations=60, seconds=0, others="heuristic"))
    root = agent.search(nim, s, 0)  # type: ignore[arg-type]
    seats = set()
    todo = [root]
    while todo:
        node = todo.pop()
        for child in node.children.values():
            seats.add(child.seat)
            todo.append(child)
    assert seats == {0}
    mixed = MctsAgent(4, plugin, Params(iterations=60, seconds=0)).search(nim, s, 0)  # type: ignore[arg-type]
    assert any(c.seat == 1 for n in mixed.children.values() for c in n.children.values())


def test_stop_horizon_ends_walks_at_the_game_stop_decisions() -> None:
    """`horizon=stop`: a walk ends at the first decision the game marks as a stop (here
    every one), where the evaluation scores it; without it the tree grows deeper."""
    nim = Nim()
    s = nim.new({"heap": 9}, 0)
    plugin = MctsPlugin(stop=lambda d: True, evaluate=lambda r, st, root: (0.5, 0.5))
    short = MctsAgent(6, plugin, Params(iterations=40, seconds=0, horizon="stop"))
    root = short.search(nim, s, 0)  # type: ignore[arg-type]
    assert root.children and all(not c.children for c in root.children.values())
    assert all(c.total[0] == 0.5 * c.visits for c in root.children.values())
    deep = MctsAgent(6, plugin, Params(iterations=40, seconds=0)).search(nim, s, 0)  # type: ignore[arg-type]
    assert any(c.children for c in deep.children.values())


class _TakeOne:
    def __init__(self, seed: int) -> None:
        pass

    def choose(self, ruleset: Any, state: Any, decision: Decision) -> str:
        return "1"


def _key_decision(game: str, steps: int) -> Any:
    """A state some random decisions into a game, at a key decision with several choices."""
    r = get(game)
    plugin = _plugin(game)
    s = r.new({}, 11)
    rng = Rng.from_seed(2)
    for i in range(2000):
        d = r.decision(s)
        assert d is not None
        keys = plugin.group(s, d) if plugin.group else d.keys()
        is_key = plugin.key is None or plugin.key(d)
        if i >= steps and is_key and len(keys) >= 2:
            return s
        r.apply(s, d.options[rng.below(len(d.options))].key)
    raise AssertionError("no key decision")


@pytest.mark.parametrize("root", ["ucb", "paired"])
@pytest.mark.parametrize("game", GAMES)
def test_heuristic_rollouts_and_priors_still_see_only_the_seat(game: str, root: str) -> None:
    """The information-set test with every new feature on (heuristic rollouts, priors,
    widening, focus, opponent model): a state and its determinized twin give the same
    choice with the same seed, at a key decision and at a non-key one, and the choice is
    reproducible with the same tree statistics."""
    r = get(game)
    params = parse_params(
        "iterations=6:seconds=0:depth=6:rollout=heuristic:prior=1:widen=1:focus=key:"
        f"others=heuristic:horizon=stop:root={root}"
    )
    plugin = _plugin(game)
    for s in (_key_decision(game, 30), _midgame(game, 40)):
        d = r.decision(s)
        assert d is not None
        twin = r.determinize(s, d.seat, Rng.from_seed(123))
        dt = r.decision(twin)
        assert dt is not None and dt.seat == d.seat
        first = MctsAgent(8, plugin, params)
        a = first.choose(r, s, d)
        b = MctsAgent(8, plugin, params).choose(r, twin, dt)
        again = MctsAgent(8, plugin, params)
        assert a == b == again.choose(r, s, d)
        assert d.find(a) is not None
        if first.last_root is not None:
            assert again.last_root is not None
            stats = {k: (n.visits, n.avail) for k, n in first.last_root.children.items()}
            assert stats == {k: (n.visits, n.avail) for k, n in again.last_root.children.items()}


def test_heresy_key_decisions_are_the_tactical_ones() -> None:
    """HH-14.11, HH-24.2: an order's sector and the attack are searched; the choice of
    action, battle cards and the units of a move are the heuristic AI's."""
    from arbitre.games.heresy.mcts_plugin import key

    def kind(k: str) -> Decision:
        return Decision(0, k, (Option("a", Msg("x")), Option("b", Msg("y"))), Msg("x"))

    assert not key(kind("heresy.action")) and key(kind("heresy.hand.sector"))
    assert key(kind("heresy.battle.target")) and key(kind("heresy.landing.target"))
    assert not key(kind("heresy.battle.play")) and not key(kind("heresy.move.units"))


def test_heresy_evaluation_charges_the_initiative_spent() -> None:
    """HH-14.9: the same position with more of the Imperium's initiative spent is worth
    less to the Imperium, more to the Traitor (`ai.outlook`, tests/heresy/test_outlook.py)."""
    from arbitre.games.heresy.mcts_plugin import evaluate

    r = get("heresy")
    s = _midgame("heresy", 30)
    same = evaluate(r, s, s)
    later = s.copy()
    later.pos = [s.pos[0] + 3, s.pos[1]]
    spent = evaluate(r, later, s)
    assert spent[0] < same[0] and spent[1] > same[1]
    assert spent[0] + spent[1] == pytest.approx(1.0)
