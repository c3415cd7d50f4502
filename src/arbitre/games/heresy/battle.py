"""The `battle` frame (HH-25.1, HH-26.1..HH-30.13): joining, preparing, the six steps of
each iteration, the end of the battle and the advance. Stages live in `f.data["stage"]`:
target, origin, fly, engage, ability, look (battle_look), prepare, first, play, effect,
counter, free, damage, shields, assign, next, end, advance (plus `pick` for card effects
and `rout` for routing units). Heroes' abilities come in at their FAQ steps (hero_abilities).
"""

from __future__ import annotations

from functools import lru_cache

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy import (  # noqa: F401  (they register effects and texts)
    battle_effects,
    battle_look,
    combat_effects,
    joining,
    messages_battle,
)
from arbitre.games.heresy import combat_cards as cc
from arbitre.games.heresy import damage as dmg
from arbitre.games.heresy import hero_abilities as ha
from arbitre.games.heresy.board import add_unit, hero_seats, units_of
from arbitre.games.heresy.opts import new_decision, new_msg
from arbitre.games.heresy.state import ROUT, Frame, HeresyState
from arbitre.games.heresy.strategic import distinct

DONE = Option("done", Msg("engine.done"))


@lru_cache(maxsize=4096)  # options are immutable: built once per key (speed)
def _opt(key: str) -> Option:
    """A battle option and its text: `kind:value` keys name a zone, unit, Hero or card."""
    if key == "done":
        return DONE
    kind, _, rest = key.partition(":")
    if kind in ("target", "origin", "to", "retreat") and rest:
        return Option(key, Msg(f"heresy.opt.battle_{kind}", {"zone": rest}))
    if kind == "fly":
        zone, text, dest = rest.split(":")
        return Option(key, Msg("heresy.opt.battle_fly", {"what": f"{zone}:{text}", "zone": dest}))
    if kind == "unit":
        return Option(key, Msg("heresy.opt.battle_unit", {"unit": rest}))
    if kind == "hero":
        return Option(key, Msg("heresy.opt.battle_hero", {"what": rest}))
    if kind == "card":  # the values tell two cards (a normal and a Hero copy) apart
        return Option(key, Msg("heresy.opt.battle_card", {"card": rest, "stats": rest}))
    if kind == "effect":
        return Option(
            key, Msg("heresy.opt.battle_effect", {"card": rest, "copy": rest, "effect": rest})
        )
    if kind == "retreat":
        return Option(key, Msg("heresy.opt.battle_retreat_attacker"))
    if kind == "back":  # Attrition: which backs to draw at random from (HH-26.7)
        return Option(key, Msg("heresy.opt.battle_back", {"back": f"heresy.back.{rest}"}))
    if kind == "khan":
        return Option(key, Msg("heresy.opt.battle_khan", {"zone": rest}))
    if kind == "ability":
        return Option(key, Msg("heresy.opt.battle_ability", {"what": rest}))
    return Option(key, Msg(f"heresy.opt.battle_{kind}" if not rest else f"heresy.opt.{rest}"))


def _ask(
    seat: int,
    kind: str,
    keys: list[str],
    rules: tuple[str, ...],
    *extra: Option,
    args: dict[str, object] | None = None,
) -> Decision:
    q = _question(kind) if args is None else new_msg((f"heresy.q.battle_{kind}", dict(args), None))
    return new_decision(
        (seat, f"heresy.battle.{kind}", (*map(_opt, keys), *extra), q, rules, False)
    )


@lru_cache(maxsize=64)
def _question(kind: str) -> Msg:
    """A battle question without arguments, built once (speed; `Msg` is immutable)."""
    return Msg(f"heresy.q.battle_{kind}", {})


def _side_gone(s: HeresyState, f: Frame) -> bool:
    """AMB-3: a side with no engaged unit and no engaged Hero left ends the battle.
    Sides as bits, 1 per seat (speed: asked before every step of a battle)."""
    eng = f.data["eng"]  # [seat, zone, label]
    if eng and eng[0][0] != eng[-1][0]:  # speed: both sides seen at the two ends
        return False
    sides = 0
    for entry in eng:
        sides |= 1 << entry[0]
    if sides != 3:
        seat_of = hero_seats(s)
        for h in f.data["heroes"]:
            sides |= 1 << seat_of[h]
    return sides != 3


