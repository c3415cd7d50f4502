"""Heresy cards a player can read, the battle panel, and the compendium, in a real browser
at 1366×768 and 390×844: a card in hand opens its face (effect, provenance) on hover, on
focus and on tap; no chip names a card the seat's view does not hold (HH-18.14, HH-26.6);
a battle reached by play shows both sides' units, the cards played with their effects and
the decision in view (HH-26.11); the compendium lists every card of the content in French
and in English, with no raw id in the French page."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterator
from importlib.resources import files
from typing import Any

import pytest

from arbitre.engine.registry import get
from tests.heresy.test_summary import visible_cards
from tests.web.conftest import CHROMIUM, NO_CHROMIUM, api, new_game, watch
from tests.web.test_online import SIZES, no_sideways_scroll, shot, small_targets
from tests.web.test_pages import HUMAN, link, settled, state_of

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)


@pytest.fixture(params=["laptop", "phone"])
def sized(browser: Any, request: Any) -> Iterator[tuple[Any, str]]:
    """A page at one of the two sizes (the phone one with touch), and the size's name."""
    size = request.param
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], has_touch=phone, is_mobile=phone)
    p = context.new_page()
    errors = watch(p)
    yield p, size
    context.close()
    assert not errors, f"JavaScript errors or CSP violations on the page: {errors}"


def card_ids_in(view: Any) -> set[str]:
    """Every string of a view that names a card of the content (the ids it may show)."""
    content = get("heresy").new({}, 1).content
    known = {c.id for cat in (content.orders, content.combat, content.events) for c in cat}
    known |= {c.id for c in content.bombardment}
    return visible_cards(view, known)


