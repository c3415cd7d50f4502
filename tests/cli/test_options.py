"""Bad option values: one line in the run's language, exit 2, no Pydantic (cli/options.py)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any, ClassVar

import pytest
import typer

from arbitre.cli import app
from arbitre.cli.options import PlainValue, plain


def _error_line(result) -> str:
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert "Invalid value" not in lines[0] and "Usage:" not in result.output
    line: str = lines[0]
    return line


@pytest.mark.parametrize(
    ("args", "fr", "en"),
    [
        (
            ["play", "champs", "--seed", "abc"],
            "Erreur : --seed : « abc » n'est pas un nombre entier",
            "Error: --seed: 'abc' is not a whole number",
        ),
        (
            ["simulate", "champs", "--games", "0"],
            "Erreur : --games : 0 : au moins 1",
            "Error: --games: 0: at least 1",
        ),
        (
            ["simulate", "champs", "--seed", "1.5"],
            "Erreur : --seed : « 1.5 » n'est pas un nombre entier",
            "Error: --seed: '1.5' is not a whole number",
        ),
        (
            ["odds", "champs", "--attacker-dice", "x", "--defender-dice", "2"],
            "Erreur : --attacker-dice : « x » n'est pas un nombre entier",
            "Error: --attacker-dice: 'x' is not a whole number",
        ),
        (
            ["odds", "champs", "--attacker-dice", "2", "--defender-dice", "2", "--support", "?"],
            "Erreur : --support : « ? » n'est pas un nombre entier",
            "Error: --support: '?' is not a whole number",
        ),
    ],
)
def test_bad_value_is_one_line_in_the_run_language(cli, args, fr, en) -> None:
    assert _error_line(cli(args)) == fr
    assert _error_line(cli([*args, "--lang", "en"])) == en
    # --lang before the bad option, or after it: the same language
    assert _error_line(cli([*args[:-2], "--lang", "en", *args[-2:]])) == en


def test_unknown_language_is_said_in_both(cli) -> None:
    for command in (["play", "champs"], ["simulate", "champs"], ["replay", "x.json"]):
        line = _error_line(cli([*command, "--lang", "de"]))
        assert line == (
            "Erreur : --lang : langue inconnue « de » : fr ou en / unknown language 'de': fr or en"
        )


def test_good_values_still_work(cli) -> None:
    result = cli(["simulate", "champs", "-n", "2", "--seed", "3", "--json", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert '"games": 2' in result.output and '"seed": 3' in result.output
    result = cli(["odds", "epic", "shoot", "--dice", "2", "--json"])
    assert result.exit_code == 0 and '"to_hit"' in result.output


def test_plain_value_conversions() -> None:
    class Param:
        name, opts, param_type_name, multiple, nargs = "n", ["--n"], "option", False, 1

    class Ctx:
        params: ClassVar[dict[str, str]] = {"lang": "en"}

    assert PlainValue(int, 1, 5).coerce(" 3", Param(), Ctx()) == 3
    assert PlainValue(float, None, None).coerce("2.5", Param(), Ctx()) == 2.5
    assert PlainValue(bool, None, None).coerce("oui", Param(), Ctx()) is True
    assert PlainValue(str, None, None).coerce(None, Param(), Ctx()) is None
    with pytest.raises(typer.Exit):
        PlainValue(int, 1, 5).coerce("6", Param(), Ctx())
    Param.multiple = True
    assert PlainValue(list[int], None, None).coerce(("1", "2"), Param(), Ctx()) == [1, 2]


def test_every_simple_parameter_is_plain() -> None:
    """Typer's private hook still exists: the commands' options skip Pydantic."""
    group: Any = typer.main.get_command(app)  # typer's own click classes
    ctx = group.make_context("arbitre", ["play"], resilient_parsing=True)
    for name in ("play", "simulate", "replay", "rules"):
        command = plain(group.get_command(ctx, name), ctx)
        for param in command.get_params(ctx):
            assert isinstance(param._runtime_param, PlainValue), (name, param.name)


def test_odds_runs_without_pydantic() -> None:
    code = (
        "import sys\n"
        "sys.argv = ['arbitre', 'odds', 'champs', '--attacker-dice', '2', '--defender-dice', '2',"
        " '--json', '--lang', 'en']\n"
        "from arbitre.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert "pydantic" not in out.splitlines()[-1].split()
