"""The five actions (HH-14.11..HH-14.16, HH-18.1..HH-19.9) as short series of picks.

Frame `action` asks `action:place|map|hand|bury|draw`; the chosen action's frame asks the
card (`card:<id>`), then the pile or sector (`pile:<sector>`, `sector:<sector>`).
"""

from __future__ import annotations

from functools import cache

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy import initiative, strategic, tokens
from arbitre.games.heresy.opts import fixed, keyed, new_decision, two
from arbitre.games.heresy.state import Frame, HeresyState

ACTION_RULES = {
    "place": "HH-14.12",
    "map": "HH-14.13",
    "hand": "HH-14.14",
    "bury": "HH-14.15",
    "draw": "HH-14.16",
}


def legal_actions(s: HeresyState, seat: int) -> list[str]:
    hand = s.hands[seat]
    out = []
    if hand:
        out.append("place")
    if strategic.executable_tops(s, seat):
        out.append("map")
    if hand:
        out.append("hand")
    if any(s.piles.values()):
        out.append("bury")
    if len(hand) < strategic.HAND_LIMIT and (  # HH-19.9
        strategic.can_draw_from_deck(s, seat) or s.card_reserve[seat]
    ):
        out.append("draw")
    return out


def decide_action(s: HeresyState, f: Frame) -> Decision:
    return _action_decision(f.seat, tuple(legal_actions(s, f.seat)))


@cache  # at most 2 seats x 32 sets of actions; decisions are immutable (speed)
def _action_decision(seat: int, legal: tuple[str, ...]) -> Decision:
    opts = tuple(fixed(f"action:{a}", f"heresy.action.{a}") for a in legal)
    return Decision(
        seat, "heresy.action", opts, Msg("heresy.q.action"), ("HH-14.11",), private=False
    )


def choose_action(s: HeresyState, f: Frame, key: str) -> None:
    s.stack.pop()
    s.stack.append(Frame(key[7:], f.seat, {}))


def _card_opts(s: HeresyState, cards: list[str]) -> tuple[Option, ...]:
    return tuple(_card_opt(c, strategic.cost(s, c)) for c in cards)


@cache
def _card_opt(c: str, cost: int) -> Option:
    return Option(f"card:{c}", Msg("heresy.opt.card", {"card": strategic.card_id(c), "cost": cost}))


def _sector_decision(s: HeresyState, seat: int, verb: str) -> Decision:
    """The question of a sector (place.pile, hand.sector): the same for every state of a
    content pack, built once per seat (speed)."""
    key = (id(s.content), seat, verb)
    got = _SECTOR_DECISIONS.get(key)
    if got is None:
        opts = tuple(
            keyed(verb, "heresy.opt.sector", "sector", sec.id) for sec in s.content.sectors
        )
        if verb == "pile":
            got = Decision(
                seat,
                "heresy.place.pile",
                opts,
                Msg("heresy.q.pile"),
                ("HH-18.1",),
                private=False,  # the pile shows: in the "placed" event or the pending action
            )
        else:
            got = Decision(
                seat,
                "heresy.hand.sector",
                opts,
                Msg("heresy.q.sector"),
                ("HH-18.15",),
                # the sector shows: in the execution's events, or as the action waiting for
                # the special token question (view `pending_action`)
                private=False,
            )
        _SECTOR_DECISIONS[key] = got
    return got


_SECTOR_DECISIONS: dict[tuple[int, int, str], Decision] = {}
_Q_PLACE_CARD = Msg("heresy.q.place_card")
_Q_HAND_CARD = Msg("heresy.q.hand_card")
_Q_MAP_CARD = Msg("heresy.q.map_card")
_Q_BURY = Msg("heresy.q.bury")
_Q_DRAW = Msg("heresy.q.draw")


# --- Place an order (HH-14.12, HH-18.1..HH-18.3) ---------------------------------------


