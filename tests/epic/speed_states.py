"""The seeded random games the speed shortcut tests compare on (issue 14, 15): the
states at every few decisions of some golden games, listed once per test process."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from arbitre.engine.rng import Rng
from arbitre.games.epic import moves, reactions
from arbitre.games.epic.rules import Epic
from arbitre.games.epic.state import EpicState

GAMES = range(0, 1000, 97)  # 11 golden seeds spread over the recorded ones


def _states(games: range = GAMES, every: int = 1) -> list[tuple[int, EpicState]]:
    """(seed, a clone of the state) at every `every`-th decision of seeded random games."""
    r = Epic()
    out = []
    for seed in games:
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        n = 0
        while (d := r.decision(s)) is not None:
            if n % every == 0:
                out.append((seed, s))
                s = r.clone(s)  # the kept one stays as it was
            r.apply(s, d.options[rng.below(len(d.options))].key)
            n += 1
    return out


STATES = _states(every=3)


def candidates_slowly(
    s: EpicState, did: int, p: moves.Plan, legal: Callable[[float, float], bool]
) -> list[tuple[float, float]]:
    """`moves.candidates` the slow way: every heading and move toward an enemy, the first
    of each key (1e-3 cm), `legal` as the test says, the first of each text (0.1 cm) but a
    charge's later one in its place."""
    raw: list[tuple[float, float]] = [(0.0, 0.0)]
    if p.hi > 0:
        radii = [r for r in sorted({p.lo, p.hi / 2, p.hi}) if r > 0]
        for i in range(moves.DIRECTIONS):
            a = 2 * math.pi * i / moves.DIRECTIONS
            raw += [(moves._clean(r * math.cos(a)), moves._clean(r * math.sin(a))) for r in radii]
        raw += moves._toward_enemy(s, did, p)
    out: list[tuple[float, float]] = []
    seen: set[tuple[float, float]] = set()
    texts: dict[tuple[float, float], int] = {}
    for dx, dy in raw:
        key = (round(dx, 3), round(dy, 3))
        if key in seen:
            continue
        seen.add(key)
        if not legal(dx, dy):
            continue
        text = (round(dx, 1) + 0.0, round(dy, 1) + 0.0)
        if text in texts:
            if p.engage:
                out[texts[text]] = (dx, dy)
            continue
        texts[text] = len(out)
        out.append((dx, dy))
    return out or [(0.0, 0.0)]


def reaction_groups_both_ways(monkeypatch: Any, slow: dict[str, Any]) -> tuple[int, int]:
    """On the reaction questions of seeded random games, `reactions._groups` as it is and
    with the shortcuts `slow` replaces (name -> the slow stand-in) must find the same
    groups; returns how many questions were asked and groups found."""
    asked = found = 0
    for seed, s in _states(range(0, 1000, 37), every=1):
        f = s.stack[-1] if s.stack else None
        if f is None or f.kind != "react":
            continue
        quick = reactions._groups(s, f)
        with monkeypatch.context() as m:
            for name, stand_in in slow.items():
                m.setattr(reactions, name, stand_in)
            slower = reactions._groups(s, f)
        assert {k: [(st.sid, g) for st, g in v[0]] for k, v in quick.items()} == {
            k: [(st.sid, g) for st, g in v[0]] for k, v in slower.items()
        }, f"seed {seed}"
        asked, found = asked + 1, found + len(quick)
    return asked, found


def games_both_ways(
    monkeypatch: Any, module: Any, slow: dict[str, Any], games: range = GAMES
) -> int:
    """Seeded random games played as they are and with the shortcuts `slow` replaces in
    `module` (name -> the slow stand-in): every decision (keys and texts), every event, the
    dice drawn and the whole state every tenth answer and at the end must be the same;
    returns how many decisions were met."""

    def play(seed: int) -> list[Any]:
        r = Epic()
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        out: list[Any] = []
        while (d := r.decision(s)) is not None:
            out.append((d.seat, d.kind, d.options, d.text))
            r.apply(s, d.options[rng.below(len(d.options))].key)
            out.append((list(s.log), s.rng.state, s.snapshot() if len(out) % 20 == 1 else None))
        out.append((r.result(s), s.snapshot()))
        return out

    met = 0
    for seed in games:
        quick = play(seed)
        with monkeypatch.context() as m:
            for name, stand_in in slow.items():
                m.setattr(module, name, stand_in)
            slower = play(seed)
        assert quick == slower, f"seed {seed}"
        met += len(quick) // 2
    return met
