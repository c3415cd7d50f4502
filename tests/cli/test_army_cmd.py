"""`arbitre army lists|new|check|show` (issue 16; EPC-29, EPA-1)."""

from __future__ import annotations

from pathlib import Path

from arbitre.games.epic.armies import parse_army, points, problems


def test_army_lists_shows_every_list_and_levels(cli) -> None:
    result = cli(["army", "lists", "--lang", "en"])
    assert result.exit_code == 0, result.output
    for name in ("Space Marines", "Imperial Guard", "Eldar", "Chaos"):
        assert name in result.output
    assert "2000, 4000" in result.output


def test_army_new_writes_a_legal_ready_made_army(cli, tmp_path: Path) -> None:
    out = tmp_path / "sm.toml"
    result = cli(["army", "new", "space_marines", "--points", "4000", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "points sur 4000" in result.output
    army = parse_army(out.read_text("utf-8"))
    assert army.points == 4000 and problems(army) == [] and points(army) == 3950


def test_army_new_to_stdout_and_skeleton(cli) -> None:
    result = cli(["army", "new", "eldar"])
    assert result.exit_code == 0 and 'list = "eldar"' in result.stdout
    assert 'card = "avatar"' in result.stdout
    skeleton = cli(["army", "new", "eldar", "--empty", "--lang", "en"])
    assert skeleton.exit_code == 0 and "Empty army skeleton" in skeleton.stdout
    assert parse_army(skeleton.stdout).cards == ()


def test_army_new_unknown_list(cli) -> None:
    result = cli(["army", "new", "orks", "--lang", "en"])
    assert result.exit_code == 2
    assert "Unknown list 'orks'" in result.output


def test_army_check_legal_and_illegal(cli, tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    cli(["army", "new", "garde_imperiale", "--out", str(good)])
    ok = cli(["army", "check", str(good), "--lang", "en"])
    assert ok.exit_code == 0 and "Legal army: Régiment de Cadia" in ok.output
    bad = tmp_path / "bad.toml"
    bad.write_text('list = "chaos"\npoints = 100\n[[cards]]\ncard = "rhinos"\n', "utf-8")
    result = cli(["army", "check", str(bad)])
    assert result.exit_code == 1
    assert "[EPA-1]" in result.output and "[EPC-29]" in result.output
    assert "compagnie" in result.output


def test_army_check_refuses_a_broken_file_with_its_line(cli, tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('list = "chaos"\npoints = 2000\n[[cards]\n', "utf-8")
    result = cli(["army", "check", str(broken), "--lang", "en"])
    assert result.exit_code == 2
    assert "line 3" in result.output
    missing = cli(["army", "check", str(tmp_path / "none.toml"), "--lang", "en"])
    assert missing.exit_code == 2 and "Cannot read" in missing.output
    unknown = tmp_path / "unknown.toml"
    unknown.write_text('list = "chaos"\npoints = 2000\nfaction = "x"\n', "utf-8")
    result = cli(["army", "check", str(unknown)])
    assert result.exit_code == 2 and "clé inconnue « faction »" in result.output


def test_army_show_table(cli, tmp_path: Path) -> None:
    army = tmp_path / "eldar.toml"
    cli(["army", "new", "eldar", "--points", "2000", "--out", str(army)])
    result = cli(["army", "show", str(army), "--lang", "en"])
    assert result.exit_code == 0, result.output
    for text in ("Avatar", "Knight", "mandatory", "975", "Antigrav", "Total: 1975"):
        assert text in result.output, text
    fr = cli(["army", "show", str(army)])
    assert "chevaliers" in fr.output and "obligatoire" in fr.output
