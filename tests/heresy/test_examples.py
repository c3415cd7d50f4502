"""The rulebook's worked examples (digest §23) for the round, orders and movement."""

from __future__ import annotations

from typing import Any

from arbitre.games.heresy.state import ACTIVE, IMPERIUM, TRAITOR, HeresyState
from tests.heresy.flow_helpers import R, count, game, keys, kind, play, seat, unit

LOW = [3, 6]  # event spaces below 7 already used, so only the tested icons trigger


def test_EX_14_1_landing_on_the_opponent_puts_the_marker_on_top_without_change() -> None:
    s = game({"track": {"imperium": 5, "traitor": 4}, "hands": {"traitor": ["firefight"]}})
    assert seat(s) == TRAITOR
    play(s, "action:place", "card:firefight", "pile:palace")
    assert s.pos == [5, 5] and s.top == TRAITOR
    assert s.piles["palace"] == [("firefight", TRAITOR, True)]
    assert not any(m.key == "heresy.log.initiative_change" for m in R.events(s))
    assert seat(s) == TRAITOR  # EX-15.1: the tie goes to the marker on top


def test_EX_15_1_passing_the_opponent_changes_the_initiative() -> None:
    s = game(
        {
            "track": {"imperium": 5, "traitor": 5, "top": "traitor"},
            "hands": {"traitor": ["firefight", "drop_pods"]},
            "piles": {"crucible": [{"card": "port_landing", "owner": "traitor", "fresh": True}]},
            "triggered": LOW,
        }
    )
    play(s, "action:place", "card:firefight", "pile:palace")
    assert s.pos == [5, 6]
    assert any(m.key == "heresy.log.initiative_change" for m in R.events(s))
    assert all(not fresh for pile in s.piles.values() for _c, _o, fresh in pile)  # HH-19.3
    assert seat(s) == IMPERIUM and s.current == IMPERIUM


def test_EX_15_2_phases_resolve_in_the_order_reached() -> None:
    s = game(
        {
            "track": {"imperium": 4, "traitor": 5},
            "hands": {"imperium": ["onslaught"], "traitor": ["firefight"]},
            "decks": {"imperium": ["redeploy"]},
            "events": ["command_decisions", "apocalypse_rains_down"],
            "triggered": [3],
        }
    )
    play(s, "action:hand", "card:onslaught", "sector:palace", "ignore")
    assert s.pos[IMPERIUM] == 7
    assert s.event_discard == ["command_decisions"]  # the Event phase came first
    assert kind(s) == "heresy.order_draw.discard"  # then the Order Draw phase
    assert {6, 7} <= s.triggered


def test_EX_16_1_landing_on_an_event_draws_the_top_event_card() -> None:
    s = game(
        {
            "track": {"imperium": 4, "traitor": 9},
            "hands": {"imperium": ["redeploy", "onslaught"]},
            "events": ["command_decisions"],
            "triggered": [3],
        }
    )
    play(s, "action:hand", "card:redeploy", "sector:palace", "ignore")
    assert s.pos[IMPERIUM] == 6
    assert s.event_discard == ["command_decisions"] and s.events == []
    assert any(m.key == "heresy.log.event" and m.rule == "HH-16.2" for m in R.events(s))


def test_EX_17_1_order_draw_discard_recover_refill() -> None:
    s = game(
        {
            "track": {"imperium": 8, "traitor": 6},
            "hands": {"traitor": ["traitor_assemble", "firefight", "drop_pods", "port_landing"]},
            "card_reserve": {
                "traitor": ["traitor_assault", "firefight#2", "traitor_assault#2", "firefight#3"]
            },
            "decks": {"traitor": ["forced_march", "unnatural_vigor", "surprise_attack"]},
            "triggered": LOW,
        }
    )
    play(s, "action:place", "card:traitor_assemble", "pile:palace")
    assert kind(s) == "heresy.order_draw.discard" and seat(s) == TRAITOR
    play(s, "card:firefight", "card:drop_pods", "done")
    assert "firefight" in s.card_reserve[TRAITOR] and s.discards[TRAITOR] == ["drop_pods"]
    assert kind(s) == "heresy.order_draw.recover"
    play(s, "card:traitor_assault", "card:firefight#2", "done")
    assert len(s.hands[TRAITOR]) == 6  # 1 kept + 2 recovered + 3 drawn
    assert s.decks[TRAITOR] == []


