"""What L'Hérésie d'Horus lends the engine's IS-MCTS (`arbitre.engine.mcts`).

- rollout policy: the heuristic `ai` by default (`mcts:rollout=random` for random play);
- evaluation at the cut-off: the Imperium's chance to win from `ai.outlook`, learned
  from games of the heuristic AI against itself (the track, HH-40.3, HH-14.9; the
  spaceports, HH-40.1; the Traitor's forces); the Traitor gets its complement. It
  replaced the heuristic AI's own position value (`ai.evaluate.Board`), which tells the
  winner of a held-out position 65 % of the time where the outlook tells 73 %;
- canonical order: the cards `seat` cannot see sorted before each search, so that the
  search depends on what the seat knows, exactly;
- grouping: options with the same text (identical copies of a unit in one zone, the same
  card twice) are one option to the search;
- key decisions (`focus=key`, the default): the search branches on the tactical choices
  whose outcome the evaluation sees within a few decisions: the sector an order from
  hand acts in (HH-14.11), a movement's destination (HH-21.17), a landing's target
  (HH-20.3), an attack's target and origins (HH-24.2), who opens a battle (HH-26.9),
  retreats (HH-30.1) and advances (HH-30.11). The choice of action and card, card
  placing, drawing and burying stay the heuristic AI's: their worth lies in the hand and
  the piles, which the evaluation does not weigh (choosing the action by paired walks,
  8 determinizations, each action played out to the second choice of action after it
  and scored by the outlook, won 17 of 30 games, as `ai` did on the same seeds). Battle
  cards, damage and the chores are the heuristic AI's too, in the tree as at the table;
- stop decisions (`horizon=stop`, the default): walks and rollouts end at the next choice
  of action or Order Draw, where the evaluation scores the position;
- defaults: a paired root (`root=paired`): 64 walks per key decision in rounds, each
  round one determinization walked through every option with the same dice, the best
  mean chosen (at most 1.2 s, checked between rounds); the opponent played by the
  heuristic AI in the tree (`others=heuristic`); heuristic rollouts up to the next stop
  (at most 40 decisions) scored by the evaluation; no bias toward the AI's choice
  (`prior=0`; it breaks ties), progressive widening below the root. A battle's dice
  dwarf what separates two targets or two sectors: compared on the same dice, the
  options' differences show; UCB's walks on other dice (the default until December
  2026, with `prior=1`) only ever confirmed the AI (docs/interop.md, "Strength").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.mcts import MctsPlugin, factory
from arbitre.engine.ruleset import AgentFactory


def evaluate(ruleset: Any, state: Any, root: Any) -> Sequence[float]:
    """Both seats' chances: the Imperium's from `ai.outlook` (learned from the heuristic
    AI's games: the track, HH-40.3, the spaceports, HH-40.1, the Traitor's forces); the
    Traitor's is its complement."""
    from arbitre.games.heresy.ai.outlook import chance

    p = chance(state)
    return (p, 1.0 - p)


KEY_KINDS = frozenset(
    {
        "heresy.hand.sector",
        "heresy.move.destination",
        "heresy.landing.target",
        "heresy.battle.target",
        "heresy.battle.origin",
        "heresy.battle.first",
        "heresy.battle.rout",
        "heresy.battle.advance",
    }
)


STOP_KINDS = frozenset(
    {
        "heresy.action",
        "heresy.order_draw.discard",
        "heresy.order_draw.recover",
        "heresy.setup.deploy",
    }
)


def stop(decision: Decision) -> bool:
    """Whether a walk ends here (`horizon=stop`): the next choice of action (HH-14.11)
    or Order Draw (HH-14.3), by when a tactical choice has played out; these are also the
    heuristic AI's dearest answers (it weighs every order in every sector)."""
    return decision.kind in STOP_KINDS


def key(decision: Decision) -> bool:
    """Whether the search branches on `decision` (`focus=key`): a strategic choice."""
    return decision.kind in KEY_KINDS


def group(state: Any, decision: Decision) -> Sequence[str]:
    """One key per distinct option text: identical copies are one choice."""
    return same_text(decision)


def same_text(decision: Decision) -> list[str]:
    seen: set[Any] = set()
    keys = []
    for o in decision.options:
        mark = (o.text.key, tuple(sorted((k, str(v)) for k, v in dict(o.text.args).items())))
        if mark not in seen:
            seen.add(mark)
            keys.append(o.key)
    return keys


def canon(ruleset: Any, state: Any, seat: int) -> Any:
    """A copy with every card `seat` cannot see sorted (`view.rearrange_hidden`)."""
    from arbitre.games.heresy.view import rearrange_hidden

    twin = state.copy()
    rearrange_hidden(twin, seat, _sort)
    return twin


def _sort(items: list[Any]) -> None:
    items.sort(key=repr)


def _heuristic(seed: int) -> Any:
    from arbitre.games.heresy.ai import HeresyAI

    return HeresyAI(seed)


PLUGIN = MctsPlugin(
    heuristic=_heuristic,
    evaluate=evaluate,
    group=group,
    canon=canon,
    key=key,
    stop=stop,
    horizon="stop",
    depth=40,
    iterations=64,
    rollout="heuristic",
    prior=0.0,
    widen=1.0,
    focus="key",
    others="heuristic",
    # the cap is checked between rounds of paired walks (a round may run past it) and the
    # walks' heuristic answers are not cut: 1.8 s ran to 2.02 s at load 7 before rounds
    seconds=1.2,
    root="paired",
)
AGENT: Mapping[str, AgentFactory] = {"mcts": factory(PLUGIN)}
