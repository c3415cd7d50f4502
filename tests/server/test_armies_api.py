"""The Epic army builder's endpoint (server/armies_api.py, issue 16): every army list with
its cards, options, units' profiles and ready-made armies, names in French and English;
the check that returns every problem of an army with its card and rule (EPC-29, EPA-1..7,
EP-10.1); refusals (unknown list, bad texts) that name the field."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from arbitre.games.epic.armies import army_lists
from arbitre.games.epic.armies.model import KINDS
from arbitre.games.epic.catalog import CATALOG

LISTS = sorted(army_lists())


def both_named(value: Any) -> None:
    assert isinstance(value, dict) and set(value) == {"fr", "en"}, value
    assert value["fr"].strip() and value["en"].strip(), value


def get_list(client: TestClient, list_id: str) -> dict[str, Any]:
    r = client.get(f"/api/epic/armies/{list_id}")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def check(client: TestClient, text: Any) -> Any:
    return client.post("/api/epic/armies/check", json={"text": text})


def test_the_lists_in_short(client: TestClient) -> None:
    r = client.get("/api/epic/armies")
    assert r.status_code == 200
    lists = r.json()["lists"]
    assert [entry["id"] for entry in lists] == LISTS and len(LISTS) >= 4
    for entry in lists:
        both_named(entry["name"])
        assert entry["cards"] == len(army_lists()[entry["id"]].cards)
        assert len(entry["ready_made"]) >= 2
        assert entry["organisation"]["min_companies"] >= 0


@pytest.mark.parametrize("list_id", LISTS)
def test_every_card_option_and_unit_of_a_list(client: TestClient, list_id: str) -> None:
    """Each card as the list's data has it (kind, points, break points, morale, limit,
    detachments, Bound Characters, options with points, EPC-29), each unit's profile."""
    data = get_list(client, list_id)
    lst = army_lists()[list_id]
    both_named(data["name"])
    assert data["name"] == {"fr": lst.name_fr, "en": lst.name_en}
    assert [c["id"] for c in data["cards"]] == list(lst.cards)
    needed: set[str] = set()
    for c in data["cards"]:
        card = lst.cards[c["id"]]
        both_named(c["name"])
        assert c["kind"] == card.kind and c["kind"] in KINDS
        assert (c["points"], c["break_points"], c["morale"], c["limit"]) == (
            card.points,
            card.break_points,
            card.morale,
            card.limit,
        )
        assert c["character"] == card.is_character
        assert c["detachments"] == [
            {"unit": g.unit, "stands": g.stands, "count": g.count} for g in card.detachments
        ]
        assert c["characters"] == list(card.characters)
        assert [o["id"] for o in c["options"]] == list(card.options)
        for o in c["options"]:
            both_named(o["name"])
            assert o["points"] == card.options[o["id"]].points
            needed |= {g["unit"] for g in o["detachments"]} | set(o["characters"])
        needed |= {g["unit"] for g in c["detachments"]} | set(c["characters"])
    assert set(data["units"]) == needed
    for uid, unit in data["units"].items():
        prof = CATALOG.units[uid]
        both_named(unit["name"])
        assert (unit["move"], unit["fa"], unit["cls"]) == (prof.move, prof.fa, prof.cls)
        assert unit["sheet"] or unit["save"]  # "4+", "6+f", "4+/6+f", "-", or a sheet
        for w in unit["weapons"]:
            both_named(w["name"])
            assert w["range"] >= 0 and 1 <= w["to_hit"] <= 7
            for note in w["notes"]:
                both_named(note["name"])
        for a in unit["abilities"]:
            both_named(a["name"])
            assert a["rule"], a  # every ability cites its rule
    # the ready-made armies: named in both languages (different words), each legal
    assert len(data["ready_made"]) >= 2
    for r in data["ready_made"]:
        both_named(r["name"])
        assert r["name"]["fr"] != r["name"]["en"]
        army = {
            "list": list_id,
            "name": r["name"]["fr"],
            "points": r["points"],
            "cards": r["cards"],
        }
        answer = check(client, to_json_text(army)).json()
        assert answer["legal"], answer["problems"]
        assert 0 < answer["points"] <= r["points"]


