"""Rematch (issue 17; docs/web.md, Rematch): once a game is over, any seat proposes a new
game with the same seats and options (turned round by one seat if the proposer asks:
in a two-seat game, the sides swapped); each other seated person accepts (one refusal
drops it). The new game gets a new seed and NEW seat tokens, one per person, each given
only to that person's page (a token opens one game only: the old link never opens the
new game); the host of the old game gets the host link of the new one. The new game
keeps the old one's clock (kind, times, timeout choice; each person's full time again)
and pace.
"""

from __future__ import annotations

import secrets
from typing import Any

from arbitre.server import clock_state, turns
from arbitre.server.errors import refuse
from arbitre.server.live import Access, LiveGame
from arbitre.server.store import SeatSpec, Store, StoredGame, new_token


def _people(live: LiveGame) -> frozenset[int]:
    return frozenset(i for i, s in enumerate(live.stored.seats) if s.kind == "human" and s.token)


def propose(live: LiveGame, access: Access, swap: bool, social: dict[str, Any]) -> bool:
    """A seat proposes; True when nobody else needs to accept (the new game is due now)."""
    if live.stored.mode != "online":
        raise refuse(403, "online_only", "online_only", what="rematch")
    if access.role != "seat" or access.seat is None:
        raise refuse(403, "not_allowed", "not_allowed", what="rematch")
    if live.match.decision() is not None:
        raise refuse(409, "not_over", "not_over")
    if social.get("next") or social.get("rematch"):
        raise refuse(409, "rematch_pending", "rematch_pending")
    social["rematch"] = {"by": access.seat, "swap": swap, "accepted": [access.seat]}
    return _people(live) <= {access.seat}


def answer(live: LiveGame, access: Access, accept: bool, social: dict[str, Any]) -> bool:
    """A seat accepts or refuses (the proposer may withdraw); True when all accepted."""
    pending = social.get("rematch")
    if not isinstance(pending, dict):
        raise refuse(409, "no_rematch", "no_rematch")
    if access.role != "seat" or access.seat is None or access.seat not in _people(live):
        raise refuse(403, "not_allowed", "not_allowed", what="rematch")
    if not accept:
        social.pop("rematch", None)
        return False
    accepted = set(pending["accepted"]) | {access.seat}
    pending["accepted"] = sorted(accepted)
    return _people(live) <= accepted


def new_seats(live: LiveGame, swap: bool) -> tuple[list[SeatSpec], dict[int, int]]:
    """The new game's seats (every person with a new token, AIs as they were) and where
    each old seat sits in it."""
    old = live.stored.seats
    count = len(old)
    moved = {i: (i + 1) % count if swap else i for i in range(count)}
    seats: list[SeatSpec] = [SeatSpec("ai", "random", "")] * count
    for i, spec in enumerate(old):
        if spec.kind == "human" and spec.token:
            seats[moved[i]] = SeatSpec("human", None, new_token())
        elif spec.kind == "human":  # a seat nobody claimed: open again, with a new invite
            seats[moved[i]] = SeatSpec("human", None, "", new_token())
        else:
            seats[moved[i]] = SeatSpec("ai", spec.agent, "")
    return seats, moved


def create(store: Store, live: LiveGame, social: dict[str, Any]) -> StoredGame:
    """Store the new game (the caller then loads it in a worker thread) and remember in
    `social["next"]` where each person's new token goes."""
    pending = social.pop("rematch")
    seats, moved = new_seats(live, bool(pending.get("swap")))
    old = live.stored
    stored = store.create(
        old.ruleset, old.version, old.config, secrets.randbits(64), seats, "online", False
    )
    turns.rematched(store, old.id, stored.id)  # the same pace (server/turns.py)
    # the same clock and timeout choice, full time again (server/clock_state.py)
    clock_state.rematched(
        store, old.id, stored.id, (i for i, s in enumerate(seats) if s.kind == "human")
    )
    social["next"] = {
        "id": stored.id,
        "host": stored.admin_token,
        "spectator": stored.spectator_token,
        "seats": {str(i): [j, seats[j].token] for i, j in moved.items() if seats[j].token},
    }
    return stored


def next_for(social: dict[str, Any], access: Access) -> dict[str, Any] | None:
    """The new game as this reader may know it: a person their own seat and token, the
    host the host link; spectators only that there is one."""
    nxt = social.get("next")
    if not isinstance(nxt, dict):
        return None
    out = {"id": nxt["id"], "spectator": nxt["spectator"]}
    if access.role == "seat" and access.seat is not None:
        mine = nxt["seats"].get(str(access.seat))
        if mine:
            out.update(seat=mine[0], token=mine[1])
    if access.role == "host":
        out["host"] = nxt["host"]
    return out
