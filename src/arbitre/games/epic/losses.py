"""After an action: the HQ sacrifice (EP-12), morale tests and fall-back moves
(research §3.8, EPC-28), Breakthrough moves (EP-2). Frame handlers."""

from __future__ import annotations

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.epic import moves
from arbitre.games.epic.fire import hq_candidates, remove, wound
from arbitre.games.epic.moves import BREAKTHROUGH, FALLBACK
from arbitre.games.epic.state import EpicState, Frame

# --- HQ (EP-12) -----------------------------------------------------------------------


def decide_hq(s: EpicState, f: Frame) -> Decision | None:
    queue = f.data["queue"]
    while queue:
        hq = s.stands.get(queue[0][0])
        if hq is None:
            queue.pop(0)
            continue
        cands = hq_candidates(s, hq)
        if not cands:
            return None
        opts = [Option("keep", Msg("epic.opt.hq_keep"))] + [
            Option(f"sac:{c}", Msg("epic.opt.sacrifice", {"unit": f"epic.unit.{s.stands[c].unit}"}))
            for c in cands
        ]
        text = Msg("epic.decide.hq", {"unit": f"epic.unit.{hq.unit}"}, "EP-12.3")
        return Decision(f.seat, "epic.hq", tuple(opts), text, ("EP-12.3", "EP-12.4"), private=False)
    return None


def choose_hq(s: EpicState, f: Frame, key: str) -> None:
    sid, ethereal = f.data["queue"].pop(0)
    hq = s.stands[sid]
    if key == "keep":
        wound(s, hq, "EPC-13", bool(ethereal))
        return
    victim = s.stands[int(key.split(":")[1])]
    s.log.append(Msg("epic.ev.sacrifice", {"unit": f"epic.unit.{victim.unit}"}, "EP-12.3"))
    remove(s, victim, "EP-12.3")  # AMB-EP-12d: no save for the sacrificed stand


def auto_hq(s: EpicState, f: Frame) -> None:
    """Failed saves whose HQ has no stand left to sacrifice are simply lost."""
    for sid, ethereal in f.data["queue"]:
        hq = s.stands.get(sid)
        if hq is not None:
            wound(s, hq, "EPC-13", bool(ethereal))
    s.stack.pop()


# --- morale (research §3.8) -------------------------------------------------------------


def morale_frame(s: EpicState) -> Frame:
    """The morale test's frame (EPC-28): each detachment's stands on the table before the
    action (ninth round: counted from `by_det`, no copies)."""
    table = s.by_det()  # = len(s.alive(did)), no copy (ninth round)
    return Frame("morale", 0, {"before": [[d.did, len(table.get(d.did, ()))] for d in s.dets]})


def auto_morale(s: EpicState, f: Frame) -> None:
    """A detachment that lost at least half of its stands in one action tests morale:
    2D6 >= Morale passes (0: no test); failure gives Retraite and an immediate
    fall-back move away from the enemy (research §3.8): the owner places it (a `fallback`
    frame), or with `fallback.move=auto` the referee picks the legal candidate farthest
    from the nearest enemy (ours). EPC-28."""
    s.stack.pop()
    if not s.rules.morale_tests:
        return
    # ninth round: = len(s.alive(did)), no copy; read again after a fall-back move
    table = s.by_det()
    for did, before in f.data["before"]:
        det = s.dets[did]
        now = len(table.get(did, ()))
        if now == 0 or before - now <= 0 or 2 * (before - now) < before or det.fallback:
            continue
        if det.morale <= 0:
            continue
        total = s.roll() + s.roll()
        if total >= det.morale:
            s.log.append(Msg("epic.ev.morale_ok", {"det": det.spec, "roll": total}, "EPC-28"))
            continue
        det.fallback, det.order = True, "retraite"
        s.log.append(Msg("epic.ev.morale_fail", {"det": det.spec, "roll": total}, "EPC-28"))
        if s.rules.fallback_ask and s.alive(did):
            s.stack.append(Frame("fallback", det.side, {"det": did}))
        else:
            fall_back(s, did)  # (it may cost stands: disengaging, research §3.5)
            table = s.by_det()


