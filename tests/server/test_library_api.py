"""The writable library over HTTP (server/library_api.py, engine/library_saved.py):
saving, listing, reading and deleting Champs battlefields by name; every refusal names the
field (and, for a battlefield the game refuses, the rule) and writes nothing (AMB-CB-1)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from arbitre.engine import library
from arbitre.server.app import create_app
from tests.server.conftest import HUMAN, new_game, state

KIND = library.CHAMPS_BATTLEFIELD
URL = f"/api/library/{KIND}"

ARENA = """name_fr = "L'arène"
name_en = "The arena"
width = 6
height = 5
obstacles = [[2, 2], [3, 2]]
rounds = 6
[deck]
soldats = 3
cavalerie = 2
"""
WIDER = ARENA.replace("width = 6", "width = 8").replace("[3, 2]", "[5, 2]")


@pytest.fixture
def lib_dir(tmp_path: Path) -> Path:
    return tmp_path / "lib"


@pytest.fixture
def client(tmp_path: Path, lib_dir: Path) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with TestClient(create_app(url, rate=None, library_dir=lib_dir)) as c:
        yield c
    library.clear()


def author(client: TestClient) -> dict[str, str]:
    r = client.post("/api/library/author")
    assert r.status_code == 201, r.text
    token = r.json()["token"]
    assert len(token) >= 24
    return {"X-Author-Token": token}


def put(client: TestClient, name: str, text: Any, who: dict[str, str]) -> Any:
    return client.put(f"{URL}/{name}", json={"text": text}, headers=who)


def files(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()}


def test_AMB_CB_1_save_list_get_replace_delete(client: TestClient, lib_dir: Path) -> None:
    me = author(client)
    r = put(client, "arene", ARENA, me)
    assert r.status_code == 201, r.text
    assert r.json() == {
        "name": "arene",
        "label": {"fr": "L'arène", "en": "The arena"},
        "origin": "saved",
        "mine": True,
    }
    listed = client.get(URL, headers=me).json()["entries"]
    assert [e["name"] for e in listed] == ["defile", "forteresse", "plaine", "arene"]
    assert [e["origin"] for e in listed] == ["builtin"] * 3 + ["saved"]
    assert listed[2]["label"] == {"fr": "La plaine du gué", "en": "The plain by the ford"}
    assert [e["mine"] for e in listed] == [False, False, False, True]
    # anonymous readers see it too, as not theirs
    assert client.get(URL).json()["entries"][3]["mine"] is False
    got = client.get(f"{URL}/arene").json()
    assert got["text"] == ARENA and got["origin"] == "saved"
    assert (lib_dir / KIND / "arene.toml").read_text("utf-8") == ARENA
    # a built-in battlefield is read as a starting point
    plaine = client.get(f"{URL}/plaine").json()
    assert plaine["origin"] == "builtin" and "width = 10" in plaine["text"]
    r = put(client, "arene", WIDER, me)
    assert r.status_code == 200, r.text
    assert client.get(f"{URL}/arene").json()["text"] == WIDER
    assert client.delete(f"{URL}/arene", headers=me).json() == {"deleted": "arene"}
    assert client.get(f"{URL}/arene").status_code == 404
    assert "arene" not in [e["name"] for e in client.get(URL).json()["entries"]]


def test_the_author_token_is_hashed_at_rest(client: TestClient, lib_dir: Path) -> None:
    me = author(client)
    assert put(client, "arene", ARENA, me).status_code == 201
    token = me["X-Author-Token"]
    for path in lib_dir.rglob("*"):
        if path.is_file():
            assert token not in path.read_text("utf-8", "replace"), path
    assert library.entry(KIND, "arene") is not None
    owner = library.entry(KIND, "arene").owner  # type: ignore[union-attr]
    import hashlib

    assert owner == hashlib.sha256(token.encode()).hexdigest()


@pytest.mark.parametrize(
    ("text", "field", "rule"),
    [
        (ARENA.replace("width = 6", "width = 40"), "width", "AMB-CB-1"),
        (ARENA.replace("[3, 2]", "[9, 2]"), "obstacles", "AMB-CB-1"),
        (ARENA.replace("[3, 2]", "[3, 0]"), "obstacles", "AMB-CB-1"),
        (ARENA + 'players_line = "top"\n', None, None),  # lands in [deck]: a troop type
        (ARENA.replace("rounds = 6", 'mj_line = "bottom"\nrounds = 6'), "mj_line", "CB-27"),
        (ARENA.replace("rounds = 6", "rounds = 0"), "rounds", "AMB-CB-24"),
        (ARENA.replace("rounds = 6", "hold = 100"), "hold", "AMB-CB-24"),
        (ARENA.replace("rounds = 6", "trap_tokens = -1"), "trap_tokens", "AMB-CB-16a"),
        (ARENA.replace("rounds = 6", 'objective = "win"'), "objective", "AMB-CB-24"),
        (ARENA.replace("soldats = 3", "dragons = 3"), "deck", "AMB-CB-17"),
        (ARENA.replace("soldats = 3", "soldats = 300"), "deck.soldats", "AMB-CB-17"),
    ],
)
def test_AMB_CB_1_a_bad_battlefield_is_refused_naming_field_and_rule(
    client: TestClient, lib_dir: Path, text: str, field: str | None, rule: str | None
) -> None:
    me = author(client)
    before = files(lib_dir)
    r = put(client, "arene", text, me)
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    if field is None:  # the deck names 'players_line' as a troop type
        field, rule = "deck", "AMB-CB-17"
    assert error["field"] == field
    assert error["rule"] == rule
    assert (
        error["text"]["fr"] and error["text"]["en"] and error["text"]["fr"] != error["text"]["en"]
    )
    assert files(lib_dir) == before
    assert "arene" not in library.names(KIND)


def test_refusals_write_nothing(client: TestClient, lib_dir: Path) -> None:
    me, other = author(client), author(client)
    assert put(client, "arene", ARENA, me).status_code == 201
    before = files(lib_dir)
    cases = [
        (put(client, "Arène", ARENA, me), 422, "bad_name", "name"),
        (put(client, "a" * 49, ARENA, me), 422, "bad_name", "name"),
        (put(client, "plaine", ARENA, me), 409, "taken", "name"),
        (put(client, "arene", WIDER, other), 403, "not_yours", "name"),
        (put(client, "big", ARENA + "#" * 70_000 + "\n", me), 413, "too_large", "text"),
        (put(client, "bad", "width = = 3", me), 422, "not_toml", "text"),
        (put(client, "bad", "[" * 5000, me), 422, "not_toml", "text"),
        (put(client, "bad", 12, me), 422, "bad_field", "text"),
    ]
    for r, status, code, field in cases:
        assert r.status_code == status, r.text
        assert r.json()["error"]["code"] == code
        assert r.json()["error"]["field"] == field
    assert files(lib_dir) == before
    assert client.get(f"{URL}/arene").json()["text"] == ARENA
    # another author may not delete it either
    assert client.delete(f"{URL}/arene", headers=other).status_code == 403
    assert client.get(f"{URL}/arene").status_code == 200


def test_tokens_kinds_and_names_are_checked(client: TestClient) -> None:
    assert put(client, "arene", ARENA, {}).status_code == 401
    forged = {"X-Author-Token": "A" * 24}
    assert put(client, "arene", ARENA, forged).json()["error"]["code"] == "bad_author"
    assert put(client, "arene", ARENA, {"X-Author-Token": "no way!"}).status_code == 403
    assert client.get("/api/library/heresy.content").status_code == 404
    assert client.get("/api/library/nope").status_code == 404
    assert client.get(f"{URL}/..%2Fetc").status_code in (404, 422)
    assert client.get(f"{URL}/nothing-here").status_code == 404
    assert client.delete(f"{URL}/nothing-here", headers=author(client)).status_code == 404


def test_per_author_limit(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from arbitre.engine import library_saved

    monkeypatch.setattr(library_saved, "MAX_PER_OWNER", 2)
    me = author(client)
    assert put(client, "a1", ARENA, me).status_code == 201
    assert put(client, "a2", ARENA, me).status_code == 201
    r = put(client, "a3", ARENA, me)
    assert r.status_code == 422 and r.json()["error"]["code"] == "owner_full"
    assert put(client, "a2", WIDER, me).status_code == 200  # replacing is not adding


def _obstacles(client: TestClient, game: dict[str, Any]) -> set[tuple[int, int]]:
    view = state(client, game, game["admin"])["view"]["battlefield"]
    return {tuple(c) for c in view["obstacles"]}


def test_AMB_CB_1_a_game_keeps_its_battlefield_when_the_entry_is_replaced(
    client: TestClient, tmp_path: Path, lib_dir: Path
) -> None:
    """A game stores `name@sha12` and that version's file stays: it plays and replays the
    same after the entry is replaced, and even deleted."""
    me = author(client)
    assert put(client, "arene", ARENA, me).status_code == 201
    suggestions = client.get("/api/rulesets").json()
    assert "arene" in str(suggestions)
    game = new_game(client, "champs", [HUMAN] * 3, config={"battlefield": "arene"})
    first = _obstacles(client, game)
    assert first == {(2, 2), (3, 2)}
    assert put(client, "arene", WIDER, me).status_code == 200
    assert client.delete(f"{URL}/arene", headers=me).status_code == 200
    # a new server on the same database and library rebuilds the game from its moves
    library.clear()
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with TestClient(create_app(url, rate=None, library_dir=lib_dir)) as again:
        assert _obstacles(again, game) == first
        record = again.get(f"/api/games/{game['id']}/record", params={"token": game["admin"]})
        assert record.status_code == 200
        assert record.json()["config"]["battlefield"].startswith("arene@")
        # an uploaded record replays in a worker process, which reads the same library
        replayed = again.post("/api/replay", json={"record": record.json(), "upto": 0})
        assert replayed.status_code == 200, replayed.text
        obstacles = replayed.json()["view"]["battlefield"]["obstacles"]
        assert {tuple(c) for c in obstacles} == first


def test_AMB_CB_1_check_validates_without_saving(client: TestClient, lib_dir: Path) -> None:
    before = files(lib_dir)
    r = client.post(f"{URL}/check", json={"text": ARENA})
    assert r.status_code == 200, r.text
    assert r.json()["label"] == {"fr": "L'arène", "en": "The arena"}
    assert r.json()["data"]["obstacles"] == [[2, 2], [3, 2]]
    assert r.json()["data"]["deck"] == {"soldats": 3, "cavalerie": 2}
    r = client.post(f"{URL}/check", json={"text": ARENA.replace("rounds = 6", "rounds = 0")})
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "rounds" and r.json()["error"]["rule"] == "AMB-CB-24"
    assert "1" in r.json()["error"]["text"]["fr"] and "99" in r.json()["error"]["text"]["en"]
    assert client.post(f"{URL}/check", json={"text": "a = 1979-05-27"}).status_code == 422
    assert client.post("/api/library/nope/check", json={"text": ARENA}).status_code == 404
    assert files(lib_dir) == before
    got = client.get(f"{URL}/forteresse").json()
    assert got["data"]["hold"] == 3 and got["data"]["width"] == 12


def test_the_editor_pages_are_served_by_name_only(client: TestClient) -> None:
    page = client.get("/editor/champs")
    assert page.status_code == 200 and "boot_champs_editor.js" in page.text
    assert "content-security-policy" in page.headers
    for bad in ("nothing", "..%2Findex", "CHAMPS", "champs.html"):
        assert client.get(f"/editor/{bad}").status_code == 404, bad
