"""Epic golden games (issue 14): record or check seeded random Epic games, so that the
speed work on `games/epic` provably changes no game.

A game is seed n: `new({}, n)` and the choosing RNG `Rng.from_seed(n)`, a uniform pick
among the options (as `benchmarks.common.random_play`). Per game we keep a hash of the
keys played with the result, and a hash of every text a person would read (each
decision's question and options, each event): options built lazily must still say the
same thing. `tests/golden/epic_play.json` holds them (the engine-wide
`tests/golden/epic.json` of `benchmarks/golden.py` is another helper's, with its own
clone and determinize passes).

Record: `.venv/bin/python -m benchmarks.epic_golden record [--games 1000]`
Check:  `.venv/bin/python -m benchmarks.epic_golden check [--limit N]` (exit 1 if any differ)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from arbitre.engine import get
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng

PATH = Path(__file__).resolve().parent.parent / "tests" / "golden" / "epic_play.json"
GAMES = 1000


def _said(msg: Msg) -> str:
    """A message as data (key, sorted arguments, rule): what any language renders."""
    return repr((msg.key, sorted((k, repr(v)) for k, v in msg.args.items()), msg.rule))


def play(seed: int, texts: bool = True) -> dict[str, Any]:
    """One golden game: decisions, keys hash, texts hash and the result."""
    r = get("epic")
    s = r.new({}, seed)
    rng = Rng.from_seed(seed)
    keys = hashlib.blake2b(digest_size=8)
    said = hashlib.blake2b(digest_size=8)
    n = 0
    while (d := r.decision(s)) is not None:
        if texts:
            said.update(_said(d.text).encode())
            for o in d.options:
                said.update(o.key.encode() + b"=" + _said(o.text).encode())
        key = d.options[rng.below(len(d.options))].key
        keys.update(key.encode() + b"\n")
        r.apply(s, key)
        if texts:
            for m in r.events(s):
                said.update(_said(m).encode())
        n += 1
    result = r.result(s)
    assert result is not None
    outcome = json.dumps([list(result.scores), result.details], sort_keys=True, default=str)
    keys.update(outcome.encode())
    game = {"seed": seed, "decisions": n, "keys": keys.hexdigest(), "result": outcome}
    if texts:
        game["texts"] = said.hexdigest()
    return game


def record(games: int) -> dict[str, Any]:
    return {"ruleset": "epic", "config": {}, "games": [play(n) for n in range(games)]}


def check(limit: int | None, step: int = 1) -> list[str]:
    """The differences from the recorded games (every `step`-th, the first `limit`)."""
    data = json.loads(PATH.read_text())
    recorded = data["games"][:limit:step] if step > 1 else data["games"][:limit]
    bad = []
    for want in recorded:
        got = play(want["seed"])
        for field in ("decisions", "keys", "result", "texts"):
            if got[field] != want[field]:
                bad.append(f"seed {want['seed']}: {field} differs")
    return bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=["record", "check"])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args()
    start = time.process_time()
    if args.action == "record":
        data = record(args.games)
        PATH.parent.mkdir(parents=True, exist_ok=True)
        PATH.write_text(json.dumps(data, indent=0) + "\n")
        print(f"recorded {args.games} Epic games in {time.process_time() - start:.1f} s CPU")
        return
    bad = check(args.limit)
    for line in bad[:20]:
        print(line)
    n = args.limit or len(json.loads(PATH.read_text())["games"])
    print(
        f"{n} Epic golden games: {len(bad) or 'no'} difference(s), "
        f"{time.process_time() - start:.1f} s CPU"
    )
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
