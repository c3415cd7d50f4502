"""The combat phase (research §3.3): players alternate one action each, the initiative
player first: shoot with one detachment or resolve one assault.

Shooting (EPC-12, EPC-13, EPC-19): Avance and Tir Appuyé detachments fire every weapon
of every stand at one enemy detachment, each weapon at the nearest enemy stand in range;
one D6 per attack die against the modified to-hit (shooting.py, 7+ per AMB-EP-2); a
Tir Appuyé detachment re-rolls 1s (abilities.rerolls_ones, EPC-9); each hit takes the
save of shooting.save_target (EPC-13); an unsaved hit removes one wound.

Assault (EPC-17, research §3.7): a Charge detachment's stands in base contact with enemy stands
(EPC-8) fight duels of 2D6 + FA; the loser loses one wound, no save; a tie does nothing; each
further duel against the same surviving stand gives the attacker +1D6 (cumulative).
"""

from __future__ import annotations

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.epic.abilities import rerolls_ones
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.geometry import distance
from arbitre.games.epic.profiles import Weapon
from arbitre.games.epic.shooting import modified_to_hit, save_target, to_hit_modifiers
from arbitre.games.epic.state import EpicState, Frame, Stand

SHOOTERS = ("tir_appuye", "avance")  # research §5.1: Charge does not shoot
CONTACT_SLACK_CM = 0.5


def success(s: EpicState, target: int, reroll_ones: bool = False) -> bool:
    """One D6 against `target`+ (EPC-12): a natural 1 misses per `roll.naturalOneMisses`;
    7+ per `roll.sevenPlus` (AMB-EP-2); Tir Appuyé re-rolls a 1 once (EPC-9)."""
    d = s.roll()
    if d == 1 and reroll_ones and (target > 1 or s.rules.natural_one_misses):
        d = s.roll()
    if target <= 1:
        return d > 1 or not s.rules.natural_one_misses
    if target <= 6:
        return d >= target
    if s.rules.seven_plus == "impossible" or d != 6:
        return False
    if s.rules.seven_plus == "naturalSix":
        return True
    return target - 3 <= 6 and s.roll() >= target - 3


def _weapons(st: Stand) -> list[Weapon]:
    return [w for w in st.profile.weapons if w.dice > 0 and w.range > 0]


def _in_range(s: EpicState, st: Stand, w: Weapon, target_did: int) -> list[Stand]:
    foes = [t for t in s.alive(target_did) if distance(st.point, t.point, s.rules) <= w.range]
    return sorted(foes, key=lambda t: (st.point.to(t.point), t.sid))


def targets(s: EpicState, did: int) -> list[int]:
    """Enemy detachments at least one weapon of the detachment reaches."""
    det = s.dets[did]
    out = []
    for e in s.dets:
        if e.side == det.side or not s.alive(e.did):
            continue
        if any(_in_range(s, st, w, e.did) for st in s.alive(did) for w in _weapons(st)):
            out.append(e.did)
    return out


def _engaged(s: EpicState, st: Stand) -> list[Stand]:
    reach = 2 * s.rules.base_radius + CONTACT_SLACK_CM
    foes = [e for e in s.stands.values() if e.side != st.side and st.point.to(e.point) <= reach]
    return sorted(foes, key=lambda e: (st.point.to(e.point), e.sid))


def actions(s: EpicState, side: int) -> list[str]:
    out: list[str] = []
    for d in s.dets:
        if d.side != side or d.acted or not s.alive(d.did):
            continue
        if d.order in SHOOTERS:
            out += [f"fire:{d.did}:{t}" for t in targets(s, d.did)]
        elif d.order == "charge" and any(_engaged(s, st) for st in s.alive(d.did)):
            out.append(f"assault:{d.did}")
    return out


def decide_combat(s: EpicState, f: Frame) -> Decision | None:
    side = f.data["side"]
    keys = actions(s, side)
    if not keys:
        return None
    opts = []
    for k in keys:
        parts = k.split(":")
        args = {"det": s.dets[int(parts[1])].spec}
        if parts[0] == "fire":
            args["target"] = s.dets[int(parts[2])].spec
        opts.append(Option(k, Msg(f"epic.opt.{parts[0]}", args)))
    text = Msg("epic.decide.combat", {}, "EPC-12")
    return Decision(side, "epic.combat", tuple(opts), text, ("EPC-12", "EPC-13"))


