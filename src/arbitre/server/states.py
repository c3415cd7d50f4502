"""The State as sent: built once per pair of eyes and moment, as full JSON text or as a
patch from the previous one (issue 14).

After a move, the mover's answer, the mover's socket and every socket looking through
the same eyes share one `Snapshot`: the State's head (everything but the log), the log's
entries as JSON text, and, built only when somebody needs it, the whole text. Snapshots
of the current moment are kept in `LiveGame.snapshots` (dropped at every change,
`LiveGame.fresh_caches`); each socket keeps the one it was last sent, so that the next one
can say what changed (`patch_text`, server/patches.py), and the newest one of every pair
of eyes stays in `LiveGame.latest`, whose log the next one extends. The key is
everything a State depends on besides the game (`eyes`): the role, the seats acted for,
the seat, and whose eyes it looks through (with the hotseat handover), so that no reader
ever gets a text, or a patch, built for other eyes.

The log, most of a State's bytes, is not encoded again for every State: each entry's JSON
is made once (`Entry.shown_json`, `Entry.hidden_json`) and joined.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson

from arbitre.server.live import Access, Entry, LiveGame
from arbitre.server.patches import diff
from arbitre.server.payload import HIDDEN, LOG_LIMIT, hidden_from, state_head

# A patch longer than this is compared with the full State, and the shorter one is sent.
PATCH_CHECK = 4096

# Rulesets whose `view` shares no container with the game state: new ones at every call,
# or memoized parts made from copies and never changed (Heresy's, heresy/view._Memo);
# tests/server/test_patches.py checks it over random games. A kept State is diffed
# against the next one, so a view sharing a list with the game state (changed in place by
# the next move) would hide that change: any other ruleset's view is copied (a JSON round
# trip) before it is kept.
FRESH_VIEWS = frozenset({"champs", "heresy"})


# Every State, patch and log entry is written by orjson (a JSON writer in native code; on
# a Heresy State about 12x `json`'s encoder, which cost ~15 % of a move's CPU, issue 14).
# Its text is `json.dumps(data, separators=(",", ":"), ensure_ascii=False)`'s for the plain
# trees the server builds, but for floats' exponents ("2.5e-7" for "2.5e-07"); what it refuses
# (non-string keys, integers beyond 64 bits, lone surrogates) or would write where `json`
# refuses (dataclasses, dates: passed through, so it refuses them too) goes to `json`. It
# would still write a UUID or a plain Enum, which `json` refuses; no State holds either.
_ORJSON_OPTIONS = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False)


def encode(data: Any) -> str:
    try:
        return orjson.dumps(data, option=_ORJSON_OPTIONS).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return _ENCODER.encode(data)


def eyes(live: LiveGame, access: Access, wanted: int | None) -> tuple[Any, ...]:
    """What a State depends on besides the game: two readers with the same eyes get the
    same text, two with different eyes never do."""
    return (access.role, access.seats, access.seat, *live.eyes(access, wanted))


@dataclass(slots=True)
class Snapshot:
    """One State for one pair of eyes at one moment (`rev`), never changed once built."""

    rev: int
    epoch: int
    head: dict[str, Any]
    log: list[str]
    total: int = 0  # entries in the game's log (the State shows the last LOG_LIMIT)
    over: bool = False
    text: str = ""
    # the last patch made to this State, and the State it starts from
    patch_base: Snapshot | None = None
    patch: str = ""
    log_size: int = -1  # `log_chars`, once asked

    def log_chars(self) -> int:
        """A lower bound of `len(self.full())` that costs no encoding: the log's text."""
        if self.log_size < 0:
            self.log_size = sum(map(len, self.log)) + len(self.log)
        return self.log_size

    def full(self) -> str:
        """The State's JSON (the same as `encode(state_payload(...))`, keys in another
        order)."""
        if not self.text:
            self.text = f'{encode(self.head)[:-1]},"log":[{",".join(self.log)}]}}'
        return self.text


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


def snapshot(live: LiveGame, access: Access, wanted: int | None = None) -> Snapshot:
    """The State for these eyes now, built at most once per moment of the game."""
    live.fresh_caches()
    key = eyes(live, access, wanted)
    snap: Snapshot | None = live.snapshots.get(key)
    if snap is None:
        head, viewer, over = state_head(live, access, wanted)
        if live.ruleset.id not in FRESH_VIEWS:
            head["view"] = orjson.loads(encode(head["view"]))
        before: Snapshot | None = live.latest.get(key)
        if before is not None:
            before.patch_base = None  # one step back is all a patch needs: no chain
            if before.epoch != live.epoch or before.over != over:
                before = None
        log = _log(live, viewer, over, before)
        snap = Snapshot(live.rev, live.epoch, head, log, len(live.entries), over)
        live.snapshots[key] = live.latest[key] = snap
    return snap


def _log(live: LiveGame, viewer: int | None, over: bool, before: Snapshot | None) -> list[str]:
    """The last LOG_LIMIT entries as JSON text: those of the previous State of the same
    eyes (same epoch, same end of game: the same entries read the same) and the new ones."""
    entries = live.entries
    total = len(entries)
    if before is not None and before.total <= total:
        fresh = entries[before.total :]
        if len(fresh) < LOG_LIMIT:
            keep = LOG_LIMIT - len(fresh)
            log = before.log[-keep:] if len(before.log) > keep else list(before.log)
            log.extend(_entry_json(e, hidden_from(e, viewer, over)) for e in fresh)
            return log
    return [_entry_json(e, hidden_from(e, viewer, over)) for e in entries[-LOG_LIMIT:]]


def state_text(live: LiveGame, access: Access, wanted: int | None = None) -> str:
    """The State for these eyes now, encoded at most once per moment of the game."""
    return snapshot(live, access, wanted).full()


def patch_text(snap: Snapshot, base: Snapshot) -> str | None:
    """The patch that turns `base`, the State a client holds, into `snap`, the State of its
    eyes now (the eyes may differ: the hotseat table's follow the game; the patch is made
    of parts of `snap` only, so it never tells more than `snap` would). None when no patch
    can be made (another epoch: a replay; a log whose past changed: another reader's
    eyes, hidden answers shown at the end) or the full State is shorter."""
    if snap.patch_base is base:
        return snap.patch
    if base.epoch != snap.epoch:
        return None
    added = snap.total - base.total
    kept = len(snap.log) - added
    drop = len(base.log) - kept
    if added < 0 or kept < 0 or drop < 0 or snap.log[:kept] != base.log[drop:]:
        return None
    ops = diff(base.head, snap.head)
    text = (
        f'{{"type":"patch","from":{base.rev},"ops":{encode(ops)},"drop":{drop},'
        f'"log":[{",".join(snap.log[kept:])}]}}'
    )
    if len(text) > PATCH_CHECK and len(text) >= snap.log_chars() and len(text) >= len(snap.full()):
        return None
    snap.patch_base, snap.patch = base, text
    return text
