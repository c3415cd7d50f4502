"""Combat card effects that need fortifications, the Bombardment deck or a reconstructed
text (docs/heresy-battles.md): Brèche, Pluie Mortelle (bombardment.thunderhawk_effect),
Maleficent Plague, Du Sang pour le Dieu du Sang, Armies Without Numbers and Attrition.
Importing this module registers them into `combat_cards.EFFECTS` and `PICKS`.
"""

from __future__ import annotations

from arbitre.engine.i18n import Msg
from arbitre.games.heresy import combat_cards as cc
from arbitre.games.heresy import damage as dmg
from arbitre.games.heresy import fortification
from arbitre.games.heresy.board import add_unit
from arbitre.games.heresy.state import TRAITOR, Frame, HeresyState

ARMY = "imperial_army"
SYMBOL = ("aquila", "chaos_star")  # each side's Bombardment card symbol (HH-32.13)
ATTRITION_CARDS = 2  # reconstructed: the number is not in the sources


def _titan_edges(s: HeresyState, f: Frame, seat: int) -> list[str]:
    """Origin zones of engaged Chaos Titans whose edge to the target can be breached."""
    target = f.data["target"]
    return sorted(
        {
            z
            for z, t in dmg.engaged(f, seat)
            if t.startswith("chaos_titan") and z != target
            if fortification.can_breach(s, target, z)
        }
    )


def _breach(s: HeresyState, f: Frame, seat: int) -> None:
    """Brèche (HH-33.12, p.27): breach the fortification between an attacking Chaos Titan
    and the target zone; with Titans behind several edges, the Traitor picks one."""
    zones = _titan_edges(s, f, seat)
    if len(zones) == 1:
        fortification.breach(s, f.data["target"], zones[0], "HH-27.3")
    elif zones:
        cc.set_pick(f, "breach", seat)


def _rain_of_death(s: HeresyState, f: Frame, seat: int) -> None:
    """Pluie Mortelle: a Thunderhawk bombardment (HH-36.2..HH-36.9), run by the
    bombardment rules on top of the battle (bombardment.thunderhawk_effect)."""
    from arbitre.games.heresy import bombardment

    bombardment.thunderhawk_effect(s, f, seat)


def _breach_at(s: HeresyState, f: Frame, zone: str) -> None:
    fortification.breach(s, f.data["target"], zone, "HH-27.3")


def _nurgle(s: HeresyState, text: str) -> bool:
    return cc.power_of(s, text) == "nurgle"


def _plague(s: HeresyState, f: Frame, seat: int) -> None:
    """Maleficent Plague (reconstructed per-card result): eliminate one of your engaged
    Nurgle units, then one Bombardment card per engaged enemy unit; a Chaos Star
    eliminates that unit. A countered Plague never gets here (FAQ: nothing is lost)."""
    cc.set_pick(f, "plague", seat)


def _plague_strike(s: HeresyState, f: Frame, seat: int) -> None:
    from arbitre.games.heresy import bombardment

    victims = list(dmg.engaged(f, 1 - seat))
    for zone, text in victims:
        card = bombardment.draw(s)
        if card is None:
            break
        bombardment.discard(s, card)
        hit = bombardment.card_of(s, card).symbol == SYMBOL[TRAITOR]
        s.log.append(
            Msg(
                "heresy.log.plague",
                {"unit": text, "result": f"heresy.plague.{'hit' if hit else 'miss'}"},
                "HH-27.3",
            )
        )
        if hit:
            dmg.kill_unit(s, f, 1 - seat, zone, text)


def _blood(s: HeresyState, f: Frame, seat: int) -> None:
    """Du Sang pour le Dieu du Sang (reconstructed as a free effect lasting the battle):
    enemy units that would rout are eliminated instead (damage.rout_unit)."""
    f.data["blood"] = seat
    s.log.append(Msg("heresy.log.blood", {"seat": 1 - seat}, "HH-27.3"))


def _army_zones(s: HeresyState, f: Frame, seat: int) -> list[str]:
    d = f.data
    if seat == d["def"] or d["coex"]:
        return [d["target"]]
    return sorted({z for z, _t in dmg.engaged(f, seat)})


def _armies(s: HeresyState, f: Frame, seat: int) -> None:
    """Armies Without Numbers (reconstructed): 1 Imperial Army from the reserve (FAQ: even
    one eliminated earlier in this battle) joins the battle engaged: in the target zone
    when defending, in an origin zone holding engaged units when attacking."""
    if not s.reserve[seat].get(ARMY):
        return
    zones = _army_zones(s, f, seat)
    if len(zones) == 1:
        _place_army(s, f, seat, zones[0])
    elif zones:
        cc.set_pick(f, "army", seat)


def _place_army(s: HeresyState, f: Frame, seat: int, zone: str) -> None:
    r = s.reserve[seat]
    r[ARMY] -= 1
    if not r[ARMY]:
        del r[ARMY]
    add_unit(s, zone, (seat, ARMY, "", 0))
    f.data["eng"].append([seat, zone, ARMY])
    s.log.append(Msg("heresy.log.army_joins", {"zone": zone}, "HH-27.3"))


def _attrition(s: HeresyState, f: Frame, seat: int) -> None:
    """Attrition (reconstructed count): discard cards at random from the opponent's hand,
    one at a time, each from the backs the player names (HH-26.7, EX-26.3)."""
    if s.combat_hands[1 - seat]:
        cc.set_pick(f, "attrition", seat, ATTRITION_CARDS)


def _backs(s: HeresyState, seat: int) -> list[str]:
    hand = s.combat_hands[seat]
    return [
        f"back:{b}"
        for b in ("combat", "hero_combat")
        if any((cc.card(s, c).deck == b) for c in hand)
    ]


def _discard_random(s: HeresyState, f: Frame, seat: int, key: str) -> None:
    back = key[5:]
    hand = s.combat_hands[1 - seat]
    pool = [i for i, c in enumerate(hand) if cc.card(s, c).deck == back]
    c = hand.pop(pool[s.rng.below(len(pool))])
    cc.discard(s, 1 - seat, c)
    s.log.append(Msg("heresy.log.attrition", {"seat": 1 - seat, "card": c}, "HH-26.7"))


def _plague_options(s: HeresyState, f: Frame, seat: int) -> list[str]:
    return sorted({f"unit:{z}:{t}" for z, t in dmg.engaged(f, seat) if _nurgle(s, t)})


def _plague_apply(s: HeresyState, f: Frame, seat: int, key: str) -> None:
    _, zone, text = key.split(":", 2)
    dmg.kill_unit(s, f, seat, zone, text)
    _plague_strike(s, f, seat)


cc.EFFECTS.update(
    {
        "breach": _breach,
        "rain_of_death": _rain_of_death,
        "maleficent_plague": _plague,
        "blood_for_the_blood_god": _blood,
        "armies_without_numbers": _armies,
        "attrition": _attrition,
    }
)
cc.PICKS.update(
    {
        "breach": (
            lambda s, f, seat: [f"origin:{z}" for z in _titan_edges(s, f, seat)],
            lambda s, f, seat, key: _breach_at(s, f, key[7:]),
        ),
        "plague": (_plague_options, _plague_apply),
        "army": (
            lambda s, f, seat: [f"origin:{z}" for z in _army_zones(s, f, seat)],
            lambda s, f, seat, key: _place_army(s, f, seat, key[7:]),
        ),
        "attrition": (lambda s, f, seat: _backs(s, 1 - seat), _discard_random),
    }
)
