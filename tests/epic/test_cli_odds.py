"""`arbitre odds epic shoot|assault`."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from arbitre.cli import _register, app


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    _register()
    return CliRunner()


def _json(runner: CliRunner, args: list[str]) -> dict:  # type: ignore[type-arg]
    res = runner.invoke(app, ["odds", "epic", *args, "--json"])
    assert res.exit_code == 0, res.output
    return json.loads(res.output)  # type: ignore[no-any-return]


def test_EPC_12_shoot_json_is_exact(runner: CliRunner) -> None:
    out = _json(runner, ["shoot", "--dice", "2", "--to-hit", "4", "--pa", "-1", "--save", "4+"])
    assert Fraction(out["p_hit_per_die"]) == Fraction(1, 2)
    assert Fraction(out["p_save_per_hit"]) == Fraction(1, 3)
    assert sum(Fraction(v["p"]) for v in out["unsaved"].values()) == 1


def test_EX_EP_6_shoot_at_a_low_flyer_with_aa(runner: CliRunner) -> None:
    out = _json(runner, ["shoot", "--aa", "--target-altitude", "low", "--to-hit", "4"])
    assert out["to_hit"] == 4
    out = _json(
        runner,
        ["shoot", "--target-altitude", "low", "--order", "tir_appuye", "--arc", "360"],
    )
    assert out["to_hit"] == 5 and out["modifiers"] == [{"rule": "EP-16.44", "value": -1}]


def test_EP_16_45_refused_target_exits_2_with_the_rule(runner: CliRunner) -> None:
    res = runner.invoke(
        app, ["odds", "epic", "shoot", "--target-altitude", "high", "--arc", "90", "--lang", "en"]
    )
    assert res.exit_code == 2 and "EP-16.45" in res.output


def test_EX_EP_5_out_of_range_at_high_altitude(runner: CliRunner) -> None:
    args = ["odds", "epic", "shoot", "--distance", "40", "--range", "60", "--aa"]
    res = runner.invoke(app, [*args, "--target-altitude", "high"])
    assert res.exit_code == 2 and "EP-16.27" in res.output
    res = runner.invoke(app, [*args, "--target-altitude", "high", "--shooter-altitude", "high"])
    assert res.exit_code == 0, res.output


def test_EP_4_assault_json(runner: CliRunner) -> None:
    out = _json(
        runner,
        ["assault", "--attacker-fa", "3", "--attacker-fa", "3", "--defender-fa", "6"],
    )
    assert out["attackers"] == 2 and len(out["duels"]) == 2
    assert sum(Fraction(o["p"]) for o in out["outcomes"]) == 1


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_texts_in_both_languages(runner: CliRunner, lang: str) -> None:
    res = runner.invoke(app, ["odds", "epic", "shoot", "--dice", "3", "--lang", lang])
    assert res.exit_code == 0
    assert ("Pour toucher" if lang == "fr" else "To hit") in res.output
    res = runner.invoke(app, ["odds", "epic", "assault", "--attacker-fa", "2", "--lang", lang])
    assert res.exit_code == 0
    assert ("Duel 1" in res.output) and (("détruit" if lang == "fr" else "destroyed") in res.output)


@pytest.mark.parametrize(
    "args",
    [
        ["shoot", "--save", "9+"],
        ["shoot", "--lang", "de"],
        ["shoot", "--config", "nope=1"],
        ["shoot", "--config", "novalue"],
        ["shoot", "--target-altitude", "space"],
        ["assault"],
        ["assault", "--attacker-fa", "2", "--attacker-elite", "-1"],
    ],
)
def test_bad_input_exits_2(runner: CliRunner, args: list[str]) -> None:
    res = runner.invoke(app, ["odds", "epic", *args])
    assert res.exit_code == 2, res.output
