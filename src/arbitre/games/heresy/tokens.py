"""Special tokens (Fortune Favors the Bold, Cry Havoc; HH-3.9, HH-12.5): each player has
`special_tokens` of them; when he places an order, or executes one from the strategic map
or from hand, he may spend one to pay 1 initiative less for that action (never below 0).
Spent tokens leave the game.

Frame `token` (data: action, card, sector, cost) asks once per action, only when the
player has a token and the action costs something; its answer finishes the action.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy import initiative, orders, strategic
from arbitre.games.heresy.state import Frame, HeresyState

RULE = "HH-12.5"
ACTION_RULES = {"place": "HH-14.12", "map": "HH-14.13", "hand": "HH-14.14"}


def offered(s: HeresyState, seat: int, cost: int) -> bool:
    return s.tokens[seat] > 0 and cost > 0


def ask(s: HeresyState, seat: int, action: str, card: str, sector: str, cost: int) -> None:
    """Finish the action now, or first ask whether a token is spent."""
    data: dict[str, Any] = {"action": action, "card": card, "sector": sector, "cost": cost}
    if offered(s, seat, cost):
        s.stack.append(Frame("token", seat, data))
    else:
        finish(s, seat, data, cost)


def decide_token(s: HeresyState, f: Frame) -> Decision:
    d = f.data
    opts = (
        Option("token:spend", Msg("heresy.opt.token_spend", {"n": d["cost"] - 1})),
        Option("token:keep", Msg("heresy.opt.token_keep", {"n": d["cost"]})),
    )
    q = Msg("heresy.q.token", {"left": s.tokens[f.seat]})
    return Decision(
        f.seat, "heresy.token", opts, q, (RULE, ACTION_RULES[d["action"]]), private=False
    )


def choose_token(s: HeresyState, f: Frame, key: str) -> None:
    s.stack.pop()
    cost = f.data["cost"]
    if key == "token:spend":
        s.tokens[f.seat] -= 1
        cost -= 1
        s.log.append(Msg("heresy.log.token", {"seat": f.seat, "left": s.tokens[f.seat]}, RULE))
    finish(s, f.seat, f.data, cost)


def finish(s: HeresyState, seat: int, d: dict[str, Any], cost: int) -> None:
    card, sector = d["card"], d["sector"]
    if d["action"] == "place":
        strategic.place(s, seat, card, sector)
        initiative.end_action(s, seat, cost)
    elif d["action"] == "map":
        s.piles[sector].pop()
        orders.execute(s, seat, card, sector, True, cost)
    else:
        s.hands[seat].remove(card)
        orders.execute(s, seat, card, sector, False, cost)
