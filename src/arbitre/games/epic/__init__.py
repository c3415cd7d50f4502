"""Epic (NetEpic Palladium v2 special abilities, seed 003, digest rules/epic.md).

Foundation only: data catalogs, table geometry, shooting and assault rules, exact odds.
No ruleset is registered yet (see the issue 6 report).
"""

from arbitre.games.epic import messages  # noqa: F401  (registers the fr/en texts)
