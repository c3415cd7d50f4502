"""Setup (HH-12, HH-13), the round (HH-14, HH-15), the actions (HH-18, HH-19) and the
special phases (HH-16, HH-17), each rule built from a position."""

from __future__ import annotations

from typing import Any

from arbitre.games.heresy.board import FRIENDLY, activate, zone_type
from arbitre.games.heresy.setup import order_instances
from arbitre.games.heresy.state import IMPERIUM, SIDE_NAMES, TRAITOR, HeresyState
from tests.heresy.flow_helpers import R, count, game, keys, kind, past_setup, play, seat, unit

BASE = {"track": {"imperium": 3, "traitor": 1}, "triggered": [3], "heroes": {}}


def _logged(s: HeresyState, key: str) -> bool:
    return any(m.key == key for m in R.events(s))


# --- setup (§4) ---------------------------------------------------------------------


def test_HH_12_1_HH_12_5_the_chosen_scenario_sets_up_the_game() -> None:
    s = game(scenario="brother_against_brother")
    assert s.scenario == "brother_against_brother"
    placed = {p.zone for p in s.content.scenarios["brother_against_brother"].placement}
    assert placed == {z for z, v in s.units.items() if v} | {
        z for z in s.heroes.values() if z
    } | set(s.lasers)


def test_HH_12_2_the_default_scenario_is_frere_contre_frere() -> None:
    s = game()
    assert s.scenario == "brother_against_brother"
    assert s.content.scenarios[s.scenario].name_fr == "Frère contre Frère"


def test_HH_12_6_fortified_zones_of_the_plastic_pieces_allow_three_units() -> None:
    s = game()
    kinds = {"palace", "fortress", "industrial_complex"}
    for z in s.content.zones:
        if z.kind in kinds:
            assert z.stacking_limit == 3, z.id


def test_HH_12_9_each_player_takes_the_pieces_of_his_side() -> None:
    s = game()
    for seat_ in (IMPERIUM, TRAITOR):
        for t in s.reserve[seat_]:
            assert s.content.units[t].side == SIDE_NAMES[seat_]
    for units in s.units.values():
        for u in units:
            assert s.content.units[u[1]].side == SIDE_NAMES[u[0]]


def test_HH_12_10_the_loyalist_holds_the_defense_lasers() -> None:
    s = game()
    assert s.lasers
    for zone in s.lasers:
        assert zone_type(s, zone, IMPERIUM) == FRIENDLY


def test_HH_12_13_hero_damage_starts_on_the_first_space() -> None:
    s = game()
    assert set(s.hero_damage) == set(s.content.heroes.ids())
    assert all(n == 0 for n in s.hero_damage.values())


def test_HH_12_17_AMB_29_activation_markers_never_run_out() -> None:
    s = game()
    zones = list(s.content.zones.ids())
    assert len(zones) > 29
    assert all(activate(s, z, TRAITOR) for z in zones)


def test_HH_12_18_HH_13_14_each_side_gets_its_whole_order_deck() -> None:
    s = game()
    for seat_ in (IMPERIUM, TRAITOR):
        assert sorted(s.hands[seat_] + s.decks[seat_]) == sorted(order_instances(s.content, seat_))


def test_HH_12_20_everything_not_placed_is_in_the_reserve() -> None:
    s = game()
    for t in s.content.units:
        side = SIDE_NAMES.index(t.side)
        on_map = sum(count(s, z, side, t.id) for z in s.units)
        if t.id in ("traitor_army", "traitor_tank_division"):  # spare bases (HH-12.8)
            assert on_map + s.reserve[side].get(t.id, 0) == 0, t.id
            continue
        assert on_map + s.reserve[side].get(t.id, 0) == t.count, t.id
    assert s.heroes["fulgrim"] == "" and s.heroes["magnus_the_red"] == ""


def test_HH_13_1_HH_13_2_the_event_deck_is_made_of_the_scenarios_acts() -> None:
    s = game()
    sc = s.content.scenarios[s.scenario]
    for act in sc.act:
        drawn = sorted(c for a, c in s.events if a == act.n)
        size = act.use or len(act.cards)
        assert len(drawn) == size and all(c in act.cards for c in drawn)
    orders = {tuple(c for _, c in game(seed=n).events[:4]) for n in range(6)}
    assert len(orders) > 1  # each act shuffled


