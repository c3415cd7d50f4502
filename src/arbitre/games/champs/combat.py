"""Combat: support, the roll, hero skills, losses, retreat, re-attack and advance (CB-55..CB-71).

One frame walks through stages; losses, retreats and traps are frames pushed on top of it.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.champs.dice import attacker_wins, ground_troop, hero_dice, result, unit_dice
from arbitre.games.champs.logic import (
    capture,
    controller,
    distinct_units,
    enemy_at,
    enter,
    heroes_at,
    occupancy,
    push_overflow,
)
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState, Frame, Hero, Unit
from arbitre.games.champs.surprise import SURPRISES
from arbitre.games.champs.troops import CATAPULTE, TYPES


def troop(s: ChampsState, cell: int, side: int) -> tuple[list[Unit], list[Hero]]:
    units = [u for u in s.units.values() if u.cell == cell and u.side == side]
    heroes = heroes_at(s, cell) if side == PLAYERS else []
    return units, heroes


def start_combat(s: ChampsState, seat: int, att: int, tgt: int, ranged: bool) -> None:
    aside = s.side_of_seat(seat)
    s.log.append(
        Msg(
            "champs.ev.fire" if ranged else "champs.ev.attack",
            {"seat": s.seats[seat], "src": s.bf.label(att), "dest": s.bf.label(tgt)},
            "CB-15" if ranged else "CB-32",
        )
    )
    s.stack.append(
        Frame(
            "combat",
            seat,
            {
                "att": att,
                "tgt": tgt,
                "ranged": ranged,
                "aside": aside,
                "dside": 1 - aside,
                "stage": "support",
                "sup": [],
                "ask": [],
                "ad": [],
                "dd": [],
                "asup": 0,
                "dsup": [],
                "skills": [],
                "win": None,
                "again": 0,
                "take": None,
            },
        )
    )


# --- support (CB-67..CB-71, AMB-CB-22) -----------------------------------------------


def eligible_supporters(s: ChampsState, d: dict[str, Any]) -> list[int]:
    if d["ranged"] and not s.rules.catapult_support:
        return []
    if d["again"] and not s.rules.reattack_support:
        return []
    out = []
    occ = occupancy(s)
    for n in s.geo.neighbours[d["tgt"]]:
        if n == d["att"]:
            continue
        units = occ.get(n)
        if units and units[0].side == d["aside"]:
            out.append(n)
        elif (
            not units
            and d["aside"] == PLAYERS
            and any(h.skill == "gladiateur" for h in heroes_at(s, n))
        ):
            out.append(n)  # AMB-CB-20g: a lone Gladiator is a troop and may support
    return out


def decide_support(s: ChampsState, f: Frame) -> Decision | None:
    d = f.data
    cells = eligible_supporters(s, d)
    if not cells:
        return None
    lbl = s.bf.label
    opts = [
        Option(
            f"sup:{lbl(c)}",
            Msg("champs.opt.support", {"cell": lbl(c), "mark": "x" if c in d["sup"] else " "}),
        )
        for c in cells
    ]
    opts.append(Option("go", Msg("champs.opt.roll", {"n": len(d["sup"])})))
    return Decision(
        f.seat, "champs.support", tuple(opts), Msg("champs.q.support"), ("CB-67", "CB-68", "CB-69")
    )


def _consent_asks(s: ChampsState, f: Frame) -> list[list[int]]:
    """CB-70: a player may refuse support from a troop holding his hero (AMB-CB-22c)."""
    d = f.data
    if d["aside"] != PLAYERS:
        return []
    asks = []
    attackers = {h.seat for h in heroes_at(s, d["att"])} if s.rules.refusal_also_attacker else set()
    for c in d["sup"]:
        seats = {h.seat for h in heroes_at(s, c)} | attackers
        for seat in sorted(seats - {f.seat}):
            asks.append([c, seat])
    return asks


# --- the stages ------------------------------------------------------------------------


def decide_combat(s: ChampsState, f: Frame) -> Decision | None:
    stage = f.data["stage"]
    if stage == "support":
        return decide_support(s, f)
    if stage == "consent":
        return _decide_consent(s, f)
    if stage == "skills":
        return _decide_skill(s, f)
    if stage == "reattack":
        return Decision(
            f.seat,
            "champs.reattack",
            (Option("again", Msg("champs.opt.again")), Option("stop", Msg("champs.opt.stop"))),
            Msg("champs.q.reattack", {"dest": s.bf.label(f.data["tgt"])}),
            ("CB-61", "AMB-CB-14"),
        )
    if stage == "advance":
        return _decide_advance(s, f)
    return None


def choose_combat(s: ChampsState, f: Frame, key: str) -> None:
    d = f.data
    stage = d["stage"]
    if stage == "support":
        if key == "go":
            d["ask"] = _consent_asks(s, f)
            d["stage"] = "consent"
        else:
            c = s.bf.parse(key[4:])
            if c in d["sup"]:
                d["sup"].remove(c)
            else:
                d["sup"].append(c)
    elif stage == "consent":
        cell, seat = d["ask"].pop(0)
        if key == "refuse":
            d["sup"].remove(cell)
            d["ask"] = [a for a in d["ask"] if a[0] != cell]
            s.log.append(Msg("champs.ev.support_refused", {"seat": s.seats[seat]}, "CB-70"))
    elif stage == "skills":
        _choose_skill(s, f, key)
    elif stage == "reattack":
        if key == "again":
            d["again"] += 1
            d.update(stage="support", sup=[], ad=[], dd=[], asup=0, dsup=[], win=None)
            s.log.append(Msg("champs.ev.reattack", {"dest": s.bf.label(d["tgt"])}, "CB-61"))
        else:
            d["stage"] = "done"
    elif stage == "advance":
        _choose_advance(s, f, key)


def auto_combat(s: ChampsState, f: Frame) -> None:
    d = f.data
    stage = d["stage"]
    if stage == "support":
        d["ask"] = _consent_asks(s, f)
        d["stage"] = "consent"
    elif stage == "consent":
        d["stage"] = "roll"
    elif stage == "roll":
        _roll(s, f)
    elif stage == "skills":
        d["skills"].pop(0)
        if not d["skills"]:
            d["stage"] = "resolve"
    elif stage == "resolve":
        _resolve(s, f)
    elif stage == "after_losses":
        _after_losses(s, f)
    else:  # advance with nothing to move, or done
        s.stack.pop()


def _decide_consent(s: ChampsState, f: Frame) -> Decision | None:
    if not f.data["ask"]:
        return None
    cell, seat = f.data["ask"][0]
    return Decision(
        seat,
        "champs.support.consent",
        (Option("lend", Msg("champs.opt.lend")), Option("refuse", Msg("champs.opt.refuse"))),
        Msg("champs.q.lend", {"cell": s.bf.label(cell), "seat": s.seats[f.seat]}),
        ("CB-70", "AMB-CB-22c"),
    )


def _roll(s: ChampsState, f: Frame) -> None:
    """Both troops roll at once (CB-55); supporters add 1 die each (CB-68)."""
    d, r = f.data, s.rules
    aunits, aheroes = troop(s, d["att"], d["aside"])
    dunits, dheroes = troop(s, d["tgt"], d["dside"])
    if d["ranged"]:
        aunits = [u for u in aunits if u.kind == CATAPULTE and _ready(s, u)]
    n_att = unit_dice(r, aunits, d["ranged"]) + hero_dice(r, aunits, aheroes)
    n_sup = len(d["sup"])
    if r.skill_when_supporting:
        for c in d["sup"]:
            su, sh = troop(s, c, d["aside"])
            n_sup += hero_dice(r, su, sh) if su else 0
    n_def = unit_dice(r, dunits, False) + hero_dice(r, dunits, dheroes)
    if r.defender_support:
        d["dsup"] = [
            n for n in s.geo.neighbours[d["att"]] if n != d["tgt"] and troop(s, n, d["dside"])[0]
        ]
        n_def += len(d["dsup"])
    d["ad"] = _roll_dice(s, n_att) + _roll_dice(s, n_sup)
    d["asup"] = n_sup
    d["dd"] = _roll_dice(s, n_def)
    if d["ranged"]:
        for u in aunits:
            u.loaded = False  # fired: must reload before the next shot (CB-16)
    s.log.append(
        Msg(
            "champs.ev.dice",
            {"att": _fmt(d["ad"]), "dfn": _fmt(d["dd"])},
            "CB-55",
        )
    )
    skills: list[list[Any]] = []
    if not d["again"] or r.reattack_skills:
        for role, side, units, heroes in (
            ("att", d["aside"], aunits, aheroes),
            ("def", d["dside"], dunits, dheroes),
        ):
            if side == MJ:
                SURPRISES[r.values["mj.surprise"]](s, d, role)  # CB-54, AMB-CB-21 hook
            if not ground_troop(r, units):
                continue
            for h in sorted(heroes, key=lambda h: h.seat):
                if h.skill in ("voleur", "templier"):
                    skills.append([h.seat, role, h.skill])
    d["skills"] = skills
    d["stage"] = "skills" if skills else "resolve"


def _ready(s: ChampsState, u: Unit) -> bool:
    from arbitre.games.champs.activation import ready

    return ready(s, u)


def _roll_dice(s: ChampsState, n: int) -> list[int]:
    return [s.roll(s.rules.sides) for _ in range(n)]


def _fmt(dice: list[int]) -> str:
    return "[" + ",".join(map(str, dice)) + "]" if dice else "—"


# --- hero skills after the roll (CB-49, CB-50, CB-56, AMB-CB-20e, AMB-CB-20f) --------------


def _pools(d: dict[str, Any], role: str) -> tuple[list[int], list[int]]:
    return (d["ad"], d["dd"]) if role == "att" else (d["dd"], d["ad"])


def _decide_skill(s: ChampsState, f: Frame) -> Decision | None:
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
    )


def templar_eligible(s: ChampsState, d: dict[str, Any], role: str) -> list[int]:
    own = d["ad"] if role == "att" else d["dd"]
    if role == "att" and not s.rules.templar_support_dice:
        return list(range(len(own) - d["asup"]))
    return list(range(len(own)))


def _choose_skill(s: ChampsState, f: Frame, key: str) -> None:
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


# --- outcome: losses, retreat, re-attack, advance -----------------------------------------


def _resolve(s: ChampsState, f: Frame) -> None:
    d, r = f.data, s.rules
    dunits, dheroes = troop(s, d["tgt"], d["dside"])
    auto = not dunits and not any(h.skill == "gladiateur" for h in dheroes)
    att_wins = auto or attacker_wins(r, d["ad"], d["dd"])
    d["win"] = "att" if att_wins else "def"
    s.log.append(
        Msg(
            "champs.ev.result",
            {
                "att": result(r, d["ad"]),
                "dfn": result(r, d["dd"]),
                "winner": "champs.word.attacker" if att_wins else "champs.word.defender",
            },
            "CB-53" if auto else "CB-58" if result(r, d["ad"]) == result(r, d["dd"]) else "CB-57",
        )
    )
    d["stage"] = "after_losses"
    if att_wins:
        if auto:
            _lone_heroes_lose(s, f)
        else:
            s.stack.append(_loss(s, d["tgt"], d["dside"], "defender"))
        for c in d["dsup"]:
            s.stack.append(_loss(s, c, d["dside"], "supporter"))
    elif not (d["ranged"] and r.catapult_one_sided):
        s.stack.append(_loss(s, d["att"], d["aside"], "attacker"))
        for c in d["sup"]:
            s.stack.append(_loss(s, c, d["aside"], "supporter"))  # CB-69


def _lone_heroes_lose(s: ChampsState, f: Frame) -> None:
    """CB-53: a lone hero does not fight; he is captured unless he may retreat (AMB-CB-20i)."""
    if s.rules.capture_only_if_no_retreat:
        return
    for h in heroes_at(s, f.data["tgt"]):
        capture(s, h)


def _loss(s: ChampsState, cell: int, side: int, role: str) -> Frame:
    return Frame(
        "loss",
        controller(s, cell, side),
        {"cell": cell, "side": side, "n": 1, "only": None, "combat": True, "role": role},
    )


def _after_losses(s: ChampsState, f: Frame) -> None:
    d = f.data
    if d["win"] != "att":
        d["stage"] = "done"
        return
    units, heroes = troop(s, d["tgt"], d["dside"])
    if not units and not heroes:
        d["stage"] = "advance"
        return
    cells = retreat_cells(s, d["att"], d["tgt"], d["dside"])
    if cells:
        s.stack.append(
            Frame(
                "retreat",
                controller(s, d["tgt"], d["dside"]),
                {"src": d["tgt"], "att": d["att"], "side": d["dside"]},
            )
        )
        d["stage"] = "advance"
        return
    # CB-61: no retreat possible. Lone heroes who cannot fight are taken (AMB-CB-20i); a
    # lone Gladiator still fights, so the attacker may strike again.
    if not units and not any(h.skill == "gladiateur" for h in heroes):
        for h in heroes:
            capture(s, h)
        d["stage"] = "advance"
        return
    may_again = (not d["ranged"] or s.rules.catapult_reattack) and not (
        s.rules.reattack_once and d["again"] >= 1
    )
    aunits, aheroes = troop(s, d["att"], d["aside"])
    from arbitre.games.champs.activation import can_melee

    fighters = aunits or aheroes
    d["stage"] = (
        "reattack"
        if may_again and fighters and (d["ranged"] or can_melee(s, d["att"], d["aside"]))
        else "done"
    )


def retreat_cells(
    s: ChampsState, att: int, tgt: int, side: int, any_adjacent: bool = False
) -> list[int]:
    """Retreat cells away from the attacker, free of obstacles and enemies (CB-60, AMB-CB-6/7)."""
    occ = occupancy(s)
    base = (
        s.geo.neighbours[tgt]
        if any_adjacent
        else s.geo.retreat_candidates(att, tgt, s.rules.retreat_direction)
    )
    out = []
    for c in base:
        if c in s.bf.obstacles or enemy_at(s, c, side, occ):
            continue
        if not s.rules.retreat_allied and occ.get(c):
            continue
        out.append(c)
    return out


def _advancers(s: ChampsState, d: dict[str, Any]) -> tuple[list[Unit], list[Hero]]:
    """CB-62: the winning attacker's mobile units (never Catapults, AMB-CB-27) may advance."""
    if d["win"] != "att" or d["ranged"]:
        return [], []
    if enemy_at(s, d["tgt"], d["aside"], occupancy(s)):
        return [], []
    units, heroes = troop(s, d["att"], d["aside"])
    return [u for u in units if u.kind != CATAPULTE], heroes


