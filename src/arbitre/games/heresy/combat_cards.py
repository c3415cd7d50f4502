"""Combat and Hero Combat cards (HH-26.1..HH-28.2, HH-27.x): the decks, drawing, unit
conditions and the special-effect registry keyed by the card id of data/cards/combat.toml.

An effect is `(state, battle frame, seat) -> None`; one that needs a choice sets
`f.data["pick"]` ({"what", "seat", "left"}, `set_pick`) and `PICKS[what]` (or the picks
below) gives its options and its application. More effects live in `battle_effects`;
a card without a registered effect is a logged no-op.
"""

from __future__ import annotations

from collections.abc import Callable

from arbitre.engine.i18n import Msg
from arbitre.games.heresy import damage as dmg
from arbitre.games.heresy import victory
from arbitre.games.heresy.board import add_unit, hero_side
from arbitre.games.heresy.content.cards import CombatCard
from arbitre.games.heresy.opts import new_msg
from arbitre.games.heresy.state import ACTIVE, ROUT, SIDE_NAMES, Frame, HeresyState
from arbitre.games.heresy.strategic import distinct

# --- decks ---------------------------------------------------------------------------------


def card(s: HeresyState, c: str) -> CombatCard:
    return s.content.combat[c.partition("#")[0]]


def is_hero(s: HeresyState, c: str) -> bool:
    return card(s, c).deck == "hero_combat"


def instances(s: HeresyState, side: str, deck: str) -> list[str]:
    """Every card of one deck; extra copies are `<id>#2`, `<id>#3`, … (as Order cards).
    Built once per content (speed: every new game asks); a new list each time."""
    key = (id(s.content), side, deck)
    got = _INSTANCES.get(key)
    if got is None:
        got = _INSTANCES[key] = tuple(
            c.id if k == 0 else f"{c.id}#{k + 1}"
            for c in s.content.combat
            if c.side == side and c.deck == deck
            for k in range(c.copies or 1)
        )
    return list(got)


_INSTANCES: dict[tuple[int, str, str], tuple[str, ...]] = {}


def build_decks(s: HeresyState) -> None:
    """HH-12.14: each side's Combat and Hero Combat decks, every copy, shuffled; a card
    of unknown side (a pack's) is in neither deck."""
    for seat in (0, 1):
        side = SIDE_NAMES[seat]
        normal = instances(s, side, "combat")
        hero = instances(s, side, "hero_combat")
        s.rng.shuffle(normal)
        s.rng.shuffle(hero)
        s.combat_decks[seat], s.hero_decks[seat] = normal, hero


def draw(s: HeresyState, seat: int, n: int, hero: bool = False) -> int:
    """Draw n cards into the Combat hand; an empty deck takes its shuffled discard pile
    (HH-39.5, HH-39.7). Returns how many were drawn."""
    deck = s.hero_decks[seat] if hero else s.combat_decks[seat]
    pile = s.hero_discards[seat] if hero else s.combat_discards[seat]
    got = 0
    for _ in range(n):
        if not deck and pile:
            deck.extend(pile)
            pile.clear()
            s.rng.shuffle(deck)
        if not deck:
            break
        s.combat_hands[seat].append(deck.pop(0))
        got += 1
    return got


def discard(s: HeresyState, seat: int, c: str) -> None:
    """HH-26.5: Hero Combat cards go to their own discard pile."""
    (s.hero_discards if is_hero(s, c) else s.combat_discards)[seat].append(c)


def hero_draw_pending(s: HeresyState, f: Frame) -> int | None:
    """AMB-36 (config `heroes.drawOptional`): the next side with an engaged Hero that has
    not yet said whether it draws its Hero Combat cards (HH-32.7 "may"); None otherwise."""
    if not s.rules.hero_draw_optional:
        return None
    d = f.data
    for seat in (d["att"], d["def"]):
        if seat not in d.get("hero_asked", ()) and dmg.engaged_heroes(s, f, seat):
            return int(seat)
    return None


