"""The Hérésie d'Horus AI (games/heresy/ai/): legal, fair with hidden cards, sensible, and
better than random on both sides."""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.engine import get
from arbitre.engine.agents import RandomAgent, make_agent
from arbitre.engine.rng import Rng
from arbitre.games.heresy.ai import AGENTS, HeresyAI
from arbitre.games.heresy.ai.odds import Force, simulate
from arbitre.games.heresy.rules import Heresy
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, HeresyState

R: Heresy = get("heresy")  # type: ignore[assignment]
SCENARIOS = list(R.new({}, 0).content.scenarios.ids())


def _play(state: HeresyState, players: list[Any], limit: int = 5000) -> int:
    """Play to the end; the number of decisions."""
    n = 0
    while (d := R.decision(state)) is not None and n < limit:
        R.apply(state, players[d.seat].choose(R, state, d))
        n += 1
    return n


def test_ai_agents_are_registered() -> None:
    assert {"ai", "ai-easy"} <= set(R.agents())
    assert isinstance(make_agent(R, "ai", 3), HeresyAI)
    assert set(AGENTS) == {"ai", "ai-easy"}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_HH_39_8_ai_plays_every_scenario_to_a_victory(scenario: str) -> None:
    """Strict: every answer is the AI's own (no fallback) and offered; the game ends."""
    state = R.new({"scenario": scenario}, 7)
    imperium, traitor = HeresyAI(1, strict=True), HeresyAI(2, strict=True)
    _play(state, [imperium, traitor])
    result = R.result(state)
    assert result is not None and result.details["reason"] in ("attrition", "spaceports",
                                                                "commander")  # fmt: skip
    assert imperium.errors == 0 and traitor.errors == 0


def test_ai_choices_ignore_what_the_seat_cannot_see() -> None:
    """On many decisions of both seats, the AI answers alike on the state and on a
    determinized twin (the opponent's hands, deck orders, face-down orders, the Event and
    Bombardment decks resampled)."""
    checked = 0
    for seed, scenario in ((11, "brother_against_brother"), (12, "fortune_favors_the_bold")):
        state = R.new({"scenario": scenario}, seed)
        players: list[Any] = [HeresyAI(5), RandomAgent(seed)]
        if seed % 2:
            players.reverse()
        rng = Rng.from_seed(seed)
        n = 0
        while (d := R.decision(state)) is not None and n < 400:
            if isinstance(players[d.seat], HeresyAI) and len(d.options) > 1 and n % 3 == 0:
                twin = R.determinize(state, d.seat, rng)
                assert R.view(twin, d.seat) == R.view(state, d.seat)
                here = HeresyAI(9).choose(R, state, d)
                there_d = R.decision(twin)
                assert there_d is not None
                there = HeresyAI(9).choose(R, twin, there_d)
                assert here == there, (d.kind, here, there)
                checked += 1
            R.apply(state, players[d.seat].choose(R, state, d))
            n += 1
    assert checked >= 60


def _record(seat: int, games: int) -> int:
    wins = 0
    for seed in range(100, 100 + games):
        state = R.new({"scenario": "brother_against_brother"}, seed)
        players: list[Any] = [RandomAgent(seed), RandomAgent(seed + 1)]
        players[seat] = HeresyAI(seed)
        _play(state, players)
        result = R.result(state)
        assert result is not None
        wins += int(result.scores[seat] == 1.0)
    return wins


@pytest.mark.parametrize("seat", [IMPERIUM, TRAITOR])
def test_ai_beats_the_random_agent_on_each_side(seat: int) -> None:
    """A modest sample (benchmarks/heresy_ai.py measures every scenario): 14 of 16, the
    7-of-8 bar on twice the games (the balance tuning of docs/content.md changed which
    seeds of an 8-game window the Traitor loses; 29 of 30 on seeds 0-29)."""
    assert _record(seat, 16) >= 14


# --- sensible choices on set positions ------------------------------------------------------


def _combat(seed: int = 0) -> dict[str, Any]:
    """Both sides' Combat and Hero Combat decks as the setup shuffles them."""
    s = R.new({}, seed)
    seats = ("imperium", "traitor")
    return {
        "decks": {seats[i]: list(s.combat_decks[i]) for i in (0, 1)},
        "hero_decks": {seats[i]: list(s.hero_decks[i]) for i in (0, 1)},
    }


def _ports_position() -> dict[str, Any]:
    return {
        "track": {"imperium": 19, "traitor": 18},
        "triggered": list(range(1, 19)),
        "units": [
            {"zone": "eternity_wall_spaceport", "type": "chaos_space_marines", "count": 2},
            {"zone": "spaceport_primus", "type": "chaos_space_marines", "count": 2},
            {"zone": "lions_gate_spaceport", "type": "chaos_warband", "count": 2},
            {"zone": "spaceport_damocles", "type": "imperial_army"},
            {"zone": "black_ministry_north_west", "type": "chaos_space_marines", "count": 3},
            {"zone": "inner_palace", "type": "adeptus_custodes", "count": 3},
        ],
        "heroes": {"the_emperor": "inner_palace", "horus": "vs_command_bridge"},
        "hands": {"traitor": ["firefight", "traitor_assemble"], "imperium": ["redeploy"]},
        "combat": _combat(),
    }


