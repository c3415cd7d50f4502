"""The state of a Champs de Bataille game: plain data, cheap to clone.

Pending work is a stack of frames (setup, turn, activation, movement, combat, …);
`rules.py` asks the top frame for the next decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.frames import Frame as Frame  # re-exported: game modules use it
from arbitre.engine.frames import deep_copy
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.games.champs.board import Battlefield, Geometry
from arbitre.games.champs.config import Rules

PLAYERS, MJ = 0, 1  # the two sides


@dataclass(slots=True)
class Unit:
    uid: int
    kind: int  # index into troops.TYPES
    side: int
    cell: int
    acted: bool = False
    loaded: bool = False
    loaded_turn: int = -1  # turn counter when reloaded (AMB-CB-15f)

    def copy(self) -> Unit:
        return Unit(
            self.uid, self.kind, self.side, self.cell, self.acted, self.loaded, self.loaded_turn
        )


@dataclass(slots=True)
class Hero:
    seat: int
    skill: str
    cell: int = -1  # -1: not deployed yet or captured
    captured: bool = False
    acted: bool = False
    destiny: int = 0

    def copy(self) -> Hero:
        return Hero(self.seat, self.skill, self.cell, self.captured, self.acted, self.destiny)


@dataclass(slots=True)
class ChampsState:
    rules: Rules
    bf: Battlefield
    geo: Geometry
    rng: Rng
    seats: tuple[str, ...]
    units: dict[int, Unit] = field(default_factory=dict)
    heroes: list[Hero] = field(default_factory=list)
    traps: dict[int, int] = field(default_factory=dict)  # cell -> side that laid it
    trap_owner: dict[int, int] = field(default_factory=dict)  # cell -> seat that laid it
    # hidden traps that sprang and stayed (traps.zeroConsumes=false): everyone saw where
    revealed: list[int] = field(default_factory=list)
    traps_left: list[int] = field(default_factory=list)  # players' pool(s); [-1] unlimited
    mj_traps_left: int = -1
    deck: list[str] = field(default_factory=list)
    mj_deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # units discarded (CB-59, AMB-CB-28)
    order: list[int] = field(default_factory=list)  # players' initiative order (CB-28)
    cycle: list[int] = field(default_factory=list)  # seats of one round's turns (CB-29)
    slot: int = 0
    round: int = 1
    turn_counter: int = 0
    last_player: int = 0
    line_held: int = 0  # MJ turn-ends in a row with the players' line taken (AMB-CB-24)
    stack: list[Frame] = field(default_factory=list)
    next_uid: int = 1
    over: bool = False
    outcome: dict[str, Any] = field(default_factory=dict)
    rigged: list[int] = field(default_factory=list)  # dice fixed by a position, used first
    log: list[Msg] = field(default_factory=list)
    cached: Decision | None = None
    occ: Any = None  # logic.Occ cache, dropped whenever a unit or hero moves; not game data

    def roll(self, sides: int) -> int:
        """One die: a die fixed by the position if any is left, else the seeded RNG."""
        if self.rigged:
            return self.rigged.pop(0)
        return self.rng.below(sides) + 1

    @property
    def mj_seat(self) -> int:
        return len(self.seats) - 1

    def side_of_seat(self, seat: int) -> int:
        # the MJ holds the last seat (`mj_seat`), read without the property: a hot path
        return MJ if seat == len(self.seats) - 1 else PLAYERS

    def known_traps(self, side: int | None) -> dict[int, int]:
        """The traps `side` (None: a spectator) knows of: all when they are visible, else
        its own and those that sprang in sight of everyone (AMB-CB-16d)."""
        if self.rules.traps_visible:
            return self.traps
        return {c: sd for c, sd in self.traps.items() if sd == side or c in self.revealed}

    def copy(self) -> ChampsState:
        return ChampsState(
            rules=self.rules,
            bf=self.bf,
            geo=self.geo,
            rng=Rng(self.rng.state),
            seats=self.seats,
            units={k: u.copy() for k, u in self.units.items()},
            heroes=[h.copy() for h in self.heroes],
            traps=dict(self.traps),
            trap_owner=dict(self.trap_owner),
            revealed=list(self.revealed),
            traps_left=list(self.traps_left),
            mj_traps_left=self.mj_traps_left,
            deck=list(self.deck),
            mj_deck=list(self.mj_deck),
            discard=list(self.discard),
            removed=list(self.removed),
            order=list(self.order),
            cycle=list(self.cycle),
            slot=self.slot,
            round=self.round,
            turn_counter=self.turn_counter,
            last_player=self.last_player,
            line_held=self.line_held,
            stack=[f.copy() for f in self.stack],
            next_uid=self.next_uid,
            over=self.over,
            outcome=deep_copy(self.outcome),
            rigged=list(self.rigged),
            log=[],
            cached=None,
        )

    def snapshot(self) -> dict[str, Any]:
        """Every field that defines the game, as JSON-able data (for equality and saves)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            name = f.name
            if name in ("rules", "bf", "geo", "log", "cached", "occ"):
                continue
            value = getattr(self, name)
            if name == "rng":
                value = value.state
            elif name == "units":
                value = [
                    [u.uid, u.kind, u.side, u.cell, u.acted, u.loaded, u.loaded_turn]
                    for u in value.values()
                ]
            elif name == "heroes":
                value = [[h.seat, h.skill, h.cell, h.captured, h.acted, h.destiny] for h in value]
            elif name == "stack":
                value = [[fr.kind, fr.seat, fr.data] for fr in value]
            elif name in ("traps", "trap_owner"):
                value = sorted(value.items())
            elif name == "seats":
                value = list(value)
            out[name] = value
        out["battlefield"] = self.bf.id
        out["config"] = {
            k: (list(v) if isinstance(v, tuple) else v) for k, v in self.rules.values.items()
        }
        return out
