"""The Epic army builder (/editor/epic-army, issue 16) as a player meets it, on a laptop
(1366×768, mouse, French) and a phone (390×844, touch, English): build a legal army from
empty, see an illegal state with its rule (EPA-1, EPA-3, EPC-29), save it by name, reopen
it by its link in another browser (someone else copies it under their own name),
download it and open the file again; a ready-made army; each card's units by tap.
Screenshots: /tmp/shots/epic-army-builder-<size>.png."""

from __future__ import annotations

import secrets
import tomllib
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.test_french import _check, _report
from tests.web.conftest import (
    CHROMIUM,
    LAPTOP,
    NO_CHROMIUM,
    PHONE,
    every_word_in_both_languages,
    watch,
)
from tests.web.test_online import no_sideways_scroll, shot, small_targets

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

KIND = "epic.army"
TAPPABLE = (
    "button, select, input[type=number], input[type=text], .file-button, label.check, #eab-play"
)


def checked(p: Any) -> str:
    """Wait for the server's answer on the army as it stands; 'legal' or 'illegal'."""
    p.wait_for_function("() => ['legal', 'illegal', 'error'].includes(document.body.dataset.check)")
    out: str = p.evaluate("() => document.body.dataset.check")
    return out


def status(p: Any) -> str:
    text: str = p.locator("#eab-status").inner_text()
    return text


def problems(p: Any) -> list[str]:
    out: list[str] = p.locator("#eab-problems li").all_inner_texts()
    return out


def add(p: Any, card: str) -> None:
    p.locator(f'#eab-catalogue li[data-card="{card}"] .eab-add').click()
    checked(p)


def taken(p: Any, n: int) -> Any:
    return p.locator(f"#eab-taken-{n}")


def remove(server: str, name: str, token: str | None) -> None:
    req = urllib.request.Request(
        f"{server}/api/library/{KIND}/{name}",
        method="DELETE",
        headers={"X-Author-Token": token or ""},
    )
    try:
        urllib.request.urlopen(req, timeout=10).close()
    except urllib.error.HTTPError as exc:
        assert exc.code in (401, 403, 404)  # deleted already, or never saved


def reads_right(p: Any, lang: str) -> None:
    """The page's text read as a person reads it (tests/test_french.py's checker)."""
    text: str = p.evaluate("() => document.body.innerText")
    lines = {line.strip() for line in text.splitlines() if line.strip()}
    assert len(lines) > 40, "the page says too little to check"
    found = _check({(lang, line): "page" for line in lines}, lang)
    assert not found, _report(found)