FIGHTING = (
    "first",
    "play",
    "effect",
    "counter",
    "free",
    "damage",
    "shields",
    "assign",
    "pick",
    "next",
)


# stages that never ask anything (none of decide_battle's questions below names them)
SILENT = frozenset({"next", "damage", "prepare", "joined", "gone", "end"})


def decide_battle(s: HeresyState, f: Frame) -> Decision | None:
    d = f.data
    st = d["stage"]
    if st in FIGHTING and not d["routs"] and (d["ended"] or _side_gone(s, f)):
        d["stage"] = "end"
        return None
    if d["routs"] and st not in ("end", "advance"):
        seat, zone, text = d["routs"][0]
        if d.get("blood", -1) == 1 - seat:
            return None  # eliminated (Du Sang…)
        if seat == d["att"] and not d["coex"]:
            if not s.rules.faq or s.marks[seat].get(zone) == ROUT:
                return None  # stays in place (HH-31.6), or eliminated (AMB-12)
            # FAQ v1.0: "when an effect routs your units you may eliminate them instead"
            args: dict[str, object] = {"unit": f"{zone}:{text}"}
            return _ask(
                seat, "rout_stay", [], ("HH-31.6",), _opt("stay"), _opt("eliminate"), args=args
            )
        zones = dmg.rout_options(s, f, seat, text)
        return _ask(
            seat,
            "rout",
            [f"to:{z}" for z in zones],
            ("HH-31.5",),
            _opt("eliminate"),
            args={"unit": f"{zone}:{text}"},
        )
    if st in SILENT:
        return None  # speed: a step that never asks (auto_battle runs it)
    att, active = d["att"], d["active"]
    passive = 1 - active
    if st == "target":
        return _ask(
            att,
            "target",
            [f"target:{z}" for z in joining.targets(s, f)],
            ("HH-25.3",),
            _opt("ignore"),
        )
    if st == "origin":
        keys = [f"origin:{z}" for z in joining.origin_zones(s, f, d["target"])]
        if not keys or not joining.room_for_origin(f):
            return None
        extra = (DONE,) if d["origins"] else ()
        return _ask(att, "origin", keys, ("HH-25.4", "HH-25.5"), *extra)
    if st == "fly":
        keys = joining.fly_options(s, f) + ha.khan_options(s, f)
        return _ask(att, "fly", keys, ("HH-25.8", "HH-25.9"), DONE) if keys else None
    if st == "ability":  # HH-32.5, EX-32.2: Magnus may decline his bombardment
        if not ha.magnus_may(s, f):
            return None
        return _ask(att, "ability", [f"ability:{ha.MAGNUS}"], ("HH-32.5",), _opt("decline"))
    if st == "look":
        return battle_look.decide(s, f)
    if st == "hero_draw":  # AMB-36: drawing the Hero Combat cards is optional
        who = cc.hero_draw_pending(s, f)
        if who is None:
            return None
        rules = ("HH-26.4", "HH-32.7", "AMB-36")
        return _ask(who, "hero_draw", ["draw_heroes", "no_heroes"], rules)
    if st == "engage":
        keys = joining.engage_options(s, f)
        return _ask(att, "engage", keys, ("HH-25.12",), DONE) if keys else None
    if st == "first":
        return _ask(
            d["def"],
            "first",
            [],
            ("HH-26.9",),
            Option("first:attacker", Msg("heresy.opt.attacker", {"seat": att})),
            Option("first:defender", Msg("heresy.opt.defender", {"seat": d["def"]})),
        )
    if st == "play":
        hand = [c for c in s.combat_hands[active] if c not in d["played"]]
        if not d["played"] and not hand:
            return None
        keys = [f"card:{c}" for c in distinct(hand)] if len(d["played"]) < d["it"] else []
        if not d["played"]:
            keys.append("pass")
            if dmg.can_retreat(s, f, active):
                keys += (
                    ["retreat"]
                    if active == att
                    else [f"retreat:{z}" for z in dmg.retreat_zones(s, f, active)]
                )
        elif not keys:
            return None
        else:
            keys.append("done")
        return _ask(
            active,
            "play",
            keys,
            ("HH-26.11", "HH-26.12", "HH-26.13"),
            args={"it": d["it"], "iters": d["iters"], "n": d["it"] - len(d["played"])},
        )
    if st == "effect":
        keys = _effects(s, f, free=False)
        return (
            _ask(active, "effect", keys, ("HH-26.14", "HH-26.15"), _opt("none")) if keys else None
        )
    if st == "counter":
        if not s.combat_hands[passive]:
            return None
        # Asked whenever the hand is not empty (its size is public), so the opponent cannot
        # learn from the question whether it holds shields; only shield cards can pay.
        keys = _shield_cards(s, passive)
        need = (cc.card(s, d["eff"]).counter or 0) - d["paid"]
        return _ask(
            passive,
            "counter",
            keys,
            ("HH-26.16",),
            _opt("accept"),
            args={"card": d["eff"], "copy": d["eff"], "n": need},
        )
    if st == "free":
        keys = _effects(s, f, free=True)
        return _ask(active, "free", keys, ("HH-28.2",), DONE) if keys else None
    if st == "pick":
        p = d["pick"]
        keys = cc.pick_options(s, f) if p["left"] > 0 else []
        if not keys:
            return None
        extra = (DONE,) if p["what"] == "terrify" else ()
        return _ask(
            p["seat"], "pick", keys, ("HH-27.3",), *extra, args={"card": d["eff"], "copy": d["eff"]}
        )
    if st == "shields":
        if d["dmg"] <= 0 or d["shielded"] >= d["it"] or not s.combat_hands[passive]:
            return None
        keys = _shield_cards(s, passive)
        return _ask(passive, "shields", keys, ("HH-28.4", "HH-29.1"), DONE, args={"n": d["dmg"]})
    if st == "assign":
        keys = dmg.damage_targets(s, f)
        if not keys or d["dmg"] <= 0:
            return None
        return _ask(active, "assign", keys, ("HH-29.3", "HH-29.4"), args={"n": d["dmg"]})
    if st == "advance":
        keys = dmg.advance_options(s, f)
        return _ask(att, "advance", keys, ("HH-30.11",), DONE) if keys else None
    return None


