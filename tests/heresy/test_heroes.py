"""Heroes (HH-31.10..HH-32.15): entering play, the shared damage track, Hero Combat
cards, the morale check, unsupported Heroes, and each Hero's (reconstructed) ability."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arbitre.games.heresy import damage as dmg
from arbitre.games.heresy.board import NEUTRAL, zone_type
from arbitre.games.heresy.phases import coexisting_zones
from arbitre.games.heresy.rules import settle
from arbitre.games.heresy.state import IMPERIUM, ROUT, TRAITOR, HeresyState
from tests.heresy.flow_helpers import combat, count, game, keys, kind, logged, play, unit
from tests.heresy.helpers import make_pack

BASE: dict[str, Any] = {"track": {"imperium": 3, "traitor": 1}, "triggered": [3], "events": []}
T_DECK = ["terrifying", "breach", "diversionary_tactics", "noose_of_ruin", "will_of_chaos"]
I_DECK = ["hostile_ground", "angels_of_death", "strategic_withdrawal"]
DECKS = combat(
    decks={"traitor": T_DECK, "imperium": I_DECK},
    hero_decks={
        "imperium": ["lead_by_example", "sacrifices_must_be_made"],
        "traitor": ["diversionary_tactics_hero"],
    },
)


def _attack(
    units: list[dict[str, Any]],
    heroes: dict[str, str],
    engage: list[str],
    config: dict[str, Any] | None = None,
    target: str = "crucible_west",
    **extra: Any,
) -> HeresyState:
    """The Traitor attacks `target` from crucible_centre and engages `engage`."""
    pos = {**BASE, "units": units, "heroes": heroes, "hands": {"traitor": ["traitor_assault"]}}
    s = game({**pos, **DECKS, **extra}, **(config or {}))
    play(s, "action:hand", "card:traitor_assault", "sector:crucible", f"target:{target}")
    play(s, "origin:crucible_centre")
    if kind(s) == "heresy.battle.origin":
        play(s, "done")
    play(s, *engage)
    if kind(s) == "heresy.battle.engage":
        play(s, "done")
    return s


CSM = unit("crucible_centre", "chaos_space_marines", "traitor")
ARMY = unit("crucible_west", "imperial_army", "imperium")


def test_HH_31_12_HH_31_10_heroes_without_a_placement_start_in_the_reserve() -> None:
    s = game()
    placed = {h for p in s.content.scenarios[s.scenario].placement for h in p.heroes}
    for hero, zone in s.heroes.items():
        assert (zone != "") == (hero in placed), hero


def test_HH_31_13_HH_32_2_EX_32_1_HH_32_3_drop_pods_bring_any_number_of_heroes() -> None:
    s = game(
        {
            "track": {"imperium": 3, "traitor": 2},
            "triggered": [3],
            "units": [],
            "heroes": {},
            "lasers": {"crucible_north": 1},
            "hands": {"traitor": ["drop_pods"]},
            "reserve": {"traitor": {"chaos_space_marines": 3}},
        }
    )
    play(s, "action:hand", "card:drop_pods", "sector:crucible", "to:crucible_north", "from:reserve")
    for _ in range(3):
        play(s, "unit:reserve:chaos_space_marines")
    assert "hero:horus" in keys(s) and "hero:angron" in keys(s)  # beyond the limit of 3
    play(s, "hero:horus", "hero:angron", "done")
    while kind(s).startswith("heresy.laser"):  # HH-32.3: the lasers aim at units only
        assert all(not k.startswith("hero") for k in keys(s))
        play(s, keys(s)[0])
    assert s.heroes["horus"] == "crucible_north" and s.heroes["angron"] == "crucible_north"


def test_HH_32_9_HH_32_10_wounded_from_the_sixth_point_of_damage() -> None:
    # the start space is apart from the 5 Unwounded spaces (research map.yaml): 5 damage
    # puts the marker on the last Unwounded space, the 6th on the first Wounded one
    s = game({**BASE, "hero_damage": {"angron": 5, "horus": 6}})
    assert not dmg.wounded(s, "angron") and dmg.wounded(s, "horus")


def test_HH_32_9_HH_32_10_HH_32_12_EX_32_5_the_shared_damage_track() -> None:
    s = game({**BASE, "hero_damage": {"angron": 3, "sanguinius": 7}})
    track = s.content.tracks.hero_damage
    assert track.wounded[0] == 6 and track.defeated == 10
    assert not dmg.wounded(s, "the_emperor") and not dmg.wounded(s, "horus")
    assert not dmg.wounded(s, "angron") and dmg.wounded(s, "sanguinius")  # EX-32.5
    s.heroes["horus"] = "crucible_west"
    from arbitre.games.heresy.joining import new_battle

    f = new_battle(IMPERIUM, "", "", "")
    f.data["heroes"] = ["angron"]
    s.heroes["angron"] = "crucible_west"
    dmg.damage_hero(s, f, "angron", 9)  # AMB-30: beyond Defeated is wasted
    assert s.hero_damage["angron"] == 10 and s.heroes["angron"] == "dead"
    assert f.data["heroes"] == []


def test_HH_32_7_HH_32_11_EX_32_4_two_hero_cards_whatever_the_number_of_heroes() -> None:
    s = _attack(
        [CSM, ARMY],
        {"rogal_dorn": "crucible_west", "sanguinius": "crucible_west"},
        ["unit:crucible_centre:chaos_space_marines"],
        hero_damage={"sanguinius": 7},
        combat={
            **DECKS["combat"],
            "hero_decks": {"imperium": ["lead_by_example", "sacrifices_must_be_made"]},
        },
    )
    heroes = [
        c for c in s.combat_hands[IMPERIUM] if c in ("lead_by_example", "sacrifices_must_be_made")
    ]
    assert len(heroes) == 2  # one Unwounded and one Wounded Hero: 2 (HH-32.11)


def test_HH_32_8_a_hero_wounded_in_battle_keeps_his_hero_cards() -> None:
    units = [CSM, ARMY]
    s = _attack(
        units,
        {"angron": "crucible_centre", "sanguinius": "crucible_west"},
        ["unit:crucible_centre:chaos_space_marines", "hero:angron"],
        hero_damage={"angron": 5},
    )
    assert "diversionary_tactics_hero" in s.combat_hands[TRAITOR]
    play(s, "first:defender", "card:lead_by_example", "effect:lead_by_example", "hero:angron")
    assert dmg.wounded(s, "angron")
    assert "diversionary_tactics_hero" in s.combat_hands[TRAITOR]


AQUILA_DECK = """
[deck]
size = 32
provenance = "reconstructed"
"""
for _i in (1, 2):
    AQUILA_DECK += f"""
