"""`benchmarks.server_pipeline` keeps running as the server changes (it drives private
parts: `sockets._message`, `Subscriber`): a tiny run prints its three settings per game,
each having written two frames a move (one per seat's socket)."""

from __future__ import annotations

import re

import pytest
from benchmarks import server_pipeline


def test_a_tiny_run_prints_every_setting(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--ruleset", "champs", "heresy", "--games", "2", "--moves", "6", "--advance", "3"]
    server_pipeline.main([*args, "--pause", "0"])
    out = capsys.readouterr().out
    for setting in server_pipeline.SETTINGS:
        lines = re.findall(rf"{setting} +\d+ µs of CPU a move .* and 2\.00 frames", out)
        assert len(lines) == 2, out
