"""The turn (research §3.3): hidden orders, initiative, the movement phase, the end phase.

- Strategy: every detachment gets a face-down order counter (EPC-9), one private decision
  per detachment: Tir Appuyé, Avance, Charge, or no order ("aucun", EP-16.10); Retraite
  is never chosen, a failed morale test imposes it (research §5.1, §3.8). Orders are
  revealed when the movement phase starts (ours: one reveal for all).
- Initiative: each player rolls a D6, the higher starts; a tie goes to the player who did
  not have it last turn (research §3.3).
- Movement: players alternate activating one detachment (EPC-9, EP-16.11); its move is a
  point (a candidate "p:i" or any "x,y", moves.py) run as a flight (air.py, EP-8), then
  the enemy may fire in reaction (reactions.py). An Interceptor on Charge first declares
  a zone or a normal assault (EP-8.2). A Movement-phase psychic power may be used in
  place of an activation (EP-11.6). Unspent zones may intercept late (EP-8.22).
- End: rally tests, shield repairs, break points and victory (research §3.8, §3.9, §3.11).
"""

from __future__ import annotations

import math

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.epic import moves
from arbitre.games.epic.air import end_altitudes, start_flight
from arbitre.games.epic.assault import disengage
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.combat_phase import keep
from arbitre.games.epic.move_texts import COMPASS as COMPASS  # re-exported
from arbitre.games.epic.move_texts import move_decision as move_decision  # re-exported
from arbitre.games.epic.move_texts import move_words as move_words  # re-exported
from arbitre.games.epic.moves import MOVE, ZONE, Plan
from arbitre.games.epic.objectives import bonus, held
from arbitre.games.epic.objectives import update as update_objectives
from arbitre.games.epic.psychic import (
    NO_POWER,
    decline_powers,
    movement_powers,
    no_power_option,
    use_power,
)
from arbitre.games.epic.shooting import GROUND, HIGH, LOW
from arbitre.games.epic.sides import side_key
from arbitre.games.epic.state import TURNS, EpicState, Frame, Stand
from arbitre.games.epic.transport import (
    abandon,
    disembark,
    embark,
    embark_targets,
    may_abandon,
    may_disembark,
)
from arbitre.games.epic.why import log_no_fire
from arbitre.games.epic.world import any_pinned, det_has, near_foes

GIVEN_ORDERS = ("tir_appuye", "avance", "charge", "aucun")  # EPC-9, EP-16.10
_new = tuple.__new__  # NamedTuples without their Python __new__ (eighth round)
MOVERS = ("avance", "charge", "retraite")
# eighth round: the altitude and declaration options, kept (an Option is never changed)
_ALTITUDES = {a: Option(f"alt:{a}", Msg(f"epic.alt.{a}")) for a in (GROUND, LOW, HIGH)}
_DECLARE = (Option("zone", Msg("epic.opt.zone")), Option("assault", Msg("epic.opt.normal_assault")))
SHIELD_REPAIR = 4  # research §3.11: each lost shield comes back on 4+


# --- strategy: orders and initiative ----------------------------------------------------


def auto_turn(s: EpicState, f: Frame) -> None:
    """Start a turn: clear counters and activations, then queue the phases (research §3.3)."""
    s.stack.pop()
    for d in s.dets:
        d.order = "retraite" if d.fallback else None  # research §3.8
        d.revealed = d.fallback
        d.moved = d.acted = d.assaulted = d.zone = d.converted = d.disembarked = d.dropped = False
    for st in s.stands.values():
        st.duels = st.won = st.beaten = st.dr_used = 0
        st.power_used = st.landing = st.bombed = False
    if s.rules.elite_scope == "turn":
        s.elite = list(s.elite0)
    s.log.append(Msg("epic.ev.turn", {"turn": s.turn}, "EPC-9"))
    s.phase = "orders"
    s.stack += [
        Frame("end", 0),
        Frame("combat", 0),
        Frame("movement", 0),
        Frame("initiative", 0),
        Frame("orders", 1),
        Frame("orders", 0),
    ]


