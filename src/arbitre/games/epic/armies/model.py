"""The records of Epic army lists and armies (issue 16; research/epic §3.1, EPC-4, EPC-29).

An *army list* (`ArmyList`, one file of games/epic/data/armies/) offers *cards*
(formations: compagnie, soutien, speciale, obligatoire) made of detachments of N stands of
one unit, Bound Characters who join them (EP-10.1), a points value and options. An *army*
(`Army`, a player's TOML file) names a list, a points limit and the cards it takes. A
`Force` is what the game plays: the detachments, as the catalog's `DetachmentSpec`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from arbitre.engine.i18n import Msg, translate
from arbitre.games.epic.profiles import DetachmentSpec

KINDS = ("compagnie", "soutien", "speciale", "obligatoire")
MAX_TEXT = 64 * 1024  # bytes of one army file (the library's limit too)
MAX_NAME = 60
MAX_CARDS = 60
MAX_OPTIONS = 8
MIN_POINTS, MAX_POINTS = 100, 20000


class ArmyError(ValueError):
    """An army file refused: `msg` names the field or card and the rule (bilingual)."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(translate(msg, "en"))
        self.msg = msg

    def text(self, lang: str) -> str:
        return translate(self.msg, lang)


@dataclass(frozen=True, slots=True)
class Group:
    """`count` detachments of `stands` stands of `unit`."""

    unit: str
    stands: int
    count: int


@dataclass(frozen=True, slots=True)
class CardOption:
    id: str
    name_fr: str
    name_en: str
    points: int
    detachments: tuple[Group, ...]
    characters: tuple[str, ...]
    source: str
    reconstructed: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name_fr: str
    name_en: str
    kind: str
    points: int
    break_points: int
    morale: int
    limit: int | None
    detachments: tuple[Group, ...]
    characters: tuple[str, ...]
    options: Mapping[str, CardOption]
    source: str
    reconstructed: tuple[str, ...]

    @property
    def is_character(self) -> bool:
        """A card of Bound Characters only: they join a detachment of another card."""
        return not self.detachments and bool(self.characters)


@dataclass(frozen=True, slots=True)
class Organisation:
    min_companies: int
    supports_per_company: int
    specials_per_company: int
    source: str
    reconstructed: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ArmyCard:
    """One card taken by an army: `attach` (1-based card number) and `detachment`
    (1-based within that card) place a character card's Bound Characters (EP-10.1)."""

    card: str
    options: tuple[str, ...] = ()
    attach: int | None = None
    detachment: int | None = None


@dataclass(frozen=True, slots=True)
class Army:
    list_id: str
    name: str
    points: int
    cards: tuple[ArmyCard, ...]


@dataclass(frozen=True, slots=True)
class ReadyMade:
    """A list's ready-made army at a points level: `name` is its French name (the army
    file's `name`), `name_en` its English one (the builder and the lobby by language)."""

    points: int
    name: str
    cards: tuple[ArmyCard, ...]
    name_en: str = ""

    def label(self, lang: str) -> str:
        return self.name_en or self.name if lang == "en" else self.name


@dataclass(frozen=True, slots=True)
class ArmyList:
    id: str
    name_fr: str
    name_en: str
    organisation: Organisation
    cards: Mapping[str, Card]
    ready_made: tuple[ReadyMade, ...]
    source: str
    reconstructed: tuple[str, ...]

    def name(self, lang: str) -> str:
        return self.name_fr if lang == "fr" else self.name_en


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason an army is illegal: the card (1-based, None for the whole army), the
    rule and the bilingual message (its text ends with the rule)."""

    card: int | None
    card_id: str | None
    rule: str
    msg: Msg

    def text(self, lang: str) -> str:
        return translate(self.msg, lang)


@dataclass(frozen=True, slots=True)
class Force:
    """The detachments a game plays, the same records as data/armies.toml's."""

    name_fr: str
    name_en: str
    detachments: tuple[DetachmentSpec, ...]
