"""The HTTP API: lobby, playing by token, refusals that change nothing, undo, records."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from arbitre.engine.agents import RandomAgent
from arbitre.engine.record import GameRecord, replay
from arbitre.engine.registry import get
from tests.server.conftest import HUMAN, new_game, state

MJ = {"kind": "ai", "agent": "mj"}
ONE = {"players": 1}


def wait_for_human(client: TestClient, game: dict[str, Any], token: str) -> dict[str, Any]:
    """Poll until a person must answer or the game is over (AI seats play server-side)."""
    deadline = time.monotonic() + 60
    while True:
        s = state(client, game, token)
        d = s["decision"]
        if d is None or d["yours"]:
            return s
        assert time.monotonic() < deadline, "the AI never answered"
        time.sleep(0.01)


def test_rulesets_lists_every_game_with_options_and_agents(client: TestClient) -> None:
    data = client.get("/api/rulesets").json()["rulesets"]
    ids = {r["id"]: r for r in data}
    assert set(ids) == {"champs", "epic", "heresy"}
    champs = ids["champs"]
    assert "mj" in champs["agents"] and "random" in champs["agents"]
    assert any(o["key"] == "players" for o in champs["options"])
    assert champs["title"]["fr"] and champs["title"]["en"]
    field = next(o for o in champs["options"] if o["key"] == "battlefield")
    assert {s["value"] for s in field["suggestions"]} == {"plaine", "defile", "forteresse"}
    scenario = next(o for o in ids["heresy"]["options"] if o["key"] == "scenario")
    assert len(scenario["suggestions"]) == 6
    assert scenario["suggestions"][0]["label"]["fr"] == "Frère contre Frère"


def test_seats_follow_the_config(client: TestClient) -> None:
    r = client.post("/api/seats", json={"ruleset": "champs", "config": {"players": 3}})
    assert r.json()["seats"] == ["p1", "p2", "p3", "mj"]
    bad = client.post("/api/seats", json={"ruleset": "champs", "config": {"players": 9}})
    assert bad.status_code == 422
    assert "players" in bad.json()["error"]["text"]["en"]


def test_create_refuses_bad_fields_and_stores_nothing(client: TestClient) -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"ruleset": "chess"}, "unknown_ruleset"),
        ({"ruleset": "champs", "config": {"nope": 1}}, "bad_config"),
        ({"ruleset": "champs", "config": {"players": "many"}}, "bad_config"),
        ({"ruleset": "champs", "seats": [HUMAN]}, "seat_count"),
        (
            {"ruleset": "champs", "config": ONE, "seats": [HUMAN, {"kind": "ai", "agent": "x"}]},
            "unknown_agent",
        ),
        ({"ruleset": "champs", "config": ONE, "seats": [HUMAN, {"kind": "robot"}]}, "bad_field"),
        ({"ruleset": "champs", "seed": -1}, "bad_field"),
        ({"ruleset": "champs", "seed": "x"}, "bad_field"),
        ({"ruleset": "champs", "config": [1]}, "bad_config"),
        ({"ruleset": "champs", "mode": "lan"}, "bad_field"),
        ({"ruleset": "champs", "mode": None}, "bad_field"),
        ({"ruleset": "champs", "listed": True}, "bad_field"),  # hotseat games are not listed
        ({"ruleset": "champs", "seed": 2**64}, "bad_field"),
        ({"ruleset": "champs", "seed": True}, "bad_field"),
    ]
    for body, code in cases:
        r = client.post("/api/games", json={"mode": "hotseat", **body})
        assert r.status_code == 422, (body, r.text)
        err = r.json()["error"]
        assert err["code"] == code, (body, err)
        assert err["text"]["fr"] and err["text"]["en"]
    assert client.get("/api/games").json()["games"] == []


def test_malformed_bodies_are_4xx_never_500(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, HUMAN], config={"players": 1}, seed=1)
    url = f"/api/games/{game['id']}/play"
    for raw in (b"{", b"[]", b"null", b'"x"', b"\xff\xfe", b'{"token": 5, "key": 1}'):
        r = client.post(url, content=raw, headers={"content-type": "application/json"})
        assert 400 <= r.status_code < 500, (raw, r.status_code)
        assert "error" in r.json()
    r = client.post(url, json={"token": game["admin"], "key": "x", "expect": "soon"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_field"
    assert client.get("/api/games/nope", params={"token": "x"}).status_code == 404
    assert client.get(f"/api/games/{game['id']}", params={"token": "x"}).status_code == 403
    assert (
        client.get(
            f"/api/games/{game['id']}", params={"token": game["admin"], "seat": "z"}
        ).status_code
        == 422
    )


def test_refusals_change_nothing(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, HUMAN], config={"players": 1}, seed=2)
    before = state(client, game, game["admin"])
    decision = before["decision"]
    seat_token = game["seats"][1 - decision["seat"]]["token"]
    url = f"/api/games/{game['id']}/play"
    key = decision["options"][0]["key"]
    # another seat, a spectator, a stale page, an option that is not offered, a finished game
    assert client.post(url, json={"token": seat_token, "key": key, "expect": 0}).status_code == 403
    spectator = client.post(url, json={"token": game["spectator"], "key": key, "expect": 0})
    assert spectator.status_code == 403
    stale = client.post(url, json={"token": game["admin"], "key": key, "expect": 5})
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale"
    illegal = client.post(url, json={"token": game["admin"], "key": "forged:1", "expect": 0})
    assert illegal.status_code == 400 and illegal.json()["error"]["code"] == "illegal"
    after = state(client, game, game["admin"])
    assert after["moves"] == 0 and after["view"] == before["view"]
    assert after["decision"] == before["decision"]


def test_each_seat_sees_only_its_own_options(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, HUMAN], config={"players": 1}, seed=3)
    d = state(client, game, game["admin"])["decision"]
    mine = state(client, game, game["seats"][d["seat"]]["token"])
    other = state(client, game, game["seats"][1 - d["seat"]]["token"])
    public = state(client, game, game["spectator"])
    assert mine["decision"]["yours"] and mine["decision"]["options"]
    assert not other["decision"]["yours"] and other["decision"]["options"] == []
    assert public["viewer"] is None and public["decision"]["options"] == []
    assert mine["you"] == {"role": "seat", "seats": [d["seat"]]}


def test_a_whole_champs_game_against_the_mj_ai(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, MJ], config={"players": 1}, seed=4)
    token = game["seats"][0]["token"]
    agent = RandomAgent(4)
    rules = get("champs")
    for _ in range(2000):
        s = wait_for_human(client, game, token)
        if s["decision"] is None:
            break
        keys = [o["key"] for o in s["decision"]["options"]]
        key = keys[agent.rng.below(len(keys))]
        r = client.post(
            f"/api/games/{game['id']}/play", json={"token": token, "key": key, "expect": s["moves"]}
        )
        assert r.status_code == 200, r.text
    final = state(client, game, token)
    assert final["decision"] is None and final["result"] is not None
    assert sorted(final["result"]["scores"]) in ([0, 1], [0.5, 0.5])
    # the stored record replays to the same end
    rec = GameRecord.from_json(
        client.get(f"/api/games/{game['id']}/record", params={"token": token}).json()
    )
    assert rules.result(replay(rec)) is not None
    mine = client.post("/api/games/mine", json={"games": [{"id": game["id"], "token": token}]})
    listed = mine.json()["games"]
    assert listed[0]["id"] == game["id"] and listed[0]["over"] is True
    assert listed[0]["role"] == "seat" and "token" not in str(listed)


def test_undo_against_the_ai_takes_back_the_ai_replies_too(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, MJ], config={"players": 1}, seed=5)
    token = game["seats"][0]["token"]
    first = wait_for_human(client, game, token)
    assert not first["can_undo"]
    key = first["decision"]["options"][0]["key"]
    client.post(
        f"/api/games/{game['id']}/play", json={"token": token, "key": key, "expect": first["moves"]}
    )
    wait_for_human(client, game, token)
    undone = client.post(f"/api/games/{game['id']}/undo", json={"token": token})
    assert undone.status_code == 200
    again = wait_for_human(client, game, token)
    assert again["moves"] == first["moves"] and again["view"] == first["view"]


def test_undo_between_two_people_is_a_request_until_accepted(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, HUMAN], config={"players": 1}, seed=6)
    s = state(client, game, game["admin"])
    seat = s["decision"]["seat"]
    token, other = game["seats"][seat]["token"], game["seats"][1 - seat]["token"]
    key = s["decision"]["options"][0]["key"]
    client.post(f"/api/games/{game['id']}/play", json={"token": token, "key": key, "expect": 0})
    r = client.post(f"/api/games/{game['id']}/undo", json={"token": token})
    assert r.status_code == 200 and r.json()["takeback"]["mine"]
    assert state(client, game, token)["moves"] == 1  # nothing changes until accepted
    asked = state(client, game, other)["takeback"]
    assert asked["yours"] and asked["text"]["en"].endswith("asks to take back their last move")
    # the asker cannot accept for the others
    mine = client.post(f"/api/games/{game['id']}/takeback", json={"token": token, "accept": True})
    assert mine.status_code == 200 and state(client, game, token)["moves"] == 1
    refused = client.post(
        f"/api/games/{game['id']}/takeback", json={"token": other, "accept": False}
    )
    assert refused.json()["takeback"] is None and state(client, game, token)["moves"] == 1
    client.post(f"/api/games/{game['id']}/undo", json={"token": token})
    ok = client.post(f"/api/games/{game['id']}/takeback", json={"token": other, "accept": True})
    assert ok.status_code == 200 and state(client, game, token)["moves"] == 0
    client.post(f"/api/games/{game['id']}/play", json={"token": token, "key": key, "expect": 0})
    # the hotseat (admin) token may
    assert (
        client.post(f"/api/games/{game['id']}/undo", json={"token": game["admin"]}).status_code
        == 200
    )
    assert state(client, game, token)["moves"] == 0


def test_record_is_private_until_the_end_and_delete_needs_the_admin(client: TestClient) -> None:
    game = new_game(client, "champs", [HUMAN, HUMAN], config={"players": 1}, seed=7)
    url = f"/api/games/{game['id']}"
    assert (
        client.get(url + "/record", params={"token": game["seats"][0]["token"]}).status_code == 403
    )
    assert client.get(url + "/record", params={"token": game["admin"]}).json()["seed"] == 7
    assert client.delete(url, params={"token": game["seats"][0]["token"]}).status_code == 403
    assert client.delete(url, params={"token": game["admin"]}).json() == {"deleted": game["id"]}
    assert client.get(url, params={"token": game["admin"]}).status_code == 404


def test_replay_steps_through_a_record(client: TestClient) -> None:
    rules = get("champs")
    s = rules.new({"players": 1}, 8)
    agent = RandomAgent(8)
    keys: list[str] = []
    while (d := rules.decision(s)) is not None and len(keys) < 30:
        keys.append(agent.choose(rules, s, d))
        rules.apply(s, keys[-1])
    record = {
        "ruleset": "champs",
        "version": rules.version,
        "config": {"players": 1},
        "seed": 8,
        "keys": keys,
    }
    step = client.post("/api/replay", json={"record": record, "upto": 10, "seat": None}).json()
    assert step["moves"] == 10 and step["total"] == 30
    bad = client.post("/api/replay", json={"record": {**record, "keys": ["nonsense"]}, "upto": 1})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad_record"


def test_rule_texts_for_why_not(client: TestClient) -> None:
    rules = client.get("/api/rules/champs", params={"ids": "CB-6,NOPE"}).json()["rules"]
    assert rules[0]["known"] and "6" in rules[0]["text"]["en"]
    assert not rules[1]["known"] and rules[1]["text"]["fr"]


def test_sizes_and_rates_are_limited(db_url: str) -> None:
    from arbitre.server.app import create_app

    with TestClient(create_app(db_url, rate=1.0, burst=3)) as c:
        big = c.post(
            "/api/games",
            content=b"{" + b" " * 20000 + b"}",
            headers={"content-type": "application/json"},
        )
        assert big.status_code == 413 and big.json()["error"]["code"] == "too_large"
        codes = [c.get("/api/games").status_code for _ in range(6)]
        assert codes[:2] == [200, 200] and codes[-1] == 429
