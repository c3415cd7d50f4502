"""The special effects of the reconstructed Combat and Hero Combat cards (data/cards/
combat.toml, `play`): small effects in the spirit of the known cards (HH-27.3) — 1 damage
to an enemy unit, rout a low-rank enemy unit, draw a card, heal a unit or a Hero, 2
damage to an enemy Hero. Importing this module registers them into `combat_cards.EFFECTS`
and `PICKS`; their picks are answered like the known cards' (battle stage `pick`).
"""

from __future__ import annotations

from arbitre.engine.i18n import Msg
from arbitre.games.heresy import combat_cards as cc
from arbitre.games.heresy import damage as dmg
from arbitre.games.heresy.board import add_unit
from arbitre.games.heresy.state import Frame, HeresyState, label

ROUT_RANK = 2  # "rout 1 enemy unit of rank II or less" (Terrifiant's low ranks, reconstructed)
HEAL = 3  # Hero damage removed (the play report's healing of the Emperor)


def _hurt1(s: HeresyState, f: Frame, seat: int) -> None:
    """1 damage to 1 engaged enemy unit of your choice (HH-30.15)."""
    cc.set_pick(f, "hurt1", seat)


def _rout1(s: HeresyState, f: Frame, seat: int) -> None:
    """Rout 1 engaged enemy unit of rank II or less (HH-31.5)."""
    cc.set_pick(f, "rout_low", seat)


def _draw1(s: HeresyState, f: Frame, seat: int) -> None:
    """Draw 1 Combat card (HH-26.2's deck, reshuffled when empty)."""
    n = cc.draw(s, seat, 1)
    s.log.append(Msg("heresy.log.combat_draw", {"seat": seat, "n": n}, "HH-27.3"))


def _heal_unit(s: HeresyState, f: Frame, seat: int) -> None:
    """All damage off one of your engaged units (HH-30.15: damage otherwise stays)."""
    cc.set_pick(f, "heal", seat)


def _heal_hero(s: HeresyState, f: Frame, seat: int) -> None:
    """Up to 3 damage off one of your engaged Heroes (HH-32.9's track, back towards 0)."""
    cc.set_pick(f, "heal_hero", seat)


def _hero2(s: HeresyState, f: Frame, seat: int) -> None:
    """2 damage to 1 engaged enemy Hero (as Mener par l'Exemple, without the draw)."""
    cc.set_pick(f, "hero2", seat)


def _hurt1_options(s: HeresyState, f: Frame, seat: int) -> list[str]:
    return sorted({f"unit:{z}:{t}" for z, t in dmg.engaged(f, 1 - seat)})


def _hurt1_apply(s: HeresyState, f: Frame, seat: int, key: str) -> None:
    _, zone, text = key.split(":", 2)
    dmg.damage_unit(s, f, 1 - seat, zone, text, 1)


def _rout_options(s: HeresyState, f: Frame, seat: int) -> list[str]:
    queued = {(z, t) for k, z, t in f.data["routs"] if k == 1 - seat}
    return sorted(
        {
            f"unit:{z}:{t}"
            for z, t in dmg.engaged(f, 1 - seat)
            if dmg.rank(s, t) <= ROUT_RANK and (z, t) not in queued
        }
    )


def _rout_apply(s: HeresyState, f: Frame, seat: int, key: str) -> None:
    _, zone, text = key.split(":", 2)
    f.data["routs"].append([1 - seat, zone, text])


def _heal_options(s: HeresyState, f: Frame, seat: int) -> list[str]:
    return sorted({f"unit:{z}:{t}" for z, t in dmg.engaged(f, seat) if "/d" in t})


def _heal_apply(s: HeresyState, f: Frame, seat: int, key: str) -> None:
    _, zone, text = key.split(":", 2)
    u = dmg.take(s, zone, seat, text)
    healed = (u[0], u[1], u[2], 0)
    add_unit(s, zone, healed)
    dmg.disengage(f, seat, zone, text)
    f.data["eng"].append([seat, zone, label(healed)])
    s.log.append(Msg("heresy.log.ev_healed", {"unit": f"{zone}:{text}"}, "HH-27.3"))


def _heal_hero_options(s: HeresyState, f: Frame, seat: int) -> list[str]:
    return [f"hero:{h}" for h in dmg.engaged_heroes(s, f, seat) if s.hero_damage.get(h, 0) > 0]


def _heal_hero_apply(s: HeresyState, f: Frame, seat: int, key: str) -> None:
    hero = key[5:]
    n = min(HEAL, s.hero_damage.get(hero, 0))
    s.hero_damage[hero] -= n
    s.log.append(Msg("heresy.log.hero_healed", {"what": hero, "n": n}, "HH-27.3"))


cc.EFFECTS.update(
    {
        "hurt1": _hurt1,
        "rout1": _rout1,
        "draw1": _draw1,
        "heal_unit": _heal_unit,
        "heal_hero": _heal_hero,
        "hero2": _hero2,
    }
)
cc.PICKS.update(
    {
        "hurt1": (_hurt1_options, _hurt1_apply),
        "rout_low": (_rout_options, _rout_apply),
        "heal": (_heal_options, _heal_apply),
        "heal_hero": (_heal_hero_options, _heal_hero_apply),
    }
)
# an effect that would find nothing to act on is not offered (as Des Sacrifices…)
cc.USABLE.update(
    {
        "heal_unit": lambda s, f, seat: bool(_heal_options(s, f, seat)),
        "heal_hero": lambda s, f, seat: bool(_heal_hero_options(s, f, seat)),
    }
)
