"""The game-agnostic referee: decisions, rulesets, chance, matches and records."""

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg, translate
from arbitre.engine.registry import get, names, register
from arbitre.engine.rng import Rng
from arbitre.engine.ruleset import Config, IllegalChoice, Result, Ruleset

__all__ = [
    "Config",
    "Decision",
    "IllegalChoice",
    "Msg",
    "Option",
    "Result",
    "Rng",
    "Ruleset",
    "get",
    "names",
    "register",
    "translate",
]
