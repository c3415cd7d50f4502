"""The social side of each game in memory: its stored JSON (social_store), read once per
process, and the resignation votes of the moment (Champs players' side, resign.vote), kept
in that JSON too (`"votes"`) so that every server process counts the same ones.

`restore` runs when a game is loaded (hub._load, in a worker thread): a game a side
resigned is ended again, whatever the rules would offer next.
"""

from __future__ import annotations

import threading
from typing import Any

from arbitre.server.live import LiveGame
from arbitre.server.resign import Ending, end_game
from arbitre.server.social_store import load_social, save_social
from arbitre.server.store import Store

CACHE_SIZE = 4096

_social: dict[str, dict[str, Any]] = {}
_votes: dict[str, dict[int, set[int]]] = {}
_guard = threading.Lock()


def social_of(store: Store, live: LiveGame) -> dict[str, Any]:
    """The game's social JSON, as kept in memory (change it, then `save`)."""
    found = _social.get(live.id)
    if found is None:
        found = load_social(store, live.id)
        with _guard:
            if len(_social) >= CACHE_SIZE:
                del _social[next(iter(_social))]
            _social[live.id] = found
    return found


def save(store: Store, live: LiveGame) -> None:
    save_social(store, live.id, social_of(store, live))


def refresh(store: Store, live: LiveGame) -> dict[str, Any]:
    """Read the game's social JSON again: another server process changed it."""
    social = load_social(store, live.id)
    with _guard:
        _social[live.id] = social
        _votes[live.id] = votes_from(social)
    return social


def votes_from(social: dict[str, Any]) -> dict[int, set[int]]:
    """The stored resignation votes: `{"side": [seats]}`, anything else ignored."""
    raw = social.get("votes")
    if not isinstance(raw, dict):
        return {}
    out: dict[int, set[int]] = {}
    for side, seats in raw.items():
        if isinstance(side, str) and side.isdigit() and isinstance(seats, list):
            out[int(side)] = {s for s in seats if type(s) is int}
    return out


def votes_of(live: LiveGame) -> dict[int, set[int]]:
    return _votes.setdefault(live.id, {})


def restore(store: Store, live: LiveGame) -> None:
    """A game just loaded: ended again if a side resigned at its current move."""
    social = load_social(store, live.id)
    with _guard:
        _social[live.id] = social
        _votes[live.id] = votes_from(social)
    ending = Ending.from_json(social.get("end"))
    if ending is not None and ending.moves == live.moves:
        end_game(live, ending)
