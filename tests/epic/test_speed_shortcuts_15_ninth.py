"""Epic's shortcuts for speed, issue 15 (ninth round), against the slow, sure way: each
played both ways on seeded random games (`speed_states.games_both_ways`: decisions,
events, dice and states the same) and asked both ways on states set up on purpose:

- A move question's zones of control (EP-2.5, EPC-11): an enemy farther than the reach
  on x or y is passed over without working out its distance.
- The transports (EPC-21) and Psykers (EP-11) kept with the stands: whether a unit
  carries stands and is a Psyker is kept by unit (`state._KINDS`), not asked of each
  stand's profile.
- A move's key (EPC-11): `round(dx, 3), round(dy, 3)` as `headings.key3` works them out,
  `headings.rounded`'s arithmetic written out, one call for both.
- A side's Combat-phase actions (EPC-17, EP-15.2): `may_assault_now` is asked only of a
  detachment on Charge or converted by its Command Unit.
- Disengaging (research §3.5, EPC-17): when no enemy stands near the movers' box, no
  mover is asked which enemies it touches.
"""

from __future__ import annotations

import math
import struct
from dataclasses import replace
from typing import Any

from arbitre.engine.rng import Rng
from arbitre.games.epic import assault, combat_phase, headings, moves, state
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.moves import Plan
from arbitre.games.epic.rules import Epic
from arbitre.games.epic.shooting import GROUND
from arbitre.games.epic.state import EpicState
from arbitre.games.epic.world import stand_class
from tests.epic.board import Board, rig
from tests.epic.speed_states import STATES, games_both_ways

# --- a move question: the zones of control within reach ---------------------------------


def _zones_slowly(s: EpicState, did: int, p: Plan) -> list[tuple[Any, int]]:
    """`moves._near(...).zones` the slow way: every enemy's distance from the lead stand
    (`Point.to`), its zone kept when within the move, the movers' spread and 8 cm."""
    if p.flying or p.engage or not p.movers:
        return []
    movers = [s.stands[i] for i in p.movers]
    spread = max(a.point.to(b.point) for a in movers for b in movers)
    reach = p.hi + spread + 8.0
    lead = movers[0].point
    return [
        (e.point, stand_class(e))
        for e in s.stands.values()
        if e.side != s.dets[did].side
        and lead.to(e.point) <= reach
        and e.alt == GROUND
        and not s.dets[e.det].fallback
    ]


def test_EP_2_5_zones_within_reach_as_with_every_distance() -> None:
    """On the move questions of seeded games, and on tables set up with enemies at the
    very edge of the reach (on an axis, on a diagonal, a hair beyond): the same zones."""
    asked = 0
    for seed, s in STATES:
        f = s.stack[-1] if s.stack else None
        if f is None or f.kind != "movement" or f.data.get("det", -1) < 0:
            continue
        did = f.data["det"]
        p = moves.plan(s, did, f.data.get("purpose", moves.MOVE))._replace(engage=False)
        assert moves._near(s, did, p).zones == _zones_slowly(s, did, p), seed
        asked += 1
    assert asked > 90
    rng = Rng.from_seed(9)
    kept = 0
    for n in range(200):
        b = Board()
        me = b.det(0, "tactiques", [(60.0, 60.0), (63.0, 64.0)], order="avance")
        p = moves.plan(b.s, me, moves.MOVE)
        reach = p.hi + 5.0 + 8.0  # the spread: 5 cm
        d = reach / math.sqrt(2.0)
        edge = [(60.0 + reach, 60.0), (60.0, 60.0 - reach), (60.0 + d, 60.0 + d)]
        for x, y in [*edge, (60.0 - reach - 1e-9, 60.0), (60.0 + reach + 1e-12, 60.0)]:
            b.det(1, "tactiques", [(x, y)])
        for _ in range(rng.below(10)):
            b.det(1, "tactiques", [(rng.below(121) * 1.0, rng.below(121) * 1.0)])
        zones = moves._near(b.s, me, p).zones
        assert zones == _zones_slowly(b.s, me, p), n
        kept += len(zones)
    assert kept > 400


def test_EP_2_5_zones_play_as_with_every_distance(monkeypatch: Any) -> None:
    def near_slowly(s: EpicState, did: int, p: Plan) -> Any:
        got = _fast_near(s, did, p)
        got.zones = _zones_slowly(s, did, p)
        return got

    assert games_both_ways(monkeypatch, moves, {"_near": near_slowly}) > 1000


_fast_near = moves._near


# --- the transports and Psykers kept with the stands ------------------------------------


def test_EPC_21_carriers_and_psykers_as_asked_of_each_profile(monkeypatch: Any) -> None:
    """On seeded games' states (every stand on the table, and those aboard), with what
    earlier states kept and with nothing kept: each stand's profile asked."""
    for fresh in (False, True):
        asked = 0
        for seed, s in STATES:
            if fresh:
                monkeypatch.setattr(state, "_KINDS", {})
            for stands in (dict(s.stands), dict(s.aboard)):
                slow = [
                    st
                    for st in stands.values()
                    if (CATALOG.units[st.unit].param("transport") or 0) > 0
                ]
                assert state._carriers(stands) == slow, seed
                psy = [st for st in stands.values() if CATALOG.units[st.unit].has("psyker")]
                assert state._psykers(stands) == sorted(psy, key=lambda st: st.sid), seed
                asked += len(stands)
        assert asked > 10000
    kinds = {u: state._kinds(u) for u in CATALOG.units}
    assert any(c for c, _p in kinds.values()) and any(p for _c, p in kinds.values())
    for unit, (carries, psyker) in kinds.items():
        prof = CATALOG.units[unit]
        assert carries == ((prof.param("transport") or 0) > 0) and psyker == prof.has("psyker")


