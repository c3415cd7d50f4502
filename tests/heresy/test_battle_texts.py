"""Battle texts read as a person reads them: names rather than ids, in French and English,
options that can be told apart, questions that say what is at stake."""

from __future__ import annotations

import re
from typing import Any

from arbitre.engine import get
from arbitre.engine.i18n import Msg, has_message, translate
from arbitre.engine.rng import Rng
from arbitre.games.heresy.content import default_content
from tests.heresy.flow_helpers import past_setup

R: Any = get("heresy")
C = default_content()
ATTACKS = {"firefight", "imperial_assault", "traitor_assault", "onslaught"}
# seed 2: the Traitor's Assault on the Imperial Plateau (south) from the Eternity Wall
ASSAULT = [
    "action:hand",
    "card:traitor_assault",
    "sector:imperial_plateau",
    "target:plateau_south",
    "origin:eternity_wall_spaceport",
    "unit:eternity_wall_spaceport:chaos_space_marines/death_guard",
    "unit:eternity_wall_spaceport:chaos_titan/nurgle",
    "hero:mortarion",
    "done",
]


def raw_ids() -> re.Pattern[str]:
    ids = {
        *C.zones.ids(),
        *C.orders.ids(),
        *C.sectors.ids(),
        *C.combat.ids(),
        *C.units.ids(),
        *C.heroes.ids(),
    }
    # 'breach' is a Combat card's id and also the rules' word for a breach (HH-35.1),
    # as in the Repair question: the word is not a raw id.
    ids.discard("breach")
    return re.compile(r"\b(" + "|".join(sorted(ids, key=len, reverse=True)) + r")\b")


def attack_policy(d: Any, rng: Rng) -> str:
    """Random, except that attack orders are executed from hand whenever possible."""
    keys = list(d.keys())
    for key in keys:
        if key == "action:hand" or key.removeprefix("card:").split("#")[0] in ATTACKS:
            return str(key)
    if "ignore" in keys and len(keys) > 1:
        keys.remove("ignore")
    return str(keys[rng.below(len(keys))])


def test_random_games_with_battles_show_no_raw_ids_in_either_language():
    pattern = raw_ids()
    battle_kinds: set[str] = set()
    for seed in range(4):
        s = R.new({}, seed)
        rng = Rng.from_seed(seed)
        seen = 0
        for _ in range(400):
            d = R.decision(s)
            if d is None:
                break
            if d.kind.startswith("heresy.battle."):
                battle_kinds.add(d.kind)
            texts: list[Msg] = [d.text, *(o.text for o in d.options)]
            R.apply(s, attack_policy(d, rng))
            events = list(R.events(s))
            texts += events[seen:]
            seen = len(events)
            for m in texts:
                assert has_message(m.key), m.key
                for lang in ("fr", "en"):
                    shown = translate(m, lang).split(" [HH-")[0].split(" [AMB-")[0]
                    assert not pattern.search(shown), (m, lang, shown)
                    assert "{" not in shown, (m, lang, shown)
    assert {"heresy.battle.target", "heresy.battle.play", "heresy.battle.engage"} <= battle_kinds


def test_battle_options_can_be_told_apart():
    """Two options of one battle decision never read the same (e.g. a card and its Hero
    copy, two effects, the same unit type in two zones)."""
    for seed in range(4):
        s = R.new({}, seed)
        rng = Rng.from_seed(seed)
        for _ in range(400):
            d = R.decision(s)
            if d is None:
                break
            if d.kind.startswith("heresy.battle."):
                for lang in ("fr", "en"):
                    shown = [translate(o.text, lang) for o in d.options]
                    assert len(set(shown)) == len(shown), (d.kind, shown)
            R.apply(s, attack_policy(d, rng))


def test_hero_copy_of_a_card_is_marked_in_options_and_log():
    for lang, hero in (("fr", "Héros"), ("en", "Hero")):
        normal = Msg("heresy.opt.battle_card", {"card": "diversionary_tactics"} | stats("d"))
        copy = Msg("heresy.opt.battle_card", {"card": "diversionary_tactics_hero"} | stats("h"))
        assert translate(normal, lang) != translate(copy, lang)
        assert hero in translate(copy, lang) and hero not in translate(normal, lang)
        played = Msg(
            "heresy.log.played",
            {"seat": 1, "card": "diversionary_tactics_hero", "copy": "diversionary_tactics_hero"},
        )
        assert f"({hero})" in translate(played, lang)


def stats(which: str) -> dict[str, str]:
    return {"stats": "diversionary_tactics" + ("_hero" if which == "h" else "")}


def test_card_options_show_values_and_effects():
    s = past_setup(R.new({}, 2))
    deck = s.combat_decks[1]  # the Traitor draws Diversionary Tactics first
    deck.insert(0, deck.pop(deck.index("diversionary_tactics")))
    for key in ASSAULT:
        R.apply(s, key)
    assert R.decision(s).kind == "heresy.battle.first"
    first = R.decision(s)
    assert "Traître" in translate(first.options[0].text, "fr")
    assert "Imperium" in translate(first.options[1].text, "fr")
    R.apply(s, "first:attacker")
    d = R.decision(s)
    assert d.kind == "heresy.battle.play"
    assert translate(d.text, "en").startswith("Iteration 1/6")
    card = next(o for o in d.options if o.key == "card:diversionary_tactics")
    assert translate(card.text, "fr") == "Tactiques de Diversion (attaque 3, coût de contre 5)"
    R.apply(s, "card:diversionary_tactics")
    effect = R.decision(s)
    assert effect.kind == "heresy.battle.effect"
    text = translate(effect.options[0].text, "en")
    assert text.startswith("effect of Diversionary Tactics: ") and "initiative" in text


def test_question_texts_name_what_is_at_stake():
    for lang in ("fr", "en"):
        counter = translate(
            Msg(
                "heresy.q.battle_counter",
                {"card": "noose_of_ruin", "copy": "noose_of_ruin", "n": 5},
            ),
            lang,
        )
        assert C.combat["noose_of_ruin"].name(lang) in counter and "5" in counter
        rout = translate(Msg("heresy.q.battle_rout", {"unit": "plateau_south:imperial_army"}), lang)
        assert C.units["imperial_army"].name(lang) in rout
        assert C.zones["plateau_south"].name(lang) in rout
        assert "3" in translate(Msg("heresy.q.battle_assign", {"n": 3}), lang)
        assert "2" in translate(Msg("heresy.q.battle_shields", {"n": 2}), lang)
        copy = "diversionary_tactics#2"  # an extra copy keeps its name
        card = translate(Msg("heresy.log.effect", {"card": copy, "copy": copy}), lang)
        assert card.endswith(C.combat["diversionary_tactics"].name(lang)), card
        victory = Msg("heresy.log.victory", {"seat": 0, "reason": "attrition"})
        assert "attrition)" not in translate(victory, lang)
