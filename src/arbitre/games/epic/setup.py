"""Setup: the two starter armies deployed on opposite table edges (EPC-3, research §3.1),
then the Flyers' starting altitudes (EP-16.12) and the Infiltration moves (EP-7).

Each army's ground detachments stand in a row 20 cm from its own long edge, stands 3 cm
apart (inside the EPC-5 coherency distance), Bound Characters beside their detachment
(EP-10.1, EP-10.2); the Flyers wait 8 cm from the edge. Every stand faces the enemy
edge. Titans start with their energy shields up (EPC-24), each player with the Elite
re-rolls of EP-4.4 (AMB-EP-4a), each building with its Structure Points (EP-5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.games.epic import deployment, forces, moves
from arbitre.games.epic.abilities import EliteSource, elite_pool, may_end_at
from arbitre.games.epic.binding import bind_frame
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.config import resolve
from arbitre.games.epic.geometry import may_land
from arbitre.games.epic.moves import INFILTRATE
from arbitre.games.epic.shooting import GROUND, HIGH, LOW
from arbitre.games.epic.sides import side_key
from arbitre.games.epic.state import ARMIES, Det, EpicState, Frame, Stand
from arbitre.games.epic.tables import load_table
from arbitre.games.epic.transport import room_left, space
from arbitre.games.epic.world import det_has

EDGE_CM = 20.0
AIR_EDGE_CM = 8.0
DET_GAP_CM = 25.0
STAND_GAP_CM = 3.0


def stand_wounds(unit: str) -> int:
    """Wounds of a stand (research §5.9); a titan's come from its damage sheet."""
    prof = CATALOG.units[unit]
    if prof.save.sheet and prof.sheet is not None:
        return CATALOG.sheets[prof.sheet].wounds
    return prof.wounds


def new_state(config: Mapping[str, Any], seed: int, armies: Sequence[str] = ARMIES) -> EpicState:
    rules = resolve(config)
    table = load_table(rules.values["table"])  # issue 16: the game's table (tables.py)
    s = EpicState(rules=rules, rng=Rng.from_seed(seed), table=table)
    sid = 0
    built = forces.build(s)  # issue 16: a game from two armies (forces.py, deployment.py)
    for side, army_id in enumerate(() if built else armies):
        specs = CATALOG.armies[army_id].detachments
        ground = [d for d in specs if not CATALOG.units[d.unit].is_flyer and not d.embarked]
        air = [d for d in specs if CATALOG.units[d.unit].is_flyer]
        aboard = [d for d in specs if d.embarked]
        pools = []
        for row, group in ((EDGE_CM, ground), (AIR_EDGE_CM, air), (-1.0, aboard)):
            y = row if side == 0 else s.table.height - row
            for i, spec in enumerate(group):
                did = len(s.dets)
                s.dets.append(
                    Det(
                        did,
                        side,
                        spec.id,
                        spec.unit,
                        spec.break_points,
                        morale=spec.morale,
                        company=spec.company or "",
                    )
                )
                units = [spec.unit] * spec.stands + list(spec.bound)
                x0 = 15.0 + i * DET_GAP_CM
                for k, unit in enumerate(units):
                    prof = CATALOG.units[unit]
                    s.stands[sid] = Stand(
                        sid,
                        did,
                        side,
                        unit,
                        x0 + k * STAND_GAP_CM,
                        y,
                        stand_wounds(unit),
                        alt=LOW if prof.is_flyer else GROUND,
                        facing=90.0 if side == 0 else -90.0,
                        shields=prof.param("shields") or 0,
                    )
                    sid += 1
                if spec.embarked:
                    _board(s, did, _spec_det(s, side, spec.embarked))
                host = CATALOG.units[spec.unit].param("elite")
                bound = tuple(CATALOG.units[b].param("elite") or 0 for b in spec.bound)
                src = EliteSource(host, spec.stands, bound)
                pools.append(src)
                s.dets[did].elite = elite_pool([src], s.rules)
        s.elite[side] = elite_pool(pools, s.rules)
        for spec in specs:
            if spec.transport:
                s.dets[_spec_det(s, side, spec.id)].transport = _spec_det(s, side, spec.transport)
    s.objectives = [-1] * len(s.table.objectives)
    s.elite0 = (s.elite[0], s.elite[1])
    s.structure = s.table.structure_points()
    s.stack.append(Frame("turn", 0, {}))
    s.stack.append(Frame("infiltrate", 0, {"stage": "start"}))
    if s.rules.maelstrom:
        s.stack.append(Frame("warlord", 0, {"side": 0}))
    if s.rules.bound_choose:
        s.stack.append(bind_frame(s))
    flyers = [d.did for d in s.dets if det_has(s, d.did, "flyer")]
    if flyers:
        s.stack.append(Frame("altitude", s.dets[flyers[0]].side, {"todo": flyers}))
    if deployment.by_players(s):
        s.stack.append(deployment.frame(s))  # issue 16: placed first, then the steps above
    # the setup steps show as the start of turn 1's orders phase (cli renders "orders")
    return s


def _spec_det(s: EpicState, side: int, spec_id: str) -> int:
    return next(d.did for d in s.dets if d.side == side and d.spec == spec_id)


def _board(s: EpicState, did: int, tdid: int) -> None:
    """EPC-21: a detachment starting aboard its transport (data `embarked`), stand by
    stand into the transports with room (checked by the catalog)."""
    for st in sorted(s.alive(did), key=lambda x: x.sid):
        carrier = next(c for c in s.alive(tdid) if room_left(s, c) >= space(st))
        del s.stands[st.sid]
        st.carrier, st.x, st.y = carrier.sid, carrier.x, carrier.y
        s.aboard[st.sid] = st