def _decide_advance(s: ChampsState, f: Frame) -> Decision | None:
    units, heroes = _advancers(s, f.data)
    if not units and not heroes:
        return None
    opts = [Option("adv:all", Msg("champs.opt.advance_all"))]
    if len(units) + len(heroes) > 1:
        for token in distinct_units(units):
            opts.append(
                Option(
                    f"adv:{token}",
                    Msg("champs.opt.advance_one", {"what": f"champs.type.{token.rstrip('*')}"}),
                )
            )
        for h in heroes:
            opts.append(
                Option(
                    f"adv:h{h.seat}",
                    Msg("champs.opt.advance_one", {"what": f"champs.hero.{h.skill}"}),
                )
            )
    opts.append(Option("stay", Msg("champs.opt.stay")))
    return Decision(
        f.seat,
        "champs.advance",
        tuple(opts),
        Msg("champs.q.advance", {"dest": s.bf.label(f.data["tgt"])}),
        ("CB-62", "CB-63", "AMB-CB-13"),
    )


def _choose_advance(s: ChampsState, f: Frame, key: str) -> None:
    d = f.data
    if key == "stay":
        d["stage"] = "done"
        return
    units, heroes = _advancers(s, d)
    token = key[4:]
    if token == "all":
        moving, going = units, heroes
        d["stage"] = "done"
    elif token.startswith("h"):
        moving, going = [], [h for h in heroes if h.seat == int(token[1:])]
    else:
        moving, going = [distinct_units(units)[token]], []
    for u in moving:
        u.cell = d["tgt"]
    for h in going:
        h.cell = d["tgt"]
    s.occ = None
    act = _activation(s)
    if act is not None:
        act.data["advanced"] = True
    s.log.append(
        Msg(
            "champs.ev.advanced",
            {"n": len(moving) + len(going), "dest": s.bf.label(d["tgt"])},
            "CB-62",
        )
    )
    enter(s, moving, d["tgt"], d["aside"], True)  # AMB-CB-13c: an advance can spring a trap


