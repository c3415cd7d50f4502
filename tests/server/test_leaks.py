"""No message to a seat names a card that seat cannot see.

Random full games of L'Hérésie d'Horus are played through the API (moves by HTTP) while
three WebSockets listen: each seat and a spectator. Every message each of them receives
is checked against the true state at that moment: the identity (id, French and English
name) of any card hidden from that reader — the opponent's hand and Combat hand, every
deck, face-down cards of the strategic map that are not its own top card, the Event
and Bombardment decks — must not appear, unless the same card is visible to it or was
seen face up by it earlier in the game (a card played and later shuffled back). A card
is face up when the state shows it so, or when the game's own log reports it played,
used as shields, countered, discarded or drawn as an event: those rules put cards face
up on the table, possibly within one answer (played, then shuffled back at the end of
the battle).
"""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi.testclient import TestClient

from arbitre.engine.agents import RandomAgent
from arbitre.games.heresy.state import HeresyState
from tests.server.conftest import HUMAN, new_game

GAMES = 4
# Card names that are also words of the rules' own texts ("the Breach goes on which edge?").
RULE_WORDS = {"Breach", "Brèche"}


def _base(card: str) -> str:
    return card.partition("#")[0]


def visible_cards(s: HeresyState, seat: int | None) -> set[str]:
    seen: set[str] = set()
    for who in (0, 1):
        seen.update(s.discards[who])
        seen.update(s.card_reserve[who])
        seen.update(s.combat_discards[who])
        seen.update(s.hero_discards[who])
        if who == seat:
            seen.update(s.hands[who])
            seen.update(s.combat_hands[who])
    for pile in s.piles.values():
        if pile and pile[-1][1] == seat:
            seen.add(pile[-1][0])
    seen.update(s.event_discard)
    seen.update(s.bombard_discard)
    for frame in s.stack:
        seen.update(c for c in frame.data.get("played", ()) if isinstance(c, str))
        if isinstance(frame.data.get("card"), str):
            seen.add(frame.data["card"])  # the card being executed or resolved is face up
    return {_base(c) for c in seen}


def hidden_cards(s: HeresyState, seat: int | None) -> set[str]:
    hidden: set[str] = set()
    for who in (0, 1):
        hidden.update(s.decks[who])
        hidden.update(s.combat_decks[who])
        hidden.update(s.hero_decks[who])
        if who != seat:
            hidden.update(s.hands[who])
            hidden.update(s.combat_hands[who])
    for pile in s.piles.values():
        for i, (card, owner, _fresh) in enumerate(pile):
            if not (owner == seat and i == len(pile) - 1):
                hidden.add(card)
    hidden.update(card for _act, card in s.events)
    hidden.update(s.bombard_deck)
    return {_base(c) for c in hidden}


_NAMES: dict[int, dict[str, frozenset[str]]] = {}


def card_names(content: Any) -> dict[str, frozenset[str]]:
    """Card id -> its French and English names (Bombardment cards have none); by the
    content's identity, as hashing a whole catalog at every call would be slow."""
    if id(content) in _NAMES:
        return _NAMES[id(content)]
    names = _NAMES[id(content)] = {}
    for catalog in (content.orders, content.combat, content.events, content.bombardment):
        for item in catalog:
            shown = {item.name("fr"), item.name("en")} if hasattr(item, "name") else set()
            names[item.id] = frozenset(shown)
    return names


def names_of(s: HeresyState, card: str) -> frozenset[str]:
    return card_names(s.content).get(card, frozenset())


TOKEN = re.compile(r"[A-Za-z0-9_]+")  # card ids are made of these; "#2" marks a copy


def texts_of(data: Any) -> list[str]:
    """Every text a person reads in the message (the values of its fr/en fields)."""
    if isinstance(data, dict):
        out = [v for k, v in data.items() if k in ("fr", "en") and isinstance(v, str)]
        for k, v in data.items():
            if k not in ("fr", "en"):
                out.extend(texts_of(v))
        return out
    if isinstance(data, list):
        return [t for v in data for t in texts_of(v)]
    return []


def without_kinds(data: Any) -> Any:
    """The message without its `kind` fields: decision kinds such as heresy.bombard.breach
    are names of rules steps, not of cards (the card "breach" shares the word)."""
    if isinstance(data, dict):
        return {k: without_kinds(v) for k, v in data.items() if k != "kind"}
    if isinstance(data, list):
        return [without_kinds(v) for v in data]
    return data


def assert_no_leak(
    s: HeresyState, seat: int | None, message: dict[str, Any], memory: set[str]
) -> None:
    """`memory`: the cards this reader has seen face up so far (a player remembers them)."""
    if message.get("decision") is None:
        return  # the game is over: everything may be shown
    data = without_kinds(message)
    tokens = set(TOKEN.findall(json.dumps(data, ensure_ascii=False)))
    prose = "\n".join(texts_of(data))
    memory |= visible_cards(s, seat)
    if message["decision"]["yours"]:
        # An effect may show its player cards (look at the top of a deck): the options of
        # the reader's own decision are what the rules let it see.
        for option in message["decision"]["options"]:
            memory.add(_base(option["key"].rpartition(":")[2]))
    seen = memory
    seen_names = set().union(*(names_of(s, c) for c in seen)) if seen else set()
    for card in hidden_cards(s, seat) - seen:
        assert card not in tokens, (seat, card)
        for name in names_of(s, card) - seen_names - RULE_WORDS:
            assert name not in prose, (seat, card, name)


def test_no_message_names_a_card_its_reader_cannot_see(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    checked = 0
    for seed in range(GAMES):
        game = new_game(client, "heresy", [HUMAN, HUMAN], seed=100 + seed)
        live = hub.games[game["id"]]
        agent = RandomAgent(seed)
        url = f"/ws/games/{game['id']}"
        readers = [game["seats"][0]["token"], game["seats"][1]["token"], game["spectator"]]
        sockets = [client.websocket_connect(f"{url}?token={t}") for t in readers]
        opened = [ws.__enter__() for ws in sockets]
        memories: list[set[str]] = [set(), set(), set()]
        try:
            messages = [ws.receive_json() for ws in opened]
            logged = 0
            while True:
                for entry in live.match.log[logged:]:
                    card = entry.msg.args.get("card")
                    if isinstance(card, str):
                        for memory in memories:
                            memory.add(_base(card))
                logged = len(live.match.log)
                for i, (reader, message) in enumerate(zip((0, 1, None), messages, strict=True)):
                    assert_no_leak(live.match.state, reader, message, memories[i])
                    checked += 1
                decision = live.match.decision()
                if decision is None:
                    break
                token = game["seats"][decision.seat]["token"]
                mine = messages[decision.seat]["decision"]
                assert mine["yours"] and [o["key"] for o in mine["options"]] == decision.keys()
                key = agent.choose(None, None, decision)
                r = client.post(
                    f"/api/games/{game['id']}/play",
                    json={"token": token, "key": key, "expect": live.moves},
                )
                assert r.status_code == 200, r.text
                assert_no_leak(live.match.state, decision.seat, r.json(), memories[decision.seat])
                messages = [ws.receive_json() for ws in opened]
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
    assert checked > GAMES * 300
