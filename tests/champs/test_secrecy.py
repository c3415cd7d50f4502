"""Hidden traps (AMB-CB-16d) stay hidden: from the other side's options, paths, events and
views; and the public answers are read against what every seat's view shows."""

from __future__ import annotations

from arbitre.engine.i18n import translate
from arbitre.engine.rng import Rng
from tests.champs.helpers import R, U, at, cell, dec, game, keys, play


def test_AMB_CB_16d_the_cell_of_a_hidden_trap_is_a_private_answer(tmp_path):
    pos = {"units": [U("soldats", (3, 3)), U("soldats", (9, 7), side="mj")]}
    for visible in (True, False):
        s = game(tmp_path, pos, traps__placement="adjacentCell", traps__visible=visible)
        play(s, "act:3,3")
        assert not dec(s).private and "trap" in keys(s)  # that a trap is laid shows
        play(s, "trap")
        d = dec(s)
        assert d.kind == "champs.trap" and d.private is not visible


def test_AMB_CB_16d_an_unseen_enemy_trap_is_no_hint(tmp_path):
    """A cell holding a hidden MJ trap is offered like any other; laying there spends the
    token for nothing (CB-20: one trap a cell), and the events read the same."""
    pos = {
        "units": [U("soldats", (3, 3)), U("soldats", (9, 7), side="mj")],
        "traps": [{"at": [3, 4], "side": "mj"}],
    }
    s = game(tmp_path, pos, traps__placement="adjacentCell", traps__visible=False)
    play(s, "act:3,3", "trap")
    assert "cell:3,4" in keys(s) and "cell:3,2" in keys(s)
    other = R.clone(s)
    left = list(s.traps_left)
    told = [translate(m, "en") for m in play(s, "cell:3,4")]
    assert s.traps[cell(s, 3, 4)] == 1 and s.traps_left[0] == left[0] - 1
    assert told == [translate(m, "en") for m in play(other, "cell:3,2")]
    assert "3,4" not in " ".join(told)


def test_AMB_CB_16d_a_path_cannot_steer_around_an_unseen_trap(tmp_path):
    """The MJ does not know the players' hidden trap: (1,4) is offered beyond it, and the
    path walks into it, which stops the move (traps.stopsMovement)."""
    pos = {
        "units": [U("cavalerie", (1, 6), side="mj"), U("soldats", (0, 0))],
        "traps": [{"at": [1, 5]}],
        "turn": {"seat": "mj"},
    }
    s = game(
        tmp_path,
        pos,
        grid__adjacency=4,
        traps__stopsMovement=True,
        traps__visible=False,
    )
    play(s, "act:1,6", "move")
    assert "to:1,4" in keys(s)
    events = play(s, "to:1,4")
    assert any(m.key == "champs.ev.trap" for m in events)
    assert at(s, 1, 4) == []


def test_AMB_CB_16d_a_trap_that_sprang_and_stayed_is_seen_by_everyone(tmp_path):
    pos = {
        "units": [U("airs", (4, 6), 2, side="mj"), U("soldats", (0, 0))],
        "traps": [{"at": [4, 4]}],
        "turn": {"seat": "mj"},
        "dice": [1],
    }
    s = game(
        tmp_path,
        pos,
        traps__flyersTrigger="onEnd",
        traps__zeroConsumes=False,
        traps__visible=False,
    )
    assert R.view(s, s.mj_seat)["hidden_traps"] == 1
    play(s, "act:4,6", "move", "to:4,4")  # a 1: nobody lost, the trap stays (AMB-CB-16g)
    for seat in (0, s.mj_seat, None):
        view = R.view(s, seat)
        assert view["traps"] == [{"at": [4, 4], "side": "players"}] and view["hidden_traps"] == 0
    twin = R.determinize(s, s.mj_seat, Rng.from_seed(3))
    assert twin.traps == s.traps


def test_the_movement_in_progress_shows_in_every_view(tmp_path):
    """Picking the units that move is a public answer: the view shows the group."""
    pos = {"units": [U("soldats", (3, 3), 2), U("soldats", (9, 7), side="mj")]}
    s = game(tmp_path, pos)
    play(s, "act:3,3", "move")
    assert R.view(s, s.mj_seat)["building"] == {
        "what": "move",
        "from": [3, 3],
        "units": None,
        "heroes": None,
    }
    pick = next(k for k in keys(s) if k.startswith("sel:u"))
    play(s, pick)
    left = R.view(s, None)["building"]["units"]
    assert left is not None and int(pick[5:]) not in left and len(left) == 1


def test_CB_24_outcome_sentences_are_correct_french() -> None:
    """The end of a battle reads "victoire des joueurs" / "du MJ", never "de les", "de le"."""
    from arbitre.engine.agents import RandomAgent
    from arbitre.engine.i18n import has_message, translate
    from arbitre.engine.registry import get

    rules = get("champs")
    seen = set()
    for seed in range(12):
        s = rules.new({"players": 1, "victory.rounds": 2, "victory.mode": "roundLimit"}, seed)
        agent = RandomAgent(seed)
        while (d := rules.decision(s)) is not None:
            rules.apply(s, agent.choose(rules, s, d))
        result = rules.result(s)
        assert result is not None
        over = [m for m in rules.events(s) if m.key.startswith("champs.ev.over")]
        for msg in (result.summary, *over):
            assert has_message(msg.key), msg.key
            for lang in ("fr", "en"):
                text = translate(msg, lang)
                assert " de les " not in text and " de le " not in text, text
        seen.add(result.summary.key)
    assert len(seen) >= 2, seen
