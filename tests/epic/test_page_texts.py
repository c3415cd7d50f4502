"""What a player reads of Epic (issue 13): detachments by name and table letter in every
prompt and log line, moves in words (no vectors), lengths written the reader's way, sides by
name, and the view's `reach` for the move being placed (EPC-9, EPC-11, EP-7.3)."""

from __future__ import annotations

import re
from typing import Any

from arbitre.engine.i18n import Msg, translate
from arbitre.engine.registry import get
from arbitre.games.epic.messages import DETACHMENT_LETTERS, cm_text, det_label
from arbitre.games.epic.moves import plan
from arbitre.games.epic.state import EpicState

R: Any = get("epic")  # the Epic ruleset and its hooks (why_not, why_key, choice_text)
VECTOR = re.compile(r"\(-?\d+[.,]\d+\s*[,;]\s*-?\d+[.,]\d+\)")


def drive(
    s: EpicState, until: str, prefer: tuple[str, ...] = ("avance",), phase: str = ""
) -> list[Msg]:
    """Answer until an `until` decision (in `phase` if given); the events seen on the way."""
    events: list[Msg] = []
    while (d := R.decision(s)) is not None and (d.kind != until or (phase and s.phase != phase)):
        keys = d.keys()
        R.apply(s, next((k for k in prefer if k in keys), keys[0]))
        events += R.events(s)
    return events


def test_EPC_9_detachments_are_named_with_their_table_letter() -> None:
    assert det_label("tactiques", "fr") == "Marines tactiques (B)"
    assert det_label("tactiques", "en") == "Tactical Marines (B)"
    assert det_label("dreadnoughts", "fr") == "Dreadnought des Mille Fils (b)"
    s = R.new({}, 1)
    d = R.decision(s)
    assert d is not None
    assert re.fullmatch(
        r"Altitude de départ de .+ \([A-G]\) \[EP-16\.12\]", translate(d.text, "fr")
    )


def test_EPC_9_letters_follow_the_view_order_of_each_side() -> None:
    """The page letters a side's detachments A, B, … (a, b, … for the second side) in the
    view's order: the texts' letters are the same."""
    s = R.new({}, 3)
    view = R.view(s, 0)
    sides: list[str] = []
    counts: dict[str, int] = {}
    for det in view["detachments"]:
        if det["side"] not in sides:
            sides.append(det["side"])
        n = counts.get(det["side"], 0)
        counts[det["side"]] = n + 1
        letter = chr(65 + n) if sides.index(det["side"]) == 0 else chr(97 + n)
        assert DETACHMENT_LETTERS[det["detachment"]] == letter


def test_EPC_9_activation_options_read_name_and_order() -> None:
    s = R.new({}, 1)
    drive(s, "epic.activate", phase="movement")
    d = R.decision(s)
    texts = [translate(o.text, "fr") for o in d.options if o.key.startswith("act:")]
    assert "Marines tactiques (B) : Avance" in texts
    assert translate(d.options[0].text, "en").endswith(": Advance")


def test_EPC_11_move_options_are_words_never_vectors() -> None:
    s = R.new({}, 1)
    drive(s, "epic.move")
    d = R.decision(s)
    fr = [translate(o.text, "fr") for o in d.options]
    en = [translate(o.text, "en") for o in d.options]
    assert not [t for t in fr + en if VECTOR.search(t)]
    assert fr[0] == "Rester sur place" and en[0] == "Stay in place"
    assert "Aller vers le sud, 10 cm" in fr and "Go south, 10 cm" in en
    assert len(set(fr)) == len(fr)
    # the raw vector stays for the page and the AI
    assert all({"dx", "dy"} <= set(o.text.args) for o in d.options)


def test_EPC_30_lengths_are_written_the_readers_way() -> None:
    assert cm_text(12.5, "fr") == "12,5" and cm_text(12.5, "en") == "12.5"
    assert cm_text(20.0, "fr") == "20"
    too_far = Msg("epic.move.too_far", {"cm": 25.25, "max": 20.0}, "EPC-9")
    assert translate(too_far, "fr") == "Trop loin : 25,2 cm pour 20 cm permis [EPC-9]"


def test_EPC_10_initiative_names_the_side() -> None:
    s = R.new({}, 1)
    events = drive(s, "epic.activate", phase="movement")
    rolls = [e for e in events if e.key == "epic.ev.initiative"]
    assert rolls
    text = translate(rolls[0], "fr")
    assert re.fullmatch(
        r"Initiative : \d contre \d, (L'Imperium commence|Les Mille Fils commencent) \[EPC-10\]",
        text,
    )


def test_EPC_11_the_view_carries_the_reach_of_the_move_being_placed() -> None:
    s = R.new({}, 1)
    assert R.view(s, 0)["reach"] is None
    drive(s, "epic.move")
    d = R.decision(s)
    reach = R.view(s, d.seat)["reach"]
    assert reach == R.view(s, None)["reach"]  # public: both seats and spectators see it
    p = plan(s, reach["det"], "infiltrate")
    assert (reach["lead"], reach["lo"], reach["hi"], reach["rule"]) == (
        p.movers[0],
        p.lo,
        p.hi,
        "EP-7.3",
    )
    lead = s.stands[reach["lead"]]
    assert (reach["x"], reach["y"]) == (lead.x, lead.y)
    assert reach["movers"] == list(p.movers) and reach["flying"] is False
    assert R.view(s, d.seat)["phase"] == "infiltration"


def test_EPC_11_a_point_played_reads_as_words_in_the_log() -> None:
    s = R.new({}, 1)
    drive(s, "epic.move")
    d = R.decision(s)
    reach = R.view(s, d.seat)["reach"]
    key = f"{reach['x'] + 1.0},{reach['y'] + 9.0}"
    said = R.choice_text(s, d, key)
    assert said is not None
    assert translate(said, "fr") == "Aller vers le sud, 9,1 cm"
    assert translate(said, "en") == "Go south, 9.1 cm"
    assert R.choice_text(s, d, "p:0") is None
