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


# --------------------------------------------------------------------------- the writable library


@pytest.fixture
def saved_dir(tmp_path: Path) -> Path:
    root = tmp_path / "library"
    from arbitre.engine import library_saved

    library_saved.use_dir(root)
    return root


def test_AMB_CB_1_a_saved_battlefield_is_listed_pinned_and_played(saved_dir: Path) -> None:
    from arbitre.engine import library_saved

    owner = library_saved.owner_of("someone")
    entry, created = library_saved.save(CHAMPS_BATTLEFIELD, "arena", ARENA, owner)
    assert created and entry.saved and not entry.builtin and entry.owner == owner
    assert library.names(CHAMPS_BATTLEFIELD)[-1] == "arena"
    assert library.label_of(CHAMPS_BATTLEFIELD, "arena", "fr") == "L'arène"
    assert library_saved.text_of(CHAMPS_BATTLEFIELD, "arena") == ARENA
    assert (saved_dir / CHAMPS_BATTLEFIELD / "arena.toml").read_text("utf-8") == ARENA
    pinned = library.pin(CHAMPS_BATTLEFIELD, "arena")
    assert library.PINNED.fullmatch(pinned) and pinned.startswith("arena@")
    assert library.pin(CHAMPS_BATTLEFIELD, "plaine") == "plaine"  # built in: as itself
    # over the web the name is taken and stored pinned; the pinned value is taken again
    config = read_config(get("champs"), {"battlefield": "arena"}, names_only=True)
    assert config["battlefield"] == pinned
    assert read_config(get("champs"), config, names_only=True) == config
    state = _play("champs", config, 5)
    assert state.bf.id == "arena" and state.bf.width == 6
    # replaced: the pinned version stays, the name now pins the new text
    library_saved.save(CHAMPS_BATTLEFIELD, "arena", ARENA.replace("width = 6", "width = 7"), owner)
    assert library.pin(CHAMPS_BATTLEFIELD, "arena") != pinned
    assert _play("champs", config, 5).bf.width == 6
    library_saved.delete(CHAMPS_BATTLEFIELD, "arena", owner)
    assert "arena" not in library.names(CHAMPS_BATTLEFIELD)
    assert _play("champs", config, 5).bf.width == 6
    assert library.label_of(CHAMPS_BATTLEFIELD, pinned, "en") == "The arena"
    # a pinned value naming no version on disk is refused like any unknown name
    with pytest.raises(BadConfig):
        read_config(get("champs"), {"battlefield": "arena@000000000000"}, names_only=True)


def test_the_saved_library_survives_a_restart(saved_dir: Path) -> None:
    from arbitre.engine import library_saved

    owner = library_saved.owner_of("someone")
    library_saved.save(CHAMPS_BATTLEFIELD, "arena", ARENA, owner)
    token = library_saved.new_author()
    library_saved.use_dir(None)
    assert "arena" not in library.names(CHAMPS_BATTLEFIELD)
    library_saved.use_dir(saved_dir)
    found = library.entry(CHAMPS_BATTLEFIELD, "arena")
    assert found is not None and found.owner == owner
    assert found.labels == {"fr": "L'arène", "en": "The arena"}
    assert library_saved.is_author(token) and not library_saved.is_author("x" * 24)
    assert token not in (saved_dir / "authors").read_text("ascii")


def test_a_saved_name_may_not_shadow_an_installed_one(saved_dir: Path, content_dir: Path) -> None:
    from arbitre.engine import library_saved

    with pytest.raises(library_saved.Refused) as refused:
        library_saved.save(CHAMPS_BATTLEFIELD, "arena", ARENA, "o" * 64)
    assert refused.value.status == 409 and refused.value.field == "name"
    assert library.entry(CHAMPS_BATTLEFIELD, "arena").installed  # type: ignore[union-attr]


def test_a_game_registers_its_validator_and_built_ins(saved_dir: Path, monkeypatch) -> None:
    from arbitre.engine import library_saved

    monkeypatch.setattr(library, "_VALIDATORS", dict(library._VALIDATORS))
    monkeypatch.setattr(library, "_BUILTINS", dict(library._BUILTINS))

    def check(text: str) -> dict[str, str]:
        if "bad" in text:
            raise ValueError("field 'list': unknown army list (EPIC-1)")
        return {"fr": "Ma table", "en": "My table"}

    library.register_validator(library.EPIC_TABLE, check)
    library.register_builtins(library.EPIC_TABLE, lambda: ["standard"], lambda n: 'x = "std"')
    library_saved.save(library.EPIC_TABLE, "mine", 'x = "ok"', "o" * 64)
    assert library.names(library.EPIC_TABLE) == ["standard", "mine"]
    assert [e.origin for e in library.entries(library.EPIC_TABLE)] == ["builtin", "saved"]
    assert library_saved.text_of(library.EPIC_TABLE, "standard") == 'x = "std"'
    with pytest.raises(library_saved.Refused) as refused:
        library_saved.save(library.EPIC_TABLE, "other", 'x = "bad"', "o" * 64)
    assert refused.value.status == 422
    assert "EPIC-1" in translate(refused.value.msg, "en")
    with pytest.raises(library_saved.Refused):
        library_saved.save(library.EPIC_TABLE, "standard", 'x = "ok"', "o" * 64)
    with pytest.raises(library_saved.Refused) as refused:
        library_saved.save(HERESY_CONTENT, "pack", 'x = "ok"', "o" * 64)
    assert refused.value.status == 404


def test_AMB_CB_1_battlefield_toml_round_trips() -> None:
    from arbitre.games.champs.board import (
        battlefield_to_toml,
        builtin_battlefields,
        load_battlefield,
        parse_battlefield_text,
    )

    for name in builtin_battlefields():
        field = load_battlefield(name)
        again = parse_battlefield_text(battlefield_to_toml(field), name)
        assert again == field and again.name_fr == field.name_fr


def test_serve_takes_a_library_dir(tmp_path: Path, monkeypatch) -> None:
    """`arbitre serve --library-dir DIR`: the app saves there (created on demand); without
    it, `library/` beside the SQLite file."""
    import uvicorn
    from typer.testing import CliRunner

    from arbitre.cli import _register, app
    from arbitre.engine import library_saved
    from arbitre.server.app import default_library_dir

    _register()
    monkeypatch.setattr(uvicorn, "run", lambda *_a, **_k: None)
    wanted = tmp_path / "saved" / "here"
    db = f"sqlite:///{tmp_path / 'games.db'}"
    result = CliRunner().invoke(app, ["serve", "--db", db, "--library-dir", str(wanted)])
    assert result.exit_code == 0, result.output
    assert library_saved.current_dir() == wanted.resolve() and wanted.is_dir()
    assert default_library_dir(db) == tmp_path / "library"