def _activation(s: ChampsState) -> Frame | None:
    for fr in reversed(s.stack):
        if fr.kind == "activation":
            return fr
    return None


# --- losses (CB-59, CB-66, AMB-CB-20h/i) -------------------------------------------------


def loss_candidates(s: ChampsState, f: Frame) -> list[Unit]:
    d = f.data
    units = [u for u in s.units.values() if u.cell == d["cell"] and u.side == d["side"]]
    if d["only"] is not None:
        units = [u for u in units if u.uid in d["only"]]
    return units


def decide_loss(s: ChampsState, f: Frame) -> Decision | None:
    units = loss_candidates(s, f)
    tokens = distinct_units(units)
    if len(tokens) < 2 or f.data["n"] <= 0:
        return None
    opts = tuple(
        Option(
            f"lose:{t}",
            Msg(
                "champs.opt.lose_loaded" if t.endswith("*") else "champs.opt.lose",
                {"type": f"champs.type.{t.rstrip('*')}"},
            ),
        )
        for t in tokens
    )
    return Decision(
        f.seat,
        "champs.loss",
        opts,
        Msg("champs.q.loss", {"cell": s.bf.label(f.data["cell"]), "n": f.data["n"]}),
        ("CB-59", "CB-19") if not f.data["combat"] else ("CB-59",),
    )


