"""Epic (NetEpic Palladium v2 special abilities, seed 003, digest rules/epic.md).

Data catalogs, table geometry, shooting and assault rules, exact odds, and a first
playable ruleset (rules.Epic: hidden orders, movement, shooting, assault; EPC-9, EPC-10).
"""

from __future__ import annotations

from arbitre.engine.registry import lazy_ruleset
from arbitre.games.epic import (  # noqa: F401  (texts; #16)
    messages,
    messages_sides,
    play_texts,
    ready_made,
)

__getattr__ = lazy_ruleset(__name__, "arbitre.games.epic.rules", "Epic")

__all__ = ["RULESET", "Epic"]
