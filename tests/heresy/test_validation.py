"""Every validation path names the file, the item and the field of the problem."""

from __future__ import annotations

import pytest

from arbitre.engine.i18n import has_message
from arbitre.games.heresy.content import Problem, check_content
from tests.heresy.helpers import default_text, edited, make_pack

NEW_EDGE = '\n[[edge]]\nzones = ["{a}", "{b}"]\n{extra}provenance = "reconstructed"\n'


def problems(tmp_path, parts: dict[str, str]) -> list[Problem]:
    content, found = check_content(make_pack(tmp_path, parts))
    assert content is None and found
    return found


def only(found: list[Problem], code: str) -> Problem:
    matching = [p for p in found if p.code == code]
    assert len(matching) == 1, [str(p) for p in found]
    return matching[0]


def where(p: Problem, file: str, item: str, field: str) -> None:
    assert p.file.endswith(file), p.file
    assert p.item == item
    assert p.field == field
    text_en, text_fr = p.text("en"), p.text("fr")
    for part in (file, item, field):
        assert part in text_en and part in text_fr


def with_edge(a: str, b: str, extra: str = "") -> str:
    return default_text("map/edges.toml") + NEW_EDGE.format(a=a, b=b, extra=extra)


def test_broken_edge_to_an_unknown_zone(tmp_path):
    found = problems(tmp_path, {"map/edges.toml": with_edge("inner_palace", "atlantis")})
    p = only(found, "unknown_ref")
    where(p, "map/edges.toml", "edge inner_palace–atlantis", "zones")
    assert p.args["ref"] == "atlantis"


def test_zone_in_an_unknown_sector(tmp_path):
    text = edited("map/zones.toml", 'sectors = ["palace"]', 'sectors = ["mars"]')
    p = only(problems(tmp_path, {"map/zones.toml": text}), "unknown_ref")
    where(p, "map/zones.toml", "zone inner_palace", "sectors")
    assert "mars" in p.text("en")


def test_duplicate_id(tmp_path):
    extra = '\n[[hero]]\nid = "horus"\nname_en = "Horus again"\nside = "traitor"\n'
    extra += 'provenance = "reconstructed"\n'
    p = only(
        problems(tmp_path, {"heroes.toml": default_text("heroes.toml") + extra}), "duplicate_id"
    )
    where(p, "heroes.toml", "hero horus", "id")


def test_asymmetric_edge_declared_both_ways_with_different_flags(tmp_path):
    # inner_palace–outer_palace_nw exists without crevasse; declare it reversed as a crevasse
    text = with_edge("outer_palace_nw", "inner_palace", "crevasse = true\n")
    p = only(problems(tmp_path, {"map/edges.toml": text}), "asymmetric_edge")
    where(p, "map/edges.toml", "edge outer_palace_nw–inner_palace", "crevasse")


def test_duplicate_edge(tmp_path):
    text = with_edge("outer_palace_nw", "inner_palace")
    p = only(problems(tmp_path, {"map/edges.toml": text}), "duplicate_edge")
    where(p, "map/edges.toml", "edge outer_palace_nw–inner_palace", "zones")


def test_edge_from_a_zone_to_itself(tmp_path):
    p = only(problems(tmp_path, {"map/edges.toml": with_edge("horus_hq", "horus_hq")}), "self_edge")
    where(p, "map/edges.toml", "edge horus_hq–horus_hq", "zones")


def test_no_edge_between_terra_and_the_vengeful_spirit(tmp_path):
    text = with_edge("vs_catacombs", "inner_palace")
    p = only(problems(tmp_path, {"map/edges.toml": text}), "terra_edge")
    where(p, "map/edges.toml", "edge vs_catacombs–inner_palace", "zones")


def test_sector_division_cannot_be_a_crevasse(tmp_path):
    text = edited(
        "map/edges.toml", "region_division = true", "region_division = true\ncrevasse = true"
    )
    p = only(problems(tmp_path, {"map/edges.toml": text}), "division_crevasse")
    where(p, "map/edges.toml", "edge crucible_east–lions_gate_west", "region_division")


def test_bad_type(tmp_path):
    text = edited("map/zones.toml", "stacking_limit = 3", 'stacking_limit = "three"')
    p = only(problems(tmp_path, {"map/zones.toml": text}), "bad_type")
    where(p, "map/zones.toml", "zone crucible_factory_complex", "stacking_limit")
    assert p.args == {"expected": "integer", "found": "string"}


def test_missing_field(tmp_path):
    text = edited("heroes.toml", 'side = "imperial"\n', "")
    p = only(problems(tmp_path, {"heroes.toml": text}), "missing_field")
    where(p, "heroes.toml", "hero the_emperor", "side")


