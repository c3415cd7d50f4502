"""`arbitre play|simulate heresy --scenario NAME`: a shortcut for `--config scenario=NAME`
(HH-12.1: the players choose one of the six scenarios)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from arbitre.cli import _register, app


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    _register()


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_HH_12_1_simulate_a_scenario() -> None:
    result = run("simulate", "heresy", "--scenario", "holy_terra_asunder", "--games", "2",
                 "--agents", "random,random", "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["config"]["scenario"] == "holy_terra_asunder" and summary["errors"] == 0


def test_HH_12_1_play_a_scenario_to_its_end() -> None:
    result = run("play", "heresy", "--scenario", "cry_havoc", "--seats", "random,random",
                 "--seed", "1", "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    # the result as the game's sentence (no raw "winner" field), and the impassable zones
    assert "Result" in result.output and " wins" in result.output and "⊘" in result.output


def test_HH_12_1_an_unknown_scenario_is_refused_by_name() -> None:
    result = run("play", "heresy", "--scenario", "atlantis", "--seats", "random,random")
    assert result.exit_code != 0 and "scenario" in result.output and "atlantis" in result.output
