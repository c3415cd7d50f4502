"""The five actions (HH-14.11..HH-14.16, HH-18.1..HH-19.9) as short series of picks.

Frame `action` asks `action:place|map|hand|bury|draw`; the chosen action's frame asks the
card (`card:<id>`), then the pile or sector (`pile:<sector>`, `sector:<sector>`).
"""

from __future__ import annotations

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy import initiative, strategic, tokens
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
    opts = tuple(
        Option(
            f"action:{a}",
            Msg(f"heresy.action.{a}"),
        )
        for a in legal_actions(s, f.seat)
    )
    return Decision(
        f.seat, "heresy.action", opts, Msg("heresy.q.action"), ("HH-14.11",), private=False
    )


def choose_action(s: HeresyState, f: Frame, key: str) -> None:
    s.stack.pop()
    s.stack.append(Frame(key[7:], f.seat, {}))


def _card_opts(s: HeresyState, cards: list[str]) -> tuple[Option, ...]:
    return tuple(
        Option(
            f"card:{c}",
            Msg("heresy.opt.card", {"card": strategic.card_id(c), "cost": strategic.cost(s, c)}),
        )
        for c in cards
    )


def _sector_opts(s: HeresyState, verb: str) -> tuple[Option, ...]:
    return tuple(
        Option(f"{verb}:{sec.id}", Msg("heresy.opt.sector", {"sector": sec.id}))
        for sec in s.content.sectors
    )


# --- Place an order (HH-14.12, HH-18.1..HH-18.3) ---------------------------------------


def decide_place(s: HeresyState, f: Frame) -> Decision:
    if "card" not in f.data:
        opts = _card_opts(s, strategic.distinct(s.hands[f.seat]))
        return Decision(
            f.seat,
            "heresy.place.card",
            opts,
            Msg("heresy.q.place_card"),
            ("HH-18.1", "HH-18.14"),
            private=True,  # the order goes face down: the opponent may not learn which
        )
    return Decision(
        f.seat,
        "heresy.place.pile",
        _sector_opts(s, "pile"),
        Msg("heresy.q.pile"),
        ("HH-18.1",),
        private=False,  # the pile shows: in the "placed" event or the pending action
    )


def choose_place(s: HeresyState, f: Frame, key: str) -> None:
    if "card" not in f.data:
        f.data["card"] = key[5:]
        return
    s.stack.pop()
    tokens.ask(s, f.seat, "place", f.data["card"], key[5:], 1)


# --- Execute from the strategic map (HH-14.13, HH-18.5, HH-19.1..HH-19.3) ------------


def decide_map(s: HeresyState, f: Frame) -> Decision:
    opts = tuple(
        Option(
            f"card:{c}", Msg("heresy.opt.top_card", {"card": strategic.card_id(c), "sector": sec})
        )
        for sec, c in strategic.executable_tops(s, f.seat)
    )
    return Decision(
        f.seat,
        "heresy.map.card",
        opts,
        Msg("heresy.q.map_card"),
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
        return Decision(
            f.seat, "heresy.hand.card", opts, Msg("heresy.q.hand_card"), ("HH-19.5",), private=True
        )
    return Decision(
        f.seat,
        "heresy.hand.sector",
        _sector_opts(s, "sector"),
        Msg("heresy.q.sector"),
        ("HH-18.15",),
        # the sector shows: in the execution's events, or as the action waiting for the
        # special token question (view `pending_action`)
        private=False,
    )


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
        Option(f"pile:{sec}", Msg("heresy.opt.sector", {"sector": sec}))
        for sec, pile in s.piles.items()
        if pile
    )
    return Decision(f.seat, "heresy.bury", opts, Msg("heresy.q.bury"), ("HH-19.7",), private=False)


def choose_bury(s: HeresyState, f: Frame, key: str) -> None:
    s.stack.pop()
    strategic.bury(s, key[5:])
    initiative.end_action(s, f.seat, 1)


def decide_draw(s: HeresyState, f: Frame) -> Decision:
    opts: list[Option] = []
    if strategic.can_draw_from_deck(s, f.seat):
        opts.append(Option("deck", Msg("heresy.opt.draw_deck")))
    for c in strategic.distinct(s.card_reserve[f.seat]):
        opts.append(Option(f"card:{c}", Msg("heresy.opt.recover", {"card": strategic.card_id(c)})))
    return Decision(
        f.seat, "heresy.draw", tuple(opts), Msg("heresy.q.draw"), ("HH-19.8",), private=False
    )


def choose_draw(s: HeresyState, f: Frame, key: str) -> None:
    s.stack.pop()
    if key == "deck":
        strategic.draw_from_deck(s, f.seat)
    else:
        strategic.take_from_reserve(s, f.seat, key[5:])
    s.log.append(Msg("heresy.log.drew", {"seat": f.seat}, "HH-19.8"))
    initiative.end_action(s, f.seat, 1)