def choose_loss(s: ChampsState, f: Frame, key: str) -> None:
    _remove(s, f, distinct_units(loss_candidates(s, f))[key[5:]])


def auto_loss(s: ChampsState, f: Frame) -> None:
    units = loss_candidates(s, f)
    if f.data["n"] > 0 and units:
        _remove(s, f, units[0])
        return
    if f.data["n"] > 0 and f.data["combat"]:
        _lone_gladiator_loss(s, f)
    s.stack.pop()
    if f.data["combat"]:
        _captures_after_loss(s, f)


def _remove(s: ChampsState, f: Frame, u: Unit) -> None:
    from arbitre.games.champs.logic import remove_unit

    remove_unit(
        s,
        u,
        "champs.why.trap" if not f.data["combat"] else "champs.why.combat",
        "CB-19" if not f.data["combat"] else "CB-59",
    )
    f.data["n"] -= 1
    if f.data["n"] <= 0 or not loss_candidates(s, f):
        f.data["n"] = 0


def _lone_gladiator_loss(s: ChampsState, f: Frame) -> None:
    """AMB-CB-20g: a lone Gladiator who loses is the unit removed, hence captured."""
    d = f.data
    if d["side"] != PLAYERS:
        return
    if d["role"] == "defender" and not s.rules.gladiator_lone_loss_captures:
        return  # he retreats instead; captured only if he cannot (handled after losses)
    glads = [h for h in heroes_at(s, d["cell"]) if h.skill == "gladiateur"]
    if glads:
        capture(s, glads[0])
        d["n"] = 0


