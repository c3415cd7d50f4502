"""`arbitre play epic --army FILE --table FILE` (issue 16, EPC-3, EPC-11): the files are
read once when the game starts; the save holds their texts (`held`), so `--load`,
`--resume` and `arbitre replay` play the game as it started even when a file has changed
or gone since; a save whose held text does not match its name is refused, naming it; the
seats are named by their armies in the terminal and the autosave list."""

from __future__ import annotations

import json
from pathlib import Path

from arbitre.engine.record import GameRecord
from arbitre.games.epic import held
from arbitre.games.epic.armies import ready_made, to_toml
from arbitre.games.epic.tables import default_text


def _start(cli, tmp_path: Path) -> tuple[Path, Path, Path, str]:
    army = tmp_path / "my army.toml"
    army.write_text(to_toml(ready_made("eldar", 2000)), "utf-8")
    table = tmp_path / "table.toml"
    text = default_text()
    table.write_text(text, "utf-8")
    save = tmp_path / "game.json"
    result = cli(
        [
            "play", "epic", "--army", f"imperium={army}", "--army", "mille_fils=chaos@2000",
            "--table", str(table), "--seats", "human,ai", "--seed", "5", "--lang", "fr",
        ],
        input=f"1\nsave {save}\nquit\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return army, table, save, result.output


def test_EPC_3_a_save_holds_its_army_and_table_texts(cli, tmp_path: Path) -> None:
    army, table, save, output = _start(cli, tmp_path)
    assert "Eldars" in output  # the seat named by its army
    data = json.loads(save.read_text("utf-8"))
    config = data["config"]
    assert config["army.0"] == f"my-army@{held.sha12(army.read_text('utf-8'))}"
    assert config["table"].startswith("table@")
    assert str(tmp_path) not in json.dumps(config)  # no path kept
    assert data["held"]["epic.army"][config["army.0"]] == army.read_text("utf-8")
    assert data["held"]["epic.table"][config["table"]] == table.read_text("utf-8")
    keys = GameRecord.load(save).keys

    # the files change (another army, another table) or vanish: the saved game does not
    army.write_text(to_toml(ready_made("space_marines", 2000)), "utf-8")
    table.unlink()
    held._HELD.clear()  # a new process: only the save knows the texts
    replay = cli(["replay", str(save), "--no-step", "--lang", "fr"])
    assert replay.exit_code == 0, replay.output
    assert "1/2 Eldars → " in replay.output and "Avatar (A)" in replay.output
    held._HELD.clear()
    again = cli(["play", "--load", str(save), "--seats", "human,ai"], input="quit\n")
    assert again.exit_code == 0, again.output
    assert "Eldars" in again.output
    assert GameRecord.load(save).keys[: len(keys)] == keys


def test_EPC_3_a_held_text_that_does_not_match_its_name_is_refused(cli, tmp_path: Path) -> None:
    _army, _table, save, _out = _start(cli, tmp_path)
    data = json.loads(save.read_text("utf-8"))
    name = data["config"]["army.0"]
    data["held"]["epic.army"][name] += "\n# changed\n"
    save.write_text(json.dumps(data), "utf-8")
    held._HELD.clear()
    result = cli(["replay", str(save), "--no-step"])
    assert result.exit_code == 2
    assert f"'held.epic.army.{name}'" in result.output
    assert "does not match" in result.output


def test_EPC_3_held_names_and_shapes() -> None:
    cases: list[object] = [[], {"epic.army": []}, {"other": {}}, {"epic.army": {"../x@0": ""}}]
    for bad in cases:
        try:
            held.restore(bad)
        except held.HeldError:
            continue
        raise AssertionError(f"accepted {bad!r}")
    held.restore({"epic.table": {f"t@{held.sha12('x')}": "x"}})
    assert held.text_of("epic.table", f"t@{held.sha12('x')}") == "x"
    assert held.hold_items(["seed=3", "army.0=eldar@2000"]) == ["seed=3", "army.0=eldar@2000"]
