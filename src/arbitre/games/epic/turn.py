"""The turn (research §3.3): hidden orders, initiative, the movement phase, the end phase.

- Strategy: every detachment gets a face-down order counter (EPC-9), one private decision
  per detachment; both players' orders are revealed when the movement phase starts.
  Retraite is never chosen: it is the order a failed morale test imposes (research §5.1).
- Initiative: each player rolls a D6, the higher starts; a tie goes to the player who did
  not have it last turn (research §3.3).
- Movement: players alternate activating one detachment with an Avance or Charge order;
  the detachment moves as one block to a candidate point validated by movement.py
  (EPC-9 allowance, EP-2.4 contact, EP-2.5 zones of control, EP-2.6 coherency).
- End: break points (research §3.8) and victory (research §3.9).
"""

from __future__ import annotations

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.epic.geometry import Point
from arbitre.games.epic.movement import Mover, candidate_points, check_special_move
from arbitre.games.epic.movement import move_allowance as allowance_of
from arbitre.games.epic.state import TURNS, EpicState, Frame

GIVEN_ORDERS = ("tir_appuye", "avance", "charge")  # EPC-9, research §5.1
MOVERS = ("avance", "charge")


# --- strategy: orders and initiative ----------------------------------------------------


def auto_turn(s: EpicState, f: Frame) -> None:
    """Start a turn: clear counters and activations, then queue the phases (research §3.3)."""
    s.stack.pop()
    for d in s.dets:
        d.order, d.revealed, d.moved, d.acted = None, False, False, False
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
    return [d.did for d in s.dets if d.side == side and d.order is None and s.alive(d.did)]


def decide_orders(s: EpicState, f: Frame) -> Decision | None:
    """EPC-9: one face-down order per detachment, a private choice."""
    todo = _unordered(s, f.seat)
    if not todo:
        return None
    det = s.dets[todo[0]]
    opts = tuple(Option(o, Msg(f"epic.order.{o}")) for o in GIVEN_ORDERS)
    text = Msg("epic.decide.order", {"det": det.spec}, "EPC-9")
    return Decision(f.seat, "epic.order", opts, text, ("EPC-9",), private=True)


def choose_orders(s: EpicState, f: Frame, key: str) -> None:
    s.dets[_unordered(s, f.seat)[0]].order = key


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
    s.log.append(Msg("epic.ev.initiative", {"a": a, "b": b, "side": s.seats[s.initiative]}))
    s.stack[-1].data["side"] = s.initiative


# --- movement ---------------------------------------------------------------------------


def _movable(s: EpicState, side: int) -> list[int]:
    return [
        d.did
        for d in s.dets
        if d.side == side and not d.moved and d.order in MOVERS and s.alive(d.did)
    ]


def move_options(s: EpicState, did: int) -> list[tuple[float, float]]:
    """Candidate block moves (dx, dy) of a detachment, each checked stand by stand.

    Charge (EPC-9) doubles the move and may end in base contact range of an enemy stand
    (the charge's purpose); other moves keep out of enemy zones of control (EP-2.5).
    """
    det = s.dets[did]
    mine = s.alive(did)
    prof = mine[0].profile
    _lo, hi, rule = allowance_of(det.order, prof.move, prof.is_flyer)
    lead = mine[0].point
    moves = [(p.x - lead.x, p.y - lead.y) for p in candidate_points(lead, hi)]
    contact = 2 * s.rules.base_radius + 0.05
    if det.order == "charge":
        foes = [st for st in s.stands.values() if st.side != det.side]
        for me in mine:
            for foe in sorted(foes, key=lambda e: me.point.to(e.point))[:2]:
                gap = me.point.to(foe.point)
                if contact < gap <= hi + contact:
                    k = (gap - contact) / gap
                    moves.append(((foe.x - me.x) * k, (foe.y - me.y) * k))
    enemies = tuple(
        (st.point, st.profile.cls)
        for st in s.stands.values()
        if st.side != det.side and det.order != "charge"
    )
    others = tuple(st.point for st in s.stands.values() if st.det != did)
    out: list[tuple[float, float]] = [(0.0, 0.0)]
    for dx, dy in moves[1:]:
        dests = [Point(st.x + dx, st.y + dy) for st in mine]
        ok = all(
            check_special_move(
                Mover(st.point, prof.cls, tuple(dests[:i] + dests[i + 1 :]), enemies, others),
                dests[i],
                hi,
                rule=rule,
                rules=s.rules,
            )
            is None
            for i, st in enumerate(mine)
        )
        if ok and (round(dx, 3), round(dy, 3)) not in {(round(a, 3), round(b, 3)) for a, b in out}:
            out.append((dx, dy))
    return out


