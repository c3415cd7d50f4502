"""The operator's installed content (`arbitre.engine.library`): Heresy content packs and
Champs battlefields chosen by name; over the web a name, never a path (AMB-9, AMB-CB-1)."""

from __future__ import annotations

import builtins
import os
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from arbitre.engine import get, library
from arbitre.engine.config_values import BadConfig, parse_config, read_config
from arbitre.engine.i18n import translate
from arbitre.engine.library import CHAMPS_BATTLEFIELD, HERESY_CONTENT, LibraryError
from arbitre.engine.rng import Rng

ARENA = """
name_fr = "L'arène"
name_en = "The arena"
width = 6
height = 5
obstacles = [[2, 2]]
objective = "reach_start_line"
rounds = 6
[deck]
soldats = 3
cavalerie = 2
"""


@pytest.fixture(autouse=True)
def _empty_library() -> Iterator[None]:
    library.clear()
    yield
    library.clear()


def copy_default_pack(dest: Path) -> Path:
    """Every part file of the default Heresy data, as a pack folder."""
    from arbitre.games.heresy.content import PARTS

    data = resources.files("arbitre.games.heresy").joinpath("data")
    for part in PARTS:
        target = dest / part
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(data.joinpath(part).read_text("utf-8"), encoding="utf-8")
    return dest


