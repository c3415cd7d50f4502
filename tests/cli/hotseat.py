"""Typed input for a hotseat game in `arbitre play`: an empty line (Enter) wherever the
seat to answer passes from one person to another, where the handover screen waits."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.engine import get


def hotseat_lines(
    game: str, config: Mapping[str, Any], seed: int, keys: Sequence[str], humans: Sequence[int]
) -> list[str]:
    """`keys` typed by the seats in `humans` (the others are AI and type nothing), with
    the Enter each handover asks for."""
    ruleset = get(game)
    state = ruleset.new(dict(config), seed)
    lines: list[str] = []
    last: int | None = None
    for key in keys:
        decision = ruleset.decision(state)
        if decision is None:
            break
        if decision.seat in humans:
            if last is not None and last != decision.seat:
                lines.append("")
            last = decision.seat
            lines.append(key)
        ruleset.apply(state, key)
    return lines
