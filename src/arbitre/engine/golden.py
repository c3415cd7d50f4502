"""Golden playthroughs: proof that an optimisation changed no game.

A golden game is a seeded random game (seed n: the ruleset's `new(config, n)` and the
choosing RNG `Rng.from_seed(n)`, as `benchmarks.common.random_play`). Its fingerprint is
a short hash of every key played and of the result. Two more passes check the other entry
points a search uses:

- clone: the same game, but at sampled points a clone is taken and played on for a few
  decisions of its own (the original must not notice), and every other sampled point the
  game continues on a fresh clone (the clone must miss nothing). Its fingerprint must be
  the plain game's.
- determinize: at sampled points the twin of the seat to play is built from its own RNG
  and played on a few decisions; the keys seen are hashed, so a determinize that samples
  differently (or leaks) changes the fingerprint.

The recorded fingerprints live in `tests/golden/<ruleset>.json` (`benchmarks/golden.py`
writes and checks them; `tests/engine/test_golden.py` checks a sample).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from arbitre.engine.registry import get
from arbitre.engine.rng import Rng

CLONE_EVERY = 23  # decisions between clone checks (prime: hits every kind of decision)
DETERMINIZE_EVERY = 41  # decisions between determinize samples
SIDE_STEPS = 6  # decisions played on a side clone or a twin


def _digest(parts: Iterable[str]) -> str:
    h = hashlib.blake2b(digest_size=8)
    for part in parts:
        h.update(part.encode())
        h.update(b"\n")
    return h.hexdigest()


def _result_text(ruleset: Any, state: Any) -> str:
    result = ruleset.result(state)
    if result is None:
        return "unfinished"
    return json.dumps([list(result.scores), result.details], sort_keys=True, default=str)


def _side_play(ruleset: Any, state: Any, rng: Rng, steps: int, keys: list[str]) -> None:
    """Play `steps` random decisions on `state` (a clone or a twin), keys into `keys`."""
    for _ in range(steps):
        d = ruleset.decision(state)
        if d is None:
            return
        key = d.options[rng.below(len(d.options))].key
        keys.append(key)
        ruleset.apply(state, key)


def play(game: str, seed: int, clones: bool = False, cap: int = 100_000) -> str:
    """The fingerprint of golden game `seed` (keys and result); with `clones`, played
    through clones at sampled points (the fingerprint must not change)."""
    r = get(game)
    s = r.new({}, seed)
    rng = Rng.from_seed(seed)
    keys: list[str] = []
    side_rng = Rng.from_seed(seed ^ 0x5EED)
    n = 0
    while n < cap and (d := r.decision(s)) is not None:
        if clones and n % CLONE_EVERY == 0:
            if (n // CLONE_EVERY) % 2:
                s = r.clone(s)
            else:
                _side_play(r, r.clone(s), side_rng, SIDE_STEPS, [])
        key = d.options[rng.below(len(d.options))].key
        keys.append(key)
        r.apply(s, key)
        n += 1
    keys.append(_result_text(r, s))
    return _digest(keys)


def determinized(game: str, seed: int, cap: int = 100_000) -> str:
    """The fingerprint of the twins built along golden game `seed`."""
    r = get(game)
    s = r.new({}, seed)
    rng = Rng.from_seed(seed)
    twin_rng = Rng.from_seed(seed + 0xD37)
    seen: list[str] = []
    n = 0
    while n < cap and (d := r.decision(s)) is not None:
        if n % DETERMINIZE_EVERY == 0:
            twin = r.determinize(s, d.seat, twin_rng)
            _side_play(r, twin, twin_rng, SIDE_STEPS, seen)
            seen.append("|")
        r.apply(s, d.options[rng.below(len(d.options))].key)
        n += 1
    return _digest(seen)


def combined(hashes: Iterable[str]) -> str:
    return _digest(hashes)


def record(game: str, games: int, keep: dict[str, Any] | None = None) -> dict[str, Any]:
    """Fingerprints of golden games 0..games-1 (plain and determinize); with `keep` (the
    recorded data), its plays are kept and only the determinize fingerprints recorded."""
    if keep is not None:
        games = keep["games"]
    plays = list(keep["plays"]) if keep is not None else [play(game, n) for n in range(games)]
    twins = [determinized(game, n) for n in range(games)]
    return {
        "ruleset": game,
        "config": {},
        "games": games,
        "combined": combined(plays),
        "determinize_combined": combined(twins),
        "plays": plays,
        "determinize": twins,
    }
