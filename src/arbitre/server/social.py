"""The social side of a game over HTTP and its socket (issue 17; docs/web.md, Chat,
Resigning and handing over, Rematch): chat, resigning, handing a seat to the AI and taking
it back, rematch.

Every action is a POST with the token (checked before anything else) and fields checked
by type and range, refused with a 4xx naming the field and changing nothing. What changes
is told over the game's socket in frames of its own, never inside a State: `{"type":
"chat", …}` for a new chat line, `{"type": "social", …}` for the rest, made for each
reader (a person's new rematch token goes to that person's sockets only).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request

from arbitre.engine.i18n import Msg
from arbitre.server import messages_social as _messages  # noqa: F401  (registers the texts)
from arbitre.server.chat import history, post, prefs_of, push_line, set_prefs
from arbitre.server.errors import both
from arbitre.server.hub import Hub
from arbitre.server.inputs import bool_field, parse_object, token_of
from arbitre.server.live import Access, LiveGame, load_live, seat_label
from arbitre.server.lobby import web_agents
from arbitre.server.rematch import answer as answer_rematch
from arbitre.server.rematch import create as create_rematch
from arbitre.server.rematch import next_for
from arbitre.server.rematch import propose as propose_rematch
from arbitre.server.resign import Ending, end_game, is_ended, resigning_seat, side_of, vote, voters
from arbitre.server.social_state import save, social_of, votes_of
from arbitre.server.social_store import mark_over
from arbitre.server.takeover import (
    answer_ask,
    away_for,
    away_limit,
    default_agent,
    hand_over,
    handed,
    opened,
    set_away,
    take_back,
    watch,
)

# The sockets that asked for the social frames (`{"type": "social"}`: the table page);
# others (scripts, bots, the fuzz tests) get only what they got before: States and replies.
_listening: weakref.WeakSet[Any] = weakref.WeakSet()


def conclude(hub: Hub, live: LiveGame, ending: Ending) -> None:
    """End the game by resignation or on time (the caller holds the game's lock): stored
    with the game first, so a restart or another process ends it again (social_state)."""
    social = social_of(hub.store, live)
    social["end"] = ending.to_json()
    social.pop("asks", None)
    social.pop("votes", None)
    save(hub.store, live)
    mark_over(hub.store, live.id)
    hub.stop_ai(live)
    live.takeback = None
    end_game(live, ending)


def listeners(live: LiveGame) -> list[Any]:
    return [sub for sub in list(live.subscribers) if sub in _listening and not sub.dead]


def status(hub: Hub, live: LiveGame, access: Access) -> dict[str, Any]:
    """What this reader may know of the game's social side (a `social` frame)."""
    social = social_of(hub.store, live)
    end = social.get("end")
    me = access.seat if access.role == "seat" else None
    out: dict[str, Any] = {
        "type": "social",
        "ended": end if is_ended(live) else None,
        "handed": {str(k): v for k, v in handed(live).items()},
        "away": away_limit(social),
        "agents": web_agents(live.ruleset),
        "asked": me is not None and str(me) in social.get("asks", {}),
        "prefs": prefs_of(social, me),
        "next": next_for(social, access),
        "rematch": None,
        "resign": None,
    }
    if access.role == "host":
        out["asks"] = sorted(int(s) for s in social.get("asks", {}))
        people = [i for i, s in enumerate(live.stored.seats) if s.kind == "human" and s.token]
        out["absent"] = {str(i): int(away_for(live, i)) for i in people}
    pending = social.get("rematch")
    if isinstance(pending, dict):
        key = "social.rematch.proposed_swap" if pending["swap"] else "social.rematch.proposed"
        by = live.match.seat_names[pending["by"]]
        out["rematch"] = {
            "by": pending["by"],
            "swap": pending["swap"],
            "accepted": pending["accepted"],
            "yours": me is not None and me not in pending["accepted"],
            "text": both(Msg(key, {"seat": seat_label(live.ruleset, by, live.match.config)})),
        }
    if me is not None and live.match.decision() is not None:
        side = side_of(live, me)
        agreed = votes_of(live).get(min(side), set())
        if agreed:
            out["resign"] = {"agreed": sorted(agreed), "needed": sorted(voters(live, side))}
    return out


def tell(hub: Hub, live: LiveGame) -> None:
    """Every socket of the game gets its reader's `social` frame (online games)."""
    if live.stored.mode != "online":
        return
    for sub in listeners(live):
        sub.push(status(hub, live, sub.access))


def connected(hub: Hub, live: LiveGame, sub: Any) -> None:
    """A socket asked for the social frames (sockets.py, `{"type": "social"}`): the chat
    history it may read and its `social` frame now, new lines and changes from now on."""
    if sub not in _listening:
        opened(live, sub.access)  # other server processes count this seat's sockets
    _listening.add(sub)
    watch(live.id)
    social = social_of(hub.store, live)
    lines = history(hub.store, live, sub.access, social)
    sub.push({"type": "chat", "history": lines})
    sub.push(status(hub, live, sub.access))


def social_router(hub: Hub) -> APIRouter:
    router = APIRouter(prefix="/api/games/{game_id}")
    store = hub.store

    async def opened(game_id: str, request: Request) -> tuple[LiveGame, Access, dict[str, Any]]:
        data = parse_object(await request.body())
        live, access = await hub.open(game_id, token_of(data.get("token")))
        return live, access, data

    @router.get("/social")
    async def get_social(game_id: str, token: str | None = None) -> dict[str, Any]:
        live, access = await hub.open(game_id, token_of(token))
        out = status(hub, live, access)
        out["chat"] = history(store, live, access, social_of(store, live))
        return out

    @router.post("/chat")
    async def chat(game_id: str, request: Request) -> dict[str, Any]:
        live, access, data = await opened(game_id, request)
        address = request.client.host if request.client else "?"  # tells spectators apart
        line = post(store, live, access, data, str(data.get("token")), address)
        push_line(live, line, social_of(store, live), listeners(live))
        return {"id": line.id}

    @router.post("/chat/prefs")
    async def chat_prefs(game_id: str, request: Request) -> dict[str, Any]:
        live, access, data = await opened(game_id, request)
        social = social_of(store, live)
        async with live.lock:
            set_prefs(social, live, access, data)
            save(store, live)
        out = prefs_of(social, access.seat)
        for sub in listeners(live):
            if sub.access == access:
                sub.push({"type": "chat", "history": history(store, live, access, social)})
                sub.push(status(hub, live, access))
        return out

    @router.post("/resign")
    async def resign(game_id: str, request: Request) -> dict[str, Any]:
        live, access, data = await opened(game_id, request)
        seat = resigning_seat(live, access, data.get("seat"))
        async with live.lock:
            ending = vote(live, votes_of(live), seat, access)
            social = social_of(store, live)
            # kept with the game: another server process, or this one after a restart,
            # counts the same votes (social_state.votes_from)
            social["votes"] = {str(k): sorted(v) for k, v in votes_of(live).items()}
            if ending is None:
                save(store, live)
            else:
                conclude(hub, live, ending)
        hub.broadcast(live)
        tell(hub, live)
        return {"ended": ending is not None}

    @router.post("/handover")
    async def handover(game_id: str, request: Request) -> dict[str, Any]:
        live, access, data = await opened(game_id, request)
        raw_seat = data.get("seat")
        seat = access.seat if access.role == "seat" else raw_seat if type(raw_seat) is int else None
        agent = default_agent(live, seat, data.get("agent"))
        async with live.lock:
            social = social_of(store, live)
            done = hand_over(store, live, access, data.get("seat"), agent, social)
            save(store, live)
        hub.broadcast(live)
        hub.kick(live)
        tell(hub, live)
        return {"result": done, "agent": agent}

    @router.post("/handover/answer")
    async def handover_answer(game_id: str, request: Request) -> dict[str, Any]:
        live, access, data = await opened(game_id, request)
        accept = bool_field(data, "accept")
        async with live.lock:
            social = social_of(store, live)
            done = answer_ask(store, live, access, accept, social)
            save(store, live)
        hub.broadcast(live)
        hub.kick(live)
        tell(hub, live)
        return {"handed": done}

    @router.post("/takeover")
    async def takeover(game_id: str, request: Request) -> dict[str, Any]:
        live, access, _data = await opened(game_id, request)
        async with live.lock:
            take_back(store, live, access)
        hub.broadcast(live)
        tell(hub, live)
        return {"seat": access.seat}

    @router.post("/away")
    async def away(game_id: str, request: Request) -> dict[str, Any]:
        live, access, data = await opened(game_id, request)
        social = social_of(store, live)
        set_away(social, access, data.get("seconds"))
        save(store, live)
        tell(hub, live)
        return {"away": away_limit(social)}

    async def _rematch_step(
        live: LiveGame, access: Access, step: Callable[[dict[str, Any]], bool]
    ) -> dict[str, Any]:
        """A proposal or an answer; the new game is made once every person agreed."""
        async with live.lock:
            social = social_of(store, live)
            if step(social):
                await _create(live, social)
            save(store, live)
        tell(hub, live)
        return {"next": next_for(social, access)}

    @router.post("/rematch")
    async def rematch(game_id: str, request: Request) -> dict[str, Any]:
        live, access, data = await opened(game_id, request)
        swap = bool_field(data, "swap", False)
        return await _rematch_step(
            live, access, lambda social: propose_rematch(live, access, swap, social)
        )

    @router.post("/rematch/answer")
    async def rematch_answer(game_id: str, request: Request) -> dict[str, Any]:
        live, access, data = await opened(game_id, request)
        accept = bool_field(data, "accept")
        return await _rematch_step(
            live, access, lambda social: answer_rematch(live, access, accept, social)
        )

    async def _create(live: LiveGame, social: dict[str, Any]) -> None:
        stored = create_rematch(store, live, social)
        # setting a game up is real work (decks, a board): in a worker thread
        hub.add(await hub.workers.thread(load_live, stored))

    return router
