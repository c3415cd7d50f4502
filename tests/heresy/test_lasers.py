"""Defense lasers (HH-36.10..HH-37.2, AMB-11, EX-37.1, EX-32.1)."""

from __future__ import annotations

from typing import Any

from arbitre.games.heresy import lasers
from arbitre.games.heresy.board import NEUTRAL, zone_type
from arbitre.games.heresy.rules import settle
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, HeresyState
from tests.heresy.flow_helpers import count, game, keys, kind, logged, play, seat, unit

PORT = "eternity_wall_spaceport"
EX_37_1_LASERS = {
    "tower_of_shadows": 1,
    "imperial_fists_fortress_monastery": 1,
    "outer_palace_sw": 1,
}
EX_37_1_DECK = ["rulebook_p37_1", "rulebook_p37_2", "rulebook_p37_3", "rulebook_p6"]


def _port_landing(lasers_at: dict[str, int], deck: list[str], **extra: Any) -> HeresyState:
    """EX-37.1: the Traitor executes Atterrissage au Port from hand on the Eternity Wall
    spaceport with a Khorne Titan, Nurgle and Tzeentch Cultists (ranks 4 + 1 + 1 = 6)."""
    pos: dict[str, Any] = {
        "track": {"imperium": 5, "traitor": 4},
        "triggered": [3],
        "units": [
            unit("vs_catacombs", "chaos_titan", "traitor", tag="khorne"),
            unit("vs_catacombs", "chaos_cultists", "traitor", tag="nurgle"),
            unit("vs_catacombs", "chaos_cultists", "traitor", tag="tzeentch"),
        ],
        "heroes": extra.pop("heroes", {}),
        "lasers": lasers_at,
        "hands": {"traitor": ["port_landing"]},
        "bombardment": {"deck": deck},
        **extra,
    }
    s = game(pos)
    play(s, "action:hand", "card:port_landing", "sector:imperial_plateau", f"to:{PORT}")
    play(s, "from:vs_catacombs", "unit:vs_catacombs:chaos_titan/khorne")
    play(s, "unit:vs_catacombs:chaos_cultists/nurgle", "unit:vs_catacombs:chaos_cultists/tzeentch")
    return s


def test_EX_37_1_HH_36_12_HH_36_13_HH_36_14_the_three_laser_draws() -> None:
    s = _port_landing(EX_37_1_LASERS, EX_37_1_DECK)
    play(s, "done")
    # HH-36.12: three lasers adjacent to the spaceport; nothing has landed yet
    assert lasers.count(s, PORT) == 3 and count(s, PORT, TRAITOR) == 0
    assert kind(s) == "heresy.lasers" and seat(s) == IMPERIUM  # HH-36.14: he names targets
    assert set(keys(s)) == {
        "unit:chaos_titan/khorne",
        "unit:chaos_cultists/nurgle",
        "unit:chaos_cultists/tzeentch",
    }
    play(s, "unit:chaos_titan/khorne")  # card 1, line 3: Miss
    play(s, "unit:chaos_cultists/nurgle")  # card 2, line 3: Hit
    # the last one needs no naming: card 3, line 3: Miss
    assert sorted(u[1] + "/" + u[2] for u in s.units[PORT]) == [
        "chaos_cultists/tzeentch",
        "chaos_titan/khorne",
    ]
    assert (TRAITOR, "chaos_cultists", "nurgle", 0) in s.box  # HH-31.2
    assert s.bombard_discard == EX_37_1_DECK[:3]  # exactly one card per unit
    assert s.marks[TRAITOR].get(PORT) == 1  # HH-20.3: the spaceport is activated
    assert kind(s) == "heresy.action"


def test_HH_36_15_EX_32_1_AMB_18_heroes_land_and_are_never_fired_at() -> None:
    heroes = {"angron": "vs_catacombs"}
    s = _port_landing(EX_37_1_LASERS, EX_37_1_DECK, heroes=heroes)
    play(s, "hero:angron", "done")
    assert all(not k.startswith("hero") for k in keys(s))
    play(s, "unit:chaos_titan/khorne", "unit:chaos_cultists/nurgle")
    assert s.heroes["angron"] == PORT and len(s.bombard_discard) == 3


def test_AMB_11_no_laser_in_range_no_card_drawn() -> None:
    s = _port_landing({"volcanus_factory_complex": 2}, EX_37_1_DECK)
    play(s, "done")
    assert count(s, PORT, TRAITOR) == 3 and s.bombard_discard == []
    assert not logged(s, "heresy.log.lasers_fire")


def test_AMB_11_more_than_four_lasers_read_the_four_line() -> None:
    five = {**EX_37_1_LASERS, "crucible_east": 1, "plateau_south": 1}
    s = _port_landing(five, ["research_3", "rulebook_p37_1", "rulebook_p37_3"])
    play(s, "done")
    assert lasers.count(s, PORT) == 5
    play(s, "unit:chaos_titan/khorne")  # research_3: Miss, Miss, Miss, Hit -> line 4: Hit
    assert (TRAITOR, "chaos_titan", "khorne", 0) in s.box


def test_HH_36_10_HH_36_11_drop_pods_land_after_the_lasers_fired() -> None:
    s = game(
        {
            "track": {"imperium": 5, "traitor": 4},
            "triggered": [3],
            "units": [],
            "heroes": {},
            "lasers": {"crucible_west": 1},
            "hands": {"traitor": ["drop_pods"]},
            "reserve": {"traitor": {"chaos_space_marines": 2}},
            "bombardment": {"deck": ["rulebook_p37_1", "rulebook_p37_3"]},
        }
    )
    play(s, "action:hand", "card:drop_pods", "sector:crucible", "to:crucible_west", "from:reserve")
    play(s, "unit:reserve:chaos_space_marines", "unit:reserve:chaos_space_marines", "done")
    # two identical units: nothing to name, both fired at, both missed (line 1)
    assert count(s, "crucible_west", TRAITOR) == 2 and len(s.bombard_discard) == 2
    # HH-37.2: the laser's zone is now Traitor-friendly: destroyed, to the box
    assert "crucible_west" not in s.lasers and s.lasers_destroyed == 1


def test_HH_37_2_HH_37_1_HH_44_10_a_destroyed_laser_never_comes_back() -> None:
    s = game(
        {
            "units": [unit("plateau_south", "chaos_cultists", "traitor")],
            "lasers": {"plateau_south": 1, "inner_palace": 1},
        }
    )
    assert s.lasers == {"inner_palace": 1} and s.lasers_destroyed == 1
    s.units["plateau_south"] = [(IMPERIUM, "imperial_army", "", 0)]  # retaken
    settle(s)
    assert "plateau_south" not in s.lasers and s.lasers_destroyed == 1
    # HH-37.1: not a unit: alone in its zone, a laser leaves it neutral
    assert zone_type(s, "inner_palace", IMPERIUM) == NEUTRAL and s.lasers["inner_palace"] == 1
