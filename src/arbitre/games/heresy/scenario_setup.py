"""Scenario setup steps that ask the players (Scenario Guide, research scenarios.yaml):
impassable zones (Holy Terra Asunder, Cry Havoc), the chosen deployment (deployment.py),
the 'Like Unto Gods' Event draft, and the Order card set-up of step 8 (HH-13.13): the
Traitor's four landing orders on the strategic map, then each scenario's extra orders.

Frame `setup` runs the steps in the book's order (HH-12.1..HH-13.14): it pushes each
step's frame when its turn comes, so every zone list is computed on the board of that
moment (e.g. setup bombardments never target an impassable zone).
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy import messages_setup, strategic  # noqa: F401  (texts)
from arbitre.games.heresy.content.cards import Scenario
from arbitre.games.heresy.opts import keyed
from arbitre.games.heresy.state import IMPERIUM, SIDE_NAMES, TRAITOR, Frame, HeresyState

LANDING_ORDERS = 4  # the Traitor's landing orders placed at setup (Scenario Guide)
DRAFT = (2, 2, 1)  # Like Unto Gods: own pool cards per act
NEUTRAL = (2, 2, 0)  # … neutral cards per act
DROPPED = (2, 2, 0)  # … random cards removed from each act
EXTRA = {"choose_4": 4, "random_1": 1}


def steps(scenario: Scenario) -> list[str]:
    out = []
    if scenario.impassable:
        out.append("impassable")
    if scenario.deployment == "chosen":
        out.append("deploy")
    if scenario.events == "draft":
        out.append("draft")
    out += ["corruption", "bombardment", "landing_orders"]
    if scenario.extra_orders != "none":
        out.append("extra_orders")
    return out


def frame(scenario: Scenario) -> Frame:
    return Frame("setup", TRAITOR, {"steps": steps(scenario)})


def auto_setup(s: HeresyState, f: Frame) -> None:
    """Push the next step's frame (or do it at once); the last step pops the frame."""
    from arbitre.games.heresy import deployment, setup

    scenario = s.content.scenarios[s.scenario]
    if not f.data["steps"]:
        s.stack.pop()
        return
    step = f.data["steps"].pop(0)
    if step == "impassable":
        s.stack.append(Frame("impassable", TRAITOR, {"left": scenario.impassable}))
    elif step == "deploy":
        s.stack.append(deployment.frame(s))
    elif step == "draft":
        s.stack.append(Frame("ev_draft", TRAITOR, {"acts": [[], [], []], "n": 0, "mine": []}))
    elif step == "corruption":
        setup.corruption(s, scenario)
    elif step == "bombardment":
        setup.setup_bombardment(s, scenario)
    elif step == "landing_orders":
        s.stack.append(Frame("landing_orders", TRAITOR, {"left": LANDING_ORDERS, "card": ""}))
    elif step == "extra_orders":
        _extra_orders(s, scenario)


# --- impassable zones (Holy Terra Asunder, Cry Havoc) --------------------------------------


def impassable_choices(s: HeresyState) -> list[str]:
    """Zones of Terra that may still be made impassable: never the Inner Palace, a
    spaceport or the Vengeful Spirit (`never_impassable`), never next to another one."""
    return [
        z.id
        for z in s.content.zones
        if z.terra
        and not z.never_impassable
        and z.id not in s.impassable
        and not (s.content.graph.neighbours(z.id) & s.impassable)
    ]


def _turn(f: Frame, total: int) -> int:
    """Alternately, the Traitor first."""
    done = total - f.data["left"]
    return TRAITOR if done % 2 == 0 else IMPERIUM


def decide_impassable(s: HeresyState, f: Frame) -> Decision | None:
    zones = impassable_choices(s)
    if f.data["left"] <= 0 or not zones:
        return None
    total = s.content.scenarios[s.scenario].impassable
    opts = [keyed("zone", "heresy.opt.impassable", "zone", z) for z in zones]
    q = Msg("heresy.q.impassable", {"n": f.data["left"]})
    return Decision(
        _turn(f, total), "heresy.setup.impassable", tuple(opts), q, ("HH-12.5",), private=False
    )