def answer_hero_draw(s: HeresyState, f: Frame, draws: bool) -> None:
    seat = hero_draw_pending(s, f)
    assert seat is not None
    f.data.setdefault("hero_asked", []).append(seat)
    if not draws:
        f.data.setdefault("hero_declined", []).append(seat)
        s.log.append(new_msg(("heresy.log.hero_draw_declined", {"seat": seat}, "AMB-36")))
    f.data["stage"] = "prepare"


def prepare(s: HeresyState, f: Frame) -> None:
    """HH-26.1, HH-26.2, HH-26.4, HH-32.11: fresh hands; ceil(ranks / 2) Combat cards, and
    2 Hero Combat cards (1 if every engaged Hero is wounded) unless declined (AMB-36)."""
    from arbitre.games.heresy import hero_abilities

    d = f.data
    if hero_draw_pending(s, f) is not None:
        d["stage"] = "hero_draw"
        return
    for seat in (d["att"], d["def"]):
        got = draw(s, seat, hero_abilities.draw_count(s, f, seat))
        heroes = dmg.engaged_heroes(s, f, seat)
        if heroes and seat not in d.get("hero_declined", ()):
            got += draw(s, seat, 1 if all(dmg.wounded(s, h) for h in heroes) else 2, hero=True)
        s.log.append(new_msg(("heresy.log.combat_draw", {"seat": seat, "n": got}, "HH-26.2")))
    hero_abilities.after_draw(s, f)
    d["stage"] = "first" if any(s.combat_hands) else "end"


# --- unit conditions (HH-26.15, HH-27.3) ---------------------------------------------------


def condition_met(s: HeresyState, f: Frame, seat: int, c: str) -> bool:
    req = card(s, c).requirement
    types = {t.split("/")[0] for _z, t in dmg.engaged(f, seat)}
    if req is None:  # unknown condition: any engaged piece (reading)
        return bool(types) or bool(dmg.engaged_heroes(s, f, seat))
    if req == "hero":
        return bool(dmg.engaged_heroes(s, f, seat))
    if req == "attacking_unit":
        return seat == f.data["att"] and bool(types)
    if req == "defending_unit":
        return seat == f.data["def"] and bool(types)
    if req == "chaos_titan_attacking_fortification":
        from arbitre.games.heresy.fortification import fortified

        target = f.data["target"]
        titans = any(t.startswith("chaos_titan") and z != target for z, t in dmg.engaged(f, seat))
        return seat == f.data["att"] and titans and fortified(s, target)
    if req in POWER_REQUIREMENTS:
        power = req.partition("_")[0]
        return any(power_of(s, t) == power for _z, t in dmg.engaged(f, seat))
    return req in types


POWER_REQUIREMENTS = ("nurgle_unit", "khorne_unit", "tzeentch_unit", "slaanesh_unit")


def power_of(s: HeresyState, text: str) -> str:
    """The Chaos Power of a unit label: its tag is a Power or a legion of one (HH-8.4)."""
    parts = text.split("/")
    tag = parts[1] if len(parts) > 1 and not parts[1][1:].isdigit() else ""  # not "/d2"
    if tag in s.content.powers:
        return tag
    legion = s.content.legions.get(tag)
    return (legion.power or "") if legion is not None else ""


# --- effects ---------------------------------------------------------------------------------

Effect = Callable[[HeresyState, Frame, int], None]
Options = Callable[[HeresyState, Frame, int], list[str]]


def set_pick(f: Frame, what: str, seat: int, left: int = 1) -> None:
    f.data["pick"] = {"what": what, "seat": seat, "left": left}


_pick = set_pick


def _enemy_units(s: HeresyState, f: Frame, seat: int) -> list[str]:
    return sorted({f"unit:{z}:{t}" for z, t in dmg.engaged(f, 1 - seat)})


def _split(key: str) -> tuple[str, str]:
    _, zone, text = key.split(":", 2)
    return zone, text


