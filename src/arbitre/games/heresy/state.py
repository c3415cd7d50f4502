"""The state of an Hérésie d'Horus game: plain data, cheap to clone.

Seats: 0 = Imperium, 1 = Traitor. Units are immutable tuples `(side, type, tag, damage)`
kept per zone; cards are instance ids (the card id, `#n` for extra copies). Pending work
is a stack of `Frame`s that `rules.settle` runs until someone must choose.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.frames import Frame as Frame  # re-exported: game modules use it
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.games.heresy.config import Rules
from arbitre.games.heresy.content import Content

IMPERIUM, TRAITOR = 0, 1
SEATS = ("imperium", "traitor")
SIDE_NAMES = ("imperial", "traitor")  # the content files' side names

Unit = tuple[int, str, str, int]  # (side, unit type id, legion/power tag, damage)
PileCard = tuple[str, int, bool]  # (card instance, owner seat, placed since last change)

NONE, ACTIVE, ROUT = 0, 1, 2  # activation marker sides


def label(u: Unit) -> str:
    """The readable id of a unit inside a zone: type, /tag, /d<damage>."""
    text = u[1]
    if u[2]:
        text += "/" + u[2]
    if u[3]:
        text += f"/d{u[3]}"
    return text


_new = object.__new__


@dataclass(slots=True)
class HeresyState:
    content: Content
    rules: Rules
    scenario: str
    rng: Rng
    pos: list[int] = field(default_factory=lambda: [1, 1])  # initiative track spaces
    top: int = TRAITOR  # whose marker is on top when both share a space (HH-12.16)
    current: int = TRAITOR
    round: int = 1
    triggered: set[int] = field(default_factory=set)  # special-phase spaces used (HH-15.7)
    units: dict[str, list[Unit]] = field(default_factory=dict)
    heroes: dict[str, str] = field(default_factory=dict)  # hero -> zone ("" = reserve)
    hero_damage: dict[str, int] = field(default_factory=dict)
    lasers: dict[str, int] = field(default_factory=dict)
    lasers_destroyed: int = 0  # back in the box for good (HH-37.2)
    marks: list[dict[str, int]] = field(default_factory=lambda: [{}, {}])  # zone -> side
    reserve: list[dict[str, int]] = field(default_factory=lambda: [{}, {}])  # units
    box: list[Unit] = field(default_factory=list)  # eliminated units out of the game
    hands: list[list[str]] = field(default_factory=lambda: [[], []])
    decks: list[list[str]] = field(default_factory=lambda: [[], []])  # top first
    discards: list[list[str]] = field(default_factory=lambda: [[], []])  # last = top
    card_reserve: list[list[str]] = field(default_factory=lambda: [[], []])
    piles: dict[str, list[PileCard]] = field(default_factory=dict)  # last = top
    events: list[tuple[int, str]] = field(default_factory=list)  # (act, card), top first
    event_discard: list[str] = field(default_factory=list)
    # Combat and Hero Combat cards (HH-26.1..HH-26.6): hands mix both kinds, decks top first
    combat_hands: list[list[str]] = field(default_factory=lambda: [[], []])
    combat_decks: list[list[str]] = field(default_factory=lambda: [[], []])
    combat_discards: list[list[str]] = field(default_factory=lambda: [[], []])
    hero_decks: list[list[str]] = field(default_factory=lambda: [[], []])
    hero_discards: list[list[str]] = field(default_factory=lambda: [[], []])
    # fortifications (HH-33.12..HH-33.16): breached edges as "a|b" (sorted ids), zones
    # fortified by a marker; the shared Bombardment deck (HH-12.15), top first
    breaches: set[str] = field(default_factory=set)
    fort_markers: set[str] = field(default_factory=set)
    bombard_deck: list[str] = field(default_factory=list)
    bombard_discard: list[str] = field(default_factory=list)
    # scenario special rules: zones that no longer exist for the game (Holy Terra Asunder,
    # Cry Havoc) and each side's special tokens left (Fortune Favors the Bold, Cry Havoc)
    impassable: frozenset[str] = frozenset()
    tokens: list[int] = field(default_factory=lambda: [0, 0])
    stack: list[Frame] = field(default_factory=list)
    over: bool = False
    winner: int = -1
    reason: str = ""
    reason_rule: str = ""
    log: list[Msg] = field(default_factory=list)
    cached: Decision | None = None
    # zones whose unit list this state alone holds, since its last clone (own_units)
    owned_units: set[str] = field(default_factory=set, compare=False, repr=False)
    # how many times a zone's unit list was taken to be changed (own_units), and its value
    # when settle last found no laser captured (HH-37.2) and the spaceports not all held
    # by one side (HH-40.1): while it stays the same, neither can have become true (speed)
    units_changes: int = field(default=0, compare=False, repr=False)
    lasers_looked: int = field(default=-1, compare=False, repr=False)
    ports_looked: int = field(default=-1, compare=False, repr=False)
    # what is worked out from the units alone (which sides hold each zone), kept while
    # `units_changes` stays the same (from_units); a clone shares it until either changes
    units_memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    units_memo_at: int = field(default=-1, compare=False, repr=False)

    def own_units(self, zone: str) -> list[Unit]:
        """`zone`'s units as a list this state may change, created empty when missing
        (as `setdefault`). A clone shares every zone's list with its original (speed: it
        copies the dict, not some 40 lists); the first change to a list not yet owned
        since the last clone copies it (copy-on-write). Every change to a zone's unit list
        goes through here (board.add_unit, take_unit, damage, corruption, events…), and
        counts in `units_changes` (the other changes, which replace a list, count there
        too)."""
        self.units_changes += 1
        units = self.units.get(zone)
        if units is None:
            units = self.units[zone] = []
            self.owned_units.add(zone)
        elif zone not in self.owned_units:
            units = self.units[zone] = list(units)
            self.owned_units.add(zone)
        return units

    def from_units(self) -> dict[str, Any]:
        """A memo of answers read from the units alone, valid while no zone's unit list
        has been taken to be changed (`units_changes`, own_units). Kept answers are
        shared: read them, never change them. A new dict after a change (never cleared:
        a clone may still hold the old one, right for its own units)."""
        if self.units_memo_at != self.units_changes:
            self.units_memo = {}
            self.units_memo_at = self.units_changes
        return self.units_memo

    def copy(self) -> HeresyState:
        """A twin sharing nothing mutable but the units' lists (copy-on-write, own_units).
        Built without `__init__` and per-seat pairs copied by hand (speed: a search clones
        at every step; keyword arguments alone cost more than all the copying)."""
        self.owned_units = set()  # both now share every list: copy before a change
        n = _new(HeresyState)  # no __init__: every field is set below (a test checks)
        n.content = self.content
        n.rules = self.rules
        n.scenario = self.scenario
        n.rng = Rng(self.rng.state)
        n.pos = self.pos.copy()
        n.top = self.top
        n.current = self.current
        n.round = self.round
        n.triggered = self.triggered.copy()
        n.units = self.units.copy()
        n.heroes = self.heroes.copy()
        n.hero_damage = self.hero_damage.copy()
        n.lasers = self.lasers.copy()
        n.lasers_destroyed = self.lasers_destroyed
        n.marks = [self.marks[0].copy(), self.marks[1].copy()]
        n.reserve = [self.reserve[0].copy(), self.reserve[1].copy()]
        n.box = self.box.copy()
        n.hands = [self.hands[0].copy(), self.hands[1].copy()]
        n.decks = [self.decks[0].copy(), self.decks[1].copy()]
        n.discards = [self.discards[0].copy(), self.discards[1].copy()]
        n.card_reserve = [self.card_reserve[0].copy(), self.card_reserve[1].copy()]
        n.piles = dict(zip(self.piles, map(list, self.piles.values()), strict=True))
        n.events = self.events.copy()
        n.event_discard = self.event_discard.copy()
        n.combat_hands = [self.combat_hands[0].copy(), self.combat_hands[1].copy()]
        n.combat_decks = [self.combat_decks[0].copy(), self.combat_decks[1].copy()]
        n.combat_discards = [self.combat_discards[0].copy(), self.combat_discards[1].copy()]
        n.hero_decks = [self.hero_decks[0].copy(), self.hero_decks[1].copy()]
        n.hero_discards = [self.hero_discards[0].copy(), self.hero_discards[1].copy()]
        n.breaches = self.breaches.copy()
        n.fort_markers = self.fort_markers.copy()
        n.bombard_deck = self.bombard_deck.copy()
        n.bombard_discard = self.bombard_discard.copy()
        n.impassable = self.impassable
        n.tokens = self.tokens.copy()
        n.stack = list(map(Frame.copy, self.stack))
        n.over = self.over
        n.winner = self.winner
        n.reason = self.reason
        n.reason_rule = self.reason_rule
        n.log = self.log.copy()
        n.cached = self.cached
        n.owned_units = set()
        n.units_changes = self.units_changes
        n.lasers_looked = self.lasers_looked
        n.ports_looked = self.ports_looked
        n.units_memo = self.units_memo  # same units: the same answers (from_units)
        n.units_memo_at = self.units_memo_at
        return n

    def snapshot(self) -> dict[str, Any]:
        """Everything that makes up the game, as JSON-ready data (conformance, replay)."""
        return {
            "scenario": self.scenario,
            "rng": self.rng.state,
            "pos": list(self.pos),
            "top": self.top,
            "current": self.current,
            "round": self.round,
            "triggered": sorted(self.triggered),
            "units": {z: [list(u) for u in v] for z, v in sorted(self.units.items()) if v},
            "heroes": dict(sorted(self.heroes.items())),
            "hero_damage": dict(sorted(self.hero_damage.items())),
            "lasers": dict(sorted(self.lasers.items())),
            "lasers_destroyed": self.lasers_destroyed,
            "marks": [dict(sorted(m.items())) for m in self.marks],
            "reserve": [dict(sorted(r.items())) for r in self.reserve],
            "box": [list(u) for u in self.box],
            "hands": [list(h) for h in self.hands],
            "decks": [list(d) for d in self.decks],
            "discards": [list(d) for d in self.discards],
            "card_reserve": [list(c) for c in self.card_reserve],
            "piles": {k: [list(c) for c in v] for k, v in sorted(self.piles.items())},
            "events": [list(e) for e in self.events],
            "event_discard": list(self.event_discard),
            "combat_hands": [list(x) for x in self.combat_hands],
            "combat_decks": [list(x) for x in self.combat_decks],
            "combat_discards": [list(x) for x in self.combat_discards],
            "hero_decks": [list(x) for x in self.hero_decks],
            "hero_discards": [list(x) for x in self.hero_discards],
            "breaches": sorted(self.breaches),
            "fort_markers": sorted(self.fort_markers),
            "bombard_deck": list(self.bombard_deck),
            "bombard_discard": list(self.bombard_discard),
            "impassable": sorted(self.impassable),
            "tokens": list(self.tokens),
            "stack": [[f.kind, f.seat, f.data] for f in self.stack],
            "over": self.over,
            "winner": self.winner,
            "reason": self.reason,
        }
