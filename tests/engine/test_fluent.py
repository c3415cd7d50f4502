"""Messages through Project Fluent: syntax, legacy conversion, grammar of names, converter."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import string
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import arbitre
from arbitre.engine import i18n
from arbitre.engine.i18n import (
    Msg,
    Name,
    add_arg_resolver,
    add_messages,
    is_legacy,
    legacy_to_fluent,
    render_fluent,
    translate,
)

ROOT = Path(__file__).resolve().parents[2]
SAMPLES: tuple[Any, ...] = ("Alpha", 0, 1, 2, 1234, 2.5, -3, True, None)


def load_all_messages() -> list[str]:
    """Import every module of the package (each registers its catalogs); the keys."""
    for info in pkgutil.walk_packages(arbitre.__path__, "arbitre."):
        try:
            importlib.import_module(info.name)
        except ImportError:  # an optional heavy dependency (interop)
            continue
    return i18n.catalog_keys()


def converter() -> ModuleType:
    script = ROOT / "scripts/fluent_convert.py"
    spec = importlib.util.spec_from_file_location("fluent_convert", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def catalog_files() -> list[Path]:
    src = ROOT / "src/arbitre"
    return sorted(p for p in src.rglob("*.py") if "add_messages(" in p.read_text(encoding="utf-8"))


# --- legacy str.format templates ----------------------------------------------------------


@pytest.mark.parametrize(
    ("legacy", "fluent"),
    [
        ("{seat} place {what}", "{ $seat } place { $what }"),
        ("{{x}} and {n}", '{"{"}x{"}"} and { $n }'),
        ("  graine {seed} : {error}", '{"  "}graine { $seed } : { $error }'),
        ("[{mark}] {what} #{n}", "[{ $mark }] { $what } #{ $n }"),
        ("{x:.1f} cm", '{ FORMAT($x, spec: ".1f") } cm'),
        ("trailing ", 'trailing{" "}'),
        ("Terminé", "Terminé"),
    ],
)
def test_legacy_template_converts_to_fluent(legacy: str, fluent: str) -> None:
    assert is_legacy(legacy)
    assert legacy_to_fluent(legacy) == fluent
    assert legacy_to_fluent(fluent) == fluent  # idempotent
    fields = {f for _l, f, _s, _c in string.Formatter().parse(legacy) if f}
    for sample in (1, 2.25, 1234):
        args = dict.fromkeys(fields, sample)
        assert render_fluent(fluent, args) == legacy.format_map(args)


def test_fluent_templates_are_not_taken_for_legacy() -> None:
    assert not is_legacy("{ $seat } joue")
    assert not is_legacy('{"{"}')
    assert not is_legacy("{ $n ->\n    [one] une unité\n   *[other] { $n } unités\n}")
    assert not is_legacy("Imperium\n.form = elided")
    assert not is_legacy("{ -imperium }")


def test_a_str_format_template_is_refused_naming_its_key() -> None:
    """Every catalog is Fluent: a `{seat}` template is a mistake, refused when registered
    (scripts/fluent_convert.py converts a file), and nothing is registered."""
    with pytest.raises(ValueError, match=r"'test.fluent.legacy' \(fr\).*fluent_convert"):
        add_messages({"test.fluent.legacy": {"fr": "{seat} joue", "en": "{ $seat } plays"}})
    assert not i18n.has_message("test.fluent.legacy")


def test_every_registered_message_is_fluent_and_renders() -> None:
    """All messages of the three games, the CLI and the server parse as Fluent in both
    languages and render with sample arguments: no error, no brace or `$` left over."""
    keys = load_all_messages()
    assert len(keys) > 1000
    for key in keys:
        for lang in i18n.LANGS:
            source = i18n.template(key, lang)
            compiled = i18n._compile(key, lang)
            for sample in ("Alpha", 3):
                text = translate(Msg(key, dict.fromkeys(compiled.variables, sample)), lang)
                if "{" not in source.replace('{"{"}', "").replace('{ "{" }', ""):
                    continue
                assert "{$" not in text and "{ $" not in text, (key, lang, text)
                if '{"{"}' not in source and '{"}"}' not in source:
                    assert "{" not in text and "}" not in text, (key, lang, text)


# --- rendering ----------------------------------------------------------------------------


def _register(fr: str, en: str, key: str = "test.fluent.msg") -> str:
    add_messages({key: {"fr": fr, "en": en}})
    return key


def test_numbers_print_as_python_prints_them_no_locale_surprise() -> None:
    key = _register("{ $n } points, { $x } cm", "{ $n } points, { $x } cm")
    assert translate(Msg(key, {"n": 1234, "x": 2.5}), "fr") == "1234 points, 2.5 cm"
    assert translate(Msg(key, {"n": True, "x": None}), "en") == "True points, None cm"


def test_no_invisible_isolation_marks() -> None:
    key = _register("À { $seat } de jouer", "{ $seat } to play")
    text = translate(Msg(key, {"seat": "Joueur 1"}), "fr")
    assert text == "À Joueur 1 de jouer" and "\u2068" not in text and "\u2069" not in text


def test_missing_argument_shows_its_name() -> None:
    key = _register("Bonjour { $who }", "Hello { $who }")
    assert translate(Msg(key), "fr") == "Bonjour {who}"


def test_plural_selector_on_a_number() -> None:
    key = _register(
        "{ $n ->\n    [one] une unité\n   *[other] { $n } unités\n} perdue(s)",
        "{ $n ->\n    [one] one unit\n   *[other] { $n } units\n} lost",
    )
    assert translate(Msg(key, {"n": 1}), "fr") == "une unité perdue(s)"
    assert translate(Msg(key, {"n": 3}), "fr") == "3 unités perdue(s)"
    assert translate(Msg(key, {"n": 1}), "en") == "one unit lost"
    assert translate(Msg(key, {"n": 1234}), "en") == "1234 units lost"


def test_rule_is_appended_and_arguments_that_are_keys_are_translated() -> None:
    _register("Traître\n.form = masculine", "Traitor\n.form = the", key="test.fluent.traitor")
    key = _register("Victoire { $w_of }", "{ $w_The } wins")
    assert translate(Msg(key, {"w": "test.fluent.traitor"}, "HH-1"), "fr") == (
        "Victoire du Traître [HH-1]"
    )
    assert translate(Msg(key, {"w": Msg("test.fluent.traitor")}), "en") == "The Traitor wins"


def test_terms_and_their_attributes() -> None:
    i18n.add_terms({"test-horus": {"fr": "Horus\n.form = other", "en": "Horus\n.form = other"}})
    key = _register(
        "{ -test-horus.form ->\n    [other] Victoire d'{ -test-horus }\n   *[x] ?\n}",
        "{ -test-horus } wins",
    )
    assert translate(Msg(key), "fr") == "Victoire d'Horus"
    assert translate(Msg(key), "en") == "Horus wins"


def test_mixing_a_legacy_field_into_fluent_is_a_syntax_error() -> None:
    key = _register("{ $a } {b", "{ $a }")
    with pytest.raises(i18n.FluentSyntaxError):
        translate(Msg(key, {"a": 1}), "fr")


def test_two_keys_mapping_to_one_fluent_id_are_refused() -> None:
    add_messages({"test.fluent.a-b": {"fr": "x", "en": "x"}})
    with pytest.raises(ValueError, match="one Fluent id"):
        add_messages({"test.fluent.a.b": {"fr": "y", "en": "y"}})


# --- grammar of names ---------------------------------------------------------------------

NAMES = {
    "imperium": ("Imperium\n.form = elided", "Imperium\n.form = the"),
    "traitor": ("Traître\n.form = masculine", "Traitor\n.form = the"),
    "mille_fils": ("Mille Fils\n.form = plural", "Thousand Sons\n.form = plural"),
    "p1": ("Joueur 1\n.form = masculine", "Player 1"),
    "mj": ("MJ\n.form = masculine", "GM\n.form = the"),
}


@pytest.fixture
def seats() -> dict[str, str]:
    keys = {}
    for seat, (fr, en) in NAMES.items():
        keys[seat] = _register(fr, en, key=f"test.fluent.seat.{seat}")
    return keys


@pytest.mark.parametrize(
    ("seat", "of", "to", "the"),
    [
        ("imperium", "de l'Imperium", "à l'Imperium", "L'Imperium"),
        ("traitor", "du Traître", "au Traître", "Le Traître"),
        ("mille_fils", "des Mille Fils", "aux Mille Fils", "Les Mille Fils"),
        ("p1", "du Joueur 1", "au Joueur 1", "Le Joueur 1"),
        ("mj", "du MJ", "au MJ", "Le MJ"),
    ],
)
def test_french_articles_and_elision_follow_the_name(
    seats: dict[str, str], seat: str, of: str, to: str, the: str
) -> None:
    key = _register(
        "Au tour { $seat_of } ; passez { $seat_to } ; { $seat_The } joue ; contre { $seat_the }",
        "{ $seat_The }'s turn",
    )
    text = translate(Msg(key, {"seat": seats[seat]}), "fr")
    assert text == f"Au tour {of} ; passez {to} ; {the} joue ; contre {the[0].lower()}{the[1:]}"


@pytest.mark.parametrize(
    ("seat", "expected"),
    [
        ("imperium", "The Imperium wins, said to the Imperium"),
        ("p1", "Player 1 wins, said to Player 1"),
        ("mj", "The GM wins, said to the GM"),
    ],
)
def test_english_definite_article(seats: dict[str, str], seat: str, expected: str) -> None:
    key = _register("x", "{ $seat_The } wins, said { $seat_to }")
    assert translate(Msg(key, {"seat": seats[seat]}), "en") == expected


def test_a_selector_on_the_form_and_a_name_from_a_resolver() -> None:
    add_arg_resolver(
        "testgrammar",
        lambda name, value, lang: Name("Horus", "other") if value == "horus" else None,
    )
    _register(
        "{ $who_form ->\n    [elided] l'{ $who }\n   *[other] { $who }\n} arrive",
        "{ $who } arrives",
        key="testgrammar.arrive",
    )
    assert translate(Msg("testgrammar.arrive", {"who": "horus"}), "fr") == "Horus arrive"
    # a plain name the catalogs know (a `.form` attribute registered it)
    _register("Imperium\n.form = elided", "Imperium\n.form = the", key="test.fluent.imp2")
    assert translate(Msg("testgrammar.arrive", {"who": "Imperium"}), "fr") == "l'Imperium arrive"


@pytest.mark.parametrize(
    ("name", "of", "to"),
    [
        ("Attrition", "d'Attrition", "à Attrition"),
        ("Horus", "d'Horus", "à Horus"),
        ("Écran", "d'Écran", "à Écran"),
        ("Contre-Attaque", "de Contre-Attaque", "à Contre-Attaque"),
    ],
)
def test_a_bare_french_name_elides_de_before_a_vowel(name: str, of: str, to: str) -> None:
    """A name without a `.form` (a card's, say): "de" elides before a vowel or a mute h,
    "à" never does; English is untouched."""
    key = _register("l'effet { $card_of }, { $card_to }", "the effect { $card_of }")
    assert translate(Msg(key, {"card": name}), "fr") == f"l'effet {of}, {to}"
    assert translate(Msg(key, {"card": name}), "en") == f"the effect of {name}"


# --- the converter script -----------------------------------------------------------------


def test_converter_rewrites_a_catalog_and_is_idempotent(tmp_path: Path) -> None:
    source = """from arbitre.engine.i18n import add_messages

def _t(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}

add_messages(
    {
        "x.a": {"fr": "{seat} joue en {cell} ({{x}})", "en": "  {seat} plays"},
        "x.b": _t("Résultat {a} contre {b} : "
                  "victoire de {w}", "{w} wins"),
        **{f"x.c.{k}": {"fr": fr, "en": en} for k, fr, en in (("k", "à {n}", "to {n}"),)},
        "x.d": {"fr": "{ $already } fluent", "en": "plain text"},
    }
)
"""
    path = tmp_path / "catalog.py"
    path.write_text(source, encoding="utf-8")
    run = [sys.executable, str(ROOT / "scripts/fluent_convert.py")]
    done = subprocess.run([*run, str(path)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    after = path.read_text(encoding="utf-8")
    assert '"{ $seat } joue en { $cell } ({\\"{\\"}x{\\"}\\"})"' in after or (
        """'{ $seat } joue en { $cell } ({"{"}x{"}"})'""" in after
    )
    assert """'{"  "}{ $seat } plays'""" in after
    assert '"Résultat { $a } contre { $b } : "\n                  "victoire de { $w }"' in after
    assert '("k", "à { $n }", "to { $n }")' in after
    assert '"{ $already } fluent"' in after and '"plain text"' in after
    again = subprocess.run(
        [*run, "--check", str(path)], capture_output=True, text=True, check=False
    )
    assert again.returncode == 0 and again.stdout == ""


def test_converter_is_safe_on_every_catalog_of_the_project() -> None:
    """In memory: each catalog file converts without a problem, every template it changes
    renders as before (checked inside), the result parses and a second run changes nothing."""
    convert = converter().convert_source
    files = catalog_files()
    assert len(files) >= 15
    for path in files:
        source = path.read_text(encoding="utf-8")
        once, problems = convert(source, str(path))
        assert problems == [], problems
        compile(once, str(path), "exec")
        twice, _ = convert(once, str(path))
        assert twice == once, path


def test_compile_all_leaves_nothing_to_compile_when_texts_are_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server compiles every message at start-up (`Workers.warm`): afterwards showing any
    text of the catalog compiles nothing."""
    i18n.compile_all()
    assert i18n.compile_all() == 0
    assert all((key, lang) in i18n._COMPILED for key in i18n._CATALOG for lang in i18n.LANGS)

    def no_compile(key: str, lang: str) -> Any:
        raise AssertionError(f"{key} ({lang}) compiled again")

    monkeypatch.setattr(i18n, "_compile", no_compile)
    for key in list(i18n._CATALOG)[:200]:
        for lang in i18n.LANGS:
            i18n.translate(i18n.Msg(key), lang)