def _unordered(s: EpicState, side: int) -> list[int]:
    return [d.did for d in s.dets if d.side == side and d.order is None and s.present(d.did)]


def _first_unordered(s: EpicState, side: int) -> int | None:
    """`_unordered(s, side)[0]`, or None when it is empty (issue 15: the order questions
    ask only the first, so the others are not looked at)."""
    table = s.by_det()  # tenth round: `present`'s usual answer, read without its call
    for d in s.dets:
        if d.side == side and d.order is None and (d.did in table or s.present(d.did)):
            return d.did
    return None


def decide_orders(s: EpicState, f: Frame) -> Decision | None:
    """EPC-9: one face-down order per detachment, a private choice."""
    first = _first_unordered(s, f.seat)
    if first is None:
        return None
    det = s.dets[first]
    text = _new(Msg, ("epic.decide.order", {"det": det.spec}, "EPC-9"))
    return _new(Decision, (f.seat, "epic.order", ORDER_OPTIONS, text, ("EPC-9",), True))


# issue 15: the same four options every time (an Option and its Msg are never changed)
ORDER_OPTIONS = tuple(Option(o, Msg(f"epic.order.{o}")) for o in GIVEN_ORDERS)


def choose_orders(s: EpicState, f: Frame, key: str) -> None:
    first = _first_unordered(s, f.seat)
    assert first is not None  # the decision named it
    s.dets[first].order = key


def auto_orders(s: EpicState, f: Frame) -> None:
    s.stack.pop()


def auto_initiative(s: EpicState, f: Frame) -> None:
    """Research §3.3: both roll a D6, the higher starts; ties go to last turn's other side."""
    s.stack.pop()
    a, b = s.roll(), s.roll()
    s.initiative = 0 if a > b else 1 if b > a else 1 - s.initiative
    for d in s.dets:
        d.revealed = d.order is not None  # research §3.3: all orders revealed by now
    s.phase = "movement"
    s.psy_pass = [False, False]  # EP-11.2: a power declined is declined for one phase
    s.log.append(
        Msg(
            "epic.ev.initiative",
            {"a": a, "b": b, "side": side_key(s, s.initiative)},
            "EPC-10",
        )
    )
    s.stack[-1].data["side"] = s.initiative


# --- movement ---------------------------------------------------------------------------


def movable(s: EpicState, did: int, mine: list[Stand] | None = None) -> bool:
    """Avance, Charge and Retraite move (EPC-9); a Flyer always moves (EP-16.32) unless
    it is on the ground with Tir Appuyé (EP-16.5, AMB-EP-15d); a pinned detachment stays
    (research §3.2; never a Flyer, EP-16.28)."""
    d = s.dets[did]
    if d.moved and not s.aboard:
        return False  # issue 14: the usual answer, before the stands are listed
    if mine is None:
        mine = s.alive(did)
    if not mine and s.aboard:
        return may_disembark(s, did)  # EPC-21: its activation takes it out
    if d.moved or not mine:
        return False
    if "flyer" in d.extra or "flyer" in CATALOG.units[d.unit].params:  # det_has, no call
        grounded = mine[0].alt == GROUND
        return not (grounded and d.order == "tir_appuye")
    if d.order not in MOVERS:
        return False
    # research §3.2/§3.5: pinned stands stay; others may disengage (assault.disengage)
    near = near_foes(s, mine)  # issue 14: mostly none, then no stand is pinned
    return not (near and any_pinned(s, mine, near))


def _movable(s: EpicState, side: int) -> list[int]:
    """The side's detachments that may still be activated to move (EPC-9, `movable`)."""
    table, done, out = s.by_det(), not s.aboard, []  # issue 14: the stands in one pass
    for d in s.dets:  # ninth round: a loop; `d.moved and done`: `movable`'s first answer
        if d.side == side and not (d.moved and done) and movable(s, d.did, table.get(d.did, [])):
            out.append(d.did)
    return out


class _Moves(list[tuple[float, float]]):
    """A move question's candidates kept in the movement frame's memo, with the plan they
    were found for (issue 15: the answer to the question reads the plan again; the memo
    is forgotten whenever the detachment, its purpose or the state under it changes)."""

    __slots__ = ("plan",)
    plan: Plan


