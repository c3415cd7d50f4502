"""The other seat's last turn in words, for the page of the seat that reads it (the
`last_turn` key of a State): Heresy's summary (games/heresy/summary.py) of the public
events since the viewer's last answer; None for a spectator or another game."""

from __future__ import annotations

from typing import Any

from arbitre.server.errors import both
from arbitre.server.live import LiveGame


def last_turn_of(live: LiveGame, viewer: int | None) -> dict[str, Any] | None:
    if viewer is None or live.stored.ruleset != "heresy":
        return None
    from arbitre.games.heresy.state import SEATS
    from arbitre.games.heresy.summary import last_turn

    match = live.match
    summary = last_turn(match.log, match.seats_of_keys, viewer)
    if summary is None:
        return None
    return {
        "seat": SEATS[summary.seat],
        "lines": [both(m) for m in summary.lines],
        "zones": list(summary.zones),
        "rules": list(summary.rules),
    }