def test_EPA_1_EPA_3_EPC_29_build_save_share_download_on_a_laptop(
    server: str, page: Any, browser: Any, tmp_path: Path
) -> None:
    p = page
    p.goto(server + "/")
    p.wait_for_selector("body[data-ready='1']")
    p.select_option("#ruleset", "epic")
    p.click("#editor-epic-army")  # the lobby links here, beside Epic
    p.wait_for_selector("body[data-ready='1']")
    every_word_in_both_languages(p)
    p.select_option("#eab-list", "space_marines")
    p.fill("#eab-points", "2000")
    # empty: what is missing, with its rule
    assert checked(p) == "illegal"
    assert any("EPA-1" in t for t in problems(p)), problems(p)
    assert "0 / 2000 pts" in status(p)
    # a company, its Rhinos, an Astropath joining it: legal
    add(p, "compagnie_tactique")
    assert checked(p) == "legal", problems(p)
    p.locator("#eab-opt-1-rhinos").check()
    assert checked(p) == "legal"
    assert "750 / 2000 pts" in status(p) and "reste 1250 pts" in status(p)
    add(p, "astropathe")
    assert p.locator("#eab-attach-2").input_value() == "1"
    assert "Compagnie tactique" in p.locator("#eab-attach-2 option:checked").inner_text()
    add(p, "terminators")
    assert checked(p) == "legal" and "1075 / 2000 pts" in status(p)
    # a second special card (the Astropath is one) for one company: illegal, the rule named
    add(p, "titan_reaver")
    assert checked(p) == "illegal"
    assert any("EPA-3" in t for t in problems(p)), problems(p)
    assert "EPA-3" in status(p)
    p.evaluate(
        "() => { window.scrollTo(0, 0); document.querySelector('.eab-side').scrollTop = 0; }"
    )
    shot(p, "epic-army-builder", "laptop")
    taken(p, 4).locator(".eab-remove").click()
    assert checked(p) == "legal"
    assert p.locator("#eab-taken > li").count() == 3
    # a Bound Character joining no card: the problem on that card (EP-10.1), then fixed
    p.select_option("#eab-attach-2", "")
    assert checked(p) == "illegal"
    assert "bad" in (taken(p, 2).get_attribute("class") or "")
    assert "EP-10.1" in taken(p, 2).locator(".eab-card-problems").inner_text()
    p.locator("#eab-problems .eab-goto").first.click()  # "see card 2" takes the focus there
    assert p.evaluate("() => document.activeElement.id") == "eab-taken-2"
    p.select_option("#eab-attach-2", "1")
    assert checked(p) == "legal"
    # over the points limit (EPC-29), then back
    p.fill("#eab-points", "1000")
    assert checked(p) == "illegal"
    assert any("EPC-29" in t for t in problems(p)) and "75 pts de trop" in status(p)
    p.fill("#eab-points", "2000")
    assert checked(p) == "legal"
    # a card's units open by a button (keyboard and tap too)
    toggle = taken(p, 1).locator(".eab-units-toggle")
    toggle.focus()
    p.keyboard.press("Enter")
    assert toggle.get_attribute("aria-expanded") == "true"
    units = taken(p, 1).locator(".eab-units")
    assert "Marines tactiques" in units.inner_text() and "Mvt 10 cm" in units.inner_text()
    assert "Rhino" in units.inner_text()
    # saved by name, with its link
    name = f"armee-{secrets.token_hex(3)}"
    other_name = f"copie-{secrets.token_hex(3)}"
    p.fill("#eab-name", "Fer de lance d'essai")
    checked(p)
    assert toggle.get_attribute("aria-expanded") == "true"  # a redraw keeps it open
    assert units.is_visible()
    reads_right(p, "fr")
    p.fill("#eab-lib-name", name)
    p.click("#eab-save")
    p.wait_for_function(
        "(n) => document.querySelector('#eab-share-link').value.endsWith('army=' + n)", arg=name
    )
    assert name in p.locator("#eab-file-status").inner_text()
    assert p.locator("#eab-saved").input_value() == name
    link = p.locator("#eab-share-link").input_value()
    shot(p, "epic-army-builder", "laptop-saved")
    no_sideways_scroll(p)
    token = p.evaluate("() => localStorage.getItem('arbitre.author')")
    other = browser.new_context(viewport=LAPTOP)
    other_token = None
    try:
        # downloaded as TOML, read back by the game's own parser
        with p.expect_download() as wait:
            p.click("#eab-download")
        path = tmp_path / "army.toml"
        wait.value.save_as(path)
        data = tomllib.loads(path.read_text("utf-8"))
        assert data["list"] == "space_marines" and data["points"] == 2000
        assert data["name"] == "Fer de lance d'essai"
        assert [c["card"] for c in data["cards"]] == [
            "compagnie_tactique",
            "astropathe",
            "terminators",
        ]
        assert data["cards"][0]["options"] == ["rhinos"] and data["cards"][1]["attach"] == 1
        # an empty army, then the file opened again
        p.select_option("#eab-start", "")
        p.click("#eab-start-apply")
        assert checked(p) == "illegal" and p.locator("#eab-taken > li").count() == 0
        p.set_input_files("#eab-upload", str(path))
        p.wait_for_function("() => document.querySelectorAll('#eab-taken > li').length === 3")
        assert checked(p) == "legal" and "1075 / 2000 pts" in status(p)
        # someone else opens the link: the army, not theirs; they copy it under their name
        q = other.new_page()
        errors = watch(q)
        q.goto(link)
        q.wait_for_selector("body[data-ready='1']")
        assert checked(q) == "legal"
        assert q.locator("#eab-taken > li").count() == 3
        assert q.locator("#eab-name").input_value() == "Fer de lance d'essai"
        assert q.locator("#eab-lib-name").input_value() == ""
        assert "pas à vous" in q.locator("#eab-file-status").inner_text()
        assert q.locator("#eab-delete").is_hidden()
        q.fill("#eab-lib-name", other_name)
        q.click("#eab-save")
        q.wait_for_function(
            "(n) => document.querySelector('#eab-share-link').value.endsWith('army=' + n)",
            arg=other_name,
        )
        other_token = q.evaluate("() => localStorage.getItem('arbitre.author')")
        # in English: cards by name, the rules still named
        q.click("#lang")
        assert q.locator("#eab-taken-1 .eab-card-name").inner_text().endswith("Tactical Company")
        assert "Legal army" in q.locator("#eab-status").inner_text()
        assert not errors, errors
    finally:
        other.close()
        remove(server, name, token)
        remove(server, other_name, other_token)


@pytest.fixture
def phone(browser: Any) -> Any:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    p = context.new_page()
    errors = watch(p)
    p.add_init_script("localStorage.setItem('arbitre.lang', 'en')")
    yield p
    context.close()
    assert not errors, f"JavaScript errors or CSP violations on the page: {errors}"


def test_EPA_4_a_ready_made_army_on_a_phone_by_touch_in_english(server: str, phone: Any) -> None:
    p = phone
    p.goto(f"{server}/editor/epic-army?list=eldar")
    p.wait_for_selector("body[data-ready='1']")
    assert p.locator("#eab-list option:checked").inner_text() == "Eldar"
    # empty: the mandatory Avatar is missing (EPA-4), said in English
    assert checked(p) == "illegal"
    assert any("EPA-4" in t and "mandatory" in t for t in problems(p)), problems(p)
    # the ready-made army at 2000 points, by its English name
    start = p.locator("#eab-start option").all_inner_texts()
    assert "2000 pts — Iyanden Warhost" in start, start
    p.select_option("#eab-start", "2000")
    p.locator("#eab-start-apply").tap()
    assert checked(p) == "legal", problems(p)
    assert p.locator("#eab-name").input_value() == "Iyanden Warhost"
    assert p.locator("#eab-taken > li").count() >= 3
    # a card's units by tap
    toggle = taken(p, 1).locator(".eab-units-toggle")
    toggle.tap()
    units = taken(p, 1).locator(".eab-units")
    assert units.is_visible() and "Move" in units.inner_text()
    assert "Abilities" in units.inner_text()
    reads_right(p, "en")
    no_sideways_scroll(p)
    assert small_targets(p, TAPPABLE) == []
    shot(p, "epic-army-builder", "phone")
    # the points stay in view while the army's cards scroll by (a sticky summary)
    p.evaluate(
        """() => window.scrollTo(0, window.scrollY - 150
             + document.querySelector('#eab-taken-5').getBoundingClientRect().top)"""
    )
    box = p.locator(".eab-summary").bounding_box()
    assert box is not None and -1 <= box["y"] <= 2, box
    assert "1975 / 2000 pts" in status(p)