def choose_combat(s: EpicState, f: Frame, key: str) -> None:
    parts = key.split(":")
    did = int(parts[1])
    s.dets[did].acted = True
    if parts[0] == "fire":
        shoot(s, did, int(parts[2]))
    else:
        assault(s, did)
    f.data["side"] = 1 - f.data["side"]


def auto_combat(s: EpicState, f: Frame) -> None:
    """Research §3.3: a side with no action left lets the other go on; then the end."""
    if actions(s, 1 - f.data["side"]):
        f.data["side"] = 1 - f.data["side"]
        return
    s.stack.pop()
    s.phase = "end"


def _wound(s: EpicState, victim: Stand, rule: str) -> None:
    victim.wounds -= 1
    if victim.wounds <= 0:
        del s.stands[victim.sid]
        s.dets[victim.det].lost += 1
        s.log.append(Msg("epic.ev.stand_lost", {"unit": f"epic.unit.{victim.unit}"}, rule))
        if s.dets[victim.det].lost == s.dets[victim.det].break_points:
            s.log.append(Msg("epic.ev.broken", {"det": s.dets[victim.det].spec}, "EPC-3"))


def _save(s: EpicState, victim: Stand, pa: int) -> bool:
    """EPC-13: armour worsened by PA or the fixed save; a titan uses its sheet's save."""
    prof = victim.profile
    armour, fixed = prof.save.armour, prof.save.fixed
    if prof.save.sheet and prof.sheet is not None:
        armour = CATALOG.sheets[prof.sheet].save
    target = save_target(armour, fixed, pa, s.rules)
    if target is not None and success(s, target):
        return True
    if s.rules.dual_save == "twoRolls" and armour is not None and fixed is not None:
        return success(s, fixed)
    return False


def shoot(s: EpicState, did: int, target_did: int) -> None:
    """EPC-12/13: every weapon in range fires at the nearest stand of the target."""
    det = s.dets[did]
    reroll = rerolls_ones(det.order, False)
    hits = unsaved = 0
    for st in sorted(s.alive(did), key=lambda x: x.sid):
        for w in _weapons(st):
            for _ in range(w.dice):
                foes = _in_range(s, st, w, target_did)
                if not foes:
                    break
                victim = foes[0]
                mods = to_hit_modifiers(
                    aa=w.has("aa"),
                    target_airborne=False,
                    target_class=victim.profile.cls,
                    rules=s.rules,
                )
                if not success(s, modified_to_hit(w.to_hit, mods), reroll):
                    continue
                hits += 1
                if not _save(s, victim, w.pa):
                    unsaved += 1
                    _wound(s, victim, "EPC-13")
    s.log.append(
        Msg(
            "epic.ev.fire",
            {"det": det.spec, "target": s.dets[target_did].spec, "hits": hits, "lost": unsaved},
            "EPC-12",
        )
    )


def assault(s: EpicState, did: int) -> None:
    """Research §3.7: one duel per engaged stand, +1D6 per earlier duel on the same foe."""
    duels: dict[int, int] = {}
    for st in sorted(s.alive(did), key=lambda x: x.sid):
        if st.sid not in s.stands:
            continue
        foes = _engaged(s, st)
        if not foes:
            continue
        foe = foes[0]
        n = duels.get(foe.sid, 0)
        duels[foe.sid] = n + 1
        mine = sum(s.roll() for _ in range(2 + n)) + st.profile.fa
        theirs = sum(s.roll() for _ in range(2)) + foe.profile.fa
        s.log.append(
            Msg("epic.ev.duel", {"det": s.dets[did].spec, "a": mine, "b": theirs}, "EPC-17")
        )
        if mine > theirs:
            _wound(s, foe, "EPC-17")
        elif theirs > mine:
            _wound(s, st, "EPC-17")
