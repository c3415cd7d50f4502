"""French and English texts of Epic tables (issue 16): the refusals of a table file
(tables.py, rules TABLE-1..TABLE-7) and the table option's words."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages


def _t(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}


# TABLE-n: the rules a table file follows (docs/epic.md "Tables"); each refusal names one
RULES: dict[str, tuple[str, str]] = {
    "TABLE-0": (
        "une table se nomme : default, un nom de la bibliothèque, ou (en ligne de commande) "
        "un fichier .toml",
        "a table is named: default, a library name, or (on the command line) a .toml file",
    ),
    "TABLE-1": ("largeur et hauteur de 60 à 400 cm", "width and height 60 to 400 cm"),
    "TABLE-2": (
        "au plus 200 éléments de décor, de sortes connues",
        "at most 200 terrain pieces, of known kinds",
    ),
    "TABLE-3": (
        "chaque élément entièrement sur la table, rayon de 1 à 60 cm, côtés d'au moins 1 cm",
        "every piece wholly on the table, radius 1 to 60 cm, sides at least 1 cm",
    ),
    "TABLE-4": (
        "Points de Structure de 1 à 20, seulement pour un bâtiment (EP-5)",
        "Structure Points 1 to 20, only on a building (EP-5)",
    ),
    "TABLE-5": (
        "zones de déploiement : 1 à 8 rectangles par camp, sur la table, sans chevaucher "
        "celles de l'autre camp",
        "deployment zones: 1 to 8 rectangles per side, on the table, not overlapping the "
        "other side's",
    ),
    "TABLE-6": (
        "au plus 20 objectifs, sur la table, hors d'un décor infranchissable à un socle",
        "at most 20 objectives, on the table, not in terrain impassable to some base",
    ),
    "TABLE-7": (
        "un fichier TOML d'au plus 64 Kio, noms d'au plus 60 caractères, aucune clé inconnue",
        "a TOML file of at most 64 KiB, names of at most 60 characters, no unknown key",
    ),
}


MESSAGES: dict[str, dict[str, str]] = {
    "epic.table.err.not_table": _t(
        "{ $field } : une table TOML est attendue", "{ $field }: a TOML table is expected"
    ),
    "epic.table.err.unknown_key": _t(
        "{ $field } : clé inconnue (clés permises : { $keys })",
        "{ $field }: unknown key (allowed keys: { $keys })",
    ),
    "epic.table.err.missing": _t("{ $field } : valeur manquante", "{ $field }: missing value"),
    "epic.table.err.not_number": _t(
        "{ $field } : un nombre est attendu, pas { $value }",
        "{ $field }: a number is expected, not { $value }",
    ),
    "epic.table.err.not_list": _t(
        "{ $field } : une liste est attendue", "{ $field }: a list is expected"
    ),
    "epic.table.err.too_many": _t(
        "{ $field } : { $count } éléments, au plus { $max }",
        "{ $field }: { $count } items, at most { $max }",
    ),
    "epic.table.err.bad_text": _t(
        "{ $field } : un texte d'une ligne, d'au plus { $max } caractères",
        "{ $field }: one line of text, at most { $max } characters",
    ),
    "epic.table.err.kind": _t(
        "{ $field } : sorte de décor inconnue (sortes : { $kinds })",
        "{ $field }: unknown terrain kind (kinds: { $kinds })",
    ),
    "epic.table.err.radius": _t(
        "{ $field } : le rayon va de { $lo } à { $hi } cm",
        "{ $field }: the radius is { $lo } to { $hi } cm",
    ),
    "epic.table.err.outside": _t(
        "{ $field } : dépasse de la table ({ $w } × { $h } cm)",
        "{ $field }: goes off the table ({ $w } × { $h } cm)",
    ),
    "epic.table.err.rect": _t(
        "{ $field } : un rectangle demande x0 < x1 et y0 < y1, côtés d'au moins { $min } cm",
        "{ $field }: a rectangle needs x0 < x1 and y0 < y1, sides of at least { $min } cm",
    ),
    "epic.table.err.angle": _t(
        "{ $field } : l'angle va de -360 à 360 degrés",
        "{ $field }: the angle is -360 to 360 degrees",
    ),
    "epic.table.err.structure": _t(
        "{ $field } : des Points de Structure (1 à 20) pour un bâtiment seulement",
        "{ $field }: Structure Points (1 to 20) on a building only",
    ),
    "epic.table.err.in_terrain": _t(
        "{ $field } : dans { $piece }, un décor infranchissable à certains socles",
        "{ $field }: inside { $piece }, terrain impassable to some bases",
    ),
    "epic.table.err.side": _t(
        "{ $field } : le camp est 0 (premier joueur) ou 1 (second)",
        "{ $field }: the side is 0 (first player) or 1 (second)",
    ),
    "epic.table.err.zones": _t(
        "{ $field } : au plus { $max } zones par camp",
        "{ $field }: at most { $max } zones per side",
    ),
    "epic.table.err.overlap": _t(
        "{ $field } : chevauche une zone de déploiement de l'autre camp",
        "{ $field }: overlaps a deployment zone of the other side",
    ),
    "epic.table.err.no_zone": _t(
        "{ $field } : le camp { $side } n'a aucune zone de déploiement",
        "{ $field }: side { $side } has no deployment zone",
    ),
    "epic.table.err.size": _t(
        "{ $field } : de { $lo } à { $hi } cm", "{ $field }: { $lo } to { $hi } cm"
    ),
    "epic.table.err.too_big": _t(
        "fichier de table trop long (au plus { $max } Kio)",
        "table file too long (at most { $max } KiB)",
    ),
    "epic.table.err.toml": _t(
        "ce n'est pas du TOML valide : { $error }", "not valid TOML: { $error }"
    ),
    "epic.table.err.unknown": _t(
        "{ $field } : aucune table « { $name } »",
        "{ $field }: no table '{ $name }'",
    ),
}

MESSAGES_OPTIONS: dict[str, dict[str, str]] = {
    "epic.option.table": _t(
        "La table : celle de la bataille d'initiation (reconstituée) ou une table de la "
        "bibliothèque, dessinée avec l'éditeur de table Epic ; en ligne de commande, aussi "
        "un fichier TOML (--table)",
        "The table: the starter battle's (reconstructed) or a table of the library, drawn "
        "with the Epic table editor; on the command line, also a TOML file (--table)",
    ),
    "epic.option.scenario": _t(
        "Le décompte de la victoire : « starter » (nos seuils de la bataille d'initiation), "
        "« standard » (les conditions de victoire des sources) ; par défaut, la bataille "
        "d'initiation garde les siens et une partie d'armées suit les sources",
        "How victory is counted: 'starter' (our thresholds of the starter battle), "
        "'standard' (the sources' victory conditions); by default the starter battle keeps "
        "its own and a game from armies follows the sources",
    ),
}

# every refusal ends with the rule it breaks, spelled out (the rule id follows, `translate`)
for _key, _texts in MESSAGES.items():
    _texts["fr"] += " ({ $rule_text })"
    _texts["en"] += " ({ $rule_text })"
MESSAGES.update({f"epic.table.rule.{r}": _t(fr, en) for r, (fr, en) in RULES.items()})

add_messages(MESSAGES)
add_messages(MESSAGES_OPTIONS)
