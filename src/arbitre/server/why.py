""" "Why not?": `POST /api/games/{id}/why` — why a clicked thing is not a legal choice.

The seat whose decision it is (or the hotseat table for that seat) asks about a key; the
answer says whether it is allowed and, if not, the game's reason with its rule and the
rule's text, in French and English.

- Every field is read before anything else; the token is checked against the stored game
  before it is loaded (`Hub.open`), and only the deciding seat may ask: another seat's
  question could probe what that seat may not see.
- The reason is computed on a twin of the state determinized for the asking seat (what
  it cannot see resampled with a fresh RNG), so an explanation never tells of a hidden
  trap or a face-down card, whatever the game's hook reads.
- The game's hooks run in the worker threads (`server/work.py`), never on the event loop,
  under the game's lock so that no move changes the state meanwhile. Nothing changes.
"""

from __future__ import annotations

import re
import secrets
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg, add_messages
from arbitre.engine.rng import Rng
from arbitre.engine.why import Why, explain
from arbitre.server.errors import both, refuse
from arbitre.server.hub import Hub
from arbitre.server.inputs import int_field, str_field, token_of
from arbitre.server.live import Access, LiveGame, seat_label
from arbitre.server.rule_texts import rule_texts

KEY_LIMIT = 64

add_messages(
    {
        "server.why.legal": {
            "fr": "C'est un choix permis : { $option }.",
            "en": "That is an allowed choice: { $option }.",
        },
        "server.why.unknown": {
            "fr": "Ce n'est pas un des choix proposés maintenant.",
            "en": "That is not one of the choices offered now.",
        },
    }
)


def read_question(data: dict[str, Any]) -> tuple[str | None, int | None, str]:
    """The token, the seat (hotseat table) and the key, each checked (4xx naming it)."""
    token = token_of(data.get("token"))
    seat = int_field(data.get("seat"), "seat")
    key = str_field(data, "key", KEY_LIMIT)
    return token, seat, key


def asked_decision(live: LiveGame, access: Access, wanted: int | None) -> Decision:
    """The decision the asker answers now; 409 when the game is over, 403 for anyone else."""
    decision = live.match.decision()
    if decision is None:
        raise refuse(409, "game_over", "game_over")
    label = seat_label(live.ruleset, live.match.seat_names[decision.seat], live.match.config)
    if decision.seat not in access.seats:
        raise refuse(403, "not_your_turn", "not_your_turn", seat=label)
    if access.role == "admin" and wanted is not None and wanted != decision.seat:
        raise refuse(403, "not_your_turn", "not_your_turn", seat=label)
    return decision


def reason_for(live: LiveGame, decision: Decision, key: str) -> Why:
    """The game's answer, computed on a twin determinized for the deciding seat (a worker
    thread runs this)."""
    ruleset = live.ruleset
    if decision.find(key) is not None:
        return explain(ruleset, live.match.state, decision, key)
    rng = Rng.from_seed(secrets.randbits(63))
    twin = ruleset.determinize(live.match.state, decision.seat, rng)
    return explain(ruleset, twin, decision, key)


def _text(msg: Msg) -> dict[str, str]:
    """Both languages, without the " [rule]" tail: the rule is sent beside the text."""
    out = both(msg._replace(rule=None))
    return {"fr": out["fr"], "en": out["en"]}


def rule_text(ruleset_id: str, rule: str) -> dict[str, str] | None:
    """The rule's text; a lettered sub-entry ("AMB-CB-16c") falls back to its entry."""
    for wanted in (rule, re.sub(r"(\d)[a-z]$", r"\1", rule)):
        found = rule_texts(ruleset_id, [wanted])[0]
        if found.get("known"):
            text: dict[str, str] = found["text"]
            return text
    return None


def answer(live: LiveGame, why: Why) -> dict[str, Any]:
    if why.option is not None:
        text = _text(Msg("server.why.legal", {"option": why.option.text}))
        return {"legal": True, "key": why.key, "text": text, "rule": None, "rule_text": None}
    reason = why.reason or Msg("server.why.unknown")
    rule = reason.rule
    return {
        "legal": False,
        "key": why.key,
        "text": _text(reason),
        "rule": rule,
        "rule_text": rule_text(live.ruleset.id, rule) if rule else None,
    }


async def why_not(hub: Hub, game_id: str, data: dict[str, Any]) -> dict[str, Any]:
    """Answer one question (the route of `POST /api/games/{id}/why`)."""
    token, wanted, key = read_question(data)
    live, access = await hub.open(game_id, token)
    async with live.lock:
        decision = asked_decision(live, access, wanted)
        why = await hub.workers.thread(reason_for, live, decision, key)
    return answer(live, why)
