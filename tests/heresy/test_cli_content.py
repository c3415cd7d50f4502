"""`arbitre content check DIR`: errors with file/item/field (exit 1) or a summary (exit 0)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from arbitre.cli import _register, app
from tests.heresy.helpers import default_text, edited, make_pack


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    _register()


def run(*args: str):
    return CliRunner().invoke(app, ["content", "check", *args])


def flat(text: str) -> str:
    """The output with line wrapping undone."""
    return " ".join(text.split())


def test_empty_pack_is_valid_and_summarised_in_english(tmp_path):
    result = run(str(tmp_path), "--lang", "en")
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "is valid: 0 files from the pack" in out
    assert "zones (46 Terra, 2 Vengeful Spirit) │ 48" in out
    assert "edges (20 crevasses, 1 sector division) │ 109" in out
    assert "known Order cards (of 80)" in out
    assert "Provenance:" in out


def test_summary_in_french_by_default_marks_pack_files(tmp_path):
    pack = make_pack(tmp_path, {"heroes.toml": default_text("heroes.toml")})
    result = run(str(pack))
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "valide : 1 fichier du paquet" in out
    assert "heroes.toml │ du paquet" in out and "units.toml │ par défaut" in out
    assert "Héros │ 10" in out


def test_broken_pack_lists_problems_with_file_item_field_and_exits_1(tmp_path):
    zones = edited("map/zones.toml", 'sectors = ["palace"]', 'sectors = ["mars"]')
    edges = default_text("map/edges.toml")
    edges += '\n[[edge]]\nzones = ["inner_palace", "atlantis"]\nprovenance = "reconstructed"\n'
    pack = make_pack(tmp_path, {"map/zones.toml": zones, "map/edges.toml": edges})
    result = run(str(pack), "--lang", "en")
    assert result.exit_code == 1
    assert "2 problems" in result.output
    lines = result.output.splitlines()
    assert len(lines) == 3  # the header and one unwrapped line per problem
    out = flat(result.output)
    assert "zones.toml · zone inner_palace · field 'sectors': 'mars' does not exist" in out
    assert "edges.toml · edge inner_palace–atlantis · field 'zones'" in out
    french = flat(run(str(pack)).output)
    assert "2 problèmes" in french
    assert "zone inner_palace · champ « sectors » : « mars » n'existe pas" in french


def test_not_a_folder_exits_2(tmp_path):
    missing = tmp_path / "nope"
    result = run(str(missing), "--lang", "en")
    assert result.exit_code == 2
    assert "is not a folder" in flat(result.output)


def test_content_help_lists_check():
    result = CliRunner().invoke(app, ["content", "--help"])
    assert result.exit_code == 0
    assert "check" in result.output


def test_a_copy_of_the_default_data_is_a_valid_pack(tmp_path):
    import shutil
    from importlib import resources

    data = resources.files("arbitre.games.heresy").joinpath("data")
    pack = tmp_path / "pack"
    shutil.copytree(str(data), pack)
    result = run(str(pack), "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "is valid: 14 files from the pack" in flat(result.output)


def test_errors_in_default_files_name_a_file_the_user_can_open(tmp_path):
    from pathlib import Path

    pack = make_pack(tmp_path, {"units.toml": "[deck]\n"})
    result = run(str(pack), "--lang", "en")
    assert result.exit_code == 1
    lines = [ln.strip("• ").strip() for ln in result.output.splitlines() if "heroes.toml" in ln]
    assert lines, result.output
    path = Path(lines[0].split(" · ")[0])
    assert path.is_absolute() and path.is_file() and path.name == "heroes.toml"
