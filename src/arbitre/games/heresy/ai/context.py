"""What one seat knows at a decision, and the board facts built once per content.

`Ctx` reads only what the seat may see (the state's public parts, its own hands and the
top of its own piles, HH-18.14, HH-26.6): never the opponent's hands, the order of a
deck, the opponent's placed orders or the Event deck. Card pools are multisets (a deck
together with the opponent's hand), which determinization keeps.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any

from arbitre.engine.rng import Rng
from arbitre.games.heresy import combat_cards as cc
from arbitre.games.heresy import lasers, orders
from arbitre.games.heresy.ai import values as V
from arbitre.games.heresy.fortification import fortified
from arbitre.games.heresy.state import SIDE_NAMES, HeresyState, Unit

Card = tuple[int, int, float, str]  # attack, shields, effect worth, unit condition ("" none)


@dataclass(frozen=True, slots=True)
class Static:
    """Facts of one content: adjacency, spaceports, commanders, decks' characteristics."""

    adj: dict[str, tuple[str, ...]]
    ports: tuple[str, ...]
    terra: frozenset[str]
    sectors: dict[str, tuple[str, ...]]
    limit: dict[str, int]
    commander: tuple[str, str]  # the hero whose death loses the game, per seat
    laser_hit: tuple[float, ...]  # P(hit) for 1..4 lasers (HH-36.13)
    port_space: int
    last_space: int
    heroes_side: dict[str, int]
    boarding: frozenset[str]  # Imperial orders that cross to the Vengeful Spirit (HH-21.24)
    boarding_copies: int


_STATIC: dict[tuple[int, frozenset[str]], Static] = {}


def static(s: HeresyState) -> Static:
    """Built once per content and set of impassable zones (Holy Terra Asunder)."""
    key = (id(s.content), s.impassable)
    got = _STATIC.get(key)
    if got is None:
        if len(_STATIC) > 64:
            _STATIC.clear()
        got = _STATIC[key] = _build(s)
    return got


def _build(s: HeresyState) -> Static:
    c = s.content
    g = c.graph
    gone = s.impassable
    adj = {z.id: tuple(sorted(g.neighbours(z.id) - gone)) for z in c.zones}
    sectors = {
        sec.id: tuple(z for z in g.sector_zones(sec.id) if z not in gone) for sec in c.sectors
    }
    cmd = ["", ""]
    sides = {}
    for h in c.heroes:
        side = SIDE_NAMES.index(h.side)
        sides[h.id] = side
        if h.death_gives_victory_to:
            cmd[side] = h.id
    cards = list(c.bombardment)
    hits = tuple(
        sum(1 for b in cards if len(b.lasers) > i and b.lasers[i] == "hit") / max(1, len(cards))
        for i in range(4)
    )
    ports_space = c.tracks.initiative.spaces_with("spaceport_victory")
    board = orders.EFFECTS["boarding"]
    boarding = [o for o in c.orders if o.deck == "imperial" and orders.effect(o) is board]
    return Static(
        adj=adj,
        ports=tuple(z.id for z in c.zones if z.kind == "spaceport" and z.id not in gone),
        terra=frozenset(z.id for z in c.zones if z.terra and z.id not in gone),
        sectors=sectors,
        limit={z.id: z.stacking_limit for z in c.zones},
        commander=(cmd[0], cmd[1]),
        laser_hit=hits,
        port_space=min(ports_space) if ports_space else 10**6,
        last_space=max(t.n for t in c.tracks.initiative.space),
        heroes_side=sides,
        boarding=frozenset(o.id for o in boarding),
        boarding_copies=sum(o.copies or 1 for o in boarding),
    )