def test_cards_in_hand_open_their_face_on_hover_focus_and_tap(
    server: str, sized: tuple[Any, str]
) -> None:
    """HH-17.6: an Order card's text and cost; HH-18.14: only the seat's own cards named."""
    page, size = sized
    game = new_game(server, "heresy", [HUMAN, {"kind": "ai", "agent": "random"}], seed=3)
    page.goto(link(server, game, game["seats"][0]["token"]))  # the Imperium's own link
    settled(page)
    page.wait_for_function(
        "() => { const s = window.arbitre.state;"
        " return s.decision?.yours && s.last_turn && !window.arbitre.busy; }"
    )
    state = state_of(page)
    board = page.evaluate("() => window.arbitre.board")
    hand = state["view"]["hands"]["imperium"]
    assert hand, "the Imperium starts with orders in hand"
    chip = page.locator(".hand .card").first
    chip.scroll_into_view_if_needed()
    face = board["cards"][hand[0].split("#", 1)[0]]
    popover = page.locator("#card-pop")
    if size == "laptop":
        chip.hover()
    else:
        chip.locator("button.card-info").tap()
    popover.wait_for(state="visible")
    text = popover.inner_text()
    assert face["effect"]["fr"] in text
    assert face["provenance"]["fr"] in text
    assert "Coût" in text
    assert popover.get_attribute("aria-label") == face["name"]["fr"]
    shot(page, "heresy-cards", size)
    page.keyboard.press("Escape")
    popover.wait_for(state="hidden")
    # keyboard: focusing the card's button opens it too (what hover shows, focus shows)
    page.locator("#lang").focus()
    chip.locator("button.card-info").focus()
    popover.wait_for(state="visible")
    assert face["effect"]["fr"] in popover.inner_text()
    page.keyboard.press("Escape")
    # never a card the view does not hold: every chip names an id of the seat's view
    shown = set(page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    assert shown <= card_ids_in(state["view"]), shown - card_ids_in(state["view"])
    hidden = set(
        state["view"]["hands"]["traitor"]
        if isinstance(state["view"]["hands"]["traitor"], list)
        else []
    )
    assert not hidden  # the Traitor's hand is a count for the Imperium
    # the Traitor's setup turn, in words, and its zones outlined on the map
    last = state["last_turn"]
    assert last and last["seat"] == "traitor"
    panel = page.locator("[data-panel='heresy-last-turn']")
    assert last["lines"][0]["fr"] in panel.inner_text()
    marked = page.locator("svg.heresy g.zone.last-turn").evaluate_all(
        "els => els.map(e => e.dataset.zone)"
    )
    assert sorted(marked) == sorted(last["zones"])
    assert page.evaluate(RAW_IDS, "#panels") == []
    link_ = page.locator("#panels .compendium-link a")
    assert link_.get_attribute("href") == "/compendium/heresy"
    if size == "phone":
        no_sideways_scroll(page)
        assert small_targets(page, ".card .card-info") == []


def battle_keys(seed: int) -> list[str]:
    """A random game of `seed` played until a battle (not coexistence) where a card was
    played and both sides have units engaged."""
    r = get("heresy")
    s = r.new({}, seed)
    rng = random.Random(seed)
    keys: list[str] = []
    while (d := r.decision(s)) is not None and len(keys) < 400:
        b = r.view(s, d.seat)["battle"]
        sides = {e.split(":", 1)[0] for e in (b or {}).get("engaged", [])}
        fighting = b and not b["joining"] and b["played"] and not b["coexistence"]
        if fighting and len(sides) == 2 and d.kind.startswith("heresy.battle"):
            return keys
        key = rng.choice(d.options).key
        r.apply(s, key)
        keys.append(key)
    raise AssertionError(f"no battle with a card played in seed {seed}")


def test_battle_panel_shows_both_sides_and_the_decision(
    server: str, sized: tuple[Any, str]
) -> None:
    """HH-26.11 / HH-28.1: the battle's engaged units, the cards played and their effects."""
    page, size = sized
    keys = battle_keys(1)
    game = new_game(server, "heresy", [HUMAN, HUMAN], seed=1)
    for n, key in enumerate(keys):
        api(
            server,
            "POST",
            f"/api/games/{game['id']}/play",
            {"token": game["admin"], "key": key, "expect": n},
        )
    page.goto(link(server, game, game["admin"]))
    settled(page)
    go = page.locator("#curtain-go")
    if go.is_visible():  # the one-screen table passes the screen to the seat to play
        go.click()
        page.wait_for_function(
            "() => window.arbitre.state.view && window.arbitre.state.view.battle"
        )
        settled(page)
    state = state_of(page)
    b = state["view"]["battle"]
    assert b and b["played"]
    panel = page.locator("[data-panel='heresy-battle'], #heresy-battle").first
    panel.wait_for(state="visible")
    board = page.evaluate("() => window.arbitre.board")
    text = panel.inner_text()
    units = board["names"]["units"]
    for seat in ("imperium", "traitor"):
        side = panel.locator(f".battle-side[data-side='{seat}']")
        assert side.count() == 1
        types = {e.split(":")[2].split("/")[0] for e in b["engaged"] if e.startswith(seat)}
        for t in types:
            assert units[t]["name"]["fr"] in side.inner_text()
    for card in b["played"]:
        face = board["cards"][card.split("#", 1)[0]]
        assert face["name"]["fr"] in text
        if face.get("effect"):
            assert face["effect"]["fr"] in text
    assert f"Itération {b['iteration']} / {b['iterations']}" in text
    # the decision's options are in view with the battle
    decision = page.locator("#decision")
    decision.locator("button.option").first.wait_for(state="visible")
    box = decision.bounding_box()
    view = page.viewport_size
    assert box is not None and box["y"] < view["height"] and box["y"] + 40 > 0
    if size == "phone":
        no_sideways_scroll(page)
    else:
        first = panel.bounding_box()
        assert first is not None and first["y"] < view["height"], "the battle panel is in view"
    assert page.evaluate(RAW_IDS, "#panels") == []
    shot(page, "heresy-battle", size)
    # a log line naming a card opens it (the shell's log calls heresy.logText)
    card = b["played"][0].split("#", 1)[0]
    name = board["cards"][card]["name"]["fr"]
    opened = page.evaluate(
        """async ([name]) => {
          const heresy = await import('/static/js/heresy.js');
          const a = window.arbitre;
          const ctx = {state: a.state, board: a.board, view: a.state.view};
          const entry = {seat: 1, kind: 'event', text: {fr: `Traître joue ${name}`, en: ''}};
          const nodes = heresy.logText(ctx, entry);
          const button = nodes.find((n) => n instanceof HTMLElement);
          document.body.append(button);
          button.click();
          const pop = document.getElementById('card-pop');
          const out = [button.dataset.card, pop.hidden, pop.getAttribute('aria-label')];
          button.remove();
          return out;
        }""",
        [name],
    )
    assert opened[1] is False and opened[2] == name
    assert board["cards"][opened[0]]["name"]["fr"] == name
    # and the page's own log draws its entries through it: the card played in this battle
    # is a button in #log when a log line names it
    logged = page.evaluate(
        """([name]) => [...document.querySelectorAll('#log li')]
             .filter((li) => li.textContent.includes(name) && !li.textContent.startsWith(name))
             .map((li) => [...li.querySelectorAll('button.log-card')].map((b) => b.textContent))""",
        [name],
    )
    assert any(name in buttons for buttons in logged), logged


def toml_cards() -> int:
    """The number of cards in the content's TOML files (one entry per card, copies apart)."""
    data = files("arbitre.games.heresy").joinpath("data/cards")
    n = 0
    for name, table in (
        ("orders.toml", "order"),
        ("combat.toml", "card"),
        ("events.toml", "event"),
        ("bombardment.toml", "card"),
    ):
        n += len(tomllib.loads(data.joinpath(name).read_text("utf-8"))[table])
    return n


RAW_IDS = """(sel) => {
  const out = [];
  const root = document.querySelector(sel || 'body');
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode;
    if (!node.parentElement || node.parentElement.closest('[hidden]')) continue;
    for (const word of node.textContent.split(/\\s+/)) if (/[a-z]_[a-z]/.test(word)) out.push(word);
  }
  return out;
}"""


def test_the_compendium_lists_every_card_in_french_and_english(
    server: str, sized: tuple[Any, str]
) -> None:
    page, size = sized
    page.goto(f"{server}/compendium/heresy")
    page.wait_for_selector(".comp-item")
    total = toml_cards()
    assert page.locator(".comp-item.card-item").count() == total
    ids = page.locator(".comp-item.card-item").evaluate_all("els => els.map(e => e.dataset.card)")
    assert len(set(ids)) == total
    assert page.locator(".comp-item.hero").count() == 10
    assert page.locator(".comp-item.unit").count() > 10
    assert page.evaluate(RAW_IDS) == []
    assert "Ordres de l'Imperium" in page.locator("#comp-body").inner_text()
    # French names given by arbitre are marked as such
    assert page.locator(".face-ours").count() >= 14
    # the filter
    page.fill("#comp-filter", "Titan")
    shown = page.locator(".comp-item:not([hidden])")
    assert 0 < shown.count() < total
    assert all("titan" in x.lower() for x in shown.all_inner_texts())
    page.fill("#comp-filter", "")
    if size == "phone":
        no_sideways_scroll(page)
    shot(page, "compendium", size)
    page.click("#lang")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert page.locator(".comp-item.card-item").count() == total
    body = page.locator("#comp-body").inner_text()
    assert "Imperium Orders" in body and "Ordres de l'Imperium" not in body
    assert page.evaluate(RAW_IDS) == []
    page.click("#lang")  # back to French for the other tests
    page.wait_for_function("() => document.documentElement.lang === 'fr'")


def test_an_unknown_pack_is_refused_by_name(server: str, page: Any) -> None:
    page.goto(f"{server}/compendium/heresy?pack=..%2Fetc")
    page.locator(".alert").wait_for()
    assert "Aucun module de contenu" in page.locator(".alert").inner_text()
