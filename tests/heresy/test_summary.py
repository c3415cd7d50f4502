"""The other seat's last turn in words (summary.py): built from public events only, it
names no card the reader's view hides (HH-18.14 face-down orders, HH-19.8 drawn orders,
HH-26.6 Combat hands), keeps a face-down order "face cachée" (HH-14.12), names an executed
order (HH-14.13), and points at the zones the turn touched."""

from __future__ import annotations

import random
from typing import Any

from arbitre.engine.i18n import Msg, translate
from arbitre.engine.match import LogEntry, Match
from arbitre.engine.registry import get
from arbitre.games.heresy.summary import last_turn


def _texts(lines: tuple[Msg, ...]) -> str:
    return " | ".join(translate(m, lang) for m in lines for lang in ("fr", "en"))


def visible_cards(view: Any, known: set[str]) -> set[str]:
    """Every card id (of `known`) that a view names somewhere (copies `#n` folded)."""
    out: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str) and x.split("#", 1)[0] in known:
            out.add(x.split("#", 1)[0])
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(view)
    return out


# events that show a card face up to both players (an order executed, HH-14.13; a Combat
# card played, HH-26.11, or discarded for its shields, HH-28.4; an Event drawn, HH-16.2)
REVEALS = {"heresy.log.execute", "heresy.log.played", "heresy.log.shields", "heresy.log.event"}


def _revealed(match: Match, viewer: int) -> set[str]:
    last = max((i + 1 for i, seat in enumerate(match.seats_of_keys) if seat == viewer), default=0)
    out: set[str] = set()
    for e in match.log:
        if e.index > last and e.msg.key in REVEALS and isinstance(e.msg.args.get("card"), str):
            out.add(e.msg.args["card"].split("#", 1)[0])
    return out


def _hidden_names(match: Match, viewer: int) -> set[str]:
    """Names of the order and Combat cards the viewer cannot see anywhere in its view
    (no copy of them is visible, none was revealed face up since its last answer), in
    French and English."""
    s = match.state
    c = s.content
    known = {x.id for x in c.orders} | {x.id for x in c.combat}
    seen = visible_cards(match.ruleset.view(s, viewer), known) | _revealed(match, viewer)
    shown: set[str] = set()
    for base in seen:
        item = c.orders.get(base) or c.combat.get(base)
        if item is not None:
            shown |= {item.name("fr"), item.name("en")}
    hidden: set[str] = set()
    places: list[Any] = [s.hands[1 - viewer], s.decks[0], s.decks[1]]
    places += [[card for card, owner, _f in pile] for pile in s.piles.values()]
    places += [s.combat_hands[1 - viewer], s.combat_decks[0], s.combat_decks[1]]
    for place in places:
        for card in place:
            base = card.split("#", 1)[0]
            if base in seen:
                continue
            item = c.orders.get(base) or c.combat.get(base)
            if item is not None:
                hidden |= {item.name("fr"), item.name("en")}
    # a name shared with a visible card (both sides' Assemble, Assault…) tells nothing
    return hidden - shown


def _playouts(seeds: range, steps: int) -> Any:
    """(match, viewer, summary) each time a seat must answer after the other one played."""
    r = get("heresy")
    for seed in seeds:
        m = Match(r, {}, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            d = m.decision()
            if d is None:
                break
            m.play(rng.choice(d.options).key)
            nxt = m.decision()
            if nxt is None or m.seats_of_keys[-1] == nxt.seat:
                continue
            yield m, nxt.seat, last_turn(m.log, m.seats_of_keys, nxt.seat)


def test_hh_18_14_summary_names_no_hidden_card() -> None:
    """HH-18.14, HH-19.8, HH-26.6: no name of a card the reader's view hides appears."""
    checked = 0
    for match, viewer, summary in _playouts(range(1, 4), 260):
        if summary is None:
            continue
        text = _texts(summary.lines)
        hidden = _hidden_names(match, viewer)
        leaked = [n for n in hidden if n in text]
        assert not leaked, (leaked, text)
        assert summary.seat == 1 - viewer
        checked += 1
    assert checked > 20


def test_hh_14_12_a_face_down_order_stays_face_down() -> None:
    """HH-14.12: "a placé un ordre face cachée sur la pile X", the card unnamed; HH-14.13:
    an executed order is named; the summary keeps the rules of what it sums up."""
    placed = executed = False
    for _match, _viewer, summary in _playouts(range(1, 3), 200):
        if summary is None:
            continue
        for line in summary.lines:
            if line.key == "heresy.summary.placed":
                placed = True
                assert "card" not in line.args
                assert "face cachée" in translate(line, "fr")
                assert "HH-14.12" in summary.rules or "HH-13.13" in summary.rules
            if line.key == "heresy.summary.execute":
                executed = True
                assert translate(line, "fr").startswith(("Le Traître a exécuté", "L'Imperium a"))
    assert placed and executed


def test_hh_21_18_moves_and_landings_mark_their_zones() -> None:
    """HH-21.18, HH-20.3: the zones units moved or landed in are the ones to highlight."""
    log = [
        LogEntry(1, 0, Msg("heresy.log.placed", {"seat": 0, "sector": "palace"}, "HH-14.12")),
        LogEntry(
            2,
            1,
            Msg(
                "heresy.log.execute",
                {"seat": 1, "card": "drop_pods", "sector": "palace"},
                "HH-14.13",
            ),
        ),
        LogEntry(
            3,
            1,
            Msg(
                "heresy.log.moved",
                {"what": "chaos_space_marines", "to": "lions_gate_spaceport"},
                "HH-21.18",
            ),
        ),
        LogEntry(
            3,
            1,
            Msg(
                "heresy.log.moved",
                {"what": "chaos_space_marines", "to": "lions_gate_spaceport"},
                "HH-21.18",
            ),
        ),
        LogEntry(3, 1, Msg("heresy.log.landed", {"zone": "lions_gate_spaceport"}, "HH-20.3")),
        LogEntry(3, 1, Msg("heresy.log.drew", {"seat": 1}, "HH-19.8")),
    ]
    summary = last_turn(log, [0, 1, 1], 0)
    assert summary is not None
    fr = [translate(m, "fr") for m in summary.lines]
    assert fr[0] == "Le Traître a exécuté Drop Pods dans le secteur Palais"
    assert fr[1] == "2 unités ou Héros déplacés vers Spatioport de la Porte des Lions"
    assert fr[2] == "Le Traître a débarqué en Spatioport de la Porte des Lions"
    assert fr[3] == "Le Traître a pioché 1 carte Ordre"
    assert summary.zones == ("lions_gate_spaceport",)
    assert summary.rules == ("HH-14.13", "HH-21.18", "HH-20.3", "HH-19.8")
    en = translate(summary.lines[0], "en")
    assert en == "The Traitor executed Drop Pods in the Palace sector"
    # nothing to tell when the other seat has not answered since
    assert last_turn(log[:1], [0], 0) is None
