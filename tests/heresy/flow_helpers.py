"""Helpers for the game-flow tests: games built from positions, keys applied in turn."""

from __future__ import annotations

from typing import Any

from arbitre.engine import get
from arbitre.games.heresy.state import HeresyState

R: Any = get("heresy")


def game(position: dict[str, Any] | None = None, seed: int = 0, **config: Any) -> HeresyState:
    cfg: dict[str, Any] = dict(config)
    if position is not None:
        cfg["position"] = position
    state: HeresyState = R.new(cfg, seed)
    return state


def past_setup(s: HeresyState) -> HeresyState:
    """Decline the Traitor's setup corruption and bombardments (steps 6 and 7), then put
    his four landing orders on the first sector's pile (step 8)."""
    while R.decision(s) is not None and R.decision(s).kind in SETUP_KINDS:
        d = R.decision(s)
        R.apply(s, "done" if d.find("done") is not None else d.options[0].key)
    return s


SETUP_KINDS = (
    "heresy.corruption",
    "heresy.bombard.zone",
    "heresy.setup.landing",
    "heresy.setup.landing_pile",
)


def play(s: HeresyState, *keys: str) -> None:
    for key in keys:
        R.apply(s, key)


def keys(s: HeresyState) -> list[str]:
    d = R.decision(s)
    assert d is not None, "the game is over"
    return list(d.keys())


def kind(s: HeresyState) -> str:
    d = R.decision(s)
    assert d is not None
    return str(d.kind)


def seat(s: HeresyState) -> int:
    d = R.decision(s)
    assert d is not None
    return int(d.seat)


def unit(zone: str, type_: str, side: str, count: int = 1, tag: str = "") -> dict[str, Any]:
    return {"zone": zone, "type": type_, "side": side, "count": count, "tag": tag}


def cards(**hands: list[str]) -> dict[str, Any]:
    """A hands field; every other order card is nowhere (decks empty)."""
    return {k: v for k, v in hands.items()}


def count(s: HeresyState, zone: str, side: int, type_: str | None = None) -> int:
    return sum(
        1 for u in s.units.get(zone, ()) if u[0] == side and (type_ is None or u[1] == type_)
    )


def combat(**parts: dict[str, list[str]]) -> dict[str, Any]:
    """A `combat` position field: hands, decks (top first), discards, hero_decks, …"""
    return {"combat": dict(parts)}


def logged(s: HeresyState, key: str) -> bool:
    return any(m.key == key for m in R.events(s))