def _effects(s: HeresyState, f: Frame, free: bool) -> list[str]:
    """HH-26.14, HH-28.2: one normal effect, any free effects, conditions met."""
    d = f.data
    if not free and d["effect_done"]:
        return []
    out = []
    for c in distinct([c for c in d["played"] if c not in d["used"]]):
        if bool(cc.card(s, c).free) != free:
            continue
        if cc.usable(s, f, d["active"], c):
            out.append(f"effect:{c}")
    return out


def choose_battle(s: HeresyState, f: Frame, key: str) -> None:
    d = f.data
    st = d["stage"]
    if d["routs"] and st not in ("end", "advance"):
        seat, zone, text = d["routs"].pop(0)
        if key == "eliminate":  # the defender's choice (HH-31.5), anyone's with the FAQ
            dmg.kill_unit(s, f, seat, zone, text)
        else:
            dmg.rout_unit(s, f, seat, zone, text, key[3:] if key.startswith("to:") else "")
        return
    if st == "target":
        if key == "ignore":
            d["stage"] = "gone"
            return
        joining.set_target(s, f, key[7:])
        d["stage"] = "origin"
    elif st == "origin":
        if key == "done":
            d["stage"] = "fly"
        else:
            d["origins"].append(key[7:])
    elif st == "fly":
        if key == "done":
            d["stage"] = "engage"
        elif key.startswith("khan:"):
            ha.khan_join(s, f, key)
        else:
            joining.fly(s, f, key)
    elif st == "ability":
        d["stage"] = battle_look.next_stage(f)
        if key != "decline":
            ha.magnus_use(s, f)
    elif st == "look":
        battle_look.choose(s, f, key)
    elif st == "hero_draw":
        cc.answer_hero_draw(s, f, key == "draw_heroes")
    elif st == "engage":
        if key == "done":
            _joined(s, f)
        else:
            joining.engage(f, key)
    elif st == "first":
        d["active"] = d["att"] if key == "first:attacker" else d["def"]
        d["stage"] = "play"
    elif st == "play":
        _choose_play(s, f, key)
    elif st == "effect":
        if key == "none":
            d["stage"] = "free"
        else:
            _start_effect(s, f, key[7:], normal=True)
    elif st == "counter":
        _choose_counter(s, f, key)
    elif st == "free":
        if key == "done":
            d["stage"] = "damage"
        else:
            _start_effect(s, f, key[7:], normal=False)
    elif st == "pick":
        if key == "done":
            d["pick"]["left"] = 0
        else:
            cc.apply_pick(s, f, key)
    elif st == "shields":
        if key == "done":
            d["shielded"] = d["it"]
        else:
            c = key[5:]
            s.combat_hands[1 - d["active"]].remove(c)
            cc.discard(s, 1 - d["active"], c)
            n = cc.card(s, c).shields or 0
            d["dmg"] = max(0, d["dmg"] - n)
            d["shielded"] += 1
            s.log.append(
                Msg("heresy.log.shields", {"seat": 1 - d["active"], "card": c, "n": n}, "HH-28.4")
            )
    elif st == "assign":
        d["dmg"] -= 1
        if key.startswith("hero:"):
            dmg.damage_hero(s, f, key[5:], 1)
        else:
            _, zone, text = key.split(":", 2)
            dmg.damage_unit(s, f, 1 - d["active"], zone, text, 1)
    elif st == "advance":
        _advance(s, f, key)


