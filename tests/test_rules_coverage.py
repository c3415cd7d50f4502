"""The committed rules coverage report is current, and every Champs rule has a test."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _script():
    spec = importlib.util.spec_from_file_location(
        "rules_coverage", ROOT / "scripts" / "rules_coverage.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_report_is_up_to_date():
    script = _script()
    assert (ROOT / "docs" / "rules-coverage.md").read_text("utf-8") == script.build(), (
        "docs/rules-coverage.md is stale: run `make coverage-report`"
    )


def test_every_champs_rule_example_and_ambiguity_has_a_test():
    found = _script().test_names()
    missing = [
        rid
        for prefix, count in (("CB", 71), ("EX-CB", 24), ("AMB-CB", 28))
        for rid in (f"{prefix}-{i}" for i in range(1, count + 1))
        if rid not in found
    ]
    assert missing == []
