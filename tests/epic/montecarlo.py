"""An independent, seeded Monte Carlo of Epic shooting and assault, to cross-check the
exact odds (written separately from arbitre.games.epic.odds on purpose)."""

from __future__ import annotations

import random
from collections import Counter


def roll_target(rng: random.Random, target: int) -> tuple[bool, int]:
    """(success, first die) under the defaults: natural 1 misses, 7+ = a 6 then 4+."""
    d = rng.randint(1, 6)
    if d == 1:
        return False, d
    if target <= 6:
        return d >= target, d
    return d == 6 and rng.randint(1, 6) >= target - 3, d


def shoot(
    rng: random.Random,
    dice: int,
    to_hit: int,
    save: int | None,
    *,
    reroll_ones: bool,
    elite: bool,
    target_elite: bool,
) -> int:
    hits = 0
    fresh_fail = False
    for _ in range(dice):
        ok, first = roll_target(rng, to_hit)
        if not ok and reroll_ones and first == 1:
            ok, _ = roll_target(rng, to_hit)
            hits += ok
            continue
        hits += ok
        fresh_fail = fresh_fail or not ok
    if elite and fresh_fail:
        hits += roll_target(rng, to_hit)[0]
    if save is None:
        return hits
    failed = sum(1 for _ in range(hits) if not roll_target(rng, save)[0])
    if target_elite and failed:
        failed -= roll_target(rng, save)[0]
    return failed


def duel(rng: random.Random, fa_a: int, fa_b: int, dice_a: int, elite_a: bool) -> str:
    a = [rng.randint(1, 6) for _ in range(dice_a)]
    b = [rng.randint(1, 6) for _ in range(2)]
    ta, tb = sum(a) + fa_a, sum(b) + fa_b
    if elite_a and ta < tb:
        ta += rng.randint(1, 6) - min(a)
    return "a" if ta > tb else "b" if tb > ta else "tie"


def sample(fn, n: int, seed: int) -> dict[object, float]:
    rng = random.Random(seed)
    counts = Counter(fn(rng) for _ in range(n))
    return {k: c / n for k, c in counts.items()}


def group(rng: random.Random, fas: list[int], fa_d: int, wounds: int) -> tuple[int, int]:
    """(defender wounds lost, attackers lost): attacker i rolls 2 + i dice."""
    lost = dead = 0
    for i, fa in enumerate(fas):
        if lost >= wounds:
            break
        outcome = duel(rng, fa, fa_d, 2 + i, False)
        lost += outcome == "a"
        dead += outcome == "b"
    return lost, dead
