"""L'Hérésie d'Horus (FFG 2010): content layer (board, units, cards, scenarios as data)
and the game flow: setup, the initiative track and rounds, the five actions, the strategic
map, orders and movement (issue 3). Battles, events and bombardment are hooks for now.

`content.load_content()` gives the validated catalogs; rule IDs are the digest's (HH-p.n,
shared/rules/heresy.md).
"""

from __future__ import annotations

from arbitre.engine.registry import lazy_ruleset
from arbitre.games.heresy import messages  # noqa: F401  (registers the fr/en texts)

__getattr__ = lazy_ruleset(__name__, "arbitre.games.heresy.rules", "Heresy")

__all__ = ["RULESET", "Heresy"]
