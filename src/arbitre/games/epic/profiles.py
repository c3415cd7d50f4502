"""The typed records of the Epic game's data: abilities, saves, weapons, psychic powers,
unit profiles, titan sheets, detachments and armies (EPC-1..3, EP-10, EP-11)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

SOURCE_RE = re.compile(r"^(seed|reconstructed|research:S\d+)$")
SAVE_RE = re.compile(r"^(?:(?P<a>[2-6])\+)?(?:/)?(?:(?P<f>[2-6])\+f)?$")
UNIT_TYPES = ("infantry", "cavalry", "walker", "vehicle", "super_heavy", "titan", "praetorian")
UNIT_TYPES_ALL = (*UNIT_TYPES, "flyer")
ARCS = (90, 180, 360)
FORMATIONS = ("compagnie", "soutien", "speciale", "obligatoire", "option")
MAX_BOUND = 2  # EP-10.7


def _first_of(pairs: tuple[tuple[str, int | None], ...]) -> dict[str, int | None]:
    """(name, value) pairs as a dict, the first value of a repeated name kept."""
    out: dict[str, int | None] = {}
    for name, value in pairs:
        out.setdefault(name, value)
    return out


class DataError(ValueError):
    """A data file refused: `where` is 'file [item] field'."""

    def __init__(self, file: str, item: str, field: str, problem: str) -> None:
        super().__init__(f"{file} [{item}] {field}: {problem}")
        self.file, self.item, self.field, self.problem = file, item, field, problem


@dataclass(frozen=True, slots=True)
class Ability:
    id: str
    rule: str
    kind: str  # unit | weapon
    param: str  # none | int | save
    name_fr: str
    name_en: str
    source: str


@dataclass(frozen=True, slots=True)
class Save:
    """A save characteristic: armour X+ (modified by PA), fixed Y+f, or a location sheet."""

    armour: int | None = None
    fixed: int | None = None
    sheet: bool = False

    @property
    def none(self) -> bool:
        return self.armour is None and self.fixed is None and not self.sheet


@dataclass(frozen=True, slots=True)
class Weapon:
    name_fr: str
    name_en: str
    range: int
    dice: int
    to_hit: int
    pa: int
    arc: int
    notes: tuple[tuple[str, int | None], ...]
    source: str
    # the notes by name (the first of a name wins, as a scan would find it): `has` and
    # `param` are asked hundreds of thousands of times a game (issue 14)
    _notes: dict[str, int | None] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_notes", _first_of(self.notes))

    def has(self, ability: str) -> bool:
        return ability in self._notes

    def param(self, ability: str) -> int | None:
        return self._notes.get(ability)


@dataclass(frozen=True, slots=True)
class Power:
    id: str
    name_fr: str
    name_en: str
    kind: str  # physical | ethereal (EP-11.3)
    phase: str  # movement | combat (EP-11.6)
    range: int
    dice: int
    to_hit: int
    pa: int | None  # ethereal powers have no PA (AMB-EP-11b)
    source: str


@dataclass(frozen=True, slots=True)
class UnitProfile:
    id: str
    name_fr: str
    name_en: str
    type: str
    cls: int
    move: int
    save: Save
    fa: int
    wounds: int
    abilities: tuple[tuple[str, int | None], ...]
    weapons: tuple[Weapon, ...]
    powers: tuple[Power, ...]
    sheet: str | None
    source: str
    reconstructed: tuple[str, ...]
    # derived once (issue 14: asked for every stand at every shot and move): each ability
    # with its parameter (the first listed), read directly in hot loops where `has` and
    # `param` would cost a call (issue 15); shared, never changed
    params: dict[str, int | None] = field(init=False, repr=False, compare=False)
    is_flyer: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", _first_of(self.abilities))
        object.__setattr__(self, "is_flyer", "flyer" in self.params)

    def has(self, ability: str) -> bool:
        return ability in self.params

    def param(self, ability: str) -> int | None:
        return self.params.get(ability)


@dataclass(frozen=True, slots=True)
class Sheet:
    id: str
    name_fr: str
    name_en: str
    wounds: int
    save: int
    front: tuple[str, ...]
    rear: tuple[str, ...]
    source: str


@dataclass(frozen=True, slots=True)
class DetachmentSpec:
    id: str
    unit: str
    stands: int
    formation: str
    break_points: int
    morale: int
    bound: tuple[str, ...]
    source: str
    company: str | None = None  # its Company Formation (EPC-4, EP-10.8)
    transport: str | None = None  # its assigned transport detachment (EP-9.3)
    embarked: str | None = None  # the transport detachment it starts in (EPC-21)


@dataclass(frozen=True, slots=True)
class Army:
    id: str
    name_fr: str
    name_en: str
    detachments: tuple[DetachmentSpec, ...]
    source: str


@dataclass(frozen=True, slots=True)
class Catalog:
    abilities: Mapping[str, Ability]
    units: Mapping[str, UnitProfile]
    sheets: Mapping[str, Sheet]
    armies: Mapping[str, Army]
