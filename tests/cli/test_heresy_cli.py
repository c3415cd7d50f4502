"""`arbitre play/simulate/replay/rules heresy`: the commands work for the second game."""

from __future__ import annotations

import json

from arbitre.engine import get
from arbitre.engine.i18n import has_message
from arbitre.engine.record import GameRecord
from arbitre.games.heresy.content import default_content
from tests.heresy.flow_helpers import SETUP_KINDS

PLAY = ["play", "heresy", "--seats", "human,random", "--seed", "1"]


def test_simulate_heresy_json_has_no_errors(cli):
    result = cli(["simulate", "heresy", "--games", "20", "--agents", "random,random", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["game"] == "heresy" and summary["games"] == 20
    assert summary["errors"] == 0 and summary["error_samples"] == []
    assert [row["seat"] for row in summary["results"]] == ["imperium", "traitor"]
    for row in summary["results"]:
        assert row["wins"] + row["draws"] + row["losses"] == 20
    assert summary["mean_decisions"] > 10


def test_rules_heresy_lists_options_and_rule_ids(cli):
    text = cli(["rules", "heresy"])
    assert text.exit_code == 0, text.output
    assert "victory.anyMarker" in text.output and "HH-14.11" in text.output
    data = json.loads(cli(["rules", "heresy", "--json", "--lang", "en"]).output)
    assert data["game"] == "heresy"
    assert "stacking.removed" in {o["key"] for o in data["options"]}
    assert len(data["rule_ids"]) > 100


RECORD_SEED = 18  # the random Traitor places an order first


def past_setup_record(tmp_path) -> list[str]:
    """`play` arguments that start past the Traitor's optional setup steps, all declined
    (random setup corruption would change which questions the Imperium gets)."""
    ruleset = get("heresy")
    state = ruleset.new({}, RECORD_SEED)
    keys = []
    while (d := ruleset.decision(state)) is not None and d.kind in SETUP_KINDS:
        key = "done" if d.find("done") is not None else d.options[0].key  # landing orders
        keys.append(key)
        ruleset.apply(state, key)
    start = tmp_path / "start.json"
    GameRecord("heresy", ruleset.version, {}, RECORD_SEED, keys).save(start)
    return ["play", "--load", str(start), "--seats", "human,random"]


def test_play_save_replay_and_load(cli, tmp_path):
    path = tmp_path / "h.json"
    # the Traitor (random) places an order first; then the Imperium places Rassembler
    # on the Palace pile and draws an order, saves and leaves
    answers = "action:place\ncard:imperial_assemble\npile:palace\naction:draw\ndeck\n"
    answers += f"save {path}\nquit\n"
    result = cli(past_setup_record(tmp_path), input=answers)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "L'Hérésie d'Horus" in out and "Initiative" in out
    assert "Palais  pile 1: I* · dessus : Rassembler" in out
    assert "Au revoir." in out
    record = GameRecord.load(path)
    assert record.ruleset == "heresy" and record.seed == RECORD_SEED
    at = record.keys.index("action:place")
    assert record.keys[at + 1].startswith("card:")
    assert record.keys[at + 3 : at + 6] == ["action:place", "card:imperial_assemble", "pile:palace"]
    assert "deck" in record.keys
    # the order the Traitor placed face down is never named on the Imperium's screen
    hidden = record.keys[at + 1].removeprefix("card:")
    names = {hidden, default_content().orders[hidden.split("#")[0]].name("fr")}
    assert not any(f"{name} (coût" in out for name in names), names
    assert "(choix caché)" in out

    replay = cli(["replay", str(path), "--no-step"])
    assert replay.exit_code == 0, replay.output
    n = len(record.keys)
    assert f"{n}/{n}" in replay.output
    assert "vue publique" in replay.output  # the end board, nobody's hand shown
    assert "Palais  pile 1: I · dessus" not in replay.output  # owner-only top card

    loaded = tmp_path / "again.json"
    again = cli(
        ["play", "--load", str(path), "--seats", "human,random"], input=f"save {loaded}\nq\n"
    )
    assert again.exit_code == 0, again.output
    assert GameRecord.load(loaded).keys == record.keys


def test_play_in_english(cli):
    result = cli([*PLAY, "--lang", "en"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "The Horus Heresy" in result.output
    assert "(3) yours: Assemble (cost 1)" in result.output
    assert "Goodbye." in result.output


def test_hotseat_shows_each_seat_its_own_hand(cli):
    ruleset = get("heresy")
    state = ruleset.new({}, 1)
    names = [{default_content().orders[c.split("#")[0]].name("fr") for c in hand}
             for hand in state.hands]  # fmt: skip
    # the Traitor answers first: its hand on screen, the Imperium's not
    result = cli(["play", "heresy", "--seats", "human,human", "--seed", "1"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "vue du Traître" in result.output
    for name in names[1] - names[0]:
        assert name in result.output
    for name in names[0] - names[1]:
        assert name not in result.output


def test_game_menu_describes_heresy(cli):
    assert has_message("cli.game.heresy")
    result = cli(["play", "--seats", "human,random", "--seed", "1"], input="heresy\nquit\n")
    assert result.exit_code == 0, result.output
    assert "L'Hérésie d'Horus — l'Imperium contre le Traître" in result.output
    assert "vue de l'Imperium" in result.output


def test_whose_view_has_the_right_article():
    """One text per seat (French articles): vue de l'Imperium, vue du Traître."""
    from arbitre.cli.messages import tr

    ruleset = get("heresy")
    for seat in ruleset.seats({}):
        assert has_message(f"cli.heresy.you.{seat}"), seat
    assert tr("cli.heresy.you.imperium", "fr") == "vue de l'Imperium"
    assert tr("cli.heresy.you.traitor", "fr") == "vue du Traître"
    assert tr("cli.heresy.you.imperium", "en") == "seen by the Imperium"
    assert tr("cli.heresy.you.traitor", "en") == "seen by the Traitor"
