"""Read and write an army file (issue 16): TOML with `list`, `name`, `points` and
`[[cards]]` (`card`, `options`, and for a card of Bound Characters `attach`/`detachment`).

Every value from the file is checked: size, TOML syntax (the parser's line and column are
kept), unknown keys, types and ranges. A refusal is an `ArmyError` naming the field or the
card; what the army *means* (points, organisation, characters) is checked by `problems`.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

from arbitre.engine.i18n import Msg
from arbitre.games.epic import messages_armies  # noqa: F401  (the fr/en texts)
from arbitre.games.epic.armies.lists import army_lists
from arbitre.games.epic.armies.model import (
    MAX_CARDS,
    MAX_NAME,
    MAX_OPTIONS,
    MAX_POINTS,
    MAX_TEXT,
    MIN_POINTS,
    Army,
    ArmyCard,
    ArmyError,
)

_TOP_KEYS = ("list", "name", "points", "cards")
_CARD_KEYS = ("card", "options", "attach", "detachment")
_ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_")


def _field_error(where: str, field: str, fr: str, en: str) -> ArmyError:
    args = {"where": where, "field": field, "expected_fr": fr, "expected_en": en}
    return ArmyError(Msg("epic.army.err.field", args))


def _keys(raw: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    for key in raw:
        if key not in allowed:
            raise ArmyError(Msg("epic.army.err.unknown_key", {"where": where, "key": key}))


def _ident(raw: dict[str, Any], field: str, where: str) -> str:
    value = raw.get(field)
    if not isinstance(value, str) or not 0 < len(value) <= 48 or set(value) - _ID_CHARS:
        raise _field_error(
            where,
            field,
            "un identifiant (a-z, 0-9, _ ; 48 caractères au plus)",
            "an identifier (a-z, 0-9, _; at most 48 characters)",
        )
    return value


def _int(raw: dict[str, Any], field: str, where: str, lo: int, hi: int) -> int | None:
    value = raw.get(field)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _field_error(
            where, field, f"un entier de {lo} à {hi}", f"an integer from {lo} to {hi}"
        )
    return value


def _card(raw: Any, n: int) -> ArmyCard:
    where = f"cards[{n}]"
    if not isinstance(raw, dict):
        raise _field_error("cards", str(n), "une table", "a table")
    _keys(raw, _CARD_KEYS, where)
    options = raw.get("options", [])
    if (
        not isinstance(options, list)
        or len(options) > MAX_OPTIONS
        or not all(isinstance(o, str) and 0 < len(o) <= 48 for o in options)
    ):
        raise _field_error(
            where,
            "options",
            f"une liste d'au plus {MAX_OPTIONS} noms d'options",
            f"a list of at most {MAX_OPTIONS} option names",
        )
    return ArmyCard(
        card=_ident(raw, "card", where),
        options=tuple(options),
        attach=_int(raw, "attach", where, 1, MAX_CARDS),
        detachment=_int(raw, "detachment", where, 1, 50),
    )


def _load(text: str) -> dict[str, Any]:
    """The file's table: JSON when it starts with "{" (the web builder's share format),
    TOML otherwise; the parser's own words (line, column) kept in the refusal."""
    try:
        if text.lstrip().startswith("{"):
            raw = json.loads(text)
            if not isinstance(raw, dict):
                raise ValueError("expected an object")
            return raw
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as exc:
        raise ArmyError(Msg("epic.army.err.toml", {"detail": str(exc)})) from None


def parse_army(text: str) -> Army:
    """The army of a TOML (or JSON) text; `ArmyError` names the field or card refused."""
    size = len(text.encode("utf-8"))
    if size > MAX_TEXT:
        raise ArmyError(Msg("epic.army.err.too_big", {"size": size, "max": MAX_TEXT}))
    raw = _load(text)
    _keys(raw, _TOP_KEYS, "army")
    list_id = _ident(raw, "list", "army")
    lists = army_lists()
    if list_id not in lists:
        args = {"list": list_id, "known": ", ".join(lists)}
        raise ArmyError(Msg("epic.army.err.unknown_list", args, rule="EPA-6"))
    name = raw.get("name", "")
    if not isinstance(name, str) or len(name) > MAX_NAME or any(ord(c) < 32 for c in name):
        raise _field_error(
            "army",
            "name",
            f"un texte d'au plus {MAX_NAME} caractères",
            f"a text of at most {MAX_NAME} characters",
        )
    points = _int(raw, "points", "army", MIN_POINTS, MAX_POINTS)
    if points is None:
        raise _field_error(
            "army",
            "points",
            f"un entier de {MIN_POINTS} à {MAX_POINTS}",
            f"an integer from {MIN_POINTS} to {MAX_POINTS}",
        )
    cards = raw.get("cards", [])
    if not isinstance(cards, list) or len(cards) > MAX_CARDS:
        raise _field_error(
            "army",
            "cards",
            f"une liste d'au plus {MAX_CARDS} cartes ([[cards]])",
            f"a list of at most {MAX_CARDS} cards ([[cards]])",
        )
    return Army(list_id, name, points, tuple(_card(c, i + 1) for i, c in enumerate(cards)))


def _quote(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's: quotes, backslashes, controls)."""
    return json.dumps(text, ensure_ascii=False)


def to_toml(army: Army) -> str:
    """The army file of `army` (parse_army reads it back to an equal Army)."""
    lst = army_lists()[army.list_id]
    lines = [
        f"# Armée Epic / Epic army — liste {lst.name_fr} / {lst.name_en} list",
        f"list = {_quote(army.list_id)}",
        f"name = {_quote(army.name)}",
        f"points = {army.points}",
    ]
    for c in army.cards:
        card = lst.cards.get(c.card)
        lines += ["", "[[cards]]" + (f"  # {card.name_fr} / {card.name_en}" if card else "")]
        lines.append(f"card = {_quote(c.card)}")
        if c.options:
            lines.append("options = [" + ", ".join(_quote(o) for o in c.options) + "]")
        if c.attach is not None:
            lines.append(f"attach = {c.attach}")
        if c.detachment is not None:
            lines.append(f"detachment = {c.detachment}")
    return "\n".join(lines) + "\n"
