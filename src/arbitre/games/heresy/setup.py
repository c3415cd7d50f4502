"""Setup, steps 1-8 (HH-12.1..HH-13.15): what needs no choice is done here; the steps
where players choose (impassable zones, a chosen deployment, the Event draft, corruption,
setup bombardments, the Traitor's landing orders, extra orders) run from the `setup`
frame above the first action (scenario_setup.py); a position skips them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbitre.engine.rng import Rng
from arbitre.games.heresy.config import resolve
from arbitre.games.heresy.content import Content
from arbitre.games.heresy.content.cards import Scenario
from arbitre.games.heresy.state import SIDE_NAMES, TRAITOR, Frame, HeresyState, Unit


def order_instances(content: Content, seat: int) -> list[str]:
    """Every Order card of one side's deck; extra copies are `<id>#2`, `<id>#3`, …"""
    out = []
    for card in content.orders:
        if card.deck == SIDE_NAMES[seat]:
            for k in range(card.copies or 1):
                out.append(card.id if k == 0 else f"{card.id}#{k + 1}")
    return out


def new_state(config: Mapping[str, Any], seed: int) -> HeresyState:
    rules = resolve(config)
    from arbitre.games.heresy.config import content_of

    content = content_of(rules.content_path)
    _IN_USE.setdefault(id(content), content)
    s = HeresyState(content=content, rules=rules, scenario=rules.scenario, rng=Rng.from_seed(seed))
    scenario = content.scenarios[rules.scenario]
    s.piles = {sec.id: [] for sec in content.sectors}  # HH-18.9, HH-41.8
    s.pos = [1, 1]  # HH-12.16: both on the first space, the Traitor on top
    s.top = TRAITOR
    s.hero_damage = {h.id: 0 for h in content.heroes}  # HH-12.13
    place_units(s, scenario)  # step 4 (a chosen deployment: frame `deploy`)
    build_event_deck(s, scenario)  # step 5 (the Like Unto Gods draft: frame `ev_draft`)
    prepare_orders(s)  # step 8 (the scenario's instructions: frames, scenario_setup)
    s.tokens = [scenario.special_tokens, scenario.special_tokens]
    from arbitre.games.heresy.bombardment import build_deck
    from arbitre.games.heresy.combat_cards import build_decks

    build_decks(s)  # HH-12.14
    build_deck(s)  # HH-12.15
    position = config.get("position")
    if position is not None:
        from arbitre.games.heresy.position import apply_position

        apply_position(s, position)
    if not s.stack:
        from arbitre.games.heresy.initiative import current_player

        s.current = current_player(s)  # HH-13.15: the Traitor, on top
        s.stack.append(Frame("action", s.current, {}))
        if position is None:
            from arbitre.games.heresy import scenario_setup

            s.stack.append(scenario_setup.frame(scenario))  # the steps that ask (3..8)
    return s


# Every content a game was set up with, kept alive: many caches (placements, orders,
# adjacency, limits, decisions…) are keyed by `id(content)`, and an id is only reused
# once its object is gone. Bounded by the packs a process plays (a server keeps them).
_IN_USE: dict[int, Content] = {}


def place_units(s: HeresyState, scenario: Scenario) -> None:
    """HH-12.19, HH-12.20: the scenario's placements; the rest forms the reserve. Worked
    out once per content and scenario on a blank state, then copied (speed: every new
    game asks; the state's dicts keep the same order)."""
    key = (id(s.content), scenario.id)
    got = _PLACED.get(key)
    if got is None:
        blank = HeresyState(content=s.content, rules=s.rules, scenario=s.scenario, rng=s.rng)
        _place_units(blank, scenario)
        got = _PLACED[key] = (
            tuple(blank.heroes.items()),
            tuple((z, tuple(us)) for z, us in blank.units.items()),
            tuple(blank.lasers.items()),
            (tuple(blank.reserve[0].items()), tuple(blank.reserve[1].items())),
        )
    heroes, units, lasers, (imperial, traitor) = got
    s.heroes.update(heroes)
    for zone, placed in units:
        s.own_units(zone).extend(placed)
    s.lasers.update(lasers)
    s.reserve[0].update(imperial)
    s.reserve[1].update(traitor)


