"""The combat phase (research §3.3): players alternate one action each, the initiative
player first: shoot with one detachment, use one psychic power, resolve one assault, or
fire Demolisher weapons at a building.

Shooting (EPC-12..14, EPC-19, fire.py): Avance and Tir Appuyé detachments (a Flyer with
no order shoots as on Avance, EP-16.10) fire every usable weapon at one enemy detachment;
an unrevealed Tir Appuyé re-rolls 1s (EPC-9), a Command Unit's converted one does not
(EP-15.3). Assault (EPC-17, assault.py): a Charge detachment in base contact; a Command
Unit that shot as on Avance still assaults (AMB-EP-14b). After each action, HQ
sacrifices, Breakthrough moves and morale tests (losses.py).
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.epic.abilities import rerolls_ones
from arbitre.games.epic.assault import assault as resolve_assault
from arbitre.games.epic.assault import assault_pairs
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.elite import ask, involved
from arbitre.games.epic.fire import (
    Gun,
    dr_gun,
    guns_of,
    shot_guns,
    success,
    volley,
    weapon_gun,
    weapons_of,
)
from arbitre.games.epic.geometry import TERRAIN, line_of_sight
from arbitre.games.epic.losses import morale_frame
from arbitre.games.epic.psychic import (
    NO_POWER,
    decline_powers,
    no_power_option,
    powers_for,
    use_power,
)
from arbitre.games.epic.shooting import GROUND
from arbitre.games.epic.state import EpicState, Frame, Stand
from arbitre.games.epic.targeting import Battery, Box, hits_any, out_of_reach
from arbitre.games.epic.templates import queue_templates, template_weapons
from arbitre.games.epic.world import bounds, in_front, near_foes, pinned

# (NamedTuples built without their Python __new__, fields in order: eighth round)
_new = tuple.__new__
SHOOTERS = ("tir_appuye", "avance")  # research §5.1: Charge does not shoot
__all__ = ["actions", "assault", "shoot", "success", "targets"]


def _order(s: EpicState, did: int) -> str | None:
    """The order a detachment shoots under (EP-16.10: a Flyer without order as Avance)."""
    d = s.dets[did]
    order = d.order
    # = det_has(s, did, "flyer"), its test written out (tenth round: asked at every shot)
    if order == "aucun" and ("flyer" in d.extra or "flyer" in CATALOG.units[d.unit].params):
        return "avance"
    return order


def targets(
    s: EpicState,
    did: int,
    table: dict[int, list[Stand]] | None = None,
    pins: set[int] | None = None,
    where: dict[int, Box] | None = None,
) -> list[int]:
    """Enemy detachments at least one weapon of the detachment may hit (EPC-14): its
    guns (`guns_of`: unpinned stands, Close Defences with `dr.combatPhase`) and, EPC-18,
    the templates of its unpinned stands (an enemy a template may be centred on); `table`
    is `s.by_det()` and `pins` `world.pinned_sids(s)` when the caller has them, `where`
    keeps `world.bounds` of each detachment's stands in `table` as they are worked out,
    for a caller that asks several detachments (same state).

    Issue 14: these Guns join one battery, so each enemy is asked once whether some gun
    of either kind reaches it (`hits_any`); issue 15: each stand's part of the battery is
    kept by what it depends on (`_own`)."""
    det = s.dets[did]
    order = _order(s, did)
    if table is None:
        table = s.by_det()
    mine = table.get(did, [])  # = s.alive(did), read only (ninth round: no copy, no call)
    near = near_foes(s, mine) if pins is None else None  # issue 14: `pinned` reads these
    dr_combat = s.rules.dr_combat
    guns: Battery = []
    for st in mine:
        if (st.sid in pins) if pins is not None else bool(near) and pinned(s, st, near):
            continue  # research §3.2: pinned stands cannot shoot
        got = _own(st, dr_combat)
        if got is not None:
            guns.append((st, got[0], got[1]))
    out: list[int] = []
    if out_of_reach(s, guns, s.foes_of(det.side), where):  # (its box kept in `where`)
        return out  # issue 15: no enemy detachment is looked at
    for e in s.dets:
        if e.side == det.side:
            continue
        foes = table.get(e.did)
        if not foes:
            continue
        box = None
        if where is not None:  # issue 15: each detachment's box worked out once
            box = where.get(e.did)
            if box is None:
                box = where[e.did] = bounds(foes)
        if hits_any(s, guns, foes, order, box):
            out.append(e.did)
    return out


def _own(st: Stand, dr_combat: bool) -> tuple[list[Gun], int] | None:
    """A stand's part of `targets`' battery (`targeting.battery` of its guns: those of
    `guns_of`, then its templates' Guns): its guns alike in what `eligible` reads (range,
    kind, arc, AA) once each, and the longest range; None when it has none. Issue 15:
    kept by what it depends on, the unit, its weapon locations lost and a Flyer on the
    ground (`guns._usable`) and whether it has Close Defences left to fire; the Close
    Defence Gun kept is the first met, whose dice `eligible` does not read."""
    prof = CATALOG.units[st.unit]  # = st.profile (eighth round: no property)
    dr = prof.params.get("dr") or 0  # = prof.param("dr"), no call (ninth round)
    cc = dr > 0 and dr_combat and st.dr_used < dr  # `guns_of`'s Close Defence Gun
    lost = st.damage.count("arme") if st.damage else 0
    key = (st.unit, lost, prof.is_flyer and st.alt == GROUND, cc)
    got = _OWN.get(key, _NONE)
    if got is _NONE:
        every = list(shot_guns(st))
        if cc:
            every.append(dr_gun(dr - st.dr_used, "counter_charge"))
        every += [weapon_gun(w) for _i, w in template_weapons(st)]
        own: list[Gun] = []
        seen: set[tuple[int, str, int, bool]] = set()
        for g in every:
            alike = (g.range, g.kind, g.arc, g.aa)
            if alike not in seen:
                seen.add(alike)
                own.append(g)
        got = _OWN[key] = (own, max(g.range for g in own)) if own else None
    return got  # type: ignore[return-value]


_NONE = object()
_OWN: dict[tuple[str, int, bool, bool], tuple[list[Gun], int] | None] = {}


def may_assault_now(s: EpicState, did: int) -> bool:
    d = s.dets[did]
    from_charge = d.order == "charge" or (
        d.converted and d.order == "avance" and s.rules.command_charge_assaults
    )
    return from_charge and not d.assaulted and not d.fallback and bool(assault_pairs(s, did))


def buildings_in_reach(s: EpicState, did: int, mine: list[Stand] | None = None) -> list[int]:
    """EP-5.1: buildings with Structure Points a Demolisher weapon of the detachment
    reaches (range, arc, line of sight to the building's centre); `mine` is `s.alive(did)`
    (read only) when the caller has it (ninth round)."""
    out: list[int] = []
    if mine is None:
        mine = s.alive(did)
    kept = _DEMOLISHERS  # ninth round: what `_demolisher` keeps, read without a call
    for st in mine:  # issue 15: a loop, no generator
        got = kept.get(st.unit)
        if got is None:
            got = _demolisher(st.unit)
        if got:
            break
    else:
        return out  # issue 14: most detachments have no Demolisher weapon at all
    for i, area in enumerate(s.table.areas):
        if s.structure.get(i, 0) <= 0:  # no Structure Points (not a building), or ruined
            continue
        for st in mine:
            if any(
                w.has("demolisher")
                and area.distance_to(st.point) <= w.range
                and (w.arc == 360 or in_front(st, area.centre))
                for w in weapons_of(st)
            ):
                out.append(i)
                break
    return out


def _demolisher(unit: str) -> bool:
    """Whether a weapon of the unit's profile is a Demolisher (its usable weapons are
    some of these; issue 14: kept by unit)."""
    got = _DEMOLISHERS.get(unit)
    if got is None:
        got = _DEMOLISHERS[unit] = any(w.has("demolisher") for w in CATALOG.units[unit].weapons)
    return got


_DEMOLISHERS: dict[str, bool] = {}


Kept = dict[int, tuple[tuple[Any, ...], list[int]]]  # detachment -> (aims_key, targets)


def aims_key(s: EpicState, did: int, table: dict[int, list[Stand]], foes: Any) -> tuple[Any, ...]:
    """Everything `targets(s, did)` reads that a game changes (issue 15): the detachment's
    order and gained abilities (`_order`), its stands as `guns_of`, `template_weapons`,
    `pinned` and `eligible` read them (position, altitude, facing, damage, Close Defences
    fired), the enemy stands as `pinned`, `hits_any` and `eligible` read them (`foes`:
    `_foes_key`), the buildings' Structure Points (`areas`). A stand's unit and side, a
    detachment's unit and side, the rules and the table never change in a game."""
    det = s.dets[did]
    mine = tuple(  # (a list first: no generator, eighth round)
        [
            (st.sid, st.x, st.y, st.alt, st.facing, st.damage, st.dr_used)
            for st in table.get(did, ())
        ]
    )
    return (det.order, det.extra, mine, foes, tuple(s.structure.items()))


