"""Every word of the page's catalogs is shown somewhere: a key no module nor page asks for
is a dead translation that drifts from the texts people read (no browser: the catalogs
and the code are read as text).

A key counts as asked for when the code or a page names it in quotes (`t("lobby.title")`,
`data-i18n="ced.title"`), or when the code builds keys from its prefix
(`` t(`comp.deck.${id}`) ``, `"hcard.kind." + kind`)."""

from __future__ import annotations

import re

from tests.web.test_js_plurals import ENTRY, JS, STATIC, catalog_entries

QUOTED = re.compile(r"""["'`]([\w.\-]+)["'`]""")
TEMPLATE_PREFIX = re.compile(r"`([\w.\-]+)\$\{")
JOINED_PREFIX = re.compile(r"""["']([\w.\-]+[.\-])["']\s*\+""")


def asked_for() -> tuple[set[str], set[str]]:
    """The keys the code and pages name, and the prefixes they build keys from (catalog
    entries themselves left out)."""
    parts: list[str] = []
    for path in sorted([*JS.glob("*.js"), *STATIC.glob("*.html")]):
        parts.extend(ENTRY.sub("", line) for line in path.read_text(encoding="utf-8").splitlines())
    text = "\n".join(parts)
    prefixes = set(TEMPLATE_PREFIX.findall(text)) | set(JOINED_PREFIX.findall(text))
    return set(QUOTED.findall(text)), prefixes


def test_the_reading_finds_what_it_is_meant_to() -> None:
    named, prefixes = asked_for()
    assert {"table.curtain.title", "ced.title", "lib.rule"} <= named  # code, page, module
    assert {"comp.deck.", "hpanel.hand."} <= prefixes


def test_every_page_word_is_asked_for() -> None:
    # page words are dotted keys; the entry pattern also meets attributes ("aria-live")
    keys = {key for _, key, _ in catalog_entries() if "." in key}
    assert len(keys) > 800
    named, prefixes = asked_for()
    dead = sorted(k for k in keys if k not in named and not k.startswith(tuple(prefixes)))
    assert not dead, "page words nothing shows (drop them from both languages):\n" + "\n".join(dead)