Placed = tuple[
    tuple[tuple[str, str], ...],
    tuple[tuple[str, tuple[Unit, ...]], ...],
    tuple[tuple[str, int], ...],
    tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]],
]
_PLACED: dict[tuple[int, str], Placed] = {}  # (id(content), scenario) -> placements


def _place_units(s: HeresyState, scenario: Scenario) -> None:
    c = s.content
    placed: dict[str, int] = {}
    for hero in c.heroes:
        s.heroes[hero.id] = ""
    for p in scenario.placement:
        seat = SIDE_NAMES.index(p.side)
        for st in p.units:
            tag = st.legion or st.power or ""
            s.own_units(p.zone).extend([(seat, st.unit, tag, 0)] * st.count)
            placed[st.unit] = placed.get(st.unit, 0) + st.count
        for hero_id in p.heroes:
            s.heroes[hero_id] = p.zone
        if p.lasers:
            s.lasers[p.zone] = s.lasers.get(p.zone, 0) + p.lasers
    spare = {u.corrupts_into for u in c.units if u.corrupts_into}
    for u in c.units:
        if u.id in spare:  # HH-11.3, HH-12.8: spare black bases, not units (corruption.py)
            continue
        left = u.count - placed.get(u.id, 0)
        if left > 0:
            s.reserve[SIDE_NAMES.index(u.side)][u.id] = left


def build_event_deck(s: HeresyState, scenario: Scenario) -> None:
    """HH-13.1..HH-13.3: each act shuffled (cut to `use` cards), Act I on top; Cry Havoc:
    random cards of the whole deck."""
    s.events = []
    if scenario.events == "random":
        from arbitre.games.heresy.scenario_setup import random_events

        random_events(s, scenario)
        return
    for act in sorted(scenario.act, key=lambda a: a.n):
        cards = list(act.cards)
        s.rng.shuffle(cards)
        if act.use:
            cards = cards[: act.use]  # the rest go back to the box unseen
        s.events.extend((act.n, c) for c in cards)


def corruption(s: HeresyState, scenario: Scenario) -> None:
    """Step 6 (HH-13.5..HH-13.8): the scenario's corruption attempts, by the Traitor."""
    from arbitre.games.heresy import corruption as corrupt

    if scenario.corruption:
        s.stack.append(corrupt.frame(s, scenario.corruption))


def setup_bombardment(s: HeresyState, scenario: Scenario) -> None:
    """Step 7 (HH-13.9..HH-13.11): the scenario's orbital bombardments, by the Traitor,
    on unfortified zones (AMB-35)."""
    from arbitre.games.heresy import bombardment

    if scenario.bombardments:
        zones = bombardment.setup_zones(s)
        s.stack.append(
            bombardment.orbital(
                s, TRAITOR, zones, setup_left=scenario.bombardments, rule="HH-13.10"
            )
        )


def prepare_orders(s: HeresyState) -> None:
    """HH-13.12..HH-13.14: starting orders in hand, the rest shuffled face down."""
    for seat in (0, 1):
        starting, rest = _split_orders(s.content, seat)
        deck = list(rest)
        s.rng.shuffle(deck)
        s.hands[seat] = list(starting)
        s.decks[seat] = deck


def _split_orders(content: Content, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """One side's starting orders and the rest of its deck, unshuffled, built once per
    content (speed: every new game asks)."""
    key = (id(content), seat)
    got = _ORDERS.get(key)
    if got is None:
        hand: list[str] = []
        deck: list[str] = []
        for inst in order_instances(content, seat):
            card = content.orders[inst.partition("#")[0]]
            (hand if card.starting else deck).append(inst)
        got = _ORDERS[key] = (tuple(hand), tuple(deck))
    return got


_ORDERS: dict[tuple[int, int], tuple[tuple[str, ...], tuple[str, ...]]] = {}