def _eliminate_one(s: HeresyState, f: Frame, seat: int) -> None:
    """Anges de la Mort / Noose of Ruin: eliminate 1 enemy unit whatever its rank."""
    _pick(f, "kill", seat)


def _hostile_ground(s: HeresyState, f: Frame, seat: int) -> None:
    """Terrain Hostile: 2 damage to 1 enemy unit of your choice."""
    _pick(f, "hurt2", seat)


def _lead_by_example(s: HeresyState, f: Frame, seat: int) -> None:
    """Mener par l'Exemple (EX-28.2): draw 1 Combat card, then 2 damage to 1 enemy Hero."""
    draw(s, seat, 1)
    _pick(f, "hero2", seat)


def _sacrifices(s: HeresyState, f: Frame, seat: int) -> None:
    """Des Sacrifices Doivent Être Faits: 1 damage to one of your engaged units to take a
    card from your Combat or Hero Combat discard pile."""
    _pick(f, "sacrifice", seat)


def _diversion(s: HeresyState, f: Frame, seat: int) -> None:
    """Tactiques de Diversion (EX-29.1): the opponent's marker moves 1 space forward; it
    lands on top of a shared space (AMB-6 a) and triggers no icon (FAQ ruling)."""
    opp = 1 - seat
    last = max(t.n for t in s.content.tracks.initiative.space)
    s.pos[opp] = min(s.pos[opp] + 1, last)
    if s.pos[seat] == s.pos[opp]:
        s.top = opp
    s.log.append(
        Msg("heresy.log.advance", {"seat": opp, "from": s.pos[opp] - 1, "to": s.pos[opp]}, "AMB-6")
    )
    victory.check_track(s)


def _terrifying(s: HeresyState, f: Frame, seat: int) -> None:
    """Terrifiant: rout up to 3 enemy units whose rank is lower than the Daemon Horde's."""
    _pick(f, "terrify", seat, 3)


def _withdrawal(s: HeresyState, f: Frame, seat: int) -> None:
    """Repli Stratégique: all your Heroes and units of the target zone go to an adjacent
    neutral or friendly zone, which is activated; the battle ends (neither retreat nor
    rout)."""
    _pick(f, "withdraw", seat)


def _will_of_chaos(s: HeresyState, f: Frame, seat: int) -> None:
    """Volonté du Chaos (content reading): remove your activation-side marker from the
    target zone, or flip your rout marker there to its activation side."""
    target = f.data["target"]
    side = s.marks[seat].get(target)
    if side == ACTIVE:
        del s.marks[seat][target]
    elif side == ROUT:
        s.marks[seat][target] = ACTIVE
    s.log.append(new_msg(("heresy.log.unmarked", {"zone": target}, "HH-27.3")))


def _hunker_down(s: HeresyState, f: Frame, seat: int) -> None:
    """Hunker Down (FAQ): draw 2 extra cards; drawn in step 2, they cannot be played in
    this iteration anyway. The rest of its text is unknown."""
    draw(s, seat, 2)


def _no_op(s: HeresyState, f: Frame, seat: int) -> None:
    s.log.append(new_msg(("heresy.log.effect_unknown", {"card": f.data.get("eff", "")}, "AMB-21")))


EFFECTS: dict[str, Effect] = {
    "angels_of_death": _eliminate_one,
    "noose_of_ruin": _eliminate_one,
    "hostile_ground": _hostile_ground,
    "strategic_withdrawal": _withdrawal,
    "hunker_down": _hunker_down,
    "lead_by_example": _lead_by_example,
    "sacrifices_must_be_made": _sacrifices,
    "diversionary_tactics": _diversion,
    "diversionary_tactics_hero": _diversion,
    "terrifying": _terrifying,
    "will_of_chaos": _will_of_chaos,
}
Apply = Callable[[HeresyState, Frame, int, str], None]
PICKS: dict[str, tuple[Options, Apply]] = {}  # filled by battle_effects


