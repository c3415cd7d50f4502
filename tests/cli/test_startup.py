"""`arbitre` starts fast: subcommands are imported lazily; `--version`; `--help` lists."""

from __future__ import annotations

import subprocess
import sys

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