def test_HH_40_1_ai_attacks_the_last_spaceport() -> None:
    """Three spaceports held and the fourth weakly guarded next to Chaos Space Marines:
    the Traitor attacks it, from the zone next to it."""
    state = R.new({"position": _ports_position()}, 3)
    ai = HeresyAI(0, strict=True)
    keys: list[str] = []
    while (d := R.decision(state)) is not None and d.seat == TRAITOR and len(keys) < 5:
        keys.append(ai.choose(R, state, d))
        R.apply(state, keys[-1])
    assert keys[0] == "action:hand" and keys[1] == "card:firefight"
    assert keys[2] == "sector:black_ministry" and keys[3] == "target:spaceport_damocles"


def test_HH_40_1_ai_wins_by_spaceports_when_it_can() -> None:
    """The same position played out by the AI on both sides ends in the Traitor's
    spaceport victory (the army cannot hold against three Chaos Space Marines)."""
    state = R.new({"position": _ports_position()}, 3)
    _play(state, [HeresyAI(1), HeresyAI(2)], limit=300)
    result = R.result(state)
    assert result is not None
    assert result.details["winner"] == "traitor" and result.details["reason"] == "spaceports"


def test_HH_13_7_ai_corrupts_a_spaceport_garrison_first() -> None:
    """Setup step 6 in Brother Against Brother: the first attempt is on a unit in a
    spaceport the Imperium holds (a turned unit there contests it)."""
    state = R.new({"scenario": "brother_against_brother"}, 4)
    d = R.decision(state)
    assert d is not None and d.kind == "heresy.corruption"
    key = HeresyAI(0, strict=True).choose(R, state, d)
    zone = key.split(":")[1]
    assert state.content.zones[zone].kind == "spaceport"


def test_HH_13_10_ai_bombards_imperial_units() -> None:
    state = R.new({"scenario": "brother_against_brother"}, 4)
    ai = HeresyAI(0, strict=True)
    while (d := R.decision(state)) is not None and d.kind == "heresy.corruption":
        R.apply(state, ai.choose(R, state, d))
    d = R.decision(state)
    assert d is not None and d.kind == "heresy.bombard.zone"
    zone = ai.choose(R, state, d).split(":")[1]
    assert any(u[0] == IMPERIUM for u in state.units.get(zone, ()))


# --- the battle model -------------------------------------------------------------------------


def _force(units: int, rank: int, cards: int) -> Force:
    pool = [(2, 1, 0.0, ""), (1, 2, 0.0, ""), (3, 0, 0.0, ""), (0, 3, 0.0, "")] * 4
    return Force(units=[(rank, float(rank))] * units, draws=cards, pool=pool)


def test_HH_30_9_model_a_strong_attack_clears_the_target() -> None:
    out = simulate(_force(4, 3, 6), _force(1, 1, 1), 6, 0, 0, Rng.from_seed(1), 40)
    assert out.cleared > 0.9 and out.loss[1] >= 0.9 and out.loss[0] < out.loss[1]


def test_HH_33_9_model_fortification_protects_the_defender() -> None:
    att, dfn = _force(3, 3, 5), _force(2, 2, 2)
    open_ground = simulate(att, dfn, 4, 0, 0, Rng.from_seed(2), 200)
    fortress = simulate(att, dfn, 4, 0, 2, Rng.from_seed(2), 200)
    assert fortress.loss[1] < open_ground.loss[1]
    assert fortress.cleared < open_ground.cleared


def _at(space: int, units: list[dict[str, Any]], **more: Any) -> HeresyState:
    """A position with both markers near `space`, the commanders at home, `units`."""
    position = {
        "track": {"imperium": space, "traitor": space - 1},
        "triggered": list(range(1, space + 1)),
        "units": units,
        "heroes": {"the_emperor": "inner_palace", "horus": "vs_command_bridge"},
        "combat": _combat(),
        **more,
    }
    return R.new({"position": position}, 3)


HELD = ("eternity_wall_spaceport", "spaceport_primus", "lions_gate_spaceport")


def test_HH_23_4_ai_air_transport_carries_units_to_its_destination() -> None:
    """Three spaceports held and a Thunderhawk beyond a crevasse from the fourth, empty
    and next to Imperial Armies: the Chaos Space Marines beside it cannot walk there
    (3 MP), so the AI picks them up, flies there and lands them (HH-23.4, HH-23.7)."""
    state = _at(
        11,
        [
            {"zone": "volcanus_east", "type": "chaos_thunderhawk"},
            {"zone": "volcanus_east", "type": "chaos_space_marines", "count": 2},
            {"zone": "black_ministry_north_west", "type": "imperial_army", "count": 2},
            {"zone": "inner_palace", "type": "adeptus_custodes", "count": 3},
            *({"zone": z, "type": "chaos_space_marines", "count": 2} for z in HELD),
        ],
        hands={"traitor": ["traitor_assemble"]},
    )
    ai = HeresyAI(0, strict=True)
    picked = []
    while (d := R.decision(state)) is not None and d.seat == TRAITOR:
        key = ai.choose(R, state, d)
        picked += [key] if key.startswith("pick:") else []
        R.apply(state, key)
    port = state.units.get("spaceport_damocles", [])
    assert len(picked) == 2
    assert sorted(u[1] for u in port if u[0] == TRAITOR) == [
        "chaos_space_marines",
        "chaos_space_marines",
        "chaos_thunderhawk",
    ]


