"""Epic army lists, armies and their checks (issue 16; EPC-29, EP-10.1, EP-10.7, EP-10.9,
EPC-4 and the EPA rules of docs/epic.md "Army lists")."""

from __future__ import annotations

import dataclasses

import pytest

from arbitre.engine.i18n import translate
from arbitre.games.epic.armies import (
    Army,
    ArmyCard,
    ArmyError,
    army_lists,
    force,
    parse_army,
    points,
    problems,
    ready_made,
    to_toml,
    validate_army_text,
)
from arbitre.games.epic.armies import validator as army_validator
from arbitre.games.epic.armies.lists import load_list
from arbitre.games.epic.catalog import CATALOG, load_armies
from arbitre.games.epic.messages_armies import MESSAGES
from arbitre.games.epic.profiles import DataError

LEVELS = [(lid, pts) for lid in sorted(army_lists()) for pts in (2000, 4000)]


def rules_of(army: Army) -> list[str]:
    return [p.rule for p in problems(army)]


def sm(*cards: ArmyCard, limit: int = 4000) -> Army:
    return Army("space_marines", "test", limit, cards)


def test_four_lists_with_provenance_on_every_item() -> None:
    lists = army_lists()
    assert {"space_marines", "garde_imperiale", "chaos", "eldar"} <= set(lists)
    for lst in lists.values():
        assert lst.source and lst.organisation.source
        for card in lst.cards.values():
            assert card.source.startswith(("https://garaud.net/", "reconstructed")), card.id
            assert card.name_fr and card.name_en
            if card.source == "reconstructed":
                assert "points" in card.reconstructed, card.id
            for option in card.options.values():
                assert option.source and option.name_fr and option.name_en


def test_EPC_3_starter_armies_untouched() -> None:
    assert set(CATALOG.armies) == {"imperium", "mille_fils"}
    assert [d.id for d in CATALOG.armies["imperium"].detachments][:2] == [
        "terminators",
        "tactiques",
    ]


def test_every_seed_ability_is_carried_by_a_unit_of_some_list() -> None:
    """Every ability of data/abilities.toml is on some unit (or weapon) of some list."""
    units: set[str] = set()
    for lst in army_lists().values():
        for card in lst.cards.values():
            units |= {g.unit for g in card.detachments} | set(card.characters)
            for option in card.options.values():
                units |= {g.unit for g in option.detachments} | set(option.characters)
    carried: set[str] = set()
    for uid in units:
        prof = CATALOG.units[uid]
        carried |= {a for a, _ in prof.abilities}
        carried |= {n for w in prof.weapons for n, _ in w.notes}
    assert set(CATALOG.abilities) - carried == set()


@pytest.mark.parametrize(("list_id", "level"), LEVELS)
def test_EPC_29_ready_made_armies_are_legal_and_become_a_force(list_id: str, level: int) -> None:
    army = ready_made(list_id, level)
    assert problems(army) == []
    assert level - 400 < points(army) <= level
    f = force(army)
    assert f.name_fr and f.name_en
    ids = [d.id for d in f.detachments]
    assert len(ids) == len(set(ids))
    for d in f.detachments:
        assert d.unit in CATALOG.units
        assert all(b in CATALOG.units for b in d.bound)
        assert 1 <= d.break_points <= d.stands + len(d.bound)
        assert (d.company is not None) == (d.formation == "compagnie")  # EPC-4


def _as_catalog_toml(army: Army) -> str:
    """The force written as a data/armies.toml entry, to run the catalog's own checks."""
    lines = ["[armies.x]", 'name_fr = "x"', 'name_en = "x"', 'source = "reconstructed"']
    for d in force(army).detachments:
        lines += ["[[armies.x.detachments]]"]
        for key, value in dataclasses.asdict(d).items():
            if value is None:
                continue
            if isinstance(value, tuple):
                value = list(value)
            text = repr(value).replace("'", '"') if not isinstance(value, int) else str(value)
            lines.append(f"{key} = {text}")
    return "\n".join(lines)


