"""What can be wrong in a content pack, each problem naming its file, item and field.

Problems are i18n messages (`heresy.content.<code>`), so the CLI prints them in French or
English; `str(problem)` is the English text, handy in logs and assertion messages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dc_field
from types import MappingProxyType
from typing import Any

from arbitre.engine.i18n import Msg, add_messages, translate

_NO_ARGS: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Problem:
    """One defect: `file` (path shown to the user), `item` ("zone inner_palace"), `field`."""

    file: str
    item: str
    field: str
    code: str
    args: Mapping[str, Any] = dc_field(default_factory=lambda: _NO_ARGS)

    def msg(self) -> Msg:
        where = Msg(
            "heresy.content.where" if self.field else "heresy.content.where_item",
            {"file": self.file, "item": self.item or "-", "field": self.field},
        )
        return Msg(f"heresy.content.{self.code}", {"where": where, **self.args})

    def text(self, lang: str = "en") -> str:
        return translate(self.msg(), lang)

    def __str__(self) -> str:
        return self.text("en")


class ContentError(ValueError):
    """A content pack that cannot be used; `problems` lists every defect found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        head = "; ".join(str(p) for p in self.problems[:3])
        more = f" (+{len(self.problems) - 3} more)" if len(self.problems) > 3 else ""
        super().__init__(f"{len(self.problems)} content problem(s): {head}{more}")


