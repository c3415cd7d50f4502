"""Setup decisions about Characters: where each Bound Character joins (EP-10.1,
EP-10.7..10.10, EP-10.8) and, in the Maelström scenario, which Character takes the
Warlord card (EP-9.2, research S7).

- `bind` frame: for each Bound Character in turn, its player picks the detachment it
  joins among the legal ones: same side, on the table, not Flyers, at most 2 Bound
  Characters (EP-10.7); a class 1 character joins Infantry or Cavalry (EP-10.9,
  `bound.cavalry`), a bigger one its own class (EP-10.10); one that belongs to a Company
  Formation joins a detachment of that company (EP-10.8). The army list's host comes
  first. A character with a single legal host is not asked.
- `warlord` frame: each player plays the Warlord card on one of his Characters (EP-9.2:
  only units with Character; AMB-EP-10d: a Bound Character counts).
"""

from __future__ import annotations

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.epic.abilities import EliteSource, elite_pool
from arbitre.games.epic.catalog import CATALOG, MAX_BOUND
from arbitre.games.epic.state import EpicState, Frame, Stand
from arbitre.games.epic.transport import spots


def bind_frame(s: EpicState) -> Frame:
    todo = [
        [st.sid, s.dets[st.det].company]
        for st in sorted(s.stands.values(), key=lambda x: (x.side, x.sid))
        if st.profile.has("bound_character")
    ]
    return Frame("bind", 0, {"todo": todo})


def hosts(s: EpicState, char: Stand, company: str) -> list[int]:
    """Legal detachments for a Bound Character (EP-10.7..10.10), its own first."""
    prof = char.profile
    out = []
    for d in s.dets:
        mine = s.alive(d.did)
        if d.side != char.side or not mine or any(st.profile.is_flyer for st in mine):
            continue
        host = CATALOG.units[d.unit]
        if d.did != char.det:
            bound = sum(1 for st in mine if st.profile.has("bound_character"))
            if bound >= MAX_BOUND:
                continue  # EP-10.7
        if prof.cls == 1:
            kinds = ("infantry", "cavalry") if s.rules.bound_cavalry else ("infantry",)
            if host.type not in kinds:
                continue  # EP-10.9, AMB-EP-10a
        elif host.cls != prof.cls:
            continue  # EP-10.10
        if company and d.company != company:
            continue  # EP-10.8
        out.append(d.did)
    out.sort(key=lambda did: did != char.det)
    return out


def _next_char(s: EpicState, f: Frame) -> tuple[Stand, list[int]] | None:
    while f.data["todo"]:
        sid, company = f.data["todo"][0]
        st = s.stands.get(sid)
        if st is not None:
            options = hosts(s, st, company)
            if len(options) > 1:
                return st, options
        f.data["todo"].pop(0)
    return None


def decide_bind(s: EpicState, f: Frame) -> Decision | None:
    got = _next_char(s, f)
    if got is None:
        return None
    st, options = got
    f.seat = st.side
    opts = tuple(
        Option(f"join:{d}", Msg("epic.opt.join", {"det": s.dets[d].spec})) for d in options
    )
    text = Msg("epic.decide.bind", {"unit": f"epic.unit.{st.unit}"}, "EP-10.1")
    return Decision(
        st.side, "epic.bind", opts, text, ("EP-10.1", "EP-10.7", "EP-10.8"), private=False
    )


def choose_bind(s: EpicState, f: Frame, key: str) -> None:
    sid, _company = f.data["todo"].pop(0)
    st = s.stands[sid]
    did = int(key.split(":")[1])
    if did == st.det:
        return
    old = st.det
    mates = sorted(s.alive(did), key=lambda x: x.sid)
    del s.stands[sid]
    spot = next(iter(spots(s, mates[-1].point, 1, st.profile.cls, st.side, False)), None)
    st.det = did
    if spot is not None:
        st.x, st.y = spot.x, spot.y
    s.stands[sid] = st
    for d in (old, did):  # the re-rolls of `elite.scope=detachment` follow (EP-10.12)
        det = s.dets[d]
        host = CATALOG.units[det.unit].param("elite")
        bound = tuple(
            x.profile.param("elite") or 0 for x in s.alive(d) if x.profile.has("bound_character")
        )
        det.elite = elite_pool([EliteSource(host, 1, bound)], s.rules)
    s.log.append(Msg("epic.ev.joined", {"unit": f"epic.unit.{st.unit}", "det": s.dets[did].spec}))


def auto_pop(s: EpicState, f: Frame) -> None:
    s.stack.pop()


# --- the Warlord card (EP-9.2) ----------------------------------------------------------


def characters(s: EpicState, side: int) -> list[Stand]:
    """EP-9.2: the card may only be played on a Character (AMB-EP-10d: Bound too)."""
    return sorted(
        (
            st
            for st in s.stands.values()
            if st.side == side
            and (st.profile.has("character") or st.profile.has("bound_character"))
        ),
        key=lambda x: x.sid,
    )


def decide_warlord(s: EpicState, f: Frame) -> Decision | None:
    side = f.data["side"]
    while side < 2 and not characters(s, side):
        side += 1
    f.data["side"] = side
    if side >= 2:
        return None
    f.seat = side
    opts = tuple(
        Option(f"lord:{st.sid}", Msg("epic.opt.warlord", {"unit": f"epic.unit.{st.unit}"}))
        for st in characters(s, side)
    )
    text = Msg("epic.decide.warlord", {}, "EP-9.2")
    return Decision(side, "epic.warlord", opts, text, ("EP-9.2",), private=False)


def choose_warlord(s: EpicState, f: Frame, key: str) -> None:
    side = f.data["side"]
    s.warlords[side] = int(key.split(":")[1])
    f.data["side"] = side + 1