@pytest.mark.parametrize(("list_id", "level"), LEVELS)
def test_EP_10_9_force_passes_the_catalog_checks(list_id: str, level: int) -> None:
    """The catalog's loader accepts the force: Bound Characters (EP-10.7, EP-10.9,
    EP-10.10) and assigned transports (EPC-21) are valid."""
    armies = load_armies(_as_catalog_toml(ready_made(list_id, level)), CATALOG.units)
    assert armies["x"].detachments


def test_transports_are_assigned_inside_a_card() -> None:
    f = force(ready_made("garde_imperiale", 2000))
    by_id = {d.id: d for d in f.detachments}
    guards = [d for d in f.detachments if d.unit == "gardes_tactiques"]
    assert [d.transport for d in guards] == ["c1-valkyrie-1", "c1-valkyrie-2", "c1-valkyrie-3"]
    assert all(by_id[d.transport].unit == "valkyrie" for d in guards if d.transport)


def test_ready_made_levels_and_refusals() -> None:
    assert ready_made("eldar", 3000).cards == ready_made("eldar", 2000).cards
    assert ready_made("eldar", 3000).points == 3000
    with pytest.raises(ArmyError, match="no ready-made army"):
        ready_made("eldar", 500)
    with pytest.raises(ArmyError, match="unknown army list"):
        ready_made("orks", 2000)


# --- illegal armies, each with its rule ------------------------------------------------


def test_EPC_29_over_the_points_limit() -> None:
    army = sm(ArmyCard("premiere_compagnie"), ArmyCard("titan_reaver"), limit=1000)
    assert rules_of(army) == ["EPC-29"]
    assert "1400" in problems(army)[0].text("en")


def test_EPA_1_at_least_one_company_and_EPA_2_supports_need_one() -> None:
    assert rules_of(sm(ArmyCard("veterans"))) == ["EPA-1", "EPA-2"]
    assert rules_of(sm()) == ["EPA-1"]


def test_EPA_2_at_most_five_supports_per_company() -> None:
    army = sm(ArmyCard("premiere_compagnie"), *[ArmyCard("rapieres")] * 6, limit=9000)
    assert rules_of(army) == ["EPA-2"]


def test_EPA_3_at_most_one_special_per_company() -> None:
    army = sm(ArmyCard("premiere_compagnie"), ArmyCard("titan_reaver"), ArmyCard("titan_reaver"))
    assert rules_of(army) == ["EPA-3"]


def test_EPA_4_mandatory_card_and_EPA_5_limited_card() -> None:
    missing = Army("eldar", "", 3000, (ArmyCard("compagnie_chevaliers"),))
    assert rules_of(missing) == ["EPA-4"]
    twice = Army(
        "eldar",
        "",
        3000,
        (ArmyCard("avatar"), ArmyCard("avatar"), ArmyCard("compagnie_chevaliers")),
    )
    assert rules_of(twice) == ["EPA-5"]


def test_EPA_6_card_not_in_the_list() -> None:
    army = sm(ArmyCard("premiere_compagnie"), ArmyCard("avatar"))
    (p,) = problems(army)
    assert (p.rule, p.card, p.card_id) == ("EPA-6", 2, "avatar")
    assert "avatar" in p.text("fr") and "Space Marines" in p.text("fr")


def test_EPA_7_option_not_allowed_or_taken_twice() -> None:
    bad = sm(ArmyCard("premiere_compagnie", ("rhinos",)))
    assert rules_of(bad) == ["EPA-7"]
    twice = sm(ArmyCard("compagnie_tactique", ("rhinos", "rhinos")))
    assert rules_of(twice) == ["EPA-7"]
    assert points(twice) == 750  # an option counts once


def test_EP_10_1_a_bound_character_card_must_join_a_detachment() -> None:
    alone = sm(ArmyCard("premiere_compagnie"), ArmyCard("astropathe"))
    assert rules_of(alone) == ["EP-10.1"]
    to_itself = sm(ArmyCard("premiere_compagnie"), ArmyCard("astropathe", attach=2))
    assert rules_of(to_itself) == ["EP-10.1"]
    nowhere = sm(ArmyCard("premiere_compagnie"), ArmyCard("astropathe", attach=9))
    assert rules_of(nowhere) == ["EP-10.1"]
    no_det = sm(ArmyCard("premiere_compagnie"), ArmyCard("astropathe", attach=1, detachment=4))
    assert rules_of(no_det) == ["EP-10.1"]
    not_char = sm(ArmyCard("premiere_compagnie", attach=1))
    assert rules_of(not_char) == ["EP-10.1"]


