"""The five actions and the strategic map (HH-14.11..HH-19.14, HH-20.1..HH-21.4, HH-39)."""

from __future__ import annotations

from arbitre.games.heresy.state import ACTIVE, IMPERIUM, TRAITOR
from tests.heresy.flow_helpers import R, count, game, keys, play, unit

BASE = {"track": {"imperium": 3, "traitor": 1}, "triggered": [3], "heroes": {}}


def test_HH_14_12_place_an_order_costs_1() -> None:
    s = game({**BASE, "hands": {"traitor": ["drop_pods"]}})
    play(s, "action:place", "card:drop_pods", "pile:crucible")
    assert s.pos[TRAITOR] == 2 and s.piles["crucible"] == [("drop_pods", TRAITOR, True)]


def test_HH_19_3_an_order_placed_since_the_last_change_cannot_be_executed() -> None:
    pile = {"palace": [{"card": "firefight", "owner": "traitor", "fresh": True}]}
    s = game({**BASE, "piles": pile, "hands": {"traitor": ["drop_pods"]}})
    assert "action:map" not in keys(s)


def test_HH_19_1_executing_from_the_map_costs_1_and_recycles_reusable_orders() -> None:
    pile = {"palace": [{"card": "firefight", "owner": "traitor"}]}
    s = game({**BASE, "piles": pile})
    play(s, "action:map", "card:firefight", "ignore")
    assert s.pos[TRAITOR] == 2  # printed cost 2, paid 1
    assert s.card_reserve[TRAITOR] == ["firefight"] and s.piles["palace"] == []  # HH-20.2


def test_HH_18_5_only_your_own_top_card_can_be_executed() -> None:
    pile = {
        "palace": [
            {"card": "firefight", "owner": "traitor"},
            {"card": "redeploy", "owner": "imperium"},
        ]
    }
    s = game({**BASE, "piles": pile, "hands": {"traitor": ["drop_pods"]}})
    assert "action:map" not in keys(s)


def test_HH_14_14_executing_from_hand_costs_the_printed_cost() -> None:
    s = game({**BASE, "hands": {"traitor": ["firefight", "drop_pods"]}})
    play(s, "action:hand", "card:firefight", "sector:palace")
    assert any(m.key == "heresy.log.battle_stub" for m in R.events(s))  # the battle starts
    play(s, "ignore")
    assert s.pos[TRAITOR] == 3 and s.card_reserve[TRAITOR] == ["firefight"]


def test_HH_19_14_executed_orders_go_to_the_discard_pile() -> None:
    s = game({**BASE, "hands": {"traitor": ["drop_pods"]}})
    play(s, "action:hand", "card:drop_pods", "sector:crucible", "ignore")
    assert s.discards[TRAITOR] == ["drop_pods"] and s.pos[TRAITOR] == 3


def test_HH_19_12_ignoring_an_order_places_no_marker_but_costs_in_full() -> None:
    s = game({**BASE, "hands": {"traitor": ["traitor_assemble"]}})
    play(s, "action:hand", "card:traitor_assemble", "sector:palace", "ignore")
    assert s.marks[TRAITOR] == {} and s.pos[TRAITOR] == 2


def test_HH_14_15_bury_moves_the_top_card_to_the_bottom() -> None:
    pile = {
        "palace": [
            {"card": "redeploy", "owner": "imperium"},
            {"card": "firefight", "owner": "traitor"},
        ]
    }
    s = game({**BASE, "piles": pile})
    play(s, "action:bury", "pile:palace")
    assert [c for c, _o, _f in s.piles["palace"]] == ["firefight", "redeploy"]
    assert s.pos[TRAITOR] == 2


def test_HH_19_9_no_draw_with_six_cards_in_hand() -> None:
    hand = [
        "firefight",
        "drop_pods",
        "port_landing",
        "traitor_assault",
        "forced_march",
        "surprise_attack",
    ]
    s = game({**BASE, "hands": {"traitor": hand}, "decks": {"traitor": ["unnatural_vigor"]}})
    assert "action:draw" not in keys(s)


