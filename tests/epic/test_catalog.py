"""Data catalogs: profiles, abilities, armies, provenance and validation (EPC-1..3)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from arbitre.games.epic.catalog import (
    CATALOG,
    SOURCE_RE,
    DataError,
    Save,
    load_abilities,
    load_armies,
    load_units,
    parse_save,
)

ABILITIES = CATALOG.abilities

UNIT = """
[units.x]
name_fr = "X"
name_en = "X"
type = "infantry"
class = 1
move = 10
save = "5+"
fa = 2
abilities = []
source = "reconstructed"
"""


def _units(text: str):
    return load_units(text, ABILITIES, "u.toml")


def test_EPC_1_every_item_has_a_provenance() -> None:
    items: list[Any] = [
        *CATALOG.abilities.values(),
        *CATALOG.units.values(),
        *CATALOG.sheets.values(),
        *CATALOG.armies.values(),
    ]
    items += [w for u in CATALOG.units.values() for w in (*u.weapons, *u.powers)]
    items += [d for a in CATALOG.armies.values() for d in a.detachments]
    assert items
    assert all(SOURCE_RE.match(i.source) for i in items)


def test_EPC_2_profiles_have_class_move_save_fa_weapons() -> None:
    term = CATALOG.units["terminators"]
    assert (term.cls, term.move, term.fa) == (1, 10, 6)
    assert term.save == Save(armour=4, fixed=6)
    assert term.param("elite") == 2
    (bolter,) = term.weapons
    assert (bolter.range, bolter.dice, bolter.to_hit, bolter.pa) == (35, 2, 4, -1)
    reaver = CATALOG.units["reaver"]
    assert reaver.cls == 6 and reaver.save.sheet and reaver.sheet == "titan_moyen"
    assert len(CATALOG.sheets["titan_moyen"].front) == 6


def test_EPC_3_two_starter_armies_cover_the_abilities() -> None:
    assert set(CATALOG.armies) == {"imperium", "mille_fils"}
    used = {
        a
        for army in CATALOG.armies.values()
        for d in army.detachments
        for uid in (d.unit, *d.bound)
        for a, _x in CATALOG.units[uid].abilities
    }
    for needed in ("elite", "dr", "infiltration", "interceptor", "psyker", "hq", "flyer"):
        assert needed in used
    assert {"command", "psychic_save", "bound_character", "character", "transport"} <= used


@pytest.mark.parametrize(
    ("text", "save"),
    [
        ("4+", Save(armour=4)),
        ("4+f", Save(fixed=4)),
        ("4+/6+f", Save(armour=4, fixed=6)),
        ("fiche", Save(sheet=True)),
        ("-", Save()),
    ],
)
def test_EPC_13_save_notations(text: str, save: Save) -> None:
    assert parse_save(text) == save


@pytest.mark.parametrize("text", ["7+", "4", "4+/6+", "+f", "4+/"])
def test_EPC_13_bad_save_notations_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_save(text)


def test_EPC_1_errors_name_file_item_and_field() -> None:
    with pytest.raises(DataError) as err:
        _units(UNIT.replace("class = 1", "class = 9"))
    assert (err.value.file, err.value.item, err.value.field) == ("u.toml", "units.x", "class")
    with pytest.raises(DataError, match=r"u.toml \[units.x\] abilities: unknown ability"):
        _units(UNIT.replace("abilities = []", 'abilities = ["nope"]'))
    with pytest.raises(DataError, match="source"):
        _units(UNIT.replace('"reconstructed"', '"wikipedia"'))
    with pytest.raises(DataError, match="save"):
        _units(UNIT.replace('"5+"', '"9+"'))
    with pytest.raises(DataError, match="needs a parameter"):
        _units(UNIT.replace("abilities = []", 'abilities = ["elite"]'))
    with pytest.raises(DataError, match="weapon ability"):
        _units(UNIT.replace("abilities = []", 'abilities = ["aa"]'))


def test_EP_11_7_physical_power_needs_a_pa_and_EP_11_11_ethereal_has_none() -> None:
    base = UNIT.replace("abilities = []", 'abilities = ["psyker"]')
    power = """
[[units.x.powers]]
id = "p"
name_fr = "P"
name_en = "P"
kind = "{kind}"
phase = "combat"
range = 20
dice = 1
to_hit = 4
{pa}source = "reconstructed"
"""
    with pytest.raises(DataError, match=r"powers\[0\]\] pa"):
        _units(base + power.format(kind="physical", pa=""))
    with pytest.raises(DataError, match="ethereal"):
        _units(base + power.format(kind="ethereal", pa="pa = -1\n"))
    units, _ = _units(base + power.format(kind="ethereal", pa=""))
    assert units["x"].powers[0].pa is None


def test_EP_11_2_only_a_psyker_has_powers() -> None:
    assert all(u.has("psyker") for u in CATALOG.units.values() if u.powers)


def test_abilities_file_is_validated() -> None:
    with pytest.raises(DataError, match=r"a.toml \[z\] kind"):
        load_abilities(
            '[z]\nrule="EP-1"\nkind="spell"\nparam="none"\nname_fr="Z"\nname_en="Z"\n'
            'source="seed"\n',
            "a.toml",
        )


ARMY = """
[armies.a]
name_fr = "A"
name_en = "A"
source = "reconstructed"
[[armies.a.detachments]]
id = "d"
unit = "{unit}"
stands = 3
formation = "compagnie"
break_points = 2
morale = 3
bound = [{bound}]
source = "reconstructed"
"""


def _army(unit: str, bound: str):
    return load_armies(ARMY.format(unit=unit, bound=bound), CATALOG.units, "a.toml")


def test_EP_10_7_at_most_two_bound_characters() -> None:
    assert _army("tactiques", '"capitaine", "astropathe"')
    with pytest.raises(DataError, match=r"EP-10.7"):
        _army("tactiques", '"capitaine", "astropathe", "heraut"')


def test_EP_10_9_infantry_character_joins_infantry_not_vehicles() -> None:
    assert _army("terminators", '"capitaine"')
    with pytest.raises(DataError, match=r"EP-10.9"):
        _army("rhino", '"capitaine"')


def test_EP_10_1_only_a_bound_character_may_join() -> None:
    with pytest.raises(DataError, match=r"EP-10.1"):
        _army("tactiques", '"terminators"')


def test_EP_10_10_class_2_character_joins_its_own_class_only() -> None:
    from arbitre.games.epic.catalog import _Item, check_bound_character

    walker = CATALOG.units["dreadnought_mf"]
    char = dataclasses.replace(walker, abilities=(("bound_character", None),))
    it = _Item("a.toml", "x", {})
    check_bound_character(it, char, "c", walker)  # same class: fine
    with pytest.raises(DataError, match=r"EP-10.10"):
        check_bound_character(it, char, "c", CATALOG.units["rhino"])


def test_unknown_unit_in_army_is_named() -> None:
    with pytest.raises(DataError, match=r"a.toml \[armies.a.detachments\[0\]\] unit"):
        _army("nobody", "")
