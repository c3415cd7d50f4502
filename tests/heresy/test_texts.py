"""Every Heresy text a person reads exists in French and English and shows names, not ids."""

from __future__ import annotations

import re

from arbitre.engine import get
from arbitre.engine.i18n import Msg, has_message, translate
from arbitre.engine.rng import Rng
from arbitre.games.heresy.content import default_content


def test_messages_show_content_names_in_both_languages():
    c = default_content()
    msg = Msg("heresy.log.placed", {"seat": 1, "sector": "palace"})
    assert translate(msg, "fr").startswith("Traître") and c.sectors["palace"].name("fr") in (
        translate(msg, "fr")
    )
    assert translate(msg, "en").startswith("Traitor")
    move = Msg("heresy.opt.mover", {"what": "imperial_army", "zone": "inner_palace"})
    assert c.zones["inner_palace"].name("en") in translate(move, "en")
    assert c.units["imperial_army"].name("fr") in translate(move, "fr")


def test_random_games_read_without_raw_zone_or_card_ids():
    c = default_content()
    ids = {*c.zones.ids(), *c.orders.ids(), *c.sectors.ids()}
    pattern = re.compile(r"\b(" + "|".join(sorted(ids, key=len, reverse=True)) + r")\b")
    r = get("heresy")
    for seed in range(3):
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        for _ in range(300):
            d = r.decision(s)
            if d is None:
                break
            texts = [d.text, *(o.text for o in d.options)]
            r.apply(s, d.options[rng.below(len(d.options))].key)
            texts += list(r.events(s))
            for m in texts:
                assert has_message(m.key), m.key
                for lang in ("fr", "en"):
                    shown = translate(m, lang)
                    assert not pattern.search(shown.split("[")[0]), (m, shown)