def test_EX_18_1_an_order_from_a_pile_acts_in_that_sector() -> None:
    s = game(
        {
            "track": {"imperium": 2, "traitor": 1},
            "units": [unit("black_ministry_east", "chaos_space_marines", "traitor")],
            "piles": {"black_ministry": [{"card": "traitor_assemble", "owner": "traitor"}]},
        }
    )
    play(s, "action:map", "card:traitor_assemble")
    dests = {k[3:] for k in keys(s) if k.startswith("to:")}
    assert dests == set(s.content.graph.sector_zones("black_ministry"))
    assert len(dests) == 9


def test_EX_19_1_an_order_moves_only_the_executing_players_units() -> None:
    s = game(
        {
            "units": [
                unit("lions_gate_centre", "imperial_army", "imperium"),
                unit("lions_gate_north", "chaos_warband", "traitor"),
            ],
            "track": {"imperium": 1, "traitor": 2},
            "hands": {"imperium": ["imperial_assemble"]},
        }
    )
    play(s, "action:hand", "card:imperial_assemble", "sector:lions_gate", "to:lions_gate_east")
    movers = [k for k in keys(s) if k.startswith("unit:")]
    assert movers == ["unit:lions_gate_centre:imperial_army"]


def _assemble(from_map: bool) -> HeresyState:
    pos: dict[str, Any] = {
        "units": [unit("lions_gate_north", "chaos_space_marines", "traitor", tag="world_eaters")],
        "track": {"imperium": 3, "traitor": 1},
        "triggered": [3],
    }
    if from_map:
        pos["piles"] = {"lions_gate": [{"card": "traitor_assemble", "owner": "traitor"}]}
        s = game(pos)
        play(s, "action:map", "card:traitor_assemble")
    else:
        pos["hands"] = {"traitor": ["traitor_assemble"]}
        s = game(pos)
        play(s, "action:hand", "card:traitor_assemble", "sector:lions_gate")
    play(
        s,
        "to:lions_gate_spaceport",
        "unit:lions_gate_north:chaos_space_marines/world_eaters",
        "done",
    )
    return s


def test_EX_20_1_strategic_effect_only_from_the_map() -> None:
    from_hand = _assemble(False)
    assert from_hand.marks[TRAITOR] == {"lions_gate_spaceport": ACTIVE}
    from_map = _assemble(True)
    assert from_map.marks[TRAITOR] == {}
    assert count(from_map, "lions_gate_spaceport", TRAITOR) == 1


def test_EX_21_2_moving_into_an_activated_zone_adds_no_second_marker() -> None:
    s = game(
        {
            "units": [unit("lions_gate_north", "chaos_warband", "traitor")],
            "activation": {"traitor": {"lions_gate_centre": "rout"}},
            "hands": {"traitor": ["traitor_assemble"]},
            "track": {"imperium": 3, "traitor": 1},
            "triggered": [3],
        }
    )
    play(s, "action:hand", "card:traitor_assemble", "sector:lions_gate", "to:lions_gate_centre")
    play(s, "unit:lions_gate_north:chaos_warband", "done")
    assert count(s, "lions_gate_centre", TRAITOR) == 1
    assert s.marks[TRAITOR] == {"lions_gate_centre": 2}  # still the one rout marker


EX22 = [
    unit("lions_gate_north", "chaos_space_marines", "traitor", tag="world_eaters"),
    unit("lions_gate_centre", "chaos_warband", "traitor"),
    unit("plateau_south_east", "chaos_space_marines", "traitor", tag="death_guard"),
    unit("plateau_south_east", "daemon_horde", "traitor"),
    unit("black_ministry_north_west", "chaos_space_marines", "traitor", tag="emperors_children"),
    unit("citadel_of_justice", "imperial_army", "imperium"),
    unit("forbidden_fortress", "space_marines", "imperium"),
]


