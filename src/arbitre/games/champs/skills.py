"""Hero skills after the roll: the Thief's exchange and the Templar's re-roll (CB-49, CB-50,
CB-56, AMB-CB-20e, AMB-CB-20f). They are stages of the combat frame (combat.py).

Each pool lists its troop's own dice first, then its support dice (CB-68; `asup` and `dsupn`
count them). A swapped value stays in its die's slot, so a support die stays a support die;
a die moved over by the Thief (moveOneDie) joins the other troop's own dice. With
`templar.rerollSupportDice=false` a support die is named with an `s` (`swap:2s:5`), since the
Templar may re-roll only his own troop's dice (AMB-CB-20f).
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.champs.dice import result
from arbitre.games.champs.state import ChampsState, Frame


def _pools(d: dict[str, Any], role: str) -> tuple[list[int], list[int]]:
    return (d["ad"], d["dd"]) if role == "att" else (d["dd"], d["ad"])


def _sup_key(role: str) -> str:
    return "asup" if role == "att" else "dsupn"


def _other(role: str) -> str:
    return "def" if role == "att" else "att"


def die_token(s: ChampsState, d: dict[str, Any], role: str, i: int) -> str:
    """The option token of die `i` of `role`'s pool: its value, `s` for a support die when
    support dice cannot be re-rolled (the slot then matters, AMB-CB-20f)."""
    pool = _pools(d, role)[0]
    sup = not s.rules.templar_support_dice and i >= len(pool) - d[_sup_key(role)]
    return f"{pool[i]}s" if sup else str(pool[i])


def _tokens(s: ChampsState, d: dict[str, Any], role: str) -> list[str]:
    """The distinct dice of `role`'s pool as tokens, own dice first, each by rising value."""
    toks = {die_token(s, d, role, i) for i in range(len(_pools(d, role)[0]))}
    return sorted(toks, key=lambda t: (t.endswith("s"), int(t.rstrip("s"))))


def _index(s: ChampsState, d: dict[str, Any], role: str, token: str) -> int:
    pool = _pools(d, role)[0]
    return next(i for i in range(len(pool)) if die_token(s, d, role, i) == token)


def _remove(d: dict[str, Any], role: str, i: int) -> int:
    """Take die `i` out of `role`'s pool (a support die lowers the support count)."""
    pool, key = _pools(d, role)[0], _sup_key(role)
    if i >= len(pool) - d[key]:
        d[key] -= 1
    return pool.pop(i)


def _add(d: dict[str, Any], role: str, v: int) -> None:
    """A die moved into `role`'s pool joins its troop's own dice (AMB-CB-20e)."""
    pool = _pools(d, role)[0]
    pool.insert(len(pool) - d[_sup_key(role)], v)


def _value(token: str) -> str:
    return token.rstrip("s")


def decide_skill(s: ChampsState, f: Frame) -> Decision | None:
    d = f.data
    seat, role, skill = d["skills"][0]
    own, opp = _pools(d, role)
    opts: list[Option] = []
    if skill == "voleur":
        mode = s.rules.thief_mode
        if d["take"] is not None:
            # opponentPicksReturn: the Thief gave a die; the opponent picks which of his own
            # dice he gives in exchange (AMB-CB-20e)
            giver = s.mj_seat if role == "att" else f.seat
            opts = [
                Option(f"return:{t}", Msg("champs.opt.return", {"v": _value(t)}))
                for t in _tokens(s, d, _other(role))
            ]
            return Decision(
                giver,
                "champs.skill.give",
                tuple(opts),
                Msg("champs.q.give", {"v": _value(d["take"])}),
                ("CB-49", "AMB-CB-20e"),
                private=False,
            )
        mine, theirs = _tokens(s, d, role), _tokens(s, d, _other(role))
        if mode == "swapValues":
            for a in mine:
                for b in theirs:
                    if _value(a) != _value(b):
                        opts.append(
                            Option(
                                f"swap:{a}:{b}",
                                Msg("champs.opt.swap", {"a": _value(a), "b": _value(b)}),
                            )
                        )
        else:
            if mode == "moveOneDie":
                for b in theirs:
                    opts.append(Option(f"take:{b}", Msg("champs.opt.take", {"v": _value(b)})))
            if opp or mode == "moveOneDie":
                for a in mine:
                    opts.append(Option(f"give:{a}", Msg("champs.opt.give", {"v": _value(a)})))
    else:
        values = sorted(own[i] for i in templar_eligible(s, d, role))
        seen: set[str] = set()
        for i, v in enumerate(values):
            for key in (f"rr:{v}", *(f"rr:{v},{w}" for w in values[i + 1 :])):
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
        ("CB-49", "AMB-CB-20e") if skill == "voleur" else ("CB-50", "AMB-CB-20f"),
        private=False,
    )


def templar_eligible(s: ChampsState, d: dict[str, Any], role: str) -> list[int]:
    """The dice a Templar of `role` may re-roll: all of his side's roll, or only his own
    troop's dice with `templar.rerollSupportDice=false` (AMB-CB-20f)."""
    own = d["ad"] if role == "att" else d["dd"]
    if not s.rules.templar_support_dice:
        return list(range(len(own) - d[_sup_key(role)]))
    return list(range(len(own)))


def choose_skill(s: ChampsState, f: Frame, key: str) -> None:
    d = f.data
    seat, role, _skill = d["skills"][0]
    own, opp = _pools(d, role)
    name = s.seats[seat]
    other = _other(role)
    if key == "pass":
        d["skills"].pop(0)
    elif key.startswith("swap:"):
        _, a, b = key.split(":")
        i, j = _index(s, d, role, a), _index(s, d, other, b)
        own[i], opp[j] = opp[j], own[i]
        d["skills"].pop(0)
        s.log.append(
            Msg("champs.ev.thief", {"seat": name, "a": _value(a), "b": _value(b)}, "CB-49")
        )
    elif key.startswith("take:"):
        v = _remove(d, other, _index(s, d, other, key[5:]))
        _add(d, role, v)
        d["skills"].pop(0)
        s.log.append(Msg("champs.ev.thief_take", {"seat": name, "v": v}, "AMB-CB-20e"))
    elif key.startswith("give:"):
        if s.rules.thief_mode == "opponentPicksReturn":
            d["take"] = key[5:]  # the die he gives; the opponent now picks his return
            return
        v = _remove(d, role, _index(s, d, role, key[5:]))
        _add(d, other, v)
        d["skills"].pop(0)
        s.log.append(Msg("champs.ev.thief_give", {"seat": name, "v": v}, "AMB-CB-20e"))
    elif key.startswith("return:"):
        i, j = _index(s, d, role, d["take"]), _index(s, d, other, key[7:])
        own[i], opp[j] = opp[j], own[i]
        d["take"] = None
        d["skills"].pop(0)
        s.log.append(Msg("champs.ev.thief", {"seat": name, "a": opp[j], "b": own[i]}, "AMB-CB-20e"))
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
