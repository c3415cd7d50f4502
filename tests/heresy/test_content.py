"""Loading the content: the default, a full copy as a pack (round trip), partial packs."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from arbitre.games.heresy.content import (
    PARTS,
    ContentError,
    check_content,
    default_content,
    load_content,
)
from arbitre.games.heresy.content.catalog import Content
from arbitre.games.heresy.content.loader import DEFAULT_LABEL, default_data
from tests.heresy.helpers import edited, make_pack

DEFAULT = default_content()


def copy_default(root: Path) -> Path:
    for part in PARTS:
        target = root / part
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(default_data().joinpath(*part.split("/")).read_text("utf-8"))
    return root


def test_default_content_has_every_catalog():
    c = DEFAULT
    sizes = {
        "zones": len(c.zones),
        "edges": len(c.edges),
        "sectors": len(c.sectors),
        "units": len(c.units),
        "legions": len(c.legions),
        "powers": len(c.powers),
        "heroes": len(c.heroes),
        "track": len(c.tracks.initiative.space),
        "events": len(c.events),
        "scenarios": len(c.scenarios),
    }
    assert sizes == {
        "zones": 48,
        "edges": 109,
        "sectors": 7,
        "units": 15,
        "legions": 7,
        "powers": 4,
        "heroes": 10,
        "track": 34,
        "events": 18,
        "scenarios": 6,
    }
    assert len(c.orders) >= 10 and len(c.combat) >= 10 and len(c.bombardment) >= 4
    assert all(label.startswith(DEFAULT_LABEL) for label in c.origins.values())
    assert set(c.origins) == set(PARTS)


def test_default_content_is_loaded_once():
    assert default_content() is DEFAULT


def test_round_trip_a_full_copy_of_the_default_loads_equal(tmp_path):
    pack = copy_default(tmp_path / "pack")
    loaded = load_content(pack)
    assert loaded == DEFAULT
    for f in dataclasses.fields(Content):
        if f.compare:
            assert getattr(loaded, f.name) == getattr(DEFAULT, f.name), f.name
    assert loaded.origins["map/zones.toml"] == str(pack / "map" / "zones.toml")


def test_empty_pack_is_the_default(tmp_path):
    assert load_content(tmp_path) == DEFAULT


def test_a_pack_replaces_only_the_files_it_holds(tmp_path):
    text = edited("map/zones.toml", 'name_en = "Inner Palace"', 'name_en = "Sanctum Imperialis"')
    pack = make_pack(tmp_path, {"map/zones.toml": text})
    loaded = load_content(pack)
    assert loaded.zones["inner_palace"].name_en == "Sanctum Imperialis"
    assert loaded.zones["inner_palace"].name("fr") == "Palais Intérieur"
    assert loaded.origins["map/zones.toml"] == str(pack / "map" / "zones.toml")
    assert loaded.origins["map/edges.toml"].startswith(DEFAULT_LABEL)
    assert loaded.edges == DEFAULT.edges and loaded.scenarios == DEFAULT.scenarios
    assert loaded.zones != DEFAULT.zones


def test_a_pack_can_enter_a_real_card(tmp_path):
    text = edited("cards/orders.toml", "copies = 2\nlook_at = 3\n", "copies = 1\nlook_at = 3\n")
    loaded = load_content(make_pack(tmp_path, {"cards/orders.toml": text}))
    assert loaded.orders["onslaught"].copies == 1
    assert DEFAULT.orders["onslaught"].copies == 2


def test_load_content_raises_with_every_problem(tmp_path):
    zones = edited("map/zones.toml", 'kind = "palace"', 'kind = "castle"')
    edges = edited("map/edges.toml", 'zones = ["crucible_west"', 'zones = ["atlantis"')
    pack = make_pack(tmp_path, {"map/zones.toml": zones, "map/edges.toml": edges})
    with pytest.raises(ContentError) as info:
        load_content(pack)
    codes = {p.code for p in info.value.problems}
    assert {"bad_choice", "unknown_ref"} <= codes
    assert "content problem" in str(info.value)
    content, problems = check_content(pack)
    assert content is None and len(problems) == len(info.value.problems)


def test_a_pack_is_plain_files_that_can_be_copied(tmp_path):
    # a pack is plain files: copying it elsewhere gives the same content
    first = copy_default(tmp_path / "a")
    second = tmp_path / "b"
    shutil.copytree(first, second)
    assert load_content(second) == load_content(first)