def _choose_play(s: HeresyState, f: Frame, key: str) -> None:
    d = f.data
    if key == "pass":
        s.log.append(new_msg(("heresy.log.pass", {"seat": d["active"]}, "HH-26.12")))
        d["stage"] = "next"
    elif key.startswith("retreat"):
        d["retreated"] = d["active"]
        dmg.retreat(s, f, d["active"], key[8:])
        d["stage"] = "end"
    elif key == "done":
        d["stage"] = "effect"
    else:
        c = key[5:]
        s.combat_hands[d["active"]].remove(c)
        d["played"].append(c)
        s.log.append(
            new_msg(("heresy.log.played", {"seat": d["active"], "card": c, "copy": c}, "HH-26.11"))
        )


def _start_effect(s: HeresyState, f: Frame, c: str, normal: bool) -> None:
    d = f.data
    d["used"].append(c)
    if normal:
        d["effect_done"] = True
    d["eff"], d["paid"] = c, 0
    if cc.card(s, c).counter:
        d["stage"] = "counter"
    else:
        _apply(s, f, c)


def _apply(s: HeresyState, f: Frame, c: str) -> None:
    d = f.data
    s.log.append(new_msg(("heresy.log.effect", {"card": c, "copy": c}, "HH-28.1")))
    d["stage"] = "free"
    cc.effect_of(s, c)(s, f, d["active"])
    if d["pick"] is not None:
        d["stage"] = "pick"


def _shield_cards(s: HeresyState, seat: int) -> list[str]:
    """Cards of `seat`'s hand that carry shields: only they can pay (HH-26.16, HH-28.4)."""
    hand = distinct(s.combat_hands[seat])
    return [f"card:{c}" for c in hand if (cc.card(s, c).shields or 0) > 0]


def _choose_counter(s: HeresyState, f: Frame, key: str) -> None:
    d = f.data
    passive = 1 - d["active"]
    if key == "accept":
        _apply(s, f, d["eff"])
        return
    c = key[5:]
    s.combat_hands[passive].remove(c)
    cc.discard(s, passive, c)
    n = cc.card(s, c).shields or 0
    d["paid"] += n
    s.log.append(
        new_msg(("heresy.log.counter_paid", {"seat": passive, "card": c, "n": n}, "HH-26.16"))
    )
    if d["paid"] >= (cc.card(s, d["eff"]).counter or 0):
        s.log.append(
            new_msg(("heresy.log.countered", {"card": d["eff"], "copy": d["eff"]}, "HH-26.16"))
        )
        d["stage"] = "free"