def decide_place(s: HeresyState, f: Frame) -> Decision:
    if "card" not in f.data:
        opts = _card_opts(s, strategic.distinct(s.hands[f.seat]))
        return Decision(
            f.seat,
            "heresy.place.card",
            opts,
            _Q_PLACE_CARD,
            ("HH-18.1", "HH-18.14"),
            private=True,  # the order goes face down: the opponent may not learn which
        )
    return _sector_decision(s, f.seat, "pile")


def choose_place(s: HeresyState, f: Frame, key: str) -> None:
    if "card" not in f.data:
        f.data["card"] = key[5:]
        return
    s.stack.pop()
    tokens.ask(s, f.seat, "place", f.data["card"], key[5:], 1)


# --- Execute from the strategic map (HH-14.13, HH-18.5, HH-19.1..HH-19.3) ------------


def decide_map(s: HeresyState, f: Frame) -> Decision:
    opts = tuple(
        two(f"card:{c}", "heresy.opt.top_card", "card", strategic.card_id(c), "sector", sec)
        for sec, c in strategic.executable_tops(s, f.seat)
    )
    return Decision(
        f.seat,
        "heresy.map.card",
        opts,
        _Q_MAP_CARD,
        ("HH-18.5", "HH-19.2", "HH-19.3"),
        # the card shows when it is executed; until then only the choice is known
        private=True,
    )


def choose_map(s: HeresyState, f: Frame, key: str) -> None:
    card = key[5:]
    s.stack.pop()
    for sector, top in strategic.executable_tops(s, f.seat):
        if top == card:
            tokens.ask(s, f.seat, "map", card, sector, 1)  # HH-19.1: always 1
            return


# --- Execute from hand (HH-14.14, HH-19.5, HH-19.6) -----------------------------------


def decide_hand(s: HeresyState, f: Frame) -> Decision:
    if "card" not in f.data:
        opts = _card_opts(s, strategic.distinct(s.hands[f.seat]))
        # the card shows when it is executed (after its sector)
        return new_decision((f.seat, "heresy.hand.card", opts, _Q_HAND_CARD, ("HH-19.5",), True))
    return _sector_decision(s, f.seat, "sector")


def choose_hand(s: HeresyState, f: Frame, key: str) -> None:
    if "card" not in f.data:
        f.data["card"] = key[5:]
        return
    s.stack.pop()
    card = f.data["card"]
    tokens.ask(s, f.seat, "hand", card, key[7:], strategic.cost(s, card))


# --- Bury (HH-14.15, HH-19.7) and Draw (HH-14.16, HH-19.8, HH-19.9) ------------------


def decide_bury(s: HeresyState, f: Frame) -> Decision:
    opts = tuple(
        keyed("pile", "heresy.opt.sector", "sector", sec) for sec, pile in s.piles.items() if pile
    )
    return new_decision((f.seat, "heresy.bury", opts, _Q_BURY, ("HH-19.7",), False))


def choose_bury(s: HeresyState, f: Frame, key: str) -> None:
    s.stack.pop()
    strategic.bury(s, key[5:])
    initiative.end_action(s, f.seat, 1)


def decide_draw(s: HeresyState, f: Frame) -> Decision:
    opts: list[Option] = []
    if strategic.can_draw_from_deck(s, f.seat):
        opts.append(fixed("deck", "heresy.opt.draw_deck"))
    for c in strategic.distinct(s.card_reserve[f.seat]):
        opts.append(_recover_opt(c))
    return new_decision((f.seat, "heresy.draw", tuple(opts), _Q_DRAW, ("HH-19.8",), False))


@cache
def _recover_opt(c: str) -> Option:
    return Option(f"card:{c}", Msg("heresy.opt.recover", {"card": strategic.card_id(c)}))


def choose_draw(s: HeresyState, f: Frame, key: str) -> None:
    s.stack.pop()
    if key == "deck":
        strategic.draw_from_deck(s, f.seat)
    else:
        strategic.take_from_reserve(s, f.seat, key[5:])
    s.log.append(Msg("heresy.log.drew", {"seat": f.seat}, "HH-19.8"))
    initiative.end_action(s, f.seat, 1)
