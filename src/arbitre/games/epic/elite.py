"""Elite re-rolls as the player's decision (EP-4.1: "the player may spend").

Before each Combat-phase action and each reaction fire in which one of his Elite stands
may roll (the acting detachment, its target, the stands in the assault), a player with
re-rolls left says whether he spends them in this action (`epic.elite`: yes / no). His
answer stands until he is asked again, so it also covers the rolls in between
(interceptions, bombs, templates). When he spends them, the referee re-rolls the first
failed die of each roll of an Elite stand (EP-4.2, EP-4.3; in an assault, the losing
total, `assault.eliteWhen`). `elite.decide=auto` skips the question and always spends
(the simplification of the first version, kept for fast play).
"""

from __future__ import annotations

from collections.abc import Iterable

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.epic.state import EpicState, Frame
from arbitre.games.epic.world import engaged


def pool(s: EpicState, side: int, dets: Iterable[int]) -> int:
    if s.rules.elite_scope == "detachment":
        return sum(s.dets[d].elite for d in dets if s.dets[d].side == side)
    return s.elite[side]


def askers(s: EpicState, dets: Iterable[int]) -> list[int]:
    """Sides with re-rolls left and an Elite stand among these detachments."""
    dets = sorted(set(dets))
    out = []
    for side in (0, 1):
        mine = [d for d in dets if s.dets[d].side == side]
        has = False
        for d in mine:  # (a loop, no generator: eighth round)
            for st in s.alive(d):
                if st.profile.has("elite"):
                    has = True
                    break
            if has:
                break
        if has and pool(s, side, mine) > 0:
            out.append(side)
    return out


def involved(s: EpicState, key: str) -> list[int]:
    """The detachments whose stands may roll in a Combat-phase action or reaction."""
    parts = key.split(":")
    if parts[0] == "assault":
        did = int(parts[1])
        foes = {e.det for st in s.alive(did) for e in engaged(s, st)}
        return [did, *foes]
    if parts[0] == "psy":
        return [s.stands[int(parts[1])].det, int(parts[3])]
    if parts[0] == "fire":
        return [int(parts[1]), int(parts[2])]
    return [int(parts[1])]


def ask(s: EpicState, dets: Iterable[int], then: list[object]) -> bool:
    """Push the question when someone may spend re-rolls; `then` = [kind, key] of the
    action run once answered (elite.auto_elite). False when nobody is asked."""
    if not s.rules.elite_ask:
        return False
    sides = askers(s, dets)
    if not sides:
        return False
    s.stack.append(Frame("elite", sides[0], {"sides": sides, "then": then}))
    return True


def decide_elite(s: EpicState, f: Frame) -> Decision | None:
    if not f.data["sides"]:
        return None
    side = f.data["sides"][0]
    f.seat = side
    left = s.elite[side] if s.rules.elite_scope != "detachment" else None
    opts = (
        Option("elite:yes", Msg("epic.opt.elite_yes")),
        Option("elite:no", Msg("epic.opt.elite_no")),
    )
    text = Msg("epic.decide.elite", {"n": "?" if left is None else left}, "EP-4.1")
    return Decision(side, "epic.elite", opts, text, ("EP-4.1", "EP-4.2", "EP-4.3"), private=False)


def choose_elite(s: EpicState, f: Frame, key: str) -> None:
    side = f.data["sides"].pop(0)
    s.elite_use[side] = key == "elite:yes"


def auto_elite(s: EpicState, f: Frame) -> None:
    """Everyone answered: run the action that waited (combat_phase / reactions)."""
    s.stack.pop()
    kind, key = f.data["then"]
    if kind == "combat":
        from arbitre.games.epic.combat_phase import run_action

        run_action(s, str(key))
    else:
        from arbitre.games.epic.reactions import fire_reaction

        fire_reaction(s, s.stack[-1], str(key))