def test_HH_14_16_draw_from_the_deck_or_the_card_reserve() -> None:
    s = game(
        {**BASE, "decks": {"traitor": ["drop_pods"]}, "card_reserve": {"traitor": ["firefight"]}}
    )
    play(s, "action:draw")
    assert set(keys(s)) == {"deck", "card:firefight"}
    play(s, "card:firefight")
    assert s.hands[TRAITOR] == ["firefight"] and s.pos[TRAITOR] == 2


def test_HH_39_5_an_empty_deck_is_rebuilt_from_its_discard_pile() -> None:
    s = game({**BASE, "discards": {"traitor": ["drop_pods"]}})
    play(s, "action:draw", "deck")
    assert s.hands[TRAITOR] == ["drop_pods"] and s.discards[TRAITOR] == []


def test_HH_39_6_the_event_deck_is_never_reshuffled() -> None:
    s = game(
        {"track": {"imperium": 5, "traitor": 2}, "events": [], "hands": {"traitor": ["firefight"]}}
    )
    s.event_discard.append("command_decisions")
    play(s, "action:place", "card:firefight", "pile:palace")
    assert s.events == [] and s.event_discard == ["command_decisions"]


def test_HH_21_7_units_in_a_zone_activated_for_them_take_no_orders() -> None:
    s = game(
        {
            **BASE,
            "units": [unit("crucible_west", "chaos_warband", "traitor")],
            "activation": {"imperium": {"crucible_west": "activation"}},
            "hands": {"traitor": ["traitor_assemble"]},
        }
    )
    play(s, "action:hand", "card:traitor_assemble", "sector:crucible", "to:crucible_centre")
    assert "unit:crucible_west:chaos_warband" in keys(s)  # HH-21.9: the enemy's marker
    s2 = game(
        {
            **BASE,
            "units": [unit("crucible_west", "chaos_warband", "traitor")],
            "activation": {"traitor": {"crucible_west": "activation"}},
            "hands": {"traitor": ["traitor_assemble"]},
        }
    )
    play(s2, "action:hand", "card:traitor_assemble", "sector:crucible", "to:crucible_centre")
    assert keys(s2) == ["done"]


def test_HH_20_4_drop_pods_place_reserve_units_and_activate_the_zone() -> None:
    s = game(
        {
            **BASE,
            "hands": {"traitor": ["drop_pods"]},
            "reserve": {"traitor": {"chaos_space_marines": 4}},
        }
    )
    play(s, "action:hand", "card:drop_pods", "sector:crucible", "to:crucible_west", "from:reserve")
    play(s, *(["unit:reserve:chaos_space_marines"] * 3))
    assert not any(k.startswith("unit:") for k in keys(s))  # up to 3
    play(s, "done")
    assert count(s, "crucible_west", TRAITOR) == 3 and s.marks[TRAITOR] == {"crucible_west": ACTIVE}


def test_HH_20_6_no_drop_pods_into_an_enemy_palace_zone() -> None:
    s = game({**BASE, "hands": {"traitor": ["drop_pods"]}})
    play(s, "action:hand", "card:drop_pods", "sector:palace")
    assert "to:inner_palace" not in keys(s)  # held by the Custodes
    assert any(k.startswith("to:") for k in keys(s)) or keys(s) == ["ignore"]


def test_HH_20_3_port_landing_rank_limit_six_from_hand() -> None:
    s = game(
        {
            **BASE,
            "units": [],
            "hands": {"traitor": ["port_landing"]},
            "reserve": {"traitor": {"chaos_titan": 2, "chaos_cultists": 3}},
        }
    )
    play(
        s,
        "action:hand",
        "card:port_landing",
        "sector:volcanus",
        "to:spaceport_primus",
        "from:reserve",
    )
    play(s, "unit:reserve:chaos_titan")
    assert "unit:reserve:chaos_titan" not in keys(s)  # 4 + 4 > 6
    play(s, "unit:reserve:chaos_cultists", "unit:reserve:chaos_cultists")
    assert not any(k.startswith("unit:") for k in keys(s))
    play(s, "done")
    assert count(s, "spaceport_primus", TRAITOR) == 3
    assert IMPERIUM not in {u[0] for u in s.units.get("spaceport_primus", [])}
