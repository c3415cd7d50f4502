"""Quitting never loses a game: quit, Ctrl-C and Ctrl-D confirm and autosave, `--resume`
lists the autosaves and goes on at the same move; `--load` checks a file completely (bytes,
JSON, fields, game, version, config, seats, every key) before asking anything."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from arbitre import __version__
from arbitre.engine import get
from arbitre.engine.record import GameRecord

SEATS = ["champs", "--seats", "human,random,random", "--seed", "3"]
ASKED = ("Votre choix", "Qui joue", "Your choice", "Who plays")


def autosaves(data_dir: Path) -> list[Path]:
    return sorted((data_dir / "saves").glob("*.json"))


def test_quit_asks_then_autosaves_with_seats_and_version(cli, data_dir):
    result = cli(["play", *SEATS], input="1\nquit\nn\n1\nquit\no\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Quitter ? La partie est sauvegardée dans" in out and "(o/n)" in out
    assert "La partie continue." in out  # "n": the game went on, a second answer followed
    (path,) = autosaves(data_dir)
    assert str(path) in result.output.replace("\n", "")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["seats"] == ["human", "random", "random"]
    assert data["arbitre"] == __version__ and data["version"] == get("champs").version
    assert GameRecord.from_json(data).seed == 3
    assert "Au revoir." in out


def test_ctrl_c_asks_and_resume_goes_on_at_the_same_move(cli, data_dir, monkeypatch, tmp_path):
    typed = iter(["1", "1", "^C", "o"])

    def fake_input(self, prompt="", **kwargs):
        self.print(prompt, end="")
        line = next(typed)
        if line == "^C":
            raise KeyboardInterrupt
        return line

    with monkeypatch.context() as patched:
        patched.setattr(Console, "input", fake_input)
        result = cli(["play", *SEATS])
    assert result.exit_code == 0, result.output
    assert "Quitter ?" in result.output
    (path,) = autosaves(data_dir)
    keys = GameRecord.load(path).keys

    listed = cli(["play", "--resume"], input="1\n" + f"save {tmp_path / 'a.json'}\nquit\no\n")
    assert listed.exit_code == 0, listed.output
    text = " ".join(listed.output.split())
    assert "Parties sauvegardées" in text and path.stem in text
    assert f"{len(keys)} choix" in text and "Joueur 1: humain" in text
    assert GameRecord.load(tmp_path / "a.json").keys == keys  # the same move, nothing lost
    assert autosaves(data_dir) == [path]  # resuming goes on in the same autosave


def test_end_of_input_autosaves_and_resume_by_number_or_name(cli, data_dir, tmp_path):
    first = cli(["play", *SEATS], input="1\n1\n")  # then Ctrl-D
    assert first.exit_code == 0 and first.exception is None, first.output
    (path,) = autosaves(data_dir)
    keys = GameRecord.load(path).keys
    for selector in ("1", path.stem, path.name):
        out = tmp_path / f"{selector}.out.json"
        again = cli(["play", "--resume", selector], input=f"save {out}\nquit\no\n")
        assert again.exit_code == 0, again.output
        assert "Parties sauvegardées" not in again.output  # chosen directly: no list
        assert GameRecord.load(out).keys == keys
    # the saved seats are played again without asking (no --seats, no menu)
    assert not any(word in again.output for word in ASKED)


def test_resume_errors(cli, data_dir):
    none = cli(["play", "--resume", "--lang", "en"])
    assert none.exit_code == 1 and "No saved game in" in none.output
    cli(["play", *SEATS], input="1\n")
    unknown = cli(["play", "--resume", "7", "--lang", "en"])
    assert unknown.exit_code == 2
    assert "No save '7': give a number from 1 to 1" in " ".join(unknown.output.split())
    heresy_only = cli(["play", "heresy", "--resume", "--lang", "en"])
    assert heresy_only.exit_code == 1  # the game named: only its autosaves are listed


def good_record(tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "good.json"
    GameRecord("champs", get("champs").version, {}, 3, []).save(path)
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def one_line_error(result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert "Traceback" not in result.output
    assert not any(word in result.output for word in ASKED)  # nothing was asked
    for word in words:
        assert word in lines[0], (word, lines[0])


@pytest.mark.parametrize(
    "name, content, words",
    [
        ("truncated.json", b'{"ruleset": "champs", "version": "1", "conf', ("truncated",)),
        ("latin1.json", '{"ruleset": "champé"}'.encode("latin-1"), ("not UTF-8",)),
        ("list.json", b"[1, 2]", ("is not a saved game",)),
        ("empty.json", b"", ("truncated",)),
    ],
)
def test_load_refuses_unreadable_files_in_one_line(cli, tmp_path, name, content, words):
    path = tmp_path / name
    path.write_bytes(content)
    one_line_error(cli(["play", "--load", str(path), "--lang", "en"]), str(path), *words)


def test_load_refuses_a_missing_file(cli, tmp_path):
    one_line_error(cli(["play", "--load", str(tmp_path / "none.json"), "--lang", "en"]), "Cannot")


def test_load_refuses_another_version_naming_both(cli, tmp_path):
    data = good_record(tmp_path)
    data["version"] = "0.0-old"
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = cli(["play", "--load", str(path), "--lang", "en"])
    one_line_error(result, "0.0-old", get("champs").version, "refused")


def test_load_refuses_an_illegal_key_before_asking(cli, tmp_path):
    data = good_record(tmp_path)
    data["keys"] = ["cell:0,0", "no-such-key"]
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    one_line_error(cli(["play", "--load", str(path), "--lang", "en"]), "Choice 2", "no-such-key")


def test_load_refuses_bad_config_unknown_game_and_bad_seats(cli, tmp_path):
    data = good_record(tmp_path)
    for change, word in (
        ({"config": {"players": 99}}, "players"),
        ({"ruleset": "chess"}, "chess"),
        ({"seats": ["human", "robot", "random"]}, "seats"),
        ({"seed": "x"}, "seed"),
    ):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps({**data, **change}), encoding="utf-8")
        one_line_error(cli(["play", "--load", str(path), "--lang", "en"]), word)


def test_replay_refuses_a_non_utf8_file_cleanly(cli, tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(b"\xff\xfe{}")
    result = cli(["replay", str(path), "--lang", "en"])
    assert result.exit_code == 2 and "not UTF-8" in result.output
    assert "Traceback" not in result.output


def test_a_save_with_seats_is_still_a_record_replay_reads(cli, tmp_path):
    path = tmp_path / "s.json"
    cli(["play", *SEATS], input=f"1\nsave {path}\nquit\no\n")
    assert json.loads(path.read_text(encoding="utf-8"))["seats"][0] == "human"
    replay = cli(["replay", str(path), "--no-step"])
    assert replay.exit_code == 0, replay.output


def test_a_save_keeps_a_parameterised_agent_and_loads_it_back(cli, tmp_path):
    """`mcts:iterations=5` is saved whole and played again on load; a spec the agent parser
    refuses (`iterations=0`, an unknown parameter) is one line naming `seats[N]`."""
    path = tmp_path / "mcts.json"
    seats = ["champs", "--seats", "human,mcts:iterations=5,random", "--seed", "3"]
    first = cli(["play", *seats], input=f"1\nsave {path}\nquit\no\n")
    assert first.exit_code == 0, first.output
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["seats"] == ["human", "mcts:iterations=5", "random"]
    again = cli(["play", "--load", str(path), "--lang", "en"], input="quit\ny\n")
    assert again.exit_code == 0, again.output
    assert "mcts:iterations=5" in again.output  # the header names the agent as saved
    assert not any(word in again.output for word in ASKED)  # no seat menu: the save's seats
    for spec, word in (("mcts:iterations=0", "iterations"), ("mcts:width=3", "width")):
        bad = tmp_path / "bad-mcts.json"
        bad.write_text(json.dumps({**data, "seats": ["human", spec, "random"]}), encoding="utf-8")
        one_line_error(cli(["play", "--load", str(bad), "--lang", "en"]), "seats[1]", spec, word)