class Ctx:
    """One seat's knowledge at one decision (built afresh each time: the AI keeps no
    memory, so a person may take over a seat at any moment)."""

    def __init__(self, s: HeresyState, seat: int) -> None:
        self.s = s
        self.me = seat
        self.opp = 1 - seat
        self.st = static(s)
        self.units = s.content.units
        # 0 early, 1 once a marker can reach the spaceport victory space (HH-40.1)
        lead = max(s.pos)
        self.phase = min(1.0, max(0.0, (lead - 4) / max(1, self.st.port_space - 4)))
        self.ports_open = lead >= self.st.port_space
        # how near that space is (HH-40.2: four spaceports held then win at once)
        self.imminent = min(1.0, max(0.0, 1.0 - (self.st.port_space - lead) / V.IMMINENT))
        # 0 until then, 1 at the track's end (HH-40.3): the time left to take them
        span = max(1, self.st.last_space - self.st.port_space)
        self.late = min(1.0, max(0.0, (lead - self.st.port_space) / span))
        # the Imperium may still board the Vengeful Spirit: not every copy in its
        # (public) discard pile (HH-21.24, HH-37.14)
        gone = sum(1 for c in s.discards[0] if c.partition("#")[0] in self.st.boarding)
        self.may_board = gone < self.st.boarding_copies
        self._cards: dict[str, Card] = {}
        self._forts: dict[str, bool] = {}
        self._hits: dict[str, float] = {}
        self.types: dict[str, str] | None = None  # zone types for the seat (moves._types)

    # -- units -------------------------------------------------------------------------
    def rank(self, u: Unit) -> int:
        return self.units[u[1]].rank

    def fortified(self, zone: str) -> bool:
        return fortified(self.s, zone)

    def fortified_zone(self, zone: str) -> bool:
        """`fortified`, cached for this decision."""
        got = self._forts.get(zone)
        if got is None:
            got = self._forts[zone] = fortified(self.s, zone)
        return got

    def laser_hit(self, zone: str) -> float:
        """The chance that a unit landing in `zone` is hit (HH-36.12, HH-36.13)."""
        got = self._hits.get(zone)
        if got is None:
            n = lasers.count(self.s, zone)
            got = self._hits[zone] = self.st.laser_hit[lasers.line(n) - 1] if n else 0.0
        return got

    def hero_zone(self, hero: str) -> str:
        z = self.s.heroes.get(hero, "")
        return z if z in self.st.adj else ""

    # -- combat cards ----------------------------------------------------------------------
    def card(self, c: str) -> Card:
        got = self._cards.get(c)
        if got is None:
            k = cc.card(self.s, c)
            bonus = _effect_bonus(self.s, c) if (k.effect_en or k.counter) else 0.0
            got = (k.attack or 0, k.shields or 0, bonus, k.requirement or "")
            self._cards[c] = got
        return got

    def pool(self, seat: int, hero: bool) -> list[Card]:
        """The cards `seat` may still draw, as this seat knows them: its own deck, or the
        opponent's deck together with his hand (same back), as a multiset."""
        s = self.s
        deck = s.hero_decks[seat] if hero else s.combat_decks[seat]
        cards = list(deck)
        if seat != self.me:
            cards += [c for c in s.combat_hands[seat] if cc.is_hero(s, c) == hero]
        if len(cards) < 4:  # about to be reshuffled (HH-39.5)
            cards += list(s.hero_discards[seat] if hero else s.combat_discards[seat])
        return [self.card(c) for c in sorted(cards)]

    def hand(self) -> list[str]:
        return list(self.s.combat_hands[self.me])

    def rng(self, *salt: Any) -> Rng:
        """A generator seeded from public facts only, so twins decide alike."""
        text = "|".join(str(x) for x in (self.s.round, *self.s.pos, self.me, *salt))
        return Rng.from_seed(zlib.crc32(text.encode()))


_KNOWN_EFFECTS = {  # engine effect functions (combat_cards / battle_effects) -> worth
    "_eliminate_one": 3.0,
    "_hostile_ground": 2.0,
    "_terrifying": 2.0,
    "_plague": 1.5,
    "_rain_of_death": 1.5,
    "_armies": 1.5,
    "_lead_by_example": 1.0,
    "_attrition": 1.0,
    "_diversion": 1.0,
    "_hunker_down": 1.0,
    "_sacrifices": 0.5,
    "_breach": 0.5,
    "_blood": 0.5,
    "_will_of_chaos": 0.3,
    "_hurt1": 1.0,
    "_rout1": 1.0,
    "_draw1": 0.7,
    "_heal_unit": 1.0,
    "_heal_hero": 0.8,
    "_hero2": 1.0,
    "_withdrawal": 0.0,
    "_no_op": 0.0,
}


def _effect_bonus(s: HeresyState, c: str) -> float:
    name = getattr(cc.effect_of(s, c), "__name__", "")
    return _KNOWN_EFFECTS.get(name, 0.5)
