"""The strategic map (HH-18.1..HH-19.9, HH-39.1..HH-39.7): seven order piles, hands,
decks, discard piles and card reserves.

A pile lists `(card, owner, fresh)` bottom to top; `fresh` marks a card placed since the
last initiative change (HH-19.3), which cannot be executed from the map.
"""

from __future__ import annotations

from arbitre.games.heresy.content.cards import OrderCard
from arbitre.games.heresy.opts import new_msg
from arbitre.games.heresy.state import HeresyState

HAND_LIMIT = 6  # HH-19.9, HH-16.5, HH-16.6


def card_id(instance: str) -> str:
    return instance.partition("#")[0]


def distinct(cards: list[str]) -> list[str]:
    """The first copy of each card: copies of one card are interchangeable, so a choice
    among cards offers each card once (`levy_of_terra`, not also `levy_of_terra#2`)."""
    seen: set[str] = set()
    out = []
    for c in cards:
        base = c.partition("#")[0]
        if base not in seen:
            seen.add(base)
            out.append(c)
    return out


def order(s: HeresyState, instance: str) -> OrderCard:
    return s.content.orders[card_id(instance)]


def cost(s: HeresyState, instance: str) -> int:
    """HH-17.7: the printed cost; unknown costs use `orders.unknownCost` (AMB-9)."""
    c = order(s, instance).cost
    return s.rules.unknown_cost if c is None else c


def place(s: HeresyState, seat: int, instance: str, sector: str) -> None:
    """HH-18.1, HH-18.2: face down on top of the sector's pile; fresh until a change."""
    s.hands[seat].remove(instance)
    s.piles[sector].append((instance, seat, True))
    s.log.append(new_msg(("heresy.log.placed", {"seat": seat, "sector": sector}, "HH-14.12")))


def executable_tops(s: HeresyState, seat: int) -> list[tuple[str, str]]:
    """HH-14.13, HH-19.2, HH-19.3: own top cards not placed since the last change."""
    out = []
    for sector, pile in s.piles.items():
        if pile:
            card, owner, fresh = pile[-1]
            if owner == seat and not fresh:
                out.append((sector, card))
    return out


def bury(s: HeresyState, sector: str) -> None:
    """HH-14.15, HH-19.7: the top card goes to the bottom of the same pile, unseen."""
    pile = s.piles[sector]
    pile.insert(0, pile.pop())
    s.log.append(new_msg(("heresy.log.buried", {"sector": sector}, "HH-19.7")))


def clear_fresh(s: HeresyState) -> None:
    """At an initiative change the placed orders become executable (HH-19.3, HH-19.4)."""
    piles = s.piles
    for sector, pile in piles.items():
        for c in pile:  # a plain loop: cheaper than any() over a generator (speed)
            if c[2]:
                piles[sector] = [(c, o, False) for c, o, _ in pile]
                break


def discard_order(s: HeresyState, seat: int, instance: str) -> None:
    """HH-19.14, HH-20.2, HH-39.2: reusable orders to the card reserve, others discarded."""
    if order(s, instance).reusable:
        s.card_reserve[seat].append(instance)
    else:
        s.discards[seat].append(instance)


def can_draw_from_deck(s: HeresyState, seat: int) -> bool:
    return bool(s.decks[seat] or s.discards[seat])


def draw_from_deck(s: HeresyState, seat: int) -> str | None:
    """HH-39.5, HH-39.7: an empty deck is rebuilt from its shuffled discard pile."""
    deck = s.decks[seat]
    if not deck:
        if not s.discards[seat]:
            return None
        deck.extend(s.discards[seat])
        s.discards[seat].clear()
        s.rng.shuffle(deck)
        s.log.append(new_msg(("heresy.log.reshuffled", {"seat": seat}, "HH-39.5")))
    card = deck.pop(0)
    s.hands[seat].append(card)
    return card


def take_from_reserve(s: HeresyState, seat: int, instance: str) -> None:
    s.card_reserve[seat].remove(instance)
    s.hands[seat].append(instance)
