"""The MJ's "Surprise" skill (CB-54): named by the seed, never defined (AMB-CB-21).

It is a hook: `mj.surprise` names an entry of SURPRISES, called once per combat at the MJ's
turn to use skills (the attacker's skills first, CB-56). The only built-in entry, "none",
does nothing; a table that agrees on a Surprise registers it with `register_surprise`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# (state, combat frame data, role "att" | "def") -> None; may change the dice in the data.
SurpriseHook = Callable[[Any, dict[str, Any], str], None]


def _none(state: Any, combat: dict[str, Any], role: str) -> None:
    return None


SURPRISES: dict[str, SurpriseHook] = {"none": _none}


def register_surprise(name: str, hook: SurpriseHook) -> None:
    SURPRISES[name] = hook
