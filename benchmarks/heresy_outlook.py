"""Fit `arbitre.games.heresy.ai.outlook`: who wins from a position, learned from games.

Plays `ai` against `ai` on every scenario (seeds `--seed`…, the seats' AIs seeded
2·seed+1 and 2·seed+2), records the outlook's features at every choice of action and
Order Draw (HH-14.11, HH-14.3: where the search's walks stop), labels each with the
game's winner, and fits a logistic regression (Newton's method, a light L2 penalty). The
games whose seed is at least `--held-out` are kept out of the fit and scored: log-loss
and how often the side given the better chance won, against the heuristic AI's position
value fitted the same way. Prints the weights as Python, for `outlook.py`.

    .venv/bin/python -m benchmarks.heresy_outlook --games 150 --seed 5000 --held-out 5110 \\
        --workers 2 --save /tmp/outlook.jsonl      # about 20 minutes on 2 cores
    .venv/bin/python -m benchmarks.heresy_outlook --load /tmp/outlook.jsonl --held-out 5110

Needs numpy (the dev extra).
"""

from __future__ import annotations

import argparse
import json
import math
from concurrent.futures import ProcessPoolExecutor
from typing import Any

STOPS = frozenset({"heresy.action", "heresy.order_draw.discard", "heresy.order_draw.recover"})


def play(job: tuple[str, int]) -> dict[str, Any]:
    """One game of `ai` against `ai`: the features and the AI's value at each stop."""
    from arbitre.engine.match import Match
    from arbitre.engine.registry import get
    from arbitre.games.heresy.ai import HeresyAI
    from arbitre.games.heresy.ai.context import Ctx
    from arbitre.games.heresy.ai.evaluate import Board
    from arbitre.games.heresy.ai.outlook import features

    scenario, seed = job
    agents = {0: HeresyAI(2 * seed + 1), 1: HeresyAI(2 * seed + 2)}
    match = Match(get("heresy"), {"scenario": scenario}, seed, agents)
    rows = []
    while (decision := match.decision()) is not None:
        if decision.kind in STOPS:
            state = match.state
            rows.append({**features(state), "value": Board(Ctx(state, 0)).value()})
        match.step()
    return {"scenario": scenario, "seed": seed, "winner": match.state.winner, "rows": rows}


def table(games: list[dict[str, Any]], lo: int, hi: int) -> tuple[Any, Any, Any, list[str]]:
    import numpy as np

    scenarios = sorted({g["scenario"] for g in games})
    names = [n for n in games[0]["rows"][0] if n != "value"] + [f"sc:{s}" for s in scenarios]
    xs, ys, vs = [], [], []
    for g in games:
        if not lo <= g["seed"] < hi or g["winner"] not in (0, 1):
            continue
        for r in g["rows"]:
            xs.append([r[n] if n in r else float(n == f"sc:{g['scenario']}") for n in names])
            ys.append(1.0 if g["winner"] == 0 else 0.0)
            vs.append(r["value"])
    return np.array(xs), np.array(ys), np.array(vs), names


def fit(x: Any, y: Any, penalty: float = 1.0, steps: int = 40) -> Any:
    """Logistic regression by Newton's method; the last weight is the bias (not penalised)."""
    import numpy as np

    a = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(a.shape[1])
    ridge = penalty * np.diag([*([1.0] * x.shape[1]), 0.0])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(a @ w)))
        grad = a.T @ (p - y) + ridge @ w
        hess = (a * (p * (1.0 - p))[:, None]).T @ a + ridge
        w = w - np.linalg.solve(hess, grad)
    return w


def score(x: Any, y: Any, w: Any) -> tuple[float, float]:
    import numpy as np

    p = 1.0 / (1.0 + np.exp(-(np.hstack([x, np.ones((len(x), 1))]) @ w)))
    p = np.clip(p, 1e-6, 1.0 - 1e-6)
    loss = float(-np.mean(y * np.log(p) + (1.0 - y) * np.log(1.0 - p)))
    return loss, float(np.mean((p > 0.5) == (y > 0.5)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=150, help="games per scenario")
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--held-out", type=int, default=5110, help="first seed not fitted")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scenario", default=None, help="comma separated; default: all")
    parser.add_argument("--save", default=None, help="write the games here (JSON lines)")
    parser.add_argument("--load", default=None, help="fit games saved by --save")
    args = parser.parse_args()
    if args.load:
        with open(args.load, encoding="utf-8") as f:
            games = [json.loads(line) for line in f]
    else:
        if args.scenario:
            wanted = args.scenario.split(",")
        else:
            from arbitre.engine.registry import get

            wanted = list(get("heresy").new({}, 0).content.scenarios.ids())
        jobs = [(s, seed) for s in wanted for seed in range(args.seed, args.seed + args.games)]
        with ProcessPoolExecutor(args.workers) as pool:
            games = list(pool.map(play, jobs, chunksize=4))
        if args.save:
            with open(args.save, "w", encoding="utf-8") as f:
                f.writelines(json.dumps(g) + "\n" for g in games)
    import numpy as np

    x, y, v, names = table(games, -(10**9), args.held_out)
    xt, yt, vt, _ = table(games, args.held_out, 10**9)
    print(f"{len(games)} games; fitted {len(y)} positions, held out {len(yt)}")
    w = fit(x, y)
    scen = [i for i, n in enumerate(names) if n.startswith("sc:")]
    wv = fit(np.c_[x[:, scen], v / 10.0], y)
    loss, hit = score(xt, yt, w)
    loss_v, hit_v = score(np.c_[xt[:, scen], vt / 10.0], yt, wv)
    base = float(np.mean(y))  # the fitted games' share of Imperial wins, on the held-out
    loss_0 = float(-np.mean(yt * math.log(base) + (1.0 - yt) * math.log(1.0 - base)))
    print(f"held out: outlook log-loss {loss:.3f}, right {hit:.1%}")
    print(f"          AI's value       {loss_v:.3f}, right {hit_v:.1%}; a constant {loss_0:.3f}")
    print(f"BIAS = {w[-1]:.4f}")
    print("WEIGHTS = {")
    for n, wi in zip(names, w, strict=False):
        if not n.startswith("sc:"):
            print(f'    "{n}": {wi:.4f},')
    print("}")
    print("SCENARIO = {")
    for n, wi in zip(names, w, strict=False):
        if n.startswith("sc:"):
            print(f'    "{n[3:]}": {wi:.4f},')
    print("}")


if __name__ == "__main__":
    main()
