"""The other seat's last turn in words, for the page of the seat that reads it (the
`last_turn` key of a State): Heresy's summary (games/heresy/summary.py) of the public
events since the viewer's last answer; None for a spectator or another game.

The summary is a left fold over those events (`read_event` into a `Builder`), and while the
other seat plays, the viewer's last answer stays the same and the log only grows: so each
viewer's reading is kept (`Reading`) and fed only the new events, instead of reading the
whole turn again after every move (issue 14); events that change no line (the builder's
`changes` stays the same) leave the summary as it was, the same object (the diff then
skips it by identity). Any other change (another Match after an undo, a new answer of the
viewer, a shorter log) starts a new reading.
`tests/server/test_summaries.py` checks it gives `summary.last_turn`'s texts move after
move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.engine.i18n import Msg
from arbitre.games.heresy.state import SEATS
from arbitre.games.heresy.summary import MAX_LINES, Builder, Summary, read_event
from arbitre.server.errors import both
from arbitre.server.live import LiveGame


@dataclass(slots=True)
class Reading:
    """One viewer's summary being read: from which Match, after which answer, how far."""

    match: Any
    last: int  # LogEntry.index of the viewer's last answer (events after it count)
    read: int  # log entries read so far
    builder: Any  # summary.Builder
    other_acted: bool  # an event of the other seat was read
    # what the last call returned, kept while no new event is read: the same object for
    # the next State (patches.diff skips it by identity); and each line's texts, in both
    # languages, with the arguments they were made from (a line whose count did not
    # change is not formatted again)
    out: dict[str, Any] | None = None
    texts: list[tuple[str, dict[str, Any], dict[str, Any]]] = field(default_factory=list)
    changes: int = -1  # the builder's `changes` when `out` was made


def _last_answer(seats_of_keys: list[int], viewer: int) -> int:
    for i in range(len(seats_of_keys) - 1, -1, -1):
        if seats_of_keys[i] == viewer:
            return i + 1  # LogEntry.index: the number of answers when it happened
    return 0


def last_turn_of(live: LiveGame, viewer: int | None) -> dict[str, Any] | None:
    """The summary for `viewer` now (a fresh reading every time)."""
    return read_last_turn(live, viewer, None)[0]


def read_last_turn(
    live: LiveGame, viewer: int | None, reading: Reading | None
) -> tuple[dict[str, Any] | None, Reading | None]:
    """The summary for `viewer` now, and the reading to pass next time: `reading` (what
    the previous call returned for this viewer) is fed the new events when it still
    applies, else a new one is made."""
    if viewer is None or live.stored.ruleset != "heresy":
        return None, None
    match = live.match
    log = match.log
    last = _last_answer(match.seats_of_keys, viewer)
    other = 1 - viewer
    if (
        reading is None
        or reading.match is not match
        or reading.last != last
        or reading.read > len(log)
    ):
        # the events after the viewer's last answer (summary._since), read from the start
        start = len(log)
        while start > 0 and log[start - 1].index > last:
            start -= 1
        reading = Reading(match, last, start, Builder(), False)
    builder = reading.builder
    fed = False
    for e in log[reading.read :]:
        if e.index > last:
            read_event(builder, e)
            fed = True
            if e.seat == other:
                reading.other_acted = True
    reading.read = len(log)
    if not reading.other_acted:
        return None, reading
    if reading.out is not None and (not fed or builder.changes == reading.changes):
        return reading.out, reading  # nothing new, or events that changed no line
    # as summary.last_turn: the lines' arguments copied (the builder goes on counting)
    lines = [Msg(k, dict(a)) for k, a in builder.lines[:MAX_LINES]]
    if not lines:
        lines = [Msg("heresy.summary.nothing")]
    summary = Summary(other, tuple(lines), tuple(builder.zones), tuple(builder.rules))
    reading.changes = builder.changes
    reading.out = {
        "seat": SEATS[summary.seat],
        "lines": _texts(reading, summary.lines),
        "zones": list(summary.zones),
        "rules": list(summary.rules),
    }
    return reading.out, reading


def _texts(reading: Reading, lines: tuple[Msg, ...]) -> list[dict[str, Any]]:
    """Each line in both languages, formatted again only when its key or arguments
    changed since the reading's last summary."""
    kept = reading.texts
    out: list[dict[str, Any]] = []
    for i, m in enumerate(lines):
        if i < len(kept) and kept[i][0] == m.key and kept[i][1] == m.args:
            out.append(kept[i][2])
            continue
        text = both(m)
        if i < len(kept):
            kept[i] = (m.key, dict(m.args), text)
        else:
            kept.append((m.key, dict(m.args), text))
        out.append(text)
    return out
