"""A game's clock over HTTP (issue 17; docs/web.md, Clocks): reading it, and claiming the
game when a seat is out of time (the creator chose `claim`).

A claim is a seat's (token checked before anything), by a seat not on the late seat's
side, once that seat is out of time; it ends the game as a win on time for the others,
kept like a resignation (resign.Ending of kind "time", in the social state), with its
words in both languages in the log and the result.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from arbitre.server.clocks import clock_frame, clock_of, kick
from arbitre.server.errors import refuse
from arbitre.server.hub import Hub
from arbitre.server.inputs import parse_object, token_of
from arbitre.server.resign import Ending, side_of
from arbitre.server.social import conclude, tell


def clock_router(hub: Hub) -> APIRouter:
    router = APIRouter(prefix="/api/games/{game_id}")

    @router.get("/clock")
    async def get_clock(game_id: str, token: str | None = None) -> dict[str, Any]:
        live, _access = await hub.open(game_id, token_of(token))
        frame = clock_frame(live)
        if frame is None:
            raise refuse(404, "no_clock", "no_clock")
        return frame

    @router.post("/clock/claim")
    async def claim(game_id: str, request: Request) -> dict[str, Any]:
        data = parse_object(await request.body())
        live, access = await hub.open(game_id, token_of(data.get("token")))
        st = clock_of(live)
        if st is None:
            raise refuse(404, "no_clock", "no_clock")
        if access.role != "seat" or access.seat is None:
            raise refuse(403, "not_allowed", "not_allowed", what="claim")
        async with live.lock:
            if live.match.decision() is None:
                raise refuse(409, "game_over", "game_over")
            late = st.flagged
            if late is None:
                raise refuse(409, "not_out_of_time", "not_out_of_time")
            side = side_of(live, late)
            if access.seat in side:
                raise refuse(403, "not_allowed", "not_allowed", what="claim")
            conclude(hub, live, Ending(side, late, live.moves, "time"))
        hub.broadcast(live)
        tell(hub, live)
        kick(hub, live)  # the timer sees the end, writes it and tells the pages
        return {"ended": True, "late": late}

    return router
