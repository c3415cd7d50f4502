"""Property tests (hypothesis): no card or unit is created or lost, whatever is played."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.engine import get
from arbitre.games.heresy.state import HeresyState

R = get("heresy")


def _orders(s: HeresyState, seat: int) -> Counter[str]:
    cards = [*s.hands[seat], *s.decks[seat], *s.discards[seat], *s.card_reserve[seat]]
    cards += [c for pile in s.piles.values() for c, owner, _fresh in pile if owner == seat]
    return Counter(cards)


def _combat(s: HeresyState, seat: int) -> Counter[str]:
    return Counter(
        [
            *s.combat_hands[seat],
            *s.combat_decks[seat],
            *s.combat_discards[seat],
            *s.hero_decks[seat],
            *s.hero_discards[seat],
        ]
    )


def _units(s: HeresyState) -> int:
    on_board = sum(len(units) for units in s.units.values())
    in_reserve = sum(n for side in s.reserve for n in side.values())
    return on_board + in_reserve + len(s.box)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    picks=st.lists(st.integers(0, 10**6), min_size=50, max_size=600),
)
def test_HH_19_14_HH_20_2_cards_and_units_are_conserved(seed, picks):
    s = R.new({}, seed)
    orders = [_orders(s, 0), _orders(s, 1)]
    combat = [_combat(s, 0), _combat(s, 1)]
    units = _units(s)
    for pick in picks:
        d = R.decision(s)
        if d is None:
            break
        R.apply(s, d.options[pick % len(d.options)].key)
        d = R.decision(s)
        # Checked between actions, when no order or battle holds a card in flight.
        if d is not None and d.kind == "heresy.action" and len(s.stack) == 1:
            assert [_orders(s, 0), _orders(s, 1)] == orders
            assert [_combat(s, 0), _combat(s, 1)] == combat
            assert _units(s) == units


SETUP_FRAMES = ("setup", "deploy", "impassable", "ev_draft", "landing_orders", "extra_orders")


def test_HH_39_2_HH_3_9_HH_37_9_random_games_create_and_lose_nothing_at_any_step() -> None:
    """Seeded random games of every scenario, played to a winner: after setup, at every
    step (cards, units and Bombardment cards in flight counted, tests/heresy/inventory.py)
    no Order, Combat, Hero Combat, Event or Bombardment card, figure, laser or Hero is
    created or lost; spare bases, fortification markers, breaches, activation markers and
    damage stay legal. Once a victory ends the game its pending work is dropped (HH-39.8)."""
    import random

    from tests.heresy.inventory import check_pieces, inventory

    scenarios = list(R.new({}, 0).content.scenarios.ids())
    for seed in range(48):
        s = R.new({"scenario": scenarios[seed % len(scenarios)]}, seed)
        rng = random.Random(seed)
        start = None
        for _ in range(5000):
            d = R.decision(s)
            if d is None:
                break
            R.apply(s, rng.choice(d.options).key)
            if start is None and not any(f.kind in SETUP_FRAMES for f in s.stack):
                start = inventory(s)
            if start is not None and not s.over:
                assert inventory(s) == start, (seed, d.kind)
                check_pieces(s)
        assert s.over and s.winner in (0, 1) and s.reason, seed
