"""A guess at what this seat cannot see, built from what it can see only.

`guess` puts every hidden group of cards in a fixed (sorted) order before the engine's
determinization (view.determinize, HH-18.14, HH-26.6) reshuffles it with a generator
seeded from public facts: two states that differ only in hidden things give the very same
guess, so the AI decides alike on both.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.rng import Rng
from arbitre.games.heresy import combat_cards as cc
from arbitre.games.heresy.state import HeresyState
from arbitre.games.heresy.view import _pinned


def _sort_slots(slots: list[tuple[list[Any], int, bool]]) -> None:
    cards = sorted(box[i][0] if pile else box[i] for box, i, pile in slots)
    for (box, i, pile), card in zip(slots, cards, strict=True):
        box[i] = (card, box[i][1], box[i][2]) if pile else card


def canonical(state: HeresyState, seat: int) -> HeresyState:
    """A copy whose hidden cards are sorted within each group determinize resamples."""
    s = state.copy()
    pinned = _pinned(s)
    opp = 1 - seat
    for who in (opp, seat):
        slots: list[tuple[list[Any], int, bool]] = []
        if who == opp:
            slots += [(s.hands[opp], i, False) for i in range(len(s.hands[opp]))]
        slots += [(s.decks[who], i, False) for i in range(len(s.decks[who]))]
        for pile in s.piles.values():
            for i, (_card, owner, _fresh) in enumerate(pile):
                if owner == who and (who == opp or i != len(pile) - 1):
                    slots.append((pile, i, True))
        slots = [sl for sl in slots if (sl[0][sl[1]][0] if sl[2] else sl[0][sl[1]]) not in pinned]
        _sort_slots(slots)
    acts: dict[int, list[int]] = {}
    for i, (act, _card) in enumerate(s.events):
        acts.setdefault(act, []).append(i)
    for idx in acts.values():
        cards = sorted(s.events[i][1] for i in idx)
        for i, card in zip(idx, cards, strict=True):
            s.events[i] = (s.events[i][0], card)
    for who in (0, 1):
        for hero, deck in ((False, s.combat_decks[who]), (True, s.hero_decks[who])):
            hand = s.combat_hands[who]
            idx = [i for i, c in enumerate(hand) if cc.is_hero(s, c) == hero] if who != seat else []
            cards = sorted([hand[i] for i in idx] + deck)
            for i, c in zip(idx, cards, strict=False):
                hand[i] = c
            deck[:] = cards[len(idx) :]
    s.bombard_deck.sort()
    return s


def guess(state: HeresyState, seat: int, rng: Rng) -> HeresyState:
    """A determinized copy (rules.Heresy.determinize) of the canonical copy."""
    from arbitre.games.heresy.rules import Heresy

    return Heresy().determinize(canonical(state, seat), seat, rng)
