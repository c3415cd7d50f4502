"""Shared fixtures: the Typer app with every command registered, and a runner."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from arbitre.cli import _register, app


@pytest.fixture(scope="session", autouse=True)
def registered() -> None:
    _register()


@pytest.fixture(autouse=True)
def data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Autosaves (`arbitre play`) go to a temporary folder, never the user's data folder."""
    folder = tmp_path_factory.mktemp("arbitre-data")
    monkeypatch.setenv("ARBITRE_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def cli(runner: CliRunner):
    """`cli(args, input=...)` runs `arbitre args…` and returns the Result."""

    def invoke(args: list[str], input: str | None = None):
        return runner.invoke(app, args, input=input)

    return invoke
