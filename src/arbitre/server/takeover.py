"""Handing a seat to the AI, and taking it back (issue 17; docs/web.md, Resigning and
handing over).

A seat handed over stays the person's: it is stored as a human seat with an `agent`, the
person's token still opens it, and the game's AI plays its decisions in the server's
worker threads (hub.Hub.kick, like any AI seat). The person takes it back whenever they
like: the AI finishes the decision it is thinking about (it holds the game's lock), then
the seat waits for the person again.

Who may hand a seat over:
- its person, at any time while the game lasts;
- the host, once the seat's person has had no socket open on the game for longer than the
  game's absence limit (set by the host, AWAY_DEFAULT seconds unless changed); or at once
  when the person accepts the host's request (as a takeback request is accepted).
The search AI (`mcts`, "lookahead") may be chosen when the server offers it (`arbitre serve
--search-workers N`, N > 0; lobby.web_agents): it then thinks in its own worker processes
(server/search.py).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

from arbitre.engine.agents import make_agent
from arbitre.engine.i18n import Msg
from arbitre.server.errors import both, refuse
from arbitre.server.live import Access, Entry, LiveGame, seat_label
from arbitre.server.lobby import agent_of, web_agents
from arbitre.server.messages_social import agent_words
from arbitre.server.store import SeatSpec, Store

AWAY_DEFAULT = 300
AWAY_MIN = 30
AWAY_MAX = 7 * 24 * 3600

# When each (game, seat) last had a socket close, and when this process first saw each
# game: a seat never seen here counts as away since then (a restart forgets who was away).
_left: dict[tuple[str, int], float] = {}
_since: dict[str, float] = {}


SEEN_LIMIT = 20_000  # games remembered; beyond, the oldest half is forgotten


def _bound(seen: dict[Any, float]) -> None:
    if len(seen) > SEEN_LIMIT:
        for key in list(seen)[: SEEN_LIMIT // 2]:
            del seen[key]


# Set by server/cluster.py when several server processes share the games: whether a seat
# has a socket open on another process, and how this process tells them of its own
# (`seat_sockets(game_id, seat, count)`, after each open or close).
seat_elsewhere: Callable[[str, int], bool] | None = None
seat_sockets: Callable[[str, int, int], None] | None = None


def _sockets_of(live: LiveGame, seat: int) -> int:
    return sum(
        1
        for sub in live.subscribers
        if not sub.dead and sub.access.role == "seat" and sub.access.seat == seat
    )


def opened(live: LiveGame, access: Access) -> None:
    """A socket of `access` asked for the social frames (social.connected)."""
    if seat_sockets is not None and access.role == "seat" and access.seat is not None:
        seat_sockets(live.id, access.seat, _sockets_of(live, access.seat))


def left_elsewhere(game_id: str, seat: int) -> None:
    """The seat's last socket on other processes closed (or its process is gone)."""
    _bound(_left)
    _left[(game_id, seat)] = time.monotonic()


def watch(game_id: str) -> None:
    if game_id not in _since:
        _bound(_since)
        _since[game_id] = time.monotonic()


def left(live: LiveGame, access: Access) -> None:
    """A socket of `access` closed (sockets.py calls this)."""
    if access.role == "seat" and access.seat is not None:
        _bound(_left)
        _left[(live.id, access.seat)] = time.monotonic()
        if seat_sockets is not None:
            seat_sockets(live.id, access.seat, _sockets_of(live, access.seat))


def present(live: LiveGame, seat: int) -> bool:
    if seat_elsewhere is not None and seat_elsewhere(live.id, seat):
        return True  # a socket on another server process
    return any(
        not sub.dead and sub.access.role == "seat" and sub.access.seat == seat
        for sub in live.subscribers
    )


def away_for(live: LiveGame, seat: int) -> float:
    """Seconds since the seat's person last had a socket open on this game (0: here)."""
    if present(live, seat):
        return 0.0
    watch(live.id)
    since = _left.get((live.id, seat), _since[live.id])
    return max(0.0, time.monotonic() - since)


def away_limit(social: dict[str, Any]) -> int:
    value = social.get("away")
    return value if type(value) is int and AWAY_MIN <= value <= AWAY_MAX else AWAY_DEFAULT


def set_away(social: dict[str, Any], access: Access, raw: Any) -> None:
    if not access.manages:
        raise refuse(403, "not_allowed", "not_allowed", what="away")
    if type(raw) is not int or not AWAY_MIN <= raw <= AWAY_MAX:
        why = f"integer {AWAY_MIN}..{AWAY_MAX} (seconds)"
        raise refuse(422, "bad_field", "bad_field", field="seconds", why=why)
    social["away"] = raw


def _label(live: LiveGame, seat: int) -> Msg:
    return seat_label(live.ruleset, live.match.seat_names[seat], live.match.config)


def _seat(live: LiveGame, raw: Any) -> int:
    count = len(live.stored.seats)
    if type(raw) is not int or not 0 <= raw < count:
        raise refuse(422, "bad_field", "bad_field", field="seat", why=f"0..{count - 1}")
    return raw