# --- starting altitudes (EP-16.12) -------------------------------------------------------


def start_altitudes(s: EpicState, did: int) -> list[str]:
    """EP-16.12: any altitude; the ground only for a Transport Flyer (EP-16.13,
    AMB-EP-15n) on ground where it may land (EP-16.18)."""
    unit = CATALOG.units[s.dets[did].unit]
    out = [HIGH, LOW]
    terrain = s.table.areas
    if may_end_at(unit, GROUND)[0] and all(may_land(st.point, terrain) for st in s.alive(did)):
        out.append(GROUND)
    return out


def decide_altitude(s: EpicState, f: Frame) -> Decision | None:
    todo = [d for d in f.data["todo"] if s.alive(d)]
    if not todo:
        return None
    did = todo[0]
    f.seat = s.dets[did].side
    opts = tuple(Option(f"alt:{a}", Msg(f"epic.alt.{a}")) for a in start_altitudes(s, did))
    text = Msg("epic.decide.start_altitude", {"det": s.dets[did].spec}, "EP-16.12")
    return Decision(
        f.seat, "epic.altitude", opts, text, ("EP-16.12", "EP-16.13", "EP-16.16"), private=False
    )


def choose_altitude(s: EpicState, f: Frame, key: str) -> None:
    todo = [d for d in f.data["todo"] if s.alive(d)]
    for st in s.alive(todo[0]):
        st.alt = key.split(":")[1]  # EP-16.16: the whole squadron at one altitude
    f.data["todo"] = todo[1:]


def auto_pop(s: EpicState, f: Frame) -> None:
    s.stack.pop()


# --- Infiltration (EP-7) ------------------------------------------------------------------


def infiltrators(s: EpicState, side: int, done: Sequence[int]) -> list[int]:
    """EP-7, EP-10.6: detachments with Infiltration (a Bound Character gains it)."""
    return [
        d.did
        for d in s.dets
        if d.side == side
        and d.did not in done
        and s.alive(d.did)
        and det_has(s, d.did, "infiltration")
    ]


def _start_infiltration(s: EpicState, f: Frame) -> bool:
    """EP-7.6: with both players infiltrating, the higher D6 moves first (AMB-EP-7a: a tie
    is re-rolled, or goes to the first seat); AMB-EP-7e: a lone player needs no roll."""
    have = [bool(infiltrators(s, side, [])) for side in (0, 1)]
    if not any(have):
        return False
    f.data.update(stage="go", done=[], det=-1, alternate=all(have))
    if not all(have):
        f.data["side"] = 0 if have[0] else 1
        return True
    while True:
        a, b = s.roll(), s.roll()
        if a != b or not s.rules.infiltration_tie_reroll:
            break
    f.data["side"] = 0 if a >= b else 1
    s.log.append(
        Msg(
            "epic.ev.infiltration_roll",
            {"a": a, "b": b, "side": side_key(s, f.data["side"])},
            "EP-7.6",
        )
    )
    return True


def decide_infiltrate(s: EpicState, f: Frame) -> Decision | None:
    if f.data["stage"] == "start" and not _start_infiltration(s, f):
        return None
    side, did = f.data["side"], f.data["det"]
    if did >= 0:
        if f.memo is None:
            f.memo = moves.candidates(s, did, moves.plan(s, did, INFILTRATE))
        from arbitre.games.epic.move_texts import move_decision

        return move_decision(s, did, side, f.memo, INFILTRATE)
    todo = infiltrators(s, side, f.data["done"])
    if not todo:
        return None
    opts = tuple(
        Option(f"act:{d}", Msg("epic.opt.infiltrate", {"det": s.dets[d].spec})) for d in todo
    )
    text = Msg("epic.decide.infiltrate_which", {}, "EP-7.7")
    return Decision(side, "epic.activate", opts, text, ("EP-7.2", "EP-7.7"), private=False)


def choose_infiltrate(s: EpicState, f: Frame, key: str) -> None:
    if f.data["det"] < 0:
        f.data["det"] = int(key.split(":")[1])
        f.memo = None
        return
    did = f.data["det"]
    p = moves.plan(s, did, INFILTRATE)
    if key.startswith("p:"):
        v = (f.memo or moves.candidates(s, did, p))[int(key[2:])]
    else:
        got = moves.point_vector(s, p, key)
        assert got is not None
        v = got
    moves.apply_move(s, p, *v)
    s.log.append(Msg("epic.ev.infiltrated", {"det": s.dets[did].spec}, "EP-7.3"))
    f.data["done"].append(did)
    f.data["det"] = -1
    f.memo = None
    other = 1 - f.data["side"]
    if infiltrators(s, other, f.data["done"]):
        f.data["side"] = other  # EP-7.7 alternate; AMB-EP-7b: the other goes on alone


def auto_infiltrate(s: EpicState, f: Frame) -> None:
    s.stack.pop()


def check_point(s: EpicState, f: Frame, key: str) -> Msg | None:
    """A point key for an Infiltration move (EP-7.3..7.5, AMB-EP-7d)."""
    did = f.data.get("det", -1)
    p = moves.plan(s, did, INFILTRATE)
    v = moves.point_vector(s, p, key)
    if v is None:
        return Msg("epic.move.bad_point", {"key": key}, "EPC-30")
    return moves.check(s, did, p, *v)