def test_EP_10_9_infantry_character_cannot_join_vehicles() -> None:
    army = sm(
        ArmyCard("premiere_compagnie"), ArmyCard("mastodon"), ArmyCard("astropathe", attach=2)
    )
    assert rules_of(army) == ["EP-10.9"]


def test_EP_10_7_at_most_two_bound_characters_per_detachment() -> None:
    army = Army(
        "garde_imperiale",
        "",
        4000,
        (
            ArmyCard("compagnie_assaut"),
            ArmyCard("major", attach=1, detachment=1),
            ArmyCard("compagnie_tactique"),
        ),
    )
    assert rules_of(army) == []  # the HQ and the Commissar spread over two detachments
    packed = Army(
        "garde_imperiale",
        "",
        4000,
        (
            ArmyCard("compagnie_assaut"),
            ArmyCard("major", attach=1, detachment=1),
            ArmyCard("major", attach=1, detachment=1),
        ),
    )
    assert rules_of(packed) == ["EP-10.7", "EPA-3", "EPA-5"]


def test_force_refuses_an_illegal_army_naming_the_rule() -> None:
    with pytest.raises(ArmyError) as err:
        force(sm(ArmyCard("veterans")))
    assert err.value.msg.rule == "EPA-1"
    assert "compagnie" in err.value.text("fr")


# --- the file ----------------------------------------------------------------------------


def test_army_file_round_trip() -> None:
    for lid in army_lists():
        army = ready_made(lid, 4000)
        assert parse_army(to_toml(army)) == army


def test_army_file_example_of_the_design() -> None:
    text = """
list = "space_marines"
name = "1re compagnie"
points = 3000
[[cards]]
card = "compagnie_tactique"
options = ["rhinos"]
"""
    army = parse_army(text)
    assert army.cards == (ArmyCard("compagnie_tactique", ("rhinos",)),)
    assert points(army) == 750 and problems(army) == []


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('list = "space_marines"\npoints = = 3', "line 2"),
        ('list = "space_marines"\npoints = 2000\ncolour = "red"', "colour"),
        ('list = "orks"\npoints = 2000', "orks"),
        ('list = "space_marines"\npoints = 5', "points"),
        ('list = "space_marines"\npoints = true', "points"),
        ('list = "space_marines"\npoints = 2000\nname = "' + "x" * 61 + '"', "name"),
        ('list = "space_marines"\npoints = 2000\n[[cards]]\ncard = "x"\ncolour = 1', "colour"),
        ('list = "space_marines"\npoints = 2000\n[[cards]]\ncard = "Bad Id"', "card"),
        ('list = "space_marines"\npoints = 2000\n[[cards]]\ncard = "x"\noptions = "a"', "options"),
        ('list = "space_marines"\npoints = 2000\n[[cards]]\ncard = "x"\nattach = 0', "attach"),
    ],
)
def test_army_file_refusals_name_the_field(text: str, needle: str) -> None:
    with pytest.raises(ArmyError) as err:
        parse_army(text)
    assert needle in err.value.text("en")
    assert err.value.text("fr") != err.value.text("en")


def test_army_file_size_limit() -> None:
    with pytest.raises(ArmyError, match="too large"):
        parse_army("#" * (64 * 1024 + 1))


