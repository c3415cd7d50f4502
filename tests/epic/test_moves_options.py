"""Move options read once each, without "-0.0" (issue 18)."""

from __future__ import annotations

import random
from collections import Counter

from arbitre.engine import get
from arbitre.engine.i18n import translate
from arbitre.engine.match import Match
from arbitre.games.epic.moves import shown


def test_shown_never_writes_minus_zero():
    assert shown(-1e-16, -0.04) == (0.0, 0.0)
    assert str(shown(-0.0, 20.0)) == "(0.0, 20.0)"


def test_move_options_have_no_duplicates_nor_minus_zero():
    moves = 0
    for seed in (0, 1):
        rnd = random.Random(seed)
        match = Match(get("epic"), {}, seed)
        for _ in range(140):
            d = match.decision()
            if d is None:
                break
            if d.kind == "epic.move":
                moves += 1
                texts = [translate(o.text, "en") for o in d.options]
                assert not [t for t, n in Counter(texts).items() if n > 1], texts
                assert not [t for t in texts if "-0.0" in t], texts
                assert len({o.key for o in d.options}) == len(d.options)
            match.play(rnd.choice(d.options).key)
    assert moves > 10