def choose_impassable(s: HeresyState, f: Frame, key: str) -> None:
    zone = key[5:]
    s.impassable = s.impassable | {zone}
    f.data["left"] -= 1
    s.log.append(Msg("heresy.log.impassable", {"zone": zone}, "HH-12.5"))


def auto_pop(s: HeresyState, f: Frame) -> None:
    s.stack.pop()


# --- the Like Unto Gods Event draft (setup step 5, HH-13.1) --------------------------------


def _pool(s: HeresyState, seat: int, d: dict[str, Any]) -> dict[str, int]:
    """A side's draft pool (the cards' `pool`, every copy) less what it already chose."""
    left = {e.id: e.copies for e in s.content.events if e.pool == SIDE_NAMES[seat]}
    for card in d["mine"]:
        left[card] -= 1
    return {k: n for k, n in left.items() if n > 0}


def _drafting(d: dict[str, Any]) -> int:
    """The Traitor chooses his five cards first, then the Imperium (both in secret)."""
    return TRAITOR if d["n"] < sum(DRAFT) else IMPERIUM


def _act(d: dict[str, Any]) -> int:
    """The act the drafting player fills now: 2 cards in I, 2 in II, 1 in III."""
    own = d["n"] % sum(DRAFT)
    for i, n in enumerate(DRAFT):
        if own < n:
            return i
        own -= n
    return len(DRAFT) - 1


def decide_draft(s: HeresyState, f: Frame) -> Decision | None:
    d = f.data
    if d["n"] >= 2 * sum(DRAFT):
        return None
    seat = _drafting(d)
    pool = _pool(s, seat, d)
    if not pool:
        return None
    opts = [keyed("card", "heresy.opt.draft", "card", c) for c in sorted(pool)]
    q = Msg("heresy.q.draft", {"act": _act(d) + 1})
    return Decision(seat, "heresy.setup.draft", tuple(opts), q, ("HH-13.1",), private=True)


def choose_draft(s: HeresyState, f: Frame, key: str) -> None:
    d = f.data
    seat = _drafting(d)
    d["acts"][_act(d)].append(key[5:])
    d["mine"].append(key[5:])
    d["n"] += 1
    if d["n"] == sum(DRAFT):
        d["mine"] = []  # the Imperium's turn
    s.log.append(Msg("heresy.log.drafted", {"seat": seat}, "HH-13.1"))


def auto_draft(s: HeresyState, f: Frame) -> None:
    """The neutral pool, shuffled, adds 2 cards to Acts I and II; each act is shuffled and
    loses 2 random cards in Acts I and II (to the box, unseen); Act I on top."""
    s.stack.pop()
    acts = [list(a) for a in f.data["acts"]]
    neutral = [e.id for e in s.content.events if e.pool == "neutral" for _ in range(e.copies)]
    s.rng.shuffle(neutral)
    for i, n in enumerate(NEUTRAL):
        acts[i] += neutral[:n]
        neutral = neutral[n:]
    s.events = []
    for i, cards in enumerate(acts):
        s.rng.shuffle(cards)
        s.events.extend((i + 1, c) for c in cards[DROPPED[i] :])
    s.log.append(Msg("heresy.log.event_deck", {"n": len(s.events)}, "HH-13.3"))


def random_events(s: HeresyState, scenario: Scenario) -> None:
    """Cry Havoc: the whole Event deck shuffled, `random_events` cards dealt, one act."""
    cards = [e.id for e in s.content.events for _ in range(e.copies)]
    s.rng.shuffle(cards)
    s.events = [(1, c) for c in cards[: scenario.random_events]]


# --- step 8: the Traitor's landing orders, extra orders (HH-13.13) -----------------------


def _landing(s: HeresyState, card: str) -> bool:
    c = strategic.order(s, card)
    return c.kind == "landing" and bool(c.starting)


