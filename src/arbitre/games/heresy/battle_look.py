"""Attaque Massive's look at the Combat deck (p.6, §24.1): before the Combat cards are
drawn, the attacker looks at the top N cards of his Combat deck and puts each back on top
or at the bottom, in the order he likes. Battle stage `look` (between `ability` and
`prepare`); `f.data["look"]` is how many cards are still to place, `f.data["kept"]` how
many went back on top (they stay the deck's first cards, in the order chosen),
`f.data["bottom"]` how many went to the bottom. `known` tells `determinize` which cards
of the deck the attacker knows where they lie while he looks.
"""

from __future__ import annotations

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy.state import Frame, HeresyState
from arbitre.games.heresy.strategic import distinct

RULES = ("HH-19.10", "HH-26.2")


def next_stage(f: Frame) -> str:
    return "look" if f.data.get("look") else "prepare"


def _seen(s: HeresyState, f: Frame) -> list[str]:
    deck = s.combat_decks[f.data["att"]]
    kept = f.data.get("kept", 0)
    return deck[kept : kept + f.data["look"]]


def decide(s: HeresyState, f: Frame) -> Decision | None:
    seen = _seen(s, f)
    if not seen:
        return None
    opts = [
        Option(f"{where}:{c}", Msg(f"heresy.opt.look_{where}", {"card": c}))
        for c in distinct(seen)
        for where in ("top", "bottom")
    ]
    q = Msg("heresy.q.battle_look", {"n": len(seen)})
    # the opponent learns that cards were placed, not which (HH-18.14's spirit)
    return Decision(f.data["att"], "heresy.battle.look", tuple(opts), q, RULES, private=True)


def choose(s: HeresyState, f: Frame, key: str) -> None:
    d = f.data
    where, _, card = key.partition(":")
    deck = s.combat_decks[d["att"]]
    kept = d.setdefault("kept", 0)
    i = deck.index(card, kept, kept + d["look"])
    if where == "top":
        deck.insert(kept, deck.pop(i))
        d["kept"] = kept + 1
    else:
        deck.append(deck.pop(i))
        d["bottom"] = d.get("bottom", 0) + 1  # known to him too, at the bottom
    d["look"] -= 1
    s.log.append(Msg("heresy.log.looked", {"seat": d["att"]}, "HH-19.10"))
    if not d["look"]:
        d["stage"] = "prepare"


def auto(s: HeresyState, f: Frame) -> None:
    """Nothing (more) to look at: the cards are drawn."""
    f.data["look"] = 0
    f.data["stage"] = "prepare"


def known(s: HeresyState, seat: int) -> tuple[int, int]:
    """How many cards at the top and at the bottom of `seat`'s Combat deck `seat` knows
    by position while he places the cards he looks at (the rest stays unknown)."""
    for f in s.stack:
        d = f.data
        if f.kind == "battle" and d.get("stage") == "look" and d["att"] == seat:
            return d.get("kept", 0) + d["look"], d.get("bottom", 0)
    return 0, 0