def decide_movement(s: EpicState, f: Frame) -> Decision | None:
    did = f.data.get("det", -1)
    if did >= 0:
        if f.memo is None:
            f.memo = move_options(s, did)
        opts = tuple(
            Option(f"p:{i}", Msg("epic.opt.move", {"dx": round(dx, 1), "dy": round(dy, 1)}))
            for i, (dx, dy) in enumerate(f.memo)
        )
        text = Msg("epic.decide.move", {"det": s.dets[did].spec}, "EPC-9")
        return Decision(f.seat, "epic.move", opts, text, ("EPC-9", "EP-2.5", "EP-2.6"))
    side = f.data["side"]
    todo = _movable(s, side)
    if not todo:
        return None
    opts = tuple(
        Option(f"act:{d}", Msg("epic.opt.activate", {"det": s.dets[d].spec})) for d in todo
    )
    text = Msg("epic.decide.activate", {}, "EPC-9")
    return Decision(side, "epic.activate", opts, text, ("EPC-9",))


def choose_movement(s: EpicState, f: Frame, key: str) -> None:
    did = f.data.get("det", -1)
    if did < 0:
        f.data["det"] = int(key.split(":")[1])
        f.seat = f.data["side"]
        f.memo = None
        return
    dx, dy = (f.memo or move_options(s, did))[int(key.split(":")[1])]
    for st in s.alive(did):
        st.x, st.y = st.x + dx, st.y + dy
    s.dets[did].moved = True
    f.data["det"] = -1
    f.memo = None
    f.data["side"] = 1 - f.data["side"]


def auto_movement(s: EpicState, f: Frame) -> None:
    """Research §3.3: when one side has nothing left to move, the other goes on."""
    side = f.data["side"]
    if _movable(s, 1 - side):
        f.data["side"] = 1 - side
        return
    s.stack.pop()
    s.phase = "combat"
    s.stack[-1].data["side"] = s.initiative


# --- end phase --------------------------------------------------------------------------


def army_broken(s: EpicState, side: int) -> bool:
    """Ours: an army is broken when at least half of its detachments are broken."""
    dets = [d for d in s.dets if d.side == side]
    return 2 * sum(d.broken for d in dets) >= len(dets)


def score(s: EpicState, side: int) -> int:
    """Research §3.8: each broken enemy detachment gives its break points to the player."""
    return sum(d.break_points for d in s.dets if d.side != side and d.broken)


def auto_end(s: EpicState, f: Frame) -> None:
    """End phase (research §3.9): victory check, else the next turn."""
    s.stack.pop()
    broken = [army_broken(s, side) for side in (0, 1)]
    if any(broken) or s.turn >= TURNS:
        pts = (score(s, 0), score(s, 1))
        if broken[0] != broken[1]:
            winner, reason = (1 if broken[0] else 0), "broken"
        else:
            winner = 0 if pts[0] > pts[1] else 1 if pts[1] > pts[0] else -1
            reason = "points"
        s.over = True
        s.phase = "over"
        s.outcome = {"winner": winner, "reason": reason, "points": list(pts), "turn": s.turn}
        return
    s.turn += 1
    s.stack.append(Frame("turn", 0))
