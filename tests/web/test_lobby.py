"""The lobby's "Nouvelle partie" form as a new player meets it, on a laptop (1366×768) and a
phone (390×844): every option by its name (never its raw key), values in words (never
true/false/null), choices as menus of names (Heresy scenarios in French, then in English
after the switch; Champs battlefields; one hero menu per player), the advanced options
folded away, a changed value marked and reset, a refused value shown next to its field.
Screenshots go to /tmp/shots/lobby-<game>-<size>.png."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, NO_CHROMIUM, SIZES, api
from tests.web.test_online import SHOTS, no_sideways_scroll, small_targets, stored

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

GAMES = ("champs", "heresy", "epic")
RAW_WORDS = re.compile(r"\b(true|false|null|undefined|NaN)\b")
# what a finger taps in the new-game form
TAPPABLE = (
    "#new-game button, #new-game select, #new-game summary, #new-game label.check,"
    " #new-game input[type=number], #new-game input[type=text], #ruleset-links a"
)


def open_lobby(p: Any, server: str, game: str) -> None:
    p.goto(f"{server}/?ruleset={game}")
    p.wait_for_selector("body[data-ready='1']")
    p.wait_for_selector("#options [data-option]")


def visible_labels(p: Any) -> list[str]:
    out: list[str] = p.evaluate(
        """() => [...document.querySelectorAll('#options .opt-label, #options label.check > span')]
             .filter((e) => e.checkVisibility()).map((e) => e.innerText.trim())"""
    )
    return out


def unfold_all(p: Any) -> None:
    p.evaluate(
        "() => document.querySelectorAll('#options details').forEach((d) => (d.open = true))"
    )


@pytest.mark.parametrize("sized", list(SIZES), indirect=True)
def test_every_option_in_words_and_advanced_folded(server: str, sized: Any) -> None:
    p = sized
    rulesets = {r["id"]: r for r in api(server, "GET", "/api/rulesets")["rulesets"]}
    for game in GAMES:
        open_lobby(p, server, game)
        keys = {o["key"] for o in rulesets[game]["options"]}
        essential = [o["key"] for o in rulesets[game]["options"] if not o["group"]]
        # folded by default: only the essential options are in view
        assert p.locator("#advanced-options").get_attribute("open") is None
        shown = visible_labels(p)
        assert len(shown) == len(essential), (game, shown)
        assert not keys & set(shown), f"{game}: a raw key shown as a label: {shown}"
        assert not RAW_WORDS.search(p.locator("#new-game").inner_text()), game
        no_sideways_scroll(p)
        SHOTS.mkdir(parents=True, exist_ok=True)
        p.screenshot(path=str(SHOTS / f"lobby-{game}-{p.size}.png"), full_page=p.size == "phone")
        # unfolded: every option has a label that is not its key, values are words
        p.click("#advanced-options > summary")
        assert p.locator("#advanced-options").get_attribute("open") is not None
        unfold_all(p)
        shown = visible_labels(p)
        assert len(shown) == len(keys), (game, len(shown), len(keys))
        assert not keys & set(shown), f"{game}: a raw key shown as a label"
        text = p.locator("#new-game").inner_text()
        assert not RAW_WORDS.search(text), f"{game}: {RAW_WORDS.search(text)}"
        menus: list[str] = p.evaluate(
            "() => [...document.querySelectorAll('#options option')].map((o) => o.textContent)"
        )
        assert menus and not [m for m in menus if RAW_WORDS.search(m) or m in ("", "—")]
        # each option cites its rule in small print
        rules = p.locator("#options .rule-id").all_inner_texts()
        assert len(rules) == len(keys)
        # AI seats in words ("IA : MJ", "IA : normale"), never an agent's id
        seats: list[str] = p.evaluate(
            "() => [...document.querySelectorAll('#seats select option')].map((o) => o.textContent)"
        )
        assert seats and all(s == "Humain" or s.startswith("IA : ") for s in seats), seats
        no_sideways_scroll(p)
        if p.size == "phone":
            assert small_targets(p, TAPPABLE) == [], game
        p.screenshot(
            path=str(SHOTS / f"lobby-{game}-advanced-{p.size}.png"), full_page=p.size == "phone"
        )


def test_heresy_scenarios_by_name_in_french_then_english(server: str, page: Any) -> None:
    open_lobby(page, server, "heresy")
    names = page.locator("#opt-scenario option").all_inner_texts()
    assert names[0] == "Frère contre Frère" and len(names) == 6
    link = page.locator("#ruleset-links a")
    assert link.get_attribute("href") == "/compendium/heresy" and link.is_visible()
    page.locator("#opt-scenario").select_option(label="Cry Havoc")
    page.click("#lang")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    names = page.locator("#opt-scenario option").all_inner_texts()
    assert names[0] == "Brother Against Brother"
    assert page.locator("#label-scenario").inner_text().startswith("Scenario")
    # the choice survives the switch, and is marked as changed
    assert page.locator("#opt-scenario option:checked").inner_text() == "Cry Havoc"
    assert page.locator("[data-option='scenario']").get_attribute("class").count("changed") == 1
    assert "Compendium" in link.inner_text()
    page.select_option("#ruleset", "champs")
    page.wait_for_selector("#opt-battlefield")
    fields = page.locator("#opt-battlefield option").all_inner_texts()
    assert sorted(fields) == ["The defile", "The fortress walls", "The plain by the ford"]
    assert page.locator("#opt-battlefield option:checked").inner_text() == "The plain by the ford"
    assert page.locator("#ruleset-links").is_hidden()
    # a level in each game's words (Heresy's search is "strong"); an unknown AI still readable
    words = page.evaluate(
        """() => import('/static/js/i18n.js').then((m) =>
             [m.agentText('ai', 'heresy'), m.agentText('mcts', 'heresy'),
              m.agentText('mcts', 'epic'), m.agentText('deep_thought-2', 'epic')])"""
    )
    assert words == [
        "AI: normal",
        "AI: strong",
        "AI: lookahead, experimental",
        "AI: deep thought 2",
    ]


@pytest.mark.parametrize("sized", ["phone"], indirect=True)
def test_heroes_chosen_by_menus_make_the_game(server: str, sized: Any) -> None:
    """One hero menu per player (AMB-CB-20k): three players, three menus; the game made
    has those heroes (read back through the API's view)."""
    p = sized
    open_lobby(p, server, "champs")
    assert p.locator("#opt-heroes select").count() == 2
    p.select_option("#opt-players", label="3")
    p.wait_for_function("() => document.querySelectorAll('#opt-heroes select').length === 3")
    p.wait_for_function("() => document.querySelectorAll('#seats select').length === 4")
    for i, hero in enumerate(("Voleur", "Templier", "Gladiateur")):
        p.select_option(f"#opt-heroes-{i}", label=hero)
    row = p.locator("[data-option='heroes']")
    assert "changed" in (row.get_attribute("class") or "")
    assert row.locator(".changed-mark").is_visible()
    p.select_option("#opt-battlefield", label="Le défilé")
    p.click("#create")
    p.wait_for_selector("#created:not([hidden])")
    ((game_id, known),) = stored(p).items()
    state = api(server, "GET", f"/api/games/{game_id}?token={known['admin']}")
    heroes = [h["skill"] for h in state["view"]["heroes"]]
    assert heroes == ["voleur", "templier", "gladiateur"]
    assert state["view"]["battlefield"]["id"] == "defile"
    no_sideways_scroll(p)


def test_a_refused_value_shows_next_to_its_field_and_resets(server: str, page: Any) -> None:
    """dice.sides 99 (AMB-CB-4 allows 2 to 20): the server's 422 names the field, the text
    appears in that option's row (its folded section opens); "Rétablir" brings 6 back."""
    open_lobby(page, server, "champs")
    page.click("#advanced-options > summary")
    page.click("details[data-group='board'] > summary")
    page.fill("#opt-dice\\.sides", "99")
    page.locator("#opt-dice\\.sides").dispatch_event("change")
    row = page.locator("[data-option='dice.sides']")
    error = row.locator(".field-error")
    error.wait_for(state="visible")
    said = error.inner_text()
    assert "de 2 à 20" in said and "« Faces des dés de combat »" in said, said
    assert "dice.sides" not in said
    assert page.locator("#form-error").is_hidden()
    assert "1 modifiée" in page.locator("#advanced-options > summary").inner_text()
    page.click("#create")
    page.wait_for_function(
        "() => !document.querySelector(\"[data-option='dice.sides'] .field-error\").hidden"
    )
    assert page.locator("#created").is_hidden()
    row.locator("button.reset").click()
    assert page.locator("#opt-dice\\.sides").input_value() == "6"
    assert error.is_hidden() and row.locator("button.reset").is_hidden()
    assert page.locator("#advanced-options .reset-all").is_hidden()
    # a yes/no option is a checkbox; changing it is marked, "Tout rétablir" undoes it
    page.click("details[data-group='catapult'] > summary")
    page.check("#opt-catapult\\.startsLoaded")
    assert "1 modifiée" in page.locator("details[data-group='catapult'] > summary").inner_text()
    page.click("#advanced-options .reset-all")
    assert not page.locator("#opt-catapult\\.startsLoaded").is_checked()


@pytest.mark.parametrize("sized", list(SIZES), indirect=True)
def test_the_search_level_is_named_per_game(server: str, sized: Any) -> None:
    """Issue 15: where the operator offers the search AI (`--search-workers`), Heresy's
    lobby names it "forte" / "strong" (it beats the normal AI, docs/interop.md), Epic's
    "prévoyante, expérimentale", and Champs does not offer it; a Heresy game made with it
    (online) lists that seat as "IA : forte" under "Mes parties" and in the table's seats
    panel. Screenshots: /tmp/shots/lobby-search-<size>.png, lobby-search-made-<size>.png
    and table-search-seat-<size>.png."""
    from arbitre.server import search

    search.configure(1)  # (tests/conftest.py sets it back after the test)
    p = sized

    def seat_menu(i: int) -> list[str]:
        got: list[str] = p.locator(f"#seat-{i} option").all_inner_texts()
        return got

    open_lobby(p, server, "heresy")
    assert "IA : forte" in seat_menu(1) and "IA : normale" in seat_menu(1)
    assert not [s for s in seat_menu(1) if "prévoyante" in s]
    open_lobby(p, server, "epic")
    assert "IA : prévoyante, expérimentale" in seat_menu(1)
    assert "IA : forte" not in seat_menu(1)
    open_lobby(p, server, "champs")
    assert not [s for s in seat_menu(0) if "forte" in s or "prévoyante" in s]
    open_lobby(p, server, "heresy")
    p.select_option("#seat-1", label="IA : forte")
    no_sideways_scroll(p)
    SHOTS.mkdir(parents=True, exist_ok=True)
    p.screenshot(path=str(SHOTS / f"lobby-search-{p.size}.png"), full_page=p.size == "phone")
    p.click("#lang")
    p.wait_for_function("() => document.documentElement.lang === 'en'")
    assert "AI: strong" in seat_menu(1)
    assert p.locator("#seat-1 option:checked").inner_text() == "AI: strong"
    p.click("#lang")
    p.wait_for_function("() => document.documentElement.lang === 'fr'")
    p.get_by_text("En ligne (chacun sur son appareil)").click()
    p.select_option("#creator-seat", label="Imperium")
    p.click("#create")
    p.wait_for_selector("#created:not([hidden])")
    ((game_id, known),) = [(g, k) for g, k in stored(p).items() if k.get("ruleset") == "heresy"]
    try:
        row = p.locator(f"#mine-list tr[data-game='{game_id}']")
        row.wait_for()
        assert "(IA : forte)" in row.inner_text()
        no_sideways_scroll(p)
        p.screenshot(
            path=str(SHOTS / f"lobby-search-made-{p.size}.png"), full_page=p.size == "phone"
        )
        # the table's seats panel, as the Imperium's player sees it
        p.goto(f"{server}/game/{game_id}?token={known['seats']['0']}")
        panel = p.locator("#seats-panel .seat-item[data-seat='1']")
        panel.wait_for()
        assert panel.inner_text().split() == ["Traître", "IA", ":", "forte"]
        panel.scroll_into_view_if_needed()
        p.screenshot(path=str(SHOTS / f"table-search-seat-{p.size}.png"))
    finally:  # the searching seat stops with its game
        api(server, "DELETE", f"/api/games/{game_id}?token={known['host']}")
