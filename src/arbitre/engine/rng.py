"""A counter-based generator (SplitMix64) whose whole state is one int.

The state lives inside each game state, so clone/save/replay reproduce every roll.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
MAX_BELOW = 1 << 63  # the largest n of Rng.below (dice, shuffles, choices)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@dataclass(slots=True)
class Rng:
    """Seeded RNG; `state` is a plain int, so the RNG is plain data."""

    state: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(_mix((seed * _GOLDEN) & _MASK))

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """Uniform int in [0, n), without modulo bias; n must be within 1..2**63.

        Beyond 2**63 rejection sampling from 64 bits would need several draws on average,
        and beyond 2**64 it could never succeed (an endless loop): refused.
        """
        if not isinstance(n, int) or not 1 <= n <= MAX_BELOW:
            raise ValueError(f"Rng.below(n) needs a whole number n from 1 to 2**63, got {n!r}")
        limit = _MASK - (_MASK + 1) % n
        # next64 and _mix inlined (speed: called for every die, draw and random choice)
        state = self.state
        while True:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z <= limit:
                self.state = state
                return z % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.below(sides) + 1 for _ in range(count)]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates with `below(i + 1)` for i from the end: the same draws as ever
        (saved games replay), with `below` inlined (speed: determinize shuffles every
        hidden card of a game)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _MASK - (_MASK + 1) % n
            while True:
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z <= limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def permute(self, items: list[T]) -> None:
        """Shuffle `items` uniformly from one 64-bit draw per group of positions (speed:
        determinize reorders every hidden card of a game at each search step).

        Fisher-Yates picks j in [0, i] for i from the end; the picks of a group of
        consecutive positions are the mixed-radix digits of one number drawn below their
        product (`below`, without bias), so every order stays equally likely. A 60-card
        deck takes 5 draws instead of 59. Its sequence differs from `shuffle`'s: use it
        only where nothing replays the draws (a determinized twin, not a game)."""
        i = len(items) - 1
        for product, last in _groups(i):
            z = self.below(product)
            while i > last:
                z, j = divmod(z, i + 1)
                items[i], items[j] = items[j], items[i]
                i -= 1

    def choice_index(self, n: int) -> int:
        return self.below(n)

    def copy(self) -> Rng:
        return Rng(self.state)


_GROUPS: dict[int, tuple[tuple[int, int], ...]] = {}


def _groups(top: int) -> tuple[tuple[int, int], ...]:
    """For positions top, top-1, … 1 of a shuffle: (product of the group's radices, the
    position just below the group), each product within `below`'s range."""
    got = _GROUPS.get(top)
    if got is None:
        out = []
        i = top
        while i > 0:
            product, k = 1, i
            while k > 0 and product * (k + 1) <= MAX_BELOW:
                product *= k + 1
                k -= 1
            out.append((product, k))
            i = k
        got = _GROUPS[top] = tuple(out)
    return got
