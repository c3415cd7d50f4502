"""Executing orders (HH-17.3..HH-21.16): the effect registry keyed by card id, strategic
effects only from the map (HH-20.1), ignoring an order (HH-19.12), discarding after
execution (HH-19.14, AMB-37), and the effects the sources give beyond movement.

A card plays the effect its `play` field names (cards/orders.toml), else the one
registered under its own id, else its kind's. Attack orders start a `battle` frame
(battle.py, joining.py) with the card's iterations, origins and look at the Combat deck.
A pack card of kind `landing` or `other` without an effect is a logged no-op
(`_unknown_stub`): it is still played, paid and discarded. The default decks have none.
"""

from __future__ import annotations

from collections.abc import Callable

from arbitre.engine.i18n import Msg
from arbitre.games.heresy import effects, initiative, landing, strategic
from arbitre.games.heresy.content.cards import OrderCard
from arbitre.games.heresy.movement import new_move
from arbitre.games.heresy.opts import new_msg
from arbitre.games.heresy.state import Frame, HeresyState

Start = Callable[[HeresyState, int, str, str, bool], None]


def _gather(cancel_on_map: bool) -> Start:
    def start(s: HeresyState, seat: int, card: str, sector: str, from_map: bool) -> None:
        """Rassembler (HH-21.18, EX-20.1): one destination; from the map its strategic
        effect keeps the destination unactivated (HH-21.2)."""
        s.stack.append(new_move(seat, card, sector, "one", not (from_map and cancel_on_map)))

    return start


def _redeploy(s: HeresyState, seat: int, card: str, sector: str, from_map: bool) -> None:
    """Redéployer (HH-24.1): several destinations, each activated."""
    s.stack.append(new_move(seat, card, sector, "many", True))


def _lightning_raid(s: HeresyState, seat: int, card: str, sector: str, from_map: bool) -> None:
    """Raid Éclair (HH-21.19): a target zone in this sector, a move to one friendly or
    neutral zone adjacent to it (any sector: the attack's origin zone), then the battle
    hook; the target and origin zones are activated (HH-21.8)."""
    s.stack.append(new_move(seat, card, sector, "one", True, raid=True))


def _boarding(s: HeresyState, seat: int, card: str, sector: str, from_map: bool) -> None:
    """Action d'Embarquement (HH-21.24, HH-37.14): one destination zone of this sector;
    units and Heroes cross between Terra and the Vengeful Spirit, either way, without
    needing movement points to reach it. The destination is activated (text unknown)."""
    s.stack.append(new_move(seat, card, sector, "one", True, reach_rule="board"))


def _secret_routes(s: HeresyState, seat: int, card: str, sector: str, from_map: bool) -> None:
    """Passages Secrets (HH-21.24): as Rassembler, but a unit that cannot reach the
    destination with its movement points still moves — through friendly or neutral zones
    only, with no movement-point limit (reading; the card text is unknown)."""
    s.stack.append(new_move(seat, card, sector, "one", True, reach_rule="unlimited"))


def _battle_stub(s: HeresyState, seat: int, card: str, sector: str, from_map: bool) -> None:
    """Attack orders (HH-19.10, §10): a battle (battle.py), from choosing its target, with
    the card's iterations (HH-26.8), origin zones (HH-25.4) and look at the Combat deck
    (Attaque Massive)."""
    from arbitre.games.heresy.joining import new_battle

    c = strategic.order(s, card)
    s.log.append(new_msg(("heresy.log.battle_stub", {"card": card, "sector": sector}, "HH-19.10")))
    f = new_battle(seat, card, sector, c.id, c.iterations, c.origins)
    if c.look_at:
        f.data["look"] = c.look_at
    s.stack.append(f)


def _unknown_stub(s: HeresyState, seat: int, card: str, sector: str, from_map: bool) -> None:
    """An order whose text the sources lack (data/MISSING.md): a logged no-op."""
    s.log.append(new_msg(("heresy.log.effect_unknown", {"card": card}, "AMB-9")))


