"""The page's own words (the JavaScript catalogs under web/static/js) write plurals as
selectors on their count, never the lazy "carte(s)": `{n -> [one] carte [other] cartes}`,
chosen by `Intl.PluralRules` in i18n.js's `t()` (French `one` is 0 and 1, English `one`
is 1 only), as the Python side does with Fluent (tests/test_plurals.py).

The first tests read the catalog files as text (no browser); the last ones render
converted messages in the page at 0, 1 and 2 in French and English."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, NO_CHROMIUM

STATIC = Path(__file__).resolve().parents[2] / "src" / "arbitre" / "web" / "static"
JS = STATIC / "js"

# "carte(s)", "caché(e)s", "perdu(e)", "loss(es)", "company(ies)", "recule(nt)",
# "chev(aux)", "quel(le)s", "ancien(ne)s"
LAZY = re.compile(r"\w\((?:s|x|e|es|ies|nt|aux|ux|le|ne)\)")
# one catalog entry, `"key": "text"` (most on a line of their own, a few side by side)
ENTRY = re.compile(r'"(?P<key>[\w.\-]+)":\s*"(?P<text>(?:[^"\\\n]|\\.)*)"')
STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
# i18n.js's selector, `{n -> [one] … [other] …}` (variants may hold `{name}` placeholders)
SELECTOR = re.compile(r"\{(\w+) -> ((?:[^{}]|\{\w+\})*)\}")
CATEGORIES = {"zero", "one", "two", "few", "many", "other"}


def catalog_entries() -> list[tuple[str, str, str]]:
    """(file, key, text) of every catalog line of every page module."""
    out: list[tuple[str, str, str]] = []
    for path in sorted(JS.glob("*.js")):
        for line in path.read_text(encoding="utf-8").splitlines():
            out.extend((path.name, m["key"], m["text"]) for m in ENTRY.finditer(line))
    return out


def code_strings() -> list[tuple[str, int, str]]:
    """(file, line, text) of every other double-quoted string outside comments in the
    page's modules, and every line of its pages: a lazy plural written in code is caught."""
    out: list[tuple[str, int, str]] = []
    for path in sorted([*JS.glob("*.js"), *STATIC.glob("*.html")]):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith(("//", "*", "/*", "<!--")):
                continue
            if path.suffix == ".html":
                out.append((path.name, i, line))
            else:
                # the catalog entries are read by `catalog_entries`, named by their key
                out.extend((path.name, i, m[1]) for m in STRING.finditer(ENTRY.sub("", line)))
    return out


def test_the_lazy_plural_pattern_catches_what_it_is_meant_to() -> None:
    for text in ("{n} carte(s)", "caché(e)s", "perdu(e)", "loss(es)", "cop(ies)", "chev(aux)"):
        assert LAZY.search(text), text
    for text in ("pause (s)", "Marines (a)", "{n} {n -> [one] carte [other] cartes}", "(e) =>"):
        assert not LAZY.search(text), text


def test_no_page_word_writes_a_lazy_plural() -> None:
    entries = catalog_entries()
    assert len(entries) > 1500  # the catalogs were read: the check means something
    lazy = {f"{file}: {key}: {text!r}" for file, key, text in entries if LAZY.search(text)}
    lazy |= {f"{file}:{line}: {text!r}" for file, line, text in code_strings() if LAZY.search(text)}
    assert not lazy, "lazy plurals, write a `{n -> [one] … [other] …}` selector:\n" + "\n".join(
        sorted(lazy)
    )


def test_every_plural_selector_is_well_formed() -> None:
    """Each selector has an `[other]` variant and only CLDR categories, and nothing else in
    a template looks like a half-written selector."""
    bad: list[str] = []
    selectors = 0
    for file, key, text in catalog_entries():
        for m in SELECTOR.finditer(text):
            selectors += 1
            parts = re.split(r"\[(\w+)\]", m[2])
            names = parts[1::2]
            if parts[0].strip() or "other" not in names or not set(names) <= CATEGORIES:
                bad.append(f"{file}: {key}: {m[0]!r}")
            if len(names) != len(set(names)):
                bad.append(f"{file}: {key}: a variant given twice in {m[0]!r}")
        rest = re.sub(r"\{\w+\}", "", SELECTOR.sub("", text))
        if "->" in rest or "[one]" in rest or "[other]" in rest:
            bad.append(f"{file}: {key}: a selector the page would not read: {text!r}")
    assert not bad, "\n".join(bad)
    assert selectors > 40  # the converted messages are there