@pytest.fixture
def content_dir(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    (root / "champs").mkdir(parents=True)
    (root / "champs" / "arena.toml").write_text(ARENA, encoding="utf-8")
    (root / "champs" / "README.md").write_text("notes are ignored", encoding="utf-8")
    copy_default_pack(root / "heresy" / "real-board")
    library.install_dir(root)
    return root


def _play(game: str, config: dict[str, Any], moves: int) -> Any:
    ruleset = get(game)
    state = ruleset.new(config, 3)
    rng = Rng.from_seed(5)
    for _ in range(moves):
        decision = ruleset.decision(state)
        if decision is None:
            break
        ruleset.apply(state, decision.options[rng.below(len(decision.options))].key)
    return state


# --------------------------------------------------------------------------- install, list


def test_installed_names_paths_and_labels(content_dir: Path) -> None:
    from arbitre.games.champs.board import builtin_battlefields

    assert library.names(CHAMPS_BATTLEFIELD) == [*builtin_battlefields(), "arena"]
    assert library.names(HERESY_CONTENT) == ["real-board"]
    assert (
        library.path_of(CHAMPS_BATTLEFIELD, "arena")
        == (content_dir / "champs" / "arena.toml").resolve()
    )
    assert (
        library.path_of(HERESY_CONTENT, "real-board")
        == (content_dir / "heresy" / "real-board").resolve()
    )
    assert library.path_of(CHAMPS_BATTLEFIELD, "plaine") is None  # built-in: no file
    assert library.path_of(HERESY_CONTENT, "nope") is None
    assert library.label_of(CHAMPS_BATTLEFIELD, "arena", "fr") == "L'arène"
    assert library.label_of(CHAMPS_BATTLEFIELD, "arena", "en") == "The arena"
    assert library.label_of(CHAMPS_BATTLEFIELD, "plaine", "fr") == "La plaine du gué"
    assert library.label_of(HERESY_CONTENT, "real-board", "en") == "real-board"
    with pytest.raises(LibraryError, match="unknown resource kind"):
        library.names("epic.armies")


def test_nothing_installed_by_default() -> None:
    from arbitre.games.champs.board import builtin_battlefields

    assert library.names(HERESY_CONTENT) == []
    assert library.names(CHAMPS_BATTLEFIELD) == builtin_battlefields()


def test_clear_forgets_everything(content_dir: Path) -> None:
    library.clear()
    assert library.names(HERESY_CONTENT) == []
    assert "arena" not in library.names(CHAMPS_BATTLEFIELD)


# --------------------------------------------------------------------------- played by name


def test_AMB_CB_1_a_game_on_an_installed_battlefield_plays_by_name(content_dir: Path) -> None:
    champs = get("champs")
    config = read_config(champs, {"battlefield": "arena", "players": 1}, names_only=True)
    assert config == {"battlefield": "arena", "players": 1}
    state = _play("champs", config, 60)
    assert (state.bf.id, state.bf.width, state.bf.height) == ("arena", 6, 5)
    assert state.bf.name("fr") == "L'arène"


def test_AMB_9_a_game_with_an_installed_pack_plays_by_name(content_dir: Path) -> None:
    heresy = get("heresy")
    config = read_config(heresy, {"content": "real-board"}, names_only=True)
    assert config == {"content": "real-board"}
    state = _play("heresy", config, 40)
    pack = str((content_dir / "heresy" / "real-board").resolve())
    assert all(origin.startswith(pack) for origin in state.content.origins.values())


def test_AMB_9_the_default_content_is_no_pack_over_the_web(content_dir: Path) -> None:
    heresy = get("heresy")
    assert read_config(heresy, {"content": None}, names_only=True) == {"content": None}
    assert read_config(heresy, {"content": "none"}, names_only=True) == {"content": None}


def test_the_cli_still_takes_paths_and_names(content_dir: Path) -> None:
    champs, heresy = get("champs"), get("heresy")
    arena = str(content_dir / "champs" / "arena.toml")
    pack = str(content_dir / "heresy" / "real-board")
    assert parse_config(champs, [f"battlefield={arena}"]) == {"battlefield": arena}
    assert champs.new({"battlefield": arena}, 1).bf.width == 6
    assert parse_config(heresy, [f"content={pack}"]) == {"content": pack}
    assert heresy.new({"content": pack}, 1) is not None
    assert champs.new(parse_config(champs, ["battlefield=arena"]), 1).bf.id == "arena"


# --------------------------------------------------------------------------- never a path


def _no_file_system(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_a: Any, **_k: Any) -> Any:
        raise AssertionError("the file system was touched")

    for name in (
        "open",
        "read_text",
        "read_bytes",
        "exists",
        "is_file",
        "is_dir",
        "stat",
        "iterdir",
        "resolve",
    ):
        monkeypatch.setattr(Path, name, refuse)
    monkeypatch.setattr(builtins, "open", refuse)
    for name in ("stat", "listdir", "scandir", "open"):
        monkeypatch.setattr(os, name, refuse)


BAD_NAMES = ["/", "../x", "./arena", "arena.toml", "nope", "/etc/passwd", "Arena", "", "  "]


@pytest.mark.parametrize("value", BAD_NAMES)
def test_names_only_refuses_anything_but_an_installed_name(
    content_dir: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    champs, heresy = get("champs"), get("heresy")
    with monkeypatch.context() as patch:
        _no_file_system(patch)
        with pytest.raises(BadConfig) as field:
            read_config(champs, {"battlefield": value}, names_only=True)
        with pytest.raises(BadConfig) as pack:
            read_config(heresy, {"content": value}, names_only=True)
    assert field.value.msg.args["key"] == "battlefield"
    assert "plaine" in translate(field.value.msg, "fr") and "arena" in translate(
        field.value.msg, "en"
    )
    assert pack.value.msg.args["key"] == "content"
    assert "real-board" in translate(pack.value.msg, "en")


def test_names_only_refuses_paths_to_existing_files_and_folders(
    content_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    champs, heresy = get("champs"), get("heresy")
    arena = str(content_dir / "champs" / "arena.toml")
    pack = str(content_dir / "heresy" / "real-board")
    with monkeypatch.context() as patch:
        _no_file_system(patch)
        for value in (arena, pack, str(content_dir), "x" * 5000):
            with pytest.raises(BadConfig) as exc:
                read_config(champs, {"battlefield": value}, names_only=True)
            assert exc.value.msg.args["key"] == "battlefield"
            with pytest.raises(BadConfig) as exc:
                read_config(heresy, {"content": value}, names_only=True)
            assert exc.value.msg.args["key"] == "content"
        for other in (1, True, ["arena"], {"a": 1}):
            with pytest.raises(BadConfig):
                read_config(champs, {"battlefield": other}, names_only=True)
        # a name passes without the file system too
        assert read_config(champs, {"battlefield": "arena"}, names_only=True)
        assert read_config(heresy, {"content": "real-board"}, names_only=True)


def test_names_only_with_nothing_installed_says_so() -> None:
    with pytest.raises(BadConfig) as exc:
        read_config(get("heresy"), {"content": "/tmp"}, names_only=True)
    assert exc.value.msg.key == "config.unknown_name"
    assert "none" in translate(exc.value.msg, "en")


# --------------------------------------------------------------------------- bad content


def _root(tmp_path: Path) -> Path:
    root = tmp_path / "bad"
    (root / "champs").mkdir(parents=True)
    (root / "heresy").mkdir()
    return root


@pytest.mark.parametrize("name", ["Arena", "bad name", "-x", "é", "a" * 49])
def test_a_badly_named_battlefield_is_refused_naming_the_file(tmp_path: Path, name: str) -> None:
    root = _root(tmp_path)
    (root / "champs" / f"{name}.toml").write_text(ARENA, encoding="utf-8")
    with pytest.raises(LibraryError, match="not allowed") as exc:
        library.install_dir(root)
    assert f"{name}.toml" in str(exc.value)


def test_a_badly_named_pack_is_refused_naming_the_folder(tmp_path: Path) -> None:
    root = _root(tmp_path)
    (root / "heresy" / "Real Board").mkdir()
    with pytest.raises(LibraryError, match="Real Board"):
        library.install_dir(root)


def test_AMB_CB_1_a_bad_battlefield_is_refused_naming_the_file(tmp_path: Path) -> None:
    root = _root(tmp_path)
    (root / "champs" / "good.toml").write_text(ARENA, encoding="utf-8")
    (root / "champs" / "wide.toml").write_text(
        ARENA.replace("width = 6", "width = 99"), encoding="utf-8"
    )
    with pytest.raises(LibraryError, match=r"wide\.toml.*width"):
        library.install_dir(root)
    assert "good" not in library.names(CHAMPS_BATTLEFIELD)  # nothing half-installed
    (root / "champs" / "wide.toml").write_text("width = [", encoding="utf-8")
    with pytest.raises(LibraryError, match=r"wide\.toml.*TOML"):
        library.install_dir(root)
    huge = ARENA.replace("soldats = 3", f"soldats = {10**9}")  # no deck of a billion cards
    (root / "champs" / "wide.toml").write_text(huge, encoding="utf-8")
    with pytest.raises(LibraryError, match=r"wide\.toml.*deck count"):
        library.install_dir(root)


def test_AMB_CB_1_a_battlefield_may_not_take_a_built_in_name(tmp_path: Path) -> None:
    root = _root(tmp_path)
    (root / "champs" / "plaine.toml").write_text(ARENA, encoding="utf-8")
    with pytest.raises(LibraryError, match=r"plaine\.toml.*built-in"):
        library.install_dir(root)


def test_AMB_9_a_bad_pack_is_refused_naming_it(tmp_path: Path) -> None:
    root = _root(tmp_path)
    pack = copy_default_pack(root / "heresy" / "broken")
    (pack / "map" / "edges.toml").write_text("[[edge]]\nzones = ['a', 'b']\n", encoding="utf-8")
    with pytest.raises(LibraryError, match=r"broken.*edges\.toml"):
        library.install_dir(root)
    assert library.names(HERESY_CONTENT) == []


def test_a_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LibraryError, match="not a folder"):
        library.install_dir(tmp_path / "nope")
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(LibraryError, match="not a folder"):
        library.install_dir(tmp_path / "file")


def test_an_empty_folder_installs_nothing(tmp_path: Path) -> None:
    library.install_dir(tmp_path)
    assert library.names(HERESY_CONTENT) == []


def test_serve_stops_cleanly_on_a_bad_content_dir(tmp_path: Path, monkeypatch) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from arbitre.cli import _register, app

    _register()

    def never(*_a: Any, **_k: Any) -> None:
        raise AssertionError("serve started with bad content")

    monkeypatch.setattr(uvicorn, "run", never)
    root = _root(tmp_path)
    (root / "champs" / "Bad.toml").write_text(ARENA, encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'games.db'}"
    result = CliRunner().invoke(
        app, ["serve", "--db", db, "--content-dir", str(root), "--lang", "en"]
    )
    assert result.exit_code == 2, result.output
    text = "".join(result.output.split())  # the console wraps long lines
    assert "Bad.toml" in text and "(--content-dir)" in text
    assert result.exception is None or isinstance(result.exception, SystemExit)