class _Asked:
    """What `auto_movement` found of the side that activates next (issue 15: the
    activation question comes next on the same state and asks it again)."""

    __slots__ = ("powers", "side", "todo")

    def __init__(self, side: int, todo: list[int], powers: list[tuple[str, Msg]] | None):
        self.side, self.todo, self.powers = side, todo, powers


def _plan(s: EpicState, f: Frame) -> Plan:
    memo = f.memo
    if memo.__class__ is _Moves:
        return memo.plan
    return moves.plan(s, f.data["det"], f.data.get("purpose", MOVE))


def move_options(s: EpicState, did: int) -> list[tuple[float, float]]:
    """Candidate block moves (dx, dy) of a detachment in the movement phase."""
    return moves.candidates(s, did, moves.plan(s, did, MOVE))


def decide_movement(s: EpicState, f: Frame) -> Decision | None:
    did = f.data.get("det", -1)
    if did < 0:
        return _activation(s, f)
    det = s.dets[did]
    stage = f.data.get("stage", "move")
    if stage == "declare":
        text = Msg("epic.decide.declare", {"det": det.spec}, "EP-8.2")
        return Decision(f.seat, "epic.declare", _DECLARE, text, ("EP-8.2", "EP-8.3"), private=False)
    if stage == "alt":
        opts = tuple([_ALTITUDES[a] for a in f.data["alts"]])  # a stand's altitude (EP-16.12)
        text = _new(Msg, ("epic.decide.altitude", {"det": det.spec}, "EP-16.12"))
        rules = ("EP-16.12", "EP-16.14")
        return _new(Decision, (f.seat, "epic.altitude", opts, text, rules, False))
    p = _plan(s, f)
    if f.memo is None:
        f.memo = cands = _Moves(moves.candidates(s, did, p))
        cands.plan = p
    d = move_decision(s, did, f.seat, f.memo, f.data.get("purpose", MOVE))
    if f.data.get("purpose", MOVE) != MOVE or p.flying:
        return d
    boards = embark_targets(s, did, p.hi)  # EPC-21: the move may end aboard
    if not boards:
        return d
    extra = tuple(
        Option(f"emb:{t}", Msg("epic.opt.embark", {"det": s.dets[t].spec})) for t in boards
    )
    return Decision(
        d.seat,
        d.kind,
        d.options + extra,
        d.text,
        (*d.rules, "EP-16.4", "EP-16.17"),
        private=d.private,
    )


def _activate_text(s: EpicState, did: int) -> Msg:
    """ "Marines tactiques (B) : Avance": the detachment by name and its revealed order."""
    order = s.dets[did].order or "aucun"
    return Msg("epic.opt.activate", {"det": s.dets[did].spec, "order": f"epic.order.{order}"})


def _activate_option(s: EpicState, did: int) -> Option:
    """The option "act:N" (EPC-9), kept by detachment and order (issue 15: asked at every
    activation; texts are immutable, so one may serve many decisions) while the
    detachment's name is the very same object (another game's may read otherwise)."""
    det = s.dets[did]
    got = _ACTIVATE.get((did, det.order))
    if got is not None and got[0] is det.spec:
        return got[1]
    option = Option(f"act:{did}", _activate_text(s, did))
    if len(_ACTIVATE) >= 4096:
        _ACTIVATE.clear()
    _ACTIVATE[(did, det.order)] = (det.spec, option)
    return option


_ACTIVATE: dict[tuple[int, str | None], tuple[object, Option]] = {}