def _ex22(extra: list[dict[str, Any]] | None = None) -> HeresyState:
    s = game(
        {
            "units": EX22 + (extra or []),
            "activation": {"traitor": {"lions_gate_centre": "activation"}},
            "hands": {"traitor": ["traitor_assemble"]},
            "track": {"imperium": 3, "traitor": 1},
            "triggered": [3],
        }
    )
    play(s, "action:hand", "card:traitor_assemble", "sector:lions_gate")
    return s


def test_EX_22_1_who_may_move_with_rassembler() -> None:
    s = _ex22()
    assert "to:citadel_of_justice" not in keys(s)  # an enemy zone is no destination
    play(s, "to:lions_gate_spaceport")
    movers = set(keys(s))
    assert "unit:lions_gate_north:chaos_space_marines/world_eaters" in movers
    assert "unit:plateau_south_east:chaos_space_marines/death_guard" in movers
    assert "unit:lions_gate_centre:chaos_warband" not in movers  # activated zone
    assert "unit:plateau_south_east:daemon_horde" not in movers  # crevasse: 3 MP needed
    assert not any("emperors_children" in k for k in movers)  # only route: enemy zone
    play(
        s,
        "unit:lions_gate_north:chaos_space_marines/world_eaters",
        "unit:plateau_south_east:chaos_space_marines/death_guard",
        "done",
    )
    assert count(s, "lions_gate_spaceport", TRAITOR) == 2
    assert s.marks[TRAITOR]["lions_gate_spaceport"] == ACTIVE


def test_EX_23_1_thunderhawk_carries_through_an_enemy_zone() -> None:
    s = _ex22([unit("black_ministry_west", "chaos_thunderhawk", "traitor")])
    play(s, "to:lions_gate_spaceport", "unit:black_ministry_west:chaos_thunderhawk")
    play(s, "fly:black_ministry_north_west", "pick:chaos_space_marines/emperors_children")
    play(s, "fly:citadel_of_justice")
    assert not any(k.startswith("drop:") or k == "land" for k in keys(s))  # enemy zone
    play(s, "fly:lions_gate_east", "drop:chaos_space_marines/emperors_children")
    play(s, "fly:lions_gate_centre", "fly:lions_gate_spaceport", "land", "done")
    assert count(s, "lions_gate_east", TRAITOR) == 1
    assert count(s, "lions_gate_spaceport", TRAITOR, "chaos_thunderhawk") == 1
    assert "lions_gate_east" not in s.marks[TRAITOR]
    assert "lions_gate_spaceport" in s.marks[TRAITOR]


def test_EX_23_2_a_thunderhawk_carries_at_most_two_units() -> None:
    s = _ex22(
        [
            unit("lions_gate_west", "chaos_thunderhawk", "traitor"),
            unit("lions_gate_west", "chaos_cultists", "traitor", 3),
        ]
    )
    play(s, "to:lions_gate_spaceport", "unit:lions_gate_west:chaos_thunderhawk")
    play(s, "pick:chaos_cultists", "pick:chaos_cultists")
    assert not any(k.startswith("pick:") for k in keys(s))


def test_EX_39_1_stacking_is_only_checked_at_an_initiative_change() -> None:
    s = game(
        {
            "units": [unit("vs_command_bridge", "space_marines", "imperium", 5)],
            "track": {"imperium": 5, "traitor": 4},
            "hands": {"traitor": ["firefight"]},
        }
    )
    play(s, "action:place", "card:firefight", "pile:palace")  # no change: no check
    assert count(s, "vs_command_bridge", IMPERIUM) == 5


def test_EX_40_1_spaceport_victory_when_a_marker_reaches_space_17() -> None:
    ports = [
        "eternity_wall_spaceport",
        "lions_gate_spaceport",
        "spaceport_damocles",
        "spaceport_primus",
    ]
    s = game(
        {
            "units": [unit(z, "chaos_warband", "traitor") for z in ports],
            "track": {"imperium": 16, "traitor": 16, "top": "traitor"},  # neither on 17 yet
            "hands": {"traitor": ["firefight"]},
            "triggered": list(range(1, 17)),
        }
    )
    play(s, "action:place", "card:firefight", "pile:palace")
    result = R.result(s)
    assert result is not None and result.details["winner"] == "traitor"
    assert result.details["reason"] == "spaceports"