def test_unknown_field(tmp_path):
    text = edited("units.toml", "rank = 3\n", "rank = 3\nrange = 2\n")
    p = only(problems(tmp_path, {"units.toml": text}), "unknown_field")
    where(p, "units.toml", "unit space_marines", "range")


def test_bad_choice(tmp_path):
    text = edited("map/zones.toml", 'kind = "fortress"', 'kind = "castle"')
    p = only(problems(tmp_path, {"map/zones.toml": text}), "bad_choice")
    where(p, "map/zones.toml", "zone tower_of_shadows", "kind")
    assert "industrial_complex" in p.args["choices"]


def test_nested_field_path(tmp_path):
    text = edited(
        "scenarios.toml",
        '{ unit = "adeptus_custodes", count = 3 }',
        '{ unit = "adeptus_custodes", count = "3" }',
    )
    p = only(problems(tmp_path, {"scenarios.toml": text}), "bad_type")
    field = "placement[inner_palace].units[#1].count"
    where(p, "scenarios.toml", "scenario brother_against_brother", field)


def test_bad_provenance_and_unknown_research_key(tmp_path):
    text = edited("heroes.toml", 'provenance = "rulebook p.39"', 'provenance = "trust me"')
    p = only(problems(tmp_path / "a", {"heroes.toml": text}), "bad_provenance")
    where(p, "heroes.toml", "hero the_emperor", "provenance")
    text = edited("heroes.toml", 'provenance = "rulebook p.39"', 'provenance = "research:NOPE"')
    p = only(problems(tmp_path / "b", {"heroes.toml": text}), "unknown_ref")
    where(p, "heroes.toml", "hero the_emperor", "provenance")


def test_bad_id(tmp_path):
    text = edited("map/sectors.toml", 'id = "palace"', 'id = "Le Palais"')
    found = problems(tmp_path, {"map/sectors.toml": text})
    where(only(found, "bad_id"), "map/sectors.toml", "sector Le Palais", "id")


def test_toml_syntax_error_names_the_file(tmp_path):
    p = only(problems(tmp_path, {"tracks.toml": "[initiative\n"}), "toml_syntax")
    assert p.file.endswith("tracks.toml") and p.item == "" and p.field == ""
    assert "tracks.toml" in p.text("fr")


def test_unknown_file_in_the_pack(tmp_path):
    p = only(problems(tmp_path, {"map/zone.toml": "x = 1\n"}), "unknown_file")
    assert p.file.endswith("map/zone.toml")
    assert "map/zones.toml" in p.text("en")


def test_dashed_border_must_match_several_sectors(tmp_path):
    text = edited("map/zones.toml", "dashed = true\n", "")
    p = only(problems(tmp_path, {"map/zones.toml": text}), "dashed_mismatch")
    where(p, "map/zones.toml", "zone tower_of_shadows", "dashed")


def test_outline_outside_the_board(tmp_path):
    text = edited("map/zones.toml", "outline = [[0, 0]", "outline = [[-500, 0]")
    p = only(problems(tmp_path, {"map/zones.toml": text}), "bad_outline")
    where(p, "map/zones.toml", "zone crucible_west", "outline")
    assert "outside" in p.text("en") and "sort" in p.text("fr")


def test_event_copies_must_fill_the_deck(tmp_path):
    text = edited("cards/events.toml", "copies = 4", "copies = 5")
    p = only(problems(tmp_path, {"cards/events.toml": text}), "bad_count")
    where(p, "cards/events.toml", "deck", "size")
    assert p.args == {"total": 31, "expected": 30}


def test_order_cost_out_of_range(tmp_path):
    text = edited("cards/orders.toml", "cost = 3", "cost = 4")
    p = only(problems(tmp_path, {"cards/orders.toml": text}), "out_of_range")
    where(p, "cards/orders.toml", "order onslaught", "cost")


def test_value_below_minimum(tmp_path):
    text = edited("units.toml", "move = 5", "move = 0")
    p = only(problems(tmp_path, {"units.toml": text}), "too_small")
    where(p, "units.toml", "unit chaos_thunderhawk", "move")


def test_hero_with_unknown_legion(tmp_path):
    text = edited("heroes.toml", 'legion = "white_scars"', 'legion = "ultramarines"')
    p = only(problems(tmp_path, {"heroes.toml": text}), "unknown_ref")
    where(p, "heroes.toml", "hero jaghatai_khan", "legion")


def test_initiative_track_numbering(tmp_path):
    text = edited("tracks.toml", "n = 17\n", "n = 71\n")
    p = only(problems(tmp_path, {"tracks.toml": text}), "bad_track")
    where(p, "tracks.toml", "initiative", "space")


