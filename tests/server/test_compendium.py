"""The Heresy compendium API and the card faces of the board payload: every card, Hero and
unit of the content with its texts and provenance in both languages; an installed pack by
its name (its replaced parts and cards), never a path; the faces are the public catalog
and the same for every reader, and a State's `last_turn` names no hidden card."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from arbitre.games.heresy.content import default_content
from tests.heresy.helpers import edited, make_pack
from tests.server.conftest import new_game, state

HUMAN = {"kind": "human"}


def _cards(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["id"]: c for deck in data["decks"] for c in deck["cards"]}


def test_every_card_hero_and_unit_is_listed_with_its_texts(client: TestClient) -> None:
    r = client.get("/api/rulesets/heresy/compendium")
    assert r.status_code == 200
    data = r.json()
    c = default_content()
    cards = _cards(data)
    ids = {x.id for x in c.orders} | {x.id for x in c.combat} | {x.id for x in c.events}
    ids |= {x.id for x in c.bombardment}
    assert set(cards) == ids
    assert {h["id"] for h in data["heroes"]} == {h.id for h in c.heroes}
    assert {u["id"] for u in data["units"]} == {u.id for u in c.units}
    # HH-17.6: an Order's cost and effect; rulebook provenance in words
    assemble = cards["imperial_assemble"]
    assert assemble["cost"] == 1
    assert assemble["effect"]["fr"].startswith("Choisir une zone")
    assert assemble["provenance"] == {"fr": "livre de règles, page 20", "en": "rulebook, page 20"}
    # HH-27.1: a Combat card's values and requirement, by name
    angels = cards["angels_of_death"]
    assert (angels["attack"], angels["counter"]) == (1, 5)
    assert "Space Marines" in angels["requirement"]["fr"]
    # names only known in English got a French name, marked as ours
    doom = cards["doom_flies_astray"]
    assert doom["name_ours"] and doom["name"]["fr"] != doom["name"]["en"]
    assert cards["hunker_down"]["name_ours"]
    for card in cards.values():
        for lang in ("fr", "en"):
            assert card["name"][lang] and card["provenance"][lang]
            assert "_" not in card["name"][lang]
        assert card["name_ours"] or card["name"]["fr"] == _named(c, card["id"])


def _named(c: Any, card_id: str) -> str:
    for catalog in (c.orders, c.combat, c.events):
        item = catalog.get(card_id)
        if item is not None:
            return str(item.name("fr"))
    return f"Carte Bombardement {[b.id for b in c.bombardment].index(card_id) + 1}"


def test_a_pack_is_named_never_a_path(client: TestClient, tmp_path: Path) -> None:
    from arbitre.engine import library

    for bad in ("../etc", "/etc/passwd", "nope"):
        r = client.get("/api/rulesets/heresy/compendium", params={"pack": bad})
        assert r.status_code == 404
        assert r.json()["error"]["code"] == "no_pack"
    part = "cards/orders.toml"
    make_pack(
        tmp_path / "heresy" / "mine",
        {part: edited(part, 'name_fr = "Rassembler"', 'name_fr = "Regrouper"')},
    )
    library.install_dir(tmp_path)
    try:
        r = client.get("/api/rulesets/heresy/compendium", params={"pack": "mine"})
        assert r.status_code == 200
        data = r.json()
        assert data["pack"] == "mine"
        assert data["replaced"] == [part]
        assert _cards(data)["imperial_assemble"]["name"]["fr"] == "Regrouper"
        assert str(tmp_path) not in r.text  # the pack by name, its folder never shown
    finally:
        library.clear()


def test_the_board_carries_every_card_face_for_every_reader(client: TestClient) -> None:
    """HH-18.14 / HH-26.6: the faces are public catalog data, the same for each reader;
    where a card is stays in the seat's view."""
    game = new_game(client, "heresy", [HUMAN, HUMAN], seed=1)
    boards = [
        client.get(f"/api/games/{game['id']}/board", params={"token": tok}).json()
        for tok in (game["seats"][0]["token"], game["seats"][1]["token"], game["spectator"])
    ]
    assert boards[0]["cards"] == boards[1]["cards"] == boards[2]["cards"]
    assert set(boards[0]["cards"]) == set(
        _cards(client.get("/api/rulesets/heresy/compendium").json())
    )


def test_the_state_carries_the_other_seats_last_turn(client: TestClient) -> None:
    """HH-14.12: after the Traitor's turn the Imperium reads it in words; the spectator
    gets none; no text names a card of the Traitor's hand."""
    game = new_game(client, "heresy", [HUMAN, {"kind": "ai", "agent": "random"}], seed=3)
    # the AI answers in a server thread: wait until the question is the Imperium's again
    deadline = time.monotonic() + 30
    while True:
        s = state(client, game, game["seats"][0]["token"])
        if s["decision"] is not None and s["decision"]["yours"] and s["last_turn"]:
            break
        assert time.monotonic() < deadline, "the AI never handed the turn back"
        time.sleep(0.05)
    last = s["last_turn"]
    assert last is not None and last["seat"] == "traitor"
    assert last["lines"] and all(set(line) >= {"fr", "en"} for line in last["lines"])
    assert state(client, game, game["spectator"])["last_turn"] is None
    c = default_content()
    text = " ".join(line["fr"] + line["en"] for line in last["lines"])
    traitor_hand = s["view"]["hands"]["traitor"]
    assert isinstance(traitor_hand, int)  # a count for the Imperium
    zones = {z.id for z in c.zones}
    assert set(last["zones"]) <= zones
    assert "_" not in text
