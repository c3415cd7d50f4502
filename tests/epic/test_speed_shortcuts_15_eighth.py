"""Epic's shortcuts for speed, issue 15 (eighth round), against the slow, sure way: each
played both ways on seeded random games (`speed_states.games_both_ways`: decisions,
events, dice and states the same) and asked both ways on states set up on purpose:

- A reaction question (EPC-15, EP-3.2, EP-3.3, EP-3.4): a detachment not on Tir Appuyé
  reacts with its Close Defences alone, so its stands are passed over when farther from
  the movers' paths than their 15 cm, not only than the unit's longest weapon.
- A move question (EPC-11): what the headings add to the candidates (the first of each
  text, a charge's later one in its place) is kept by allowance, charge and which
  headings are legal (`headings.kept_headings`).
- A move's key and text (EPC-11, issue 13): `round(v, 1)` and `round(v, 3)` of its
  vector and length as `headings.rounded` works them out, mostly without `round`.
- The decisions, options, texts and plans of the hot questions built with
  `tuple.__new__` (no NamedTuple's Python `__new__`): each field as its name says.
- The activation question (EP-9.3): `may_abandon` asked only of detachments with an
  assigned transport.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Mapping
from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.games.epic import headings, move_texts, moves, reactions
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.state import EpicState, Frame, Stand
from arbitre.games.epic.transport import may_abandon
from tests.epic.board import Board
from tests.epic.speed_states import (
    STATES,
    candidates_slowly,
    games_both_ways,
    reaction_groups_both_ways,
)

# --- a reaction question: Close Defences alone ------------------------------------------

_out_of_reach = reactions._out_of_reach


def _out_of_reach_slowly(
    st: Stand,
    x0: float,
    x1: float,
    y0: float,
    y1: float,
    slack: float,
    longest: float | None = None,
) -> bool:
    """`reactions._out_of_reach` as before the shortcut: the unit's longest weapon,
    Close Defence or power, whatever the detachment's order."""
    return _out_of_reach(st, x0, x1, y0, y1, slack)


def test_EPC_15_reactions_found_as_with_the_longest_weapon(monkeypatch: Any) -> None:
    slow = {"_out_of_reach": _out_of_reach_slowly}
    asked, found = reaction_groups_both_ways(monkeypatch, slow)
    assert asked > 50 and found > 20


def test_EPC_15_reactions_play_as_with_the_longest_weapon(monkeypatch: Any) -> None:
    slow = {"_out_of_reach": _out_of_reach_slowly}
    assert games_both_ways(monkeypatch, reactions, slow) > 1000


def _react(b: Board, mover: int) -> Frame:
    """The reaction question of side 1 to the mover's stand moving 10 cm down to (50, 50)."""
    sid = b.s.alive(mover)[0].sid
    path = [[sid, 50.0, 40.0, 50.0, 50.0, "ground", "ground"]]
    return Frame("react", 1, {"target": mover, "paths": path, "charge": False})


def _groups_both_ways(monkeypatch: Any, b: Board, mover: int) -> list[str]:
    quick = reactions._groups(b.s, _react(b, mover))
    with monkeypatch.context() as m:
        m.setattr(reactions, "_out_of_reach", _out_of_reach_slowly)
        slower = reactions._groups(b.s, _react(b, mover))
    assert {k: [(st.sid, g) for st, g in v[0]] for k, v in quick.items()} == {
        k: [(st.sid, g) for st, g in v[0]] for k, v in slower.items()
    }
    return list(quick)


def test_EP_3_2_close_defences_alone_reach_15_cm(monkeypatch: Any) -> None:
    """Set up: a Rhino (Close Defences, a 25 cm gun) beside the mover's path, at 14.9,
    15.1 and 24 cm (beyond 15 cm, within its gun: passed over at once only on Avance,
    never on Tir Appuyé, whose gun fires) and at 40 cm, with either order."""
    rhino = CATALOG.units["rhino"]
    assert rhino.param("dr") and max(w.range for w in rhino.weapons) == 25
    for gap in (14.9, 15.1, 24.0, 40.0):
        for order in ("avance", "charge", "tir_appuye"):
            b = Board()
            mover = b.det(0, "tactiques", [(50.0, 50.0)], order="avance")
            cd = b.det(1, "rhino", [(50.0 + gap, 45.0)], order=order)
            got = _groups_both_ways(monkeypatch, b, mover)
            fire = [f"fire:{cd}"] if order == "tir_appuye" and gap < 25 else []
            assert got == fire + ([f"dr:{cd}"] if gap < 15 else [])
            st = b.s.alive(cd)[0]
            # the new bound passes over the Rhino at 24 cm, the unit's own did not
            assert _out_of_reach(st, 50.0, 50.0, 40.0, 50.0, 1e-6, 15.0) == (gap > 15)
            assert _out_of_reach(st, 50.0, 50.0, 40.0, 50.0, 1e-6) == (gap > 25)


