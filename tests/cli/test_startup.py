"""`arbitre` starts fast: subcommands are imported lazily; `--version`; `--help` lists."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

from arbitre import __version__

HEAVY = (
    "arbitre.cli.render",
    "arbitre.cli.render_champs",
    "arbitre.cli.render_epic",
    "arbitre.cli.render_heresy",
    "arbitre.games.champs",
    "arbitre.games.epic",
    "arbitre.games.heresy",
    "arbitre.cli.play_cmd",
    "arbitre.cli.simulate_cmd",
)


def _loaded_after(code: str) -> set[str]:
    probe = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    return set(out.split())


def test_import_arbitre_cli_imports_no_game_and_no_renderer() -> None:
    loaded = _loaded_after("import arbitre.cli")
    assert not loaded & set(HEAVY)


def test_odds_champs_imports_only_champs() -> None:
    code = (
        "import sys\n"
        "sys.argv = ['arbitre', 'odds', 'champs', '--attacker-dice', '2', '--defender-dice', '2',"
        " '--json']\n"
        "from arbitre.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass"
    )
    loaded = _loaded_after(code)
    assert "arbitre.games.champs.odds" in loaded
    assert not loaded & {
        "arbitre.cli.render",
        "arbitre.games.epic",
        "arbitre.games.heresy",
        "arbitre.cli.simulate_cmd",
    }


def test_version(cli) -> None:
    result = cli(["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"arbitre {__version__}"


def test_help_lists_every_command(cli) -> None:
    out = cli(["--help"]).output
    for name in ("serve", "play", "replay", "simulate", "odds", "rules", "content"):
        assert name in out
    out = cli(["odds", "--help"]).output
    assert "champs" in out and "epic" in out


def test_odds_help_imports_no_game() -> None:
    code = (
        "import sys\n"
        "sys.argv = ['arbitre', 'odds', '--help']\n"
        "from arbitre.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass"
    )
    loaded = _loaded_after(code)
    assert not {m for m in loaded if m.startswith("arbitre.games")}
    assert not loaded & {"arbitre.cli.odds_cmd", "arbitre.cli.odds_epic_cmd", "pydantic"}


def test_root_help_imports_no_command_module() -> None:
    code = (
        "import sys\n"
        "sys.argv = ['arbitre', '--help']\n"
        "from arbitre.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass"
    )
    loaded = _loaded_after(code)
    assert not {m for m in loaded if m.startswith("arbitre.games")}
    assert not loaded & {"arbitre.cli.play_cmd", "arbitre.cli.serve_cmd", "arbitre.cli.odds_cmd"}


def test_static_short_helps_match_the_commands() -> None:
    import typer

    from arbitre.cli import _SHORT, app

    # typer builds its own click classes: reach their groups' commands without isinstance
    group: Any = typer.main.get_command(app)
    odds = group.commands["odds"]
    for name, text in _SHORT.items():
        command = group.commands.get(name) or odds.commands[name]
        assert (command.short_help or command.help or "").strip() == text, name


def test_play_simulate_help_list_games_agents_scenarios_battlefields(cli) -> None:
    for command in ("play", "simulate"):
        out = cli([command, "--help"]).output
        for text in (
            "champs: agents random, mj",
            "heresy: agents random, ai",
            "epic: agents random",
            "--scenario (heresy): brother_against_brother",
            "battlefield=… (champs): defile, forteresse, plaine",
        ):
            assert text in out, (command, text)


def test_rules_help_lists_the_games(cli) -> None:
    out = cli(["rules", "--help"]).output
    assert "jeux / games: champs, epic, heresy" in out


def test_choices_epilog_is_computed_when_read(monkeypatch) -> None:
    from arbitre.cli import choices

    calls: list[tuple[bool, bool]] = []

    def fake(agents: bool, extra: bool) -> str:
        calls.append((agents, extra))
        return "X"

    monkeypatch.setattr(choices, "choices_help", fake)
    command = choices.GamesCommand("rules", epilog="ignored")
    assert calls == []
    assert command.epilog == "X" and calls == [(False, False)]
