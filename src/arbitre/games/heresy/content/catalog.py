"""Board, map, forces and tracks catalogs, the map graph, and `Content` (all of it).

Field names are the TOML keys (docs/content.md); card and scenario types are in cards.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from arbitre.games.heresy.content.base import Catalog, Named, Point, Side, Sourced
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

# --- sources and board -------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Source:
    """A research source key (shared/research/heresy/sources.md); `research:<id>` cites it."""

    id: str
    what: str
    where: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Board(Sourced):
    """The board rectangle; the main map and the initiative track strip are inside it."""

    width: float
    height: float
    map: tuple[float, float, float, float]
    initiative_track: tuple[float, float, float, float]


# --- map ---------------------------------------------------------------------------------

ZoneKind = Literal[
    "open", "palace", "fortress", "industrial_complex", "spaceport", "vengeful_spirit"
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Sector(Named):
    """One of the seven groups of zones with its own order pile (HH-18.6, HH-18.7)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Zone(Named):
    """One space of the main map (HH-3.13) with its sector(s), type and drawing."""

    sectors: tuple[str, ...]
    kind: ZoneKind
    fortified: bool
    stacking_limit: int
    position: Point
    outline: tuple[Point, ...]
    aliases: tuple[str, ...] = ()
    dashed: bool = False
    laser_site: bool = False
    terra: bool = True
    never_impassable: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Edge(Sourced):
    """Two adjacent zones; a crevasse (HH-3.15) or the sector division (HH-18.13)."""

    zones: tuple[str, str]
    crevasse: bool = False
    region_division: bool = False


# --- forces ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Power(Named):
    """A Chaos Power and its figure colour (HH-5.1)."""

    colour: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Legion(Named):
    """A Space Marine or Chaos Space Marine legion (HH-7.4, HH-8.4)."""

    side: Side
    unit: str
    count: int
    primarch: str | None = None
    power: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitType(Named):
    """A unit profile (HH-3.4, HH-10.3, HH-11.1, HH-23.1)."""

    side: Side
    count: int
    rank: int
    move: int
    fast: bool = False
    flying: bool = False
    air_transport: int = 0
    chaos_unit: bool = False
    corruptible: bool = False
    corrupts_into: str | None = None
    per_power: int = 0
    eliminated_to: Literal["reserve", "box", "split"] = "box"


@dataclass(frozen=True, slots=True, kw_only=True)
class Hero(Named):
    """A Hero (HH-7.2, HH-31.10); individual ability texts are not public (AMB-9)."""

    side: Side
    move: int = 3
    legion: str | None = None
    ability_timing: (
        Literal["joining_battle", "engaging_units", "preparing_to_fight", "combat_iterations"]
        | None
    ) = None
    ability_fr: str | None = None
    ability_en: str | None = None
    # True when the ability text is designed from clues (docs/heresy-battles.md)
    ability_reconstructed: bool = False
    death_gives_victory_to: Side | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Component(Named):
    """A piece of the box and how many there are (HH-3.3, HH-3.7, HH-3.9). Informational:
    markers and tokens never run out in the engine (AMB-29)."""

    count: int
    side: Side | None = None
    value: int | None = None  # the number printed on it (damage tokens, HH-8.3)


# --- tracks ------------------------------------------------------------------------------

TrackIcon = Literal[
    "start", "event", "order_draw", "restoration", "spaceport_victory", "imperial_victory"
]


@dataclass(frozen=True, slots=True, kw_only=True)
class TrackSpace:
    n: int
    icons: tuple[TrackIcon, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class InitiativeTrack(Sourced):
    """The initiative track (HH-14.1, HH-15.1): numbered spaces with special-phase icons."""

    space: tuple[TrackSpace, ...]

    def spaces_with(self, icon: str) -> tuple[int, ...]:
        return tuple(s.n for s in self.space if icon in s.icons)


@dataclass(frozen=True, slots=True, kw_only=True)
class HeroDamageTrack(Sourced):
    """The shared hero damage track (HH-32.9, HH-32.10)."""

    unwounded: tuple[int, int]
    wounded: tuple[int, int]
    defeated: int


@dataclass(frozen=True, slots=True, kw_only=True)
class IterationTrack(Sourced):
    spaces: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Tracks:
    initiative: InitiativeTrack
    hero_damage: HeroDamageTrack
    combat_iteration: IterationTrack


# --- the whole -------------------------------------------------------------------------


class MapGraph:
    """Adjacency of the zones, built once from the edges (HH-3.13, HH-33.5)."""

    __slots__ = ("_edges", "_neighbours", "_sectors")

    def __init__(self, zones: Iterable[Zone], edges: Iterable[Edge]) -> None:
        zone_list = tuple(zones)
        nbr: dict[str, set[str]] = {z.id: set() for z in zone_list}
        self._edges: dict[frozenset[str], Edge] = {}
        for e in edges:
            a, b = e.zones
            self._edges.setdefault(frozenset(e.zones), e)
            nbr.setdefault(a, set()).add(b)
            nbr.setdefault(b, set()).add(a)
        self._neighbours = {k: frozenset(v) for k, v in nbr.items()}
        sectors: dict[str, list[str]] = {}
        for z in zone_list:
            for s in z.sectors:
                sectors.setdefault(s, []).append(z.id)
        self._sectors = {k: tuple(v) for k, v in sectors.items()}

    def neighbours(self, zone: str) -> frozenset[str]:
        return self._neighbours.get(zone, frozenset())

    def edge(self, a: str, b: str) -> Edge | None:
        return self._edges.get(frozenset((a, b)))

    def is_crevasse(self, a: str, b: str) -> bool:
        e = self.edge(a, b)
        return e is not None and e.crevasse

    def sector_zones(self, sector: str) -> tuple[str, ...]:
        return self._sectors.get(sector, ())

    @property
    def edges(self) -> tuple[Edge, ...]:
        return tuple(self._edges.values())


@dataclass(frozen=True, slots=True, kw_only=True)
class Content:
    """Everything the game runs on; `origins` maps each part file to where it was read."""

    sources: Catalog[Source]
    board: Board
    sectors: Catalog[Sector]
    zones: Catalog[Zone]
    edges: tuple[Edge, ...]
    powers: Catalog[Power]
    legions: Catalog[Legion]
    units: Catalog[UnitType]
    heroes: Catalog[Hero]
    tracks: Tracks
    order_decks: OrderDecks
    orders: Catalog[OrderCard]
    combat_decks: CombatDecks
    combat: Catalog[CombatCard]
    event_deck: EventDeck
    events: Catalog[EventCard]
    bombardment_deck: BombardmentDeck
    bombardment: Catalog[BombardmentCard]
    scenarios: Catalog[Scenario]
    components: Catalog[Component] = field(default_factory=Catalog)
    origins: Mapping[str, str] = field(default_factory=dict, compare=False)
    graph: MapGraph = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "graph", MapGraph(self.zones, self.edges))
