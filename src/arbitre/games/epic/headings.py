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
    """A move as its option text shows it: to 0.1 cm, without -0.0: `rounded(dx, 10.0,
    1) + 0.0, rounded(dy, 10.0, 1) + 0.0` in one call (tenth round: asked of every legal
    move toward an enemy and every plain move text, EPC-11)."""
    a, b = _rounded2(dx, dy, 10.0, 1)
    return a + 0.0, b + 0.0


def _rounded2(dx: float, dy: float, scale: float, digits: int) -> tuple[float, float]:
    """`(rounded(dx, scale, digits), rounded(dy, scale, digits))`, its arithmetic written
    out for both (speed: one call where `shown` and `key3` would make two)."""
    a: float | None = None
    t = dx * scale
    if -1e9 < t < 1e9:  # (false for a NaN)
        k = round(t)
        if -0.49 < t - k < 0.49:
            a = k / scale if k else math.copysign(0.0, dx)
    if a is None:
        a = round(dx, digits)
    b: float | None = None
    t = dy * scale
    if -1e9 < t < 1e9:
        k = round(t)
        if -0.49 < t - k < 0.49:
            b = k / scale if k else math.copysign(0.0, dy)
    if b is None:
        b = round(dy, digits)
    return a, b


def rounded(v: float, scale: float, digits: int) -> float:
    """`round(v, digits)`, the very same float (`scale` is 10.0 ** digits), mostly
    without `round`'s decimal conversion (eighth round: a move question rounds some forty
    vectors). `round` gives the float nearest to k / scale, k the integer nearest to the
    exact v * scale; when the float v * scale lies more than 0.01 from a half-integer
    (its error is far less for |v * scale| < 1e9), its nearest integer is that k, and
    k / scale is the float nearest to k / scale (an exact k and scale, divided with
    IEEE rounding); a 0 keeps the sign of v, as `round` does. Otherwise `round` itself."""
    t = v * scale
    if -1e9 < t < 1e9:  # (false for a NaN)
        k = round(t)
        if -0.49 < t - k < 0.49:
            return k / scale if k else math.copysign(0.0, v)
    return round(v, digits)


def key3(dx: float, dy: float) -> tuple[float, float]:
    """A move's key, `(round(dx, 3), round(dy, 3))`: the very floats `rounded(·, 1000.0,
    3)` gives, in one call (ninth round: asked of every move toward an enemy of every move
    question, EPC-11)."""
    return _rounded2(dx, dy, 1000.0, 3)


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


# the legal headings as `moves.candidates` lists them, and where each text stands there
Kept = tuple[tuple[tuple[float, float], ...], dict[tuple[float, float], int]]


def kept_headings(
    lo: float, hi: float, engage: bool, heads: tuple[Said, ...], oks: list[bool]
) -> Kept:
    """The legal headings of `_distinct_headings(lo, hi)` (`oks`: which are legal) as
    `moves.candidates` lists them, the first of each text but a charge's later one in its
    place, with where each text stands in that list. Eighth round: they depend on the
    allowance, the charge and `oks` alone, so they are kept by these (the same moves are
    legal again and again); the caller copies what it changes."""
    key = (lo, hi, engage, bytes(oks))
    got = _KEPT.get(key)
    if got is not None:
        return got
    out: list[tuple[float, float]] = []
    legal: dict[tuple[float, float], int] = {}
    for (dx, dy, _key, text), ok in zip(heads, oks, strict=True):
        if not ok:
            continue
        assert text is not None  # a heading's text is worked out with it (`_said`)
        if text in legal:
            if engage:
                out[legal[text]] = (dx, dy)
            continue
        legal[text] = len(out)
        out.append((dx, dy))
    if len(_KEPT) >= 4096:  # bounded: a few allowances, a few patterns of legal moves
        _KEPT.clear()
    got = _KEPT[key] = (tuple(out), legal)
    return got


_KEPT: dict[tuple[float, float, bool, bytes], Kept] = {}
