"""A game-agnostic Information Set MCTS (single observer; Cowling, Powley & Whitehouse 2012).

Each iteration draws a determinization of the root for the searching seat
(`Ruleset.determinize`: everything that seat cannot see is resampled), then walks one tree
shared by all determinizations, keyed by the option keys played from the root:

* selection: among the options available in *this* determinization, an untried one is
  expanded; otherwise UCB1 with availability counts picks the child (the count of a child
  is the number of visits in which it was available, not the parent's visits);
* rollout: from the new node, a policy (random, or the game's heuristic AI) plays up to a
  depth cut-off; the game's evaluation then scores the position for every seat (a game
  over is scored by its `Result`);
* backpropagation: the score vector of every seat is added to each node of the path, and
  each node is judged by the score of the seat that chose it.

The search reads the root state only through `determinize`, so it never uses what its
seat cannot see: on a state and on a determinized twin of it, with the same seed, it makes
the same choice (tests/engine/test_mcts.py).

A game helps through an `MctsPlugin` (its `games/<game>/mcts_plugin.py`): a rollout
policy, an evaluation at the cut-off, and `group`, which keeps one representative of
options that are symmetric (identical copies, orders of unit picks) so that multi-pick
decisions do not blow the tree up.

Agent parameters (`mcts:iterations=400:seconds=1.5:rollout=heuristic`): see `parse_params`.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.rng import Rng
from arbitre.engine.ruleset import Agent, AgentFactory, Ruleset

Evaluate = Callable[[Any, Any, Any], Sequence[float]]  # (ruleset, state, root) -> per seat
Group = Callable[[Any, Decision], Sequence[str]]  # (state, decision) -> representative keys
Canon = Callable[[Any, Any, int], Any]  # (ruleset, state, seat) -> a canonical copy


@dataclass(frozen=True, slots=True)
class MctsPlugin:
    """What a game lends the search; every field may stay at its default.

    - `heuristic`: the factory of the game's heuristic agent (`rollout=heuristic`);
    - `evaluate(ruleset, state, root)`: a score in [0, 1] per seat of a position that is
      not over (used at the depth cut-off), which may weigh it against the search's
      root (the determinization it started from); None: 0.5 for every seat;
    - `group(state, decision)`: the keys worth searching among `decision.options`
      (one per class of symmetric options); None: every option;
    - `canon(ruleset, state, seat)`: a copy of `state` whose hidden parts (for `seat`)
      are put in a canonical order (sorted), so that determinizing it with a given RNG
      gives the same twin whichever hidden arrangement `state` had: the search then
      depends on the seat's information only, exactly (not only in distribution);
    - `depth`: the rollout's default cut-off in decisions; `iterations`: the default
      budget (calibrated so that a decision takes well under 2 s on a small machine).
    """

    heuristic: AgentFactory | None = None
    evaluate: Evaluate | None = None
    group: Group | None = None
    canon: Canon | None = None
    depth: int = 60
    iterations: int = 300


@dataclass(slots=True)
class Params:
    """The search's knobs, parsed from `mcts:key=value,…` (see `parse_params`)."""

    iterations: int = 300
    seconds: float = 1.8  # a cap on the wall-clock time; 0: none (fully reproducible)
    rollout: str = "random"  # or "heuristic"
    depth: int = 60
    c: float = 0.7  # UCB exploration constant (scores are in [0, 1])


LIMITS: dict[str, tuple[float, float]] = {
    "iterations": (1, 1_000_000),
    "seconds": (0.0, 3600.0),
    "depth": (0, 100_000),
    "c": (0.0, 100.0),
}


def parse_params(text: str, base: Params | None = None) -> Params:
    """`iterations=400:seconds=1.5:rollout=heuristic:depth=40:c=0.7` (any subset; `:`,
    `;` or `,` between them: on the command line, where `,` separates the seats' agents,
    use `:` or `;`) over `base`; a ValueError names the bad item."""
    params = replace(base) if base is not None else Params()
    for item in text.replace(";", ",").replace(":", ",").split(","):
        item = item.strip()
        if not item:
            continue
        key, sep, raw = item.partition("=")
        key, raw = key.strip(), raw.strip()
        if not sep:
            raise ValueError(f"mcts parameter {item!r}: expected key=value")
        if key == "rollout":
            if raw not in ("random", "heuristic"):
                raise ValueError(f"mcts rollout {raw!r}: expected random or heuristic")
            params.rollout = raw
            continue
        if key not in LIMITS:
            known = ", ".join([*LIMITS, "rollout"])
            raise ValueError(f"unknown mcts parameter {key!r}; known: {known}")
        try:
            value: float = int(raw) if key in ("iterations", "depth") else float(raw)
        except ValueError:
            raise ValueError(f"mcts parameter {key}: {raw!r} is not a number") from None
        lo, hi = LIMITS[key]
        if not lo <= value <= hi or value != value:
            raise ValueError(f"mcts parameter {key}={raw}: expected {lo:g} to {hi:g}")
        setattr(params, key, value)
    return params


@dataclass(slots=True)
class Node:
    """One option played from its parent: visits, availability, summed scores per seat."""

    seat: int = -1  # who chose the option leading here (-1 at the root)
    visits: int = 0
    avail: int = 0
    total: list[float] = field(default_factory=list)
    children: dict[str, Node] = field(default_factory=dict)


