"""`arbitre simulate`: JSON summary, workers, agent errors and the exit code."""

from __future__ import annotations

import json

import pytest
from typer.testing import Result

THREE_RANDOM = ["simulate", "champs", "--agents", "random,random,random"]
GAMES20 = [*THREE_RANDOM, "--games", "20"]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_json_twenty_games_without_errors(cli, workers):
    result = cli([*GAMES20, "--json", "--seed", "1", "--workers", workers])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 20
    assert data["errors"] == 0
    assert [r["seat"] for r in data["results"]] == ["p1", "p2", "mj"]
    assert all(r["wins"] + r["draws"] + r["losses"] == 20 for r in data["results"])
    assert data["decisions_per_second"] > 0
    assert data["workers"] == int(workers)


def test_simulate_is_reproducible_across_worker_counts(cli):
    args = ["simulate", "champs", "--games", "6", "--agents", "random,random,random", "--json"]
    one = json.loads(cli([*args, "--seed", "4"]).stdout)
    two = json.loads(cli([*args, "--seed", "4", "--workers", "2"]).stdout)
    assert one["results"] == two["results"]
    assert one["mean_decisions"] == two["mean_decisions"]


def test_simulate_table_in_english(cli):
    result = cli(
        ["simulate", "champs", "-n", "3", "--agents", "random,random,random", "--lang", "en"]
    )
    assert result.exit_code == 0, result.output
    assert "wins" in result.output
    assert "Errors: 0" in result.output
    assert "decisions per game" in result.output


def test_unknown_agent_is_a_clear_error(cli):
    result = cli(["simulate", "champs", "--games", "2", "--agents", "random,nobody,random"])
    assert result.exit_code == 2
    assert "nobody" in result.output
    assert "random" in result.output  # the known agents are listed


def test_wrong_agent_count_is_a_clear_error(cli):
    result = cli(
        ["simulate", "champs", "--games", "2", "--agents", "random,random", "--lang", "en"]
    )
    assert result.exit_code == 2
    assert "2 agents given for 3 seats" in result.output


def test_agent_count_follows_the_players_option(cli):
    result = cli(
        ["simulate", "champs", "-n", "2", "--agents", "random,random", "--json", "-c", "players=1"]
    )
    assert result.exit_code == 0, result.output
    assert [r["seat"] for r in json.loads(result.stdout)["results"]] == ["p1", "mj"]


def test_bad_config_value_is_a_clear_error(cli):
    result = cli(["simulate", "champs", "--games", "2", "--config", "combat.result=max"])
    assert result.exit_code == 2
    assert "combat.result" in result.output and "highest" in result.output


def test_unknown_game_is_a_clear_error(cli):
    result = cli(["simulate", "chess", "--games", "2"])
    assert result.exit_code == 2
    assert "chess" in result.output and "champs" in result.output


def test_errored_games_give_exit_code_one(cli):
    result = cli([*THREE_RANDOM, "--games", "3", "--max-decisions", "5", "--json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["errors"] == 3
    assert "no result after 5 decisions" in data["error_samples"][0]["error"]


# --- every argument checked before the first game (issue 18) ----------------------------


def _one_error_line(result: Result, arg: str) -> str:
    """The refusal: exit 2, nothing on stdout, one line on stderr naming `arg`."""
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and arg in lines[0], result.stderr
    return str(lines[0])


def test_HH_12_1_unknown_scenario_is_refused_before_any_game(cli):
    result = cli(["simulate", "heresy", "-n", "50", "--scenario", "foo", "--json"])
    line = _one_error_line(result, "--scenario")
    assert "foo" in line and "brother_against_brother" in line
    assert "Traceback" not in result.output


def test_AMB_CB_1_missing_battlefield_file_names_the_config_key(cli, tmp_path):
    missing = str(tmp_path / "nope.toml")
    result = cli(["simulate", "champs", "-n", "50", "--config", f"battlefield={missing}"])
    assert "nope.toml" in _one_error_line(result, "--config battlefield")


def test_report_in_a_missing_folder_is_refused_before_any_game(cli, tmp_path):
    path = str(tmp_path / "no-such-folder" / "report.html")
    result = cli([*THREE_RANDOM, "-n", "50", "--report", path, "--lang", "en"])
    line = _one_error_line(result, "--report")
    assert "does not exist" in line and "no-such-folder" in line


def test_report_with_a_bad_suffix_or_a_folder_is_refused(cli, tmp_path):
    result = cli([*THREE_RANDOM, "-n", "2", "--report", str(tmp_path / "r.txt")])
    assert ".html" in _one_error_line(result, "--report")
    result = cli([*THREE_RANDOM, "-n", "2", "--report", str(tmp_path)])
    assert ".html" in _one_error_line(result, "--report")


def test_bad_agent_and_bad_game_are_one_line_errors(cli):
    result = cli(["simulate", "champs", "-n", "2", "--agents", "random,nobody,mj"])
    assert "nobody" in _one_error_line(result, "--agents")
    result = cli(["simulate", "chess", "-n", "2", "--lang", "en"])
    assert "champs" in _one_error_line(result, "GAME")


def test_CB_24_bad_config_value_names_the_key_in_one_line(cli):
    result = cli(["simulate", "champs", "-n", "2", "-c", "players=9", "--lang", "en"])
    line = _one_error_line(result, "--config players")
    assert "choose one of 1, 2, 3, 4" in line


def test_error_samples_are_one_line_and_debug_gives_the_traceback(cli):
    args = [*THREE_RANDOM, "--games", "2", "--max-decisions", "5", "--json"]
    data = json.loads(cli(args).stdout)
    sample = data["error_samples"][0]["error"]
    assert sample == "RuntimeError: no result after 5 decisions"
    data = json.loads(cli([*args, "--debug"]).stdout)
    assert data["error_samples"][0]["error"].startswith("Traceback")


def test_help_lists_games_agents_scenarios_and_battlefields(cli):
    out = " ".join(cli(["simulate", "--help"]).output.split())
    for word in ("champs", "epic", "heresy", "mj", "ai-easy", "brother_against_brother"):
        assert word in out
    assert "plaine" in out and "defile" in out
