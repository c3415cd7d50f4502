"""A battlefield file refuses keys it does not know, at every level (issue 16, AMB-CB-1):
a misspelt field (`round = 20`) or a table the format has not (`[extra]`) is refused with
the field named, in French and English, wherever a battlefield is read: the server's
loader (a name or a file, as `--config battlefield=FILE` gives), the library's check (the
editor and the lobby), a game's start. The shipped battlefields still load, and what
`battlefield_to_toml` writes reads back."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre.engine import get
from arbitre.engine.i18n import translate
from arbitre.engine.ruleset import ConfigError
from arbitre.games.champs import board

SHIPPED = ("plaine", "defile", "forteresse")


def _text(name: str) -> str:
    return board._builtin_text(name)


@pytest.mark.parametrize("name", SHIPPED)
def test_AMB_CB_1_the_shipped_battlefields_still_load(name: str) -> None:
    bf = board.load_battlefield(name)
    assert bf.id == name and bf.width >= 3 and bf.deck
    # their every key is a known field, and the writer's output reads back the same
    again = board.parse_battlefield_text(board.battlefield_to_toml(bf), name)
    assert again == bf


def _with(text: str, line: str) -> str:
    """`line` among the top-level keys (before the [deck] table)."""
    head, deck = text.split("[deck]", 1)
    return f"{head.rstrip()}\n{line}\n\n[deck]{deck}"


CASES = [
    (_with(_text("plaine"), "round = 20"), "round"),  # a misspelt `rounds`
    (_with(_text("plaine"), "soldats = 3"), "soldats"),  # a deck line outside [deck]
    (_text("plaine") + "\n[extra]\nwidth = 4\n", "extra"),  # a table the format has not
    (_with(_text("defile"), "obstacles_extra = [[1, 1]]"), "obstacles_extra"),
]


@pytest.mark.parametrize(("text", "field"), CASES)
def test_AMB_CB_1_an_unknown_key_is_refused_naming_it(text: str, field: str) -> None:
    with pytest.raises(ConfigError) as caught:
        board.parse_battlefield_text(text, "essai.toml")
    msg = caught.value.msg
    assert msg is not None
    assert msg.key == "config.champs.bf.unknown_key" and msg.rule == "AMB-CB-1"
    assert msg.args["field"] == field
    fr, en = translate(msg, "fr"), translate(msg, "en")
    assert f"champ inconnu « {field} »" in fr and "rounds" in fr
    assert f"unknown field '{field}'" in en
    assert fr != en


def test_AMB_CB_1_a_file_given_by_path_is_refused(tmp_path: Path) -> None:
    """`--config battlefield=FILE` (the CLI, Python) and a game's own start."""
    path = tmp_path / "arene.toml"
    path.write_text(_with(_text("forteresse"), "rondes = 9"), "utf-8")
    with pytest.raises(ConfigError) as caught:
        board.load_battlefield(str(path))
    assert caught.value.msg is not None and caught.value.msg.args["field"] == "rondes"
    with pytest.raises(ConfigError):
        get("champs").new({"battlefield": str(path)}, 1)
    # the same file without the stray key plays
    path2 = tmp_path / "arene2.toml"
    path2.write_text(_text("forteresse"), "utf-8")
    assert board.load_battlefield(str(path2)).rounds == board.load_battlefield("forteresse").rounds


def test_AMB_CB_1_the_librarys_check_names_the_unknown_field() -> None:
    """The editor's and the lobby's check (library_saved.check): a 422 naming the field,
    so nothing of such a file is saved or filled into the form."""
    from arbitre.engine import library, library_saved

    text = _with(_text("plaine"), "tours = 4")
    with pytest.raises(library_saved.Refused) as caught:
        library_saved.check(library.CHAMPS_BATTLEFIELD, text)
    assert caught.value.status == 422 and caught.value.field == "tours"
    assert caught.value.msg.rule == "AMB-CB-1"
    labels, data = library_saved.check(library.CHAMPS_BATTLEFIELD, _text("plaine"))
    assert set(data) <= set(board.FIELDS) and labels["fr"]
