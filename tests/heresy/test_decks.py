"""Every deck of the box at its full count (HH-3.8), each card known or reconstructed and
saying which, each effect a real one; and the content-pack path replacing one card and
one zone (docs/content.md)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import get_args

from arbitre.engine import get
from arbitre.games.heresy import combat_cards as cc
from arbitre.games.heresy import orders
from arbitre.games.heresy.content import check_content, default_content, load_content
from arbitre.games.heresy.content.cards import CombatPlay, OrderPlay
from arbitre.games.heresy.fortification import fortified
from arbitre.games.heresy.setup import order_instances
from arbitre.games.heresy.state import IMPERIUM, TRAITOR
from tests.heresy.flow_helpers import count, game, keys, play, unit
from tests.heresy.helpers import edited, make_pack

C = default_content()
R = get("heresy")


def _copies(items: object) -> Counter[tuple[str, str]]:
    out: Counter[tuple[str, str]] = Counter()
    for c in items:  # type: ignore[attr-defined]
        side = getattr(c, "side", None) or c.deck
        out[side, c.deck] += c.copies or 1
    return out


def test_HH_3_8_every_deck_has_its_full_count() -> None:
    assert sum(o.copies or 1 for o in C.orders if o.deck == "imperial") == 40
    assert sum(o.copies or 1 for o in C.orders if o.deck == "traitor") == 40
    combat = _copies(C.combat)
    assert combat["imperial", "combat"] == combat["traitor", "combat"] == 32
    assert combat["imperial", "hero_combat"] == combat["traitor", "hero_combat"] == 8
    assert sum(e.copies for e in C.events) == 30 and len(C.bombardment) == 32


def test_HH_3_8_known_cards_keep_their_source_and_reconstructed_ones_say_so() -> None:
    known = {
        "imperial_assemble", "traitor_assemble", "redeploy", "onslaught", "boarding_action",
        "secret_routes", "tank_reinforcements", "firefight", "traitor_assault", "drop_pods",
        "port_landing", "forced_march", "unnatural_vigor", "surprise_attack", "lightning_raid",
    }  # fmt: skip
    for o in C.orders:
        assert (o.provenance == "reconstructed") == (o.id not in known), o.id
        assert o.cost is not None and 0 <= o.cost <= 3, o.id  # HH-17.7
        assert o.copies and o.play and o.effect_fr and o.effect_en, o.id
        if o.id in known:  # designed values are named
            assert "copies" in o.reconstructed and o.provenance != "reconstructed"
    for c in C.combat:
        assert c.copies, c.id
        if c.provenance == "reconstructed":
            assert c.play and c.effect_fr and c.effect_en and c.requirement, c.id
            assert 0 <= (c.attack or 0) <= 3 and 0 <= (c.shields or 0) <= 3, c.id
            assert c.counter in (None, 3, 5), c.id
    named = [c.id for c in C.combat if c.provenance != "reconstructed"]
    assert len(named) == 18 and "the_emperors_healing" in named  # 17 + the play report's


def test_HH_19_10_no_order_card_is_a_no_op() -> None:
    assert set(get_args(OrderPlay)) <= set(orders.EFFECTS)
    assert not [o.id for o in C.orders if orders.stubbed(o)]


def test_HH_27_3_every_combat_card_plays_its_effect() -> None:
    assert set(get_args(CombatPlay)) <= set(cc.EFFECTS)
    s = R.new({}, 0)
    for c in C.combat:
        assert cc.effect_of(s, c.id) is not cc._no_op, c.id


def test_HH_12_14_HH_13_14_a_game_deals_every_copy() -> None:
    s = R.new({}, 3)
    for seat, side in ((IMPERIUM, "imperial"), (TRAITOR, "traitor")):
        cards = s.hands[seat] + s.decks[seat] + [c for p in s.piles.values() for c, _, _ in p]
        assert sorted(cards) == sorted(order_instances(C, seat)) and len(cards) == 40
        assert len(s.combat_decks[seat]) == 32 and len(s.hero_decks[seat]) == 8
        assert len(set(s.combat_decks[seat])) == 32  # copies are `id#2`, `id#3`
        assert s.combat_decks[seat].count("hatred_unbound#2") <= 1
        del side


# --- the content-pack path -----------------------------------------------------------------


def _pack(tmp_path: Path) -> Path:
    """A player who owns the game enters one real card and one real zone."""
    cards = edited(
        "cards/orders.toml",
        'id = "levy_of_terra"\ndeck = "imperial"\nname_fr = "Levée de Terra"\n'
        'name_en = "Levy of Terra"\nkind = "other"\ncopies = 4\ncost = 1\n',
        'id = "call_to_arms"\ndeck = "imperial"\nname_fr = "Appel aux Armes"\n'
        'name_en = "Call to Arms"\nkind = "other"\ncopies = 4\ncost = 0\n',
    )
    cards = cards.replace(
        'provenance = "reconstructed"\nnote = "Reinforcements are one of',
        'provenance = "rulebook p.44"\nnote = "Reinforcements are one of',
        1,
    )
    zones = edited(
        "map/zones.toml",
        'id = "crucible_centre"\n',
        'id = "crucible_centre"\n# entered from the printed board\n',
    )
    start = zones.index('id = "crucible_centre"')
    block = zones[start : zones.index("[[zone]]", start)]
    real = (
        block.replace('kind = "open"', 'kind = "fortress"')
        .replace("fortified = false", "fortified = true")
        .replace("stacking_limit = 6", "stacking_limit = 3")
    )
    assert real != block
    zones = zones.replace(block, real)
    return make_pack(tmp_path, {"cards/orders.toml": cards, "map/zones.toml": zones})


def test_AMB_9_a_pack_replaces_one_card_and_one_zone(tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    content, problems = check_content(pack)
    assert not problems and content is not None
    assert "call_to_arms" in content.orders and "levy_of_terra" not in content.orders
    assert content.orders["call_to_arms"].provenance == "rulebook p.44"
    assert content.zones["crucible_centre"].fortified
    assert content.origins["map/zones.toml"] != content.origins["units.toml"]
    assert load_content(pack).combat == C.combat  # every other part is the default
    s = R.new({"content": str(pack)}, 1)
    deck = s.hands[IMPERIUM] + s.decks[IMPERIUM]
    assert sum(c.startswith("call_to_arms") for c in deck) == 4
    assert fortified(s, "crucible_centre")


def test_AMB_9_the_packs_card_and_zone_are_played(tmp_path: Path) -> None:
    pack = str(_pack(tmp_path))
    s = game(
        {
            "track": {"imperium": 1, "traitor": 3},
            "triggered": [3],
            "events": [],
            "units": [unit("crucible_centre", "imperial_army", "imperium")],
            "heroes": {},
            "hands": {"imperium": ["call_to_arms"]},
            "reserve": {"imperium": {"imperial_army": 4}},
        },
        content=pack,
    )
    play(s, "action:hand", "card:call_to_arms", "sector:crucible")
    assert "to:crucible_centre" in keys(s)
    play(s, "to:crucible_centre")
    assert count(s, "crucible_centre", IMPERIUM, "imperial_army") == 3  # stacking 3 now
    assert s.pos[IMPERIUM] == 1  # the pack's cost 0 (HH-14.9)
