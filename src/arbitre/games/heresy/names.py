"""Content names for the ids that Heresy messages carry (zones, sectors, cards, units…).

Registered with the engine's i18n as the argument resolver of `heresy.*` messages, so a
person reads "Palais Intérieur" where the message holds `inner_palace`.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.i18n import Msg, has_message, translate
from arbitre.games.heresy.content import default_content

SEAT_NAMES = {"fr": ("Imperium", "Traître"), "en": ("Imperium", "Traitor")}
_SEAT_IDS = ("imperium", "traitor")
_RESERVE = {"fr": "réserve", "en": "reserve"}
_NO_EFFECT_TEXT = {"fr": "texte inconnu des sources", "en": "text unknown to the sources"}


def resolve(name: str, value: Any, lang: str) -> str | None:
    """The text for argument `name` = `value`, or None to show the value as it is."""
    if name in ("seat", "winner"):
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2:
            return SEAT_NAMES[lang][value]
        if value in _SEAT_IDS:
            return SEAT_NAMES[lang][_SEAT_IDS.index(value)]
        return None
    if not isinstance(value, str):
        return None
    if name == "reason" and has_message(f"heresy.reason.{value}"):  # `attrition`, …
        return translate(Msg(f"heresy.reason.{value}"), lang)
    c = default_content()
    if name in ("zone", "to", "from", "source", "dest"):
        if value == "reserve":
            return _RESERVE[lang]
        zone = c.zones.get(value)
        return zone.name(lang) if zone is not None else None
    if name == "sector":
        sector = c.sectors.get(value)
        return sector.name(lang) if sector is not None else None
    if name == "card":
        base = value.split("#", 1)[0]  # `assault#2`: an extra copy
        for catalog in (c.orders, c.events, c.combat):
            card = catalog.get(base)
            if card is not None:
                return card.name(lang)
        return None
    if name == "copy":  # marks the Hero copy of a Combat card that also exists as normal
        card = c.combat.get(value.split("#", 1)[0])
        if card is None:
            return ""
        return f" ({_STATS[lang]['hero']})" if card.deck == "hero_combat" else ""
    if name == "stats":
        return combat_stats(value, lang)
    if name == "effect":  # a Combat card's special effect, as printed
        card = c.combat.get(value.split("#", 1)[0])
        if card is None:
            return None
        text = card.effect_fr if lang == "fr" else card.effect_en
        return text or _NO_EFFECT_TEXT.get(lang, _NO_EFFECT_TEXT["en"])
    if name in ("what", "unit"):
        if ":" in value:  # "zone:label", a unit as the move options name it
            zone_id, label = value.split(":", 1)
            zone = c.zones.get(zone_id)
            unit = unit_name(label, lang)
            if zone is not None and unit is not None:
                return f"{unit} ({zone.name(lang)})"
        return unit_name(value, lang)
    return None


def unit_name(label: str, lang: str) -> str | None:
    """A unit label `type[/tag][/dN]` or a hero id, as a person reads it."""
    c = default_content()
    hero = c.heroes.get(label)
    if hero is not None:
        return hero.name(lang)
    kind, *rest = label.split("/")
    unit = c.units.get(kind)
    if unit is None:
        return None
    parts = [unit.name(lang)]
    for extra in rest:
        if extra.startswith("d") and extra[1:].isdigit():
            parts.append(("dégâts " if lang == "fr" else "damage ") + extra[1:])
        else:
            tag = c.legions.get(extra) or c.powers.get(extra)
            parts.append(tag.name(lang) if tag is not None else extra)
    return parts[0] + (f" ({', '.join(parts[1:])})" if len(parts) > 1 else "")


_STATS = {
    "fr": {
        "attack": "attaque {n}",
        "shields": "boucliers {n}",
        "counter": "coût de contre {n}",
        "free": "gratuit",
        "hero": "Héros",
        "unknown": "valeurs inconnues",
    },
    "en": {
        "attack": "attack {n}",
        "shields": "shields {n}",
        "counter": "counter cost {n}",
        "free": "free",
        "hero": "Hero",
        "unknown": "values unknown",
    },
}


def combat_stats(card_id: str, lang: str) -> str | None:
    """What a Combat card brings, as a person compares two cards: `Héros, attaque 2,
    boucliers 1, contre 5` (the Hero copy of a card differs from the normal one)."""
    card = default_content().combat.get(card_id.split("#", 1)[0])
    if card is None:
        return None
    words = _STATS.get(lang, _STATS["en"])
    parts = [words["hero"]] if card.deck == "hero_combat" else []
    for field in ("attack", "shields", "counter"):
        n = getattr(card, field)
        if n:
            parts.append(words[field].format(n=n))
    if card.free:
        parts.append(words["free"])
    return ", ".join(parts) or words["unknown"]
