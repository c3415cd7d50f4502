"""Who sits where: invites and joining, the host changing AI seats, takeback requests.

Online (docs/web.md, Security): a person's seat token is made when that person claims the
seat with its invite code, and is given to them alone, so the host never holds it. The
host (or the hotseat table) may renew an invite, turn an open seat or an AI seat into an
AI (or another AI), or an AI seat into an open human seat; a seat somebody holds is theirs.
Undo between people is a request the others accept or refuse (as lichess takebacks).
"""

from __future__ import annotations

import dataclasses
import secrets
from typing import Any

from arbitre.engine.agents import make_agent
from arbitre.server.errors import refuse
from arbitre.server.hub import Hub
from arbitre.server.live import Access, LiveGame, Takeback, seat_label
from arbitre.server.lobby import agent_of
from arbitre.server.store import GameSummary, SeatSpec, new_token


def _taken(live: LiveGame, seat: int) -> Exception:
    """409: the seat is held by somebody (named as the game names it, "le Traître")."""
    name = seat_label(live.ruleset, live.match.seat_names[seat], live.match.config)
    return refuse(409, "seat_taken", "seat_taken", seat=name)


def _set_seats(hub: Hub, live: LiveGame, seats: list[SeatSpec]) -> None:
    hub.store.set_seats(live.id, seats)
    live.stored = dataclasses.replace(live.stored, seats=tuple(seats))


def _seat_index(live: LiveGame, seat: int | None) -> int:
    if seat is None or not 0 <= seat < len(live.stored.seats):
        why = f"0..{len(live.stored.seats) - 1}"
        raise refuse(422, "bad_field", "bad_field", field="seat", why=why)
    return seat


def _code_seat(seats: tuple[SeatSpec, ...], code: str) -> int | None:
    found = None
    for i, spec in enumerate(seats):
        if spec.invite and secrets.compare_digest(code.encode(), spec.invite.encode()):
            found = i
    return found


def may_join(game: GameSummary, code: str | None, seat: int | None) -> bool:
    """Whether `code` (or, in a listed game, `seat`) opens a seat nobody holds yet."""
    if code is not None:
        return _code_seat(game.seats, code) is not None
    return (
        game.listed and seat is not None and 0 <= seat < len(game.seats) and game.seats[seat].open
    )


async def join(hub: Hub, live: LiveGame, code: str | None, seat: int | None) -> dict[str, Any]:
    """Claim an open seat with its invite code (or, in a listed game, by its number);
    the new seat token goes to the claimer only."""
    async with live.lock:
        seats = list(live.stored.seats)
        found: int | None = None
        if code is not None:
            found = _code_seat(live.stored.seats, code)
            if found is None:
                raise refuse(404, "no_invite", "no_invite")
        else:
            found = _seat_index(live, seat)
            if not live.stored.listed:
                raise refuse(403, "no_invite", "no_invite")
        spec = seats[found]
        if not spec.open or not spec.invite:
            raise _taken(live, found)
        token = new_token()
        seats[found] = SeatSpec("human", None, token, "")
        _set_seats(hub, live, seats)
    hub.broadcast(live)
    return {"id": live.id, "seat": found, "token": token}


async def invite(hub: Hub, live: LiveGame, access: Access, seat: int | None) -> dict[str, Any]:
    """A new invite code for an open human seat (the old one stops working)."""
    if not access.manages or live.stored.mode != "online":
        raise refuse(403, "not_allowed", "not_allowed", what="invite")
    async with live.lock:
        found = _seat_index(live, seat)
        seats = list(live.stored.seats)
        if not seats[found].open:
            raise _taken(live, found)
        code = new_token()
        seats[found] = SeatSpec("human", None, "", code)
        _set_seats(hub, live, seats)
    return {"seat": found, "code": code}


async def change_seat(
    hub: Hub, live: LiveGame, access: Access, seat: int | None, kind: str, agent: Any
) -> dict[str, Any]:
    """The host (or the hotseat table) sets an AI seat's agent, makes an open seat an AI,
    or an AI seat a human one (online: open, with an invite code)."""
    if not access.manages:
        raise refuse(403, "not_allowed", "not_allowed", what="seats")
    online = live.stored.mode == "online"
    async with live.lock:
        found = _seat_index(live, seat)
        seats = list(live.stored.seats)
        old = seats[found]
        if online and old.kind == "human" and old.token:
            raise _taken(live, found)
        out: dict[str, Any] = {"seat": found, "kind": kind}
        if kind == "ai":
            name = agent_of(live.ruleset, found, agent)
            seats[found] = SeatSpec("ai", name, "")
            live.match.agents[found] = make_agent(live.ruleset, name, live.stored.seed * 31 + found)
        elif online:
            seats[found] = SeatSpec("human", None, "", new_token())
            out["code"] = seats[found].invite
            live.match.agents.pop(found, None)
        else:
            seats[found] = SeatSpec("human", None, old.token or new_token())
            live.match.agents.pop(found, None)
        hub.stop_ai(live)
        _set_seats(hub, live, seats)
    hub.broadcast(live)
    hub.kick(live)
    return out


# --- takebacks ------------------------------------------------------------------------------


def _last_human_seat(live: LiveGame) -> int | None:
    match = live.match
    humans = [i for i, human in enumerate(match.human_keys) if human]
    return match.seats_of_keys[humans[-1]] if humans else None


def _others(live: LiveGame, seat: int) -> frozenset[int]:
    return live.human_seats() - {seat}


async def ask_takeback(hub: Hub, live: LiveGame, access: Access) -> None:
    """A seat asks to take back its last answer; the other people must accept."""
    if access.role != "seat" or access.seat is None:
        raise refuse(403, "no_undo", "no_undo")
    async with live.lock:
        if _last_human_seat(live) != access.seat or live.match.decision() is None:
            raise refuse(403, "no_undo", "no_undo")
        if live.takeback is not None:
            raise refuse(409, "takeback_pending", "takeback_pending")
        live.takeback = Takeback(access.seat, live.moves)
    hub.broadcast(live)


async def answer_takeback(hub: Hub, live: LiveGame, access: Access, accept: bool) -> bool:
    """Accept or refuse the pending request (the asker may withdraw it with a refusal).
    True when it was taken back."""
    done = False
    async with live.lock:
        pending = live.takeback
        if pending is None or pending.moves != live.moves:
            live.takeback = None
            raise refuse(409, "no_takeback", "no_takeback")
        me = access.seat if access.role == "seat" else None
        if me is None or me not in live.human_seats():
            raise refuse(403, "not_allowed", "not_allowed", what="takeback")
        if not accept:
            live.takeback = None
        elif me != pending.seat:
            accepted = pending.accepted | {me}
            live.takeback = dataclasses.replace(pending, accepted=accepted)
            if accepted >= _others(live, pending.seat):
                await hub.undo_locked(live)
                done = True
    hub.broadcast(live)
    hub.kick(live)
    return done
