"""Bombardments (HH-35.2..HH-36.9, HH-34.4, HH-13.9..HH-13.11): the shared Bombardment
deck (HH-12.15, HH-39.5), orbital bombardments (precise or saturation; the breach first,
then the fortification reduction; damage to enemy units, then to the bombarder's own,
never to Heroes), choosing among several cards (HH-36.1) and Thunderhawk bombardments
made by a Combat card inside a battle (HH-36.2..HH-36.9; AMB-2, AMB-14, AMB-15, AMB-26).

Frame `bombard` (seat: the bombarding player), data:
  kind "orbital" | "thunderhawk"; step "zone" → "mode" → "draw" → "choose" → "breach" →
  "damage"; zones (allowed, or damaged for a Thunderhawk); zone; mode; draw (cards to
  draw); drawn; card; dmg (points left); left (setup: bombardments still allowed);
  setup; rule. Keys: `zone:<z>`, `mode:precise|saturation`, `card:<id>`, `edge:<zone>`,
  `unit:<zone>:<label>`, `hero:<id>`, `done` (setup only: stop bombarding).
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy import messages_fire  # noqa: F401  (registers the texts)
from arbitre.games.heresy.board import eliminate, hero_side, neighbours, terra_zones
from arbitre.games.heresy.content.cards import BombardmentCard, Orbital
from arbitre.games.heresy.fortification import any_breach, breach, can_breach, fortified
from arbitre.games.heresy.opts import fixed, keyed_all, new_decision, new_msg
from arbitre.games.heresy.state import Frame, HeresyState, Unit, label

THUNDERHAWK = "chaos_thunderhawk"
DONE = Option("done", Msg("engine.done"))

# --- the deck ------------------------------------------------------------------------------


def build_deck(s: HeresyState) -> None:
    """HH-12.15: every Bombardment card, shuffled, face down."""
    s.bombard_deck = [c.id for c in s.content.bombardment]
    s.bombard_discard = []
    s.rng.shuffle(s.bombard_deck)


def draw(s: HeresyState) -> str | None:
    """The top card; an empty deck takes its shuffled discard pile (HH-39.5, HH-39.7).
    The caller discards it once used (`discard`)."""
    if not s.bombard_deck:
        if not s.bombard_discard:
            return None
        s.bombard_deck = s.bombard_discard
        s.bombard_discard = []
        s.rng.shuffle(s.bombard_deck)
        s.log.append(new_msg(("heresy.log.bombard_reshuffled", {}, "HH-39.5")))
    return s.bombard_deck.pop(0)


def discard(s: HeresyState, card: str) -> None:
    """HH-35.12, HH-36.9, HH-39.2: face up on the Bombardment discard pile."""
    s.bombard_discard.append(card)


def card_of(s: HeresyState, card: str) -> BombardmentCard:
    return s.content.bombardment[card]


def chaos_star(s: HeresyState, card: str) -> bool:
    """HH-5.6: the card's symbol; a card whose symbol is unknown counts as an Aquila."""
    return card_of(s, card).symbol == "chaos_star"


def draw_symbol(s: HeresyState) -> bool | None:
    """Draw, read the symbol (True: Chaos Star), discard (HH-13.7, HH-32.13). None when
    both the deck and its discard pile are empty."""
    card = draw(s)
    if card is None:
        return None
    discard(s, card)
    star = chaos_star(s, card)
    s.log.append(new_msg((f"heresy.log.symbol_{'chaos_star' if star else 'aquila'}", {}, "HH-5.6")))
    return star


# --- fortifications as bombardments see them (HH-34.4, HH-35.10, HH-35.11) ------------------


def reduction(s: HeresyState, zone: str) -> int:
    """HH-34.4: a force in a fortified zone removes 2 points, 1 once any of its segments is
    breached; crevasses give nothing against bombardments (HH-34.6, HH-35.13)."""
    if not fortified(s, zone):
        return 0
    return 1 if any_breach(s, zone) else 2


def breach_segments(s: HeresyState, zone: str) -> list[tuple[str, str]]:
    """Where a breach result may go (HH-35.10): `(fortified zone, neighbour)` segments that
    can still be breached (HH-33.13, HH-35.1). A zone fortified by a marker only loses its
    marker (HH-33.16): one choice. AMB-27: nothing on an unfortified zone, unless the FAQ
    ruling puts the breach on an adjacent fortification's segment."""
    zones = s.content.zones
    if zone in s.fort_markers and not zones[zone].fortified:
        return [(zone, min(neighbours(s, zone)))]
    if fortified(s, zone):
        return [(zone, n) for n in sorted(neighbours(s, zone)) if can_breach(s, zone, n)]
    if not s.rules.faq:
        return []
    return [(n, zone) for n in sorted(neighbours(s, zone)) if can_breach(s, n, zone)]