def _joined(s: HeresyState, f: Frame) -> None:
    """HH-21.8, EX-21.3: the attacker's markers on the target and every origin zone."""
    d = f.data
    for zone in [d["target"], *d["origins"]]:
        dmg.activate_zone(s, d["att"], zone)
    ha.on_joined(s, f)
    d["stage"] = "ability"


def _next(s: HeresyState, f: Frame) -> None:
    """Step 6 (HH-29.5) and the end conditions of HH-30.9."""
    d = f.data
    for c in d["played"]:
        cc.discard(s, d["active"], c)
    d.update(played=[], used=[], pick=None, effect_done=False, it=d["it"] + 1)
    d["active"] = 1 - d["active"]
    if d["it"] > d["iters"] or not any(s.combat_hands):
        d["stage"] = "end"
    else:
        d["stage"] = "play"


def _end(s: HeresyState, f: Frame) -> None:
    """HH-30.10, HH-30.12: unused cards are discarded; then the advance (HH-30.11)."""
    d = f.data
    for c in d["played"]:
        cc.discard(s, d["active"], c)
    d["played"] = []
    for seat in (0, 1):
        for c in s.combat_hands[seat]:
            cc.discard(s, seat, c)
        s.combat_hands[seat] = []
    # HH-30.11: defending units still in the target (Rogal Dorn's doomed Fists count: FAQ)
    d["held_target"] = bool(units_of(s, d["target"], d["def"]))
    if d.get("dorn"):
        dmg.eliminate_held(s, f)
    s.log.append(new_msg(("heresy.log.battle_end", {"zone": d["target"]}, "HH-30.9")))
    d["stage"] = "advance"


def _advance(s: HeresyState, f: Frame, key: str) -> None:
    d = f.data
    if key == "done":
        d["stage"] = "gone"
        return
    if key.startswith("hero:"):
        s.heroes[key[5:]] = d["target"]
        d["heroes"].remove(key[5:])
    else:
        _, zone, text = key.split(":", 2)
        add_unit(s, d["target"], dmg.take(s, zone, d["att"], text))
        dmg.disengage(f, d["att"], zone, text)
    s.log.append(new_msg(("heresy.log.advanced", {"zone": d["target"]}, "HH-30.11")))


def auto_battle(s: HeresyState, f: Frame) -> None:
    d = f.data
    st = d["stage"]
    if d["routs"] and st not in ("end", "advance"):
        seat, zone, text = d["routs"].pop(0)
        dmg.rout_unit(s, f, seat, zone, text, "")
    elif st in ("target", "gone", "advance"):
        s.stack.pop()  # no legal target, or the battle is over
    elif st == "origin":
        d["stage"] = "fly"
    elif st == "fly":
        d["stage"] = "engage"
    elif st == "engage":
        _joined(s, f)
    elif st == "ability":
        d["stage"] = battle_look.next_stage(f)
    elif st == "look":
        battle_look.auto(s, f)
    elif st == "joined":  # a coexistence battle: everything there is engaged (HH-25.15)
        ha.on_joined(s, f)
        d["stage"] = "prepare"
    elif st in ("prepare", "hero_draw"):
        d["stage"] = "prepare"
        cc.prepare(s, f)
    elif st == "play":
        d["stage"] = "next" if not d["played"] else "effect"
    elif st in ("effect", "counter"):
        if st == "counter":
            _apply(s, f, d["eff"])
        else:
            d["stage"] = "free"
    elif st == "free":
        d["stage"] = "damage"
    elif st == "pick":
        d["pick"] = None
        d["stage"] = "free"
    elif st == "damage":
        total = sum(cc.card(s, c).attack or 0 for c in d["played"])
        total += ha.damage_bonus(s, f)
        if d["active"] == d["att"]:
            total -= joining.fortification(s, f)
        d["dmg"], d["shielded"] = max(0, total), 0
        s.log.append(new_msg(("heresy.log.normal_damage", {"n": d["dmg"]}, "HH-28.3")))
        d["stage"] = "shields"
    elif st == "shields":
        d["stage"] = "assign"
    elif st == "assign":
        d["stage"] = "next"
    elif st == "next":
        _next(s, f)
    elif st == "end":
        _end(s, f)
