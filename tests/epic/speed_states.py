"""The seeded random games the speed shortcut tests compare on (issue 14, 15): the
states at every few decisions of some golden games, listed once per test process."""

from __future__ import annotations

from arbitre.engine.rng import Rng
from arbitre.games.epic.rules import Epic
from arbitre.games.epic.state import EpicState

GAMES = range(0, 1000, 97)  # 11 golden seeds spread over the recorded ones


def _states(games: range = GAMES, every: int = 1) -> list[tuple[int, EpicState]]:
    """(seed, a clone of the state) at every `every`-th decision of seeded random games."""
    r = Epic()
    out = []
    for seed in games:
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        n = 0
        while (d := r.decision(s)) is not None:
            if n % every == 0:
                out.append((seed, s))
                s = r.clone(s)  # the kept one stays as it was
            r.apply(s, d.options[rng.below(len(d.options))].key)
            n += 1
    return out


STATES = _states(every=3)
