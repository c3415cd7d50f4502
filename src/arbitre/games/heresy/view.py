"""What each seat may see (HH-18.4, HH-18.14, HH-21.4, HH-39.2..HH-39.3) and the resampling
of what it may not (determinize).

Hidden from a seat: the opponent's hand (its size is public), the order of every deck,
the face-down cards of the strategic map except its own top cards (HH-18.14; owners and
pile sizes are public), and the Event deck. Discard piles, card reserves, units, Heroes,
markers and the track are public.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, TypeVar

from arbitre.engine.rng import Rng
from arbitre.games.heresy.state import SEATS, HeresyState, PileCard, Unit, label

Reorder = Callable[[list[Any]], None]  # puts a list of cards in some order, in place


def build_view(s: HeresyState, seat: int | None) -> dict[str, Any]:
    return seat_view(s, seat, public_view(s))


def public_view(s: HeresyState) -> dict[str, Any]:
    """The part of every seat's view that is the same for all (and for spectators): built
    once for all the seats of a moment by the server (LiveGame.view), never changed after.
    Everything here is public (HH-18.4): units, Heroes, markers, the track, counts of the
    decks, discards. Most parts are taken from memos (`_Memo`), keyed on what they are made
    of, so that a part that did not change since the last moment is the same object."""
    units = s.units
    key: Any = (tuple(units), tuple(map(tuple, units.values())))
    zones = _UNITS.get(key)
    if zones is None:
        zones = _UNITS.put(key, {z: _zone_texts(v) for z, v in sorted(zip(*key, strict=True)) if v})
    key = (s.pos[0], s.pos[1], s.top, tuple(sorted(s.triggered)))
    track = _TRACK.get(key)
    if track is None:
        track = _TRACK.put(key, _track(key))
    return {
        "track": track,
        "current": SEATS[s.current],
        "round": s.round,
        "units": zones,
        "heroes": _sorted_dict(tuple(s.heroes.items())),
        "hero_damage": _damage(tuple(s.hero_damage.items())),
        "lasers": _sorted_dict(tuple(s.lasers.items())),
        "breaches": _sorted(frozenset(s.breaches)),
        "fort_markers": _sorted(frozenset(s.fort_markers)),
        "impassable": _sorted(s.impassable),
        "tokens": _per_side(tuple(s.tokens)),
        "bombardment": _bombard_view(s),
        "activation": _per_side_dicts(tuple(m.items()) for m in s.marks),
        "reserve": _per_side_dicts(tuple(r.items()) for r in s.reserve),
        "decks": _per_side(tuple(map(len, s.decks))),
        "discards": _per_side_lists(tuple(map(tuple, s.discards))),
        "card_reserve": _per_side_lists(tuple(map(tuple, s.card_reserve))),
        "events": len(s.events),
        "event_discard": _list(tuple(s.event_discard)),
        "battle": _battle_view(s),
        "pending_action": _pending_action(s),
        "over": s.over,
        "winner": SEATS[s.winner] if s.over else None,
    }


def seat_view(s: HeresyState, seat: int | None, public: dict[str, Any]) -> dict[str, Any]:
    """`public` (`public_view` of the same moment, shared, not copied) and what depends on
    the seat: its own hand and Combat hand (the other's as counts, HH-18.4, HH-26.6), its
    own top cards of the strategic map (HH-18.14), the options of its decision."""
    d = s.cached
    decision: dict[str, Any] | None = None
    if d is not None:
        decision = {"seat": SEATS[d.seat], "kind": d.kind}
        if seat == d.seat:
            decision["options"] = [o.key for o in d.options]
    h0, h1 = s.hands
    key = (seat, tuple(h0) if seat == 0 else len(h0), tuple(h1) if seat == 1 else len(h1))
    hands = _HANDS.get(key)
    if hands is None:  # HH-18.4: the key is what the seat sees (the other hand's size)
        hands = _HANDS.put(key, _per_side_lists_or_counts(key[1:]))
    return {
        **public,
        "seat": None if seat is None else SEATS[seat],
        "hands": hands,
        "piles": _piles_view(s, seat),
        "combat": _combat_view(s, seat),
        "decision": decision,
    }


_T = TypeVar("_T")


class _Memo(dict[Hashable, Any]):
    """Parts of views made once per distinct key and shared by every view that shows them:
    the two seats' views of a moment, and the next moment's where that part did not change,
    which the server's diff then skips by identity, building and freeing nothing for them
    (issue 14: most of a move's server time went to the views and their diffs). A value is
    made from its key alone, so two views share it only when it is what each would show;
    it is never changed by anyone once made (the diff reads an unchanged object as an
    unchanged part). Emptied when it grows past `limit` (many games in one server)."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def put(self, key: Hashable, value: _T) -> _T:
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


_UNITS = _Memo(2048)  # (zones, their units) -> {zone: unit texts}
_TRACK = _Memo(1024)
_SORTED = _Memo(1024)  # frozenset -> sorted list
_SORTED_DICTS = _Memo(4096)  # items -> dict sorted by key
_DAMAGE = _Memo(1024)
_PER_SIDE = _Memo(1024)  # (imperium's, traitor's) -> {"imperium": …, "traitor": …}
_PER_SIDE_DICTS = _Memo(4096)
_PER_SIDE_LISTS = _Memo(4096)
_LISTS = _Memo(1024)
_HANDS = _Memo(4096)
_BOMBARD = _Memo(1024)
_PILES = _Memo(4096)  # (seat, sectors, piles) -> {sector: pile as the seat sees it}
_PILE = _Memo(4096)  # (seat, pile) -> the pile as the seat sees it
_COMBAT = _Memo(4096)


def _track(key: tuple[int, int, int, tuple[int, ...]]) -> dict[str, Any]:
    """The initiative track (HH-12.16, HH-15.7), from its `_TRACK` key."""
    imperium, traitor, top, triggered = key
    return {
        "imperium": imperium,
        "traitor": traitor,
        "top": SEATS[top],
        "triggered": list(triggered),
    }


def _sorted_dict(items: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """A dict's items (Heroes' zones, lasers), sorted by key, once per content."""
    got = _SORTED_DICTS.get(items)
    if got is None:
        got = _SORTED_DICTS.put(items, dict(sorted(items)))
    return got


def _damage(items: tuple[tuple[str, int], ...]) -> dict[str, int]:
    """The damaged Heroes and their damage, sorted, once per content."""
    got = _DAMAGE.get(items)
    if got is None:
        got = _DAMAGE.put(items, {h: n for h, n in sorted(items) if n})
    return got


def _sorted(items: frozenset[str]) -> list[str]:
    """A set (breaches, fortification markers, impassable zones) as a sorted list."""
    got = _SORTED.get(items)
    if got is None:
        got = _SORTED.put(items, sorted(items))
    return got


def _list(items: tuple[str, ...]) -> list[str]:
    """A list of public cards (the Event discard), once per content."""
    got = _LISTS.get(items)
    if got is None:
        got = _LISTS.put(items, list(items))
    return got


def _per_side(pair: tuple[Any, ...]) -> dict[str, Any]:
    """`{"imperium": …, "traitor": …}` of two public values (tokens, deck sizes)."""
    got = _PER_SIDE.get(pair)
    if got is None:
        got = _PER_SIDE.put(pair, dict(zip(SEATS, pair, strict=True)))
    return got


def _per_side_dicts(pairs: Iterable[tuple[tuple[str, int], ...]]) -> dict[str, Any]:
    """Each side's dict of counts (activation markers, reserve), sorted by key."""
    key = tuple(pairs)
    got = _PER_SIDE_DICTS.get(key)
    if got is None:
        got = _PER_SIDE_DICTS.put(key, {SEATS[i]: dict(sorted(x)) for i, x in enumerate(key)})
    return got


def _per_side_lists(key: tuple[tuple[str, ...], ...]) -> dict[str, Any]:
    """Each side's list of public cards (discards, card reserve)."""
    got = _PER_SIDE_LISTS.get(key)
    if got is None:
        got = _PER_SIDE_LISTS.put(key, {SEATS[i]: list(x) for i, x in enumerate(key)})
    return got


def _per_side_lists_or_counts(pair: tuple[Any, ...]) -> dict[str, Any]:
    """A side's cards it may see (a tuple: listed) or only count (an int: as it is)."""
    return {SEATS[i]: list(x) if type(x) is tuple else x for i, x in enumerate(pair)}


def _piles_view(s: HeresyState, seat: int | None) -> dict[str, list[dict[str, Any]]]:
    """The strategic map's piles (HH-18.14): owners and sizes are public, a card is shown
    only to its owner and only on top of its pile. The key holds the whole piles, more than
    the seat sees, never less: a value is made from its key alone (and the seat's in it),
    so it shows exactly what this seat's view would."""
    piles = s.piles
    key = (seat, tuple(piles), tuple(map(tuple, piles.values())))
    got = _PILES.get(key)
    if got is None:
        got = _PILES.put(
            key, {sector: _pile(seat, pile) for sector, pile in zip(key[1], key[2], strict=True)}
        )
    return got


def _pile(seat: int | None, pile: tuple[PileCard, ...]) -> list[dict[str, Any]]:
    """One pile as `seat` sees it (HH-18.14: its own card on top only)."""
    key = (seat, pile)
    got = _PILE.get(key)
    if got is None:
        top = len(pile) - 1
        got = _PILE.put(
            key,
            [
                {
                    "owner": SEATS[owner],
                    "fresh": fresh,
                    "card": card if seat == owner and i == top else None,
                }
                for i, (card, owner, fresh) in enumerate(pile)
            ],
        )
    return got


_UNIT_TEXTS: dict[Unit, str] = {}


def _unit_text(u: Unit) -> str:
    """`side:label` of a unit as the view shows it, made once per distinct unit (a few
    hundred at most: types × tags × damage; the server builds two views a move)."""
    text = _UNIT_TEXTS.get(u)
    if text is None:
        if len(_UNIT_TEXTS) > 4096:  # a content pack's many units: never grow for ever
            _UNIT_TEXTS.clear()
        text = _UNIT_TEXTS[u] = f"{SEATS[u[0]]}:{label(u)}"
    return text


_ZONE_TEXTS: dict[tuple[Unit, ...], list[str]] = {}


def _zone_texts(units: Sequence[Unit]) -> list[str]:
    """A zone's units as the view lists them (sorted `_unit_text`s), made once per distinct
    content and shared by every view that shows it, never changed by anyone: two views of
    one moment and the next moment's view share the lists of unchanged zones, which the
    server's diff then skips by identity (issue 14: most of a view's cost was these)."""
    key = tuple(units)
    texts = _ZONE_TEXTS.get(key)
    if texts is None:
        if len(_ZONE_TEXTS) > 16384:  # many games in one server: never grow for ever
            _ZONE_TEXTS.clear()
        texts = _ZONE_TEXTS[key] = sorted(map(_unit_text, units))
    return texts


def _pending_action(s: HeresyState) -> dict[str, Any] | None:
    """An action waiting for the special token question (Cry Havoc, HH-12.5): which action
    and in which sector, both public; the card stays unnamed (a placed order is face down,
    an executed one shows when it runs)."""
    top = s.stack[-1] if s.stack else None
    if top is None or top.kind != "token":
        return None
    return {"action": top.data["action"], "sector": top.data["sector"]}


def _bombard_view(s: HeresyState) -> dict[str, Any]:
    """The Bombardment deck's size and discard, and the cards of the bombardment in
    progress: drawn and read by both players (HH-35.6), until they are discarded."""
    frame = next((f for f in reversed(s.stack) if f.kind == "bombard"), None)
    d = frame.data if frame is not None else {}
    key = (
        len(s.bombard_deck),
        tuple(s.bombard_discard),
        tuple(d.get("drawn") or ()),
        d.get("card") or None,
    )
    got = _BOMBARD.get(key)
    if got is None:
        deck, discard, drawn, card = key
        got = _BOMBARD.put(
            key, {"deck": deck, "discard": list(discard), "drawn": list(drawn), "card": card}
        )
    return got


def _combat_view(s: HeresyState, seat: int | None) -> dict[str, Any]:
    """HH-26.6: the opponent's Combat hand shows only how many normal and Hero cards. The
    key is what the seat sees: its own hand, the other's two counts, the decks' sizes and
    the discards."""
    from arbitre.games.heresy.combat_cards import is_hero

    seen: list[Any] = []
    for i, h in enumerate(s.combat_hands):
        if seat == i:
            seen.append(tuple(h))
        else:
            heroes = sum(1 for c in h if is_hero(s, c)) if h else 0
            seen.append((len(h) - heroes, heroes))
    decks, heroes_decks = s.combat_decks, s.hero_decks
    key = (
        seat,
        *seen,
        len(decks[0]),
        len(decks[1]),
        len(heroes_decks[0]),
        len(heroes_decks[1]),
        *map(tuple, s.combat_discards),
        *map(tuple, s.hero_discards),
    )
    got = _COMBAT.get(key)
    if got is None:
        got = _COMBAT.put(key, _combat(key))
    return got


def _combat(key: tuple[Any, ...]) -> dict[str, Any]:
    """The Combat view from its `_COMBAT` key (what the seat sees, HH-26.6)."""
    seat, h0, h1, d0, d1, hd0, hd1, c0, c1, hc0, hc1 = key
    return {
        "hands": {
            SEATS[i]: list(h) if seat == i else {"combat": h[0], "hero": h[1]}
            for i, h in enumerate((h0, h1))
        },
        "decks": {SEATS[0]: d0, SEATS[1]: d1},
        "hero_decks": {SEATS[0]: hd0, SEATS[1]: hd1},
        "discards": {SEATS[0]: list(c0), SEATS[1]: list(c1)},
        "hero_discards": {SEATS[0]: list(hc0), SEATS[1]: list(hc1)},
    }


JOINING = ("origin", "fly", "engage", "look", "hero_draw", "prepare")  # before the draw


def _battle_view(s: HeresyState) -> dict[str, Any] | None:
    """The battle in progress (the innermost one), all public: sides, order, target and
    origin zones, engaged units (`seat:zone:label`) and Heroes, the iteration and who is
    active, the cards played face up this iteration, the effect being resolved and the
    damage waiting to be assigned. The Combat hands are in `combat` (the opponent's as
    counts only)."""
    frame = next((f for f in reversed(s.stack) if f.kind == "battle"), None)
    if frame is None:
        return None
    from arbitre.games.heresy.joining import fortification

    d = frame.data
    if d.get("stage") in ("target", "gone"):
        return None  # no target chosen yet, or the battle is over
    return {
        "attacker": SEATS[d["att"]],
        "defender": SEATS[d["def"]],
        "card": d.get("card") or None,
        "sector": d.get("sector") or None,
        "coexistence": bool(d.get("coex")),
        "target": d["target"],
        "origins": list(d["origins"]),
        "engaged": [f"{SEATS[k]}:{z}:{t}" for k, z, t in d["eng"]],
        "heroes": list(d["heroes"]),
        "iteration": d["it"],
        "iterations": d["iters"],
        "active": SEATS[d["active"]],
        "played": list(d["played"]),
        "used": list(d.get("used") or ()),  # played cards whose effect was started
        "effect": d.get("eff") or None,  # the effect being resolved, and what was paid
        "paid": d.get("paid", 0),  # against it (HH-26.16)
        "damage": d["dmg"] if d.get("stage") in ("shields", "assign") else 0,
        "stage": d["stage"],
        "joining": d["stage"] in JOINING,
        "fortification": fortification(s, frame),
    }


def _rearrange_combat(s: HeresyState, seat: int, reorder: Reorder) -> None:
    """The opponent's hand (normal with normal, Hero with Hero) and every deck's order, but
    for the cards of his own deck a seat looks at (HH-19.10: Attaque Massive)."""
    from arbitre.games.heresy.battle_look import known
    from arbitre.games.heresy.combat_cards import is_hero

    for who in (0, 1):
        for hero, deck in ((False, s.combat_decks[who]), (True, s.hero_decks[who])):
            hand = s.combat_hands[who]
            if who == seat:  # his own deck: all but the cards he is looking at (Attaque Massive)
                top, bottom = (0, 0) if hero else known(s, seat)
                middle = deck[top : len(deck) - bottom]
                reorder(middle)
                deck[top : len(deck) - bottom] = middle
                continue
            idx = [i for i, c in enumerate(hand) if is_hero(s, c) == hero]
            cards = [hand[i] for i in idx] + deck
            reorder(cards)
            for i, c in zip(idx, cards, strict=False):
                hand[i] = c
            deck[:] = cards[len(idx) :]


def _pinned(s: HeresyState) -> set[str]:
    """Cards a pending frame refers to: kept where they are; while the Traitor puts his
    landing orders on the map (setup step 8), the starting orders in his hand are known;
    while a player picks extra orders from his deck, it is face up to him."""
    out = {
        f.data[k]
        for f in s.stack
        for k in ("card", "chosen")  # an order picked, its sector still to come (events.py)
        if isinstance(f.data.get(k), str) and f.data[k]
    }
    for f in s.stack:
        if f.kind == "extra_orders":  # Like Unto Gods: he looks through his Order deck
            out.update(s.decks[f.seat])
        if f.kind == "landing_orders":
            orders = s.content.orders
            out.update(
                c
                for c in s.hands[f.seat]
                if orders[c.partition("#")[0]].starting
                and orders[c.partition("#")[0]].kind == "landing"
            )
    return out


def rearrange_hidden(s: HeresyState, seat: int, reorder: Reorder) -> None:
    """Put every group of cards `seat` cannot see in the order `reorder` gives, in place,
    keeping every count and every owner: a shuffle resamples them (determinize), a sort
    forgets which hidden state this was (the AI's canonical guess)."""
    pinned = _pinned(s)
    opp = 1 - seat
    for who in (opp, seat):
        slots: list[tuple[list[Any], int, bool]] = []  # (container, index, is_pile)
        if who == opp:
            slots += [(s.hands[opp], i, False) for i in range(len(s.hands[opp]))]
        slots += [(s.decks[who], i, False) for i in range(len(s.decks[who]))]
        for pile in s.piles.values():
            for i, (_card, owner, _fresh) in enumerate(pile):
                if owner == who and (who == opp or i != len(pile) - 1):
                    slots.append((pile, i, True))
        slots = [sl for sl in slots if (sl[0][sl[1]][0] if sl[2] else sl[0][sl[1]]) not in pinned]
        cards = [c[0][c[1]][0] if c[2] else c[0][c[1]] for c in slots]
        reorder(cards)
        for (box, i, is_pile), card in zip(slots, cards, strict=True):
            if is_pile:
                box[i] = (card, box[i][1], box[i][2])
            else:
                box[i] = card
    acts: dict[int, list[int]] = {}
    for i, (act, _card) in enumerate(s.events):
        acts.setdefault(act, []).append(i)
    for idx in acts.values():
        cards = [s.events[i][1] for i in idx]
        reorder(cards)
        for i, card in zip(idx, cards, strict=True):
            s.events[i] = (s.events[i][0], card)
    _rearrange_combat(s, seat, reorder)
    reorder(s.bombard_deck)  # nobody sees its order


def determinize(state: HeresyState, seat: int, rng: Rng) -> HeresyState:
    """Resample exactly what `seat` cannot see, keeping every count and every owner.
    `Rng.permute` (few draws) rather than `shuffle`: a twin's draws are replayed by no
    saved game (the golden determinize fingerprints were recorded again for it)."""
    s = state.copy()
    rearrange_hidden(s, seat, rng.permute)
    s.rng = Rng(rng.next64())
    return s
