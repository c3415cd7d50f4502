"""Sides named by their armies on the Epic page (issue 16), at 1366×768 and 390×844: in a
game from two armies the seat list, the status line, the two edges, the detachment cards
and the decision name each side by its army ("Garde Impériale", "Bord des Eldars"), in
French and in English; two armies of the same list are told apart by their edge
("Space Marines (nord)" / "(sud)"); no "Imperium" or "Mille Fils" anywhere."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, LAPTOP, NO_CHROMIUM, PHONE, new_game
from tests.web.test_epic_page import AI, mine
from tests.web.test_online import no_sideways_scroll, shot
from tests.web.test_pages import HUMAN, link, settled

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

CASES = {
    "laptop": (
        {"army.0": "garde_imperiale@2000", "army.1": "eldar@2000"},
        ("Garde Impériale", "Eldars"),
        ("Bord de la Garde Impériale", "Bord des Eldars"),
        ("Imperial Guard", "Eldar"),
        ("Imperial Guard edge", "Eldar edge"),
    ),
    "phone": (
        {"army.0": "space_marines@2000", "army.1": "space_marines@2000"},
        ("Space Marines (nord)", "Space Marines (sud)"),
        ("Bord des Space Marines", "Bord des Space Marines"),
        ("Space Marines (north)", "Space Marines (south)"),
        ("Space Marines edge", "Space Marines edge"),
    ),
}
STARTER = ("Imperium", "Mille Fils", "Thousand Sons")


def _texts(page: Any) -> dict[str, Any]:
    return {
        "seats": page.locator(".seat-list .seat-name").all_inner_texts(),
        "status": page.locator(".board-info .info-line").first.inner_text(),
        "own": page.locator(".epic-edge.own").inner_text(),
        "enemy": page.locator(".epic-edge.enemy").inner_text(),
        # the detachment cards (folded away on a phone: their text, shown or not)
        "cards": page.locator(".det-side").evaluate_all("els => els.map((e) => e.textContent)"),
        "decision": page.locator("#decision").inner_text(),
    }


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_EPC_3_sides_named_by_their_armies(server: str, page: Any, size: str) -> None:
    armies, names, edges, names_en, edges_en = CASES[size]
    page.set_viewport_size(LAPTOP if size == "laptop" else PHONE)
    game = new_game(server, "epic", [HUMAN, AI], seed=2, config=armies, mode="online")
    page.goto(link(server, game, game["seat"]["token"]))
    settled(page)
    s = mine(page)
    assert s["view"]["phase"] == "deployment"
    assert [x["name"]["fr"] for x in s["view"]["sides"]] == list(names)

    for lang, want, edge in (("fr", names, edges), ("en", names_en, edges_en)):
        if lang == "en":
            page.click("#lang")
            page.wait_for_function("() => document.documentElement.lang === 'en'")
        got = _texts(page)
        assert got["seats"][:2] == list(want), got["seats"]
        # the human plays the first side, from the north edge (the top); the enemy's at the bottom
        assert got["own"].startswith(f"▲ {edge[0]}") or got["own"].startswith(f"▼ {edge[0]}"), got
        assert edge[1] in got["enemy"], got
        assert want[0] in got["status"], got["status"]
        assert set(got["cards"]) == set(want), got["cards"]
        everything = " ".join(str(v) for v in got.values())
        assert not any(word in everything for word in STARTER), everything
        no_sideways_scroll(page)
        shot(page, f"epic-armies-{lang}", size)
