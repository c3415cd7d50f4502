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


# --- issue 18: every argument checked, one language, bounded questions -----------------


def _refused(runner: CliRunner, args: list[str], option: str) -> str:
    res = runner.invoke(app, ["odds", "epic", *args])
    assert res.exit_code == 2, res.output
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and option in lines[0], res.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("args", "option", "forms"),
    [
        (["shoot", "--arc", "45"], "--arc", "360, 180, 90"),
        (["shoot", "--order", "foo"], "--order", "tir_appuye, avance, charge, retraite"),
        (["shoot", "--target-class", "9"], "--target-class", "1 to 7"),
        (["shoot", "--to-hit", "x"], "--to-hit", "1 to 9"),
        (["shoot", "--save", "9+"], "--save", "X+/Y+f"),
        (["shoot", "--cover", "7"], "--cover", "2 to 6"),
        (["shoot", "--distance", "-3"], "--distance", "0 to"),
        (["assault", "--attacker-fa", "2", "--defender-wounds", "0"], "--defender-wounds", "1 to"),
        (["assault", "--attacker-fa", "x"], "--attacker-fa", "whole number"),
    ],
)
def test_bad_values_are_one_english_line_listing_the_valid_forms(
    runner: CliRunner, args: list[str], option: str, forms: str
) -> None:
    line = _refused(runner, [*args, "--lang", "en"], option)
    assert line.startswith("Error: ") and forms in line


def test_bad_save_in_french_is_all_french(runner: CliRunner) -> None:
    line = _refused(runner, ["shoot", "--save", "9+"], "--save")
    assert line.startswith("Erreur : ") and "formes valides" in line and "expected" not in line


def test_too_many_dice_is_refused_at_once_with_the_limit(runner: CliRunner) -> None:
    line = _refused(runner, ["shoot", "--dice", "300", "--lang", "en"], "--dice")
    assert "at most 50" in line
    too_many = ["assault", *["--attacker-fa", "1"] * 21, "--lang", "en"]
    assert "20" in _refused(runner, too_many, "--attacker-fa")


def test_EP_11_15_ethereal_power_refused_for_interception(runner: CliRunner) -> None:
    line = _refused(runner, ["shoot", "--ethereal", "--interception"], "--interception")
    assert "EP-11.15" in line


def _game_hits(kind: str, dice: int, reroll_ones: bool) -> dict[int, Fraction]:
    """The distribution of hits of the game's own volley (fire.volley), exactly: every
    sequence of D6 results the volley asks for is played once, weighted 1/6 per die."""
    from arbitre.games.epic.fire import Gun, volley
    from tests.epic.board import Board

    class Exhausted(Exception):
        pass

    class Replay:
        def __init__(self, prefix: list[int]) -> None:
            self.prefix, self.used = prefix, 0

        def die(self, sides: int = 6) -> int:
            if self.used == len(self.prefix):
                raise Exhausted
            self.used += 1
            return self.prefix[self.used - 1]

        @property
        def state(self) -> int:
            return 0

    dist: dict[int, Fraction] = {}
    todo: list[list[int]] = [[]]
    while todo:
        prefix = todo.pop()
        b = Board()
        b.det(0, "tactiques", [(50.0, 50.0)], order="tir_appuye")
        target = b.det(1, "tactiques", [(50.0, 60.0 + 5 * i) for i in range(dice)])
        s = b.run()
        s.rng = Replay(prefix)  # type: ignore[assignment]
        gun = Gun(30, dice, 4, 0, 360, kind=kind)
        try:
            tally = volley(s, [(s.stands[0], gun)], target, "tir_appuye", reroll_ones=reroll_ones)
        except Exhausted:
            todo += [[*prefix, d] for d in range(1, 7)]
            continue
        dist[tally.hits] = dist.get(tally.hits, Fraction(0)) + Fraction(1, 6 ** len(prefix))
    return dist


@pytest.mark.parametrize(("kind", "flags"), [("ethereal", ["--ethereal"]), ("physical", [])])
def test_EP_11_15_EP_11_10_odds_agree_with_the_games_own_volley(
    runner: CliRunner, kind: str, flags: list[str]
) -> None:
    out = _json(runner, ["shoot", "--dice", "2", "--to-hit", "4", "--tir-appuye", *flags])
    tool = {int(k): Fraction(v["p"]) for k, v in out["hits"].items()}
    assert tool == _game_hits(kind, 2, reroll_ones=True)
    expected = Fraction(1, 2) if kind == "ethereal" else Fraction(7, 12)
    assert Fraction(out["p_hit_per_die"]) == expected
    assert out.get("notes", []) == (["EP-11.15"] if kind == "ethereal" else [])
