"""`POST /api/games/{id}/why`: why a clicked thing is not a legal choice (server/why.py).

Only the seat whose decision it is (or the hotseat table for it) may ask; fields are
checked first and a refusal changes nothing; the reason is computed off the event loop on
a twin determinized for the asking seat, so a hidden trap never shows in an answer.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

from arbitre.engine.i18n import Msg
from arbitre.games.champs.rules import Champs
from tests.server.conftest import HUMAN, new_game, state

ONE = {"players": 1}


def to_turn(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    """Play the setup with the first option until Player 1 chooses a troop to activate."""
    token = game["admin"]
    while True:
        d: dict[str, Any] = state(client, game, token)["decision"]
        if d["kind"] == "champs.turn" and d["seat"] == 0:
            return d
        play(client, game, d["options"][0]["key"])


def play(client: TestClient, game: dict[str, Any], key: str) -> None:
    r = client.post(f"/api/games/{game['id']}/play", json={"token": game["admin"], "key": key})
    assert r.status_code == 200, r.text


def why(client: TestClient, game: dict[str, Any], key: Any, token: Any = None, **more: Any) -> Any:
    body = {"token": game["admin"] if token is None else token, "key": key, **more}
    return client.post(f"/api/games/{game['id']}/why", json=body)


def champs_game(client: TestClient, **config: Any) -> dict[str, Any]:
    return new_game(client, "champs", [HUMAN, HUMAN], seed=5, config={**ONE, **config})


def test_a_legal_key_is_said_allowed(client: TestClient) -> None:
    game = champs_game(client)
    d = to_turn(client, game)
    key = d["options"][0]["key"]
    r = why(client, game, key)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["legal"] is True and out["rule"] is None and out["rule_text"] is None
    assert out["text"]["fr"].startswith("C'est un choix permis : activer")
    assert out["text"]["en"].startswith("That is an allowed choice: activate")


def test_an_illegal_cell_gets_the_reason_the_rule_and_its_text(client: TestClient) -> None:
    game = champs_game(client)
    to_turn(client, game)
    out = why(client, game, "cell:5,4").json()
    assert out["legal"] is False and out["rule"] == "CB-31"
    assert out["text"]["fr"] == "Case (5,4) : aucune troupe ne s'y trouve, rien à activer."
    assert out["text"]["en"] == "Cell (5,4): no troop stands there, nothing to activate."
    assert "[CB-31]" not in out["text"]["fr"]  # the rule goes beside the text
    assert "cell it occupies" in out["rule_text"]["en"] and out["rule_text"]["fr"]


def test_nothing_specific_still_answers_in_both_languages(client: TestClient) -> None:
    game = champs_game(client)
    to_turn(client, game)
    out = why(client, game, "nonsense").json()
    assert out == {
        "legal": False,
        "key": "nonsense",
        "text": {
            "fr": "Ce n'est pas un des choix proposés maintenant.",
            "en": "That is not one of the choices offered now.",
        },
        "rule": None,
        "rule_text": None,
    }


@pytest.mark.parametrize(
    ("body", "status", "code", "field"),
    [
        ({"key": "x" * 65}, 422, "bad_field", "key"),
        ({"key": ""}, 422, "bad_field", "key"),
        ({"key": 3}, 422, "bad_field", "key"),
        ({"key": None}, 422, "bad_field", "key"),
        ({"key": "cell:1,1", "seat": "0"}, 422, "bad_field", "seat"),
        ({"key": "cell:1,1", "seat": -1}, 422, "bad_field", "seat"),
        ({"key": "cell:1,1", "token": "no good!"}, 403, "bad_token", None),
        ({"key": "cell:1,1", "token": "A" * 40}, 403, "bad_token", None),
        ({"key": "cell:1,1", "token": 7}, 403, "bad_token", None),
    ],
)
def test_bad_fields_are_refused_naming_them_and_change_nothing(
    client: TestClient, body: dict[str, Any], status: int, code: str, field: str | None
) -> None:
    game = champs_game(client)
    to_turn(client, game)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    before = hub.games[game["id"]].match.state.snapshot()
    moves = state(client, game, game["admin"])["moves"]
    r = client.post(f"/api/games/{game['id']}/why", json={"token": game["admin"], **body})
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["code"] == code and err["text"]["fr"] and err["text"]["en"]
    if field:
        assert field in err["text"]["en"]
    assert hub.games[game["id"]].match.state.snapshot() == before
    assert state(client, game, game["admin"])["moves"] == moves


def test_a_body_that_is_not_an_object_and_an_unknown_game_are_refused(client: TestClient) -> None:
    game = champs_game(client)
    r = client.post(f"/api/games/{game['id']}/why", json=["key"])
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_field"
    r = client.post("/api/games/abc123/why", json={"token": game["admin"], "key": "end"})
    assert r.status_code == 404


def test_only_the_deciding_seat_may_ask(client: TestClient) -> None:
    game = champs_game(client)
    to_turn(client, game)
    mj_token = game["seats"][1]["token"]
    p1_token = game["seats"][0]["token"]
    for token in (mj_token, game["spectator"]):
        r = why(client, game, "cell:5,4", token=token)
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_your_turn", r.text
        assert "Joueur 1" in r.json()["error"]["text"]["fr"]
    # the hotseat table asks for the seat whose decision it is, not another
    r = why(client, game, "cell:5,4", seat=1)
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_your_turn"
    assert why(client, game, "cell:5,4", seat=0).status_code == 200
    assert why(client, game, "cell:5,4", token=p1_token).json()["rule"] == "CB-31"


def test_the_host_of_an_online_game_acts_for_no_seat(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, HUMAN], seed=5, config=ONE, mode="online")
    r = why(client, game, "cell:5,4", token=game["host"])
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_your_turn"


def test_AMB_CB_16d_a_hidden_trap_changes_no_answer(client: TestClient) -> None:
    """Player 1 asks about every cell while moving and while laying a trap; a hidden MJ
    trap beside the troop changes none of the answers (they are the same without it)."""
    game = champs_game(client, **{"traps.visible": False, "traps.placement": "adjacentCell"})
    d = to_turn(client, game)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    s = hub.games[game["id"]].match.state
    soldier = next(
        u for u in s.units.values() if u.side == 0 and s.bf.label(u.cell) in str(d["options"])
    )
    near = [c for c in s.geo.neighbours[soldier.cell] if c not in s.bf.obstacles]
    cells = [f"cell:{s.bf.label(c)}" for c in range(s.geo.size)]

    def answers() -> list[Any]:
        return [why(client, game, key).json() for key in cells]

    def with_and_without(trap: int) -> None:
        without = answers()
        s.traps[trap], s.trap_owner[trap] = 1, s.mj_seat
        try:
            assert answers() == without
        finally:
            del s.traps[trap], s.trap_owner[trap]

    play(client, game, f"act:{s.bf.label(soldier.cell)}")
    options = [o["key"] for o in state(client, game, game["admin"])["decision"]["options"]]
    assert "trap" in options and "move" in options
    play(client, game, "move")
    for trap in near[:3]:
        with_and_without(trap)
    play(client, game, "stop")
    play(client, game, "trap")
    assert state(client, game, game["admin"])["decision"]["kind"] == "champs.trap"
    for trap in near[:3]:
        with_and_without(trap)


def test_the_reason_is_read_on_a_twin_determinized_for_the_asker(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever a game's hook reads, it reads a determinized twin for the deciding seat,
    never the live state, and in a worker thread, not on the event loop."""
    game = champs_game(client)
    to_turn(client, game)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live_state = hub.games[game["id"]].match.state
    twins: list[tuple[int, Any]] = []
    seen: list[tuple[Any, str]] = []
    determinize = Champs.determinize

    def spy_determinize(self: Champs, s: Any, seat: int, rng: Any) -> Any:
        twin = determinize(self, s, seat, rng)
        twins.append((seat, twin))
        return twin

    def spy_why_not(self: Champs, s: Any, decision: Any, key: str) -> Msg | None:
        seen.append((s, threading.current_thread().name))
        return Msg("server.why.unknown", {}, "CB-1")

    monkeypatch.setattr(Champs, "determinize", spy_determinize)
    monkeypatch.setattr(Champs, "why_not", spy_why_not)
    out = why(client, game, "cell:5,4").json()
    assert out["rule"] == "CB-1" and out["rule_text"]["en"]
    assert len(twins) == 1 and twins[0][0] == 0
    ((s, thread),) = seen
    assert s is twins[0][1] and s is not live_state
    assert thread.startswith("arbitre") and thread != threading.main_thread().name


def test_questions_are_rate_limited(db_url: str) -> None:
    from arbitre.server.app import create_app

    with TestClient(create_app(db_url, rate=1.0, burst=8)) as c:
        game = champs_game(c)
        codes = [why(c, game, "cell:5,4").status_code for _ in range(12)]
        assert 429 in codes and codes[-1] == 429
