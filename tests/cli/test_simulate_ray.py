"""`arbitre simulate --backend ray` (issue 15, part 3): the same games as the process
backend, seed by seed, on Champs and Heresy; the message when Ray is missing; the
refused options. Ray starts once for the module (2 CPUs, no dashboard, on the loopback)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

from arbitre.engine.simulate import simulate

CHAMPS = ("champs", ["random", "random", "mj"], 6)
HERESY = ("heresy", ["random", "ai"], 4)  # the Traitor's heuristic AI


@pytest.fixture(scope="module")
def ray_local() -> Iterator[Any]:
    """One local Ray for the module; the backend uses it (it starts none of its own)."""
    ray = pytest.importorskip("ray", reason="Ray is not installed: pip install -e '.[cluster]'")
    temp = tempfile.mkdtemp(prefix="ray")  # short: Ray's socket paths have a length limit
    try:
        ray.init(
            num_cpus=2,
            include_dashboard=False,
            log_to_driver=False,
            object_store_memory=100 * 1024 * 1024,
            _temp_dir=temp,
            _node_ip_address="127.0.0.1",
            _system_config={"worker_niceness": 0},  # as the backend's own local Ray
        )
    except Exception as exc:  # pragma: no cover - a sandbox where Ray cannot start
        shutil.rmtree(temp, ignore_errors=True)
        pytest.skip(f"Ray cannot start here: {type(exc).__name__}: {exc}")
    yield ray
    ray.shutdown()
    shutil.rmtree(temp, ignore_errors=True)


@pytest.mark.parametrize("game, agents, games", [CHAMPS, HERESY], ids=["champs", "heresy"])
def test_ray_gives_the_process_backend_games_seed_by_seed(ray_local, game, agents, games):
    by_process = simulate(game, games, agents, seed=11, workers=2, keep=True)
    by_ray = simulate(game, games, agents, seed=11, workers=2, keep=True, backend="ray")
    assert by_ray["backend"] == "ray" and by_process["backend"] == "process"
    assert by_ray["errors"] == 0 == by_process["errors"]
    assert [o["seed"] for o in by_ray["outcomes"]] == list(range(11, 11 + games))
    # every game: the same scores, the same number of decisions, the same result details
    assert by_ray["outcomes"] == by_process["outcomes"]
    assert by_ray["results"] == by_process["results"]
    assert by_ray["mean_decisions"] == by_process["mean_decisions"]
    assert by_ray["workers"] == 2 and by_ray["startup_seconds"] >= 0


def test_cli_ray_json_and_table_match_the_process_backend(ray_local, cli):
    args = ["simulate", "champs", "-n", "6", "--seed", "4", "--workers", "2", "--json"]
    process = cli(args)
    ray = cli([*args, "--backend", "ray"])
    assert process.exit_code == 0 and ray.exit_code == 0, ray.output
    one, two = json.loads(process.stdout), json.loads(ray.stdout)
    assert two["results"] == one["results"] and two["games"] == one["games"] == 6
    assert two["mean_decisions"] == one["mean_decisions"]
    assert set(one) <= set(two)  # the same summary; ray adds how long Ray took to start
    table = cli(["simulate", "heresy", "-n", "2", "--backend", "ray", "--lang", "en"])
    assert table.exit_code == 0, table.output
    text = " ".join(table.output.split())
    assert "2 games, 1 Ray task at a time" in text and "games/s" in text
    assert "to start or reach Ray" in text and "Errors: 0" in text


@pytest.mark.parametrize(
    "lang, words",
    [
        ("fr", ("Erreur : --backend", "Ray n'est pas installé", "pip install 'arbitre[cluster]'")),
        ("en", ("Error: --backend", "Ray is not installed", "pip install 'arbitre[cluster]'")),
    ],
)
def test_without_ray_the_backend_says_how_to_install_it(cli, monkeypatch, tmp_path, lang, words):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as if not installed
    report = tmp_path / "balance.html"
    args = ["simulate", "champs", "-n", "2", "--backend", "ray", "--report", str(report)]
    result = cli([*args, "--lang", lang])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.output
    for word in words:
        assert word in lines[0], (word, lines[0])
    assert not report.exists()  # nothing played, nothing written


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--address", "127.0.0.1:6379"], ("--address", "only with --backend ray")),
        (["--backend", "ray", "--address", "head; rm -rf /"], ("--address", "invalid address")),
        (["--backend", "dask"], ("--backend", "'dask'", "process, ray")),
        (["--workers", "0"], ("--workers", "at least 1")),
        (["--workers", "257"], ("--workers", "at most 256")),
    ],
)
def test_bad_backend_options_are_one_line_naming_the_option(cli, extra, words):
    result = cli(["simulate", "champs", "-n", "2", "--lang", "en", *extra])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    for word in words:
        assert word in lines[0], (word, lines[0])


def test_a_cluster_that_does_not_answer_is_refused_at_once(cli):
    pytest.importorskip("ray", reason="Ray is not installed: pip install -e '.[cluster]'")
    # port 1 on the loopback: nothing listens, the connection is refused at once
    args = ["simulate", "champs", "-n", "2", "--backend", "ray", "--address", "127.0.0.1:1"]
    result = cli([*args, "--lang", "en"])
    assert result.exit_code == 2, result.output
    line = " ".join(result.output.split())
    assert "Error: --address: the Ray cluster at 127.0.0.1:1 does not answer" in line


def test_the_process_backend_refuses_an_address():
    with pytest.raises(ValueError, match="ray backend only"):
        simulate("champs", 1, ["random", "random", "mj"], address="127.0.0.1:6379")
    with pytest.raises(ValueError, match="unknown backend"):
        simulate("champs", 1, ["random", "random", "mj"], backend="threads")


def test_the_process_backend_never_imports_ray():
    """Ray is optional and heavy: only `--backend ray` imports it."""
    code = (
        "import sys\n"
        "sys.argv = ['arbitre', 'simulate', 'champs', '-n', '2', '--json']\n"
        "from arbitre.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('ray' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1] == "False"
    assert json.loads(out.stdout.splitlines()[0])["backend"] == "process"