# --- damage ----------------------------------------------------------------------------------


def hurt(s: HeresyState, zone: str, seat: int, text: str, n: int, battle: Frame | None) -> None:
    """HH-30.14..HH-30.16 applied to a bombardment's point(s): damage accumulates; at its
    rank the unit is eliminated. An engaged unit keeps its place in the battle frame
    (HH-36.5: units not engaged may be hit as well)."""
    units = s.own_units(zone) if zone in s.units else []
    i = next(i for i, u in enumerate(units) if u[0] == seat and label(u) == text)
    u = units.pop(i)
    hit: Unit = (u[0], u[1], u[2], u[3] + n)
    eng = battle.data["eng"] if battle is not None else None
    was_engaged = eng is not None and [seat, zone, text] in eng
    if eng is not None and was_engaged:
        eng.remove([seat, zone, text])
    if hit[3] >= s.content.units[u[1]].rank:
        eliminate(s, hit)
        s.log.append(new_msg(("heresy.log.eliminated", {"unit": text, "zone": zone}, "HH-30.14")))
        return
    units.append(hit)
    if eng is not None and was_engaged:
        eng.append([seat, zone, label(hit)])
    s.log.append(new_msg(("heresy.log.damaged", {"unit": text, "zone": zone, "n": n}, "HH-30.15")))


def _battle(s: HeresyState) -> Frame | None:
    for f in reversed(s.stack):
        if f.kind == "battle":
            return f
    return None


def _tier(s: HeresyState, f: Frame) -> tuple[int, list[tuple[str, Unit]]]:
    """HH-35.9: the enemy's units in the zones first, then the bombarder's own."""
    zones = f.data["zones"] if f.data["kind"] == "thunderhawk" else [f.data["zone"]]
    for side in (1 - f.seat, f.seat):
        units = [(z, u) for z in zones for u in s.units.get(z, ()) if u[0] == side]
        if units:
            return side, units
    return -1, []


def _hero_targets(s: HeresyState, f: Frame) -> list[str]:
    """AMB-2 ('book' reading = FAQ v1.0 errata): once the passive side has no engaged unit
    left, Thunderhawk damage may go to its engaged Heroes (AMB-30). HH-35.4 otherwise."""
    if f.data["kind"] != "thunderhawk" or s.rules.thunderhawk_heroes != "book":
        return []
    battle = _battle(s)
    if battle is None:
        return []
    enemy = 1 - f.seat
    if any(e[0] == enemy for e in battle.data["eng"]):
        return []
    return [h for h in battle.data["heroes"] if hero_side(s, h) == enemy]


def damage_options(s: HeresyState, f: Frame) -> list[str]:
    side, units = _tier(s, f)
    keys = sorted({f"unit:{z}:{label(u)}" for z, u in units})
    heroes = [f"hero:{h}" for h in _hero_targets(s, f)]
    if side == f.seat or side == -1:  # the enemy's units are gone: Heroes may take it
        keys += heroes
    return keys


# --- starting bombardments -----------------------------------------------------------------


def orbital(
    s: HeresyState,
    seat: int,
    zones: list[str] | None = None,
    draw_n: int = 1,
    setup_left: int = 0,
    rule: str = "HH-35.6",
) -> Frame:
    """An orbital bombardment frame (HH-35.5, HH-35.6): `zones` limits the choice (None:
    every zone of Terra); `draw_n` > 1 lets the player choose among several cards
    (HH-36.1); `setup_left` > 0 is setup step 7 (HH-13.10, HH-13.11)."""
    data: dict[str, Any] = {
        "kind": "orbital",
        "step": "zone",
        "zones": zones,
        "zone": "",
        "mode": "",
        "draw": draw_n,
        "drawn": [],
        "card": "",
        "dmg": 0,
        "left": setup_left,
        "setup": setup_left > 0,
        "rule": rule,
    }
    return Frame("bombard", seat, data)


def setup_zones(s: HeresyState) -> list[str]:
    """HH-13.10 (AMB-35): setup bombardments avoid every fortified zone; like every
    orbital bombardment, they fall on Terra (reading: the Vengeful Spirit is the fleet)."""
    return [z for z in terra_zones(s) if not fortified(s, z)]


