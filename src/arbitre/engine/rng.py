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
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.below(sides) + 1 for _ in range(count)]

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice_index(self, n: int) -> int:
        return self.below(n)

    def copy(self) -> Rng:
        return Rng(self.state)