# Effects that can do nothing without a piece to act on are not offered (EX-29.2: with no
# engaged unit left, "Des Sacrifices Doivent Être Faits" has nothing to damage).
USABLE: dict[str, Callable[[HeresyState, Frame, int], bool]] = {
    "sacrifices_must_be_made": lambda s, f, seat: bool(dmg.engaged(f, seat)),
}


def effect_id(s: HeresyState, c: str) -> str:
    """The effect a card plays: its `play` field, else its own id (known cards)."""
    kind = card(s, c)
    return kind.play or kind.id


def usable(s: HeresyState, f: Frame, seat: int, c: str) -> bool:
    check = USABLE.get(effect_id(s, c))
    return condition_met(s, f, seat, c) and (check is None or check(s, f, seat))


def effect_of(s: HeresyState, c: str) -> Effect:
    return EFFECTS.get(effect_id(s, c), _no_op)


# --- picks: options and application ----------------------------------------------------


def pick_options(s: HeresyState, f: Frame) -> list[str]:
    p = f.data["pick"]
    what, seat = p["what"], p["seat"]
    if what in PICKS:
        return PICKS[what][0](s, f, seat)
    if what in ("kill", "hurt2"):
        return _enemy_units(s, f, seat)
    if what == "terrify":
        horde = max(
            (dmg.rank(s, t) for _z, t in dmg.engaged(f, seat) if t.startswith("daemon_horde")),
            default=0,
        )
        return sorted(
            {f"unit:{z}:{t}" for z, t in dmg.engaged(f, 1 - seat) if dmg.rank(s, t) < horde}
        )
    if what == "hero2":
        return [f"hero:{h}" for h in dmg.engaged_heroes(s, f, 1 - seat)]
    if what == "sacrifice":
        return sorted({f"unit:{z}:{t}" for z, t in dmg.engaged(f, seat)})
    if what == "recover":
        return [f"card:{c}" for c in distinct(s.combat_discards[seat] + s.hero_discards[seat])]
    if what == "withdraw":
        return [f"to:{z}" for z in dmg.escape_zones(s, f, seat, True) if z != f.data["target"]]
    return []


def apply_pick(s: HeresyState, f: Frame, key: str) -> None:
    p = f.data["pick"]
    what, seat = p["what"], p["seat"]
    p["left"] -= 1
    if what in PICKS:
        PICKS[what][1](s, f, seat, key)
    elif what == "kill":
        dmg.kill_unit(s, f, 1 - seat, *_split(key))
    elif what == "hurt2":
        dmg.damage_unit(s, f, 1 - seat, *_split(key), 2)
    elif what == "hero2":
        dmg.damage_hero(s, f, key[5:], 2)
    elif what == "terrify":
        f.data["routs"].append([1 - seat, *_split(key)])
    elif what == "sacrifice":
        dmg.damage_unit(s, f, seat, *_split(key), 1)
        _pick(f, "recover", seat)
        return
    elif what == "recover":
        c = key[5:]
        (s.hero_discards if is_hero(s, c) else s.combat_discards)[seat].remove(c)
        s.combat_hands[seat].append(c)
    elif what == "withdraw":
        to = key[3:]
        target = f.data["target"]
        for zone, text in dmg.engaged(f, seat):
            if zone == target:
                add_unit(s, to, dmg.take(s, zone, seat, text))
        for hero in list(s.heroes):
            if s.heroes[hero] == target and hero_side(s, hero) == seat:
                s.heroes[hero] = to
        f.data["eng"] = [e for e in f.data["eng"] if not (e[0] == seat and e[1] == target)]
        f.data["heroes"] = [h for h in f.data["heroes"] if hero_side(s, h) != seat]
        dmg.activate_zone(s, seat, to)
        f.data["ended"] = True
        s.log.append(new_msg(("heresy.log.withdrawal", {"zone": to}, "HH-27.3")))
