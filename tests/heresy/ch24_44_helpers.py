"""Small battle positions for the chapter 24-44 rules tests (Crucible sector, the
Traitor attacks from crucible_centre with an order executed from hand)."""

from __future__ import annotations

from typing import Any

from arbitre.games.heresy.state import HeresyState
from tests.heresy.flow_helpers import combat, game, play, unit

BASE: dict[str, Any] = {"track": {"imperium": 3, "traitor": 1}, "triggered": [3], "events": []}

CSM_VS_ARMY = [
    unit("crucible_centre", "chaos_space_marines", "traitor"),
    unit("crucible_west", "imperial_army", "imperium"),
]


def attack(
    units: list[dict[str, Any]], order: str = "firefight", config: dict[str, Any] | None = None,
    **extra: Any,
) -> HeresyState:  # fmt: skip
    """The Traitor executes `order` from hand in the Crucible: the target is asked next."""
    pos = {**BASE, "units": units, "heroes": {}, "hands": {"traitor": [order]}, **extra}
    s = game(pos, **(config or {}))
    play(s, "action:hand", f"card:{order}", "sector:crucible")
    return s


def battle(
    traitor: list[str],
    imperium: list[str],
    units: list[dict[str, Any]] = CSM_VS_ARMY,
    engage: tuple[str, ...] = ("unit:crucible_centre:chaos_space_marines",),
    **extra: Any,
) -> HeresyState:
    """A Feu de Combat on crucible_west from crucible_centre with the given Combat decks
    (top first); stops at the defender's choice of who is active first (HH-26.9)."""
    decks = combat(decks={"traitor": traitor, "imperium": imperium}, **extra.pop("combat", {}))
    s = attack(units, **decks, **extra)
    play(s, "target:crucible_west", "origin:crucible_centre", *engage)
    return s