def _foes_key(s: EpicState, side: int) -> tuple[tuple[int, int, float, float, str], ...]:
    """The enemy stands of `side` in table order: id, detachment, position, altitude."""
    return tuple([(e.sid, e.det, e.x, e.y, e.alt) for e in s.foes_of(side)])  # no generator


def keep(s: EpicState, seen: dict[int, list[int]]) -> Kept:
    """Targets found on this state (`why.log_no_fire`), each with its `aims_key`."""
    table = s.by_det()
    foes: dict[int, Any] = {}
    out: Kept = {}
    for did, aims in seen.items():
        side = s.dets[did].side
        if side not in foes:
            foes[side] = _foes_key(s, side)
        out[did] = (aims_key(s, did, table, foes[side]), aims)
    return out


def actions(
    s: EpicState, side: int, known: dict[int, list[int]] | None = None, kept: Kept | None = None
) -> list[str]:
    """Every Combat-phase action of `side` (EPC-14, EPC-17, EP-5.1, EP-11); `known` holds
    targets already computed on this very state (why.log_no_fire), by detachment; `kept`
    the targets computed on earlier states with their `aims_key` (issue 15: used again
    while the key is the same, and updated)."""
    fire: list[str] = []
    melee: list[str] = []
    table = s.by_det()  # issue 14: listed once for every detachment's targets
    foes = None  # `_foes_key`, worked out once if a detachment needs it
    where: dict[int, Box] = {}  # the boxes `targets` works out, kept for the next
    for d in s.dets:
        if d.side != side or d.did not in table or d.fallback:  # table: s.alive(d.did)
            continue
        if not d.acted and _order(s, d.did) in SHOOTERS:
            aims = known.get(d.did) if known is not None else None
            if aims is None and kept is not None:
                if foes is None:
                    foes = _foes_key(s, side)
                key = aims_key(s, d.did, table, foes)
                got = kept.get(d.did)
                if got is not None and got[0] == key:
                    aims = got[1]
            if aims is None:
                aims = targets(s, d.did, table, None, where)
                if kept is not None:
                    kept[d.did] = (key, aims)
            for t in aims:  # (loops: no comprehension's function per detachment, ninth round)
                fire.append(f"fire:{d.did}:{t}")
            for a in buildings_in_reach(s, d.did, table[d.did]):
                fire.append(f"demolish:{d.did}:{a}")
        # ninth round: `may_assault_now` is false but after a Charge or a conversion (EP-15.2)
        if (d.order == "charge" or d.converted) and may_assault_now(s, d.did):
            melee.append(f"assault:{d.did}")
    fire += [k for k, _m in powers_for(s, side, "combat")]
    # AMB-EP-16 (`assault.phase=separate`): assaults once nobody can shoot any more.
    if s.rules.separate_assault_phase and melee and (fire or _any_fire(s, 1 - side)):
        return fire
    return fire + melee


