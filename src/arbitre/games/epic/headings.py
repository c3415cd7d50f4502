"""The headings of a block move (moves.py, EPC-11): staying put, then the eight
directions at the minimum, half and full allowance, worked out once per allowance, with
what `moves.candidates` compares of them (issue 14, 15). Pure arithmetic on floats."""

from __future__ import annotations

import math

DIRECTIONS = 8


def _clean(v: float, snap: float = 1e-9) -> float:
    """A component without float noise: |v| < snap is 0.0, and never -0.0 (the texts
    show "(0.0, 20.0)", not "(-0.0, 20.0)")."""
    return 0.0 if abs(v) < snap else v + 0.0


def shown(dx: float, dy: float) -> tuple[float, float]:
    """A move as its option text shows it: to 0.1 cm, without -0.0."""
    return round(dx, 1) + 0.0, round(dy, 1) + 0.0


# dx, dy, its key to 1e-3 cm, its text (`shown`) when already worked out
Said = tuple[float, float, tuple[float, float], tuple[float, float] | None]


def _said(dx: float, dy: float) -> Said:
    """A raw move with what `candidates` compares: its key to 1e-3 cm and its text."""
    return dx, dy, (round(dx, 3), round(dy, 3)), shown(dx, dy)


def _headings(lo: float, hi: float) -> tuple[Said, ...]:
    """Staying put, then the eight headings at the minimum, half and full allowance
    (`candidates`); they depend on the allowance only, and a game has few allowances, so
    they are worked out once each (issue 14: `round` is slow). Same floats as before."""
    got = _HEADINGS.get((lo, hi))
    if got is None:
        raw: list[tuple[float, float]] = [(0.0, 0.0)]
        if hi > 0:
            radii = [r for r in sorted({lo, hi / 2, hi}) if r > 0]
            for i in range(DIRECTIONS):
                a = 2 * math.pi * i / DIRECTIONS
                cos, sin = math.cos(a), math.sin(a)
                raw += [(_clean(r * cos), _clean(r * sin)) for r in radii]
        got = tuple(_said(dx, dy) for dx, dy in raw)
        if len(_HEADINGS) >= 512:  # bounded (custom tables may have many allowances)
            _HEADINGS.clear()
        _HEADINGS[(lo, hi)] = got
    return got


_HEADINGS: dict[tuple[float, float], tuple[Said, ...]] = {}


Distinct = tuple[tuple[Said, ...], frozenset[tuple[float, float]], tuple[tuple[float, float], ...]]


def _distinct_headings(lo: float, hi: float) -> Distinct:
    """`_headings` with the first move of each key only, the set of their keys and
    their vectors (issue 15: worked out once per allowance, as `_headings`)."""
    got = _DISTINCT.get((lo, hi))
    if got is None:
        heads: list[Said] = []
        keys: set[tuple[float, float]] = set()
        for said in _headings(lo, hi):
            if said[2] not in keys:
                keys.add(said[2])
                heads.append(said)
        got = (tuple(heads), frozenset(keys), tuple((dx, dy) for dx, dy, _k, _t in heads))
        if len(_DISTINCT) >= 512:  # bounded, as _HEADINGS
            _DISTINCT.clear()
        _DISTINCT[(lo, hi)] = got
    return got


_DISTINCT: dict[tuple[float, float], Distinct] = {}