def _captures_after_loss(s: ChampsState, f: Frame) -> None:
    """AMB-CB-20i: heroes left with no unit after a lost combat are captured (CB-66)."""
    d = f.data
    if d["side"] != PLAYERS or s.rules.capture_only_if_no_retreat:
        return
    if any(u.cell == d["cell"] and u.side == PLAYERS for u in s.units.values()):
        return
    for h in heroes_at(s, d["cell"]):
        if h.skill != "gladiateur":
            capture(s, h)


# --- retreat (CB-60, CB-46, CB-23) ----------------------------------------------------------


def _retreat_items(s: ChampsState, f: Frame) -> tuple[list[Unit], list[Hero]]:
    return troop(s, f.data["src"], f.data["side"])


def decide_retreat(s: ChampsState, f: Frame) -> Decision | None:
    d = f.data
    units, heroes = _retreat_items(s, f)
    if not units and not heroes:
        return None
    cells = retreat_cells(s, d["att"], d["src"], d["side"])
    if not cells:
        return None
    split = (
        retreat_cells(s, d["att"], d["src"], d["side"], any_adjacent=True)
        if s.rules.retreat_any_adjacent
        else cells
    )
    lbl = s.bf.label
    opts = [Option(f"all:{lbl(c)}", Msg("champs.opt.retreat_all", {"cell": lbl(c)})) for c in cells]
    if len(units) + len(heroes) > 1 and len(split) > 1:
        tokens = [*distinct_units(units), *(f"h{h.seat}" for h in heroes)]
        for t in tokens:
            what = (
                f"champs.hero.{s.heroes[int(t[1:])].skill}"
                if t.startswith("h")
                else f"champs.type.{t.rstrip('*')}"
            )
            for c in split:
                opts.append(
                    Option(
                        f"one:{t}:{lbl(c)}",
                        Msg("champs.opt.retreat_one", {"what": what, "cell": lbl(c)}),
                    )
                )
    if len(opts) == 1:
        return None
    return Decision(
        f.seat,
        "champs.retreat",
        tuple(opts),
        Msg("champs.q.retreat", {"cell": lbl(d["src"])}),
        ("CB-60", "CB-46", "AMB-CB-6", "AMB-CB-8"),
    )