def test_HH_13_15_the_traitor_plays_first() -> None:
    s = past_setup(game())  # setup steps 6 and 7 are the Traitor's choices too
    assert seat(s) == TRAITOR and s.current == TRAITOR and kind(s) == "heresy.action"


# --- the round (§5) -----------------------------------------------------------------


def test_HH_14_1_both_markers_start_on_the_first_space() -> None:
    assert game().pos == [1, 1]


def test_HH_14_2_HH_19_6_each_initiative_point_moves_the_marker_one_space() -> None:
    s = game({**BASE, "track": {"imperium": 1, "traitor": 5}, "hands": {"imperium": ["redeploy"]}})
    play(s, "action:hand", "card:redeploy", "sector:palace", "ignore")
    assert s.pos[IMPERIUM] == 3  # printed cost 2


def test_HH_14_3_HH_14_8_a_new_round_follows_each_round() -> None:
    s = game({**BASE, "hands": {"traitor": ["drop_pods", "firefight"]}})
    r = s.round
    play(s, "action:place", "card:drop_pods", "pile:crucible")
    assert s.round == r + 1 and kind(s) == "heresy.action"


def test_HH_14_5_on_a_shared_space_the_marker_on_top_is_current() -> None:
    assert seat(game({"track": {"imperium": 5, "traitor": 5, "top": "traitor"}})) == TRAITOR
    assert seat(game({"track": {"imperium": 5, "traitor": 5, "top": "imperium"}})) == IMPERIUM


def test_HH_14_6_HH_15_5_HH_16_3_the_current_player_is_fixed_for_the_round() -> None:
    s = game(
        {
            "track": {"imperium": 6, "traitor": 6, "top": "traitor"},
            "triggered": [3, 6],
            "hands": {"traitor": ["drop_pods", "firefight"], "imperium": ["redeploy"]},
        }
    )
    play(s, "action:place", "card:drop_pods", "pile:crucible")  # 6 -> 7: change, Order Draw
    assert s.current == TRAITOR and kind(s) == "heresy.order_draw.discard"
    assert seat(s) == TRAITOR  # the current player starts each sub-step (HH-16.3)
    play(s, "done")
    assert seat(s) == IMPERIUM


def test_HH_14_7_HH_15_3_HH_15_6_action_advance_change_then_special_phases() -> None:
    s = game(
        {
            "track": {"imperium": 6, "traitor": 6, "top": "traitor"},
            "triggered": [3, 6],
            "units": [
                unit("tower_of_shadows", "space_marines", "imperium", 4),
                unit("crucible_west", "chaos_warband", "traitor"),
                unit("crucible_west", "imperial_army", "imperium"),
            ],
            "hands": {"traitor": ["drop_pods"], "imperium": ["redeploy"]},
        }
    )
    play(s, "action:place", "card:drop_pods", "pile:crucible")
    assert s.pos[TRAITOR] == 7  # advance
    assert _logged(s, "heresy.log.coexistence_stub")  # change: coexistence first
    assert kind(s) == "heresy.stacking" and seat(s) == IMPERIUM  # then stacking
    play(s, "unit:tower_of_shadows:space_marines")
    assert kind(s) == "heresy.order_draw.discard"  # then the special phase


def test_HH_14_9_HH_19_6_an_action_costing_zero_does_not_move_the_marker() -> None:
    s = game(
        {
            **BASE,
            "track": {"imperium": 1, "traitor": 5},
            "hands": {"imperium": ["rapid_deployment"]},
        },
    )
    assert s.content.orders["rapid_deployment"].cost == 0
    play(s, "action:hand", "card:rapid_deployment", "sector:palace", "ignore")
    assert s.pos[IMPERIUM] == 1 and seat(s) == IMPERIUM