def handed(live: LiveGame) -> dict[int, str]:
    """The seats a person holds that the AI plays for now, and its name."""
    return {
        i: s.agent
        for i, s in enumerate(live.stored.seats)
        if s.kind == "human" and s.token and s.agent
    }


def default_agent(live: LiveGame, seat: int | None, raw: Any) -> str:
    """The AI named (checked as the lobby checks it), else the game's own for the seat:
    `ai`, or in Champs `mj` for the MJ and `players` for a player."""
    if raw is not None:
        return agent_of(live.ruleset, seat or 0, raw)
    known = web_agents(live.ruleset)
    names = live.match.seat_names
    name = names[seat] if seat is not None and 0 <= seat < len(names) else ""
    for wanted in (name, "ai", "players"):
        if wanted in known:
            return wanted
    return known[-1]


def _set_agent(store: Store, live: LiveGame, seat: int, agent: str | None) -> None:
    seats = list(live.stored.seats)
    seats[seat] = dataclasses.replace(seats[seat], agent=agent)
    store.set_seats(live.id, seats)
    live.stored = dataclasses.replace(live.stored, seats=tuple(seats))
    restore_agent(live, seat)


def give_to_ai(store: Store, live: LiveGame, seat: int, agent: str) -> None:
    """Hand `seat` to the AI with no one asking (its clock ran out: server/clocks.py);
    the caller holds the game's lock and logs why."""
    _set_agent(store, live, seat, agent)


def restore_agent(live: LiveGame, seat: int) -> None:
    """Put the Match's agent for `seat` as its stored seat says (on load, and on a change)."""
    spec: SeatSpec = live.stored.seats[seat]
    if spec.kind == "human" and spec.agent:
        live.match.agents[seat] = make_agent(live.ruleset, spec.agent, live.stored.seed * 31 + seat)
    elif spec.kind == "human":
        live.match.agents.pop(seat, None)


def hand_over(
    store: Store, live: LiveGame, access: Access, raw_seat: Any, agent: str, social: dict[str, Any]
) -> str:
    """Hand a seat to the AI now, or (the host, the person still here) ask its person.
    Returns "handed" or "asked". The caller holds the game's lock."""
    if live.stored.mode != "online":
        raise refuse(403, "online_only", "online_only", what="handover")
    if live.match.decision() is None:
        raise refuse(409, "game_over", "game_over")
    if access.role == "seat" and access.seat is not None:
        if raw_seat is not None and raw_seat != access.seat:
            raise refuse(403, "not_allowed", "not_allowed", what="seat")
        seat, by_host = access.seat, False
    elif access.role == "host":
        seat, by_host = _seat(live, raw_seat), True
    else:
        raise refuse(403, "not_allowed", "not_allowed", what="handover")
    spec = live.stored.seats[seat]
    if spec.kind != "human" or not spec.token:
        raise refuse(409, "not_allowed", "not_allowed", what="seat")
    if spec.agent:
        raise refuse(409, "already_ai", "already_ai", seat=_label(live, seat))
    if by_host:
        away, limit = away_for(live, seat), away_limit(social)
        if away <= limit:
            asks = social.setdefault("asks", {})
            asks[str(seat)] = agent
            return "asked"
    _set_agent(store, live, seat, agent)
    social.get("asks", {}).pop(str(seat), None)
    key = "social.handed.host" if by_host else "social.handed"
    msg = Msg(key, {"seat": _label(live, seat), "agent": agent_words(agent, live.ruleset.id)})
    live.entries.append(Entry(live.moves, seat, "event", both(msg)))
    return "handed"


def answer_ask(
    store: Store, live: LiveGame, access: Access, accept: bool, social: dict[str, Any]
) -> bool:
    """The person answers the host's request to hand their seat over."""
    if access.role != "seat" or access.seat is None:
        raise refuse(403, "not_allowed", "not_allowed", what="handover")
    asks = social.get("asks", {})
    agent = asks.pop(str(access.seat), None)
    if not isinstance(agent, str):
        raise refuse(409, "no_handover_ask", "no_handover_ask")
    if not accept or live.match.decision() is None:
        return False
    _set_agent(store, live, access.seat, agent)
    words = agent_words(agent, live.ruleset.id)
    msg = Msg("social.handed.host", {"seat": _label(live, access.seat), "agent": words})
    live.entries.append(Entry(live.moves, access.seat, "event", both(msg)))
    return True


def take_back(store: Store, live: LiveGame, access: Access) -> None:
    """The person takes their seat back from the AI (the caller holds the lock)."""
    if access.role != "seat" or access.seat is None:
        raise refuse(403, "not_allowed", "not_allowed", what="takeover")
    seat = access.seat
    if not live.stored.seats[seat].agent:
        raise refuse(409, "not_ai", "not_ai", seat=_label(live, seat))
    _set_agent(store, live, seat, None)
    msg = Msg("social.taken_back", {"seat": _label(live, seat)})
    live.entries.append(Entry(live.moves, seat, "event", both(msg)))