class MctsAgent:
    """The `mcts` agent: one IS-MCTS per decision, seeded, no memory between decisions."""

    def __init__(self, seed: int, plugin: MctsPlugin | None = None, params: Params | None = None):
        self.plugin = plugin or MctsPlugin()
        self.params = params or Params(iterations=self.plugin.iterations, depth=self.plugin.depth)
        self.rng = Rng.from_seed(seed)
        self._policy: Agent | None = None
        self.last_iterations = 0  # of the last search (benchmarks)
        self.last_root: Node | None = None
        self._start: Any = None  # the iteration's determinized root (evaluations)

    def policy(self) -> Agent | None:
        """The heuristic rollout agent, built once (None: random rollouts)."""
        if self.params.rollout == "heuristic" and self.plugin.heuristic is not None:
            if self._policy is None:
                self._policy = self.plugin.heuristic(self.rng.next64() & 0xFFFFFFFF)
            return self._policy
        return None

    def choose(self, ruleset: Any, state: Any, decision: Decision) -> str:
        keys = self._keys(state, decision)
        if len(keys) == 1:
            return keys[0]
        root = self.search(ruleset, state, decision.seat)
        best = max(
            (root.children[k] for k in keys if k in root.children),
            key=lambda n: n.visits,
            default=None,
        )
        if best is None:
            return keys[0]
        for key, node in root.children.items():
            if node is best:
                return key
        return keys[0]  # pragma: no cover

    def _keys(self, state: Any, decision: Decision) -> list[str]:
        if self.plugin.group is not None:
            got = list(self.plugin.group(state, decision))
            if got:
                return got
        return [o.key for o in decision.options]

    def search(self, ruleset: Ruleset[Any], state: Any, seat: int) -> Node:
        """Run the budget from `state` for `seat`; the root node with its statistics."""
        p = self.params
        rng = self.rng
        n_seats = seat_count(ruleset, state)
        root = Node(total=[0.0] * n_seats)
        deadline = time.perf_counter() + p.seconds if p.seconds > 0 else math.inf
        if self.plugin.canon is not None:
            state = self.plugin.canon(ruleset, state, seat)
        done = 0
        while done < p.iterations:
            if done and time.perf_counter() >= deadline:
                break
            det = ruleset.determinize(state, seat, rng)
            self._start = ruleset.clone(det) if self.plugin.evaluate is not None else det
            self._iterate(ruleset, det, root, n_seats)
            done += 1
        self.last_iterations = done
        self.last_root = root
        return root

    def _iterate(self, ruleset: Ruleset[Any], s: Any, root: Node, n_seats: int) -> None:
        rng = self.rng
        c = self.params.c
        path = [root]
        node = root
        while True:
            d = ruleset.decision(s)
            if d is None:
                break
            keys = self._keys(s, d)
            untried = [k for k in keys if k not in node.children]
            for k in keys:
                child = node.children.get(k)
                if child is not None:
                    child.avail += 1
            if untried:
                key = untried[rng.below(len(untried))]
                child = Node(seat=d.seat, total=[0.0] * n_seats, avail=1)
                node.children[key] = child
                ruleset.apply(s, key)
                path.append(child)
                break
            seat = d.seat
            best_key, best_value = keys[0], -math.inf
            for k in keys:
                ch = node.children[k]
                value = ch.total[seat] / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if value > best_value:
                    best_key, best_value = k, value
            node = node.children[best_key]
            ruleset.apply(s, best_key)
            path.append(node)
        scores = self._rollout(ruleset, s, n_seats)
        for n in path:
            n.visits += 1
            tot = n.total
            for i in range(n_seats):
                tot[i] += scores[i]

    def _rollout(self, ruleset: Ruleset[Any], s: Any, n_seats: int) -> Sequence[float]:
        rng = self.rng
        policy = self.policy()
        for _ in range(self.params.depth):
            d = ruleset.decision(s)
            if d is None:
                break
            if policy is not None:
                key = policy.choose(ruleset, s, d)
            else:
                key = d.options[rng.below(len(d.options))].key
            ruleset.apply(s, key)
        result = ruleset.result(s)
        if result is not None:
            return result.scores
        if self.plugin.evaluate is not None:
            return self.plugin.evaluate(ruleset, s, self._start)
        return [0.5] * n_seats


def seat_count(ruleset: Ruleset[Any], state: Any) -> int:
    """How many seats `state` has: its own `seats` when it keeps them (a game whose seats
    depend on its config), else the ruleset's."""
    seats = getattr(state, "seats", None)
    return len(seats) if seats else len(ruleset.seats({}))


def factory(plugin: MctsPlugin | None = None) -> AgentFactory:
    """The `mcts` entry of a game's agents map."""

    def make(seed: int) -> MctsAgent:
        return MctsAgent(seed, plugin)

    make.mcts_plugin = plugin  # type: ignore[attr-defined]
    return make


def make_with_params(base: AgentFactory, text: str, seed: int) -> Agent:
    """`mcts:iterations=400`: the agent of `base` (an `mcts` factory) with parameters.

    A budget given alone is the only budget: `iterations=N` without `seconds` drops the
    time cap (reproducible whatever the machine's load), `seconds=S` without
    `iterations` searches for S seconds."""
    plugin: MctsPlugin | None = getattr(base, "mcts_plugin", None)
    defaults = plugin or MctsPlugin()
    base_params = Params(iterations=defaults.iterations, depth=defaults.depth)
    given = {item.partition("=")[0].strip() for item in re.split(r"[,;:]", text)}
    if "iterations" in given and "seconds" not in given:
        base_params.seconds = 0.0
    if "seconds" in given and "iterations" not in given:
        base_params.iterations = int(LIMITS["iterations"][1])
    return MctsAgent(seed, plugin, parse_params(text, base_params))


__all__ = ["MctsAgent", "MctsPlugin", "Node", "Params", "factory", "parse_params"]