# key, its args for the count k (0, 1, 2), {lang: (text at 0, at 1, at 2)}
CASES: list[tuple[str, Callable[[int], dict[str, Any]], dict[str, tuple[str, str, str]]]] = [
    (
        "heresy.pile.count",
        lambda k: {"n": k},
        {"fr": ("0 carte", "1 carte", "2 cartes"), "en": ("0 cards", "1 card", "2 cards")},
    ),
    (
        "heresy.map.card.sectors",
        lambda k: {"n": k, "sectors": "Lions Gate"},
        {
            "fr": ("Secteur : Lions Gate", "Secteur : Lions Gate", "Secteurs : Lions Gate"),
            "en": ("Sectors: Lions Gate", "Sector: Lions Gate", "Sectors: Lions Gate"),
        },
    ),
    (
        "champs.hidden_traps",
        lambda k: {"n": k},
        {
            "fr": ("0 piège caché", "1 piège caché", "2 pièges cachés"),
            "en": ("0 hidden traps", "1 hidden trap", "2 hidden traps"),
        },
    ),
    (
        "epic.structure",
        lambda k: {"n": k},
        {
            "fr": ("0 point de structure", "1 point de structure", "2 points de structure"),
            "en": ("0 Structure Points", "1 Structure Point", "2 Structure Points"),
        },
    ),
    (
        "hcard.copies",
        lambda k: {"n": k},
        {
            "fr": ("0 exemplaire", "1 exemplaire", "2 exemplaires"),
            "en": ("0 copies", "1 copy", "2 copies"),
        },
    ),
    (
        "comp.count",
        lambda k: {"n": k, "total": 12},
        {
            "fr": (
                "0 élément affiché sur 12",
                "1 élément affiché sur 12",
                "2 éléments affichés sur 12",
            ),
            "en": ("0 of 12 items shown", "1 of 12 items shown", "2 of 12 items shown"),
        },
    ),
    (  # the English noun agrees with the total
        "comp.count",
        lambda k: {"n": k, "total": k},
        {
            "fr": (
                "0 élément affiché sur 0",
                "1 élément affiché sur 1",
                "2 éléments affichés sur 2",
            ),
            "en": ("0 of 0 items shown", "1 of 1 item shown", "2 of 2 items shown"),
        },
    ),
    (  # two counts, each agreeing on its own
        "hbattle.hand.hidden",
        lambda k: {"n": k, "h": 2 - k, "dn": 3, "dh": 1},
        {
            "fr": (
                "0 carte Combat et 2 cartes Combat de Héros en main · paquets : 3 + 1 de Héros",
                "1 carte Combat et 1 carte Combat de Héros en main · paquets : 3 + 1 de Héros",
                "2 cartes Combat et 0 carte Combat de Héros en main · paquets : 3 + 1 de Héros",
            ),
            "en": (
                "0 Combat cards and 2 Hero Combat cards in hand · decks: 3 + 1 Hero",
                "1 Combat card and 1 Hero Combat card in hand · decks: 3 + 1 Hero",
                "2 Combat cards and 0 Hero Combat cards in hand · decks: 3 + 1 Hero",
            ),
        },
    ),
    (
        "ete.count",
        lambda k: {"areas": k, "zones": 1, "objectives": 2 - k},
        {
            "fr": (
                "0 élément, 1 zone, 2 objectifs",
                "1 élément, 1 zone, 1 objectif",
                "2 éléments, 1 zone, 0 objectif",
            ),
            "en": (
                "0 pieces, 1 zone, 2 objectives",
                "1 piece, 1 zone, 1 objective",
                "2 pieces, 1 zone, 0 objectives",
            ),
        },
    ),
    (  # the English verb agrees with the count, the noun with the total
        "social.resign.votes",
        lambda k: {"count": k, "needed": 2},
        {
            "fr": (
                "Abandon proposé : 0 joueur sur 2 d'accord.",
                "Abandon proposé : 1 joueur sur 2 d'accord.",
                "Abandon proposé : 2 joueurs sur 2 d'accord.",
            ),
            "en": (
                "Resignation proposed: 0 of 2 players agree.",
                "Resignation proposed: 1 of 2 players agrees.",
                "Resignation proposed: 2 of 2 players agree.",
            ),
        },
    ),
    (  # the words before the list agree with it too
        "ced.unknown_keys",
        lambda k: {"source": "a.toml", "n": k, "keys": ", ".join(["fog", "mud"][:k])},
        {
            "fr": (
                "a.toml : clé que l'éditeur ne connaît pas : . Le formulaire ne la garderait"
                " pas : retirez-la du fichier (docs/champs.md, « Battlefields »)."
                " Rien n'a été chargé.",
                "a.toml : clé que l'éditeur ne connaît pas : fog. Le formulaire ne la garderait"
                " pas : retirez-la du fichier (docs/champs.md, « Battlefields »)."
                " Rien n'a été chargé.",
                "a.toml : clés que l'éditeur ne connaît pas : fog, mud. Le formulaire ne les"
                " garderait pas : retirez-les du fichier (docs/champs.md, « Battlefields »)."
                " Rien n'a été chargé.",
            ),
            "en": (
                "a.toml: keys the editor does not know: . The form would not keep them: remove"
                ' them from the file (docs/champs.md, "Battlefields"). Nothing was loaded.',
                "a.toml: key the editor does not know: fog. The form would not keep it: remove"
                ' it from the file (docs/champs.md, "Battlefields"). Nothing was loaded.',
                "a.toml: keys the editor does not know: fog, mud. The form would not keep them:"
                ' remove them from the file (docs/champs.md, "Battlefields"). Nothing was loaded.',
            ),
        },
    ),
    (  # was two keys chosen by hand ("eab.stands.one" / ".many")
        "eab.stands",
        lambda k: {"n": k},
        {"fr": ("0 socle", "1 socle", "2 socles"), "en": ("0 stands", "1 stand", "2 stands")},
    ),
    (
        "eab.left",
        lambda k: {"n": k},
        {
            "fr": ("reste 0 pt", "reste 1 pt", "reste 2 pts"),
            "en": ("0 pts left", "1 pt left", "2 pts left"),
        },
    ),
    (
        "lobbyopt.changed",
        lambda k: {"n": k},
        {
            "fr": ("0 modifiée", "1 modifiée", "2 modifiées"),
            "en": ("0 changed", "1 changed", "2 changed"),
        },
    ),
]