def thunderhawk_effect(s: HeresyState, f: Frame, seat: int) -> None:
    """A Combat card's Thunderhawk bombardment (HH-36.2..HH-36.4): `seat` draws the top
    card; its Thunderhawk result times the Thunderhawks `seat` has engaged hits the units
    of the target zone, or of the origin zones when `seat` is the defender (AMB-14). Meant
    as the `rain_of_death` effect of combat_cards.EFFECTS (`f` is the battle frame); the
    counter (HH-36.8) is paid before this runs."""
    d = f.data
    n = sum(1 for e in d["eng"] if e[0] == seat and e[2].split("/")[0] == THUNDERHAWK)
    zones = [d["target"]] if seat == d["att"] or d["coex"] else sorted(set(d["origins"]))
    data: dict[str, Any] = {
        "kind": "thunderhawk",
        "step": "draw",
        "zones": zones,
        "zone": d["target"],
        "mode": "",
        "draw": 1,
        "drawn": [],
        "card": "",
        "dmg": 0,
        "left": 0,
        "setup": False,
        "rule": "HH-36.3",
        "thunderhawks": n,
        "attacker": seat == d["att"],
        "coex": d["coex"],
    }
    s.stack.append(Frame("bombard", seat, data))


# --- the frame ---------------------------------------------------------------------------


def _ask(f: Frame, kind: str, opts: list[Option], args: dict[str, Any], *rules: str) -> Decision:
    q = new_msg((f"heresy.q.bombard_{kind}", args, None))
    # The zone is a step of the answer: the bombardment's events name it once it falls.
    private = kind == "zone"
    return new_decision((f.seat, f"heresy.bombard.{kind}", tuple(opts), q, rules, private))


def _result(s: HeresyState, card: str, mode: str) -> Orbital:
    c = card_of(s, card)
    return c.precise if mode == "precise" else c.saturation


def decide_bombard(s: HeresyState, f: Frame) -> Decision | None:
    d = f.data
    st = d["step"]
    if st == "zone":
        zones = d["zones"] if d["zones"] is not None else terra_zones(s)
        opts = list(keyed_all("zone", "heresy.opt.bombard_zone", "zone", tuple(zones)))
        if not opts:
            return None
        if d["setup"] or d.get("optional"):  # an order may be ignored (HH-19.12)
            opts.append(DONE)
        return _ask(f, "zone", opts, {"left": d["left"]}, "HH-35.6", "HH-13.10")
    if st == "mode":
        opts = [fixed(f"mode:{m}", f"heresy.opt.bombard_{m}") for m in ("precise", "saturation")]
        return _ask(f, "mode", opts, {"zone": d["zone"]}, "HH-35.6", "HH-36.1", "HH-41.18")
    if st == "choose":
        opts = [
            Option(
                f"card:{c}",
                Msg(f"heresy.opt.bombard_card{'_breach' if r.breach else ''}", {"n": r.damage}),
            )
            for c in d["drawn"]
            for r in (_result(s, c, d["mode"]),)
        ]
        return _ask(f, "choose", opts, {"mode": f"heresy.opt.bombard_{d['mode']}"}, "HH-36.1")
    if st == "breach":
        segs = breach_segments(s, d["zone"])
        if len(segs) < 2:
            return None
        opts = [
            Option(f"edge:{a}|{b}", Msg("heresy.opt.bombard_edge", {"zone": a, "to": b}))
            for a, b in segs
        ]
        return _ask(f, "breach", opts, {"zone": d["zone"]}, "HH-35.10")
    if st == "damage":
        if d["dmg"] <= 0:
            return None
        keys = damage_options(s, f)
        if len(keys) < 2 or _all_die(s, f):
            return None
        opts = [_target_option(k) for k in keys]
        return _ask(f, "damage", opts, {"n": d["dmg"]}, "HH-35.8", "HH-35.9", "AMB-26")
    return None


def _target_option(key: str) -> Option:
    if key.startswith("hero:"):
        return Option(key, Msg("heresy.opt.battle_hero", {"what": key[5:]}))
    _, zone, text = key.split(":", 2)
    return Option(key, Msg("heresy.opt.bombard_unit", {"unit": f"{zone}:{text}"}))


def _all_die(s: HeresyState, f: Frame) -> bool:
    """Enough points to eliminate every enemy unit of the zones: the order is moot."""
    side, units = _tier(s, f)
    if side != 1 - f.seat:
        return False
    room = sum(s.content.units[u[1]].rank - u[3] for _z, u in units)
    return int(f.data["dmg"]) >= room


def choose_bombard(s: HeresyState, f: Frame, key: str) -> None:
    d = f.data
    verb, _, rest = key.partition(":")
    if key == "done":
        s.log.append(new_msg(("heresy.log.bombard_stop", {}, "HH-13.11")))
        s.stack.pop()
    elif verb == "zone":
        d["zone"], d["step"] = rest, "mode"
    elif verb == "mode":
        d["mode"], d["step"] = rest, "draw"
        s.log.append(new_msg((f"heresy.log.bombard_{rest}", {"zone": d["zone"]}, "HH-35.6")))
    elif verb == "card":
        _keep(s, f, rest)
    elif verb == "edge":
        a, _, b = rest.partition("|")
        breach(s, a, b, "HH-35.10")
        _after_breach(s, f)
    elif verb in ("unit", "hero"):
        _point(s, f, key)


