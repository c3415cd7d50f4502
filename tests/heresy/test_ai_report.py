"""The balance report of `arbitre simulate … --report` (cli/report.py) on Heresy games."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitre.cli import _register, app
from arbitre.cli.report import facts, verdict, wilson, write
from arbitre.engine.simulate import simulate


@pytest.fixture(scope="module")
def summary() -> dict[str, object]:
    got = simulate(
        "heresy", 3, ["ai", "random"], seed=5, config={"scenario": "cry_havoc"}, keep=True
    )
    got.update(seed=5, config={"scenario": "cry_havoc"})
    return got


def test_simulate_keeps_each_outcome_with_its_victory_type(summary: dict[str, object]) -> None:
    outcomes = summary["outcomes"]
    assert isinstance(outcomes, list) and [o["seed"] for o in outcomes] == [5, 6, 7]
    for o in outcomes:
        assert o["details"]["reason"] in ("attrition", "spaceports", "commander")
        assert o["details"]["rounds"] >= 1 and o["decisions"] > 0


def test_report_figures(summary: dict[str, object]) -> None:
    f = facts(summary)
    assert f["seats"] == ["imperium", "traitor"] and f["games"] == 3
    assert sum(f["wins"]) == 3
    assert sum(sum(c.values()) for c in f["by_type"].values()) == 3
    assert len(f["rounds"]) == 3
    assert verdict(f, "en").startswith(("Balanced", "Unbalanced"))


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson(13, 20)
    assert low < 13 / 20 < high and low > 0.4 and high < 0.85
    assert wilson(0, 0) == (0.0, 1.0)


def test_report_html_and_png_are_written(summary: dict[str, object], tmp_path: Path) -> None:
    page = write(summary, tmp_path / "r.html", "fr").read_text("utf-8")
    assert "Rapport d&#x27;équilibre" in page and "data:image/png;base64," in page
    assert "Imperium" in page and "Traître" in page
    png = write(summary, tmp_path / "r.png", "en").read_bytes()
    assert png.startswith(b"\x89PNG")
    with pytest.raises(ValueError, match=r"\.html or \.png"):
        write(summary, tmp_path / "r.txt", "en")


def test_cli_simulate_report_option(tmp_path: Path) -> None:
    _register()  # the commands (as tests/cli/conftest.py does)
    out = tmp_path / "balance.html"
    result = CliRunner().invoke(
        app,
        ["simulate", "heresy", "--scenario", "brother_against_brother", "--games", "2",
         "--agents", "random,random", "--report", str(out), "--lang", "en"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Balance report — The Horus Heresy (2 games)" in out.read_text("utf-8")
    bad = CliRunner().invoke(
        app, ["simulate", "heresy", "--games", "1", "--report", str(tmp_path / "x.pdf")]
    )
    assert bad.exit_code == 2 and not (tmp_path / "x.pdf").exists()
