"""`arbitre play epic --army …` (issue 16): two armies by seat name or number, a list's
ready-made army at a points level, an army file; bad seats are refused by name; a saved
game keeps its armies and replays."""

from __future__ import annotations

from pathlib import Path

from arbitre.engine.record import GameRecord
from arbitre.games.epic.armies import ready_made, to_toml


def test_EPC_3_play_epic_with_two_armies_by_seat_name(cli, tmp_path: Path) -> None:
    army = tmp_path / "eldar.toml"
    army.write_text(to_toml(ready_made("eldar", 2000)), "utf-8")
    save = tmp_path / "game.json"
    result = cli(
        [
            "play",
            "epic",
            "--army",
            f"imperium={army}",
            "--army",
            "mille_fils=chaos@2000",
            "--seats",
            "human,ai",
            "--seed",
            "2",
            "--lang",
            "en",
        ],
        input=f"1\nsave {save}\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "Where does" in result.output and "deploy?" in result.output
    record = GameRecord.load(save)
    # the file is held, read once: its text in the save under "<stem>@<sha12>" (held.py)
    assert record.config["army.0"].startswith("eldar@")
    assert record.config["army.1"] == "chaos@2000"
    replay = cli(["replay", str(save), "--no-step"])
    assert replay.exit_code == 0, replay.output


def test_EPC_3_play_epic_with_seat_numbers_and_list_levels(cli) -> None:
    result = cli(
        [
            "play",
            "epic",
            "--army",
            "0=space_marines@4000",
            "--army",
            "1=garde_imperiale@4000",
            "--seats",
            "ai,ai",
            "--seed",
            "1",
        ]
    )
    assert result.exit_code == 0, result.output
    assert "Résultat" in result.output or "gagne" in result.output or "nul" in result.output


def test_EPC_3_an_unknown_seat_or_army_is_refused_by_name(cli) -> None:
    bad_seat = cli(["play", "epic", "--army", "chaos=x.toml", "--seats", "ai,ai"])
    assert bad_seat.exit_code != 0
    assert "chaos" in bad_seat.output and "imperium" in bad_seat.output
    bad_army = cli(["play", "epic", "--army", "0=nowhere@12", "--seats", "ai,ai"])
    assert bad_army.exit_code != 0
    assert "army.0" in bad_army.output and "nowhere@12" in bad_army.output
