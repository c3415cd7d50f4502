"""`arbitre simulate epic --config army.0=FILE` (issue 16): the army file (and a table
file) is read and parsed once per run, not once per game, and the games are the same as
with the ready-made army the file holds (same seeds, same results)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arbitre.games.epic import forces, held
from arbitre.games.epic.armies import ready_made, to_toml

GAMES = 4


def _counting(monkeypatch: pytest.MonkeyPatch, watched: set[Path]) -> dict[str, int]:
    """Count the reads of the watched files (Path.read_text) and the parses of their
    texts (an army given by name is parsed from the library's text: not counted)."""
    counts = {"read": 0, "parse": 0}
    real_read = Path.read_text

    def read_text(self: Path, *args: Any, **kwargs: Any) -> str:
        if self.absolute() in watched:
            counts["read"] += 1
        return real_read(self, *args, **kwargs)

    pkg = forces._armies()
    real_parse = pkg.parse_army

    texts = {path.read_text("utf-8") for path in watched}

    def parse_army(text: str) -> Any:
        counts["parse"] += text in texts
        return real_parse(text)

    monkeypatch.setattr(Path, "read_text", read_text)
    monkeypatch.setattr(pkg, "parse_army", parse_army)
    # a fresh run: nothing kept from an earlier test in this process
    monkeypatch.setattr(held, "_FILES", {})
    forces._army_of_text.cache_clear()
    forces._force_of_text.cache_clear()
    return counts


def _simulate(cli: Any, *config: str) -> dict[str, Any]:
    args = ["simulate", "epic", "-n", str(GAMES), "--seed", "3", "--json"]
    for item in config:
        args += ["--config", item]
    result = cli(args)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    assert data["errors"] == 0 and data["games"] == GAMES
    return data


def test_EPC_3_simulate_reads_an_army_file_once(
    cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    army = tmp_path / "eldar.toml"
    army.write_text(to_toml(ready_made("eldar", 2000)), "utf-8")
    from arbitre.games.epic.tables import default_text

    table = tmp_path / "table.toml"
    table.write_text(default_text(), "utf-8")
    by_name = _simulate(cli, "army.0=eldar@2000", "army.1=chaos@2000")

    counts = _counting(monkeypatch, {army.absolute(), table.absolute()})
    by_file = _simulate(cli, f"army.0={army}", "army.1=chaos@2000", f"table={table}")
    # one read of each file for the whole run (the argument check's dry start included),
    # and the army text parsed once (the seat names reuse that parse)
    assert counts["read"] == 2, counts
    assert counts["parse"] == 1, counts
    # the same games: the file holds the ready-made army, the table file the default table
    assert by_file["results"] == by_name["results"]
    assert by_file["mean_decisions"] == by_name["mean_decisions"]
    assert sum(r["wins"] + r["draws"] for r in by_file["results"]) >= GAMES


def test_EPC_3_a_changed_army_file_is_read_again(tmp_path: Path) -> None:
    """Kept by size and modification time: a file edited between two runs in one process
    is read afresh, never an old text."""
    army = tmp_path / "army.toml"
    army.write_text(to_toml(ready_made("eldar", 2000)), "utf-8")
    first = forces.resolve_force(str(army), 0)
    army.write_text(to_toml(ready_made("space_marines", 2000)), "utf-8")
    second = forces.resolve_force(str(army), 0)
    assert first.detachments != second.detachments
    assert {d.unit for d in first.detachments} != {d.unit for d in second.detachments}
