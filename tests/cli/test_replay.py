"""`arbitre replay`: every decision with the chosen option, stepping or not."""

from __future__ import annotations

from arbitre.engine import get, translate
from arbitre.engine.agents import make_agent
from arbitre.engine.match import Match


def recorded(tmp_path, seed: int = 7, upto: int | None = None):
    ruleset = get("champs")
    match = Match(ruleset, {}, seed, {i: make_agent(ruleset, "random", i) for i in range(3)})
    match.run(upto)
    path = tmp_path / "game.json"
    match.record().save(path)
    return match, path


def test_no_step_prints_every_decision_and_the_result(cli, tmp_path):
    match, path = recorded(tmp_path)
    n = len(match.keys)
    result = cli(["replay", str(path), "--no-step", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert f"1/{n} " in result.output and f"{n}/{n} " in result.output
    res = match.result()
    assert res is not None
    assert translate(res.summary, "en") in result.output
    assert "Result" in result.output


def test_no_step_of_an_unfinished_game_shows_the_open_question(cli, tmp_path):
    match, path = recorded(tmp_path, upto=30)
    decision = match.decision()
    assert decision is not None
    result = cli(["replay", str(path), "--no-step", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "30/30" in result.output
    assert "not finished" in result.output
    assert translate(decision.text, "en") in result.output


def test_step_mode_waits_for_enter_and_stops_on_q(cli, tmp_path):
    _match, path = recorded(tmp_path, upto=30)
    result = cli(["replay", str(path)], input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "2/30" in result.output and "3/30" in result.output
    assert "4/30" not in result.output


def test_step_mode_stops_cleanly_at_end_of_input(cli, tmp_path):
    _match, path = recorded(tmp_path, upto=30)
    result = cli(["replay", str(path)], input="")
    assert result.exit_code == 0
    assert result.exception is None
    assert "2/30" not in result.output


def test_replay_of_a_tampered_record_names_the_refusal(cli, tmp_path):
    match, path = recorded(tmp_path, upto=10)
    record = match.record()
    record.keys[4] = "cell:99,99"
    record.save(path)
    result = cli(["replay", str(path), "--no-step", "--lang", "en"])
    assert result.exit_code == 1
    assert "Choice 5 'cell:99,99' of the saved game is refused" in result.output


def test_replay_missing_file(cli, tmp_path):
    result = cli(["replay", str(tmp_path / "nothing.json")])
    assert result.exit_code == 2
    assert "nothing.json" in result.output
