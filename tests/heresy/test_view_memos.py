"""The view's memos (view._Memo, issue 14) against the view made the slow way, without
them: the same JSON text, at every decision of seeded random games, for each seat and for
a spectator. A memo keyed on less than its part is made of would hand one seat a part
built for another (HH-18.4, HH-18.14, HH-26.6: hands, top cards, Combat hands) or for
another moment; these tests are where that shows."""

from __future__ import annotations

import json
import random
from typing import Any

from arbitre.engine.registry import get
from arbitre.games.heresy.combat_cards import is_hero
from arbitre.games.heresy.state import SEATS, HeresyState, label
from arbitre.games.heresy.view import _battle_view, _pending_action, build_view, public_view


def slow_view(s: HeresyState, seat: int | None) -> dict[str, Any]:
    """The view as it was made before the memos: every part built anew."""
    frame = next((f for f in reversed(s.stack) if f.kind == "bombard"), None)
    b = frame.data if frame is not None else {}
    public = {
        "track": {
            "imperium": s.pos[0],
            "traitor": s.pos[1],
            "top": SEATS[s.top],
            "triggered": sorted(s.triggered),
        },
        "current": SEATS[s.current],
        "round": s.round,
        "units": {
            z: sorted(f"{SEATS[u[0]]}:{label(u)}" for u in v)
            for z, v in sorted(s.units.items())
            if v
        },
        "heroes": {h: z for h, z in sorted(s.heroes.items())},
        "hero_damage": {h: n for h, n in sorted(s.hero_damage.items()) if n},
        "lasers": dict(sorted(s.lasers.items())),
        "breaches": sorted(s.breaches),
        "fort_markers": sorted(s.fort_markers),
        "impassable": sorted(s.impassable),
        "tokens": {SEATS[i]: n for i, n in enumerate(s.tokens)},
        "bombardment": {
            "deck": len(s.bombard_deck),
            "discard": list(s.bombard_discard),
            "drawn": list(b.get("drawn") or ()),
            "card": b.get("card") or None,
        },
        "activation": {SEATS[i]: dict(sorted(m.items())) for i, m in enumerate(s.marks)},
        "reserve": {SEATS[i]: dict(sorted(r.items())) for i, r in enumerate(s.reserve)},
        "decks": {SEATS[i]: len(d_) for i, d_ in enumerate(s.decks)},
        "discards": {SEATS[i]: list(x) for i, x in enumerate(s.discards)},
        "card_reserve": {SEATS[i]: list(x) for i, x in enumerate(s.card_reserve)},
        "events": len(s.events),
        "event_discard": list(s.event_discard),
        "battle": _battle_view(s),
        "pending_action": _pending_action(s),
        "over": s.over,
        "winner": SEATS[s.winner] if s.over else None,
    }
    piles: dict[str, list[dict[str, Any]]] = {}
    for sector, pile in s.piles.items():
        out = []
        for i, (card, owner, fresh) in enumerate(pile):
            seen = seat == owner and i == len(pile) - 1
            out.append({"owner": SEATS[owner], "fresh": fresh, "card": card if seen else None})
        piles[sector] = out
    d = s.cached
    decision: dict[str, Any] | None = None
    if d is not None:
        decision = {"seat": SEATS[d.seat], "kind": d.kind}
        if seat == d.seat:
            decision["options"] = [o.key for o in d.options]
    hands: dict[str, Any] = {}
    for i, h in enumerate(s.combat_hands):
        heroes = sum(1 for c in h if is_hero(s, c))
        hands[SEATS[i]] = list(h) if seat == i else {"combat": len(h) - heroes, "hero": heroes}
    combat = {
        "hands": hands,
        "decks": {SEATS[i]: len(d) for i, d in enumerate(s.combat_decks)},
        "hero_decks": {SEATS[i]: len(d) for i, d in enumerate(s.hero_decks)},
        "discards": {SEATS[i]: list(d) for i, d in enumerate(s.combat_discards)},
        "hero_discards": {SEATS[i]: list(d) for i, d in enumerate(s.hero_discards)},
    }
    return {
        **public,
        "seat": None if seat is None else SEATS[seat],
        "hands": {SEATS[i]: list(h) if seat == i else len(h) for i, h in enumerate(s.hands)},
        "piles": piles,
        "combat": combat,
        "decision": decision,
    }


def text(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)  # key order kept


def test_memoized_views_are_the_slow_views_for_every_seat() -> None:
    """HH-18.4, HH-18.14, HH-26.6: at every decision of six seeded random games, played
    side by side (the memos are shared by all the games of a server), each seat's view
    and the spectator's is, as JSON text, the view made without memos; and the parts that
    did not change since the last moment are the same objects (what the diff skips)."""
    rules = get("heresy")
    games = [(rules.new({}, seed), random.Random(seed)) for seed in range(11, 17)]
    before: dict[int, dict[str, Any]] = {}
    checked = shared = 0
    going = True
    while going:
        going = False
        for g, (state, rng) in enumerate(games):
            decision = rules.decision(state)
            if decision is None or checked > 6 * 3 * 400:
                continue
            going = True
            for seat in (0, 1, None):
                assert text(build_view(state, seat)) == text(slow_view(state, seat))
                checked += 1
            view = build_view(state, 0)
            old = before.get(g, {})
            shared += sum(1 for k, v in view.items() if k in old and old[k] is v and v)
            before[g] = view
            rules.apply(state, rng.choice(decision.options).key)
    assert checked > 3000
    assert shared > 10 * checked // 3  # most parts are kept from one moment to the next


def test_a_memoized_part_is_never_another_seats() -> None:
    """HH-18.4, HH-18.14, HH-26.6: where the two seats' hands, piles or Combat hands
    differ, their views' parts are different objects, each the slow view's."""
    rules = get("heresy")
    differ = 0
    for seed in (21, 22):
        state = rules.new({}, seed)
        rng = random.Random(seed)
        for _ in range(300):
            decision = rules.decision(state)
            if decision is None:
                break
            public = public_view(state)
            views = [build_view(state, seat) for seat in (0, 1, None)]
            slow = [slow_view(state, seat) for seat in (0, 1, None)]
            for key in ("hands", "piles", "combat"):
                texts = [text(v[key]) for v in views]
                assert texts == [text(v[key]) for v in slow], key
                differ += texts[0] != texts[1]
            assert not {"hands", "piles", "combat"} & public.keys()
            rules.apply(state, rng.choice(decision.options).key)
    assert differ > 100
