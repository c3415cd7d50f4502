""" "Why not?": the reason a choice is refused, through a game's optional hooks.

A person clicks a cell, a zone or a unit that is not a legal choice; the game says why,
naming the rule. Two hooks, both optional (looked up with `getattr`, see `ruleset.py`):

- `why_key(state, decision, key) -> str`: the option key a clicked thing stands for in
  this decision (a board cell "cell:3,4" is "act:3,4" when the question is which troop to
  act with). Without it, the key is taken as it is.
- `why_not(state, decision, key) -> Msg | None`: the reason `key` is not an option of
  `decision` now, as a Msg carrying `rule=` the rule ID; None: nothing specific to say.

The caller passes a state the asking seat may see whole (a determinized twin, see
`server/why.py`), so an explanation cannot tell what that seat may not know.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg


@dataclass(frozen=True, slots=True)
class Why:
    """The answer: `option` when the key (as the game reads it) is a legal choice, else
    `reason` (None when the game has nothing specific to say)."""

    key: str
    option: Option | None
    reason: Msg | None

    @property
    def legal(self) -> bool:
        return self.option is not None


def explain(ruleset: Any, state: Any, decision: Decision, key: str) -> Why:
    """Whether `key` is a choice of `decision`, and if not, why (the game's hooks)."""
    option = decision.find(key)
    if option is not None:
        return Why(key, option, None)
    to_key = getattr(ruleset, "why_key", None)
    if to_key is not None:
        key = to_key(state, decision, key) or key
        option = decision.find(key)
        if option is not None:
            return Why(key, option, None)
    why_not = getattr(ruleset, "why_not", None)
    reason = why_not(state, decision, key) if why_not is not None else None
    return Why(key, None, reason)