def _keep(s: HeresyState, f: Frame, card: str) -> None:
    """HH-36.1: the chosen card takes effect; the others are discarded unused."""
    d = f.data
    for c in d["drawn"]:
        if c != card:
            discard(s, c)
    d["drawn"], d["card"] = [], card
    _resolve(s, f)


def _resolve(s: HeresyState, f: Frame) -> None:
    """HH-35.7, HH-35.11, HH-36.3: read the card; the breach first, then the damage."""
    d = f.data
    c = card_of(s, d["card"])
    if d["kind"] == "thunderhawk":
        d["dmg"] = c.thunderhawk * d["thunderhawks"]
        if s.rules.thunderhawk_fortified and d["attacker"] and not d["coex"]:
            d["dmg"] = max(0, d["dmg"] - reduction(s, d["zone"]))  # AMB-15, other reading
        s.log.append(
            Msg("heresy.log.thunderhawk", {"n": d["dmg"], "per": c.thunderhawk}, "HH-36.3")
        )
        d["step"] = "damage"
        return
    r = _result(s, d["card"], d["mode"])
    if r.damage == 0 and not r.breach:
        s.log.append(new_msg(("heresy.log.bombard_nothing", {"zone": d["zone"]}, "HH-35.7")))
        _finish(s, f)
        return
    d["dmg"] = r.damage
    key = "heresy.log.bombard_result" + ("_breach" if r.breach else "")
    s.log.append(Msg(key, {"zone": d["zone"], "n": r.damage}, "HH-35.6"))
    if r.breach:
        d["step"] = "breach"
    else:
        _after_breach(s, f)


def _after_breach(s: HeresyState, f: Frame) -> None:
    """HH-34.4, HH-35.11: the fortification (breached or not by now) reduces the damage."""
    d = f.data
    cut = reduction(s, d["zone"])
    if cut and d["dmg"]:
        s.log.append(
            new_msg(("heresy.log.bombard_reduced", {"zone": d["zone"], "n": cut}, "HH-34.4"))
        )
    d["dmg"] = max(0, d["dmg"] - cut)
    d["step"] = "damage"


def _point(s: HeresyState, f: Frame, key: str) -> None:
    """One point on one target (HH-35.8); a Hero only under AMB-2's 'book' reading."""
    d = f.data
    d["dmg"] -= 1
    battle = _battle(s)
    if key.startswith("hero:"):
        from arbitre.games.heresy.damage import damage_hero

        assert battle is not None
        damage_hero(s, battle, key[5:], 1)
        return
    _, zone, text = key.split(":", 2)
    hurt(s, zone, _tier(s, f)[0], text, 1, battle)


def _finish(s: HeresyState, f: Frame) -> None:
    """HH-35.12: the card is discarded; a setup bombardment may go on (HH-13.11)."""
    d = f.data
    if d["card"]:
        discard(s, d["card"])
    if d["setup"] and d["left"] > 1:
        d.update(step="zone", zone="", mode="", card="", dmg=0, left=d["left"] - 1)
        return
    s.stack.pop()


def auto_bombard(s: HeresyState, f: Frame) -> None:
    d = f.data
    st = d["step"]
    if st == "zone":  # no zone to bombard
        s.stack.pop()
    elif st == "draw":
        for _ in range(d["draw"]):
            c = draw(s)
            if c is not None:
                d["drawn"].append(c)
        if not d["drawn"]:
            s.log.append(new_msg(("heresy.log.bombard_empty", {}, "HH-39.5")))
            s.stack.pop()
        elif len(d["drawn"]) == 1:
            _keep(s, f, d["drawn"][0])
        else:
            d["step"] = "choose"
    elif st == "breach":
        segs = breach_segments(s, d["zone"])
        if segs:
            breach(s, *segs[0], "HH-35.10")
        else:
            s.log.append(new_msg(("heresy.log.breach_none", {"zone": d["zone"]}, "AMB-27")))
        _after_breach(s, f)
    elif st == "damage":
        keys = damage_options(s, f) if d["dmg"] > 0 else []
        if not keys:
            if d["dmg"] > 0:
                s.log.append(new_msg(("heresy.log.bombard_lost", {"n": d["dmg"]}, "AMB-26")))
            _finish(s, f)
        elif _all_die(s, f):
            side, units = _tier(s, f)
            battle = _battle(s)
            for z, u in units:
                d["dmg"] -= s.content.units[u[1]].rank - u[3]
                hurt(s, z, side, label(u), s.content.units[u[1]].rank - u[3], battle)
        else:
            _point(s, f, keys[0])
