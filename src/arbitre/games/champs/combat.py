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
    troop,
)
from arbitre.games.champs.losses import loss_frame
from arbitre.games.champs.retreat import retreat_cells
from arbitre.games.champs.skills import choose_skill, decide_skill
from arbitre.games.champs.state import MJ, ChampsState, Frame, Hero, Unit
from arbitre.games.champs.support import consent_asks, decide_consent, decide_support
from arbitre.games.champs.surprise import SURPRISES
from arbitre.games.champs.troops import CATAPULTE


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
                "dsupn": 0,
                "dlone": False,
                "skills": [],
                "win": None,
                "again": 0,
                "take": None,
            },
        )
    )


# --- the stages ------------------------------------------------------------------------


def decide_combat(s: ChampsState, f: Frame) -> Decision | None:
    stage = f.data["stage"]
    if stage == "support":
        return decide_support(s, f)
    if stage == "consent":
        return decide_consent(s, f)
    if stage == "skills":
        return decide_skill(s, f)
    if stage == "reattack":
        return Decision(
            f.seat,
            "champs.reattack",
            (Option("again", Msg("champs.opt.again")), Option("stop", Msg("champs.opt.stop"))),
            Msg("champs.q.reattack", {"dest": s.bf.label(f.data["tgt"])}),
            ("CB-61", "AMB-CB-14"),
            private=False,
        )
    if stage == "advance":
        return _decide_advance(s, f)
    return None


def choose_combat(s: ChampsState, f: Frame, key: str) -> None:
    d = f.data
    stage = d["stage"]
    if stage == "support":
        if key == "go":
            d["ask"] = consent_asks(s, f)
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
        choose_skill(s, f, key)
    elif stage == "reattack":
        if key == "again":
            d["again"] += 1
            d.update(stage="support", sup=[], ad=[], dd=[], asup=0, dsup=[], dsupn=0, win=None)
            s.log.append(Msg("champs.ev.reattack", {"dest": s.bf.label(d["tgt"])}, "CB-61"))
        else:
            d["stage"] = "done"
    elif stage == "advance":
        _choose_advance(s, f, key)


def auto_combat(s: ChampsState, f: Frame) -> None:
    d = f.data
    stage = d["stage"]
    if stage == "support":
        d["ask"] = consent_asks(s, f)
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


def _roll(s: ChampsState, f: Frame) -> None:
    """Both troops roll at once (CB-55); supporters add 1 die each (CB-68)."""
    d, r = f.data, s.rules
    aunits, aheroes = troop(s, d["att"], d["aside"])
    dunits, dheroes = troop(s, d["tgt"], d["dside"])
    if d["ranged"]:
        if d["again"] and d.get("shooters"):
            # AMB-CB-15h alternative (catapult.reattack=true): the re-attack fires again
            # "without reloading", with the Catapults that fired the first shot.
            aunits = [u for u in aunits if u.uid in d["shooters"]]
        else:
            aunits = [u for u in aunits if u.kind == CATAPULTE and _ready(s, u)]
            d["shooters"] = [u.uid for u in aunits]
    # AMB-CB-14 alternative (reattack.skills=false): no hero skill in a re-attack, the
    # Warrior's and Gladiator's added dice included (CB-48, CB-52).
    skills = not d["again"] or r.reattack_skills
    # unit_dice counts loaded Catapults when firing; a re-attack's shooters are unloaded
    n_att = unit_dice(r, aunits, d["ranged"] and not d["again"]) + hero_dice(
        r, aunits, aheroes, skills
    )
    n_sup = len(d["sup"])
    if r.skill_when_supporting and skills:
        for c in d["sup"]:
            su, sh = troop(s, c, d["aside"])
            n_sup += hero_dice(r, su, sh) if su else 0
    n_def = unit_dice(r, dunits, False) + hero_dice(r, dunits, dheroes, skills)
    if r.defender_support:
        d["dsup"] = [
            n for n in s.geo.neighbours[d["att"]] if n != d["tgt"] and troop(s, n, d["dside"])[0]
        ]
        n_def += len(d["dsup"])
        d["dsupn"] = len(d["dsup"])  # the defender's support dice close its pool
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
    skills_: list[list[Any]] = []
    if skills:
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
                    skills_.append([h.seat, role, h.skill])
    d["skills"] = skills_
    d["stage"] = "skills" if skills_ else "resolve"


def _ready(s: ChampsState, u: Unit) -> bool:
    from arbitre.games.champs.activation import ready

    return ready(s, u)


def _roll_dice(s: ChampsState, n: int) -> list[int]:
    return [s.roll(s.rules.sides) for _ in range(n)]


def _fmt(dice: list[int]) -> str:
    return "[" + ",".join(map(str, dice)) + "]" if dice else "—"


# --- outcome: losses, retreat, re-attack, advance -----------------------------------------


def _resolve(s: ChampsState, f: Frame) -> None:
    d, r = f.data, s.rules
    dunits, dheroes = troop(s, d["tgt"], d["dside"])
    auto = not dunits and not any(h.skill == "gladiateur" for h in dheroes)
    d["dlone"] = not dunits  # heroes alone on the attacked cell (CB-51, CB-53)
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
            s.stack.append(loss_frame(s, d["tgt"], d["dside"], "defender"))
        for c in d["dsup"]:
            s.stack.append(loss_frame(s, c, d["dside"], "supporter"))
    elif not (d["ranged"] and r.catapult_one_sided):
        s.stack.append(loss_frame(s, d["att"], d["aside"], "attacker"))
        for c in d["sup"]:
            s.stack.append(loss_frame(s, c, d["aside"], "supporter"))  # CB-69


def _lone_heroes_lose(s: ChampsState, f: Frame) -> None:
    """CB-53: a lone hero does not fight; he is captured unless he may retreat (AMB-CB-20i)."""
    if s.rules.capture_only_if_no_retreat:
        return
    for h in heroes_at(s, f.data["tgt"]):
        capture(s, h)


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
    # AMB-CB-20g alternative: a lone Gladiator who lost as the defender retreats instead of
    # being removed, and is captured only if he cannot.
    if not units and d.get("dlone") and not s.rules.gladiator_lone_loss_captures:
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
        private=False,
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
