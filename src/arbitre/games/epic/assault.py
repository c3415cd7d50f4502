"""Assaults (EPC-17, research §3.7): duels of 2D6 + FA, the loser loses a wound with no
save; every earlier duel a stand fought this turn gives its opponent one more D6
(outnumbering, EP-8.14, EP-8.19); Elite re-rolls one die (EP-4.3). The side that lost
more wounds loses the assault (a tie goes to the attacker, research §3.7); the winners
with Breakthrough may then move (EP-2), the losers may have to test morale.
"""

from __future__ import annotations

import math

from arbitre.engine.i18n import Msg
from arbitre.games.epic.abilities import may_assault
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.fire import elite_left, location_hit, sheet_of, spend_elite, wound
from arbitre.games.epic.shooting import GROUND
from arbitre.games.epic.sides import side_key
from arbitre.games.epic.state import EpicState, Frame, Stand
from arbitre.games.epic.world import engaged, in_front, near_foes

FALLBACK_FA = -2  # research §3.7: falling-back stands fight at -2 FA
HEAD_FA = -2  # ours: a titan with a damaged head fights at -2 FA


def fa_of(s: EpicState, st: Stand) -> int:
    fa = st.profile.fa
    if s.dets[st.det].fallback:
        fa += FALLBACK_FA
    return fa + HEAD_FA * st.damage.count("tete")


def _elite(s: EpicState, st: Stand, rolls: list[int], mine: int, theirs: int) -> int:
    """An Elite stand losing (or tied, `assault.eliteWhen`) re-rolls its lowest die when
    re-rolls are left (EP-4.1..4.3, odds.duel_odds)."""
    losing = mine < theirs or (s.rules.elite_when_tied and mine == theirs)
    if not losing or elite_left(s, st) <= 0:
        return mine
    spend_elite(s, st)
    low = min(rolls)
    rolls.remove(low)
    new = s.roll()
    rolls.append(new)
    return mine - low + new


def duel(s: EpicState, a: Stand, d: Stand) -> str:
    """One duel; returns 'a', 'd' or 'tie'. Outnumbering: each side rolls one extra D6
    per duel its opponent already fought this turn (research §3.7, EP-8.19). The attacker
    decides on its Elite re-roll first (as odds.duel_odds)."""
    ra = [s.roll() for _ in range(2 + d.duels)]
    rd = [s.roll() for _ in range(2 + a.duels)]
    ta, td = sum(ra) + fa_of(s, a), sum(rd) + fa_of(s, d)
    ta = _elite(s, a, ra, ta, td)
    td = _elite(s, d, rd, td, ta)
    a.duels += 1
    d.duels += 1
    s.log.append(
        Msg(
            "epic.ev.duel",
            {"det": s.dets[a.det].spec, "a": ta, "b": td},
            "EPC-17",
        )
    )
    if ta > td:
        _lose(s, d, a)
        return "a"
    if td > ta:
        _lose(s, a, d)
        return "d"
    return "tie"


def _lose(s: EpicState, loser: Stand, winner: Stand) -> None:
    """The loser loses one wound, no save (EPC-17, EP-12.4: no HQ sacrifice in Assault);
    a titan takes it on its location sheet (research §3.7)."""
    if loser.sid not in s.stands:
        return
    if loser.profile.save.sheet:
        sheet = sheet_of(loser)
        table = sheet.front if in_front(loser, winner.point) else sheet.rear
        location_hit(s, loser, table[s.roll() - 1], "EPC-17")
        return
    wound(s, loser, "EPC-17")


def fight(s: EpicState, pairs: list[tuple[Stand, Stand]], attacker_side: int) -> int:
    """Resolve the duels in order; returns the winning side and marks every stand that
    fought as having won or lost this assault (EP-2.1)."""
    lost = [0, 0]
    fighters: dict[int, Stand] = {}
    for a, d in pairs:
        if a.sid not in s.stands or d.sid not in s.stands:
            continue
        fighters[a.sid], fighters[d.sid] = a, d
        w = duel(s, a, d)
        if w == "a":
            lost[d.side] += 1
        elif w == "d":
            lost[a.side] += 1
    defender = 1 - attacker_side
    winner = defender if lost[attacker_side] > lost[defender] else attacker_side
    for st in fighters.values():
        if st.side == winner:
            st.won += 1
        else:
            st.beaten += 1
    s.log.append(Msg("epic.ev.assault", {"side": side_key(s, winner)}, "EPC-17"))
    return winner


