"""Since when it is a seat's turn, for games older than the turn ledger or than the
answers' stored times (issue 17; docs/web.md, Turn-based play and notifications): the
time comes from the stored answers, from the game's creation when nobody else answered
yet, and is not given (None) when the answers carry no time: never "just now"."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from arbitre.server import notify_store, turns
from arbitre.server.notify_store import TurnRow
from arbitre.server.store import GameRow, MoveRow
from tests.server.social_util import two_people
from tests.server.test_turns import drain, play_until_turn_leaves, turn_of

DAY = 86400.0


def store_of(client: TestClient) -> Any:
    return client.app.state.store  # type: ignore[attr-defined]


def make_old(client: TestClient, game: dict[str, Any], times: bool, age: float = 3 * DAY) -> None:
    """The game as an older server left it: no ledger row, made `age` ago, its answers
    with times an hour apart from then (`times`) or without any (before `moves.at`)."""
    drain(client)  # the ledger's own writes first
    created = time.time() - age
    with Session(store_of(client).engine) as session, session.begin():
        session.execute(delete(TurnRow).where(TurnRow.game_id == game["id"]))
        session.execute(update(GameRow).where(GameRow.id == game["id"]).values(created=created))
        rows = session.scalars(select(MoveRow).where(MoveRow.game_id == game["id"])).all()
        for row in rows:
            row.at = created + 3600.0 * (row.idx + 1) if times else None


def mine(client: TestClient, game: dict[str, Any], token: str) -> dict[str, Any]:
    r = client.post("/api/games/mine", json={"games": [{"id": game["id"], "token": token}]})
    assert r.status_code == 200, r.text
    (out,) = r.json()["games"]
    assert isinstance(out, dict)
    return out


def moves_of(client: TestClient, game: dict[str, Any]) -> list[tuple[int, int, float | None]]:
    with Session(store_of(client).engine) as session:
        rows = session.execute(
            select(MoveRow.idx, MoveRow.seat, MoveRow.at)
            .where(MoveRow.game_id == game["id"])
            .order_by(MoveRow.idx)
        ).all()
        return [(r[0], r[1], r[2]) for r in rows]


def created_of(client: TestClient, game: dict[str, Any]) -> float:
    with Session(store_of(client).engine) as session:
        row = session.get(GameRow, game["id"])
        assert row is not None
        return row.created


def test_a_first_move_pending_counts_from_the_games_creation(client: TestClient) -> None:
    game = two_people(client, pace="turn")
    make_old(client, game, times=False)
    seat = turn_of(client, game, game["tokens"][0])["seat"]
    info = turn_of(client, game, game["tokens"][seat])
    assert info["since"] == round(created_of(client, game), 3)
    assert info["now"] - info["since"] > 2.9 * DAY  # three days waiting, not "just begun"
    # the ledger row was made: "my games" places it as the seat's turn, with that time
    listed = mine(client, game, game["tokens"][seat])
    assert listed["mine"] is True and listed["turn"]["since"] == info["since"]


def test_answers_with_times_give_when_the_turn_came(client: TestClient) -> None:
    game = two_people(client, pace="turn")
    played = play_until_turn_leaves(client, game)
    make_old(client, game, times=True)
    info = turn_of(client, game, game["tokens"][1 - played])
    assert info["seat"] == 1 - played
    # the turn came with the last answer of the seat before
    last = [at for _i, seat, at in moves_of(client, game) if seat == played][-1]
    assert last is not None and info["since"] == round(last, 3)
    assert mine(client, game, game["tokens"][1 - played])["turn"]["since"] == info["since"]


def test_answers_without_times_give_no_time_never_just_now(client: TestClient) -> None:
    game = two_people(client, pace="turn")
    played = play_until_turn_leaves(client, game)
    make_old(client, game, times=False)
    me = game["tokens"][1 - played]
    info = turn_of(client, game, me)
    assert info["seat"] == 1 - played and info["whose"] is not None
    assert info["since"] is None
    listed = mine(client, game, me)  # still my turn, listed so, without a time
    assert listed["mine"] is True and listed["turn"] == {
        "seat": 1 - played,
        "label": listed["you"]["label"],
        "since": None,
    }
    # the next change of turn gives a time again
    play_until_turn_leaves(client, game)
    drain(client)
    again = turn_of(client, game, me)
    assert again["seat"] == played and again["since"] is not None
    assert again["now"] - again["since"] < 60


def test_the_ledger_meeting_an_old_game_does_not_say_just_now(client: TestClient) -> None:
    """The first move the ledger sees of an old game, by the seat already to play: the
    turn began with the other seat's last answer, not at this move."""
    game = two_people(client, pace="turn")
    played = play_until_turn_leaves(client, game)
    make_old(client, game, times=True)
    moves = moves_of(client, game)
    store = store_of(client)
    later = time.time() + DAY
    moved, before = notify_store.advance(store, game["id"], 1 - played, len(moves) + 1, later)
    assert (moved, before) == (True, None)
    row = notify_store.turns_of(store, [game["id"]])[game["id"]]
    last = [at for _i, seat, at in moves if seat == played][-1]
    assert row.seat == 1 - played and row.since == last != later
    # without stored times: not known (0 in the ledger, None to the pages)
    make_old(client, game, times=False)
    notify_store.advance(store, game["id"], 1 - played, len(moves) + 1, later)
    assert notify_store.turns_of(store, [game["id"]])[game["id"]].since == 0.0
    out = turns.mine_fields(store, [mine(client, game, game["tokens"][1 - played])])
    assert out[0]["turn"]["since"] is None
