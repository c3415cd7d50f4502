"""A game-agnostic Information Set MCTS (single observer; Cowling, Powley & Whitehouse 2012).

Each iteration draws a determinization of the root for the searching seat
(`Ruleset.determinize`: everything that seat cannot see is resampled), then walks one tree
shared by all determinizations, keyed by the (seat, decision kind, option key) played:

* selection: among the options available in *this* determinization, an untried one is
  expanded (the heuristic AI's choice first, and with progressive widening only while the
  node has fewer than 1 + widen·√visits children); otherwise UCB1 with availability counts
  picks the child (the count of a child is the number of visits in which it was
  available, not the parent's visits), plus a progressive bias `prior / (visits + 1)`
  toward the heuristic AI's choice (Chaslot et al. 2008), which fades as visits come;
* focus: with `focus=key` the tree branches only on the decisions the game marks as key
  (Heresy: the choice of an action, its card and sector, a target…); the others, in the
  tree as at the root, are answered by the game's heuristic AI; with `others=heuristic`
  the other seats' decisions are too (an opponent model: the tree holds the searching
  seat's own choices only, and spends every visit on them);
* rollout: from the new node, a policy (random, or the game's heuristic AI) plays up to a
  depth cut-off (with `horizon=stop`, also up to the next decision the game marks as a
  stop, e.g. Heresy's next choice of action: the tactical choice searched has played out
  by then, and the heuristic AI's strategic answers are its dearest); the game's
  evaluation then scores the position for every seat (a game over is scored by its
  `Result`); with a time cap, a rollout is cut at the deadline;
* backpropagation: the score vector of every seat is added to each node of the path, and
  each node is judged by the score of the seat that chose it;
* paired root (`root=paired`): instead of UCB at the root, the walks come in rounds: one
  determinization and one rollout seed per round, walked once through every option of
  the root, so the options are compared under the same hidden cards and the same dice
  (common random numbers); the option with the best mean score is chosen (the heuristic
  AI's among equals, plus the bias `prior / (visits + 1)`). Where luck is large beside
  the differences between options (Heresy's battles), UCB's walks see mostly luck.

The search reads the root state only through `determinize` (after the plug-in's `canon`),
so it never uses what its seat cannot see: on a state and on a determinized twin of it,
with the same seed, it makes the same choice (tests/engine/test_mcts.py). The heuristic
AI is only ever asked on a determinization, never on the real state. No tree is kept from
one decision to the next (a subtree would hold statistics gathered on determinizations
the new information may rule out).

A game helps through an `MctsPlugin` (its `games/<game>/mcts_plugin.py`): a rollout
policy, an evaluation at the cut-off, its key decisions, the defaults of the parameters,
and `group`, which keeps one representative of options that are symmetric (identical
copies, orders of unit picks) so that multi-pick decisions do not blow the tree up.

Agent parameters (`mcts:iterations=400:seconds=1.5:rollout=heuristic`): see
`arbitre.engine.mcts_params.parse_params`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.mcts_params import LIMITS, Params, given_keys, parse_params
from arbitre.engine.rng import Rng
from arbitre.engine.ruleset import Agent, AgentFactory, Ruleset

Evaluate = Callable[[Any, Any, Any], Sequence[float]]  # (ruleset, state, root) -> per seat
Group = Callable[[Any, Decision], Sequence[str]]  # (state, decision) -> representative keys
Canon = Callable[[Any, Any, int], Any]  # (ruleset, state, seat) -> a canonical copy
Key = Callable[[Decision], bool]  # whether a decision is worth a search / ends a walk


@dataclass(frozen=True, slots=True)
class MctsPlugin:
    """What a game lends the search; every field may stay at its default.

    - `heuristic`: the factory of the game's heuristic agent (rollouts, priors, focus);
    - `evaluate(ruleset, state, root)`: a score in [0, 1] per seat of a position that is
      not over (used at the depth cut-off), which may weigh it against the search's
      root (the determinization it started from); None: 0.5 for every seat;
    - `group(state, decision)`: the keys worth searching among `decision.options`
      (one per class of symmetric options); None: every option;
    - `canon(ruleset, state, seat)`: a copy of `state` whose hidden parts (for `seat`)
      are put in a canonical order (sorted), so that determinizing it with a given RNG
      gives the same twin whichever hidden arrangement `state` had: the search then
      depends on the seat's information only, exactly (not only in distribution);
    - `key(decision)`: whether a decision is worth branching on (`focus=key`);
    - `stop(decision)`: whether a walk ends at this decision (`horizon=stop`);
    - `depth`, `iterations`, `rollout`, `prior`, `widen`, `focus`, `others`, `horizon`,
      `seconds`, `root`: the defaults of the parameters (calibrated so that a decision
      takes under 2 s on a small machine).
    """

    heuristic: AgentFactory | None = None
    evaluate: Evaluate | None = None
    group: Group | None = None
    canon: Canon | None = None
    key: Key | None = None
    stop: Key | None = None
    depth: int = 60
    iterations: int = 300
    rollout: str = "random"
    prior: float = 0.0
    widen: float = 0.0
    focus: str = "all"
    others: str = "search"
    horizon: str = "depth"
    seconds: float = 1.8
    root: str = "ucb"

    def params(self) -> Params:
        """The default parameters of this game's `mcts`."""
        return Params(
            iterations=self.iterations,
            seconds=self.seconds,
            rollout=self.rollout,
            depth=self.depth,
            prior=self.prior,
            widen=self.widen,
            focus=self.focus,
            others=self.others,
            horizon=self.horizon,
            root=self.root,
        )


