"""Epic armies built from the NetEpic Palladium v2 army lists (issue 16).

`army_lists()` the lists (games/epic/data/armies/), `parse_army(text)` an army file,
`problems(army)` why it is illegal (each with its card and rule), `points(army)`,
`ready_made(list, points)` a list's ready-made army (`ready_made_levels(list)` its
levels), `force(army)` the detachments the
game plays, `to_toml(army)` the file back. Importing the package registers the `epic.army`
validator with the library (validator.register).
"""

from __future__ import annotations

from arbitre.games.epic.armies.checks import points, problems
from arbitre.games.epic.armies.force import force, ready_made, ready_made_levels
from arbitre.games.epic.armies.lists import army_lists
from arbitre.games.epic.armies.model import (
    Army,
    ArmyCard,
    ArmyError,
    ArmyList,
    Card,
    Force,
    Problem,
)
from arbitre.games.epic.armies.parse import parse_army, to_toml
from arbitre.games.epic.armies.validator import register, validate_army_text

register()

__all__ = [
    "Army",
    "ArmyCard",
    "ArmyError",
    "ArmyList",
    "Card",
    "Force",
    "Problem",
    "army_lists",
    "force",
    "parse_army",
    "points",
    "problems",
    "ready_made",
    "ready_made_levels",
    "to_toml",
    "validate_army_text",
]