def farthest(s: EpicState, did: int, p: moves.Plan, cands: list[tuple[float, float]]) -> int:
    """The candidate farthest from the nearest enemy (the automatic fall-back, ours)."""
    foes = [e.point for e in s.stands.values() if e.side != s.dets[did].side]
    lead = s.stands[p.movers[0]]

    def away(i: int) -> float:
        x, y = lead.x + cands[i][0], lead.y + cands[i][1]
        return min(((x - e.x) ** 2 + (y - e.y) ** 2 for e in foes), default=0.0)

    return max(range(len(cands)), key=away)


def fall_back(s: EpicState, did: int) -> None:
    p = moves.plan(s, did, FALLBACK)
    if not p.movers:
        return
    cands = moves.candidates(s, did, p)
    _fall_back_by(s, did, p, cands[farthest(s, did, p, cands)])


def _fall_back_by(s: EpicState, did: int, p: moves.Plan, v: tuple[float, float]) -> None:
    from arbitre.games.epic.assault import disengage

    disengage(s, list(p.movers), *v)  # research §3.5: falling back out of contact
    moves.apply_move(s, moves.plan(s, did, FALLBACK), *v)
    s.log.append(Msg("epic.ev.fell_back", {"det": s.dets[did].spec}, "EPC-28"))


def decide_fallback(s: EpicState, f: Frame) -> Decision | None:
    """Research §3.8: the owner places the fall-back move of a detachment that failed its
    morale test (candidates, or any point "x,y" the validator accepts)."""
    from arbitre.games.epic.move_texts import move_decision

    did = f.data["det"]
    if f.data.get("done") or not s.alive(did):
        return None
    if f.memo is None:
        f.memo = moves.candidates(s, did, moves.plan(s, did, FALLBACK))
    return move_decision(s, did, f.seat, f.memo, FALLBACK)


def choose_fallback(s: EpicState, f: Frame, key: str) -> None:
    did = f.data["det"]
    p = moves.plan(s, did, FALLBACK)
    if key.startswith("p:"):
        v = (f.memo or moves.candidates(s, did, p))[int(key[2:])]
    else:
        got = moves.point_vector(s, p, key)
        assert got is not None
        v = got
    f.data["done"] = True
    _fall_back_by(s, did, p, v)


def check_fallback_point(s: EpicState, f: Frame, key: str) -> Msg | None:
    """A point key for a fall-back move (research §3.8, AMB-EP-17: up to a double move)."""
    did = f.data["det"]
    p = moves.plan(s, did, FALLBACK)
    v = moves.point_vector(s, p, key)
    if v is None:
        return Msg("epic.move.bad_point", {"key": key}, "EPC-30")
    return moves.check(s, did, p, *v)


# --- Breakthrough (EP-2) ----------------------------------------------------------------


def decide_breakthrough(s: EpicState, f: Frame) -> Decision | None:
    from arbitre.games.epic.move_texts import move_decision

    did = f.data["det"]
    p = moves.plan(s, did, BREAKTHROUGH)
    if not p.movers or p.hi <= 0:
        return None
    if f.memo is None:
        f.memo = moves.candidates(s, did, p)
    return move_decision(s, did, f.seat, f.memo, BREAKTHROUGH)


def choose_breakthrough(s: EpicState, f: Frame, key: str) -> None:
    did = f.data["det"]
    p = moves.plan(s, did, BREAKTHROUGH)
    if key.startswith("p:"):
        v = (f.memo or moves.candidates(s, did, p))[int(key[2:])]
    else:
        got = moves.point_vector(s, p, key)
        assert got is not None
        v = got
    moves.apply_move(s, p, *v)
    s.log.append(Msg("epic.ev.breakthrough", {"det": s.dets[did].spec}, "EP-2.3"))
    f.data["done"] = True
    s.stack.pop()


def auto_breakthrough(s: EpicState, f: Frame) -> None:
    s.stack.pop()


def check_point(s: EpicState, f: Frame, key: str) -> Msg | None:
    """A point key for a Breakthrough move (EP-2.3..2.6)."""
    did = f.data["det"]
    p = moves.plan(s, did, BREAKTHROUGH)
    v = moves.point_vector(s, p, key)
    if v is None:
        return Msg("epic.move.bad_point", {"key": key}, "EPC-30")
    return moves.check(s, did, p, *v)