def auto_retreat(s: ChampsState, f: Frame) -> None:
    d = f.data
    units, heroes = _retreat_items(s, f)
    cells = retreat_cells(s, d["att"], d["src"], d["side"])
    if (units or heroes) and cells:
        _retreat_to(s, f, units, heroes, cells[0], last=True)
        return
    s.stack.pop()
    if (units or heroes) and not cells:
        for h in heroes:
            capture(s, h)  # nowhere left to go (only reachable with split retreats)


def choose_retreat(s: ChampsState, f: Frame, key: str) -> None:
    units, heroes = _retreat_items(s, f)
    parts = key.split(":")
    cell = s.bf.parse(parts[-1])
    assert cell is not None
    if parts[0] == "all":
        _retreat_to(s, f, units, heroes, cell, last=True)
        return
    token = parts[1]
    if token.startswith("h"):
        _retreat_to(s, f, [], [h for h in heroes if h.seat == int(token[1:])], cell, last=False)
    else:
        _retreat_to(s, f, [distinct_units(units)[token]], [], cell, last=False)


def _retreat_to(
    s: ChampsState, f: Frame, units: list[Unit], heroes: list[Hero], cell: int, last: bool
) -> None:
    d = f.data
    for u in units:
        u.cell = cell
    for h in heroes:
        h.cell = cell
    s.occ = None
    s.log.append(
        Msg(
            "champs.ev.retreated",
            {"n": len(units) + len(heroes), "cell": s.bf.label(cell)},
            "CB-60",
        )
    )
    left_units, left_heroes = _retreat_items(s, f)
    if last or (not left_units and not left_heroes):
        s.stack.pop()
    push_overflow(s, cell, d["side"])
    enter(s, units, cell, d["side"], True)  # CB-23: retreating onto an enemy trap springs it