def test_HH_20_4_ai_weighs_a_landing_in_the_sector_it_is_played_in() -> None:
    """The landing an order would make is looked for in each sector in turn (HH-20.4:
    a zone of the order's sector), not in whichever sector was weighed first."""
    from arbitre.games.heresy.ai.plans import Planner

    state = R.new({"scenario": "brother_against_brother"}, 5)
    ai = HeresyAI(0, strict=True)
    while (d := R.decision(state)) is not None and d.kind != "heresy.action":
        R.apply(state, ai.choose(R, state, d))
    planner: Planner = ai.planner(state, TRAITOR)
    targets = {}
    for sector in ("lions_gate", "volcanus", "black_ministry", "crucible"):
        _gain, landing = planner.execution("drop_pods", sector, False)
        assert landing is not None
        assert sector in state.content.zones[landing.target].sectors
        targets[sector] = landing.target
    assert len(set(targets.values())) == 4


def test_HH_12_5_ai_chooses_impassable_zones_for_its_side() -> None:
    """Holy Terra Asunder: the Traitor first removes one of the Imperium's walls (a
    fortified zone away from the spaceports and the Inner Palace); the Imperium then
    removes an approach to a spaceport or to the Inner Palace."""
    state = R.new({"scenario": "holy_terra_asunder"}, 2)
    ai = HeresyAI(0, strict=True)
    chosen = []
    while (d := R.decision(state)) is not None and d.kind == "heresy.setup.impassable":
        chosen.append((d.seat, ai.choose(R, state, d)[5:]))
        R.apply(state, f"zone:{chosen[-1][1]}")
    g = state.content.graph
    keys = {z.id for z in state.content.zones if z.kind == "spaceport"} | {"inner_palace"}
    assert len(chosen) == 4 and set(state.impassable) == {z for _s, z in chosen}
    for seat, zone in chosen:
        if seat == TRAITOR:
            assert state.content.zones[zone].fortified and not g.neighbours(zone) & keys
        else:
            assert g.neighbours(zone) & keys


def _aboard(horus_guard: int, discards: list[str]) -> HeresyState:
    """Horus on the command bridge with `horus_guard` Chaos Space Marines, three Imperial
    Titans on Terra; the Imperial discard pile as given."""
    units = [
        {"zone": "lions_gate_centre", "type": "imperial_titan", "count": 3},
        {"zone": "inner_palace", "type": "adeptus_custodes", "count": 3},
    ]
    if horus_guard:
        units.append({"zone": "vs_command_bridge", "type": "chaos_space_marines", "count": 3})
    return _at(5, units, discards={"imperium": discards})


def test_HH_21_24_ai_weighs_a_boarding_action_against_horus() -> None:
    """Boarding Action brings Imperial units from anywhere on Terra into one zone of the
    Vengeful Spirit (HH-21.24, HH-37.14): Horus left alone aboard is in danger, guarded
    less so, and not at all once the Imperium has spent its only copy."""
    from arbitre.games.heresy.ai.context import Ctx
    from arbitre.games.heresy.ai.evaluate import Board

    def danger(guard: int, discards: list[str]) -> float:
        board = Board(Ctx(_aboard(guard, discards), TRAITOR))
        return board._threat("vs_command_bridge", TRAITOR, 6.0)

    alone, guarded = danger(0, []), danger(3, [])
    assert alone > 3 * guarded > 0.0
    assert danger(0, ["boarding_action"]) == 0.0


def test_HH_40_1_ai_holds_a_spaceport_it_can_take_back() -> None:
    """A spaceport held with strength next to it to win it back is worth more than the
    same spaceport left empty, even under the threat of a landing (HH-20.3, HH-40.1),
    so the AI no longer clears a spaceport and stays outside it."""
    from arbitre.games.heresy.ai.context import Ctx
    from arbitre.games.heresy.ai.evaluate import Board

    state = _at(
        12,
        [
            {"zone": "lions_gate_spaceport", "type": "space_marines"},
            {"zone": "lions_gate_centre", "type": "imperial_titan", "count": 2},
            {"zone": "inner_palace", "type": "adeptus_custodes", "count": 3},
            *({"zone": z, "type": "chaos_space_marines", "count": 3} for z in HELD[:2]),
            {"zone": "spaceport_damocles", "type": "chaos_space_marines", "count": 3},
            {"zone": "vs_catacombs", "type": "chaos_space_marines", "count": 6},
        ],
    )
    board = Board(Ctx(state, IMPERIUM))
    held = board.value()
    marine = board.units["lions_gate_spaceport"][0]
    board.take("lions_gate_spaceport", marine)
    board.add("lions_gate_centre", marine)
    assert held > board.value()
