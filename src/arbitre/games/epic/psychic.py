"""Psychic powers in play (EP-11, EP-14, EPC-27): one power per Psyker per turn
(EP-11.2), on top of its weapons (EP-11.4), even when engaged (EP-11.5); Combat-phase
powers need a shooting order, Movement-phase powers none (EP-11.6, AMB-EP-11a). Physical
powers shoot like weapons (EP-11.7..11.10); ethereal ones allow only a Psychic Save, hit
a titan's head and cannot be regenerated (EP-11.11..11.15, in fire.py).
"""

from __future__ import annotations

from arbitre.engine.decision import Option
from arbitre.engine.i18n import Msg
from arbitre.games.epic.abilities import power_allowed, power_rerolls_ones
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.fire import power_gun, volley
from arbitre.games.epic.sides import side_key
from arbitre.games.epic.state import EpicState, Stand
from arbitre.games.epic.targeting import Battery, Box, hits_any, out_of_reach
from arbitre.games.epic.world import bounds


def _targets(s: EpicState, st: Stand, i: int, where: dict[int, Box] | None = None) -> list[int]:
    """The enemy detachments the power may hit (EP-11.7: as a weapon); `where` keeps each
    detachment's `world.bounds` for the next power asked of the same state (issue 15)."""
    gun = power_gun(CATALOG.units[st.unit].powers[i])  # = st.profile…, no property
    guns: Battery = [(st, [gun], gun.range)]  # = battery([(st, gun)]): one gun
    order = s.dets[st.det].order
    out: list[int] = []
    if where is None:
        where = {}
    if out_of_reach(s, guns, s.foes_of(st.side), where):  # (its box kept in `where`)
        return out  # issue 15: the usual answer, before any detachment is looked at
    table = s.by_det()
    for d in s.dets:
        if d.side == st.side:
            continue
        foes = table.get(d.did)
        if not foes:
            continue  # hits_any: no stand, no target
        box = where.get(d.did)
        if box is None:
            box = where[d.did] = bounds(foes)
        if hits_any(s, guns, foes, order, box):
            out.append(d.did)
    return out


def powers_for(s: EpicState, side: int, phase: str) -> list[tuple[str, Msg]]:
    """Option keys "psy:<stand>:<power>:<target detachment>" usable now (none once the
    side declined its powers for this phase, EP-11.2)."""
    out: list[tuple[str, Msg]] = []
    if s.psy_pass[side]:
        return out
    where: dict[int, Box] = {}  # issue 15: each detachment's box, once for every power
    # issue 14: the table's Psykers by id, listed once until the stands change
    for st in s.psykers():
        if st.side != side or st.power_used:
            continue
        det = s.dets[st.det]
        if det.fallback and phase == "combat":
            continue  # research §3.8: no shooting in Retraite; Movement-phase powers are
            # used "quel que soit l'ordre" (EP-11.6), Retraite included
        for i, p in enumerate(CATALOG.units[st.unit].powers):
            if p.phase != phase:
                continue
            ok, _rule = power_allowed(phase, det.order, p.kind)
            if not (ok or (phase == "combat" and s.rules.psyker_any_order)):
                continue
            for t in _targets(s, st, i, where):
                args = {"power": f"epic.power.{p.id}", "target": s.dets[t].spec}
                out.append((f"psy:{st.sid}:{i}:{t}", Msg("epic.opt.power", args, "EP-11.6")))
    return out


NO_POWER = "nopower"


def no_power_option() -> Option:
    """EP-11.2: Psykers "peuvent utiliser" a power, they need not: offered when powers
    are all a side has left to do in a phase, so a power never forces itself."""
    return Option(NO_POWER, Msg("epic.opt.no_power", {}, "EP-11.2"))


def decline_powers(s: EpicState, side: int) -> None:
    """The side uses no power for the rest of this phase; `power_used` stays unset, so
    the next phase may still see one used (one per turn, EP-11.2)."""
    s.psy_pass[side] = True
    s.log.append(Msg("epic.ev.no_power", {"side": side_key(s, side)}, "EP-11.2"))


def movement_powers(s: EpicState, side: int) -> list[tuple[str, Msg]]:
    return powers_for(s, side, "movement")


def use_power(s: EpicState, key: str) -> None:
    """Use one power (EP-11.2): it shoots as a weapon with its own dice."""
    _psy, sid, i, target = key.split(":")
    st = s.stands[int(sid)]
    power = st.profile.powers[int(i)]
    st.power_used = True
    det = s.dets[st.det]
    ones = power_rerolls_ones(power.kind, det.order, det.converted)
    tally = volley(s, [(st, power_gun(power))], int(target), det.order, reroll_ones=ones)
    # the dice as for a shot (issue 18): to-hit, then armour or Psychic Saves
    args: dict[str, object] = {
        "power": f"epic.power.{power.id}",
        "target": s.dets[int(target)].spec,
    }
    args.update(tally.args())
    s.log.append(Msg("epic.ev.power", args, "EP-11.7" if power.kind == "physical" else "EP-11.11"))