def _activation(s: EpicState, f: Frame) -> Decision | None:
    side = f.data["side"]
    asked = f.memo
    if asked.__class__ is _Asked and asked.side == side:
        f.memo = None  # read once: the next change of the state would make it stale
        todo = asked.todo
        powers = asked.powers if asked.powers is not None else movement_powers(s, side)
    else:
        todo = _movable(s, side)
        powers = movement_powers(s, side)
    if not todo and not powers:
        return None
    opts = [_activate_option(s, d) for d in todo]  # (loops below: ninth round)
    for k, m in powers:
        opts.append(Option(k, m))
    if powers and not todo:
        opts.append(no_power_option())  # EP-11.2: only powers left, and none is a duty
    for e in s.dets:  # (todo or powers: both empty returned above)
        if e.side == side and e.transport >= 0 and may_abandon(s, e.did):  # (its first test)
            args = {"det": e.spec, "transport": s.dets[e.transport].spec}
            opts.append(Option(f"abandon:{e.did}", Msg("epic.opt.abandon", args)))
    text = _new(Msg, ("epic.decide.activate", {}, "EPC-9"))
    rules = ("EPC-9", "EP-11.6", "EP-9.3")
    return _new(Decision, (side, "epic.activate", tuple(opts), text, rules, False))


def chosen_vector(s: EpicState, f: Frame, key: str) -> tuple[float, float]:
    """The move a key names: a candidate, or a point already validated by `check_point`."""
    if key.startswith("p:"):
        cands = f.memo if f.memo is not None else moves.candidates(s, f.data["det"], _plan(s, f))
        return cands[int(key[2:])]
    v = moves.point_vector(s, _plan(s, f), key)
    assert v is not None
    return v


def check_point(s: EpicState, f: Frame, key: str) -> Msg | None:
    """Validate a point key "x,y" of a move decision (distance, table, terrain, contact,
    zones of control, coherency, landing ground)."""
    p = _plan(s, f)
    v = moves.point_vector(s, p, key)
    if v is None:
        return Msg("epic.move.bad_point", {"key": key}, "EPC-30")
    return moves.check(s, f.data["det"], p, *v)


def choose_movement(s: EpicState, f: Frame, key: str) -> None:
    did = f.data.get("det", -1)
    if did < 0:
        if key.startswith("psy:") or key == NO_POWER:
            if key == NO_POWER:
                decline_powers(s, f.data["side"])
            else:
                use_power(s, key)
            f.data["side"] = 1 - f.data["side"]
            return
        did = int(key.split(":")[1])
        if key.startswith("abandon:"):
            abandon(s, did)  # EP-9.3: part of its activation, which is still to come
            return
        if not s.alive(did):
            disembark(s, did)  # EPC-21, EP-16.4, EP-16.21
        f.data.update(det=did, purpose=MOVE, stage="move")
        f.seat = f.data["side"]
        f.memo = None
        det = s.dets[did]
        if det.order == "charge" and det_has(s, did, "interceptor"):
            f.data["stage"] = "declare"  # EP-8.2, EP-8.3
        return
    stage = f.data.get("stage", "move")
    if stage == "declare":
        f.data.update(stage="move", purpose=ZONE if key == "zone" else MOVE)
        f.memo = None
        return
    p = _plan(s, f)
    if stage == "move" and key.startswith("emb:"):
        embark(s, did, int(key[4:]), p.hi)
        _next(s, f)
        return
    if stage == "move":
        v = chosen_vector(s, f, key)
        f.data["v"] = [v[0], v[1]]
        if det_has(s, did, "flyer"):
            alts = [HIGH] if p.rule == "EP-8.5" else end_altitudes(s, did, p, v)
            if len(alts) > 1:
                f.data.update(stage="alt", alts=alts)
                return
            _commit(s, f, p, alts[0])
            return
        _commit(s, f, p, GROUND)
        return
    _commit(s, f, p, key.split(":")[1])


def _commit(s: EpicState, f: Frame, p: Plan, alt: str) -> None:
    did = f.data["det"]
    dx, dy = f.data["v"]
    face = math.degrees(math.atan2(dy, dx)) if (dx or dy) else None
    for sid in p.movers:
        if face is not None:
            s.stands[sid].facing = face  # EP-16.33: faces its straight line
    s.dets[did].moved = True
    disengage(s, list(p.movers), dx, dy)  # research §3.5: leaving contact
    movers = [sid for sid in p.movers if sid in s.stands]
    if movers:
        start_flight(s, did, movers, (dx, dy), alt, f.data.get("purpose", MOVE))
    _next(s, f)


