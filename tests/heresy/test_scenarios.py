"""The six scenarios of the Scenario Guide played for real (HH-12.1, HH-12.5): each one's
setup (deployment, Event deck, corruption and bombardment counts, order cards), its
special rules (impassable zones, special tokens) and a random game to a victory."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from arbitre.engine import get
from arbitre.games.heresy.content import default_content
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, HeresyState
from tests.heresy.flow_helpers import game, keys, kind, play, seat

R: Any = get("heresy")
C = default_content()
SCENARIOS = C.scenarios.ids()


def _until(s: HeresyState, stop: str, rng: random.Random) -> None:
    """Random answers until the decision `stop` (a kind) is asked."""
    while R.decision(s) is not None and R.decision(s).kind != stop:
        R.apply(s, rng.choice(R.decision(s).options).key)


def _zones_in(key: str) -> set[str]:
    return {p for part in key.split(":") for p in part.split("|")} & set(C.zones.ids())


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_HH_12_1_HH_40_3_each_scenario_plays_to_a_victory(scenario: str) -> None:
    for seed in range(2):
        s = R.new({"scenario": scenario}, seed)
        rng = random.Random(seed)
        for _ in range(20_000):
            d = R.decision(s)
            if d is None:
                break
            R.apply(s, rng.choice(d.options).key)
        assert s.over and s.winner in (IMPERIUM, TRAITOR) and s.reason, (scenario, seed)


def test_HH_13_5_HH_13_9_setup_counts_follow_the_scenario() -> None:
    expected = {
        "brother_against_brother": (12, 4),
        "heresy_unheralded": (12, 4),
        "holy_terra_asunder": (8, 6),
        "fortune_favors_the_bold": (12, 4),
        "like_unto_gods": (12, 4),
        "cry_havoc": (8, 4),
    }
    for scenario, (corruption, bombardments) in expected.items():
        s = R.new({"scenario": scenario}, 0)
        _until(s, "heresy.corruption", random.Random(0))
        assert s.stack[-1].data["left"] == corruption, scenario
        play(s, "done")
        assert kind(s) == "heresy.bombard.zone" and s.stack[-1].data["left"] == bombardments


def test_HH_12_19_heresy_unheralded_deployment() -> None:
    s = R.new({"scenario": "heresy_unheralded"}, 5)
    assert kind(s) == "heresy.setup.deploy" and seat(s) == TRAITOR
    first = keys(s)
    assert all(k.startswith("warband:") for k in first) and len(first) == 4 * 4
    _until(s, "heresy.corruption", random.Random(5))
    on = Counter((u[0], u[1]) for us in s.units.values() for u in us)
    assert on[IMPERIUM, "imperial_army"] == 6 + 6 + 8  # spaceports, fortresses, any
    assert on[IMPERIUM, "imperial_tank_division"] == 4
    for unit_type, n in (("space_marines", 12), ("adeptus_custodes", 3),
                         ("adeptus_arbites", 3), ("adeptus_mechanicus", 3),
                         ("imperial_titan", 3)):  # fmt: skip
        assert on[IMPERIUM, unit_type] == n, unit_type
    assert len(s.lasers) == 6 and sum(s.lasers.values()) == 6  # six different zones
    assert s.reserve[IMPERIUM] == {"imperial_army": 4, "imperial_tank_division": 8}
    claimed = [z for z in ("lions_gate_spaceport", "eternity_wall_spaceport",
                           "spaceport_primus", "spaceport_damocles")
               if any(u[0] == TRAITOR for u in s.units.get(z, ()))]  # fmt: skip
    assert len(claimed) == 2
    for z in claimed:
        assert [u[0] for u in s.units[z]] == [TRAITOR] * 5  # a Warband + 4 units, no Imperial
    assert len(s.units["vs_command_bridge"]) == 3 and len(s.units["vs_catacombs"]) == 4
    assert s.heroes["horus"] == "vs_command_bridge"
    assert C.zones[s.heroes["the_emperor"]].kind == "palace"
    assert C.zones[s.heroes["fabricator_general"]].kind == "industrial_complex"
    for hero, legion in (("sanguinius", "blood_angels"), ("rogal_dorn", "imperial_fists"),
                         ("jaghatai_khan", "white_scars")):  # fmt: skip
        assert any(u[2] == legion for u in s.units[s.heroes[hero]])
    for zone, units in s.units.items():
        mine = [u for u in units if u[0] == IMPERIUM]
        assert len(mine) <= C.zones[zone].stacking_limit  # HH-38.3
        assert C.zones[zone].terra or not mine
    traitor_units = sum(n for (side, _), n in on.items() if side == TRAITOR)
    assert traitor_units == 2 + 3 + 4 + 8


def test_HH_12_5_impassable_zones_are_chosen_in_turn_and_never_adjacent() -> None:
    s = R.new({"scenario": "holy_terra_asunder"}, 2)
    never = {z.id for z in C.zones if z.never_impassable or not z.terra}
    assert never >= {"inner_palace", "vs_catacombs", "spaceport_primus"}
    chosen: list[str] = []
    for turn in (TRAITOR, IMPERIUM, TRAITOR, IMPERIUM):
        assert kind(s) == "heresy.setup.impassable" and seat(s) == turn
        zones = {k[5:] for k in keys(s)}
        assert not zones & never
        assert not any(C.graph.neighbours(z) & set(chosen) for z in zones)
        zone = sorted(zones)[0]
        play(s, f"zone:{zone}")
        chosen.append(zone)
    assert s.impassable == frozenset(chosen) and kind(s) == "heresy.setup.deploy"


@pytest.mark.parametrize("scenario", ["holy_terra_asunder", "cry_havoc"])
def test_HH_12_5_an_impassable_zone_is_never_entered_bombarded_or_targeted(scenario: str) -> None:
    for seed in range(2):
        s = R.new({"scenario": scenario}, seed)
        rng = random.Random(seed)
        while R.decision(s) is not None:
            d = R.decision(s)
            if d.kind != "heresy.setup.impassable":
                for o in d.options:
                    assert not _zones_in(o.key) & s.impassable, (d.kind, o.key)
            R.apply(s, rng.choice(d.options).key)
            for z in s.impassable:
                assert not s.units.get(z) and z not in s.heroes.values() and z not in s.lasers
        assert len(s.impassable) == 4 and s.over


def test_HH_12_5_a_fortress_made_impassable_loses_its_army() -> None:
    s = R.new({"scenario": "holy_terra_asunder"}, 0)
    play(s, "zone:tower_of_shadows")
    _until(s, "heresy.corruption", random.Random(1))
    assert "tower_of_shadows" in s.impassable and not s.units.get("tower_of_shadows")
    assert s.reserve[IMPERIUM]["imperial_army"] == 5  # 4 + the destroyed one (HH-40.18)


def test_HH_13_1_HH_13_2_event_decks_are_built_act_by_act() -> None:
    for scenario, sizes in (("holy_terra_asunder", (3, 5, 2)),
                            ("fortune_favors_the_bold", (3, 2, 5)),
                            ("brother_against_brother", (4, 4, 2))):  # fmt: skip
        s = R.new({"scenario": scenario}, 4)
        acts = Counter(a for a, _ in s.events)
        assert (acts[1], acts[2], acts[3]) == sizes, scenario
        assert [a for a, _ in s.events] == sorted(a for a, _ in s.events)  # Act I on top
        for act in C.scenarios[scenario].act:
            assert {c for a, c in s.events if a == act.n} <= set(act.cards)


def test_HH_13_4_cry_havoc_deals_ten_random_events() -> None:
    decks = {tuple(c for _, c in R.new({"scenario": "cry_havoc"}, n).events) for n in range(4)}
    assert all(len(d) == 10 for d in decks) and len(decks) > 1


def test_HH_13_4_like_unto_gods_drafts_its_event_deck() -> None:
    s = R.new({"scenario": "like_unto_gods"}, 3)
    rng = random.Random(3)
    _until(s, "heresy.setup.draft", rng)
    picked: dict[int, list[str]] = {TRAITOR: [], IMPERIUM: []}
    while kind(s) == "heresy.setup.draft":
        d = R.decision(s)
        assert d.private
        pool = "traitor" if d.seat == TRAITOR else "imperial"
        assert all(C.events[k[5:]].pool == pool for k in keys(s))
        key = keys(s)[0]
        picked[d.seat].append(key[5:])
        play(s, key)
    assert len(picked[TRAITOR]) == len(picked[IMPERIUM]) == 5  # the Traitor first
    acts = Counter(a for a, _ in s.events)
    assert (acts[1], acts[2], acts[3]) == (4, 4, 2)
    act3 = sorted(c for a, c in s.events if a == 3)
    assert act3 == sorted([picked[TRAITOR][4], picked[IMPERIUM][4]])
    assert all(C.events[c].pool != "not_used" for _, c in s.events)


def test_HH_13_13_the_traitor_puts_four_landing_orders_on_the_map() -> None:
    s = R.new({}, 1)
    _until(s, "heresy.setup.landing", random.Random(1))
    d = R.decision(s)
    assert d.private and set(keys(s)) == {"card:drop_pods", "card:port_landing"}
    for _ in range(4):
        play(s, keys(s)[0])
        play(s, keys(s)[0])
    placed = [c for p in s.piles.values() for c, owner, fresh in p if owner == TRAITOR]
    assert len(placed) == 4 and all(not f for p in s.piles.values() for _, _, f in p)
    landing = [c for c in s.hands[TRAITOR] if c.split("#")[0] in ("drop_pods", "port_landing")]
    assert not landing
    in_deck = [c for c in s.decks[TRAITOR] if c.split("#")[0] in ("drop_pods", "port_landing")]
    assert len(in_deck) == 6 - 4
    assert kind(s) == "heresy.action" and "action:map" in keys(s)  # FAQ: on turn one


def test_HH_13_13_extra_starting_orders() -> None:
    s = R.new({"scenario": "like_unto_gods"}, 2)
    rng = random.Random(2)
    _until(s, "heresy.setup.extra", rng)
    hands = [len(s.hands[IMPERIUM]), len(s.hands[TRAITOR])]
    for who in (TRAITOR, IMPERIUM):
        for _ in range(4):
            assert kind(s) == "heresy.setup.extra" and seat(s) == who
            play(s, keys(s)[-1])
    assert [len(s.hands[IMPERIUM]), len(s.hands[TRAITOR])] == [hands[0] + 4, hands[1] + 4]
    s = R.new({"scenario": "cry_havoc"}, 2)
    before = [3, 3]  # the starting orders left in hand after the landing orders
    _until(s, "heresy.action", random.Random(2))
    assert [len(s.hands[IMPERIUM]), len(s.hands[TRAITOR])] == [before[0] + 1, before[1] + 1]


def test_HH_12_5_special_tokens_lower_an_actions_cost() -> None:
    pos = {"track": {"imperium": 5, "traitor": 1}, "triggered": [3], "events": [],
           "hands": {"traitor": ["traitor_assault", "rapid_deployment", "skirmish"]},
           "units": [], "heroes": {}}  # fmt: skip
    s = game(pos, scenario="fortune_favors_the_bold")
    assert s.tokens == [3, 3]
    play(s, "action:hand", "card:traitor_assault", "sector:crucible")
    assert kind(s) == "heresy.token" and set(keys(s)) == {"token:spend", "token:keep"}
    play(s, "token:spend", "ignore")  # no target: the order is ignored, still paid
    assert s.tokens[TRAITOR] == 2 and s.pos[TRAITOR] == 1 + 2  # cost 3 - 1
    play(s, "action:hand", "card:rapid_deployment", "sector:crucible")  # cost 0: not asked
    assert kind(s) != "heresy.token"
    s = game({**pos, "tokens": {"traitor": 1}}, scenario="cry_havoc")
    play(s, "action:place", "card:skirmish", "pile:crucible", "token:spend")
    assert s.tokens[TRAITOR] == 0 and s.pos[TRAITOR] == 1  # placing for free (HH-14.9)
    play(s, "action:place", "card:traitor_assault", "pile:crucible")
    assert kind(s) == "heresy.action" and s.pos[TRAITOR] == 2  # no token left: not asked
    plain = game(pos)
    play(plain, "action:hand", "card:traitor_assault", "sector:crucible")
    assert kind(plain) != "heresy.token"  # Brother Against Brother has none


@pytest.mark.parametrize("scenario", SCENARIOS[1:])
def test_HH_12_5_setup_questions_read_as_names_in_both_languages(scenario: str) -> None:
    import re

    from arbitre.engine.i18n import has_message, translate

    ids = {*C.zones.ids(), *C.orders.ids(), *C.sectors.ids(), *C.events.ids()}
    pattern = re.compile(r"\b(" + "|".join(sorted(ids, key=len, reverse=True)) + r")\b")
    s = R.new({"scenario": scenario}, 7)
    rng = random.Random(7)
    for _ in range(250):
        d = R.decision(s)
        if d is None:
            break
        texts = [d.text, *(o.text for o in d.options)]
        R.apply(s, rng.choice(d.options).key)
        for m in [*texts, *R.events(s)]:
            assert has_message(m.key), m.key
            for lang in ("fr", "en"):
                shown = translate(m, lang).split(" [")[0]
                assert not pattern.search(shown), (m, shown)
