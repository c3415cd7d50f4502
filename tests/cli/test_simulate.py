"""`arbitre simulate`: JSON summary, workers, agent errors and the exit code."""

from __future__ import annotations

import json

import pytest

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
    assert "2 agent(s) given for 3 seats" in result.output


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