def _any_fire(s: EpicState, side: int) -> bool:
    return any(
        not d.acted and not d.fallback and _order(s, d.did) in SHOOTERS and targets(s, d.did)
        for d in s.dets
        if d.side == side and s.alive(d.did)
    ) or bool(powers_for(s, side, "combat"))


def memo_actions(s: EpicState, f: Frame, side: int) -> list[str]:
    """`actions(s, side)` kept in the combat frame's memo (issue 14): the state changes
    under this frame only through `choose_combat`, which forgets it; `auto_combat` asks
    the other side, whose question comes next on the same state. The movement phase may
    leave the targets it found for its log (`{"targets": …}`, turn.auto_movement)."""
    memo: dict[Any, Any] = f.memo if f.memo is not None else {}
    f.memo = memo
    got: list[str] | None = memo.get(side)
    if got is None:
        kept = memo.setdefault("kept", {})
        got = memo[side] = actions(s, side, memo.get("targets"), kept)
    return got


def decide_combat(s: EpicState, f: Frame) -> Decision | None:
    side = f.data["side"]
    keys = memo_actions(s, f, side)
    if not keys:
        return None
    opts = []
    for k in keys:
        parts = k.split(":")
        if parts[0] == "psy":
            st = s.stands[int(parts[1])]
            p = st.profile.powers[int(parts[2])]
            args = {"power": f"epic.power.{p.id}", "target": s.dets[int(parts[3])].spec}
            opts.append(_new(Option, (k, _new(Msg, ("epic.opt.power", args, None)))))
            continue
        args = {"det": s.dets[int(parts[1])].spec}
        if parts[0] == "fire":
            args["target"] = s.dets[int(parts[2])].spec
        if parts[0] == "demolish":
            args["target"] = f"epic.terrain.{s.table.areas[int(parts[2])].kind}"
        opts.append(_new(Option, (k, _new(Msg, (f"epic.opt.{parts[0]}", args, None)))))
    if all([k.startswith("psy:") for k in keys]):  # (a list, no generator)
        opts.append(no_power_option())  # EP-11.2: only powers left, and none is a duty
    text = _new(Msg, ("epic.decide.combat", {}, "EPC-12"))
    rules = ("EPC-12", "EPC-13", "EPC-17")
    return _new(Decision, (side, "epic.combat", tuple(opts), text, rules, False))


