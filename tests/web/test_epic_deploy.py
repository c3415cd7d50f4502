"""Deploying a detachment by pointing (issue 16) at 1366×768 and 390×844: in a game from
two armies the table shows the player's deployment zone, a point outside it is refused
with the rule (EPC-3), a point inside places the detachment there, its stands around the
first one; the enemy's placements show as they are made (no hidden deployment)."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, LAPTOP, NO_CHROMIUM, PHONE, new_game
from tests.web.test_epic_page import AI, det_label, mine, screen
from tests.web.test_online import no_sideways_scroll, shot, small_targets
from tests.web.test_pages import HUMAN, link, settled, state_of

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

ARMIES = {"army.0": "space_marines@2000", "army.1": "eldar@2000"}


def free_spot(
    view: dict[str, Any], reach: dict[str, Any], options: list[dict[str, Any]]
) -> tuple[float, float]:
    """A point of the zone where every stand of the detachment lands on free ground, far
    from the spots the options name (so the click is a point, not an option)."""
    named = [(reach["x"] + o["args"]["dx"], reach["y"] + o["args"]["dy"]) for o in options]
    movers = set(reach["movers"])
    own = [st for st in view["stands"] if st["id"] in movers]
    others = [st for st in view["stands"] if st["id"] not in movers]
    x0, y0, x1, y1 = reach["zones"][0]
    for gy in range(int(y1) - 3, int(y0) + 2, -3):
        for gx in range(int(x0) + 30, int(x1) - 15, 3):
            if any(math.hypot(gx - x, gy - y) < 4 for x, y in named):
                continue
            dx, dy = gx - reach["x"], gy - reach["y"]
            ends = [(st["x"] + dx, st["y"] + dy) for st in own]
            if not all(x0 + 0.5 <= x <= x1 - 0.5 and y0 + 0.5 <= y <= y1 - 0.5 for x, y in ends):
                continue
            if all(math.hypot(o["x"] - x, o["y"] - y) > 4 for o in others for x, y in ends):
                return float(gx), float(gy)
    raise AssertionError("no free spot in the zone")


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_EPC_3_deploy_a_detachment_by_pointing(server: str, page: Any, size: str) -> None:
    page.set_viewport_size(LAPTOP if size == "laptop" else PHONE)
    game = new_game(server, "epic", [HUMAN, AI], seed=1, config=ARMIES)
    page.goto(link(server, game, game["admin"]))
    settled(page)
    s = mine(page)
    view, reach, d = s["view"], s["view"]["reach"], s["decision"]
    assert d["kind"] == "epic.move" and view["phase"] == "deployment"
    assert reach["zones"] == [[0.0, 0.0, 180.0, 30.0]]
    det = next(x for x in view["detachments"] if x["id"] == reach["det"])
    label = det_label(view, det, page)
    assert label in page.locator("#decision .decision-text").inner_text()
    status = page.locator(".board-info .info-line").first.inner_text()
    assert "Phase : déploiement" in status
    # each side named by its army, and its army's label (issue 16: no "Imperium" here)
    assert "Space Marines · 2000 pts" in status and "Eldars · 2000 pts" in status, status
    assert "Imperium" not in status and "Mille Fils" not in status, status
    options = page.locator("#decision button.option").all_inner_texts()
    assert any("Le laisser là" in o for o in options)
    assert any("Le placer" in o and "premier rang" in o for o in options)
    zone = page.locator("svg.epic g.reach.deploy-zone")
    assert zone.count() == 1
    shot(page, "epic-deploy-zone", size)

    # the middle of the table: out of the zone, refused with the rule, nothing played
    page.mouse.click(*screen(page, 90.0, 60.0))
    note = page.locator(".epic-note[data-kind='refusal']")
    note.wait_for()
    assert note.locator(".rule-chip").inner_text() == "EPC-3"
    assert "zone de déploiement" in note.inner_text() and label in note.inner_text()
    assert state_of(page)["moves"] == s["moves"]
    shot(page, "epic-deploy-refused", size)

    # a free point of the zone: the first stand goes there, the others around it
    want = free_spot(view, reach, d["options"])
    before = {st["id"]: (st["x"], st["y"]) for st in view["stands"]}
    page.mouse.click(*screen(page, *want))
    page.wait_for_function(
        "(m) => window.arbitre.state.moves !== m && !window.arbitre.busy", arg=s["moves"]
    )
    after = mine(page)  # the AI placed one of its own meanwhile (sides alternate)
    stands = {st["id"]: st for st in after["view"]["stands"]}
    lead = stands[reach["lead"]]
    assert lead["x"] == pytest.approx(want[0], abs=0.5)  # a pixel is about 0.3 cm
    assert lead["y"] == pytest.approx(want[1], abs=0.5)
    dx, dy = lead["x"] - before[reach["lead"]][0], lead["y"] - before[reach["lead"]][1]
    for sid in reach["movers"]:
        assert stands[sid]["x"] == pytest.approx(before[sid][0] + dx, abs=0.02)
        assert stands[sid]["y"] == pytest.approx(before[sid][1] + dy, abs=0.02)
    log = page.locator("#log").inner_text()
    assert f"{label} se déploie" in log
    assert f"Le placer en ({round(want[0])} ; {round(want[1])}) cm" in log, log[-300:]
    assert not re.search(r"\d+\.\d+,\d+\.\d+", log)  # no raw key "x,y" in the log
    assert "se déploie" in log.split(f"{label} se déploie", 1)[1]  # the enemy's, seen
    next_reach = after["view"]["reach"]
    assert next_reach and next_reach["det"] != reach["det"]
    if size == "phone":
        no_sideways_scroll(page)
        assert small_targets(page, "#decision button.option") == []
    shot(page, "epic-deployed", size)


def test_EPC_3_the_lobby_offers_each_sides_army_by_name(server: str, page: Any) -> None:
    """The lobby's Epic options: a menu per side, the starter army first, then the lists'
    ready-made armies by level, in the reader's language; a game created from them starts
    with the deployment."""
    page.goto(f"{server}/?ruleset=epic")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#opt-army\\.0")
    labels = page.locator("#opt-army\\.0 option").all_inner_texts()
    assert labels[0] == "armée de départ (Imperium)", labels
    assert "Space Marines · 2000 pts — Fer de lance de la 1re Compagnie" in labels, labels
    assert "Garde Impériale · 4000 pts — Groupe d'armée de Cadia" in labels
    other = page.locator("#opt-army\\.1 option").all_inner_texts()
    assert other[0] == "armée de départ (Mille Fils)"
    assert page.locator("label[for='opt-army.0']").inner_text().startswith("Armée du premier")
    page.select_option("#opt-army\\.0", label="Eldars · 2000 pts — Hôte de guerre d'Iyanden")
    page.select_option(
        "#opt-army\\.1",
        label="Chaos (Mille Fils et Death Guard) · 2000 pts "
        "— Alliance du Changement et de la Peste",
    )
    shot(page, "epic-lobby-armies", "laptop")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    page.locator("#lang-switch, button:has-text('English')").first.click()
    page.wait_for_selector("#opt-army\\.0")
    english = page.locator("#opt-army\\.0 option").all_inner_texts()
    assert "Imperial Guard · 2000 pts — Cadian Regiment" in english
    assert english[0] == "starter army (Imperium)"