def assault_pairs(s: EpicState, did: int) -> list[tuple[Stand, Stand]]:
    """Each engaged stand of the detachment duels its nearest foe it may assault
    (EP-16.20/16.25/16.29/16.30)."""
    out: list[tuple[Stand, Stand]] = []
    mine = s.alive(did)
    near = near_foes(s, mine)  # issue 14: the enemies `engaged` may find, listed once
    if not near:
        return out
    for st in sorted(mine, key=lambda x: x.sid):
        foes = [f for f in engaged(s, st, near) if may_assault(st.profile, f.alt)[0]]
        if foes:
            out.append((st, foes[0]))
    return out


def assault(s: EpicState, did: int) -> None:
    """EPC-17: the detachment's assault, then Breakthrough frames (EP-2.2)."""
    pairs = assault_pairs(s, did)
    if not pairs:
        return
    side = s.dets[did].side
    fight(s, pairs, side)
    queue_breakthroughs(s, {st.det for pair in pairs for st in pair})


def queue_breakthroughs(s: EpicState, dets: set[int]) -> None:
    """EP-2.1/2.2: at the end of the Assault, each detachment with stands that won every
    assault they fought (AMB-EP-6c) and have Breakthrough gets one optional move."""
    for did in sorted(dets, reverse=True):
        if breakthrough_stands(s, did):
            s.stack.append(Frame("breakthrough", s.dets[did].side, {"det": did}))


def breakthrough_stands(s: EpicState, did: int) -> list[Stand]:
    return [
        st
        for st in s.alive(did)
        if st.profile.has("breakthrough") and st.won > 0 and st.beaten == 0 and st.alt == GROUND
    ]


# --- disengaging (research §3.5) ---------------------------------------------------------

DISENGAGE_TO_HIT = ((13, 4), (7, 5))  # research §3.5: FA 13+ hits on 4+, 7-12 on 5+, else 6+


def opportunity_to_hit(fa: int) -> int:
    """Research §3.5: the opportunity attack of an enemy in contact, by its FA."""
    return next((x for lo, x in DISENGAGE_TO_HIT if fa >= lo), 6)


def disengage(s: EpicState, movers: list[int], dx: float, dy: float) -> None:
    """A ground stand that ends its move out of contact with enemies it touched suffers
    one opportunity attack from each of them; a hit is an assault hit, no save (research
    §3.5). Flyers are never blocked in Assault (EP-16.28, AMB-EP-15f): no attacks."""
    if not s.rules.disengage_attacks or not (dx or dy):
        return
    reach = 2 * s.rules.base_radius + 0.5
    # issue 15: the enemies near the movers, listed once (`engaged` reads them instead of
    # every enemy stand); listed again after a loss, which may change the table
    near: list[Stand] | None = None
    for sid in movers:
        st = s.stands.get(sid)
        if st is None or CATALOG.units[st.unit].is_flyer or st.alt != GROUND:
            continue
        if near is None:
            near = near_foes(s, [m for i in movers if (m := s.stands.get(i)) is not None])
            if not near:
                return  # ninth round: no enemy near any mover, so `engaged` finds none
        for foe in engaged(s, st, near):
            if math.hypot(st.x + dx - foe.x, st.y + dy - foe.y) <= reach:
                continue  # still in contact with it
            if s.roll() < opportunity_to_hit(fa_of(s, foe)):
                continue
            s.log.append(Msg("epic.ev.opportunity", {"unit": f"epic.unit.{st.unit}"}, "EPC-17"))
            _lose(s, st, foe)
            near = None
            if st.sid not in s.stands:
                break