def test_HH_14_10_landing_on_the_opponent_puts_the_marker_on_top() -> None:
    s = game({"track": {"imperium": 2, "traitor": 3}, "hands": {"imperium": ["redeploy"]}})
    play(s, "action:place", "card:redeploy", "pile:palace")
    assert s.pos == [3, 3] and s.top == IMPERIUM


def test_HH_15_2_a_change_only_when_the_current_marker_is_passed_or_under() -> None:
    s = game(
        {
            "events": [],  # the Event at 3 draws nothing (AMB-19)
            "track": {"imperium": 2, "traitor": 3},
            "hands": {"imperium": ["redeploy", "imperial_assemble"]},
        }
    )
    play(s, "action:place", "card:redeploy", "pile:palace")  # on top at 3: no change
    assert s.piles["palace"][-1][2] is True and seat(s) == IMPERIUM
    play(s, "action:place", "card:imperial_assemble", "pile:crucible")  # passes: change
    assert s.piles["palace"][-1][2] is False and seat(s) == TRAITOR


def test_HH_15_8_no_icon_reached_no_special_phase() -> None:
    s = game({"track": {"imperium": 4, "traitor": 9}, "hands": {"imperium": ["redeploy"]}})
    events = list(s.events)
    play(s, "action:place", "card:redeploy", "pile:palace")  # 4 -> 5: no icon
    assert s.events == events and kind(s) == "heresy.action"


def test_HH_15_9_reached_icons_are_recorded_and_shown() -> None:
    s = game({"track": {"imperium": 2, "traitor": 9}, "hands": {"imperium": ["redeploy"]}})
    play(s, "action:place", "card:redeploy", "pile:palace")  # reaches the Event at 3
    assert 3 in s.triggered and 3 in R.view(s, TRAITOR)["track"]["triggered"]


# --- the five actions (§6) ------------------------------------------------------------


def test_HH_14_11_the_five_actions() -> None:
    pile = {"palace": [{"card": "firefight", "owner": "traitor"}]}
    s = game(
        {
            **BASE,
            "piles": pile,
            "hands": {"traitor": ["drop_pods"]},
            "decks": {"traitor": ["port_landing"]},
        }
    )
    assert set(keys(s)) == {f"action:{a}" for a in ("place", "map", "hand", "bury", "draw")}


def test_HH_14_13_an_order_executed_from_the_map_is_discarded_after_paying() -> None:
    pile = {"crucible": [{"card": "forced_march", "owner": "traitor"}]}
    s = game({**BASE, "units": [], "piles": pile})
    play(s, "action:map", "card:forced_march", "ignore")
    assert s.discards[TRAITOR] == ["forced_march"] and s.pos[TRAITOR] == 2


def test_HH_18_1_HH_18_2_HH_18_3_a_placed_order_covers_the_pile_face_down() -> None:
    pile = {"crucible": [{"card": "drop_pods", "owner": "traitor"}]}
    s = game({**BASE, "piles": pile, "hands": {"traitor": ["port_landing"]}})
    play(s, "action:place", "card:port_landing", "pile:crucible")
    assert s.piles["crucible"][-1] == ("port_landing", TRAITOR, True)
    assert s.hands[TRAITOR] == [] and s.pos[TRAITOR] == 2
    assert R.view(s, IMPERIUM)["piles"]["crucible"][-1]["card"] is None


def test_HH_18_4_pile_sizes_and_owners_are_public() -> None:
    pile = {
        "crucible": [
            {"card": "drop_pods", "owner": "traitor"},
            {"card": "redeploy", "owner": "imperium"},
        ]
    }
    s = game({**BASE, "piles": pile})
    seen = R.view(s, IMPERIUM)["piles"]["crucible"]
    assert [p["owner"] for p in seen] == ["traitor", "imperium"]


def test_HH_19_2_an_order_under_another_cannot_be_executed() -> None:
    pile = {
        "crucible": [
            {"card": "traitor_assemble", "owner": "traitor"},
            {"card": "drop_pods", "owner": "traitor"},
        ]
    }
    s = game({**BASE, "piles": pile})
    play(s, "action:map")
    assert keys(s) == ["card:drop_pods"]


