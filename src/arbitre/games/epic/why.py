"""Why not? The reasons a detachment cannot shoot (logged as the combat phase starts,
EPC-9, EPC-14, EPC-15, EPC-28) and the refusal of a key the page proposes: a point "x,y"
on the table (the move validator, EPC-11) or a detachment "det:N" that is not a choice of
the current decision (issue 13: "why not?" names the rule)."""

from __future__ import annotations

import math

from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.combat_phase import _order, buildings_in_reach, targets
from arbitre.games.epic.fire import shot_guns
from arbitre.games.epic.moves import point_vector
from arbitre.games.epic.shooting import DR_RANGE_CM
from arbitre.games.epic.state import EpicState, Stand
from arbitre.games.epic.targeting import Box
from arbitre.games.epic.templates import template_targets
from arbitre.games.epic.view import current_move
from arbitre.games.epic.world import near_foes, pinned, pinned_sids

MOVERS = ("avance", "charge", "retraite")  # EPC-9 (turn.MOVERS)
# (NamedTuples built without their Python __new__, fields in order: eighth round)
_new = tuple.__new__
_ORDER_NO_FIRE = {
    "charge": "epic.why.order_charge",
    "retraite": "epic.why.order_retreat",
    "aucun": "epic.why.order_none",
    None: "epic.why.order_none",
}


def no_fire(
    s: EpicState,
    did: int,
    seen: dict[int, list[int]] | None = None,
    table: dict[int, list[Stand]] | None = None,
    pins: set[int] | None = None,
    where: dict[int, Box] | None = None,
) -> Msg | None:
    """Why detachment `did` cannot shoot now, with the deciding rule, or None when it has a
    target (or is gone): a failed morale test (EPC-28), its order (EPC-9), an interception
    shot already fired (EPC-15), pinned stands or no ranged weapon, the nearest enemy out
    of range, no visible target (EPC-14). The targets it finds go to `seen`."""
    det = s.dets[did]
    mine = s.alive(did) if table is None else table.get(did, [])  # (read only: no copy)
    if not mine:
        return None
    if det.fallback:
        return Msg("epic.why.fallback", {}, "EPC-28")
    order = _order(s, did)
    if order in _ORDER_NO_FIRE:
        return _new(Msg, (_ORDER_NO_FIRE[order], {}, "EPC-9"))
    if det.acted:
        return Msg("epic.why.intercepted", {}, "EPC-15")
    aims = targets(s, did, table, pins, where)
    if seen is not None:
        seen[did] = aims
    if aims or buildings_in_reach(s, did, mine):
        return None
    longest = longest_gun(s, did, pins)  # issue 15: asked only of one with no target
    if longest is None and not template_targets(s, did, order):
        if all(pinned(s, st) for st in mine):
            return Msg("epic.why.pinned", {}, "EPC-17")
        return Msg("epic.why.no_weapon", {}, "EPC-14")
    reach = longest or 0
    foes = s.foes_of(det.side)
    nearest = math.inf  # min(st.point.to(e.point)), on the coordinates (issue 14)
    far = math.inf  # issue 15: an enemy farther on x or y (+ 1e-9 for float noise: a
    hypot = math.hypot  # distance is at least its gap on either axis) is no nearer
    back = -far  # tenth round: -far kept, not a new float negated at every enemy
    for st in mine:
        x, y = st.x, st.y
        for e in foes:
            dx = e.x - x
            if dx > far or dx < back:
                continue
            dy = e.y - y
            if dy > far or dy < back:
                continue
            d = hypot(dx, dy)
            if d <= reach:
                # issue 15: the nearest is no farther, so within range: no visible
                # target (below) whatever the others' distances
                return Msg("epic.why.no_target", {}, "EPC-14")
            if d < nearest:
                nearest = d
                far = d + 1e-9
                back = -far
    if math.isfinite(nearest) and nearest > reach:
        args = {"dist": round(nearest, 1), "range": reach}
        return _new(Msg, ("epic.why.range", args, "EPC-14"))
    return _new(Msg, ("epic.why.no_target", {}, "EPC-14"))


def longest_gun(s: EpicState, did: int, pins: set[int] | None = None) -> int | None:
    """The longest range of the guns a shooting action fires (`fire.guns_of`: unpinned
    stands, Close Defences with `dr.combatPhase`), None when there is none; `pins` is
    `world.pinned_sids(s)` when the caller has it. Issue 15: the guns are not listed."""
    mine = s.alive(did)
    near = near_foes(s, mine) if pins is None else None  # `pinned` reads these
    dr_combat = s.rules.dr_combat
    best: int | None = None
    for st in mine:
        if (st.sid in pins) if pins is not None else bool(near) and pinned(s, st, near):
            continue
        for g in shot_guns(st):
            if best is None or g.range > best:
                best = g.range
        dr = CATALOG.units[st.unit].params.get("dr")  # = st.profile.param("dr"), no call
        if dr and dr_combat and st.dr_used < dr and (best is None or best < DR_RANGE_CM):
            best = DR_RANGE_CM  # `fire.dr_gun`'s range (EP-3.4)
    return best


