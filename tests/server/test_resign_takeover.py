"""Resigning, handing a seat to the AI and taking it back (issue 17; docs/web.md,
Resigning and handing over)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from arbitre.server import takeover
from arbitre.server.app import create_app
from tests.server.conftest import HUMAN, new_game, state
from tests.server.social_util import post, social_socket, two_people

CHAMPS_TWO = {"players": 2}


def log_texts(st: dict[str, Any], lang: str = "fr") -> list[str]:
    return [e["text"][lang] for e in st["log"]]


def wait_for(check: Any, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError("timed out")


def test_a_resignation_ends_the_game_for_the_other_side(client: TestClient, db_url: str) -> None:
    game = two_people(client)
    imperium, traitor = game["tokens"]
    r = post(client, game, "resign", token=imperium)
    assert r.status_code == 200 and r.json() == {"ended": True}
    st = state(client, game, traitor)
    assert st["decision"] is None
    assert st["result"]["scores"] == [0.0, 1.0]
    assert st["result"]["summary"]["fr"] == "L'Imperium a abandonné : victoire du Traître"
    assert st["result"]["summary"]["en"] == "The Imperium resigned: the Traitor wins"
    assert "L'Imperium abandonne : la partie est terminée" in log_texts(st)
    assert "The Imperium resigns: the game is over" in log_texts(st, "en")
    # the record says how it ended; nothing more is played, nothing undone
    rec = client.get(f"/api/games/{game['id']}/record", params={"token": traitor}).json()
    assert rec["end"] == {
        "kind": "resign",
        "seats": [0],
        "by": 0,
        "moves": 0,
        "names": ["imperium"],
    }
    assert post(client, game, "play", token=traitor, key="x").status_code == 409
    assert post(client, game, "undo", token=imperium).status_code in (403, 409)
    assert post(client, game, "resign", token=traitor).status_code == 409
    mine = client.post("/api/games/mine", json={"games": [{"id": game["id"], "token": traitor}]})
    assert mine.json()["games"][0]["over"] is True
    # a server started again on the same database finds the game ended
    with TestClient(create_app(db_url, rate=None)) as again:
        st2 = state(again, game, traitor)
        assert st2["decision"] is None and st2["result"]["scores"] == [0.0, 1.0]


def test_only_a_seat_resigns_and_the_hotseat_table_names_it(client: TestClient) -> None:
    game = two_people(client)
    for token in (game["spectator"], game["host"], "forged"):
        assert post(client, game, "resign", token=token).status_code == 403
    assert state(client, game, game["spectator"])["decision"] is not None
    table = new_game(client, "heresy", [HUMAN, HUMAN], seed=3)
    r = post(client, table, "resign", token=table["admin"])
    assert r.status_code == 422 and "'seat'" in r.json()["error"]["text"]["en"]
    assert post(client, table, "resign", token=table["admin"], seat=1).json() == {"ended": True}
    assert state(client, table, table["admin"])["result"]["scores"] == [1.0, 0.0]


def test_champs_players_resign_together_the_mj_alone(client: TestClient) -> None:
    game = two_people(client, "champs", config=CHAMPS_TWO, seats=[HUMAN, HUMAN, HUMAN])
    p1, p2, mj = game["tokens"]
    assert post(client, game, "resign", token=p1).json() == {"ended": False}
    assert post(client, game, "resign", token=p1).status_code == 409  # agreed already
    st = state(client, game, mj)
    assert st["decision"] is not None
    assert "Le Joueur 1 propose que les joueurs abandonnent (1 sur 2)" in log_texts(st)
    assert post(client, game, "resign", token=p2).json() == {"ended": True}
    st = state(client, game, mj)
    assert st["result"]["scores"] == [0.0, 0.0, 1.0]
    assert st["result"]["summary"]["en"] == "The players resigned: the GM wins"
    other = two_people(client, "champs", config=CHAMPS_TWO, seats=[HUMAN, HUMAN, HUMAN])
    assert post(client, other, "resign", token=other["tokens"][2]).json() == {"ended": True}
    assert state(client, other, other["tokens"][0])["result"]["scores"] == [1.0, 1.0, 0.0]


def test_a_seat_handed_to_the_ai_plays_and_is_taken_back(client: TestClient) -> None:
    game = two_people(client)
    imperium, traitor = game["tokens"]
    # the traitor decides first: handed over, the AI answers for it in a server thread
    r = post(client, game, "handover", token=traitor)
    assert r.status_code == 200 and r.json() == {"result": "handed", "agent": "ai"}
    st = state(client, game, traitor)
    assert st["game"]["seats"][1]["agent"] == "ai" and st["game"]["seats"][1]["kind"] == "human"
    assert "Le Traître confie sa place à l'IA (normale)" in log_texts(st)
    wait_for(lambda: state(client, game, imperium)["moves"] > 0)
    assert post(client, game, "handover", token=traitor).status_code == 409  # already
    r = post(client, game, "takeover", token=traitor)
    assert r.status_code == 200
    st = state(client, game, traitor)
    assert st["game"]["seats"][1]["agent"] is None
    assert "The Traitor takes their seat back" in log_texts(st, "en")
    # back in the person's hands: the AI no longer answers for it
    moves = st["moves"]
    if st["decision"] and st["decision"]["seat"] == 1:
        time.sleep(0.3)
        assert state(client, game, traitor)["moves"] == moves
    assert post(client, game, "takeover", token=traitor).status_code == 409  # not the AI's


def test_champs_seats_get_their_own_ai(client: TestClient) -> None:
    game = two_people(client, "champs", config=CHAMPS_TWO, seats=[HUMAN, HUMAN, HUMAN])
    assert post(client, game, "handover", token=game["tokens"][0]).json()["agent"] == "players"
    assert post(client, game, "handover", token=game["tokens"][2]).json()["agent"] == "mj"
    st = state(client, game, game["tokens"][1])
    assert "The GM hands their seat to the AI (GM)" in log_texts(st, "en")


def test_handover_refusals(client: TestClient) -> None:
    game = two_people(client)
    imperium, traitor = game["tokens"]
    assert post(client, game, "handover", token=game["spectator"]).status_code == 403
    assert post(client, game, "handover", token=imperium, seat=1).status_code == 403
    r = post(client, game, "handover", token=imperium, agent="mcts")
    assert r.status_code == 422 and r.json()["error"]["code"] == "unknown_agent"
    assert post(client, game, "handover", token=game["host"], seat=9).status_code == 422
    assert post(client, game, "takeover", token=game["spectator"]).status_code == 403
    assert post(client, game, "away", token=imperium, seconds=60).status_code == 403
    assert post(client, game, "away", token=game["host"], seconds=5).status_code == 422
    table = new_game(client, "heresy", [HUMAN, HUMAN], seed=3)
    assert post(client, table, "handover", token=table["admin"], seat=0).status_code == 403
    post(client, game, "resign", token=imperium)
    assert post(client, game, "handover", token=traitor).status_code == 409  # game over


def test_the_host_asks_a_present_seat_and_hands_an_absent_one(client: TestClient) -> None:
    game = two_people(client)
    imperium, traitor = game["tokens"]
    host = game["host"]
    assert post(client, game, "away", token=host, seconds=60).json() == {"away": 60}
    with social_socket(client, f"/ws/games/{game['id']}?token={traitor}"):
        # here: the host may only ask; the person refuses, then accepts
        assert post(client, game, "handover", token=host, seat=1).json()["result"] == "asked"
        st = client.get(f"/api/games/{game['id']}/social", params={"token": traitor}).json()
        assert st["asked"] is True
        assert post(client, game, "handover/answer", token=imperium, accept=True).status_code == 409
        assert post(client, game, "handover/answer", token=traitor, accept=False).json() == {
            "handed": False
        }
        assert state(client, game, traitor)["game"]["seats"][1]["agent"] is None
        post(client, game, "handover", token=host, seat=1)
        assert post(client, game, "handover/answer", token=traitor, accept=True).json() == {
            "handed": True
        }
        post(client, game, "takeover", token=traitor)
    # away longer than the host's limit: handed at once
    takeover._left[(game["id"], 1)] = time.monotonic() - 61
    assert post(client, game, "handover", token=host, seat=1).json()["result"] == "handed"
    st = state(client, game, imperium)
    assert "L'hôte confie la place du Traître à l'IA (normale)" in log_texts(st)
    status = client.get(f"/api/games/{game['id']}/social", params={"token": host}).json()
    assert status["handed"] == {"1": "ai"} and status["absent"]["1"] >= 61


def test_a_handed_seat_stays_handed_after_a_restart(
    client: TestClient, db_url: str, tmp_path: Path
) -> None:
    game = two_people(client)
    imperium = game["tokens"][0]
    assert post(client, game, "handover", token=imperium).json()["result"] == "handed"
    with TestClient(create_app(db_url, rate=None)) as again:
        st = state(again, game, imperium)
        assert st["game"]["seats"][0]["agent"] == "ai"
        hub = again.app.state.hub  # type: ignore[attr-defined]
        assert 0 in hub.games[game["id"]].match.agents