def test_scenario_places_more_units_than_exist(tmp_path):
    text = edited(
        "scenarios.toml",
        '{ unit = "adeptus_custodes", count = 3 }',
        '{ unit = "adeptus_custodes", count = 4 }',
    )
    p = only(problems(tmp_path, {"scenarios.toml": text}), "too_many")
    where(p, "scenarios.toml", "scenario brother_against_brother", "placement")
    assert p.args == {"what": "adeptus_custodes", "count": 4, "available": 3}


def test_scenario_hero_of_the_wrong_side(tmp_path):
    text = edited("scenarios.toml", 'heroes = ["the_emperor"]', 'heroes = ["horus"]')
    found = problems(tmp_path, {"scenarios.toml": text})
    p = only(found, "side_mismatch")
    where(p, "scenarios.toml", "scenario brother_against_brother", "placement[inner_palace].heroes")


def test_scenario_unknown_zone_and_event(tmp_path):
    text = edited("scenarios.toml", 'zone = "inner_palace"', 'zone = "throne_room"')
    text = text.replace(
        '"tendrils_of_the_traitor", "the_vicissitudes_of_chaos"',
        '"tendrils_of_the_traitor", "the_end"',
        1,
    )
    found = problems(tmp_path, {"scenarios.toml": text})
    refs = {p.args["ref"]: p for p in found if p.code == "unknown_ref"}
    where(
        refs["throne_room"],
        "scenarios.toml",
        "scenario brother_against_brother",
        "placement[throne_room].zone",
    )
    where(refs["the_end"], "scenarios.toml", "scenario brother_against_brother", "act[1].cards")


def test_a_dropped_item_is_not_reported_again_by_references(tmp_path):
    # the zone is unreadable (bad kind): edges naming it must not add unknown_ref noise
    text = edited("map/zones.toml", 'kind = "fortress"', "kind = 7")
    found = problems(tmp_path, {"map/zones.toml": text})
    assert [p.code for p in found] == ["bad_choice"]


@pytest.mark.parametrize(
    "code",
    [
        "toml_syntax", "unknown_file", "missing_field", "unknown_field", "bad_type",
        "bad_choice", "out_of_range", "too_small", "bad_id", "duplicate_id", "unknown_ref",
        "bad_provenance", "self_edge", "duplicate_edge", "asymmetric_edge", "terra_edge",
        "division_crevasse", "dashed_mismatch", "bad_outline", "bad_track", "bad_count",
        "too_many", "side_mismatch",
    ],
)  # fmt: skip
def test_every_problem_has_a_french_and_english_text(code):
    assert has_message(f"heresy.content.{code}")
    p = Problem("f.toml", "zone x", "kind", code, {})
    assert p.msg().args["where"].args == {"file": "f.toml", "item": "zone x", "field": "kind"}


def test_a_file_that_is_not_utf8_is_reported_not_raised(tmp_path):
    path = tmp_path / "heroes.toml"
    path.write_bytes(b"\xff\xfe[[hero]]\n")
    content, found = check_content(tmp_path)
    assert content is None
    p = only(found, "toml_syntax")
    assert p.file == str(path)


def test_HH_12_1_config_refusals_speak_both_languages(tmp_path):
    from arbitre.engine.config_values import BadConfig, check_config
    from arbitre.engine.i18n import translate
    from arbitre.engine.registry import get
    from arbitre.engine.ruleset import ConfigError
    from arbitre.games.heresy.config import resolve

    with pytest.raises(ConfigError) as bad:
        resolve({"scenario": "nowhere"})
    assert bad.value.msg is not None and bad.value.msg.rule == "HH-12.1"
    assert "Scénario « nowhere » inconnu" in translate(bad.value.msg, "fr")
    assert str(bad.value) == translate(bad.value.msg, "en")
    with pytest.raises(BadConfig) as refused:  # the CLI and the server see it too
        check_config(get("heresy"), {"scenario": "nowhere"})
    assert refused.value.msg.key == "heresy.cfg.bad_scenario"
    for value in (str(tmp_path / "absent"), str(make_pack(tmp_path, {"board.toml": "x = "}))):
        with pytest.raises(ConfigError) as pack:
            resolve({"content": value})
        assert pack.value.msg is not None and not pack.value.msg.rule  # no rule forbids it
        assert "Pack de contenu" in translate(pack.value.msg, "fr")


def test_unknown_config_key_cites_no_rule():
    from arbitre.engine.registry import get
    from arbitre.engine.ruleset import ConfigError

    for game in ("heresy", "epic"):
        with pytest.raises(ConfigError) as bad:
            get(game).new({"zzz": 1}, 0)
        assert bad.value.msg is not None and not bad.value.msg.rule