def decide_landing_orders(s: HeresyState, f: Frame) -> Decision | None:
    d = f.data
    if d["card"]:
        opts = [keyed("pile", "heresy.opt.sector", "sector", sec.id) for sec in s.content.sectors]
        return Decision(TRAITOR, "heresy.setup.landing_pile", tuple(opts),
                        Msg("heresy.q.pile"), ("HH-13.13",), private=False)  # fmt: skip
    cards = strategic.distinct([c for c in s.hands[TRAITOR] if _landing(s, c)])
    if d["left"] <= 0 or not cards:
        return None
    opts = [
        Option(f"card:{c}", Msg("heresy.opt.place_free", {"card": strategic.card_id(c)}))
        for c in cards
    ]
    q = Msg("heresy.q.landing_orders", {"n": d["left"]})
    return Decision(TRAITOR, "heresy.setup.landing", tuple(opts), q, ("HH-13.13",), private=True)


def choose_landing_orders(s: HeresyState, f: Frame, key: str) -> None:
    d = f.data
    if not d["card"]:
        d["card"] = key[5:]
        return
    sector = key[5:]
    s.hands[TRAITOR].remove(d["card"])
    s.piles[sector].append((d["card"], TRAITOR, False))  # FAQ: executable on turn one
    s.log.append(Msg("heresy.log.placed", {"seat": TRAITOR, "sector": sector}, "HH-13.13"))
    d["card"], d["left"] = "", d["left"] - 1


def auto_landing_orders(s: HeresyState, f: Frame) -> None:
    """The Traitor's other landing starting orders are shuffled into his Order deck."""
    s.stack.pop()
    back = [c for c in s.hands[TRAITOR] if _landing(s, c)]
    if back:
        for c in back:
            s.hands[TRAITOR].remove(c)
        s.decks[TRAITOR].extend(back)
        s.rng.shuffle(s.decks[TRAITOR])


def _extra_orders(s: HeresyState, scenario: Scenario) -> None:
    n = EXTRA[scenario.extra_orders]
    if scenario.extra_orders == "random_1":  # Cry Havoc
        for seat in (TRAITOR, IMPERIUM):
            for _ in range(min(n, len(s.decks[seat]))):
                s.hands[seat].append(s.decks[seat].pop(s.rng.below(len(s.decks[seat]))))
        s.log.append(Msg("heresy.log.extra_random", {}, "HH-13.13"))
        return
    s.stack.append(Frame("extra_orders", IMPERIUM, {"left": n}))  # the Traitor chooses first
    s.stack.append(Frame("extra_orders", TRAITOR, {"left": n}))


def decide_extra_orders(s: HeresyState, f: Frame) -> Decision | None:
    """Like Unto Gods: any 4 cards of one's Order deck join the starting hand."""
    if f.data["left"] <= 0 or not s.decks[f.seat]:
        return None
    opts = [
        Option(f"card:{c}", Msg("heresy.opt.extra_order", {"card": strategic.card_id(c)}))
        for c in sorted({strategic.card_id(c) for c in s.decks[f.seat]})
    ]
    q = Msg("heresy.q.extra_orders", {"n": f.data["left"]})
    return Decision(f.seat, "heresy.setup.extra", tuple(opts), q, ("HH-13.13",), private=True)


def choose_extra_orders(s: HeresyState, f: Frame, key: str) -> None:
    card = key[5:]
    deck = s.decks[f.seat]
    inst = next(c for c in deck if strategic.card_id(c) == card)
    deck.remove(inst)
    s.hands[f.seat].append(inst)
    f.data["left"] -= 1


def auto_extra_orders(s: HeresyState, f: Frame) -> None:
    """… then the deck is shuffled."""
    s.stack.pop()
    s.rng.shuffle(s.decks[f.seat])
    s.log.append(Msg("heresy.log.extra_chosen", {"seat": f.seat}, "HH-13.13"))