def _vigor(s: HeresyState, seat: int, card: str, sector: str, from_map: bool) -> None:
    """Unnatural Vigor (research, FAQ errata): remove your activation-side marker from 1
    zone of this sector; strategic effect: from 2 different zones."""
    s.stack.append(Frame("vigor", seat, {"sector": sector, "left": 2 if from_map else 1}))


def _tanks(s: HeresyState, seat: int, card: str, sector: str, from_map: bool) -> None:
    """Tank Division reinforcements (research FFG-ORDERS): two Imperial Tank Divisions from
    the reserve into a friendly or neutral industrial complex zone (of this sector)."""
    s.stack.append(Frame("tanks", seat, {"sector": sector}))


def _frame(kind: str, **extra: object) -> Start:
    def start(s: HeresyState, seat: int, card: str, sector: str, from_map: bool) -> None:
        s.stack.append(Frame(kind, seat, {"sector": sector, "map": from_map, **extra}))

    return start


# effect ids (content.cards.OrderPlay) and, for packs without `play`, the known card ids
EFFECTS: dict[str, Start] = {
    "gather": _gather(True),
    "gather_activate": _gather(False),  # Forced March errata: "activate the destination"
    "redeploy": _redeploy,
    "drop_pods": landing.start_drop_pods,
    "port_landing": landing.start_port_landing,
    "vigor": _vigor,
    "battle": _battle_stub,
    "lightning_raid": _lightning_raid,
    "boarding": _boarding,
    "secret_routes": _secret_routes,
    "enemy_mark": _frame("enemy_mark"),
    "tanks": _tanks,
    "levy": _frame("reinforce", what="levy"),
    "titans": _frame("reinforce", what="titans"),
    "cultists": _frame("reinforce", what="cultists"),
    "daemons": _frame("reinforce", what="daemons"),
    "fortify": _frame("fortify"),
    "repair": _frame("repair"),
    "regroup": _frame("regroup"),
    "orbital": effects.start_orbital,
    "corrupt": effects.start_corrupt,
    # the known cards by id (a pack card without `play`)
    "imperial_assemble": _gather(True),
    "traitor_assemble": _gather(True),
    "forced_march": _gather(False),
    "unnatural_vigor": _vigor,
    "tank_reinforcements": _tanks,
    "onslaught": _battle_stub,
    "imperial_assault": _battle_stub,
    "traitor_assault": _battle_stub,
    "firefight": _battle_stub,
    "boarding_action": _boarding,
    "surprise_attack": _frame("enemy_mark"),
}
BY_KIND: dict[str, Start] = {
    "movement": _gather(False),
    "attack": _battle_stub,
    "landing": _unknown_stub,
    "other": _unknown_stub,
}


def effect(c: OrderCard) -> Start:
    """The card's `play` effect, else the one registered under its id, else its kind's."""
    if c.play is not None:
        return EFFECTS[c.play]
    return EFFECTS.get(c.id, BY_KIND[c.kind])


def stubbed(c: OrderCard) -> bool:
    return effect(c) is _unknown_stub


def execute(s: HeresyState, seat: int, card: str, sector: str, from_map: bool, cost: int) -> None:
    """HH-19.11: tied to one sector. The card leaves pile or hand now and reaches its
    discard pile or card reserve when its effects are over (AMB-37)."""
    s.log.append(
        Msg(
            "heresy.log.execute",
            {"seat": seat, "card": strategic.card_id(card), "sector": sector},
            "HH-14.13" if from_map else "HH-14.14",
        )
    )
    s.stack.append(Frame("end_order", seat, {"card": card, "cost": cost}))
    effect(strategic.order(s, card))(s, seat, card, sector, from_map)


def auto_end_order(s: HeresyState, f: Frame) -> None:
    s.stack.pop()
    strategic.discard_order(s, f.seat, f.data["card"])
    initiative.end_action(s, f.seat, f.data["cost"])