@dataclass(slots=True)
class Node:
    """One option played from its parent: visits, availability, summed scores per seat;
    `hint`: the heuristic AI's choice at this node's decision (None: not asked yet)."""

    seat: int = -1  # who chose the option leading here (-1 at the root)
    visits: int = 0
    avail: int = 0
    total: list[float] = field(default_factory=list)
    children: dict[str, Node] = field(default_factory=dict)
    hint: str | None = None


def edge(d: Decision, key: str) -> str:
    """A child's name: who chose what at which kind of decision (with `focus=key`, the
    next key decision below a node may differ between determinizations)."""
    return f"{d.seat}|{d.kind}|{key}"


class MctsAgent:
    """The `mcts` agent: one IS-MCTS per decision, seeded, no memory between decisions."""

    def __init__(self, seed: int, plugin: MctsPlugin | None = None, params: Params | None = None):
        self.plugin = plugin or MctsPlugin()
        self.params = params or self.plugin.params()
        self.rng = Rng.from_seed(seed)
        self._heuristic: Agent | None = None
        self.last_iterations = 0  # of the last search (benchmarks)
        self.last_root: Node | None = None
        self._start: Any = None  # the iteration's determinized root (evaluations)
        self._seat = -1  # the searching seat
        self._deadline = math.inf  # of the current search (time cap)
        self._chance = self.rng  # the random rollouts' generator (`root=paired`: per round)

    def heuristic(self) -> Agent | None:
        """The game's heuristic agent (rollouts, priors, non-key decisions), built once."""
        if self.plugin.heuristic is None:
            return None
        if self._heuristic is None:
            self._heuristic = self.plugin.heuristic(self.rng.next64() & 0xFFFFFFFF)
        return self._heuristic

    def policy(self) -> Agent | None:
        """The rollout agent (None: random rollouts)."""
        return self.heuristic() if self.params.rollout == "heuristic" else None

    def _focused(self) -> bool:
        return (
            self.params.focus == "key"
            and self.plugin.key is not None
            and self.plugin.heuristic is not None
        )

    def choose(self, ruleset: Any, state: Any, decision: Decision) -> str:
        keys = self._keys(state, decision)
        if len(keys) == 1:
            return keys[0]
        if self._focused() and not self.plugin.key(decision):  # type: ignore[misc]
            return self._heuristic_answer(ruleset, state, decision, keys)
        root = self.search(ruleset, state, decision.seat)
        if self.params.root == "paired":
            return best_mean(root, decision, keys, self.params.prior)
        best, most = keys[0], -1
        for k in keys:
            child = root.children.get(edge(decision, k))
            if child is not None and child.visits > most:  # ties: the first offered
                best, most = k, child.visits
        return best

    def _heuristic_answer(
        self, ruleset: Any, state: Any, decision: Decision, keys: list[str]
    ) -> str:
        """The heuristic AI's answer, asked on a determinization only (it never reads the
        real state), mapped to its group's representative."""
        seat = decision.seat
        if self.plugin.canon is not None:
            state = self.plugin.canon(ruleset, state, seat)
        det = ruleset.determinize(state, seat, self.rng)
        d = ruleset.decision(det)
        agent = self.heuristic()
        if d is None or agent is None:  # pragma: no cover - the twin keeps its question
            return keys[0]
        return self._represent(d, agent.choose(ruleset, det, d), keys)

    def _represent(self, d: Decision, key: str, keys: Sequence[str]) -> str:
        """`key` if searched, else the searched key whose option has the same text."""
        if key in keys:
            return key
        option = d.find(key)
        if option is not None:
            for k in keys:
                other = d.find(k)
                if other is not None and other.text == option.text:
                    return k
        return keys[0]

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
        self._seat = seat
        root = Node(total=[0.0] * n_seats)
        deadline = time.perf_counter() + p.seconds if p.seconds > 0 else math.inf
        self._deadline = deadline
        if self.plugin.canon is not None:
            state = self.plugin.canon(ruleset, state, seat)
        if p.root == "paired":
            self.last_iterations = self._paired(ruleset, state, seat, root, n_seats)
            self.last_root = root
            return root
        self._chance = rng
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

    def _paired(
        self, ruleset: Ruleset[Any], state: Any, seat: int, root: Node, n_seats: int
    ) -> int:
        """`root=paired`: rounds of walks, each round on one determinization and one
        rollout seed, one walk through each option of the root (common random numbers:
        the options are compared under the same hidden cards and the same dice, so their
        difference is not drowned in luck); whole rounds until the budget or the time
        cap (at least one; a round may end past the cap). The walks below the root are as
        in `_iterate`."""
        rng = self.rng
        done = 0
        # the time cap is checked between rounds only: a rollout cut short in the middle
        # of a round would compare its option on less play than the others
        deadline, self._deadline = self._deadline, math.inf
        while True:
            det = ruleset.determinize(state, seat, rng)
            d = ruleset.decision(det)
            if d is None:  # pragma: no cover - a searched state asks a question
                return done
            keys = self._keys(det, d)
            self._hint(ruleset, det, d, root, keys, always=True)
            seed = rng.next64()
            for i, k in enumerate(keys):
                s = det if i == len(keys) - 1 else ruleset.clone(det)
                self._start = ruleset.clone(s) if self.plugin.evaluate is not None else s
                self._chance = Rng(seed)
                self._iterate(ruleset, s, root, n_seats, forced=k)
            done += len(keys)
            if done >= self.params.iterations or time.perf_counter() >= deadline:
                return done

    def _iterate(
        self, ruleset: Ruleset[Any], s: Any, root: Node, n_seats: int, forced: str | None = None
    ) -> None:
        """One walk: selection, expansion, rollout, backpropagation; `forced`: the
        root's option this walk takes (`root=paired`)."""
        p = self.params
        focused = self._focused()
        modelled = p.others == "heuristic" and self.plugin.heuristic is not None
        stop = self._stop()
        path = [root]
        node = root
        if forced is not None:  # `root=paired`: the round's option, whatever the focus
            asked = ruleset.decision(s)
            assert asked is not None  # `_paired` walks a state that asks
            name = edge(asked, forced)
            node = root.children.get(name) or Node(seat=asked.seat, total=[0.0] * n_seats)
            root.children[name] = node
            node.avail += 1
            ruleset.apply(s, forced)
            path.append(node)
        while True:
            d = ruleset.decision(s)
            if d is None or (stop is not None and len(path) > 1 and stop(d)):
                break
            keys = self._keys(s, d)
            if len(keys) > 1 and (
                (modelled and d.seat != self._seat) or (focused and not self.plugin.key(d))  # type: ignore[misc]
            ):
                ruleset.apply(s, self.heuristic().choose(ruleset, s, d))  # type: ignore[union-attr]
                continue
            if len(keys) == 1:  # nothing to choose: no node, the next decision below
                ruleset.apply(s, keys[0])
                continue
            hint = self._hint(ruleset, s, d, node, keys)
            tried: list[tuple[str, Node]] = []
            untried: list[str] = []
            for k in keys:
                child = node.children.get(edge(d, k))
                if child is None:
                    untried.append(k)
                else:
                    child.avail += 1
                    tried.append((k, child))
            if untried and (
                not tried or p.widen <= 0 or len(tried) < 1 + p.widen * math.sqrt(node.visits)
            ):
                key = hint if hint in untried else untried[self.rng.below(len(untried))]
                child = Node(seat=d.seat, total=[0.0] * n_seats, avail=1)
                node.children[edge(d, key)] = child
                ruleset.apply(s, key)
                path.append(child)
                break
            key, node = self._select(d.seat, tried, hint)
            ruleset.apply(s, key)
            path.append(node)
        scores = self._rollout(ruleset, s, n_seats, stop)
        for n in path:
            n.visits += 1
            tot = n.total
            for i in range(n_seats):
                tot[i] += scores[i]

    def _hint(
        self,
        ruleset: Ruleset[Any],
        s: Any,
        d: Decision,
        node: Node,
        keys: list[str],
        always: bool = False,
    ) -> str | None:
        """The heuristic AI's choice at `node` (asked once, on the first determinization
        that reaches it), when priors or widening use it (`always`: in any case)."""
        p = self.params
        if p.prior <= 0 and p.widen <= 0 and not always:
            return None
        if node.hint is None:
            agent = self.heuristic()
            node.hint = (
                "" if agent is None else self._represent(d, agent.choose(ruleset, s, d), keys)
            )
        return node.hint or None

    def _select(
        self, seat: int, tried: list[tuple[str, Node]], hint: str | None
    ) -> tuple[str, Node]:
        """UCB1 with availability counts, plus the progressive bias toward `hint`."""
        c, prior = self.params.c, self.params.prior
        best_key, best_node, best_value = tried[0][0], tried[0][1], -math.inf
        for k, ch in tried:
            value = ch.total[seat] / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if k == hint:
                value += prior / (ch.visits + 1)
            if value > best_value:
                best_key, best_node, best_value = k, ch, value
        return best_key, best_node

    def _stop(self) -> Key | None:
        return self.plugin.stop if self.params.horizon == "stop" else None

    def _rollout(
        self, ruleset: Ruleset[Any], s: Any, n_seats: int, stop: Key | None
    ) -> Sequence[float]:
        rng = self._chance
        policy = self.policy()
        deadline = self._deadline
        for n in range(self.params.depth):
            d = ruleset.decision(s)
            if d is None or (stop is not None and stop(d)):
                break
            if deadline < math.inf and n % 4 == 3 and time.perf_counter() >= deadline:
                break  # the time cap: score what was played (a time budget is not reproducible)
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


def best_mean(root: Node, decision: Decision, keys: Sequence[str], prior: float) -> str:
    """`root=paired`'s choice: the option whose walks scored best on average for the
    seat that chooses, the heuristic AI's choice (`root.hint`) raised by the progressive
    bias `prior / (visits + 1)` and preferred among equals; else the first offered."""
    best, best_value = keys[0], (-math.inf, False)
    for k in keys:
        child = root.children.get(edge(decision, k))
        if child is None or not child.visits:
            continue
        hinted = k == root.hint
        mean = child.total[decision.seat] / child.visits
        value = (mean + prior / (child.visits + 1) if hinted else mean, hinted)
        if value > best_value:  # among equal means, the AI's; else the first offered
            best, best_value = k, value
    return best


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
    base_params = (plugin or MctsPlugin()).params()
    given = given_keys(text)
    if "iterations" in given and "seconds" not in given:
        base_params.seconds = 0.0
    if "seconds" in given and "iterations" not in given:
        base_params.iterations = int(LIMITS["iterations"][1])
    return MctsAgent(seed, plugin, parse_params(text, base_params))


__all__ = ["MctsAgent", "MctsPlugin", "Node", "Params", "edge", "factory", "parse_params"]