def log_no_fire(s: EpicState) -> dict[int, list[int]]:
    """As the combat phase starts, one event per detachment that cannot shoot, saying why
    (issue 13: "when a detachment cannot shoot, the log says why"); returns the targets
    found meanwhile, by detachment (the first combat question reuses them, issue 14)."""
    seen: dict[int, list[int]] = {}
    table = s.by_det()
    pins = pinned_sids(s)  # issue 14: found once for every detachment (same state)
    where: dict[int, Box] = {}  # issue 15: each detachment's box, once (targets)
    for d in s.dets:
        why = no_fire(s, d.did, seen, table, pins, where)
        if why is not None:
            s.log.append(no_fire_event(s, d.did, why))
    return seen


def no_fire_event(s: EpicState, did: int, why: Msg) -> Msg:
    """ "Terminators (A) ne tire pas : Charge : pas de tir [EPC-9]"."""
    reason = _new(Msg, (why.key, why.args, None))
    return _new(Msg, ("epic.ev.no_fire", {"det": s.dets[did].spec, "why": reason}, why.rule))


def _about(s: EpicState, did: int, why: Msg) -> Msg:
    reason = Msg(why.key, why.args)
    return Msg("epic.why.det", {"det": s.dets[did].spec, "why": reason}, why.rule)


ACTOR_KEYS = ("act", "join", "emb", "abandon", "assault", "fire", "demolish")


def _names(key: str, did: int) -> bool:
    """Whether an option key makes detachment `did` act ("act:3", "fire:3:7", "emb:3"…),
    or targets it ("fire:1:3")."""
    parts = key.split(":")
    if parts[0] not in ACTOR_KEYS or len(parts) < 2:
        return False
    return parts[1] == str(did) or (parts[0] == "fire" and parts[2:3] == [str(did)])


def why_not(s: EpicState, decision: Decision | None, key: str) -> Msg | None:
    """The refusal of `key` for `decision`, with its rule; None when the key is a legal
    answer (or one this hook knows nothing of)."""
    from arbitre.games.epic.rules import POINT_FRAMES, POINT_KINDS

    if decision is None or s.over or not s.stack:
        return None
    if decision.find(key) is not None:
        return None
    top = s.stack[-1]
    if "," in key:
        check = POINT_FRAMES.get(top.kind) if decision.kind in POINT_KINDS else None
        if check is None:
            return Msg("epic.illegal.option", {"key": key}, decision.rules[0])
        return check(s, top, key)
    if not key.startswith("det:"):
        return None
    try:
        did = int(key[4:])
    except ValueError:
        return None
    if not 0 <= did < len(s.dets):
        return None
    if any(_names(o.key, did) for o in decision.options):
        return None
    return _det_refusal(s, decision, did)


def _det_refusal(s: EpicState, decision: Decision, did: int) -> Msg:
    det = s.dets[did]
    rule = decision.rules[0] if decision.rules else "EPC-10"
    if not s.alive(did) and not any(st.det == did for st in s.aboard.values()):
        return _about(s, did, Msg("epic.why.gone", {}, "EPC-29"))
    if det.side != decision.seat:
        return _about(s, did, Msg("epic.why.not_yours", {}, rule))
    if decision.kind == "epic.activate":
        if det.moved:
            return _about(s, did, Msg("epic.why.moved", {}, "EPC-9"))
        if det.order not in MOVERS and s.phase == "movement":
            order = f"epic.order.{det.order or 'aucun'}"
            return _about(s, did, Msg("epic.why.order_stays", {"order": order}, "EPC-9"))
        if any(pinned(s, st) for st in s.alive(did)):
            return _about(s, did, Msg("epic.why.pinned", {}, "EPC-17"))
    if decision.kind == "epic.combat":
        if det.acted and s.phase == "combat":
            return _about(s, did, Msg("epic.why.acted", {}, "EPC-10"))
        why = no_fire(s, did)
        if why is not None:
            return _about(s, did, why)
    return Msg("epic.why.not_now", {"det": det.spec}, rule)


def choice_text(s: EpicState, decision: Decision, key: str) -> Msg | None:
    """A point key "x,y" in words for the log ("Aller vers le sud, 12 cm"), read before
    it is played; None for anything else."""
    if "," not in key:
        return None
    if decision.kind == "epic.template":
        parts = key.split(",")
        try:
            x, y = float(parts[0]), float(parts[1])
        except (ValueError, IndexError):
            return None
        return Msg("epic.opt.aim", {"x": round(x, 1), "y": round(y, 1)})
    if s.stack and s.stack[-1].kind == "deploy":  # issue 16: where the lead stand goes
        from arbitre.games.epic.deployment import point_text

        return point_text(key)
    found = current_move(s)
    if found is None:
        return None
    did, p = found
    v = point_vector(s, p, key)
    if v is None:
        return None
    from arbitre.games.epic.move_texts import move_words

    return move_words(s, did, *v, free=True)


def why_key(s: EpicState, decision: Decision, key: str) -> str:
    """The option a clicked detachment "det:N" stands for when exactly one option names
    it ("act:N", "assault:N", "join:N"…); else the key as it is."""
    if not key.startswith("det:"):
        return key
    did = key[4:]
    named = [
        o.key
        for o in decision.options
        if o.key.split(":")[0] in ACTOR_KEYS and o.key.split(":")[1:2] == [did]
    ]
    return named[0] if len(named) == 1 else key
