"""A guess at what this seat cannot see, built from what it can see only.

`guess` puts every hidden group of cards in a fixed (sorted) order before the engine's
determinization (view.determinize, HH-18.14, HH-26.6) reshuffles it with a generator
seeded from public facts: two states that differ only in hidden things give the very same
guess, so the AI decides alike on both.
"""

from __future__ import annotations

from arbitre.engine.rng import Rng
from arbitre.games.heresy.state import HeresyState
from arbitre.games.heresy.view import rearrange_hidden


def canonical(state: HeresyState, seat: int) -> HeresyState:
    """A copy whose hidden cards are sorted within each group determinize resamples."""
    s = state.copy()
    rearrange_hidden(s, seat, list.sort)
    return s


def guess(state: HeresyState, seat: int, rng: Rng) -> HeresyState:
    """A determinized copy (rules.Heresy.determinize) of the canonical copy."""
    from arbitre.games.heresy.rules import Heresy

    return Heresy().determinize(canonical(state, seat), seat, rng)