def to_json_text(army: dict[str, Any]) -> str:
    """An army as the JSON text `parse_army` also reads (null fields left out)."""
    import json

    cards = [{k: v for k, v in c.items() if v is not None} for c in army["cards"]]
    return json.dumps({**army, "cards": cards})


def test_names_by_language(client: TestClient) -> None:
    sm = get_list(client, "space_marines")
    first = next(c for c in sm["cards"] if c["id"] == "premiere_compagnie")
    assert first["name"] == {"fr": "1re Compagnie", "en": "1st Company"}
    assert sm["ready_made"][0]["name"] == {
        "fr": "Fer de lance de la 1re Compagnie",
        "en": "1st Company Spearhead",
    }
    terminators = sm["units"]["terminators"]
    assert terminators["save"] == "4+/6+f" and terminators["type"] == "infantry"
    elite = next(a for a in terminators["abilities"] if a["id"] == "elite")
    assert (elite["param"], elite["rule"]) == (2, "EP-4")
    bound = next(a for a in sm["units"]["capitaine"]["abilities"] if a["id"] == "bound_character")
    assert bound["name"] == {"fr": "Personnage Lié", "en": "Bound Character"}


def test_EPA_1_EPA_4_EPC_29_every_problem_with_its_rule(client: TestClient) -> None:
    empty = check(client, 'list = "eldar"\nname = ""\npoints = 2000\n').json()
    assert not empty["legal"] and empty["points"] == 0 and empty["limit"] == 2000
    rules = {p["rule"] for p in empty["problems"]}
    assert {"EPA-1", "EPA-4"} <= rules  # no company; the mandatory Avatar missing
    for p in empty["problems"]:
        assert p["rule"] in p["text"]["fr"] and p["rule"] in p["text"]["en"]
        both_named({"fr": p["text"]["fr"], "en": p["text"]["en"]})
    over = check(
        client,
        'list = "space_marines"\nname = "x"\npoints = 700\n'
        '[[cards]]\ncard = "compagnie_tactique"\noptions = ["rhinos", "nope"]\n'
        '[[cards]]\ncard = "astropathe"\n',
    ).json()
    found = {(p["rule"], p["card"]) for p in over["problems"]}
    assert ("EPC-29", None) in found  # 600 + 150 + 50 > 700
    assert ("EPA-7", 1) in found  # an option the card does not offer
    assert ("EP-10.1", 2) in found  # the Astropath joins no card
    assert over["points"] == 800
    assert over["army"]["cards"][0] == {
        "card": "compagnie_tactique",
        "options": ["rhinos", "nope"],
        "attach": None,
        "detachment": None,
    }


def test_refusals_name_the_field_and_change_nothing(client: TestClient) -> None:
    for bad in ("nope", "..%2F..%2Fetc", "x" * 300, "check"):
        r = client.get(f"/api/epic/armies/{bad}")
        assert r.status_code == 404, (bad, r.text)
    assert client.get("/api/epic/armies/nope").json()["error"]["code"] == "no_army_list"
    r = check(client, 12)
    assert r.status_code == 422 and r.json()["error"]["field"] == "text"
    r = check(client, "x" * (65 * 1024))
    assert r.status_code == 413
    r = check(client, "list = [")
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid"
    r = check(client, 'list = "orks"\npoints = 2000\n')
    assert r.status_code == 422 and r.json()["error"]["rule"] == "EPA-6"
    r = check(client, 'list = "eldar"\npoints = 5\n')
    assert r.status_code == 422 and r.json()["error"]["field"] == "points"
    r = client.post("/api/epic/armies/check", content=b"[1, 2]")
    assert r.status_code == 422