# --- traps (CB-18, CB-19, CB-21) -----------------------------------------------------------


def auto_trap(s: ChampsState, f: Frame) -> None:
    """The side that sprang the trap rolls 1D6 and loses half, rounded down (CB-19)."""
    d = f.data
    s.stack.pop()
    cell = d["cell"]
    alive = [uid for uid in d["uids"] if uid in s.units and s.units[uid].cell == cell]
    if cell not in s.traps or not alive:
        return
    roll = s.roll(6)
    lost = min(roll // 2, len(alive))
    if lost > 0 or s.rules.trap_zero_consumes:
        del s.traps[cell]  # CB-21: single use
        s.trap_owner.pop(cell, None)
    side = s.units[alive[0]].side
    s.log.append(
        Msg("champs.ev.trap", {"cell": s.bf.label(cell), "roll": roll, "n": lost}, "CB-19")
    )
    if lost:
        s.stack.append(
            Frame(
                "loss",
                controller(s, cell, side),
                {
                    "cell": cell,
                    "side": side,
                    "n": lost,
                    "only": alive,
                    "combat": False,
                    "role": "trap",
                },
            )
        )


# --- overflow (CB-8, CB-44, AMB-CB-23) ------------------------------------------------------


def _overflow_targets(s: ChampsState, f: Frame, size: int) -> list[int]:
    from arbitre.games.champs.logic import load
    from arbitre.games.champs.troops import CAP

    occ = occupancy(s)
    out = []
    for n in s.geo.neighbours[f.data["cell"]]:
        if n in s.bf.obstacles or enemy_at(s, n, f.data["side"], occ):
            continue
        if load(occ.get(n, [])) + size > CAP:
            continue  # an allied cell only within its own cap: no cascade
        out.append(n)
    return out


def decide_overflow(s: ChampsState, f: Frame) -> Decision | None:
    from arbitre.games.champs.logic import load
    from arbitre.games.champs.troops import CAP

    units = [u for u in s.units.values() if u.cell == f.data["cell"] and u.side == f.data["side"]]
    if load(units) <= CAP:
        return None
    lbl = s.bf.label
    opts = []
    for token, u in distinct_units(units).items():
        name = f"champs.type.{TYPES[u.kind].id}"
        for n in _overflow_targets(s, f, TYPES[u.kind].size):
            opts.append(
                Option(
                    f"out:{token}:{lbl(n)}",
                    Msg("champs.opt.overflow_out", {"what": name, "cell": lbl(n)}),
                )
            )
        opts.append(Option(f"elim:{token}", Msg("champs.opt.overflow_elim", {"what": name})))
    return Decision(
        f.seat,
        "champs.overflow",
        tuple(opts),
        Msg("champs.q.overflow", {"cell": lbl(f.data["cell"]), "load": load(units)}),
        ("CB-6", "CB-8", "CB-44", "AMB-CB-23"),
    )


def choose_overflow(s: ChampsState, f: Frame, key: str) -> None:
    from arbitre.games.champs.logic import remove_unit

    parts = key.split(":")
    units = [u for u in s.units.values() if u.cell == f.data["cell"] and u.side == f.data["side"]]
    u = distinct_units(units)[parts[1]]
    if parts[0] == "elim":
        remove_unit(s, u, "champs.why.overflow", "CB-8")
        return
    cell = s.bf.parse(parts[2])
    assert cell is not None
    u.cell = cell
    s.occ = None
    s.log.append(
        Msg(
            "champs.ev.overflow_out",
            {"type": f"champs.type.{TYPES[u.kind].id}", "cell": parts[2]},
            "CB-8",
        )
    )
    enter(s, [u], cell, f.data["side"], True)


def auto_overflow(s: ChampsState, f: Frame) -> None:
    s.stack.pop()
