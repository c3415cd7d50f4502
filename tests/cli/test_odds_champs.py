"""`arbitre odds champs`: questions bounded by the rules, one-line errors (issue 18)."""

from __future__ import annotations

import pytest

ODDS = ["odds", "champs"]


def _refused(cli, args: list[str], option: str) -> str:
    result = cli([*ODDS, *args])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and option in lines[0], result.stderr
    return str(lines[0])


@pytest.mark.parametrize(
    ("troop", "size"),
    [("soldats:7", 7), ("mastodonte:2,soldats:3", 7), ("catapulte:3", 9)],
)
def test_CB_6_a_troop_holds_at_most_6_units_by_size(cli, troop: str, size: int) -> None:
    line = _refused(
        cli, ["--attacker", troop, "--defender-dice", "2", "--lang", "en"], "--attacker"
    )
    assert "CB-6" in line and f"counts {size}" in line and "at most 6" in line


def test_CB_6_a_full_troop_is_accepted(cli) -> None:
    for troop in ("soldats:6", "mastodonte:3", "catapulte:2", "mastodonte:2,airs:2"):
        result = cli([*ODDS, "--attacker", troop, "--defender", "soldats:6", "--json"])
        assert result.exit_code == 0, result.output


def test_CB_67_AMB_CB_2_support_is_bounded_by_the_adjacent_cells(cli) -> None:
    line = _refused(
        cli, ["--attacker-dice", "3", "--defender-dice", "3", "--support", "9"], "--support"
    )
    assert "au plus 8" in line and "AMB-CB-2" in line
    args = ["--attacker-dice", "3", "--defender-dice", "3", "--support", "5"]
    line = _refused(cli, [*args, "--config", "grid.adjacency=4", "--lang", "en"], "--support")
    assert "at most 4" in line


def test_raw_pools_are_bounded_with_the_limit_named(cli) -> None:
    line = _refused(
        cli, ["--attacker-dice", "300", "--defender-dice", "3", "--lang", "en"], "--attacker-dice"
    )
    assert "at most 100 dice" in line


def test_errors_are_in_one_language(cli) -> None:
    line = _refused(cli, ["--attacker", "dragons:2", "--defender-dice", "3"], "--attacker")
    assert line.startswith("Erreur : ") and "Invalid value" not in line
    line = _refused(
        cli,
        ["--attacker-dice", "3", "--defender-dice", "3", "--config", "combat.result=x"],
        "--config",
    )
    assert "choisissez parmi" in line
