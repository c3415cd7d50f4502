"""Lay an army's cards out as detachments and place its Bound Characters (EP-10.1,
EP-10.7..EP-10.10), the part of the checks that `force` reuses.

A card's own characters join detachments of that card (for a company, EP-10.8); a card
of Bound Characters only (`Card.is_character`) joins the card its `attach` names (and its
`detachment` if given). Each character takes the allowed detachment holding the fewest
characters, the first on a tie (ours: spreads a card's HQ and Commissar, EPA-8).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitre.engine.i18n import Msg
from arbitre.games.epic.armies.model import Army, ArmyList, Card, Group, Problem
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.profiles import MAX_BOUND


@dataclass(slots=True)
class Slot:
    """One detachment to be: card number (1-based), unit, stands, its characters."""

    card: int
    unit: str
    stands: int
    bound: list[str] = field(default_factory=list)


def may_join(char: str, host: str) -> bool:
    """EP-10.9 (a class-1 character joins Infantry or Cavalry; AMB-EP-10a) and EP-10.10
    (other classes join their own); never a Flyer detachment (binding.hosts)."""
    c, h = CATALOG.units[char], CATALOG.units[host]
    if h.is_flyer:
        return False
    if c.cls == 1:
        return h.type in ("infantry", "cavalry")
    return h.cls == c.cls


def _names(card: Card) -> dict[str, str]:
    return {"card_fr": card.name_fr, "card_en": card.name_en}


def groups_of(card: Card, options: tuple[str, ...]) -> tuple[Group, ...]:
    extra = tuple(g for o in options if o in card.options for g in card.options[o].detachments)
    return card.detachments + extra


def characters_of(card: Card, options: tuple[str, ...]) -> tuple[str, ...]:
    extra = tuple(c for o in options if o in card.options for c in card.options[o].characters)
    return card.characters + extra


def _place(char: str, slots: list[Slot], n: int, card: Card, out: list[Problem]) -> None:
    allowed = [s for s in slots if may_join(char, s.unit)]
    unit = CATALOG.units[char]
    args = {"n": n, **_names(card), "unit_fr": unit.name_fr, "unit_en": unit.name_en}
    if not allowed:
        out.append(Problem(n, card.id, "EP-10.9", Msg("epic.army.no_host", args, "EP-10.9")))
        return
    room = [s for s in allowed if len(s.bound) < MAX_BOUND]
    if not room:
        out.append(Problem(n, card.id, "EP-10.7", Msg("epic.army.host_full", args, "EP-10.7")))
        return
    min(room, key=lambda s: len(s.bound)).bound.append(char)


def lay_out(army: Army, lst: ArmyList) -> tuple[list[Slot], list[Problem]]:
    """The army's detachments with their characters, and the problems met placing them."""
    slots: list[Slot] = []
    out: list[Problem] = []
    by_card: dict[int, list[Slot]] = {}
    for n, ac in enumerate(army.cards, 1):
        card = lst.cards.get(ac.card)
        if card is None:
            continue
        mine = [
            Slot(n, g.unit, g.stands) for g in groups_of(card, ac.options) for _ in range(g.count)
        ]
        by_card[n] = mine
        slots += mine
    for n, ac in enumerate(army.cards, 1):
        card = lst.cards.get(ac.card)
        if card is None or card.is_character:
            continue
        if ac.attach is not None or ac.detachment is not None:
            msg = Msg("epic.army.attach_not_character", {"n": n, **_names(card)}, "EP-10.1")
            out.append(Problem(n, card.id, "EP-10.1", msg))
        for char in characters_of(card, ac.options):
            _place(char, by_card[n], n, card, out)
    for n, ac in enumerate(army.cards, 1):
        card = lst.cards.get(ac.card)
        if card is None or not card.is_character:
            continue
        names = {"n": n, **_names(card)}
        if ac.attach is None:
            msg = Msg("epic.army.attach_missing", names, "EP-10.1")
            out.append(Problem(n, card.id, "EP-10.1", msg))
            continue
        hosts = by_card.get(ac.attach, [])
        if not hosts:
            msg = Msg("epic.army.attach_bad", {**names, "target": ac.attach}, "EP-10.1")
            out.append(Problem(n, card.id, "EP-10.1", msg))
            continue
        if ac.detachment is not None:
            if ac.detachment > len(hosts):
                args = {**names, "target": ac.attach, "d": ac.detachment}
                msg = Msg("epic.army.detachment_bad", args, "EP-10.1")
                out.append(Problem(n, card.id, "EP-10.1", msg))
                continue
            hosts = [hosts[ac.detachment - 1]]
        for char in characters_of(card, ac.options):
            _place(char, hosts, n, card, out)
    return slots, out
