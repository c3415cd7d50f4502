"""The game-agnostic engine: RNG, registry, i18n, Match (undo, save, replay), records, simulate."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from arbitre.engine import IllegalChoice, Msg, get, names, translate
from arbitre.engine.agents import RandomAgent, agent_names, make_agent
from arbitre.engine.i18n import add_messages
from arbitre.engine.match import Match
from arbitre.engine.record import GameRecord, RecordError, replay
from arbitre.engine.rng import Rng
from arbitre.engine.simulate import simulate


def test_rng_is_deterministic_and_plain_int():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.die() for _ in range(50)] == [b.die() for _ in range(50)]
    assert isinstance(a.state, int) and a.state < 2**64
    c = Rng(a.state)
    assert [a.below(1000) for _ in range(10)] == [c.below(1000) for _ in range(10)]


def test_rng_die_is_uniform():
    rng = Rng.from_seed(7)
    counts = Counter(rng.die(6) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(abs(n - 10_000) < 500 for n in counts.values())  # ~5 sigma


def test_rng_shuffle_is_a_permutation():
    rng = Rng.from_seed(3)
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))


def test_rng_below_rejects_nonpositive():
    with pytest.raises(ValueError):
        Rng.from_seed(1).below(0)


def test_registry_knows_champs_and_names_unknown_games():
    assert "champs" in names()
    assert get("champs").id == "champs"
    with pytest.raises(KeyError, match=r"known games: .*champs"):
        get("chess")


def test_i18n_both_languages_required():
    with pytest.raises(ValueError, match="lacks"):
        add_messages({"test.only_fr": {"fr": "bonjour"}})
    add_messages({"test.hello": {"fr": "Bonjour { $who }", "en": "Hello { $who }"}})
    assert translate(Msg("test.hello", {"who": "Anna"}, "CB-1"), "en") == "Hello Anna [CB-1]"
    assert translate(Msg("test.hello", {"who": "Anna"}), "fr") == "Bonjour Anna"
    with pytest.raises(ValueError, match="unknown language"):
        translate(Msg("test.hello", {"who": "x"}), "de")


def test_agents_by_name():
    r = get("champs")
    assert "random" in agent_names(r)
    assert isinstance(make_agent(r, "random", 1), RandomAgent)
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent(r, "nobody", 1)


def _human_p1_match(seed=5):
    r = get("champs")
    agents = {1: RandomAgent(1), 2: RandomAgent(2)}
    return r, Match(r, {}, seed, agents)


def test_match_runs_agents_until_a_human_must_answer():
    _r, m = _human_p1_match()
    m.run()
    d = m.decision()
    assert d is not None and m.is_human(d.seat)


def test_match_illegal_choice_names_rule_and_changes_nothing():
    r, m = _human_p1_match()
    m.run()
    before = json.dumps(r.snapshot(m.state), sort_keys=True)
    with pytest.raises(IllegalChoice) as err:
        m.play("cell:5,5")  # on the board, off the players' start line
    assert err.value.msg.rule == "CB-25"
    with pytest.raises(IllegalChoice) as unknown:
        m.play("act:99,99")  # not an answer to this question at all: no rule forbids it
    assert unknown.value.msg.rule is None
    assert json.dumps(r.snapshot(m.state), sort_keys=True) == before
    assert len(m.keys) == len(m.seats_of_keys)


def test_match_undo_takes_back_the_human_move_and_agent_replies():
    r, m = _human_p1_match()
    m.run()
    snap = json.dumps(r.snapshot(m.state), sort_keys=True)
    n = len(m.keys)
    d = m.decision()
    m.play(d.options[0].key)
    m.run(max_decisions=50)
    assert m.undo() >= 1
    assert len(m.keys) == n
    assert json.dumps(r.snapshot(m.state), sort_keys=True) == snap


def test_match_save_load_replay_round_trip(tmp_path):
    r = get("champs")
    m = Match(r, {"players": 1, "heroes": "voleur"}, 9, {0: RandomAgent(1), 1: RandomAgent(2)})
    m.run(max_decisions=300)
    path = tmp_path / "game.json"
    m.record().save(path)
    rec = GameRecord.load(path)
    assert rec.to_json() == m.record().to_json()
    again = replay(rec)
    assert json.dumps(r.snapshot(again), sort_keys=True) == json.dumps(
        r.snapshot(m.state), sort_keys=True
    )
    m2 = Match.from_record(r, rec)
    assert [e.msg for e in m2.log] == [e.msg for e in m.log]


def test_match_log_is_bilingual():
    _r, m = _human_p1_match()
    m.run()
    assert m.log
    fr = [e.text("fr") for e in m.log]
    en = [e.text("en") for e in m.log]
    assert fr != en


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("not json", "not JSON"),
        ('{"ruleset": "champs", "version": "1", "config": {}, "keys": []}', "seed"),
        ('{"ruleset": "champs", "version": "1", "config": {}, "seed": 1, "keys": [1]}', "keys"),
        ("[]", "JSON object"),
    ],
)
def test_record_errors_name_the_field(text, field):
    with pytest.raises(RecordError, match=field):
        GameRecord.loads(text)


def test_simulate_summary_in_process_and_parallel():
    one = simulate("champs", 6, ["random", "random", "random"], seed=3, workers=1)
    two = simulate("champs", 6, ["random", "random", "random"], seed=3, workers=2)
    assert one["games"] == two["games"] == 6
    assert one["errors"] == two["errors"] == 0
    assert one["decisions_per_second"] > 0
    assert [r["wins"] for r in one["results"]] == [r["wins"] for r in two["results"]]
    assert one["mean_decisions"] == two["mean_decisions"]


def test_simulate_reports_errors_instead_of_raising():
    out = simulate("champs", 2, ["random", "random"], seed=1)
    assert out["errors"] == 2 and "seats" in out["error_samples"][0]["error"]
