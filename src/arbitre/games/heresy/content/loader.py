"""`load_content(pack)`: the default content, with any part a content pack replaces.

A content pack is a folder with the same layout as `games/heresy/data/`; each file it
holds replaces that part of the default (docs/content.md). Every problem of every file is
collected, then `ContentError` lists them all.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from arbitre.games.heresy.content.base import Catalog
from arbitre.games.heresy.content.cards import (
    BombardmentCard,
    BombardmentDeck,
    CombatCard,
    CombatDecks,
    EventCard,
    EventDeck,
    OrderCard,
    OrderDecks,
    Scenario,
)
from arbitre.games.heresy.content.catalog import (
    Board,
    Component,
    Content,
    Edge,
    Hero,
    Legion,
    Power,
    Sector,
    Source,
    Tracks,
    UnitType,
    Zone,
)
from arbitre.games.heresy.content.checker import Parts
from arbitre.games.heresy.content.problems import ContentError, Problem
from arbitre.games.heresy.content.schema import Reader
from arbitre.games.heresy.content.validate import validate


@dataclass(frozen=True, slots=True, kw_only=True)
class SourcesFile:
    source: tuple[Source, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SectorsFile:
    sector: tuple[Sector, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ZonesFile:
    zone: tuple[Zone, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class EdgesFile:
    edge: tuple[Edge, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitsFile:
    power: tuple[Power, ...] = ()
    legion: tuple[Legion, ...] = ()
    unit: tuple[UnitType, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class HeroesFile:
    hero: tuple[Hero, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class OrdersFile:
    deck: OrderDecks
    order: tuple[OrderCard, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatFile:
    deck: CombatDecks
    card: tuple[CombatCard, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class EventsFile:
    deck: EventDeck
    event: tuple[EventCard, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class BombardmentFile:
    deck: BombardmentDeck
    card: tuple[BombardmentCard, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ComponentsFile:
    component: tuple[Component, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ScenariosFile:
    scenario: tuple[Scenario, ...] = ()


# part (path inside a pack) -> root type; Board's root table is the item "board".
PARTS: dict[str, type] = {
    "sources.toml": SourcesFile,
    "board.toml": Board,
    "map/sectors.toml": SectorsFile,
    "map/zones.toml": ZonesFile,
    "map/edges.toml": EdgesFile,
    "units.toml": UnitsFile,
    "heroes.toml": HeroesFile,
    "tracks.toml": Tracks,
    "cards/orders.toml": OrdersFile,
    "cards/combat.toml": CombatFile,
    "cards/events.toml": EventsFile,
    "cards/bombardment.toml": BombardmentFile,
    "scenarios.toml": ScenariosFile,
    "components.toml": ComponentsFile,
}
# Files of `data/` that are the game's, not content (rule IDs and texts): a copy of
# `data/` is a valid starting pack, so a pack may hold them; they are never read from it.
GAME_FILES = ("rule_ids.toml", "rule_texts.toml", "rule_texts_fr.toml")
DEFAULT_LABEL = "arbitre/games/heresy/data"


def default_data() -> Traversable:
    return resources.files("arbitre.games.heresy").joinpath("data")


def load_content(pack: Path | None = None) -> Content:
    """The validated content: the default, each part replaced by the pack's file if any."""
    content, problems = check_content(pack)
    if problems or content is None:
        raise ContentError(problems)
    return content


def check_content(pack: Path | None = None) -> tuple[Content | None, list[Problem]]:
    """The content (None when anything is wrong) and every problem found."""
    problems: list[Problem] = []
    if pack is not None:
        problems += _unknown_files(pack)
    roots: dict[str, Any] = {}
    files: dict[str, str] = {}  # part -> label in messages (a real path when there is one)
    origins: dict[str, str] = {}  # part -> Content.origins
    broken: dict[str, set[str]] = {}
    for part, root_type in PARTS.items():
        label, path = _locate(part, pack)
        files[part] = label
        origins[part] = _origin(part, pack)
        try:
            raw = tomllib.loads(path.read_text("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            problems.append(Problem(label, "", "", "toml_syntax", {"error": str(exc)}))
            continue
        reader = Reader(label, problems)
        roots[part] = reader.root(root_type, raw, "board" if root_type is Board else "")
        broken[part] = reader.broken
    parts = Parts(roots, files, broken)
    validate(parts, problems)
    if problems or any(roots.get(p) is None for p in PARTS):
        return None, problems
    return _assemble(roots, origins), problems


def _locate(part: str, pack: Path | None) -> tuple[str, Path | Traversable]:
    """The label shown in messages and the file to read: the pack's if it has one. A
    default file is labelled with its real path when it is a file on disk (one the user
    can open), with its place in the package otherwise (e.g. inside a zip)."""
    if pack is not None and (pack / part).is_file():
        return str(pack / part), pack / part
    default = default_data().joinpath(*part.split("/"))
    label = str(default) if isinstance(default, Path) else f"{DEFAULT_LABEL}/{part}"
    return label, default


def _origin(part: str, pack: Path | None) -> str:
    """Where a part was read, for `Content.origins`: the pack's file, or the default's
    place in the package (`DEFAULT_LABEL/part`)."""
    if pack is not None and (pack / part).is_file():
        return str(pack / part)
    return f"{DEFAULT_LABEL}/{part}"


def _unknown_files(pack: Path) -> list[Problem]:
    known = ", ".join(PARTS)
    return [
        Problem(str(path), "", "", "unknown_file", {"known": known})
        for path in sorted(pack.rglob("*.toml"))
        if path.relative_to(pack).as_posix() not in (*PARTS, *GAME_FILES)
    ]


def _assemble(roots: dict[str, Any], files: dict[str, str]) -> Content:
    units: UnitsFile = roots["units.toml"]
    orders: OrdersFile = roots["cards/orders.toml"]
    combat: CombatFile = roots["cards/combat.toml"]
    events: EventsFile = roots["cards/events.toml"]
    bombardment: BombardmentFile = roots["cards/bombardment.toml"]
    return Content(
        sources=Catalog(roots["sources.toml"].source),
        board=roots["board.toml"],
        sectors=Catalog(roots["map/sectors.toml"].sector),
        zones=Catalog(roots["map/zones.toml"].zone),
        edges=roots["map/edges.toml"].edge,
        powers=Catalog(units.power),
        legions=Catalog(units.legion),
        units=Catalog(units.unit),
        heroes=Catalog(roots["heroes.toml"].hero),
        tracks=roots["tracks.toml"],
        order_decks=orders.deck,
        orders=Catalog(orders.order),
        combat_decks=combat.deck,
        combat=Catalog(combat.card),
        event_deck=events.deck,
        events=Catalog(events.event),
        bombardment_deck=bombardment.deck,
        bombardment=Catalog(bombardment.card),
        scenarios=Catalog(roots["scenarios.toml"].scenario),
        components=Catalog(roots["components.toml"].component),
        origins=dict(files),
    )


@cache
def default_content() -> Content:
    """The default content (no pack), loaded once per process."""
    return load_content()