[[card]]
id = "aquila_{_i}"
precise = {{ damage = 1 }}
saturation = {{ damage = 2 }}
thunderhawk = 1
lasers = ["miss", "miss", "miss", "miss"]
symbol = "aquila"
provenance = "reconstructed"
"""


def test_FAQ_fallen_hero_one_card_per_unit_engaged_or_not_HH_32_13_AMB_31(tmp_path: Path) -> None:
    root = make_pack(tmp_path, {"cards/bombardment.toml": AQUILA_DECK})
    units = [CSM, unit("crucible_centre", "chaos_cultists", "traitor"), ARMY]
    s = _attack(
        units,
        {"angron": "crucible_centre", "sanguinius": "crucible_west"},
        ["unit:crucible_centre:chaos_space_marines", "hero:angron"],
        config={"content": str(root)},
        hero_damage={"angron": 8},
        bombardment={"deck": ["aquila_1", "aquila_2"]},
    )
    play(s, "first:defender", "card:lead_by_example", "effect:lead_by_example", "hero:angron")
    assert s.heroes["angron"] == "dead"
    # both Traitor units there drew an Aquila (the cultists were not engaged: FAQ)
    assert s.bombard_discard == ["aquila_1", "aquila_2"]
    assert kind(s) == "heresy.battle.rout_stay"  # FAQ: he may eliminate it instead
    play(s, "stay")
    assert s.marks[TRAITOR]["crucible_centre"] == ROUT  # routed in place (HH-31.6)
    # HH-31.6: the second one finds its own rout marker there already: eliminated
    assert [u[1] for u in s.units["crucible_centre"]] == ["chaos_space_marines"]
    assert not any(k.startswith("heresy.battle") for k in [kind(s)])  # the battle is over


def test_HH_32_14_HH_32_15_AMB_28_unsupported_heroes() -> None:
    s = game({**BASE, "units": [CSM], "heroes": {"rogal_dorn": "crucible_west"}})
    assert zone_type(s, "crucible_west", TRAITOR) == NEUTRAL  # not enemy: may pass
    assert zone_type(s, "crucible_west", IMPERIUM) == NEUTRAL
    s.units["crucible_west"] = [(TRAITOR, "chaos_cultists", "", 0)]
    assert "crucible_west" in coexisting_zones(s)  # a coexistence battle follows
    s.units["crucible_west"].append((IMPERIUM, "imperial_army", "", 0))  # HH-32.15
    assert zone_type(s, "crucible_west", IMPERIUM) == "contested"


def test_HH_31_11_heroes_add_no_rank_to_the_draw() -> None:
    s = _attack(
        [CSM, ARMY],
        {"rogal_dorn": "crucible_west", "sanguinius": "crucible_west"},
        ["unit:crucible_centre:chaos_space_marines"],
    )
    normal = [c for c in s.combat_hands[IMPERIUM] if c in I_DECK]
    assert len(normal) == 1  # ceil(1 / 2): the Heroes count for nothing


def test_EX_32_2_HH_32_5_magnus_may_decline_his_bombardment() -> None:
    units = [unit("crucible_centre", "chaos_space_marines", "traitor", tag="thousand_sons"), ARMY]
    engage = ["unit:crucible_centre:chaos_space_marines/thousand_sons", "hero:magnus_the_red"]
    s = _attack(units, {"magnus_the_red": "crucible_centre"}, engage)
    assert kind(s) == "heresy.battle.ability" and keys(s) == ["ability:magnus_the_red", "decline"]
    play(s, "decline")
    assert kind(s) == "heresy.battle.first" and not s.bombard_discard
    s = _attack(units, {"magnus_the_red": "crucible_centre"}, engage)
    play(s, "ability:magnus_the_red")
    assert s.stack[-1].kind == "bombard" and s.stack[-1].data["draw"] == 2  # HH-36.1


def test_EX_32_3_HH_32_6_HH_32_4_sanguinius_grows_with_his_blood_angels() -> None:
    for n in (1, 2):
        units = [CSM, unit("crucible_west", "space_marines", "imperium", n, tag="blood_angels")]
        s = _attack(
            units, {"sanguinius": "crucible_west"}, ["unit:crucible_centre:chaos_space_marines"]
        )
        s.combat_hands[IMPERIUM] = ["hostile_ground"]
        play(s, "first:defender", "card:hostile_ground", "none")
        assert s.stack[-1].data["dmg"] == 1 + n
        assert logged(s, "heresy.log.ability_damage")


def test_HH_32_4_the_emperor_and_horus_draw_two_more_cards() -> None:
    s = _attack(
        [CSM, ARMY],
        {"the_emperor": "crucible_west", "horus": "crucible_centre"},
        ["unit:crucible_centre:chaos_space_marines", "hero:horus"],
    )
    assert len([c for c in s.combat_hands[IMPERIUM] if c in I_DECK]) == 1 + 2
    assert len([c for c in s.combat_hands[TRAITOR] if c in T_DECK]) == 2 + 2


def test_HH_32_4_angron_fulgrim_mortarion_change_the_draw() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor", tag="world_eaters"),
        unit("crucible_centre", "chaos_space_marines", "traitor", tag="emperors_children"),
        unit("crucible_west", "imperial_titan", "imperium"),
    ]
    engage = [
        "unit:crucible_centre:chaos_space_marines/world_eaters",
        "unit:crucible_centre:chaos_space_marines/emperors_children",
        "hero:angron",
        "hero:fulgrim",
    ]
    s = _attack(units, {"angron": "crucible_centre", "fulgrim": "crucible_centre"}, engage)
    assert len([c for c in s.combat_hands[TRAITOR] if c in T_DECK]) == 3 + 1  # Angron
    assert len([c for c in s.combat_hands[IMPERIUM] if c in I_DECK]) == 2 - 1  # Fulgrim
    units[0] = unit("crucible_centre", "chaos_space_marines", "traitor", tag="death_guard")
    engage = ["unit:crucible_centre:chaos_space_marines/death_guard", "hero:mortarion"]
    s = _attack(units[:1] + units[2:], {"mortarion": "crucible_centre"}, engage)
    assert len([c for c in s.combat_hands[IMPERIUM] if c in I_DECK]) == 2  # ceil(3 / 2)


def test_FAQ_ability_order_fulgrim_and_mortarion_before_dorn_before_angron() -> None:
    units = [
        unit("crucible_centre", "chaos_space_marines", "traitor", tag="world_eaters"),
        unit("crucible_centre", "chaos_space_marines", "traitor", tag="emperors_children"),
        unit("crucible_factory_complex", "space_marines", "imperium", tag="imperial_fists"),
    ]
    engage = [
        "unit:crucible_centre:chaos_space_marines/world_eaters",
        "unit:crucible_centre:chaos_space_marines/emperors_children",
        "hero:angron",
        "hero:fulgrim",
    ]
    heroes = {"angron": "crucible_centre", "fulgrim": "crucible_centre"}
    s = _attack(
        units,
        {**heroes, "rogal_dorn": "crucible_factory_complex"},
        engage,
        target="crucible_factory_complex",
    )
    used = [m.args["what"] for m in s.log if m.key.startswith("heresy.log.ability_")]
    assert used == ["fulgrim", "rogal_dorn", "angron"]


def test_FAQ_rogal_dorn_fists_eliminated_after_the_battle_HH_33_10() -> None:
    units = [
        CSM,
        unit("crucible_factory_complex", "space_marines", "imperium", tag="imperial_fists"),
    ]
    s = _attack(
        units,
        {"rogal_dorn": "crucible_factory_complex"},
        ["unit:crucible_centre:chaos_space_marines"],
        target="crucible_factory_complex",
    )
    f = s.stack[-1]
    assert f.data.get("dorn") is True
    dmg.damage_unit(s, f, IMPERIUM, "crucible_factory_complex", "space_marines/imperial_fists", 3)
    assert count(s, "crucible_factory_complex", IMPERIUM) == 1  # held (FAQ example)
    f.data["ended"] = True
    settle(s)
    assert count(s, "crucible_factory_complex", IMPERIUM) == 0  # eliminated after the battle
    assert count(s, "crucible_factory_complex", TRAITOR) == 0  # and no advance (FAQ)
    assert not any(fr.kind == "battle" for fr in s.stack)


def test_HH_32_4_rogal_dorn_needs_an_unbreached_fortification() -> None:
    units = [
        CSM,
        unit("crucible_factory_complex", "space_marines", "imperium", tag="imperial_fists"),
    ]
    s = _attack(
        units,
        {"rogal_dorn": "crucible_factory_complex"},
        ["unit:crucible_centre:chaos_space_marines"],
        target="crucible_factory_complex",
        breaches=[["crucible_factory_complex", "crucible_centre"]],
    )
    assert not s.stack[-1].data.get("dorn")


def test_HH_32_4_the_fabricator_general_repairs_when_the_battle_is_joined() -> None:
    titan = {**unit("crucible_west", "imperial_titan", "imperium"), "damage": 2}
    units = [CSM, titan]
    s = _attack(
        units, {"fabricator_general": "crucible_west"}, ["unit:crucible_centre:chaos_space_marines"]
    )
    assert [u[3] for u in s.units["crucible_west"] if u[0] == IMPERIUM] == [1]


def test_HH_32_4_jaghatai_khan_sweeps_into_an_imperial_attack() -> None:
    units = [
        unit("crucible_west", "chaos_space_marines", "traitor"),
        unit("crucible_centre", "imperial_army", "imperium"),
    ]
    s = game(
        {
            "track": {"imperium": 1, "traitor": 3},
            "triggered": [3],
            "events": [],
            "units": units,
            "heroes": {"jaghatai_khan": "crucible_east"},
            "hands": {"imperium": ["imperial_assault"]},
            **DECKS,
        }
    )
    play(s, "action:hand", "card:imperial_assault", "sector:crucible", "target:crucible_west")
    play(s, "origin:crucible_centre")
    if kind(s) == "heresy.battle.origin":
        play(s, "done")
    assert kind(s) == "heresy.battle.fly" and "khan:crucible_north" in keys(s)
    play(s, "khan:crucible_north", "done")
    f = next(fr for fr in s.stack if fr.kind == "battle")
    assert "jaghatai_khan" in f.data["heroes"] and "crucible_north" in f.data["origins"]
    assert s.heroes["jaghatai_khan"] == "crucible_north"


def test_FAQ_jaghatai_khan_not_from_an_activated_zone_HH_32_4() -> None:
    units = [
        unit("crucible_west", "chaos_space_marines", "traitor"),
        unit("crucible_centre", "imperial_army", "imperium"),
    ]
    s = game(
        {
            "track": {"imperium": 1, "traitor": 3},
            "triggered": [3],
            "events": [],
            "units": units,
            "heroes": {"jaghatai_khan": "crucible_east"},
            "hands": {"imperium": ["imperial_assault"]},
            "activation": {"imperium": {"crucible_east": "activation"}},
            **DECKS,
        }
    )
    play(s, "action:hand", "card:imperial_assault", "sector:crucible", "target:crucible_west")
    play(s, "origin:crucible_centre")
    assert not any(k.startswith("khan:") for k in keys(s))  # FAQ
