"""Golden games: record, or check that the engine still plays them identically (issue 14).

Record (only before a change that must not change games, or when a rules change is meant
to change them): `.venv/bin/python -m benchmarks.golden record --all`. Without `--all`
an existing file keeps its plays and gets new determinize fingerprints only (a change to
how a twin samples what a seat cannot see; games themselves must not change).
Check every recorded game, plain, through clones and determinized:
`.venv/bin/python -m benchmarks.golden check [--rulesets heresy,champs] [--workers 2]`.
Exits 1 on any difference; prints how long each pass took (figures, never asserted).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from arbitre.engine import golden

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
GAMES = {"heresy": 1000, "champs": 1000, "epic": 200}


def path_of(game: str) -> Path:
    return GOLDEN_DIR / f"{game}.json"


def _check_chunk(game: str, seeds: list[int]) -> list[tuple[int, str, str, str]]:
    return [
        (n, golden.play(game, n), golden.play(game, n, clones=True), golden.determinized(game, n))
        for n in seeds
    ]


def check(game: str, workers: int, limit: int | None) -> bool:
    data: dict[str, Any] = json.loads(path_of(game).read_text())
    games = data["games"] if limit is None else min(limit, data["games"])
    seeds = list(range(games))
    start = time.perf_counter()
    if workers <= 1:
        rows = _check_chunk(game, seeds)
    else:
        chunks = [seeds[i::workers] for i in range(workers)]
        with ProcessPoolExecutor(workers) as pool:
            rows = [
                row for part in pool.map(_check_chunk, [game] * workers, chunks) for row in part
            ]
    bad = 0
    for n, plain, cloned, twins in sorted(rows):
        problems = []
        if plain != data["plays"][n]:
            problems.append("keys/result")
        if cloned != data["plays"][n]:
            problems.append("clone")
        if twins != data["determinize"][n]:
            problems.append("determinize")
        if problems:
            bad += 1
            if bad <= 10:
                print(f"  {game} seed {n}: differs ({', '.join(problems)})")
    secs = time.perf_counter() - start
    status = "identical" if not bad else f"{bad} DIFFERENT"
    print(f"{game}: {games} golden games {status} ({secs:.1f} s, 3 passes each)")
    return not bad


def _old(game: str) -> dict[str, Any] | None:
    path = path_of(game)
    old: dict[str, Any] | None = json.loads(path.read_text()) if path.exists() else None
    return old


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=["record", "check"])
    parser.add_argument("--rulesets", default=",".join(GAMES))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--limit", type=int, default=None, help="check only the first N games")
    parser.add_argument(
        "--all",
        action="store_true",
        help="record the plays too (by default an existing file keeps its plays and only "
        "its determinize fingerprints are recorded again: a twin's sampling may change, a "
        "game may not)",
    )
    args = parser.parse_args()
    ok = True
    for game in args.rulesets.split(","):
        if args.action == "record":
            start = time.perf_counter()
            data = golden.record(game, GAMES[game], None if args.all else _old(game))
            GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
            path_of(game).write_text(json.dumps(data, indent=0) + "\n")
            secs = time.perf_counter() - start
            n, total = data["games"], data["combined"]
            print(f"{game}: recorded {n} games, combined {total} ({secs:.0f} s)")
        else:
            ok = check(game, args.workers, args.limit) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