add_messages(
    {
        "heresy.content.where": {
            "fr": "{ $file } · { $item } · champ « { $field } »",
            "en": "{ $file } · { $item } · field '{ $field }'",
        },
        "heresy.content.where_item": {"fr": "{ $file } · { $item }", "en": "{ $file } · { $item }"},
        "heresy.content.toml_syntax": {
            "fr": "{ $where } : TOML illisible ({ $error })",
            "en": "{ $where }: unreadable TOML ({ $error })",
        },
        "heresy.content.unknown_file": {
            "fr": "{ $where } : fichier inconnu dans un paquet de contenu (attendus : { $known })",
            "en": "{ $where }: unknown file in a content pack (expected: { $known })",
        },
        "heresy.content.missing_field": {
            "fr": "{ $where } : champ obligatoire absent",
            "en": "{ $where }: required field is missing",
        },
        "heresy.content.unknown_field": {
            "fr": "{ $where } : champ inconnu (champs permis : { $known })",
            "en": "{ $where }: unknown field (allowed fields: { $known })",
        },
        "heresy.content.bad_type": {
            "fr": "{ $where } : type attendu { $expected }, trouvé { $found }",
            "en": "{ $where }: expected { $expected }, found { $found }",
        },
        "heresy.content.bad_choice": {
            "fr": "{ $where } : valeur « { $value } » impossible ; choisir parmi { $choices }",
            "en": "{ $where }: value '{ $value }' is not allowed; choose one of { $choices }",
        },
        "heresy.content.out_of_range": {
            "fr": "{ $where } : valeur { $value } hors des bornes { $low }..{ $high }",
            "en": "{ $where }: value { $value } is outside { $low }..{ $high }",
        },
        "heresy.content.too_small": {
            "fr": "{ $where } : valeur { $value } inférieure au minimum { $low }",
            "en": "{ $where }: value { $value } is below the minimum { $low }",
        },
        "heresy.content.bad_id": {
            "fr": "{ $where } : identifiant « { $value } » invalide (minuscules, chiffres, _)",
            "en": "{ $where }: invalid id '{ $value }' (lower-case letters, digits, _)",
        },
        "heresy.content.duplicate_id": {
            "fr": "{ $where } : identifiant « { $id } » déjà utilisé dans ce catalogue",
            "en": "{ $where }: id '{ $id }' is already used in this catalog",
        },
        "heresy.content.unknown_ref": {
            "fr": "{ $where } : « { $ref } » n'existe pas dans { $catalog }",
            "en": "{ $where }: '{ $ref }' does not exist in { $catalog }",
        },
        "heresy.content.bad_provenance": {
            "fr": "{ $where } : provenance « { $value } » invalide (« rulebook p.N », "
            "« research:<clé> » ou « reconstructed »)",
            "en": "{ $where }: invalid provenance '{ $value }' ('rulebook p.N', "
            "'research:<key>' or 'reconstructed')",
        },
        "heresy.content.self_edge": {
            "fr": "{ $where } : un bord relie deux zones différentes, pas « { $zone } » à "
            "elle-même",
            "en": "{ $where }: an edge joins two different zones, not '{ $zone }' to itself",
        },
        "heresy.content.duplicate_edge": {
            "fr": "{ $where } : bord déjà déclaré",
            "en": "{ $where }: edge declared twice",
        },
        "heresy.content.asymmetric_edge": {
            "fr": "{ $where } : déclaré deux fois avec des valeurs différentes ({ $a } ≠ { $b })",
            "en": "{ $where }: declared twice with different values ({ $a } ≠ { $b })",
        },
        "heresy.content.terra_edge": {
            "fr": "{ $where } : aucune zone du Vengeful Spirit n'est adjacente à Terra (HH-37.12)",
            "en": "{ $where }: no Vengeful Spirit zone is adjacent to Terra (HH-37.12)",
        },
        "heresy.content.division_crevasse": {
            "fr": "{ $where } : la division de secteur n'est pas une crevasse (HH-18.13)",
            "en": "{ $where }: the sector division is not a crevasse (HH-18.13)",
        },
        "heresy.content.dashed_mismatch": {
            "fr": "{ $where } : une zone de plusieurs secteurs a un bord en pointillé, et "
            "réciproquement (HH-18.10)",
            "en": "{ $where }: a zone in several sectors has a dashed border, and vice versa "
            "(HH-18.10)",
        },
        "heresy.content.bad_outline": {
            "fr": "{ $where } : contour invalide ({ $reason })",
            "en": "{ $where }: invalid outline ({ $reason })",
        },
        "heresy.content.bad_track": {
            "fr": "{ $where } : piste mal formée ({ $reason })",
            "en": "{ $where }: malformed track ({ $reason })",
        },
        "heresy.content.bad_count": {
            "fr": "{ $where } : total { $total }, attendu { $expected }",
            "en": "{ $where }: total { $total }, expected { $expected }",
        },
        "heresy.content.too_many": {
            "fr": "{ $where } : { $count } × « { $what } » "
            "{ $count ->\n    [one] demandé\n   *[other] demandés\n}, { $available } seulement "
            "{ $available ->\n    [one] existe\n   *[other] existent\n}",
            "en": "{ $where }: { $count } × '{ $what }' asked for, only { $available } "
            "{ $available ->\n    [one] exists\n   *[other] exist\n}",
        },
        "heresy.content.side_mismatch": {
            "fr": "{ $where } : « { $ref } » appartient au camp { $actual }, pas { $expected }",
            "en": "{ $where }: '{ $ref }' belongs to the { $actual } side, not { $expected }",
        },
        # reasons, passed as the argument of bad_outline / bad_track
        "heresy.content.r.points": {"fr": "moins de 3 points", "en": "fewer than 3 points"},
        "heresy.content.r.area": {"fr": "surface nulle", "en": "zero area"},
        "heresy.content.r.outside": {
            "fr": "un point sort de la carte principale (board.toml, map)",
            "en": "a point lies outside the main map (board.toml, map)",
        },
        "heresy.content.r.position": {
            "fr": "la position n'est pas à l'intérieur du contour",
            "en": "the position is not inside the outline",
        },
        "heresy.content.r.order": {
            "fr": "les cases doivent être numérotées 1, 2, 3… dans l'ordre",
            "en": "spaces must be numbered 1, 2, 3… in order",
        },
        "heresy.content.r.start": {
            "fr": "l'icône start ne peut être que sur la case 1",
            "en": "the start icon can only be on space 1",
        },
        "heresy.content.r.imperial_victory": {
            "fr": "l'icône « imperial_victory » ne peut être que sur la dernière case",
            "en": "the 'imperial_victory' icon can only be on the last space",
        },
        "heresy.content.r.damage": {
            "fr": "il faut 0 < indemne ≤ … < blessé ≤ … < vaincu",
            "en": "expected 0 < unwounded ≤ … < wounded ≤ … < defeated",
        },
    }
)
