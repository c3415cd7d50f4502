"""Troop types and hero skills of Champs de Bataille (CB-10..CB-14, CB-47..CB-52)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

from arbitre.engine.decision import Option
from arbitre.engine.i18n import Msg

CAP = 6  # CB-6: at most 6 small-equivalents per cell; heroes do not count (CB-7)
CATAPULT_RANGE = (2, 5)  # CB-15


@dataclass(frozen=True, slots=True)
class TroopType:
    """One row of the troop table; `index` is the compact id used in game states."""

    index: int
    id: str
    rule: str
    name_fr: str
    name_en: str
    dice: int
    units: int
    move: int
    size: int
    flying: bool
    traps: bool
    ranged: bool

    def name(self, lang: str) -> str:
        return self.name_fr if lang == "fr" else self.name_en


def _load() -> tuple[TroopType, ...]:
    raw = tomllib.loads(
        resources.files("arbitre.games.champs").joinpath("data/troops.toml").read_text("utf-8")
    )
    out = []
    for i, (tid, row) in enumerate(raw.items()):
        try:
            out.append(TroopType(index=i, id=tid, **row))
        except TypeError as exc:
            raise ValueError(f"data/troops.toml [{tid}]: {exc}") from None
    return tuple(out)


TYPES: tuple[TroopType, ...] = _load()
BY_ID: dict[str, TroopType] = {t.id: t for t in TYPES}
SOLDATS, CAVALERIE, AIRS, MASTODONTE, CATAPULTE = (
    BY_ID[k].index for k in ("soldats", "cavalerie", "airs", "mastodonte", "catapulte")
)

# Hero skills (CB-48..CB-52). A lone Gladiator fights and moves as a Mastodon (CB-51).
HEROES = ("guerrier", "voleur", "templier", "gladiateur")
HERO_NAMES = {
    "guerrier": ("Guerrier", "Warrior"),
    "voleur": ("Voleur", "Thief"),
    "templier": ("Templier", "Templar"),
    "gladiateur": ("Gladiateur", "Gladiator"),
}
WARRIOR_DICE = 2  # CB-48
GLADIATOR_TROOP_DICE = 1  # CB-52
GLADIATOR_ALONE_DICE = 3  # CB-51
SUPPORT_DICE = 1  # CB-68
_TYPE_OPTIONS = tuple(
    Option(f"type:{t.id}", Msg("champs.opt.type", {"type": f"champs.type.{t.id}"})) for t in TYPES
)


def type_options() -> tuple[Option, ...]:
    """One option per troop type, for the MJ's free choices (CB-4, CB-26)."""
    return _TYPE_OPTIONS


def troop_type(tid: str) -> TroopType:
    try:
        return BY_ID[tid]
    except KeyError:
        raise ValueError(
            f"unknown troop type {tid!r}; known: {', '.join(BY_ID)} (CB-10..CB-14)"
        ) from None