def test_list_files_refuse_unknown_keys_and_units() -> None:
    good = """id = "t"\nname_fr = "t"\nname_en = "t"\nsource = "reconstructed"
[organisation]\nmin_companies = 1\nsupports_per_company = 5\nspecials_per_company = 1
source = "x"
[cards.a]\nname_fr = "a"\nname_en = "a"\nkind = "compagnie"\npoints = 10\nbreak_points = 1
morale = 3\nsource = "reconstructed"\ndetachments = [{ unit = "UNIT", stands = 2 }]
"""
    assert load_list(good.replace("UNIT", "tactiques"), "t.toml").cards["a"].points == 10
    with pytest.raises(DataError, match="unknown unit"):
        load_list(good.replace("UNIT", "nope"), "t.toml")
    with pytest.raises(DataError, match="unknown key"):
        load_list(good.replace("UNIT", "tactiques") + "colour = 1\n", "t.toml")


# --- the library validator and the messages ---------------------------------------------


def test_library_validator_names_or_refuses_with_the_rule() -> None:
    names = validate_army_text(to_toml(ready_made("chaos", 2000)))
    assert names == {"fr": "Alliance du Changement et de la Peste"} | {
        "en": "Alliance of Change and Plague"  # the ready-made army's name_en (issue 16)
    }
    with pytest.raises(ValueError, match=r"\[EPA-1\]") as err:
        validate_army_text('list = "chaos"\npoints = 2000\n[[cards]]\ncard = "rhinos"\n')
    assert isinstance(err.value, ArmyError)
    assert "compagnie" in err.value.text("fr") and "company" in err.value.text("en")


def test_library_uses_the_epic_army_validator() -> None:
    from arbitre.engine import library

    hook = getattr(library, "validator", None)
    if hook is None:
        pytest.skip("the writable library (issue 16, CE) is not there")
    assert hook("epic.army") is validate_army_text


def test_validator_registers_when_the_library_offers_the_hook(monkeypatch) -> None:
    from arbitre.engine import library

    seen: dict[str, object] = {}
    monkeypatch.setattr(
        library, "register_validator", lambda kind, fn: seen.update({kind: fn}), raising=False
    )
    assert army_validator.register() is True
    assert seen == {"epic.army": validate_army_text}


def test_army_messages_in_both_languages() -> None:
    for key, texts in MESSAGES.items():
        assert set(texts) == {"fr", "en"} and texts["fr"] != texts["en"], key
    from arbitre.engine.i18n import Msg

    msg = Msg("epic.army.points_over", {"total": 2100, "limit": 2000})
    assert translate(msg, "fr") == "l'armée vaut 2100 points, au-delà de sa limite de 2000"


def test_ready_made_levels_at_least_two_per_list() -> None:
    from arbitre.games.epic.armies import ready_made_levels

    for lid in army_lists():
        assert ready_made_levels(lid) == (2000, 4000)
    assert ready_made_levels("orks") == ()


def test_army_file_in_json_too() -> None:
    import json

    army = ready_made("eldar", 2000)
    text = json.dumps(
        {
            "list": army.list_id,
            "name": army.name,
            "points": army.points,
            "cards": [{"card": c.card, "options": list(c.options)} for c in army.cards],
        }
    )
    assert parse_army(text) == army
    with pytest.raises(ArmyError, match="JSON"):
        parse_army('{"list": ' + "[" * 60_000)
    with pytest.raises(ArmyError, match="line 1"):
        parse_army('{"list": ')


def test_library_check_of_an_army_text() -> None:
    """The writable library (CE) validates an army through this package (EPA-1 refused)."""
    saved = pytest.importorskip("arbitre.engine.library_saved")
    labels, data = saved.check("epic.army", to_toml(ready_made("space_marines", 2000)))
    assert labels["fr"] == "Fer de lance de la 1re Compagnie"
    assert data["list"] == "space_marines"
    with pytest.raises(Exception) as err:
        saved.check("epic.army", 'list = "chaos"\npoints = 2000\n[[cards]]\ncard = "rhinos"\n')
    msg = getattr(err.value, "msg", None)
    assert msg is not None and msg.rule == "EPA-1"
    assert translate(msg, "en").endswith("[EPA-1]")


def test_EPA_6_an_army_of_an_unknown_list_is_refused() -> None:
    with pytest.raises(ArmyError) as err:
        problems(Army("orks", "", 2000, ()))
    assert err.value.msg.rule == "EPA-6"
    with pytest.raises(ArmyError):
        points(Army("orks", "", 2000, ()))
