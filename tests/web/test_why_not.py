""" "Why not?" in the browser (Champs): clicking a cell that is not a legal choice shows a
popover naming the rule, in French, then in English after switching language; the rule's
text unfolds; Escape, a tap elsewhere or the close button dismiss it. On a laptop
(1366×768) and a phone (390×844). Screenshots: /tmp/shots/why-champs-<size>.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, LAPTOP, NO_CHROMIUM, PHONE, api, new_game, watch
from tests.web.test_online import no_sideways_scroll, shot, small_targets
from tests.web.test_pages import link, settled

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

SIZES = {"laptop": LAPTOP, "phone": PHONE}
HUMAN = {"kind": "human"}
POPOVER = "#why-popover"


def to_turn(server: str, game: dict[str, Any]) -> dict[str, Any]:
    """Play the setup through the API until Player 1 picks a troop to activate."""
    token = game["admin"]
    path = f"/api/games/{game['id']}"
    while True:
        st: dict[str, Any] = api(server, "GET", f"{path}?token={token}")
        d = st["decision"]
        if d["kind"] == "champs.turn" and d["seat"] == 0:
            return st
        api(server, "POST", f"{path}/play", {"token": token, "key": d["options"][0]["key"]})


def empty_cell(st: dict[str, Any]) -> str:
    """A cell in the middle of the field with nobody on it and no obstacle."""
    view = st["view"]
    bf = view["battlefield"]
    taken = {tuple(c["at"]) for c in view.get("cells", [])}
    taken |= {tuple(o) for o in bf.get("obstacles", [])}
    for y in range(bf["height"] // 2, bf["height"]):
        for x in range(bf["width"] // 2, bf["width"]):
            if (x, y) not in taken:
                return f"{x},{y}"
    raise AssertionError("no empty cell")


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_a_refused_cell_says_why_naming_the_rule(server: str, browser: Any, size: str) -> None:
    game = new_game(server, "champs", [HUMAN, HUMAN], seed=5, config={"players": 1})
    st = to_turn(server, game)
    at = empty_cell(st)
    context = browser.new_context(viewport=SIZES[size], has_touch=size == "phone")
    p = context.new_page()
    errors = watch(p)
    try:
        p.goto(link(server, game, game["admin"]))
        settled(p)
        cell = p.locator(f'#board [data-target="cell:{at}"]')
        assert "pickable" not in (cell.get_attribute("class") or "")
        cell.click()
        pop = p.locator(POPOVER)
        pop.wait_for(state="visible", timeout=10_000)
        assert pop.get_attribute("role") == "status"
        text = pop.inner_text()
        assert f"Case ({at}) : aucune troupe ne s'y trouve" in text, text
        assert pop.locator(".rule-chip").inner_text() == "CB-31"
        rule = pop.locator("button.why-rule")
        assert rule.get_attribute("aria-expanded") == "false"
        assert "Règle CB-31" in rule.inner_text()
        rule.click()
        assert rule.get_attribute("aria-expanded") == "true"
        unfolded = pop.locator(".why-rule-text")
        assert unfolded.is_visible() and len(unfolded.inner_text()) > 20
        inside = p.evaluate(
            """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                 return r.left >= 0 && r.top >= 0 && r.right <= innerWidth
                        && r.bottom <= innerHeight; }""",
            POPOVER,
        )
        assert inside, "the explanation leaves the screen"
        if size == "phone":
            no_sideways_scroll(p)
            assert small_targets(p, f"{POPOVER} button") == []
        shot(p, "why-champs", size)
        p.keyboard.press("Escape")
        pop.wait_for(state="detached")

        # the close button, then a tap elsewhere
        cell.click()
        pop.wait_for(state="visible")
        pop.locator("button.why-close").click()
        pop.wait_for(state="detached")
        cell.click()
        pop.wait_for(state="visible")
        p.locator("#game-title").click()
        pop.wait_for(state="detached")

        # in English after switching language
        p.locator("#lang").click()
        p.wait_for_function("() => document.documentElement.lang === 'en'")
        settled(p)
        p.locator(f'#board [data-target="cell:{at}"]').click()
        pop.wait_for(state="visible")
        text = pop.inner_text()
        assert f"Cell ({at}): no troop stands there" in text, text
        assert "Rule CB-31" in pop.locator("button.why-rule").inner_text()
        assert pop.locator("button.why-close").get_attribute("aria-label") == (
            "Close the explanation"
        )
        shot(p, "why-champs-en", size)
        # nothing was played
        after = api(server, "GET", f"/api/games/{game['id']}?token={game['admin']}")
        assert after["moves"] == st["moves"]
    finally:
        context.close()
    assert not errors, f"JavaScript errors or CSP violations: {errors}"
