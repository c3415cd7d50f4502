"""A fixed-size numeric observation of any game, from one seat's view.

`encode(ruleset, state, seat)` is a float32 vector of `SIZE` numbers:

- `[0:4]`: the observing seat, one-hot (seats 0–3);
- `[4:8]`: the seat to answer now, one-hot (all zero when the game is over);
- `[8:72]`: the kind of the current decision (`heresy.battle.play`…), hashed one-hot;
- `[72:SIZE]`: the seat's `view` (only what it may see), feature-hashed: every leaf of the
  JSON view is named by its path (list positions included, so a zone, a unit or a track
  space is its own feature); a number adds `sign(v)·log1p(|v|)` to its path's bucket, a
  string or a boolean adds 1 to the bucket of `path=value`. Buckets come from CRC-32,
  stable across runs and machines.

The same encoding serves every game (champs, heresy, epic), so its size is the same for
all three; it is a generic learning input, not a hand-designed one.
"""

from __future__ import annotations

import math
import zlib
from typing import Any

import numpy as np
import numpy.typing as npt

SEATS = 4
KINDS = 64
BUCKETS = 2048
SIZE = 2 * SEATS + KINDS + BUCKETS
_VIEW = 2 * SEATS + KINDS


def _bucket(text: str, n: int) -> int:
    return zlib.crc32(text.encode()) % n


def _walk(value: Any, path: str, out: npt.NDArray[np.float32]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _walk(v, f"{path}/{k}", out)
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            _walk(v, f"{path}/{i}", out)
    elif isinstance(value, bool):
        out[_VIEW + _bucket(f"{path}={value}", BUCKETS)] += 1.0
    elif isinstance(value, int | float):
        v = float(value)
        if math.isfinite(v):
            out[_VIEW + _bucket(path, BUCKETS)] += math.copysign(math.log1p(abs(v)), v)
    elif value is not None:
        out[_VIEW + _bucket(f"{path}={value}", BUCKETS)] += 1.0


def encode(ruleset: Any, state: Any, seat: int) -> npt.NDArray[np.float32]:
    """The observation of `state` by `seat` (see the module's docstring)."""
    out = np.zeros(SIZE, np.float32)
    if 0 <= seat < SEATS:
        out[seat] = 1.0
    d = ruleset.decision(state)
    if d is not None:
        if 0 <= d.seat < SEATS:
            out[SEATS + d.seat] = 1.0
        out[2 * SEATS + _bucket(d.kind, KINDS)] = 1.0
    _walk(ruleset.view(state, seat), "", out)
    return out
