"""The chat of a game (issue 17; docs/web.md, Chat): two channels kept apart.

- "seats": what the people seated write; every seat (and the hotseat table) reads it.
- "spectators": what spectators (and the host, who sits nowhere) write; spectators read
  it, a seat only if it chose to ("hear the spectators"), never by default.

A line is at most CHAT_LIMIT characters of plain text (no control characters), stored
before it is sent, sent to each reader as its own frame `{"type": "chat", "line": …}` on
the game's socket: never part of a State, and never anything of the game's state. A seat
may mute another seat (kept per seat). Each writer may post LINES_BURST lines at once and
one every 1/LINES_PER_SECOND seconds after: a seat, the host and the table by their own
token; spectators share one token (a link passed round), so each is counted by its client
address, and one spectator's flood never silences another. The page renders lines as
text, never HTML.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from arbitre.engine.i18n import Msg
from arbitre.server.errors import both, refuse
from arbitre.server.limits import RateLimiter
from arbitre.server.live import Access, LiveGame, seat_label
from arbitre.server.social_store import ChatLine, add_line, last_lines
from arbitre.server.store import Store

CHAT_LIMIT = 500
HISTORY = 50
LINES_PER_SECOND = 0.5
LINES_BURST = 5
CHANNELS = ("seats", "spectators")
# Control characters (but tab), lone surrogates and the bidi overrides that can make a line
# read as something else: refused, not silently cut.
_BAD_CHARS = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

_lines = RateLimiter(LINES_PER_SECOND, LINES_BURST)


def seated(access: Access) -> bool:
    """Whether `access` reads and writes the seats' channel."""
    return access.role in ("seat", "admin")


def channel_of(access: Access, raw: Any) -> str:
    """The channel `access` posts in; a spectator naming the seats' one is refused."""
    own = "seats" if seated(access) else "spectators"
    if raw is None:
        return own
    if not isinstance(raw, str) or raw not in CHANNELS:
        raise refuse(422, "bad_field", "bad_field", field="channel", why=" | ".join(CHANNELS))
    if raw != own:
        raise refuse(403, "not_allowed", "not_allowed", what="channel")
    return raw


def text_of(raw: Any) -> str:
    """The line as it will be stored: a string of 1..CHAT_LIMIT characters once trimmed."""
    why = f"text of 1..{CHAT_LIMIT} characters"
    if not isinstance(raw, str):
        raise refuse(422, "bad_field", "bad_field", field="text", why=why)
    text = raw.strip()
    if not text or len(text) > CHAT_LIMIT:
        raise refuse(422, "bad_field", "bad_field", field="text", why=why)
    if _BAD_CHARS.search(text):
        raise refuse(422, "bad_field", "bad_field", field="text", why="no control characters")
    return text


def prefs_of(social: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A seat's chat preferences: the seats it muted, whether it hears the spectators."""
    raw = social.get("prefs", {}).get(str(seat), {}) if seat is not None else {}
    muted = [s for s in raw.get("muted", []) if isinstance(s, int)]
    return {"muted": muted, "spectators": bool(raw.get("spectators", False))}


def reads(access: Access, line: ChatLine, prefs: dict[str, Any]) -> bool:
    """Whether `access` reads `line` (its channel, and the reader's mutes)."""
    if line.channel == "seats":
        if not seated(access):
            return False
        return line.seat is None or line.seat not in prefs["muted"] or line.seat == access.seat
    if seated(access):
        return access.role == "seat" and bool(prefs["spectators"])
    return True


def who(live: LiveGame, line: ChatLine) -> dict[str, Any]:
    if line.seat is not None and 0 <= line.seat < len(live.match.seat_names):
        return both(seat_label(live.ruleset, live.match.seat_names[line.seat], live.match.config))
    name = {"host": "social.who.host", "admin": "social.who.table"}.get(line.role)
    return both(Msg(name or "social.who.spectator"))


def line_json(live: LiveGame, line: ChatLine) -> dict[str, Any]:
    return {
        "id": line.id,
        "channel": line.channel,
        "seat": line.seat,
        "who": who(live, line),
        "text": line.text,
        "time": round(line.created, 3),
    }


def history(store: Store, live: LiveGame, access: Access, social: dict[str, Any]) -> list[Any]:
    """The last HISTORY lines this reader may read."""
    prefs = prefs_of(social, access.seat)
    lines = last_lines(store, live.id, HISTORY * 4)
    return [line_json(live, x) for x in lines if reads(access, x, prefs)][-HISTORY:]


def writer(live: LiveGame, access: Access, token: str, address: str) -> str:
    """Whose lines one rate counts: the token's, but a spectator's address (every
    spectator of a game holds the same token)."""
    if access.role == "spectator":
        return f"{live.id}:spectator:{address}"
    return f"{live.id}:{token}"


def check_rate(live: LiveGame, access: Access, token: str, address: str) -> None:
    if not _lines.allow(writer(live, access, token, address)):
        raise refuse(429, "rate", "rate")


def post(
    store: Store, live: LiveGame, access: Access, raw: dict[str, Any], token: str, address: str
) -> ChatLine:
    """Store a line (every value checked first, then the writer's rate; nothing stored on
    a refusal). `address`: the client's, which tells spectators apart."""
    channel = channel_of(access, raw.get("channel"))
    text = text_of(raw.get("text"))
    check_rate(live, access, token, address)
    return add_line(store, live.id, channel, access.seat, access.role, text)


def set_prefs(social: dict[str, Any], live: LiveGame, access: Access, raw: dict[str, Any]) -> None:
    """A seat mutes seats (`muted`: the list of seats it no longer reads) or turns the
    spectators' channel on or off (`spectators`)."""
    if access.role != "seat" or access.seat is None:
        raise refuse(403, "not_allowed", "not_allowed", what="mute")
    prefs = prefs_of(social, access.seat)
    if "muted" in raw:
        muted = raw["muted"]
        count = len(live.stored.seats)
        if (
            not isinstance(muted, list)
            or len(muted) > count
            or not all(type(s) is int and 0 <= s < count and s != access.seat for s in muted)
        ):
            why = f"list of other seats 0..{count - 1}"
            raise refuse(422, "bad_field", "bad_field", field="muted", why=why)
        prefs["muted"] = sorted(set(muted))
    if "spectators" in raw:
        if not isinstance(raw["spectators"], bool):
            raise refuse(422, "bad_field", "bad_field", field="spectators", why="true | false")
        prefs["spectators"] = raw["spectators"]
    social.setdefault("prefs", {})[str(access.seat)] = prefs


def push_line(live: LiveGame, line: ChatLine, social: dict[str, Any], subs: Iterable[Any]) -> None:
    """The new line, as its own frame, to every socket of `subs` that reads it."""
    frame = {"type": "chat", "line": line_json(live, line)}
    for sub in subs:
        if not sub.dead and reads(sub.access, line, prefs_of(social, sub.access.seat)):
            sub.push(frame)
