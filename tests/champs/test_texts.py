"""Every text a person reads in Champs exists in French and English."""

from __future__ import annotations

from arbitre.engine.i18n import Msg, has_message, translate
from arbitre.engine.rng import Rng
from tests.champs.helpers import R, res
from tests.champs.test_conformance import CONFIGS


def _check(msg: Msg, seen: set[str]) -> None:
    assert has_message(msg.key), f"no text for {msg.key}"
    for value in msg.args.values():
        if isinstance(value, str) and value.startswith("champs."):
            assert has_message(value), f"no text for argument {value}"
    if msg.key not in seen:
        seen.add(msg.key)
        assert translate(msg, "fr") and translate(msg, "en")


def test_every_message_of_random_games_is_translated():
    seen: set[str] = set()
    for i, config in enumerate(CONFIGS):
        for seed in range(2):
            s = R.new(config, seed)
            rng = Rng.from_seed(seed + 100 * i)
            for m in R.events(s):
                _check(m, seen)
            while (d := R.decision(s)) is not None:
                _check(d.text, seen)
                for o in d.options:
                    _check(o.text, seen)
                R.apply(s, d.options[rng.below(len(d.options))].key)
                for m in R.events(s):
                    _check(m, seen)
            _check(res(s).summary, seen)
    assert len(seen) > 60


def test_config_help_texts_exist_in_both_languages():
    for option in R.options_schema():
        assert has_message(option.help.key), option.key
        assert translate(option.help, "fr") != translate(option.help, "en"), option.key
