"""Psychic powers in play (EP-11, EP-14, EPC-27): one power per Psyker per turn
(EP-11.2), on top of its weapons (EP-11.4), even when engaged (EP-11.5); Combat-phase
powers need a shooting order, Movement-phase powers none (EP-11.6, AMB-EP-11a). Physical
powers shoot like weapons (EP-11.7..11.10); ethereal ones allow only a Psychic Save, hit
a titan's head and cannot be regenerated (EP-11.11..11.15, in fire.py).
"""

from __future__ import annotations

from arbitre.engine.i18n import Msg
from arbitre.games.epic.abilities import power_allowed, power_rerolls_ones
from arbitre.games.epic.fire import eligible, power_gun, volley
from arbitre.games.epic.state import EpicState, Stand


def _targets(s: EpicState, st: Stand, i: int) -> list[int]:
    gun = power_gun(st.profile.powers[i])
    order = s.dets[st.det].order
    return [
        d.did
        for d in s.dets
        if d.side != st.side
        and any(eligible(s, st, gun, t, order) is not None for t in s.alive(d.did))
    ]


def powers_for(s: EpicState, side: int, phase: str) -> list[tuple[str, Msg]]:
    """Option keys "psy:<stand>:<power>:<target detachment>" usable now."""
    out: list[tuple[str, Msg]] = []
    for st in sorted(s.stands.values(), key=lambda x: x.sid):
        if st.side != side or st.power_used or not st.profile.has("psyker"):
            continue
        det = s.dets[st.det]
        if det.fallback and phase == "combat":
            continue  # research §3.8: no shooting in Retraite; Movement-phase powers are
            # used "quel que soit l'ordre" (EP-11.6), Retraite included
        for i, p in enumerate(st.profile.powers):
            if p.phase != phase:
                continue
            ok, _rule = power_allowed(phase, det.order, p.kind)
            if not (ok or (phase == "combat" and s.rules.psyker_any_order)):
                continue
            for t in _targets(s, st, i):
                args = {"power": f"epic.power.{p.id}", "target": s.dets[t].spec}
                out.append((f"psy:{st.sid}:{i}:{t}", Msg("epic.opt.power", args, "EP-11.6")))
    return out


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
    args = {
        "power": f"epic.power.{power.id}",
        "target": s.dets[int(target)].spec,
        "hits": tally.hits,
        "lost": tally.lost,
    }
    s.log.append(Msg("epic.ev.power", args, "EP-11.7" if power.kind == "physical" else "EP-11.11"))
