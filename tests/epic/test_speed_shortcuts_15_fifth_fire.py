"""Epic's shortcuts for speed, issue 15 (fifth round), against the slow, sure way, as
`test_speed_shortcuts_15_fifth.py` (moving) does: shooting.

- Psychic powers (EP-11.6): each enemy detachment's box worked out once per question;
  none looked at when the Psyker is beyond reach of every enemy stand.
- The Combat phase's targets (EPC-14, EPC-18): each stand's part of the battery kept by
  its unit, weapon locations lost, a Flyer on the ground and Close Defences left; none
  looked at when every stand is beyond reach.
- "Why it does not shoot" (EPC-14): the longest range of its guns without listing them.
- A bomb's aim points (EP-16.41): the enemies far from the line's box passed over.
- A volley (EPC-13): the stands a die may hit, ranked once for the shooter's alike guns
  while the stands on the table are the same.
"""

from __future__ import annotations

import math
from typing import Any

from arbitre.engine.rng import Rng
from arbitre.games.epic import (
    combat_phase,
    fire,
    psychic,
    templates,
    why,
)
from arbitre.games.epic.fire import Gun, Path, eligible, volley
from arbitre.games.epic.geometry import Point
from arbitre.games.epic.rules import Epic
from arbitre.games.epic.state import EpicState, Frame, Stand
from arbitre.games.epic.targeting import battery, hits_any
from arbitre.games.epic.templates import template_weapons
from arbitre.games.epic.world import bounds, pinned, pinned_sids
from tests.epic.board import Board
from tests.epic.speed_states import GAMES, games_both_ways
from tests.epic.test_speed_shortcuts_15_fifth import _outcome

# --- psychic powers --------------------------------------------------------------------


def _power_targets_slowly(
    s: EpicState, st: Stand, i: int, where: dict[int, Any] | None = None
) -> list[int]:
    """`psychic._targets` as it was: a battery, each detachment's box worked out anew."""
    guns = battery([(st, fire.power_gun(st.profile.powers[i]))])
    order = s.dets[st.det].order
    table = s.by_det()
    return [
        d.did
        for d in s.dets
        if d.side != st.side and hits_any(s, guns, table.get(d.did, []), order)
    ]


def test_EP_11_6_power_targets_play_as_asked_afresh(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, psychic, {"_targets": _power_targets_slowly}) > 1000


def test_EP_11_6_power_targets_set_up(monkeypatch: Any) -> None:
    """Set up: two Psykers and enemies near, far and in between; both phases."""
    b = Board()
    b.det(0, "heraut", [(40.0, 40.0)], order="tir_appuye")
    b.det(0, "heraut", [(90.0, 40.0)], order="avance")
    b.det(1, "tactiques", [(40.0, 55.0), (42.0, 55.0)])
    b.det(1, "terminators", [(120.0, 40.0)])
    b.det(1, "rhino", [(65.0, 10.0)])
    s = b.run()
    found = 0
    for phase in ("movement", "combat"):
        quick = psychic.powers_for(s, 0, phase)
        with monkeypatch.context() as m:
            m.setattr(psychic, "_targets", _power_targets_slowly)
            assert quick == psychic.powers_for(s, 0, phase), phase
        found += len(quick)
    assert found > 0


def test_EP_11_6_a_psyker_at_the_edge_of_its_reach(monkeypatch: Any) -> None:
    """Set up: an enemy at the Herald's ranges (25 and 30 cm), a hair inside and
    outside, on x, y and a diagonal, edge-to-edge measuring or not: the targets are
    those asked afresh (no enemy looked at when every one is beyond reach)."""
    found = 0
    for edge in ("centre", "edge"):
        for gap in (25.0, 30.0, 32.0, 34.0):
            for nudge in (-1e-5, -1e-7, 0.0, 1e-7, 1e-6, 2e-6, 1e-5):
                for ux, uy in ((1.0, 0.0), (0.0, -1.0), (0.6, 0.8)):
                    b = Board({"measure.from": edge})
                    b.det(0, "heraut", [(60.0, 60.0)], order="tir_appuye")
                    d = gap + nudge
                    b.det(1, "tactiques", [(60.0 + ux * d, 60.0 + uy * d)])
                    s = b.run()
                    for phase in ("movement", "combat"):
                        quick = psychic.powers_for(s, 0, phase)
                        with monkeypatch.context() as m:
                            m.setattr(psychic, "_targets", _power_targets_slowly)
                            assert quick == psychic.powers_for(s, 0, phase), (edge, d, phase)
                        found += len(quick)
    assert found > 20


# --- a volley's victims ----------------------------------------------------------------