def _next(s: EpicState, f: Frame) -> None:
    """The activation is over: the other side activates next (EPC-9)."""
    f.data.update(det=-1, stage="move", purpose=MOVE)
    f.data.pop("v", None)
    f.data.pop("alts", None)
    f.memo = None
    f.data["side"] = 1 - f.data["side"]


def auto_movement(s: EpicState, f: Frame) -> None:
    """Research §3.3: when one side has nothing left to move, the other goes on; at the
    end, zones not spent may intercept late (EP-8.22)."""
    side = f.data["side"]
    todo = _movable(s, 1 - side)
    powers = None if todo else movement_powers(s, 1 - side)
    if todo or powers:
        f.data["side"] = 1 - side
        f.memo = _Asked(1 - side, todo, powers)  # the next question, on this very state
        return
    s.stack.pop()
    s.phase = "combat"
    s.psy_pass = [False, False]  # EP-11.2: the combat phase may use what movement did not
    s.stack[-1].data["side"] = s.initiative
    seen = log_no_fire(s)  # issue 13: the log says why a detachment will not shoot
    late = [Frame("late", d.side, {"zone": d.did}) for d in s.dets if d.zone]
    if late:
        s.stack += late  # EP-8.22: late interceptions come first and change the table
    else:
        # issue 14: the same state asks them next; issue 15: later states too, while
        # what they read is the same (combat_phase.aims_key)
        s.stack[-1].memo = {"targets": seen, "kept": keep(s, seen)}


# --- end phase --------------------------------------------------------------------------


def army_broken(s: EpicState, side: int) -> bool:
    """Ours: an army is broken when at least half of its detachments are broken."""
    dets = [d for d in s.dets if d.side == side]
    return 2 * sum([d.broken for d in dets]) >= len(dets)


def score(s: EpicState, side: int) -> int:
    """Research §3.8: each broken enemy detachment gives its break points to the player."""
    return sum(d.break_points for d in s.dets if d.side != side and d.broken)


def total(s: EpicState, side: int) -> int:
    """Break points plus the scenario's (objectives, Warlord; objectives.py)."""
    return score(s, side) + bonus(s, side)


def end_phase_upkeep(s: EpicState) -> None:
    """Research §3.8: a detachment in Retraite rallies on 2D6 >= its Morale; research
    §3.11: each lost energy shield comes back on 4+ unless the generator is damaged."""
    for d in s.dets:
        if d.fallback and s.present(d.did):
            total = s.roll() + s.roll()
            if total >= d.morale:
                d.fallback = False
                s.log.append(Msg("epic.ev.rally", {"det": d.spec, "roll": total}, "EPC-28"))
    for st in s.stands.values():
        most = CATALOG.units[st.unit].params.get("shields") or 0  # .param(), no call
        if "generateur" in st.damage:
            continue
        for _ in range(most - st.shields):
            if s.roll() >= SHIELD_REPAIR:
                st.shields += 1


def auto_end(s: EpicState, f: Frame) -> None:
    """End phase (research §3.9): upkeep, victory check, else the next turn."""
    s.stack.pop()
    end_phase_upkeep(s)
    update_objectives(s)  # research §3.9
    broken = [army_broken(s, side) for side in (0, 1)]
    if any(broken) or s.turn >= TURNS:
        pts = (total(s, 0), total(s, 1))
        objs = (held(s, 0), held(s, 1))
        if broken[0] != broken[1]:
            winner, reason = (1 if broken[0] else 0), "broken"
        elif s.rules.objectives == "majority" and objs[0] != objs[1]:
            winner, reason = (0 if objs[0] > objs[1] else 1), "objectives"
        else:
            winner = 0 if pts[0] > pts[1] else 1 if pts[1] > pts[0] else -1
            reason = "points"
        s.over = True
        s.phase = "over"
        s.outcome = {
            "winner": winner,
            "reason": reason,
            "points": list(pts),
            "objectives": list(objs),
            "turn": s.turn,
        }
        return
    s.turn += 1
    s.stack.append(Frame("turn", 0))
