"""Epic (NetEpic Palladium v2 special abilities, seed 003, digest rules/epic.md).

Data catalogs, table geometry, shooting and assault rules, exact odds, and a first
playable ruleset (rules.Epic: hidden orders, movement, shooting, assault; EPC-9, EPC-10).
"""

from arbitre.engine.registry import register
from arbitre.games.epic import (
    epic_messages,  # noqa: F401  (registers the fr/en texts)
    messages,  # noqa: F401  (registers the fr/en texts)
    play_messages,  # noqa: F401  (registers the fr/en texts)
)
from arbitre.games.epic.rules import Epic

RULESET = Epic()
register(RULESET)

__all__ = ["RULESET", "Epic"]