def _victim_slowly(
    s: EpicState,
    st: Stand,
    gun: Gun,
    target_did: int,
    order: str | None,
    paths: dict[int, Path] | None,
    doomed: dict[int, int],
    kept: Any = None,
) -> tuple[Stand, str] | None:
    """The nearest stand the gun may shoot that is not doomed, every stand asked at
    every die (`fire._victim` before issue 15's fifth round)."""
    best: tuple[float, int, Stand, str] | None = None
    here = st.point
    for t in s.alive(target_did):
        if doomed.get(t.sid, 0) >= t.wounds:
            continue
        path = paths.get(t.sid) if paths else None
        where = eligible(s, st, gun, t, order, path)
        if where is None:
            continue
        key = (here.to(where), t.sid)
        if best is None or key < best[:2]:
            _p, alt = fire._where(t, here, path)
            best = (key[0], key[1], t, alt)
    return None if best is None else (best[2], best[3])


def test_EPC_13_ranked_victims_play_as_asked_at_every_die(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, fire, {"_victim": _victim_slowly}) > 1000


def _transport_board() -> EpicState:
    """A Rhino carrying Tactical stands of its own detachment, a Tactical stand beside
    it, and a Reaver with many dice in range of both: the Rhino's wreck puts stands of
    the target on the table in the middle of the volley (EP-16.35)."""
    b = Board()
    b.det(0, "reaver", [(50.0, 20.0)], order="avance")
    did = b.det(1, "rhino", [(50.0, 50.0)], bound=[("tactiques", 53.0, 50.0)] * 3)
    s = b.s
    rhino = next(st for st in s.alive(did) if st.unit == "rhino")
    for st in [st for st in s.alive(did) if st.unit == "tactiques"][:2]:
        del s.stands[st.sid]
        st.carrier = rhino.sid
        s.aboard[st.sid] = st
    return b.run()


def test_EPC_13_ranked_victims_set_up(monkeypatch: Any) -> None:
    """Set up: volleys of many dice at a detachment whose transport may be wrecked with
    its own stands aboard, with real dice (seeds): the same hits, stands and log both
    ways; some seeds wreck the Rhino and put its passengers on the table."""
    wrecked = 0
    for seed in range(60):
        states = []
        for slow in (False, True):
            s = _transport_board()
            s.rng = Rng.from_seed(seed)
            reaver = s.stands[0]
            guns = [(reaver, Gun(75, 6, 4, 1, 360)), (reaver, Gun(75, 4, 3, 2, 360))]
            with monkeypatch.context() as m:
                if slow:
                    m.setattr(fire, "_victim", _victim_slowly)
                tally = volley(s, guns, 1, "avance")
            states.append((_outcome(s), s.rng.state, tally.args()))
        assert states[0] == states[1], f"seed {seed}"
        wrecked += not any(st.unit == "rhino" for st in s.stands.values())
    assert wrecked > 0


# --- the Combat phase's targets --------------------------------------------------------


def _targets_slowly(s: EpicState, did: int) -> list[int]:
    """`combat_phase.targets` before the fifth round (`aims_and_guns`): the guns of
    `guns_of` and the unpinned stands' template Guns in one battery, built anew."""
    order = combat_phase._order(s, did)
    shooters = fire.guns_of(s, did, order)
    plates = [(st, fire.weapon_gun(w)) for st in s.alive(did) for _i, w in template_weapons(st)]
    shooters += [(st, g) for st, g in plates if not pinned(s, st)]
    guns = battery(shooters)
    table = s.by_det()
    return [
        e.did
        for e in s.dets
        if e.side != s.dets[did].side
        and table.get(e.did)
        and hits_any(s, guns, table[e.did], order, bounds(table[e.did]))
    ]


def test_EPC_14_targets_are_those_of_a_battery_built_anew() -> None:
    """At every combat question of seeded random games, for every detachment."""
    r = Epic()
    asked = found = 0
    for seed in GAMES:
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        while (d := r.decision(s)) is not None:
            if d.kind == "epic.combat":
                for det in s.dets:
                    quick = combat_phase.targets(s, det.did)
                    assert quick == _targets_slowly(s, det.did), f"seed {seed}"
                    asked, found = asked + 1, found + bool(quick)
            r.apply(s, d.options[rng.below(len(d.options))].key)
    assert asked > 500 and found > 100


def _longest_slowly(s: EpicState, did: int) -> int | None:
    guns = fire.guns_of(s, did, combat_phase._order(s, did))
    return max(g.range for _st, g in guns) if guns else None


def test_EPC_14_longest_gun_is_that_of_the_guns_listed() -> None:
    """At every combat question of seeded random games, for every detachment, with and
    without the pinned stands found in one sweep."""
    r = Epic()
    asked = 0
    for seed in GAMES:
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        while (d := r.decision(s)) is not None:
            if d.kind == "epic.combat":
                pins = pinned_sids(s)
                for det in s.dets:
                    slow = _longest_slowly(s, det.did)
                    assert why.longest_gun(s, det.did) == slow, f"seed {seed}"
                    assert why.longest_gun(s, det.did, pins) == slow, f"seed {seed}"
                    asked += slow is not None
            r.apply(s, d.options[rng.below(len(d.options))].key)
    assert asked > 300


