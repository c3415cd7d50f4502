"""`arbitre play`, driven by typed input: answers, illegal answers, undo, save, load, lang."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre.engine import IllegalChoice, get, translate
from arbitre.engine.agents import make_agent
from arbitre.engine.match import Match
from arbitre.engine.record import GameRecord

SEATS = ["champs", "--seats", "human,random,random", "--seed", "3"]


def play(cli, answers: str, *extra: str):
    return cli(["play", *SEATS, *extra], input=answers)


def saved(path: Path) -> GameRecord:
    return GameRecord.load(path)


def first_human_match() -> Match:
    """The same game as the CLI plays with SEATS, advanced to p1's first question."""
    ruleset = get("champs")
    agents = {i: make_agent(ruleset, "random", 3 * 7919 + i) for i in (1, 2)}
    match = Match(ruleset, {}, 3, agents)
    match.run()
    return match


def test_answers_save_and_the_record_replays(cli, tmp_path):
    path = tmp_path / "x.json"
    result = play(cli, "1\n" * 12 + f"save {path}\nquit\n")
    assert result.exit_code == 0, result.output
    record = saved(path)
    assert record.ruleset == "champs" and record.seed == 3
    assert len(record.keys) > 12  # twelve human answers plus the AI answers in between
    assert "Au revoir." in result.output
    replay = cli(["replay", str(path), "--no-step"])
    assert replay.exit_code == 0, replay.output
    assert f"{len(record.keys)}/{len(record.keys)}" in replay.output
    assert "10×8" in replay.output  # the board at the end


def test_number_and_key_answers_are_the_same(cli, tmp_path):
    match = first_human_match()
    decision = match.decision()
    assert decision is not None and decision.seat == 0
    key = decision.options[1].key
    by_number, by_key = tmp_path / "n.json", tmp_path / "k.json"
    play(cli, f"2\nsave {by_number}\nquit\n")
    play(cli, f"{key}\nsave {by_key}\nquit\n")
    assert saved(by_number).keys == saved(by_key).keys
    assert saved(by_key).keys[len(match.keys)] == key


def test_illegal_answer_names_the_rule_and_changes_nothing(cli, tmp_path):
    match = first_human_match()
    with pytest.raises(IllegalChoice) as refused:
        match.play("cell:5,5")
    msg = refused.value.msg
    assert msg.rule  # the refusal names a rule…
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    play(cli, f"save {before}\nquit\n")
    illegal = play(cli, f"cell:5,5\nsave {after}\nquit\n", "--lang", "en")
    assert illegal.exit_code == 0, illegal.output
    # …and the person reads it, rule included, in their language.
    shown = " ".join(illegal.output.split())
    assert " ".join(translate(msg, "en").split()) in shown
    assert f"[{msg.rule}]" in translate(msg, "en")
    assert saved(before).keys == saved(after).keys == match.keys


def test_out_of_range_number_is_refused(cli, tmp_path):
    path = tmp_path / "r.json"
    result = play(cli, f"999\nsave {path}\nquit\n", "--lang", "en")
    assert "There is no option 999" in result.output
    assert saved(path).keys == first_human_match().keys


