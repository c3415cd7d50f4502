"""`arbitre rules`: every option with its default, choices and rule; the rule IDs."""

from __future__ import annotations

import json

from arbitre.engine import get


def test_rules_json_lists_combat_result_with_default_sum(cli):
    result = cli(["rules", "champs", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    options = {o["key"]: o for o in data["options"]}
    assert options["combat.result"]["default"] == "sum"
    assert options["combat.result"]["choices"] == ["sum", "highest"]
    assert options["combat.result"]["rule"] == "AMB-CB-5"
    assert data["rule_ids"] == list(get("champs").rule_ids())
    assert len(options) == len(get("champs").options_schema())


def test_rules_table_shows_keys_defaults_and_rule_ids(cli):
    result = cli(["rules", "champs", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Configuration options: Champs de Bataille" in result.output
    assert "combat.result" in result.output
    assert "AMB-CB-5" in result.output
    assert "sum | highest" in result.output
    assert "CB-71" in result.output


def test_rules_of_unknown_game(cli):
    result = cli(["rules", "nope"])
    assert result.exit_code == 2
    assert "nope" in result.output
