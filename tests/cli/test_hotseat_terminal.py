"""Hotseat in the terminal: between two people the screen and the scrollback are cleared
and the keyboard handed over before the next seat's view is drawn; nothing printed after
the handover names the previous seat's private answer (a Heresy order placed face down,
Epic orders, a hidden Champs trap). One person against AI seats: no handover."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from arbitre.cli import play_cmd
from arbitre.engine import get
from arbitre.engine.i18n import translate
from arbitre.games.heresy.content import default_content
from tests.cli.hotseat import hotseat_lines
from tests.heresy.flow_helpers import SETUP_KINDS

HANDOVER = {
    "fr": "Passez à l'Imperium — appuyez sur Entrée",
    "en": "Pass to the Imperium — press Enter",
}


def heresy_face_down_order(seed: int = 1) -> tuple[list[str], str]:
    """Keys up to the Traitor placing one order face down (the Imperium answers next), and
    the order's id: one whose names are not in the Imperium's own hand."""
    ruleset = get("heresy")
    content = default_content()
    state = ruleset.new({}, seed)
    keys: list[str] = []
    while (d := ruleset.decision(state)) is not None and d.kind in SETUP_KINDS:
        keys.append("done" if d.find("done") is not None else d.options[0].key)
        ruleset.apply(state, keys[-1])
    own = {
        content.orders[c.split("#")[0]].name(lang) for c in state.hands[0] for lang in ("fr", "en")
    }
    keys.append("action:place")
    ruleset.apply(state, keys[-1])
    decision = ruleset.decision(state)
    assert decision is not None and decision.seat == 1 and decision.private
    card = next(
        o.key
        for o in decision.options
        if not {content.orders[o.key[5:].split("#")[0]].name(lang) for lang in ("fr", "en")} & own
    )
    keys.append(card)
    ruleset.apply(state, card)
    keys.append("pile:palace")
    ruleset.apply(state, keys[-1])
    after = ruleset.decision(state)
    assert after is not None and after.seat == 0  # the Imperium's turn: a handover
    return keys, card[5:].split("#")[0]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_heresy_face_down_order_never_shown_after_the_handover(cli, lang):
    keys, card = heresy_face_down_order()
    lines = [*hotseat_lines("heresy", {}, 1, keys, (0, 1)), "", "log", "quit"]
    result = cli(
        ["play", "heresy", "--seats", "human,human", "--seed", "1", "--lang", lang],
        input="\n".join(lines) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert HANDOVER[lang] in out
    after = out[out.rindex(HANDOVER[lang]) :]
    order = default_content().orders[card]
    before = out[: out.rindex(HANDOVER[lang])]
    assert order.name(lang) in before  # the Traitor saw it while choosing…
    for name in {order.name("fr"), order.name("en"), card}:
        assert name not in after, name  # …nothing after the handover names it
    assert {"fr": "(choix caché)", "en": "(hidden choice)"}[lang] in after
    assert {"fr": "vue de l'Imperium", "en": "seen by the Imperium"}[lang] in after
    assert "═══" in out  # the separation printed where a terminal is cleared


def epic_orders() -> list[str]:
    """Keys (first option each time) until the Mille Fils give their first order."""
    ruleset = get("epic")
    state = ruleset.new({}, 1)
    keys: list[str] = []
    while (d := ruleset.decision(state)) is not None:
        if d.kind == "epic.order" and d.seat == 1:
            return keys
        key = "charge" if d.kind == "epic.order" else d.options[0].key
        keys.append(key)
        ruleset.apply(state, key)
    raise AssertionError("no order phase")


def test_epic_orders_never_shown_after_the_handover(cli):
    keys = epic_orders()
    lines = [*hotseat_lines("epic", {}, 1, keys, (0, 1)), "", "log", "quit"]
    result = cli(
        ["play", "epic", "--seats", "human,human", "--seed", "1"], input="\n".join(lines) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    marker = "Passez aux Mille Fils — appuyez sur Entrée"
    assert marker in out
    after = out[out.rindex(marker) :]
    charge = translate_order("charge")
    # the Imperium's seven orders were all "Charge": its lines say a choice was made…
    journal = [line for line in after.splitlines() if "Imperium →" in line]
    assert journal and all(charge not in line for line in journal)
    assert any("(choix caché)" in line for line in journal)
    # …and nothing before the Mille Fils' own question names the order
    board_and_log = after[: after.index("Mille Fils — ")]
    assert charge not in board_and_log


def translate_order(order: str) -> str:
    from arbitre.engine.i18n import Msg

    return translate(Msg(f"epic.order.{order}"), "fr")


CHAMPS = {"players": 1, "traps.visible": False}


def champs_hidden_trap() -> tuple[int, list[str], str]:
    """A seed and keys where Player 1 lays a hidden trap, up to the MJ's next question."""
    ruleset = get("champs")
    for seed in range(1, 60):
        rng = random.Random(seed)
        state = ruleset.new(CHAMPS, seed)
        keys: list[str] = []
        trap = None
        for _ in range(400):
            d = ruleset.decision(state)
            if d is None:
                break
            if trap is not None and d.seat == 1:
                return seed, keys, trap
            opts = [o.key for o in d.options]
            if d.kind == "champs.trap" and d.seat == 0:
                assert d.private
                trap = opts[0]
                key = trap
            elif trap is None and "trap" in opts:
                key = "trap"
            else:
                key = rng.choice(opts)
            keys.append(key)
            ruleset.apply(state, key)
    raise AssertionError("no hidden trap laid")


def test_champs_hidden_trap_never_shown_after_the_handover(cli):
    seed, keys, trap = champs_hidden_trap()
    lines = [*hotseat_lines("champs", CHAMPS, seed, keys, (0, 1)), "", "log", "quit"]
    args = ["play", "champs", "--seats", "human,human", "--seed", str(seed), "--lang", "en"]
    args += ["--config", "players=1", "--config", "traps.visible=false"]
    result = cli(args, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    marker = "Pass to the GM — press Enter"
    assert marker in out
    cell = trap.removeprefix("cell:")
    before, after = out[: out.rindex(marker)], out[out.rindex(marker) :]
    assert f"lay a trap on {cell}" in before
    assert f"lay a trap on {cell}" not in after and trap not in after
    assert "(hidden choice)" in after


def test_one_person_against_ai_has_no_handover(cli):
    result = cli(
        ["play", "heresy", "--seats", "human,random", "--seed", "18"], input="1\n1\n1\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "Passez" not in result.output and "═══" not in result.output


def test_on_a_terminal_the_handover_clears_the_scrollback(cli, monkeypatch):
    monkeypatch.setattr(
        play_cmd,
        "make_console",
        lambda stderr=False: Console(force_terminal=True, width=120, height=60, highlight=False),
    )
    keys, card = heresy_face_down_order()
    lines = [*hotseat_lines("heresy", {}, 1, keys, (0, 1)), "", "quit"]
    result = cli(
        ["play", "heresy", "--seats", "human,human", "--seed", "1"], input="\n".join(lines) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert play_cmd.CLEAR_ALL == "\x1b[3J\x1b[2J\x1b[H"
    handover = out.rindex("Passez à l")
    assert out.rfind(play_cmd.CLEAR_ALL, 0, handover) > out.rfind("Traître [", 0, handover)
    after = out[handover:]
    order = default_content().orders[card]
    assert order.name("fr") not in after and order.name("en") not in after
