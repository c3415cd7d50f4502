"""Reading a person's answer, and reading `--config` values."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbitre.cli import messages
from arbitre.cli.human import Command, OutOfRange, Pick, parse_answer
from arbitre.cli.rules_cmd import BadConfig, coerce, parse_config
from arbitre.engine import get
from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg, has_message

DECISION = Decision(
    0,
    "test.pick",
    (Option("cell:1,0", Msg("a")), Option("end", Msg("b")), Option("log", Msg("c"))),
    Msg("q"),
    ("CB-1",),
)


def test_numbers_keys_and_commands():
    assert parse_answer(DECISION, "2") == Pick("end")
    assert parse_answer(DECISION, " cell:1,0 ") == Pick("cell:1,0")
    assert parse_answer(DECISION, "7") == OutOfRange(7)
    assert parse_answer(DECISION, "save /tmp/a b.json") == Command("save", "/tmp/a b.json")
    assert parse_answer(DECISION, "ANNULER") == Command("undo")
    assert parse_answer(DECISION, "aide") == Command("help")
    assert parse_answer(DECISION, "") is None
    # An option key wins over a command of the same name; other text goes to the rules.
    assert parse_answer(DECISION, "log") == Pick("log")
    assert parse_answer(DECISION, "cell:9,9") == Pick("cell:9,9")


def test_config_values_are_read_against_the_schema():
    schema = {o.key: o for o in get("champs").options_schema()}
    assert coerce(schema["traps.visible"], "non") is False
    assert coerce(schema["traps.visible"], "TRUE") is True
    assert coerce(schema["players"], "3") == 3
    assert coerce(schema["traps.playerPool"], "none") is None
    assert coerce(schema["traps.playerPool"], "5") == 5
    assert coerce(schema["heroes"], "voleur, templier") == ("voleur", "templier")
    assert coerce(schema["combat.result"], "Highest") == "highest"
    with pytest.raises(BadConfig):
        coerce(schema["players"], "9")
    with pytest.raises(BadConfig):
        coerce(schema["dice.sides"], "six")


def test_parse_config_refuses_unknown_keys_and_bad_syntax():
    ruleset = get("champs")
    assert parse_config(ruleset, ["grid.adjacency=4"]) == {"grid.adjacency": 4}
    with pytest.raises(BadConfig) as unknown:
        parse_config(ruleset, ["colour=blue"])
    assert unknown.value.msg.key == "config.unknown"
    with pytest.raises(BadConfig) as syntax:
        parse_config(ruleset, ["grid.adjacency"])
    assert syntax.value.msg.key == "config.syntax"


def test_every_cli_text_used_exists_in_both_languages():
    source = Path(messages.__file__).parent
    used = set()
    for path in source.glob("*.py"):
        used |= set(re.findall(r'"(cli\.[a-z_.]+[a-z_])"', path.read_text(encoding="utf-8")))
    assert len(used) > 50
    missing = sorted(k for k in used if not has_message(k))
    assert missing == []
    for key, texts in messages.CATALOG.items():
        assert key.startswith("cli.")
        assert texts["fr"].strip() and texts["en"].strip()


def test_a_point_is_typed_as_x_y():
    from arbitre.cli.human import point_key

    assert point_key("30,40") == "30,40"
    assert point_key(" 30 , 40.5 ") == "30,40.5"
    assert point_key("(30; 40)") == "30,40"
    assert point_key("-0,5") == "0,5"
    assert point_key("a,b") is None and point_key("1,2,3") is None and point_key("12") is None
    assert parse_answer(DECISION, "30, 40") == Pick("30,40")
    assert parse_answer(DECISION, "cell:1,0") == Pick("cell:1,0")  # a key still wins
