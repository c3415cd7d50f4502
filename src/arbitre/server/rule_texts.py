"""The text of a rule by its ID, for "why not?": each game's `data/rule_texts*.toml`.

`rule_texts.toml` holds the English digests of the rulebooks (scripts/rule_texts.py
extracts them); `rule_texts_fr.toml` holds the French texts, written from the French
rulebooks in our own words. A rule with no French text shows the English digest on the
French side, marked as such (`lang_fr` says which one the French side is).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from arbitre.engine.registry import names

FILES = {"en": "rule_texts.toml", "fr": "rule_texts_fr.toml"}
ENGLISH_NOTE = "(résumé anglais des règles)"


@cache
def _texts(ruleset_id: str, lang: str = "en") -> dict[str, str]:
    if ruleset_id not in names() or lang not in FILES:
        return {}
    path = resources.files("arbitre") / "games" / ruleset_id / "data" / FILES[lang]
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    rules = data.get("rules", {})
    return {str(k): str(v) for k, v in rules.items() if str(v).strip()}


def rule_texts(ruleset_id: str, ids: list[str]) -> list[dict[str, Any]]:
    """Each asked ID with its text in both languages; an unknown ID says so in both."""
    known = ruleset_id in names()  # no cache entry per guessed game
    english = _texts(ruleset_id) if known else {}
    french = _texts(ruleset_id, "fr") if known else {}
    out = []
    for rule in ids:
        text = english.get(rule)
        fr = french.get(rule)
        if text is None and fr is None:
            shown = {"fr": f"{rule} : texte inconnu", "en": f"{rule}: no text known"}
            lang_fr = "fr"
        elif fr is not None:
            shown = {"fr": fr, "en": text if text is not None else fr}
            lang_fr = "fr"
        else:
            shown = {"fr": f"{ENGLISH_NOTE} {text}", "en": str(text)}
            lang_fr = "en"
        out.append({"id": rule, "text": shown, "known": text is not None, "lang_fr": lang_fr})
    return out
