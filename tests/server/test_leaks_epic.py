"""No message tells a reader the order counter of a detachment it may not see (EPC-9).

Random Epic games are played through the API (moves by HTTP, both seats human) while one
WebSocket per seat and one for the spectator listen. Until the orders are revealed (at
the initiative roll, turn.auto_initiative), the order given to a detachment of the other
side (for the spectator: of either side) must not be in anything the reader receives:
not in the view (it reads "hidden"), not as a value anywhere in the JSON (the reader's
own detachments and own order question aside), and not by name in the log entries as
they first reach the reader (its own answers aside).
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from arbitre.engine.i18n import Msg, translate
from arbitre.games.epic.state import EpicState
from arbitre.games.epic.turn import GIVEN_ORDERS
from tests.server.test_leaks import texts_of
from tests.server.test_leaks_champs import new_log, play_watched

SEEDS = (400, 401)


def order_names(order: str) -> set[str]:
    return {translate(Msg(f"epic.order.{order}"), lang) for lang in ("fr", "en")}


def values_of(data: Any) -> list[str]:
    """Every string value of the JSON (keys left out)."""
    if isinstance(data, dict):
        return [s for v in data.values() for s in values_of(v)]
    if isinstance(data, list):
        return [s for v in data for s in values_of(v)]
    return [data] if isinstance(data, str) else []


def assert_no_order_leak(
    s: EpicState, reader: int | None, message: dict[str, Any], memo: dict[str, Any]
) -> None:
    if message.get("decision") is None:
        return  # the game is over
    face_down = {d.did: d.order for d in s.dets if d.side != reader and not d.revealed}
    secret = {o for o in face_down.values() if o is not None}
    view = message["view"]
    mine = s.seats[reader] if reader is not None else None
    for det in view["detachments"]:
        if det["id"] in face_down:
            assert det["order"] in ("hidden", None), (reader, det)
    # everything but the reader's own detachments' orders and its own order question
    others = dict(message)
    others["view"] = dict(view)
    others["view"]["detachments"] = [d for d in view["detachments"] if d["side"] != mine]
    decision = message["decision"]
    if decision["yours"] and decision["kind"] == "epic.order":
        others["decision"] = {k: v for k, v in decision.items() if k != "options"}
    others["log"] = []
    leaked = secret & set(values_of(others))
    assert not leaked, (reader, leaked)
    names = set().union(*(order_names(o) for o in secret)) if secret else set()
    for text in texts_of(new_log(reader, message, memo)):
        assert not any(name in text for name in names), (reader, text)


def test_no_message_shows_an_order_before_it_is_revealed(client: TestClient) -> None:
    given = 0
    for seed in SEEDS:
        live = play_watched(client, "epic", {}, seed, assert_no_order_leak)
        given += sum(1 for key in live.match.keys if key in GIVEN_ORDERS)
    assert given >= 20  # orders were given, face down, every turn
