"""The Imperium's chance to win from a position, learned from the heuristic AI's games.

The search (`mcts_plugin`) scores the position where a walk stops with this chance. The
heuristic AI's position value (`evaluate.Board`) is a poor judge of who wins: it weighs
material and spaceports, but not the initiative track, and time is the Traitor's enemy:
the Imperium wins when a marker reaches the track's last space (HH-40.3), the Traitor
must take all four spaceports once they may decide (HH-40.1) or kill the Emperor
(HH-39.9). Fitted on games of `ai` against `ai` (a logistic regression of who won on the
features below, `benchmarks/heresy_outlook.py`), the chance names the winner of a
held-out position 72.7 % of the time, the value (fitted the same way) 65.0 %.

Features, from the Imperium's side, all public (HH-18.4: the hands' contents are not
used, a determinized twin's guess would only add noise):

- how far the leading marker is along the track, squared (HH-40.3: a linear term as
  well fitted no better, and its negative weight had made time help the Traitor early);
- the gap between the markers: the one behind acts next (HH-14.4), so being ahead means
  having spent more initiative (HH-14.2, HH-14.9);
- the spaceports as the heuristic AI weighs them (`Board.ports_value`: held, threatened,
  racing for the empty ones, HH-40.1), and how many the Imperium holds alone;
- the Traitor's units on the board and in his reserve (what may still take them);
- the scenario (its own balance; a scenario from a content pack gets none).

Only features whose weight has the sign a player would expect are kept: the Imperium's
own units and material came out with small negative weights (more of them going with a
lower chance: an artefact of how the AI plays, not a rule), which a search would read as
"lose units"; they are left out, and the spaceports' value carries what they defend.
"""

from __future__ import annotations

import math

from arbitre.games.heresy.ai.context import Ctx
from arbitre.games.heresy.ai.evaluate import Board
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, HeresyState

# Fitted by `python -m benchmarks.heresy_outlook` (see its docstring for the games).
BIAS = 1.4493
WEIGHTS: dict[str, float] = {
    "progress": 2.9755,
    "gap": -0.7785,
    "ports": 0.6786,
    "held": 0.2004,
    "traitor_units": -0.5771,
    "traitor_reserve": -0.0488,
}
SCENARIO: dict[str, float] = {
    "brother_against_brother": 0.2190,
    "cry_havoc": 0.0482,
    "fortune_favors_the_bold": -0.3635,
    "heresy_unheralded": 0.2621,
    "holy_terra_asunder": 0.1509,
    "like_unto_gods": -0.3166,
}


def features(s: HeresyState) -> dict[str, float]:
    """The position's features (see the module's docstring), scaled to about one."""
    ctx = Ctx(s, IMPERIUM)
    board = Board(ctx)
    st = ctx.st
    lead = max(s.pos) / st.last_space
    traitor_units = sum(1 for us in s.units.values() for u in us if u[0] == TRAITOR)
    return {
        "progress": lead * lead,
        "gap": (s.pos[IMPERIUM] - s.pos[TRAITOR]) / 6.0,
        "ports": board.ports_value() / 10.0,
        "held": float(sum(1 for z in st.ports if board.owner(z) == IMPERIUM)),
        "traitor_units": traitor_units / 10.0,
        "traitor_reserve": sum(s.reserve[TRAITOR].values()) / 10.0,
    }


def chance(s: HeresyState) -> float:
    """The Imperium's chance to win from `s`, between 0 and 1."""
    z = BIAS + SCENARIO.get(s.scenario, 0.0)
    for name, x in features(s).items():
        z += WEIGHTS[name] * x
    if z < -30.0:
        return 0.0
    if z > 30.0:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))
