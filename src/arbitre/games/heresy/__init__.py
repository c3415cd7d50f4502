"""L'Hérésie d'Horus (FFG 2010): content layer (board, units, cards, scenarios as data)
and the game flow: setup, the initiative track and rounds, the five actions, the strategic
map, orders and movement (issue 3). Battles, events and bombardment are hooks for now.

`content.load_content()` gives the validated catalogs; rule IDs are the digest's (HH-p.n,
shared/rules/heresy.md).
"""

from __future__ import annotations

from typing import Any

from arbitre.games.heresy import messages  # noqa: F401  (registers the fr/en texts)


def __getattr__(name: str) -> Any:
    """`RULESET` and `Heresy` are built on first use (the registry asks for `RULESET`): a
    program that needs only this game's data or odds does not import its whole rules."""
    if name in ("RULESET", "Heresy"):
        from arbitre.engine.registry import register
        from arbitre.games.heresy.rules import Heresy

        ruleset = Heresy()
        register(ruleset)
        globals().update(RULESET=ruleset, Heresy=Heresy)
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["RULESET", "Heresy"]
