"""The lobby's words for the options of L'Hérésie d'Horus: a short label per option, the
section it is folded in, and its values named in words (French and English).

`option_texts(key)` gives the `ConfigOption` fields (`label`, `group`, `value_labels`);
the messages are `heresy.opt.<key>`, `heresy.opt.<key>.v.<value>`, `heresy.optgroup.<g>`.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.ruleset import option_texts_of

GAME = "heresy"

GROUPS: dict[str, tuple[str, str]] = {
    "content": ("Contenu", "Content"),
    "play": ("Ordres, mouvement et victoire", "Orders, movement and victory"),
    "air": ("Transport aérien et Thunderhawks", "Air transport and Thunderhawks"),
    "readings": ("Errata et lectures des règles", "Errata and rule readings"),
}

_YES_NO = {True: ("oui", "yes"), False: ("non", "no")}

# key: (label in French, in English, group ("" = in view), {value: (French, English)})
OPTIONS: dict[str, tuple[str, str, str, dict[Any, tuple[str, str]]]] = {
    "scenario": ("Scénario", "Scenario", "", {}),
    "content": (
        "Pack de contenu",
        "Content pack",
        "content",
        {None: ("contenu de base", "base content")},
    ),
    "orders.unknownCost": (
        "Coût d'un ordre au coût inconnu",
        "Cost of an order of unknown cost",
        "play",
        {
            0: ("0 point", "0 points"),
            1: ("1 point", "1 point"),
            2: ("2 points", "2 points"),
            3: ("3 points", "3 points"),
        },
    ),
    "stacking.removed": (
        "Unités retirées pour l'empilement",
        "Units removed for stacking",
        "play",
        {
            "eliminated": ("éliminées", "eliminated"),
            "reserve": ("remises en réserve", "back to the reserve"),
        },
    ),
    "transport.dropOutside": (
        "Largage hors des zones de destination",
        "Drop outside destination zones",
        "air",
        {},
    ),
    "transport.heroes": (
        "Héros transportés par air",
        "Heroes carried by air",
        "air",
        {
            None: (
                "selon la FAQ (non avec elle, oui sans)",
                "as the FAQ says (no with it, yes without)",
            ),
            **_YES_NO,
        },
    ),
    "move.leaveContested": (
        "Quitter une zone contestée",
        "Leave a contested zone",
        "play",
        {},
    ),
    "victory.anyMarker": (
        "Tout marqueur déclenche la victoire",
        "Either marker triggers victory",
        "play",
        {},
    ),
    "faq": ("Errata de la FAQ v1.0", "FAQ v1.0 errata", "readings", {}),
    "thunderhawk.heroes": (
        "Bombardement Thunderhawk sur les Héros",
        "Thunderhawk bombardment on Heroes",
        "air",
        {
            "book": ("selon l'exemple et la FAQ", "as the example and FAQ say"),
            "rules": ("jamais (texte des règles)", "never (rules text)"),
        },
    ),
    "thunderhawk.fortified": (
        "Fortifications contre les Thunderhawks",
        "Fortifications against Thunderhawks",
        "air",
        {},
    ),
    "events.reconstructed": (
        "Effets d'Événement reconstitués",
        "Reconstructed Event effects",
        "readings",
        {},
    ),
    "heroes.drawOptional": (
        "Pioche Combat Héros facultative",
        "Optional Hero Combat draw",
        "readings",
        {},
    ),
}

option_texts = option_texts_of(GAME, GROUPS, OPTIONS)