# Every module that registers page words (`addStrings`), imported into one page.
LOAD = """async (files) => {
  for (const f of files) await import(`/static/js/${f}`);
  return await import('/static/js/i18n.js');
}"""


def string_modules() -> list[str]:
    return sorted(
        p.name
        for p in JS.glob("*.js")
        if p.name != "i18n.js" and re.search(r"^addStrings\(", p.read_text("utf-8"), re.M)
    )


def lobby(server: str, page: Any) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready='1']")
    page.evaluate(LOAD, string_modules())


@pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)
def test_plurals_render_at_0_1_and_2_in_french_and_english(server: str, page: Any) -> None:
    lobby(server, page)
    got = page.evaluate(
        """async (cases) => {
          const m = await import('/static/js/i18n.js');
          const out = {};
          for (const lang of ['fr', 'en']) {
            m.setLang(lang);
            out[lang] = cases.map(([key, args]) => args.map((a) => m.t(key, a)));
          }
          m.setLang('fr');
          return out;
        }""",
        [[key, [args(k) for k in (0, 1, 2)]] for key, args, _ in CASES],
    )
    for lang in ("fr", "en"):
        want = [list(texts[lang]) for _, _, texts in CASES]
        assert got[lang] == want, lang


@pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)
def test_what_the_page_registers_is_what_the_files_hold_and_reads_whole(
    server: str, page: Any
) -> None:
    """The page's registered words are the ones the file checks above read (so they miss
    none); each template holding a selector renders at 0, 1, 2 and 10⁶ (French `many`,
    which falls back to `[other]`) with nothing of the selector left; a count that is not a
    number reads as `[other]`; a key missing in English keeps the French rules."""
    lobby(server, page)
    got = page.evaluate(
        """async () => {
          const m = await import('/static/js/i18n.js');
          const keys = [...Object.keys(m._strings.fr), ...Object.keys(m._strings.en)];
          const out = {keys: [...new Set(keys)], left: [], rendered: 0};
          for (const lang of ['fr', 'en']) {
            m.setLang(lang);
            for (const [key, text] of Object.entries(m._strings[lang])) {
              if (!text.includes(' -> ')) continue;
              for (const k of [0, 1, 2, 1000000]) {
                const args = {};
                for (const [, name] of text.matchAll(/\\{(\\w+)/g)) args[name] = k;
                const said = m.t(key, args);
                out.rendered += 1;
                const bad = /->|\\[(one|other)\\]|[{}]/.test(said);
                if (bad) out.left.push(`${lang} ${key} ${k}: ${said}`);
              }
            }
          }
          m.addStrings({fr: {'zz.plural.fr_only': '{n} {n -> [one] carte [other] cartes}'}});
          m.setLang('en');
          out.frOnly = m.t('zz.plural.fr_only', {n: 0});
          out.notANumber = m.t('heresy.pile.count', {n: '?'});
          m.setLang('fr');
          out.noSelector = m.t('lobby.seat.ai', {agent: 'x'});
          return out;
        }"""
    )
    in_files = {key for _, key, _ in catalog_entries()}
    assert set(got["keys"]) - in_files == set()
    assert got["rendered"] > 200 and got["left"] == []
    assert got["frOnly"] == "0 carte"  # French rules for the French template
    assert got["notANumber"] == "? cards"
    assert got["noSelector"] == "IA : x"