def test_HH_19_4_new_orders_are_marked_until_the_next_change() -> None:
    s = game(
        {
            "events": [],  # the Event at 3 draws nothing (AMB-19)
            "track": {"imperium": 2, "traitor": 3},
            "hands": {"imperium": ["redeploy", "imperial_assemble"]},
        }
    )
    play(s, "action:place", "card:redeploy", "pile:palace")
    assert R.view(s, TRAITOR)["piles"]["palace"][-1]["fresh"] is True
    play(s, "action:place", "card:imperial_assemble", "pile:crucible")
    assert R.view(s, TRAITOR)["piles"]["palace"][-1]["fresh"] is False


def test_HH_19_5_HH_19_11_from_hand_the_player_picks_any_sector() -> None:
    s = game({**BASE, "hands": {"traitor": ["firefight"]}})
    play(s, "action:hand", "card:firefight")
    assert {k[7:] for k in keys(s)} == set(s.content.sectors.ids())
    play(s, "sector:volcanus", "ignore")
    assert s.card_reserve[TRAITOR] == ["firefight"]  # reusable


def test_HH_19_7_bury_any_pile_even_the_opponents_card() -> None:
    pile = {
        "palace": [
            {"card": "drop_pods", "owner": "traitor"},
            {"card": "redeploy", "owner": "imperium"},
        ]
    }
    s = game({**BASE, "piles": pile, "hands": {"traitor": ["port_landing"]}})
    play(s, "action:bury", "pile:palace")
    assert s.piles["palace"] == [("redeploy", IMPERIUM, False), ("drop_pods", TRAITOR, False)]
    assert s.pos[TRAITOR] == 2
    assert R.view(s, TRAITOR)["piles"]["palace"][0]["card"] is None  # never seen


def test_HH_19_8_draw_the_deck_top_or_a_reserve_card_of_your_choice() -> None:
    s = game(
        {
            **BASE,
            "decks": {"traitor": ["drop_pods", "port_landing"]},
            "card_reserve": {"traitor": ["firefight"]},
        }
    )
    play(s, "action:draw")
    assert set(keys(s)) == {"deck", "card:firefight"}
    play(s, "deck")
    assert s.hands[TRAITOR] == ["drop_pods"] and s.pos[TRAITOR] == 2


# --- special phases (§7) --------------------------------------------------------------


def test_HH_16_1_HH_17_1_event_cards_have_a_title_and_an_effect() -> None:
    s = game()
    for ev in s.content.events:
        assert ev.id and (ev.name_fr or ev.name_en)


def _order_draw(**extra: Any) -> HeresyState:
    pos: dict[str, Any] = {
        "track": {"imperium": 6, "traitor": 9},
        "triggered": [3, 6],
        "hands": {"imperium": ["redeploy", "imperial_assemble"]},
        "decks": {
            "imperium": [
                "onslaught",
                "imperial_assault",
                "tank_reinforcements",
                "secret_routes",
                "boarding_action",
            ]
        },
        "card_reserve": {"imperium": ["imperial_assemble#2"]},
    }
    pos.update(extra)
    s = game(pos)
    play(s, "action:place", "card:imperial_assemble", "pile:palace")  # 6 -> 7
    return s


def test_HH_16_4_HH_20_2_discarded_reusable_orders_go_to_the_card_reserve() -> None:
    s = _order_draw()
    assert kind(s) == "heresy.order_draw.discard" and seat(s) == IMPERIUM
    play(s, "card:redeploy")
    assert "redeploy" in s.card_reserve[IMPERIUM] and "redeploy" not in s.discards[IMPERIUM]


def test_HH_16_5_recover_reserve_cards_up_to_six_in_hand() -> None:
    s = _order_draw()
    play(s, "done")  # Imperium discards nothing
    assert kind(s) == "heresy.order_draw.recover" and seat(s) == IMPERIUM
    play(s, "card:imperial_assemble#2")
    assert "imperial_assemble#2" in s.hands[IMPERIUM]


def test_HH_16_6_refill_to_six_from_the_order_deck() -> None:
    s = _order_draw()
    play(s, "done", "done")
    assert len(s.hands[IMPERIUM]) == 6 and len(s.decks[IMPERIUM]) == 0