# --- disengaging: no enemy near the movers ------------------------------------------------


def _every_foe(s: EpicState, mine: list[Any]) -> list[Any]:
    """`world.near_foes` the slow way: every enemy stand (what `engaged` reads without
    it), so that no question is skipped for want of an enemy near."""
    return s.foes_of(mine[0].side) if mine else []


def test_EPC_17_disengage_as_with_every_enemy_asked(monkeypatch: Any) -> None:
    """Set up: stands leaving contact with enemies (opportunity attacks), stands with
    enemies near but not in contact, stands with no enemy near; the same events, dice
    and stands as when every enemy is asked of every mover."""

    def run(slow: bool, n: int) -> Any:
        b = Board()
        rng = Rng.from_seed(n)
        me = b.det(0, "tactiques", [(50.0, 50.0), (53.0, 50.0), (56.0, 50.0)], order="avance")
        for _ in range(rng.below(4)):
            x = 50.0 + rng.below(40) * 0.5 - 5.0
            b.det(1, "tactiques", [(x, 50.0 + 2 * b.s.rules.base_radius + rng.below(3) * 0.2)])
        if n % 3 == 0:
            b.det(1, "tactiques", [(120.0, 120.0)])
        rig(b.s, [rng.below(6) + 1 for _ in range(12)])  # then sixes: every attack hits
        with monkeypatch.context() as m:
            if slow:
                m.setattr(assault, "near_foes", _every_foe)
            movers = [st.sid for st in b.s.alive(me)]
            assault.disengage(b.s, movers, 0.0, -10.0 if n % 2 else 10.0)
        return list(b.s.log), sorted(b.s.stands), b.s.rng.rolls  # type: ignore[attr-defined]

    attacks = 0
    for n in range(200):
        got = run(False, n)
        assert got == run(True, n), n
        attacks += len(got[0])
    assert attacks > 20


def test_EPC_17_disengage_plays_as_with_every_enemy_asked(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, assault, {"near_foes": _every_foe}) > 1000


# --- a move's key ---------------------------------------------------------------------------


def _bits(v: float) -> bytes:
    return struct.pack("<d", v)


def test_EPC_11_key3_is_round_to_the_bit() -> None:
    """`headings.key3` against `round(·, 3)` of each: zeros of either sign, values either
    side of every half-way point of a few thousand (a float apart), far and non-finite
    values, and a hundred thousand seeded ones, on x and on y; the same bits each time."""
    rng = Rng.from_seed(16)
    values = [0.0, -0.0, 0.0005, -0.0005, 2.675, 1.005, 5e-324, -5e-324, 0.0004999, -0.00051]
    values += [1e5, -1e5, 1e6, 1e9, -1e300, math.inf, -math.inf]
    for k in range(-30000, 30000, 7):
        half = (k + 0.5) / 1000.0
        values += [half, math.nextafter(half, math.inf), math.nextafter(half, -math.inf)]
        values.append(k / 1000.0)
    values += [(rng.below(2_000_001) - 1_000_000) / 1777.0 for _ in range(100_000)]
    for i, v in enumerate(values):
        w = values[-1 - i]
        a, b = headings.key3(v, w)
        assert (_bits(a), _bits(b)) == (_bits(round(v, 3)), _bits(round(w, 3))), (v, w)
    a, b = headings.key3(math.nan, 1.0)
    assert math.isnan(a) and b == 1.0
    assert len(values) > 100_000


def _key3_slowly(dx: float, dy: float) -> tuple[float, float]:
    return round(dx, 3), round(dy, 3)


def test_EPC_11_moves_play_as_with_round_keys(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, moves, {"key3": _key3_slowly}) > 1000


# --- the Combat phase's actions: who may assault -------------------------------------------


def test_EPC_17_only_a_charge_or_a_conversion_may_assault() -> None:
    """On seeded games' states, each detachment given each order, converted or not, with
    `command.chargeAssaults` on and off: a detachment `may_assault_now` only on Charge
    or converted (what `actions` asks first)."""
    met = 0
    for seed, kept in STATES[::4]:
        for flag in (True, False):
            s = Epic().clone(kept)
            s.rules = replace(kept.rules, command_charge_assaults=flag)
            for d in s.dets:
                for order in ("charge", "avance", "tir_appuye", "aucun", None):
                    for converted in (False, True):
                        d.order, d.converted = order, converted
                        if combat_phase.may_assault_now(s, d.did):
                            assert d.order == "charge" or d.converted, seed
                            met += 1
    assert met > 5
    for flag in (True, False):  # set up: a detachment in base contact with an enemy
        b = Board({"command.chargeAssaults": flag})
        me = b.det(0, "tactiques", [(50.0, 50.0)])
        b.det(1, "tactiques", [(50.0 + 2 * b.s.rules.base_radius, 50.0)])
        d = b.s.dets[me]
        for order in ("charge", "avance", "tir_appuye", "aucun", None):
            for converted in (False, True):
                d.order, d.converted = order, converted
                may = combat_phase.may_assault_now(b.s, me)
                assert may == (order == "charge" or (converted and order == "avance" and flag))
                assert (f"assault:{me}" in combat_phase.actions(b.s, 0)) == may
                met += may
    assert met > 10
