"""Time exact Champs de Bataille combat odds against a Monte Carlo of the same question.

Run: .venv/bin/python -m benchmarks.champs_odds
Exact odds are timed cold (every cache cleared first) and warm (asked again); the Monte Carlo
draws 100,000 combats with the same hero policy (decisions memoised per roll). No assertion.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from arbitre.games.champs.config import Rules, resolve
from arbitre.games.champs.odds import (
    Side,
    best_templar_reroll,
    best_thief_swap,
    clear_caches,
    combat_odds,
)

SAMPLES = 100_000

# (label, attacker dice, defender dice, hero, hero on the attacker's side, config)
QUESTIONS: list[tuple[str, int, int, str | None, bool, dict[str, str]]] = [
    ("8 v 7", 8, 7, None, True, {}),
    ("8 v 7, attacking Thief", 8, 7, "voleur", True, {}),
    ("8 v 7, attacking Templar", 8, 7, "templier", True, {}),
    ("8 v 7, defending Templar", 8, 7, "templier", False, {}),
    ("8 v 7, highest die", 8, 7, None, True, {"combat.result": "highest"}),
    ("8 v 7, highest die, Templar", 8, 7, "templier", True, {"combat.result": "highest"}),
    ("8 v 7, Thief moveOneDie", 8, 7, "voleur", True, {"thief.mode": "moveOneDie"}),
    ("20 v 20, attacking Templar", 20, 20, "templier", True, {}),
]


def _result(dice: Sequence[int], rules: Rules) -> int:
    return max(dice, default=0) if rules.highest else sum(dice)


def monte_carlo(
    na: int, nd: int, hero: str | None, on_attacker: bool, rules: Rules, n: int, seed: int = 1
) -> float:
    rng = random.Random(seed)
    faces = range(1, rules.sides + 1)
    memo: dict[Any, Any] = {}
    wins = 0
    for _ in range(n):
        a = sorted(rng.choices(faces, k=na))
        d = sorted(rng.choices(faces, k=nd))
        if hero is not None:
            own, opp = (a, d) if on_attacker else (d, a)
            if hero == "voleur":
                key: Any = (tuple(own), tuple(opp))
                if key not in memo:
                    memo[key] = best_thief_swap(own, opp, on_attacker, rules)
                pick = memo[key]
                if pick is not None:
                    i, j = pick
                    if i < 0:
                        own.append(opp.pop(j))
                    elif j < 0:
                        opp.append(own.pop(i))
                    else:
                        own[i], opp[j] = opp[j], own[i]
            else:
                key = (tuple(own), _result(opp, rules))
                if key not in memo:
                    memo[key] = best_templar_reroll(own, key[1], on_attacker, rules)
                for i in memo[key]:
                    own[i] = rng.choice(faces)
            a, d = (own, opp) if on_attacker else (opp, own)
        wins += _result(a, rules) >= _result(d, rules)
    return wins / n


def main() -> None:
    header = f"{'question':32s} {'P(att)':>8s} {'cold ms':>9s} {'warm ms':>9s}"
    header += f" {'MC P':>8s} {'MC ms':>9s} {'MC/cold':>8s}"
    print(header)
    for label, na, nd, hero, on_attacker, config in QUESTIONS:
        rules = resolve(config)
        skills = (hero,) if hero else ()
        att = Side(dice=na, skills=skills if on_attacker else ())
        dfd = Side(dice=nd, skills=() if on_attacker else skills)
        clear_caches()
        t0 = time.perf_counter()
        odds = combat_odds(att, dfd, rules)
        cold = time.perf_counter() - t0
        t0 = time.perf_counter()
        combat_odds(att, dfd, rules)
        warm = time.perf_counter() - t0
        t0 = time.perf_counter()
        mc = monte_carlo(na, nd, hero, on_attacker, rules, SAMPLES)
        mc_time = time.perf_counter() - t0
        print(
            f"{label:32s} {odds.attacker_wins:8.4f} {cold * 1e3:9.2f} {warm * 1e3:9.4f}"
            f" {mc:8.4f} {mc_time * 1e3:9.0f} {mc_time / cold:8.0f}x"
        )


if __name__ == "__main__":
    main()