def test_EPC_14_targets_set_up() -> None:
    """Set up: stands whose guns depend on what they lost (a titan's weapon locations),
    on the ground (a landed Flyer), on Close Defences left (`dr.combatPhase`) and on
    templates, some pinned, against enemies near and far, at each altitude."""
    met = 0
    for dr_combat in (False, True):
        b = Board({"dr.combatPhase": dr_combat})
        b.det(0, "reaver", [(40.0, 40.0)], order="avance")
        b.det(0, "rhino", [(60.0, 40.0), (62.5, 40.0)], order="tir_appuye")
        b.det(0, "thunderbolt", [(20.0, 60.0)], order="avance")
        b.det(0, "dreadnought_mf", [(80.0, 40.0), (90.0, 40.0)], order="avance")
        b.det(0, "tour_peste", [(100.0, 70.0)], order="tir_appuye")
        b.det(0, "rhino_chaos", [(40.0, 75.0)], order="avance")  # Close Defences alone
        b.det(1, "tactiques", [(40.0, 88.0), (62.5, 42.2), (80.0, 52.0)])
        b.det(1, "tactiques", [(90.0, 42.2), (20.0, 90.0)])
        b.det(1, "thunderhawk", [(55.0, 65.0)], alt="low")
        b.det(1, "terminators", [(100.0, 140.0), (140.0, 100.0)])
        b.det(1, "terminators", [(60.0, 42.3)])  # pinned by the Rhino: no gun at all
        s = b.run()
        for damage, alt, dr_used in (
            ((), "ground", 0),
            (("arme",), "low", 1),
            (("arme",) * 2, "high", 0),
        ):
            for st in s.stands.values():
                if st.side == 0:
                    st.damage, st.dr_used = damage, dr_used
                    st.alt = alt if st.profile.is_flyer else "ground"
            hawk = next(st for st in s.stands.values() if st.unit == "thunderhawk")
            hawk.alt = "high" if alt == "ground" else "ground"
            for det in s.dets:
                quick = combat_phase.targets(s, det.did)
                assert quick == _targets_slowly(s, det.did), (dr_combat, damage, det.did)
                assert why.longest_gun(s, det.did) == _longest_slowly(s, det.did)
                met += len(quick)
    assert met > 20


# --- a bomb's aim points ---------------------------------------------------------------


def _bomb_points_slowly(s: EpicState, f: Frame) -> list[Point]:
    """`templates.aim_points` of a bomb projecting every enemy stand on its line."""
    sid, wi = f.data["todo"][0]
    st = s.stands[sid]
    r = templates.radius(st.profile.weapons[wi])
    x0, y0, x1, y1 = f.data["paths"][str(sid)]
    a, b = Point(x0, y0), Point(x1, y1)
    pts = []
    for e in s.stands.values():
        if e.side != st.side and e.alt == "ground":
            q = templates._project(e.point, a, b)
            if q.to(e.point) <= r:
                pts.append(q)
    return templates.best_points(s, st.side, pts, r)


def test_EP_16_41_bomb_points_are_every_enemy_projected() -> None:
    """Set up: a Thunderbolt's bombs along lines in every direction, enemies at the
    template's radius from the line and beyond its ends, a hair inside and outside."""
    rng = Rng.from_seed(11)
    found = 0
    for n in range(150):
        b = Board()
        b.det(0, "thunderbolt", [(60.0, 60.0)], order="avance", alt="low")
        wi = next(i for i, w in enumerate(b.s.stands[0].profile.weapons) if w.has("bomb"))
        r = templates.radius(b.s.stands[0].profile.weapons[wi])
        a = (rng.below(360) if n % 5 else 90 * (n % 4)) * math.pi / 180
        length = [0.0, 5.0, 30.0][n % 3]
        x1, y1 = 60.0 + length * math.cos(a), 60.0 + length * math.sin(a)
        for k in range(6):
            t = rng.below(5) / 4
            side = a + math.pi / 2 * (1 if k % 2 else -1)
            d = r + (rng.below(5) - 2) * [1e-7, 1e-3, 0.5][k % 3]
            px = 60.0 + t * (x1 - 60.0) + d * math.cos(side)
            py = 60.0 + t * (y1 - 60.0) + d * math.sin(side)
            b.det(1, "tactiques", [(px, py)])
        for k, (ex, ey, sign) in enumerate(((60.0, 60.0, -1), (x1, y1, 1))):  # beyond the ends
            d = r + (rng.below(5) - 2) * [1e-7, 1e-3][k]
            b.det(1, "tactiques", [(ex + sign * d * math.cos(a), ey + sign * d * math.sin(a))])
        s = b.run()
        f = Frame(
            "template", 0, {"todo": [[0, wi]], "bomb": True, "paths": {"0": [60.0, 60.0, x1, y1]}}
        )
        quick = templates.aim_points(s, f)
        assert quick == _bomb_points_slowly(s, f), n
        found += len(quick)
    assert found > 100