def test_undo_takes_back_the_last_human_answer(cli, tmp_path):
    one, undone = tmp_path / "one.json", tmp_path / "undone.json"
    play(cli, f"1\nsave {one}\nquit\n")
    result = play(cli, f"1\n1\nundo\nsave {undone}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Annulé" in result.output
    assert saved(undone).keys == saved(one).keys
    assert len(saved(one).keys) > len(first_human_match().keys)


def test_undo_with_nothing_to_undo(cli):
    result = play(cli, "undo\nquit\n", "--lang", "en")
    assert result.exit_code == 0
    assert "Nothing to undo" in result.output


def test_help_lists_the_rules_of_the_decision(cli):
    decision = first_human_match().decision()
    assert decision is not None
    result = play(cli, "help\nquit\n", "--lang", "en")
    assert "applies the rules: " + ", ".join(decision.rules) in result.output
    assert "Commands:" in result.output


def test_log_shows_the_whole_journal(cli):
    result = play(cli, "1\nlog\nquit\n", "--lang", "en")
    assert result.exit_code == 0
    # The journal numbers every answer; AI seats are tagged with their agent.
    assert "Player 2 (random) →" in result.output
    assert "   1 " in result.output


def test_english_and_french(cli):
    en = play(cli, "quit\n", "--lang", "en")
    fr = play(cli, "quit\n")
    assert "Round 1/12" in en.output and "Goodbye." in en.output
    assert "Manche 1/12" in fr.output and "Au revoir." in fr.output
    assert "seed 3" in en.output and "graine 3" in fr.output


def test_end_of_input_leaves_cleanly(cli, data_dir):
    result = play(cli, "1\n")
    assert result.exit_code == 0
    assert result.exception is None
    out = " ".join(result.output.split())
    # Ctrl-D asks to confirm; with no more input to read, the game is autosaved
    assert "Quitter ? La partie est sauvegardée dans" in out
    assert "Partie sauvegardée dans" in out and "arbitre play --resume" in out
    (autosave,) = (data_dir / "saves").glob("champs-*.json")
    assert len(saved(autosave).keys) > len(first_human_match().keys)


def test_load_resumes_a_saved_game(cli, tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    play(cli, "1\n1\n" + f"save {first}\nquit\n")
    result = cli(
        ["play", "--load", str(first), "--seats", "human,random,random"],
        input=f"save {second}\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert saved(second).keys == saved(first).keys
    assert "non enregistré" not in result.output


def test_load_then_play_on(cli, tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    play(cli, f"1\nsave {first}\nquit\n")
    cli(
        ["play", "--load", str(first), "--seats", "human,random,random"],
        input=f"1\nsave {second}\nquit\n",
    )
    direct = tmp_path / "direct.json"
    play(cli, f"1\n1\nsave {direct}\nquit\n")
    assert saved(second).keys[: len(saved(first).keys)] == saved(first).keys
    assert len(saved(second).keys) > len(saved(first).keys)
    assert (
        saved(direct).keys[: len(saved(first).keys) + 1]
        == saved(second).keys[: len(saved(first).keys) + 1]
    )


def test_menu_chooses_game_and_seats(cli, tmp_path):
    path = tmp_path / "m.json"
    # game 1 (champs), p1 human (1), p2 and mj random (2)
    result = cli(["play", "--seed", "3"], input=f"1\n1\n2\n2\nsave {path}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "champs" in result.output
    assert saved(path).keys == first_human_match().keys


def test_all_ai_seats_play_to_the_end(cli):
    result = cli(["play", "champs", "--seats", "random,random,random", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "Résultat" in result.output
    assert "scores" in result.output


def test_bad_config_key_and_value(cli):
    unknown = cli(["play", "champs", "--seats", "human,random,random", "--config", "nope=1"])
    assert unknown.exit_code == 2
    assert "nope" in unknown.output and "arbitre rules champs" in unknown.output
    bad = cli(["play", "champs", "--config", "grid.adjacency=6", "--lang", "en"])
    assert bad.exit_code == 2
    assert "grid.adjacency" in bad.output and "8, 4" in bad.output
    syntax = cli(["play", "champs", "--config", "grid.adjacency"])
    assert syntax.exit_code == 2
    assert "clé=valeur" in syntax.output


CONFIG = ["--config", "players=1", "--config", "traps.visible=non"]


def test_config_is_applied(cli, tmp_path):
    path = tmp_path / "c.json"
    result = cli(
        ["play", "champs", "--seats", "human,random", "--seed", "3", *CONFIG],
        input=f"save {path}\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert saved(path).config == {"players": 1, "traps.visible": False}


def test_bad_seats(cli):
    count = cli(["play", "champs", "--seats", "human,random"])
    assert count.exit_code == 2
    assert "3" in count.output
    unknown = cli(["play", "champs", "--seats", "human,robot,random"])
    assert unknown.exit_code == 2
    assert "robot" in unknown.output


def test_load_errors(cli, tmp_path):
    missing = cli(["play", "--load", str(tmp_path / "none.json")])
    assert missing.exit_code == 2
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    bad = cli(["play", "--load", str(broken), "--lang", "en"])
    assert bad.exit_code == 2
    assert "is not a saved game" in " ".join(bad.output.split())


def scripted_human_game(seed: int) -> tuple[Match, list[str]]:
    """A whole game where p1's answers come from a random agent: the keys p1 typed."""
    ruleset = get("champs")
    agents = {i: make_agent(ruleset, "random", seed * 7919 + i) for i in (1, 2)}
    match = Match(ruleset, {}, seed, agents)
    p1 = make_agent(ruleset, "random", 99)
    typed: list[str] = []
    while True:
        match.run()
        decision = match.decision()
        if decision is None:
            return match, typed
        key = p1.choose(ruleset, match.state, decision)
        typed.append(key)
        match.play(key)


def test_a_whole_game_to_the_result_then_save_after_the_end(cli, tmp_path):
    match, typed = scripted_human_game(3)
    result_msg = match.result()
    assert result_msg is not None
    path = tmp_path / "end.json"
    answers = "".join(f"{k}\n" for k in typed) + f"save {path}\n\n"
    result = play(cli, answers, "--lang", "en")
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over — save [FILE], log, undo, or Enter to leave" in result.output
    assert translate(result_msg.summary, "en") in " ".join(result.output.split())
    assert saved(path).keys == match.keys


def test_a_failing_agent_hands_its_seat_to_a_person(cli, monkeypatch):
    from arbitre.engine.agents.random_agent import RandomAgent

    def broken(self, ruleset, state, decision):
        return "no-such-key"

    monkeypatch.setattr(RandomAgent, "choose", broken)
    result = play(cli, "quit\n", "--lang", "en")  # with seed 3, p2 deploys first
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert "Agent random of Player 2 failed" in " ".join(result.output.split())
