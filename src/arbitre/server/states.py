"""The State as sent: JSON text, built once per pair of eyes and change of the game.

After a move, the mover's answer, the mover's socket and every socket looking through
the same eyes get the same text; it is built once (`LiveGame.texts`) and dropped at the
next change (`LiveGame.mark`). The key is everything a State depends on besides the game
(`eyes`): the role, the seats acted for, the seat, and whose eyes it looks through (with
the hotseat handover), so that no reader ever gets a text built for other eyes.

The log, most of a State's bytes, is not encoded again for every State: each entry's JSON
is made once (`Entry.shown_json`, `Entry.hidden_json`) and joined.
"""

from __future__ import annotations

import json
from typing import Any

from arbitre.server.live import Access, Entry, LiveGame
from arbitre.server.payload import HIDDEN, LOG_LIMIT, hidden_from, state_head


def encode(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def eyes(live: LiveGame, access: Access, wanted: int | None) -> tuple[Any, ...]:
    """What a State depends on besides the game: two readers with the same eyes get the
    same text, two with different eyes never do."""
    return (access.role, access.seats, access.seat, *live.eyes(access, wanted))


def _entry_json(entry: Entry, hidden: bool) -> str:
    if hidden:
        if not entry.hidden_json:
            entry.hidden_json = encode(_entry(entry, HIDDEN))
        return entry.hidden_json
    if not entry.shown_json:
        entry.shown_json = encode(_entry(entry, entry.text))
    return entry.shown_json


def _entry(entry: Entry, text: dict[str, Any]) -> dict[str, Any]:
    return {"index": entry.index, "seat": entry.seat, "kind": entry.kind, "text": text}


def build_text(live: LiveGame, access: Access, wanted: int | None = None) -> str:
    """The State's JSON (the same as `encode(state_payload(...))`, keys in another order)."""
    head, viewer, over = state_head(live, access, wanted)
    entries = live.entries[-LOG_LIMIT:]
    log = ",".join(_entry_json(e, hidden_from(e, viewer, over)) for e in entries)
    return f'{encode(head)[:-1]},"log":[{log}]}}'


def state_text(live: LiveGame, access: Access, wanted: int | None = None) -> str:
    """The State for these eyes now, built at most once per change of the game."""
    live.fresh_caches()
    key = eyes(live, access, wanted)
    text = live.texts.get(key)
    if text is None:
        text = live.texts[key] = build_text(live, access, wanted)
    return text
