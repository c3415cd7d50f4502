"""The chosen deployment (Heresy Unheralded and the later scenarios, HH-12.19): each piece
goes where the board is worth most once the rest of the setup has happened, as far as it
can be foreseen from public facts.

What is foreseen: the Traitor's pieces still to come (his reserve, strongest first, on the
Vengeful Spirit and in the spaceports his Warbands claimed), then the corruption of setup
step 6 (HH-13.5..HH-13.8), which the Traitor aims at spaceport garrisons first: about one
corruptible unit in two of an Imperial spaceport turns (a Chaos Star on about half the
Bombardment cards). Without that look ahead, three Imperial Armies look like a safe
garrison until the Warbands' companions land and half the Armies turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitre.engine.decision import Decision
from arbitre.games.heresy import corruption, deployment
from arbitre.games.heresy.ai.context import Ctx
from arbitre.games.heresy.ai.evaluate import Board
from arbitre.games.heresy.ai.sample import guess
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, Frame, HeresyState

if TYPE_CHECKING:
    from arbitre.games.heresy.ai.agent import HeresyAI


def deploy(ai: HeresyAI, state: HeresyState, dec: Decision) -> str:
    """The option whose placement leaves the best foreseen board."""
    from arbitre.games.heresy.rules import Heresy

    ctx = Ctx(state, dec.seat)
    r = Heresy()
    twin = guess(state, dec.seat, ctx.rng("deploy", dec.kind))
    best, key = -1e18, dec.options[0].key
    for o in dec.options:
        t = twin.copy()
        r.apply(t, o.key)
        v = foreseen(t, dec.seat)
        if v > best + 1e-9:
            best, key = v, o.key
    return key


def foreseen(s: HeresyState, seat: int) -> float:
    """The worth for `seat` of the board the rest of the setup will probably leave."""
    board = Board(Ctx(s, seat))
    f = next((f for f in reversed(s.stack) if f.kind == "deploy"), None)
    if f is not None:
        _traitor_pieces(s, f, board)
    _corruption(s, board)
    return board.value()


def _traitor_pieces(s: HeresyState, f: Frame, board: Board) -> None:
    """The Traitor's pool tasks still open, filled with his strongest pieces left."""
    units = s.content.units
    pieces = sorted(
        (label for label, n in deployment._pool(s).items() for _ in range(n)),
        key=lambda lab: (-units[lab.partition("/")[0]].rank, lab),
    )
    for task in f.data["tasks"]:
        if task[0] != "pool":
            continue
        zone = deployment._pool_zone(f.data, task[2])
        if not zone:
            continue
        for _ in range(task[1]):
            if not pieces:
                return
            kind, _, tag = pieces.pop(0).partition("/")
            board.add(zone, (TRAITOR, kind, tag, 0))


def _corruption(s: HeresyState, board: Board) -> None:
    """HH-13.7, HH-13.8: the corruptible units of each Imperial spaceport, every other one
    turned (each is tried once), while attempts and spare bases last (HH-37.9)."""
    scenario = s.content.scenarios[s.scenario]
    left = scenario.corruption if _corruption_to_come(s) else 0
    bases: dict[str, int] = {}
    for zone in board.ctx.st.ports:
        if left <= 0:
            return
        if board.owner(zone) != IMPERIUM:
            continue
        weak = [u for u in board.units[zone] if corruption.traitor_type(s, u[1])]
        for u in weak[: (len(weak) + 1) // 2]:
            into = corruption.traitor_type(s, u[1])
            assert into is not None
            if into not in bases:
                bases[into] = corruption.spare_bases(s, into)
            if left <= 0 or bases[into] <= 0:
                continue
            left -= 2  # one attempt in two succeeds
            bases[into] -= 1
            board.take(zone, u)
            board.add(zone, (TRAITOR, into, u[2], u[3]))


def _corruption_to_come(s: HeresyState) -> bool:
    setup = next((f for f in s.stack if f.kind == "setup"), None)
    return setup is not None and "corruption" in setup.data["steps"]
