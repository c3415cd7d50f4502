"""A French (and English) checker for every text a person reads.

Renders, in both languages, what seeded random games of the three games say (events,
decisions and their options, results, the messages inside views, config labels) plus
every registered message with sample arguments, and fails on known errors: broken French
articles and elision ("de le", "de Imperium"), raw ids (`mille_fils`, `p1`), English
words in French texts and French words in English ones, Fluent leftovers (`{`, `$`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from arbitre.engine import i18n, registry
from arbitre.engine.i18n import Msg, has_message, translate
from tests.engine.test_fluent import load_all_messages

SEEDS = (1, 2, 3)
MAX_DECISIONS = 600

VOWEL = "AEIOUYÉÈÊÂÎaeiouyéèêâî"
FRENCH_ERRORS: dict[str, re.Pattern[str]] = {
    "de le / de les": re.compile(r"\b[Dd]e (le|les)\b"),
    "à le / à les": re.compile(r"\b[Àà] (le|les)\b"),
    "de + vowel": re.compile(rf"\b[Dd]e (?=[{VOWEL}])"),
    "le/la + vowel": re.compile(rf"\b[Ll][ea] (?=[{VOWEL}]\w)"),
    "doubled space": re.compile(r"\S {2,}\S"),
    "space before , or .": re.compile(r"\w \.(\s|$)|\w ,"),
    "no space before : ; ? !": re.compile(r"[^\s\d(\[{/:;!?'’]([:;!?])(\s|$)"),
}
ENGLISH_WORDS = re.compile(
    r"\b(the|and|with|units?|cards?|wins?|players?|turn|round|moves?|attacks?|"
    r"damage|orders?|battle|zone's|of)\b"
)
FRENCH_WORDS = re.compile(
    r"\b(le|les|des|du|et|avec|joueurs?|unités?|cartes?|victoire|tour|ordres?|"
    r"bataille|dégâts|aucun|aucune)\b"
)
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b|\bp[1-6]\b|\bmj\b|\bmille_fils\b")
LEFTOVER = re.compile(r"[{}$]|\?\?\?")
QUOTED = re.compile(r"«[^»]*»|'[^' ]+'|\b[\w-]+(\.[\w-]+)+\b")

# Message keys whose texts legitimately hold what a pattern looks for.
ALLOWED: dict[str, set[str]] = {
    "leftover": {"config.not_object"},  # a JSON object, {key: value}
    "no space before : ; ? !": {"config.not_object"},
    "English word": {"cli.help.commands"},  # the commands one types: card/carte…
}


def _msgs_in(value: Any) -> Iterator[Msg]:
    """Messages inside a view (dicts with a registered `key` and their `args`)."""
    if isinstance(value, Msg):
        yield value
    elif isinstance(value, Mapping):
        key = value.get("key")
        if isinstance(key, str) and has_message(key) and isinstance(value.get("args", {}), dict):
            yield Msg(key, value.get("args", {}), value.get("rule"))
        for item in value.values():
            yield from _msgs_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _msgs_in(item)


def _played_messages() -> Iterator[Msg]:
    for game in registry.names():
        ruleset = registry.get(game)
        for config_option in ruleset.options_schema():  # the lobby's labels and help
            yield from _msgs_in(
                [getattr(config_option, n, None) for n in ("help", "label", "value_labels")]
            )
        for seed in SEEDS:
            rng = random.Random(seed)
            state = ruleset.new({}, seed)
            yield from ruleset.events(state)
            for n in range(MAX_DECISIONS):
                decision = ruleset.decision(state)
                if decision is None:
                    break
                yield decision.text
                for option in decision.options:
                    yield option.text
                if n % 25 == 0:
                    for seat in (*range(len(ruleset.seats({}))), None):
                        yield from _msgs_in(ruleset.view(state, seat))
                ruleset.apply(state, rng.choice(decision.options).key)
                yield from ruleset.events(state)
            result = ruleset.result(state)
            if result is not None:
                yield result.summary
            for seat in (*range(len(ruleset.seats({}))), None):
                yield from _msgs_in(ruleset.view(state, seat))


SEAT_ARGS = ("seat", "winner", "side", "loser", "by", "holder")


def _seat_values(namespace: str) -> list[Any]:
    """How a message of `namespace` carries a seat: a game's own messages get its seat
    indexes, ids and `<game>.seat.<id>` keys; the CLI's and the server's get names."""
    values: list[Any] = []
    for game in registry.names():
        own = namespace == game
        if own:
            values += [0, 1]
        for seat in registry.get(game).seats({}):
            keys = [f"{game}.seatname.{seat}", f"{namespace}.seatname.{game}.{seat}"]
            if own:
                values.append(seat)
                keys.append(f"{game}.seat.{seat}")
            values += [k for k in keys if has_message(k)]
    return values


def _sample_messages() -> Iterator[Msg]:
    seats = {ns: _seat_values(ns) for ns in (*registry.names(), "cli", "server")}
    for key in load_all_messages():
        compiled = i18n._compile(key, "fr")
        names = compiled.variables | i18n._compile(key, "en").variables
        yield Msg(key, dict.fromkeys(names, "Bravo"))
        for arg in names & set(SEAT_ARGS):
            for value in seats.get(key.partition(".")[0], []):
                yield Msg(key, {**dict.fromkeys(names, "Bravo"), arg: value})


def _texts() -> dict[tuple[str, str], str]:
    """(lang, text) -> the key that said it (first seen)."""
    load_all_messages()
    out: dict[tuple[str, str], str] = {}
    seen: set[Msg] = set()
    for source in (_played_messages(), _sample_messages()):
        for msg in source:
            try:
                if msg in seen:
                    continue
                seen.add(msg)
            except TypeError:  # unhashable args (lists): check it anyway
                pass
            for lang in i18n.LANGS:
                out.setdefault((lang, translate(msg, lang)), msg.key)
    return out


@pytest.fixture(scope="module")
def texts() -> dict[tuple[str, str], str]:
    return _texts()


def _check(texts: Mapping[tuple[str, str], str], lang: str) -> dict[str, list[str]]:
    """Pattern name -> "key: text" for every finding not allowed."""
    found: dict[str, list[str]] = {}
    for (text_lang, text), key in texts.items():
        if text_lang != lang:
            continue
        body = re.sub(r" \[[A-Z]+(-[A-Za-z0-9.]+)+\]$", "", text)  # the rule ID at the end
        # what a person types or reads in a file is quoted or dotted: « flyers_count »,
        # 'mille_fils', position.units
        words = QUOTED.sub("", body)
        checks: dict[str, tuple[re.Pattern[str], str]] = {
            "raw id": (RAW_ID, words),
            "leftover": (LEFTOVER, body),
        }
        if lang == "fr":
            checks |= {k: (p, body) for k, p in FRENCH_ERRORS.items()}
            checks["English word"] = (ENGLISH_WORDS, words)
        else:
            checks["French word"] = (FRENCH_WORDS, words)
        for name, (pattern, where) in checks.items():
            if key in ALLOWED.get(name, set()):
                continue
            if pattern.search(where):
                found.setdefault(name, []).append(f"{key}: {text}")
    return found


def _report(found: Mapping[str, list[str]]) -> str:
    return "\n".join(f"{name}:\n  " + "\n  ".join(sorted(v)[:40]) for name, v in found.items())


def test_french_texts_read_right(texts: dict[tuple[str, str], str]) -> None:
    found = _check(texts, "fr")
    assert not found, _report(found)


def test_english_texts_have_no_french_words_nor_raw_ids(
    texts: dict[tuple[str, str], str],
) -> None:
    found = _check(texts, "en")
    assert not found, _report(found)


def test_the_checker_catches_what_it_is_meant_to() -> None:
    bad = {
        ("fr", "Victoire de le Traître"): "x",
        ("fr", "au tour de Imperium"): "x",
        ("fr", "p1 tire ses troupes"): "x",
        ("fr", "Mille Fils : the unit moves"): "x",
        ("fr", "Tour de { $seat }"): "x",
        ("fr", "Joueur A: gagne"): "x",
        ("en", "Victory of le Traître"): "x",
    }
    fr = _check(bad, "fr")
    assert set(fr) >= {
        "de le / de les",
        "de + vowel",
        "raw id",
        "English word",
        "leftover",
        "no space before : ; ? !",
    }
    assert "French word" in _check(bad, "en")
    good = {("fr", "Victoire de l'Imperium : il atteint la case 34"): "x"}
    assert _check(good, "fr") == {}