def choose_combat(s: EpicState, f: Frame, key: str) -> None:
    # the action changes the state: every action is asked afresh, but the targets kept
    # with their `aims_key`, which says whether they still hold (issue 15)
    f.memo = {"kept": f.memo["kept"]} if f.memo and "kept" in f.memo else None
    if key == NO_POWER:
        decline_powers(s, f.data["side"])
        f.data["side"] = 1 - f.data["side"]
        return
    f.data["side"] = 1 - f.data["side"]
    s.stack.append(morale_frame(s))
    if not ask(s, involved(s, key), ["combat", key]):  # EP-4.1: spend Elite re-rolls?
        run_action(s, key)


def run_action(s: EpicState, key: str) -> None:
    """One Combat-phase action (research §3.3), once the Elite question is settled."""
    parts = key.split(":")
    if parts[0] == "psy":
        use_power(s, key)
        return
    did = int(parts[1])
    if parts[0] == "fire":
        s.dets[did].acted = True
        shoot(s, did, int(parts[2]))
    elif parts[0] == "demolish":
        s.dets[did].acted = True
        demolish(s, did, int(parts[2]))
    else:
        s.dets[did].assaulted = True
        s.dets[did].acted = True
        assault(s, did)


def auto_combat(s: EpicState, f: Frame) -> None:
    """Research §3.3: a side with no action left lets the other go on; then the end."""
    if memo_actions(s, f, 1 - f.data["side"]):
        f.data["side"] = 1 - f.data["side"]
        return
    s.stack.pop()
    s.phase = "end"


def shoot(s: EpicState, did: int, target_did: int) -> None:
    """EPC-12/13: every usable weapon fires at the nearest eligible stand of the target."""
    det = s.dets[did]
    order = _order(s, did)
    reroll = rerolls_ones(order, det.converted)
    tally = volley(s, guns_of(s, did, order), target_did, order, reroll_ones=reroll)
    args = {"det": det.spec, "target": s.dets[target_did].spec}
    s.log.append(Msg("epic.ev.fire", {**args, **tally.args()}, "EPC-12"))
    queue_templates(s, did, target_did, order)  # EPC-18: then its templates are placed


def assault(s: EpicState, did: int) -> None:
    resolve_assault(s, did)


def demolish(s: EpicState, did: int, area: int) -> None:
    """EP-5.1/5.2: each hit (AMB-EP-5a) makes the building save at PA X; each failure
    costs one Structure Point; at 0 it is a ruin (research §3.10)."""
    building = s.table.areas[area]
    kind = TERRAIN[building.kind]
    lost = 0
    for st in s.alive(did):
        for w in weapons_of(st):
            x = w.param("demolisher")
            if x is None or building.distance_to(st.point) > w.range:
                continue
            if s.rules.los_terrain and not line_of_sight(st.point, building.centre, (), True):
                continue
            for _ in range(w.dice):
                if s.rules.demolisher_per_hit and not success(s, w.to_hit):
                    continue
                if s.structure.get(area, s.table.structure[area]) <= 0:
                    break
                if not success(s, kind.save + x):
                    s.structure[area] = s.structure.get(area, s.table.structure[area]) - 1
                    lost += 1
    left = s.structure.get(area, s.table.structure[area])
    s.log.append(
        Msg("epic.ev.demolish", {"det": s.dets[did].spec, "lost": lost, "left": left}, "EP-5.2")
    )
    if left <= 0:
        s.log.append(Msg("epic.ev.ruined", {}, "EP-5.2"))