def test_EP_3_2_close_defences_used_are_not_fired(monkeypatch: Any) -> None:
    """Set up: the Rhino within 15 cm has fired its Close Defences this turn (research
    S3): no reaction, on Avance, both ways."""
    b = Board()
    mover = b.det(0, "tactiques", [(50.0, 50.0)], order="avance")
    cd = b.det(1, "rhino", [(60.0, 45.0)], order="avance")
    b.s.alive(cd)[0].dr_used = 1
    assert _groups_both_ways(monkeypatch, b, mover) == []


# --- a move question: what the headings add, kept ----------------------------------------


class _Forgetful(dict[tuple[float, float, bool, bytes], headings.Kept]):
    """`headings._KEPT` that keeps nothing: the headings' part worked out at every question."""

    def get(self, key: Any, default: Any = None) -> Any:
        return default


def _legal(s: EpicState, did: int, p: moves.Plan) -> Any:
    return lambda dx, dy: moves.check(s, did, p, dx, dy) is None


def test_EPC_11_candidates_as_with_the_headings_worked_out(monkeypatch: Any) -> None:
    """On the move questions of seeded games, asked with what earlier questions kept (one
    `_KEPT` for all, fresh at the start), then with nothing kept: the slow way's
    candidates each time."""
    kept: dict[tuple[float, float, bool, bytes], headings.Kept] = {}
    asked = 0
    for seed, s in STATES:
        f = s.stack[-1] if s.stack else None
        if f is None or f.kind != "movement" or s.cached is None or s.cached.kind != "epic.move":
            continue
        did = f.data["det"]
        p = moves.plan(s, did, f.data.get("purpose", moves.MOVE))
        slow = candidates_slowly(s, did, p, _legal(s, did, p))
        monkeypatch.setattr(headings, "_KEPT", kept)
        assert moves.candidates(s, did, p) == slow, f"seed {seed}"
        monkeypatch.setattr(headings, "_KEPT", _Forgetful())
        assert moves.candidates(s, did, p) == slow, f"seed {seed}"
        asked += 1
    assert asked > 90 and len(kept) < asked  # some answers came from what was kept


def test_EPC_11_candidates_play_as_with_the_headings_worked_out(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, headings, {"_KEPT": _Forgetful()}) > 1000


def test_EPC_11_kept_headings_tell_a_charge_and_the_legal_ones_apart() -> None:
    """Set up: allowances so short that headings read alike (0.1 cm texts), so a charge
    keeps a later one in the first's place; a wall of enemy stands to the east makes some
    headings illegal. The same allowance as a charge and not, with and without the wall,
    each asked twice (the second from `_KEPT`): the slow way's answer every time."""
    got: dict[tuple[float, float, bool, bool], list[tuple[float, float]]] = {}
    for lo, hi in ((0.0, 0.1), (0.04, 0.12), (0.0, 12.0)):
        for wall in (False, True):
            for engage in (False, True, False):
                b = Board()
                did = b.det(0, "tactiques", [(60.0, 60.0)], order="charge" if engage else None)
                if wall:
                    b.det(1, "tactiques", [(60.0 + 2.0 + hi, 40.0 + 5.0 * i) for i in range(9)])
                s = b.s
                p = moves.Plan(tuple(st.sid for st in s.alive(did)), lo, hi, "EP-2.2", engage)
                slow = candidates_slowly(s, did, p, _legal(s, did, p))
                for _ in range(2):
                    assert moves.candidates(s, did, p) == slow, (lo, hi, wall, engage)
                got[(lo, hi, wall, engage)] = slow
    # the same allowance and legal headings, a charge or not: another list
    assert got[(0.0, 0.1, False, True)] != got[(0.0, 0.1, False, False)]
    assert got[(0.0, 12.0, True, False)] != got[(0.0, 12.0, False, False)]


# --- a move's key and text: rounded ----------------------------------------------------


def _bits(v: float) -> bytes:
    return struct.pack("<d", v)


