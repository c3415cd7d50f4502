"""The state of an Epic game: stands with positions and wounds, detachments with their
hidden orders and losses (EPC-1..3, EPC-9), plain data, cheap to clone."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from operator import attrgetter
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.frames import Frame as Frame  # re-exported: game modules use it
from arbitre.engine.frames import deep_copy
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.config import Rules
from arbitre.games.epic.geometry import Point
from arbitre.games.epic.profiles import UnitProfile
from arbitre.games.epic.tables import Table, default_table

TURNS = 4  # ours: a game lasts four turns unless an army breaks first (research §3.9)
ARMIES = ("imperium", "mille_fils")  # the two starter armies, one per seat


@dataclass(slots=True)
class Stand:
    """One base (EPC-1): its position in cm and the wounds it has left (research §5.9)."""

    sid: int
    det: int
    side: int
    unit: str
    x: float
    y: float
    wounds: int
    alt: str = "ground"  # EP-16.12: ground, low or high
    facing: float = 0.0  # degrees; the front arc is centred on it (EP-16.37)
    shields: int = 0  # energy shields standing (EPC-24)
    damage: tuple[str, ...] = ()  # titan locations damaged (EPC-23)
    duels: int = 0  # duels fought this turn: outnumbering dice (EP-8.19, research §3.7)
    won: int = 0  # assaults won / lost this turn (EP-2.1)
    beaten: int = 0
    power_used: bool = False  # one power per turn (EP-11.2)
    dr_used: int = 0  # Close Defences fired this turn (research S3)
    landing: bool = False  # a Flyer landing this turn flies evasively (EP-16.3)
    carrier: int = -1  # the transport stand carrying it, while aboard (EPC-21)
    bombed: bool = False  # dropped its bombs this turn (EP-16.41)

    @property
    def point(self) -> Point:
        # issue 14: what Point(x, y) does, without the NamedTuple's Python `__new__`
        return tuple.__new__(Point, (self.x, self.y))

    @property
    def profile(self) -> UnitProfile:
        return CATALOG.units[self.unit]


@dataclass(slots=True)
class Det:
    """A detachment (EPC-3): its order counter (EPC-9), activations and losses."""

    did: int
    side: int
    spec: str
    unit: str
    break_points: int
    order: str | None = None
    revealed: bool = False
    moved: bool = False
    acted: bool = False
    lost: int = 0
    morale: int = 0
    elite: int = 0  # re-rolls left with `elite.scope=detachment` (AMB-EP-4b)
    assaulted: bool = False  # its assault resolved this turn (AMB-EP-14b)
    zone: bool = False  # an Interception Zone stands, its order token shown (EP-8.6/8.7)
    fallback: bool = False  # failed morale: Retraite until rallied (research §3.8)
    landed_turn: int = 0  # the turn a Flyer landed (EP-16.5)
    converted: bool = False  # a Command Unit's order changed after its move (EP-15)
    extra: tuple[str, ...] = ()  # abilities the detachment gains (EP-10.6; tests)
    company: str = ""  # its Company Formation (EPC-4, EP-10.8)
    transport: int = -1  # its assigned transport detachment (EP-9.3)
    disembarked: bool = False  # left a transport this turn (EPC-21)
    # ...from one in the air: "sans difficulté", no 5 cm lost (EP-16.21, not EP-16.4)
    dropped: bool = False

    @property
    def broken(self) -> bool:
        """Research §3.8 (v2 "Pts Rupture"): broken once it lost its break points in stands."""
        return self.lost >= self.break_points


# Clones are the AIs' hot path: copying a record through its constructor with all its
# fields at once is 2.5x faster than dataclasses.replace (every field is immutable).
_STAND_FIELDS = attrgetter(*Stand.__slots__)
_DET_FIELDS = attrgetter(*Det.__slots__)


def _dup_stand(st: Stand) -> Stand:
    return Stand(*_STAND_FIELDS(st))


def _dup_det(d: Det) -> Det:
    return Det(*_DET_FIELDS(d))


def _carriers(stands: dict[int, Stand]) -> list[Stand]:
    """The stands that carry others (EPC-21), in table order."""
    kinds = _KINDS  # ninth round: (transport, Psyker) kept by unit, which never changes
    out = []
    for st in stands.values():
        got = kinds.get(st.unit) or _kinds(st.unit)
        if got[0]:
            out.append(st)
    return out


def _psykers(stands: dict[int, Stand]) -> list[Stand]:
    """The Psykers (EP-11), by id."""
    kinds = _KINDS  # (as `_carriers`)
    out = []
    for st in stands.values():
        got = kinds.get(st.unit) or _kinds(st.unit)
        if got[1]:
            out.append(st)
    return sorted(out, key=attrgetter("sid"))


def _kinds(unit: str) -> tuple[bool, bool]:
    """Whether the unit carries stands (its "transport" > 0, EPC-21) and is a Psyker
    (EP-11): what `_carriers` and `_psykers` ask of every stand (ninth round: by unit)."""
    prof = CATALOG.units[unit]
    got = _KINDS[unit] = ((prof.param("transport") or 0) > 0, prof.has("psyker"))
    return got


_KINDS: dict[str, tuple[bool, bool]] = {}


class Stands(dict[int, Stand]):
    """The stands on the table by id: a dict that keeps `EpicState.by_det`'s answer until
    it changes (issue 14: `alive` is asked some ten times a decision). Every way a dict
    changes forgets it; a stand changes detachment only while out of the dict (binding.py
    takes it out, sets `det`, puts it back), and nothing else `by_det` reads changes."""

    index: dict[int, list[Stand]] | None = None  # by_det's answer, while it holds
    sides: dict[int, list[Stand]] | None = None  # `EpicState.foes_of`'s by side, likewise
    psykers: list[Stand] | None = None  # `EpicState.psykers`' answer, likewise
    carriers: list[Stand] | None = None  # `EpicState.carriers`' answer, likewise

    def __setitem__(self, key: int, value: Stand) -> None:
        self.index = self.sides = self.psykers = self.carriers = None
        super().__setitem__(key, value)

    def __delitem__(self, key: int) -> None:
        self.index = self.sides = self.psykers = self.carriers = None
        super().__delitem__(key)

    def pop(self, *args: Any) -> Any:
        self.index = self.sides = self.psykers = self.carriers = None
        return super().pop(*args)

    def popitem(self) -> tuple[int, Stand]:
        self.index = self.sides = self.psykers = self.carriers = None
        return super().popitem()

    def clear(self) -> None:
        self.index = self.sides = self.psykers = self.carriers = None
        super().clear()

    def setdefault(self, key: int, default: Stand) -> Stand:
        self.index = self.sides = self.psykers = self.carriers = None
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self.index = self.sides = self.psykers = self.carriers = None
        super().update(*args, **kwargs)

    def __ior__(self, other: Any) -> Stands:  # type: ignore[override,misc]
        self.index = self.sides = self.psykers = self.carriers = None
        super().update(other)
        return self


@dataclass(slots=True)
class EpicState:
    rules: Rules
    rng: Rng
    seats: tuple[str, ...] = ARMIES
    stands: dict[int, Stand] = field(default_factory=Stands)
    dets: list[Det] = field(default_factory=list)
    turn: int = 1
    phase: str = "orders"
    initiative: int = 0
    stack: list[Frame] = field(default_factory=list)
    over: bool = False
    outcome: dict[str, Any] = field(default_factory=dict)
    log: list[Msg] = field(default_factory=list)
    cached: Decision | None = None
    elite: list[int] = field(default_factory=lambda: [0, 0])  # re-rolls left (EP-4.4)
    structure: dict[int, int] = field(default_factory=dict)  # area -> SP left (EP-5.2)
    elite0: tuple[int, int] = (0, 0)  # the pools at the start (`elite.scope=turn`)
    aboard: dict[int, Stand] = field(default_factory=dict)  # stands in transports (EPC-21)
    objectives: list[int] = field(default_factory=list)  # holder per objective, -1 none
    warlords: list[int] = field(default_factory=lambda: [-1, -1])  # EP-9.2 (Maelström)
    elite_use: list[bool] = field(default_factory=lambda: [True, True])  # EP-4.1 (elite.py)
    # EP-11.2: a side that declined its powers for the current phase ("nopower"); reset
    # when a phase starts, and distinct from `Stand.power_used`, so a later phase may
    # still use the turn's one power
    psy_pass: list[bool] = field(default_factory=lambda: [False, False])
    # the table (size, terrain, zones, objectives: tables.py), immutable, shared by clones
    table: Table = field(default_factory=default_table)

    def roll(self) -> int:
        """One D6 from the state's seeded RNG (EPC-12)."""
        return self.rng.die(6)

    def alive(self, did: int) -> list[Stand]:
        """The detachment's stands on the table (not those aboard a transport)."""
        stands = self.stands
        if stands.__class__ is Stands:  # issue 14: read from the kept `by_det` (a copy)
            index = stands.index
            if index is None:
                index = self.by_det()
            got = index.get(did)
            return [] if got is None else got.copy()
        return [st for st in stands.values() if st.det == did]

    def by_det(self) -> dict[int, list[Stand]]:
        """`alive` of every detachment at once, in one pass (issue 14: for the loops that
        ask it of every detachment); a detachment with no stand on the table is absent.
        Read only: the answer is kept (`Stands`) until the stands change, and then
        replaced, never changed, so a caller may keep it as a picture of that moment."""
        stands = self.stands
        if stands.__class__ is Stands:
            index: dict[int, list[Stand]] | None = stands.index
            if index is not None:
                return index
        out: dict[int, list[Stand]] = {}
        for st in stands.values():
            got = out.get(st.det)
            if got is None:
                out[st.det] = [st]
            else:
                got.append(st)
        if stands.__class__ is Stands:
            stands.index = out
        return out

    def foes_of(self, side: int) -> list[Stand]:
        """The stands on the table not of `side`, in table order: `[e for e in
        stands.values() if e.side != side]`. Read only: kept (`Stands`) until the stands
        change, then replaced, never changed (a stand's side never changes)."""
        stands = self.stands
        if stands.__class__ is not Stands:
            return [e for e in stands.values() if e.side != side]
        foes = stands.sides
        if foes is None:
            foes = stands.sides = {}
        got = foes.get(side)
        if got is None:
            got = foes[side] = [e for e in stands.values() if e.side != side]
        return got

    def psykers(self) -> list[Stand]:
        """The Psykers on the table, by id: `sorted([st for st in stands.values() if
        st.profile.has("psyker")], key=sid)`. Read only: kept (`Stands`) until the stands
        change, then replaced, never changed (a stand's unit never changes)."""
        stands = self.stands
        if stands.__class__ is Stands:
            got = stands.psykers
            if got is None:
                got = stands.psykers = _psykers(stands)
            return got
        return _psykers(stands)

    def carriers(self) -> list[Stand]:
        """The transports on the table (EPC-21), in table order: `[st for st in
        stands.values() if room(st) > 0]` (transport.room). Read only: kept (`Stands`)
        until the stands change, then replaced, never changed (issue 15: every move
        question of a detachment that may board asks it)."""
        stands = self.stands
        if stands.__class__ is Stands:
            got = stands.carriers
            if got is None:
                got = stands.carriers = _carriers(stands)
            return got
        return _carriers(stands)

    def embarked(self, did: int) -> list[Stand]:
        """The detachment's stands aboard a transport (EPC-21)."""
        return [st for st in self.aboard.values() if st.det == did] if self.aboard else []

    def present(self, did: int) -> bool:
        """Whether the detachment has a stand left, on the table or aboard."""
        stands = self.stands
        if stands.__class__ is Stands:  # issue 14: the kept `by_det` lists it, if any
            if did in self.by_det():
                return True
        else:
            for st in stands.values():
                if st.det == did:
                    return True
        if self.aboard:
            for st in self.aboard.values():  # (a loop, no generator: eighth round)
                if st.det == did:
                    return True
        return False

    def cargo(self, carrier: int) -> list[Stand]:
        """The stands a transport stand carries."""
        return [st for st in self.aboard.values() if st.carrier == carrier] if self.aboard else []

    def copy(self) -> EpicState:
        return EpicState(
            rules=self.rules,
            rng=Rng(self.rng.state),
            seats=self.seats,
            stands=Stands({k: _dup_stand(st) for k, st in self.stands.items()}),
            dets=[_dup_det(d) for d in self.dets],
            turn=self.turn,
            phase=self.phase,
            initiative=self.initiative,
            stack=[f.copy() for f in self.stack],
            over=self.over,
            outcome=deep_copy(self.outcome),
            elite=list(self.elite),
            structure=dict(self.structure),
            elite0=self.elite0,
            aboard={k: _dup_stand(st) for k, st in self.aboard.items()},
            objectives=list(self.objectives),
            warlords=list(self.warlords),
            elite_use=list(self.elite_use),
            psy_pass=list(self.psy_pass),
            table=self.table,
        )

    def snapshot(self) -> dict[str, Any]:
        return {
            "rng": self.rng.state,
            "stands": [asdict(st) for st in self.stands.values()],
            "dets": [asdict(d) for d in self.dets],
            "turn": self.turn,
            "phase": self.phase,
            "initiative": self.initiative,
            "stack": [[f.kind, f.seat, f.data] for f in self.stack],
            "over": self.over,
            "outcome": self.outcome,
            "config": dict(self.rules.values),
            "elite": list(self.elite),
            "structure": {str(k): v for k, v in self.structure.items()},
            "aboard": [asdict(st) for st in self.aboard.values()],
            "objectives": list(self.objectives),
            "warlords": list(self.warlords),
            "elite_use": list(self.elite_use),
            "psy_pass": list(self.psy_pass),
        }
