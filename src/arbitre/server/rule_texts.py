"""The text of a rule by its ID, for "why not?": each game's `data/rule_texts.toml`.

The texts are the English digests of the rulebooks (scripts/rule_texts.py extracts them);
no French wording of each rule exists yet, so the French side says it is the English
digest rather than pretend to be a translation.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from arbitre.engine.registry import names


@cache
def _texts(ruleset_id: str) -> dict[str, str]:
    if ruleset_id not in names():
        return {}
    path = resources.files("arbitre") / "games" / ruleset_id / "data" / "rule_texts.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    rules = data.get("rules", {})
    return {str(k): str(v) for k, v in rules.items()}


def rule_texts(ruleset_id: str, ids: list[str]) -> list[dict[str, Any]]:
    """Each asked ID with its text; an unknown ID says so in both languages."""
    texts = _texts(ruleset_id) if ruleset_id in names() else {}  # no cache entry per guess
    out = []
    for rule in ids:
        text = texts.get(rule)
        if text is None:
            shown = {"fr": f"{rule} : texte inconnu", "en": f"{rule}: no text known"}
        else:
            shown = {"fr": f"(résumé anglais des règles) {text}", "en": text}
        out.append({"id": rule, "text": shown, "known": text is not None})
    return out
