"""The French rule texts (`data/rule_texts_fr.toml`, issue 13): one per rule ID of the
English digest, written in French, and served by `rule_texts()` for "why not?"."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from arbitre.server.rule_texts import rule_texts

GAMES = ("heresy", "champs", "epic")
ENGLISH_WORDS = (" the ", " and ", " of ", " is ", " with ", " must ")


def load(game: str, name: str) -> dict[str, object]:
    path = resources.files("arbitre") / "games" / game / "data" / name
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_french_texts_cover_exactly_the_english_ids(game: str) -> None:
    """Every rule ID (HH-…, CB-…, EP-…, EPC-…, AMB-…) has a French text, and no other."""
    english = load(game, "rule_texts.toml")
    french = load(game, "rule_texts_fr.toml")
    assert french["lang"] == "fr"
    assert "paraphrased" in str(french["provenance"])
    en_rules = english["rules"]
    fr_rules = french["rules"]
    assert isinstance(en_rules, dict) and isinstance(fr_rules, dict)
    missing = sorted(set(en_rules) - set(fr_rules))
    extra = sorted(set(fr_rules) - set(en_rules))
    assert not missing, f"{game}: no French text for {missing}"
    assert not extra, f"{game}: French texts for unknown IDs {extra}"


@pytest.mark.parametrize("game", GAMES)
def test_french_texts_are_french_and_not_the_english(game: str) -> None:
    english = load(game, "rule_texts.toml")["rules"]
    french = load(game, "rule_texts_fr.toml")["rules"]
    assert isinstance(english, dict) and isinstance(french, dict)
    empty = [k for k, v in french.items() if not str(v).strip()]
    assert not empty, f"{game}: empty French texts {empty}"
    same = [k for k, v in french.items() if v == english.get(k)]
    assert not same, f"{game}: French text identical to the English one for {same}"
    english_like = [
        k
        for k, v in french.items()
        if sum(f" {str(v).lower()} ".count(w) for w in ENGLISH_WORDS) >= 2
    ]
    assert not english_like, f"{game}: French texts that read as English {english_like}"


def test_rule_texts_gives_the_french_text_for_a_known_id() -> None:
    """HH-2.1: two players, the Imperium and the Traitor — in French, not the digest."""
    french = load("heresy", "rule_texts_fr.toml")["rules"]
    assert isinstance(french, dict)
    (item,) = rule_texts("heresy", ["HH-2.1"])
    assert item["known"] and item["lang_fr"] == "fr"
    assert item["text"]["fr"] == french["HH-2.1"]
    assert "résumé anglais" not in item["text"]["fr"]
    assert item["text"]["en"].startswith("The game is for exactly two players")
    for game, rule in (("champs", "CB-6"), ("epic", "EP-2")):
        (other,) = rule_texts(game, [rule])
        assert other["lang_fr"] == "fr" and other["text"]["fr"] != other["text"]["en"]


def test_unknown_ids_say_so_in_both_languages() -> None:
    (item,) = rule_texts("heresy", ["HH-99.9"])
    assert not item["known"]
    assert item["text"] == {"fr": "HH-99.9 : texte inconnu", "en": "HH-99.9: no text known"}
    assert rule_texts("nope", ["HH-2.1"])[0]["known"] is False
