"""Hero skills after the roll: the Thief's exchange and the Templar's re-roll (CB-49, CB-50,
CB-56, AMB-CB-20e, AMB-CB-20f). They are stages of the combat frame (combat.py)."""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.champs.dice import result
from arbitre.games.champs.state import ChampsState, Frame


def _pools(d: dict[str, Any], role: str) -> tuple[list[int], list[int]]:
    return (d["ad"], d["dd"]) if role == "att" else (d["dd"], d["ad"])


def decide_skill(s: ChampsState, f: Frame) -> Decision | None:
    d = f.data
    seat, role, skill = d["skills"][0]
    own, opp = _pools(d, role)
    opts: list[Option] = []
    if skill == "voleur":
        mode = s.rules.thief_mode
        if d["take"] is not None:  # opponentPicksReturn: the opponent gives a die back
            giver = s.mj_seat if role == "att" else f.seat
            opts = [Option(f"give:{v}", Msg("champs.opt.give", {"v": v})) for v in sorted(set(own))]
            return Decision(
                giver,
                "champs.skill.give",
                tuple(opts),
                Msg("champs.q.give"),
                ("CB-49", "AMB-CB-20e"),
                private=False,
            )
        if mode == "swapValues":
            for a in sorted(set(own)):
                for b in sorted(set(opp)):
                    if a != b:
                        opts.append(
                            Option(f"swap:{a}:{b}", Msg("champs.opt.swap", {"a": a, "b": b}))
                        )
        else:
            for b in sorted(set(opp)):
                opts.append(Option(f"take:{b}", Msg("champs.opt.take", {"v": b})))
            if mode == "moveOneDie":
                for a in sorted(set(own)):
                    opts.append(Option(f"give:{a}", Msg("champs.opt.give", {"v": a})))
    else:
        values = sorted(own[i] for i in templar_eligible(s, d, role))
        seen: set[str] = set()
        for i, a in enumerate(values):
            for key in (f"rr:{a}", *(f"rr:{a},{b}" for b in values[i + 1 :])):
                if key not in seen:
                    seen.add(key)
                    opts.append(Option(key, Msg("champs.opt.reroll", {"dice": key[3:]})))
    if not opts:
        return None
    opts.append(Option("pass", Msg("champs.opt.pass_skill")))
    return Decision(
        seat,
        f"champs.skill.{skill}",
        tuple(opts),
        Msg(
            f"champs.q.{skill}",
            {
                "own": _fmt(own),
                "opp": _fmt(opp),
                "mine": result(s.rules, own),
                "theirs": result(s.rules, opp),
            },
        ),
        ("CB-49",) if skill == "voleur" else ("CB-50",),
        private=False,
    )


def templar_eligible(s: ChampsState, d: dict[str, Any], role: str) -> list[int]:
    own = d["ad"] if role == "att" else d["dd"]
    if role == "att" and not s.rules.templar_support_dice:
        return list(range(len(own) - d["asup"]))
    return list(range(len(own)))


def choose_skill(s: ChampsState, f: Frame, key: str) -> None:
    d = f.data
    seat, role, _skill = d["skills"][0]
    own, opp = _pools(d, role)
    name = s.seats[seat]
    if key == "pass":
        d["skills"].pop(0)
    elif key.startswith("swap:"):
        _, a, b = key.split(":")
        i, j = own.index(int(a)), opp.index(int(b))
        own[i], opp[j] = opp[j], own[i]
        d["skills"].pop(0)
        s.log.append(Msg("champs.ev.thief", {"seat": name, "a": a, "b": b}, "CB-49"))
    elif key.startswith("take:"):
        v = int(key[5:])
        if s.rules.thief_mode == "moveOneDie":
            opp.remove(v)
            own.append(v)
            d["skills"].pop(0)
            s.log.append(Msg("champs.ev.thief_take", {"seat": name, "v": v}, "AMB-CB-20e"))
        else:
            d["take"] = v
            return
    elif key.startswith("give:"):
        v = int(key[5:])
        if d["take"] is not None:
            t = d["take"]
            i, j = own.index(v), opp.index(t)
            own[i], opp[j] = t, v
            d["take"] = None
            s.log.append(Msg("champs.ev.thief", {"seat": name, "a": v, "b": t}, "AMB-CB-20e"))
        else:
            own.remove(v)
            opp.append(v)
            s.log.append(Msg("champs.ev.thief_give", {"seat": name, "v": v}, "AMB-CB-20e"))
        d["skills"].pop(0)
    else:  # rr:a[,b]
        wanted = [int(x) for x in key[3:].split(",")]
        pool = templar_eligible(s, d, role)
        new = []
        for v in wanted:
            i = next(i for i in pool if own[i] == v)
            pool.remove(i)
            own[i] = s.roll(s.rules.sides)
            new.append(own[i])
        d["skills"].pop(0)
        s.log.append(
            Msg("champs.ev.templar", {"seat": name, "old": key[3:], "new": _fmt(new)}, "CB-50")
        )
    if not d["skills"]:
        d["stage"] = "resolve"


def _fmt(dice: list[int]) -> str:
    return "[" + ",".join(map(str, dice)) + "]" if dice else "—"