def test_EPC_11_rounded_is_round_to_the_bit() -> None:
    """`headings.rounded` against `round` at 1, 2 and 3 digits: zeros of either sign,
    values either side of every half-way point of a few thousand (a float apart), far
    and non-finite values, and a hundred thousand seeded ones; the same bits each time."""
    rng = Rng.from_seed(15)
    special = [0.0, -0.0, 0.05, -0.05, 2.675, 1.005, 5e-324, -5e-324, 0.0004999, -0.00051]
    special += [1e8, -1e8, 1e9, 1e12, -1e300, math.inf, -math.inf]
    met = 0
    for digits in (1, 2, 3):
        scale = 10.0**digits
        values = list(special)
        for k in range(-3000, 3000, 7):
            half = (k + 0.5) / scale
            values += [half, math.nextafter(half, math.inf), math.nextafter(half, -math.inf)]
            values.append(k / scale)
        for _ in range(100_000 // 3):
            values.append((rng.below(2_000_001) - 1_000_000) / 1777.0)
        for v in values:
            assert _bits(headings.rounded(v, scale, digits)) == _bits(round(v, digits)), v
            met += 1
    assert math.isnan(headings.rounded(math.nan, 10.0, 1))
    assert met > 100_000


class _Everywhere:
    """Sets a name on `headings` and on the modules that import it from there (no
    `__dict__` of its own: monkeypatch then keeps the value read, and puts it back)."""

    __slots__ = ()
    _modules = (headings, moves, move_texts)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(headings, name)

    def __setattr__(self, name: str, value: Any) -> None:
        for module in self._modules:
            setattr(module, name, value)


def _rounded_slowly(v: float, scale: float, digits: int) -> float:
    return round(v, digits)


def test_EPC_11_moves_play_as_with_round(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, _Everywhere(), {"rounded": _rounded_slowly}) > 1000
    used = [getattr(m, "rounded") for m in (moves, move_texts)]  # noqa: B009 (not exported)
    assert used == [headings.rounded] * 2 and headings.rounded is not _rounded_slowly


# --- NamedTuples built without their Python __new__ ---------------------------------------


def _is_msg(m: Any) -> bool:
    return (
        type(m) is Msg
        and isinstance(m.key, str)
        and isinstance(m.args, Mapping)
        and (m.rule is None or isinstance(m.rule, str))
        and all(not isinstance(v, Msg) or _is_msg(v) for v in m.args.values())
    )


def test_EPC_30_decisions_built_field_by_field_are_well_formed() -> None:
    """Decisions, their options and texts (and the plans of the move questions) built
    with `tuple.__new__` in the eighth round: each field of the type and meaning its
    name says, at every decision of some seeded games (the slow way's constructors would
    have refused or named them so); the events too."""
    kinds: set[str] = set()
    for seed, s in STATES:
        d = s.cached
        if d is None:
            continue
        assert type(d) is Decision and isinstance(d.seat, int) and d.seat in (0, 1), seed
        assert isinstance(d.kind, str) and d.kind.startswith("epic."), seed
        assert type(d.private) is bool and d.private == (d.kind == "epic.order"), seed
        assert type(d.rules) is tuple and all(isinstance(r, str) for r in d.rules), seed
        assert _is_msg(d.text) and d.text.key.startswith("epic.decide."), seed
        assert type(d.options) is tuple and d.options, seed
        for o in d.options:
            assert type(o) is Option and isinstance(o.key, str) and _is_msg(o.text), seed
            assert o.text.key.startswith(("epic.opt.", "epic.alt.", "epic.order.")), seed
        assert all(_is_msg(m) for m in s.log), seed
        kinds.add(d.kind)
        f = s.stack[-1]
        if d.kind == "epic.move" and f.kind == "movement":
            p = moves.plan(s, f.data["det"], f.data.get("purpose", moves.MOVE))
            assert type(p) is moves.Plan and type(p.engage) is bool, seed
            assert type(p.flying) is bool and type(p.land) is bool and (p.flying or not p.land)
            assert p.facing is None or isinstance(p.facing, float), seed
            if f.data.get("purpose", moves.MOVE) == moves.MOVE:  # (a zone never engages)
                assert p.engage == (s.dets[f.data["det"]].order == "charge"), seed
    assert {"epic.move", "epic.activate", "epic.combat", "epic.order", "epic.altitude"} <= kinds


# --- the activation question: abandoning a transport ------------------------------------


def test_EP_9_3_abandon_options_as_with_every_detachment_asked() -> None:
    """`may_abandon` asked only of detachments with an assigned transport (its first
    test): the activation questions of seeded games offer "abandon:N" for exactly the
    detachments `may_abandon` accepts when every one is asked."""
    asked = offered = 0
    for seed, s in STATES:
        d = s.cached
        if d is None or d.kind != "epic.activate":
            continue
        slow = [f"abandon:{x.did}" for x in s.dets if x.side == d.seat and may_abandon(s, x.did)]
        assert [o.key for o in d.options if o.key.startswith("abandon:")] == slow, seed
        asked, offered = asked + 1, offered + len(slow)
    assert asked > 100 and offered > 0
