"""Rematch (issue 17; docs/web.md, Rematch): proposed by a seat once the game is over,
accepted by every other person; a new game with the same options, new tokens for each
person (delivered to that person only), seats swapped when asked."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import state
from tests.server.social_util import post, social_socket, two_people, until

AI = {"kind": "ai", "agent": "ai"}


def social(client: TestClient, game: dict[str, Any], token: str) -> dict[str, Any]:
    out: dict[str, Any] = client.get(
        f"/api/games/{game['id']}/social", params={"token": token}
    ).json()
    return out


def test_a_rematch_needs_the_game_over_and_every_person(client: TestClient) -> None:
    game = two_people(client)
    imperium, traitor = game["tokens"]
    r = post(client, game, "rematch", token=imperium)
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_over"
    post(client, game, "resign", token=traitor)
    for token in (game["spectator"], game["host"]):
        assert post(client, game, "rematch", token=token).status_code == 403
    assert post(client, game, "rematch/answer", token=traitor, accept=True).status_code == 409
    with social_socket(client, f"/ws/games/{game['id']}?token={traitor}") as ws:
        until(ws, "social")
        r = post(client, game, "rematch", token=imperium, swap=True)
        assert r.status_code == 200 and r.json() == {"next": None}
        asked = until(ws, "social")["rematch"]
        assert asked.pop("text") == {
            "fr": "L'Imperium propose une revanche en changeant de camp.",
            "en": "The Imperium proposes a rematch with sides swapped.",
        }
        assert asked == {"by": 0, "swap": True, "accepted": [0], "yours": True}
        assert post(client, game, "rematch", token=traitor).status_code == 409  # one at a time
        # a refusal drops it
        assert post(client, game, "rematch/answer", token=traitor, accept=False).json() == {
            "next": None
        }
        assert until(ws, "social")["rematch"] is None
        post(client, game, "rematch", token=imperium, swap=True)
        r = post(client, game, "rematch/answer", token=traitor, accept=True)
        mine = r.json()["next"]
        # the new token reaches the accepting seat's page over its socket, too
        frame = until(ws, "social")
        while frame["next"] is None:
            frame = until(ws, "social")
        assert frame["next"] == mine
    theirs = social(client, game, imperium)["next"]
    spect = social(client, game, game["spectator"])["next"]
    host = social(client, game, game["host"])["next"]
    assert mine["id"] == theirs["id"] == spect["id"] == host["id"] != game["id"]
    # swapped: the Imperium's person now plays the Traitor and the other way round
    assert (theirs["seat"], mine["seat"]) == (1, 0)
    assert "token" not in spect and "token" not in host and "host" not in mine
    assert mine["token"] not in json.dumps(social(client, game, imperium))
    new = {"id": mine["id"]}
    assert state(client, new, mine["token"])["you"] == {"role": "seat", "seats": [0]}
    assert state(client, new, theirs["token"])["you"] == {"role": "seat", "seats": [1]}
    assert state(client, new, host["host"])["you"]["role"] == "host"
    st = state(client, new, spect["spectator"])
    assert st["game"]["config"] == state(client, game, traitor)["game"]["config"]
    assert st["moves"] == 0 and st["decision"] is not None
    # old tokens open the old game only
    r = client.get(f"/api/games/{mine['id']}", params={"token": traitor})
    assert r.status_code == 403
    assert post(client, game, "rematch", token=imperium).status_code == 409  # made already


def test_a_rematch_without_swap_keeps_seats_and_ai(client: TestClient) -> None:
    game = two_people(client, seats=[{"kind": "human"}, AI])
    (me,) = game["tokens"]
    post(client, game, "resign", token=me)
    nxt = post(client, game, "rematch", token=me).json()["next"]
    assert nxt["seat"] == 0  # nobody else to ask: made at once
    st = state(client, {"id": nxt["id"]}, nxt["token"])
    assert [s["kind"] for s in st["game"]["seats"]] == ["human", "ai"]
    assert st["game"]["seats"][1]["agent"] == "ai"
