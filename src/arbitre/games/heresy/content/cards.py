"""Cards (orders, combat, events, bombardment) and scenarios, as frozen dataclasses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from arbitre.games.heresy.content.base import Named, Side, Sourced

# --- cards -------------------------------------------------------------------------------

# The effect an Order card plays: an id of orders.EFFECTS (a content pack can give any card
# any of these; a card without `play` plays the effect registered under its own id).
OrderPlay = Literal[
    "gather",
    "gather_activate",
    "redeploy",
    "drop_pods",
    "port_landing",
    "vigor",
    "battle",
    "lightning_raid",
    "boarding",
    "secret_routes",
    "enemy_mark",
    "tanks",
    "levy",
    "titans",
    "cultists",
    "daemons",
    "fortify",
    "repair",
    "regroup",
    "orbital",
    "corrupt",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class OrderCard(Named):
    """An Order card (HH-17.6..HH-17.11); unknown values are None."""

    deck: Side | Literal["unknown"]
    kind: Literal["movement", "attack", "landing", "other"]
    cost: int | None = None
    starting: bool | None = None
    reusable: bool | None = None
    copies: int | None = None
    iterations: int | None = None
    origins: Literal["one", "any"] | None = None
    rank_limit: int | None = None
    strategic_rank_limit: int | None = None
    look_at: int | None = None  # Combat cards seen and put back before drawing (Onslaught)
    effect_fr: str | None = None
    effect_en: str | None = None
    strategic_fr: str | None = None
    strategic_en: str | None = None
    play: OrderPlay | None = None
    # fields this content designs where the sources are silent (e.g. ["deck", "cost"])
    reconstructed: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class OrderDecks(Sourced):
    imperial: int
    traitor: int
    hand_limit: int


Requirement = Literal[
    "attacking_unit",
    "defending_unit",
    "hero",
    "space_marines",
    "chaos_space_marines",
    "chaos_thunderhawk",
    "chaos_titan_attacking_fortification",
    "daemon_horde",
    "nurgle_unit",
    "khorne_unit",
    "tzeentch_unit",
    "slaanesh_unit",
    "imperial_army",
    "imperial_tank_division",
    "imperial_titan",
    "adeptus_custodes",
    "adeptus_mechanicus",
    "chaos_titan",
    "chaos_cultists",
]

# The special effect a Combat card plays: an id of combat_cards.EFFECTS (see OrderPlay).
CombatPlay = Literal[
    "angels_of_death",
    "hostile_ground",
    "strategic_withdrawal",
    "hunker_down",
    "lead_by_example",
    "sacrifices_must_be_made",
    "diversionary_tactics",
    "terrifying",
    "will_of_chaos",
    "breach",
    "rain_of_death",
    "maleficent_plague",
    "blood_for_the_blood_god",
    "armies_without_numbers",
    "attrition",
    "hurt1",
    "rout1",
    "draw1",
    "heal_unit",
    "heal_hero",
    "hero2",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatCard(Named):
    """A Combat or Hero Combat card (HH-27.x); values the sources lack are None."""

    deck: Literal["combat", "hero_combat"]
    side: Side | Literal["unknown"]
    attack: int | None = None
    shields: int | None = None
    requirement: Requirement | None = None
    free: bool | None = None
    counter: int | None = None
    copies: int | None = None
    effect_fr: str | None = None
    effect_en: str | None = None
    play: CombatPlay | None = None
    # fields this content designs where the sources are silent (docs/heresy-battles.md)
    reconstructed: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatDecks(Sourced):
    imperial_combat: int
    traitor_combat: int
    imperial_hero_combat: int
    traitor_hero_combat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class EventCard(Named):
    """An Event card (HH-16.1); `pool` is its side in the 'Like Unto Gods' draft;
    `reconstructed`: the effect texts (and events.py) are a reconstruction, not the card."""

    copies: int
    pool: Literal["imperial", "traitor", "neutral", "not_used"]
    immediate: bool | None = None
    effect_fr: str | None = None
    effect_en: str | None = None
    reconstructed: bool = False
    # the French name is arbitre's: the French title is unknown (orders and Combat cards
    # say so with "name_fr" in their `reconstructed` list)
    name_fr_reconstructed: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class EventDeck(Sourced):
    size: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Orbital:
    damage: int = 0
    breach: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class BombardmentCard(Sourced):
    """A Bombardment card's four sections (HH-6.1); `lasers[i]` is the line for i+1 lasers."""

    id: str
    precise: Orbital
    saturation: Orbital
    thunderhawk: int
    lasers: tuple[Literal["hit", "miss"], ...]
    symbol: Literal["aquila", "chaos_star"] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BombardmentDeck(Sourced):
    size: int
    aquila: int | None = None
    chaos_star: int | None = None


# --- scenarios ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitStack:
    unit: str
    count: int = 1
    legion: str | None = None
    power: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Placement:
    """What one side sets up in one zone (setup step 4, HH-12.19)."""

    zone: str
    side: Side
    units: tuple[UnitStack, ...] = ()
    heroes: tuple[str, ...] = ()
    lasers: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Act:
    """One act of the Event deck (HH-13.1, HH-13.2): `use` random cards of `cards` (0: all)."""

    n: int
    cards: tuple[str, ...]
    use: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Scenario(Named):
    """A Scenario Guide scenario: setup counts, deployment, Event deck, special rules."""

    n: int
    corruption: int
    bombardments: int
    deployment: Literal["fixed", "chosen"]
    events: Literal["acts", "draft", "random"]
    random_events: int = 0
    impassable: int = 0
    special_tokens: int = 0
    extra_orders: Literal["none", "choose_4", "random_1"] = "none"
    premise_fr: str | None = None
    premise_en: str | None = None
    rules_fr: str | None = None
    rules_en: str | None = None
    act: tuple[Act, ...] = ()
    placement: tuple[Placement, ...] = ()
