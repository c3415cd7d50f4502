"""Epic (NetEpic Palladium v2 special abilities, seed 003, digest rules/epic.md).

Data catalogs, table geometry, shooting and assault rules, exact odds, and a first
playable ruleset (rules.Epic: hidden orders, movement, shooting, assault; EPC-9, EPC-10).
"""

from __future__ import annotations

from typing import Any

from arbitre.games.epic import (  # noqa: F401  (register the fr/en texts)
    epic_messages,
    messages,
    play_messages,
)


def __getattr__(name: str) -> Any:
    """`RULESET` and `Epic` are built on first use (the registry asks for `RULESET`): a
    program that needs only this game's data or odds does not import its whole rules."""
    if name in ("RULESET", "Epic"):
        from arbitre.engine.registry import register
        from arbitre.games.epic.rules import Epic

        ruleset = Epic()
        register(ruleset)
        globals().update(RULESET=ruleset, Epic=Epic)
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["RULESET", "Epic"]
