"""The skill game after the roll (CB-49, CB-50, CB-56): every Thief/Templar choice, each side
playing POLICY_EN, solved exactly by memoised search over the dice on the table.

The attacker's skills act first, then the defender's (CB-56). The option ranking of
`_thief_options` / `_templar_options` is the one place the policy lives.
"""

from __future__ import annotations

import functools
import itertools
from collections import defaultdict
from fractions import Fraction
from typing import Any

from arbitre.games.champs.odds.distributions import _multisets, _sum_counts
from arbitre.games.champs.odds.pools import (
    Group,
    Pool,
    _insert,
    _insert_all,
    _items,
    _remove,
    _remove_all,
    _result,
    _set_pool,
)
from arbitre.games.champs.odds.sides import Mode

Skills = tuple[int, int]  # (Thieves, Templars) still to act
State = tuple[Pool, Pool, Skills, Skills]  # attacker pool, defender pool, their skills
Action = tuple[Any, ...]
Rank = tuple[Any, ...]
Option = tuple[Rank, Action, Fraction]  # (how the acting side ranks it, action, P(attacker wins))

_NONE: Skills = (0, 0)


def _mover(state: State) -> int:
    if state[2] != _NONE:
        return 0
    if state[3] != _NONE:
        return 1
    return -1


def _with(state: State, side: int, own: Pool, opp: Pool, skills: Skills) -> State:
    if side == 0:
        return (own, opp, skills, state[3])
    return (opp, own, state[2], skills)


def _skills_of(state: State, side: int) -> Skills:
    return state[2] if side == 0 else state[3]


def _sides_of(state: State, side: int) -> tuple[Pool, Pool]:
    """(acting side's pool, opponent's pool)."""
    return (state[0], state[1]) if side == 0 else (state[1], state[0])


def _for_side(value: Fraction, side: int) -> Fraction:
    return value if side == 0 else 1 - value


def _own_win_after_reroll(
    kept: int, k: int, opp_result: int, own_is_attacker: bool, mode: Mode
) -> Fraction:
    """P(own side wins) when its kept dice give `kept` (sum or max) and k dice are re-rolled,
    nothing else to come (CB-50, CB-57, CB-58)."""
    need = opp_result if own_is_attacker else opp_result + 1  # attacker wins ties (CB-58)
    total = mode.sides**k
    if mode.highest:
        if kept >= need or k == 0:
            return Fraction(int(kept >= need))
        below = min(max(need - 1, 0), mode.sides)
        return 1 - Fraction(below**k, total)
    hits = sum(c for s, c in _sum_counts(k, mode.sides).items() if kept + s >= need)
    return Fraction(hits, total)


def _expected_after_reroll(kept: int, k: int, mode: Mode) -> Fraction:
    if not mode.highest:
        return kept + Fraction(k * (mode.sides + 1), 2)
    if k == 0:
        return Fraction(kept)
    total = Fraction(0)
    for r in range(1, max(kept, mode.sides) + 1):  # E[X] = sum over r >= 1 of P(X >= r)
        total += 1 if kept >= r else 1 - Fraction((r - 1) ** k, mode.sides**k)
    return total


def _apply_thief(own: Pool, opp: Pool, action: Action) -> tuple[Pool, Pool]:
    """The pools after a Thief's swap, take or give (CB-49, AMB-CB-20e; see `_thief_options`)."""
    if action[0] == "swap":
        _, og, ov, pg, pv = action
        return (
            _set_pool(own, og, _insert(_remove(own[og], ov), pv)),
            _set_pool(opp, pg, _insert(_remove(opp[pg], pv), ov)),
        )
    if action[0] == "take":
        _, pg, pv = action
        return _set_pool(own, 0, _insert(own[0], pv)), _set_pool(opp, pg, _remove(opp[pg], pv))
    _, og, ov = action
    return _set_pool(own, og, _remove(own[og], ov)), _set_pool(opp, 0, _insert(opp[0], ov))


def _rerolled(state: State, side: int, values: Group, mode: Mode) -> list[tuple[State, int]]:
    """The states after a Templar of `side` re-rolls `values` of his re-rollable dice (CB-50),
    each with its number of ordered rolls (out of sides ** len(values))."""
    own, opp = _sides_of(state, side)
    thieves, templars = _skills_of(state, side)
    kept = _remove_all(own[0], values)
    return [
        (_with(state, side, (_insert_all(kept, combo), own[1]), opp, (thieves, templars - 1)), w)
        for combo, w in _multisets(len(values), mode.sides)
    ]


def _thief_options(state: State, side: int, mode: Mode) -> list[Option]:
    """Every choice of one Thief of `side` (CB-49, AMB-CB-20e), ranked by that side.

    Rank: (P(side wins), passive?, kind, (own result - opponent's, own result, earlier first)).
    A swapped value stays in its die's slot (a support die stays a support die); a moved die
    arrives as an ordinary, re-rollable die.
    """
    own, opp = _sides_of(state, side)
    thieves, templars = _skills_of(state, side)
    base = _with(state, side, own, opp, (thieves - 1, templars))
    declined = _value(base, mode)
    options: list[Option] = [((_for_side(declined, side), 1, 1, ()), ("pass-thief",), declined)]
    highest = mode.highest

    actions: list[Action] = []
    if mode.thief == "swapValues":
        for og, ov in _items(own, False):
            for pg, pv in _items(opp, True):
                if ov != pv:
                    actions.append(("swap", og, ov, pg, pv))
    elif mode.thief == "moveOneDie":
        actions += [("take", pg, pv) for pg, pv in _items(opp, True)]
        actions += [("give", og, ov) for og, ov in _items(own, False)]
    else:  # opponentPicksReturn: he gives his own die, the opponent returns one of his
        for og, ov in _items(own, False):
            replies = _return_replies(own, opp, og, ov, base, side, mode)
            if replies:
                reply = max(replies, key=lambda o: o[0])
                actions.append(("swap", og, ov, reply[1][1], reply[1][2]))
    for order, action in enumerate(actions):
        new_own, new_opp = _apply_thief(own, opp, action)
        value = _value(_with(base, side, new_own, new_opp, (thieves - 1, templars)), mode)
        mine = _result(new_own, highest)
        lead = mine - _result(new_opp, highest)
        options.append(((_for_side(value, side), 0, 1, (lead, mine, -order)), action, value))
    return options


def _return_replies(
    own: Pool, opp: Pool, og: int, ov: int, base: State, side: int, mode: Mode
) -> list[Option]:
    """opponentPicksReturn (AMB-CB-20e): the Thief gives his own die (og, ov); the opponent
    picks which of his own dice he returns in exchange, ranked by the opponent (his chances,
    then his lead, then his result, then the lowest die)."""
    other = 1 - side
    out: list[Option] = []
    for order, (pg, pv) in enumerate(_items(opp, False)):
        new_own, new_opp = _apply_thief(own, opp, ("swap", og, ov, pg, pv))
        value = _value(_with(base, side, new_own, new_opp, _skills_of(base, side)), mode)
        theirs = _result(new_opp, mode.highest)
        lead = theirs - _result(new_own, mode.highest)
        out.append(((_for_side(value, other), lead, theirs, -order), ("return", pg, pv), value))
    return out


def _templar_options(state: State, side: int, mode: Mode) -> list[Option]:
    """Every choice of one Templar of `side` (CB-50, AMB-CB-20f), ranked by that side.

    Rank: (P(side wins), passive?, kind, (-dice re-rolled, expected own result, earlier first)).
    """
    own, opp = _sides_of(state, side)
    thieves, templars = _skills_of(state, side)
    base = _with(state, side, own, opp, (thieves, templars - 1))
    declined = _value(base, mode)
    options: list[Option] = [((_for_side(declined, side), 1, 0, ()), ("pass-templar",), declined)]
    last = _mover(base) < 0
    opp_result = _result(opp, mode.highest)
    elig, other = own
    order = 0
    for k in (1, 2):
        for values in sorted(set(itertools.combinations(elig, k))):
            kept = _result((_remove_all(elig, values), other), mode.highest)
            if last:
                mine = _own_win_after_reroll(kept, k, opp_result, side == 0, mode)
                value = _for_side(mine, side)
            else:
                acc = Fraction(0)
                for nxt, weight in _rerolled(state, side, values, mode):
                    acc += weight * _value(nxt, mode)
                value = acc / mode.sides**k
            rank = (-k, _expected_after_reroll(kept, k, mode), -order)
            options.append(((_for_side(value, side), 0, 0, rank), ("reroll", values), value))
            order += 1
    return options


@functools.lru_cache(maxsize=1 << 20)
def _best(state: State, mode: Mode) -> tuple[Action, Fraction]:
    """The acting side's best move (POLICY_EN) and P(attacker wins) after it."""
    side = _mover(state)
    own, opp = _sides_of(state, side)
    thieves, templars = _skills_of(state, side)
    ended = _value(_with(state, side, own, opp, _NONE), mode)
    options: list[Option] = [((_for_side(ended, side), 2, 0, ()), ("end",), ended)]
    if thieves:
        options += _thief_options(state, side, mode)
    if templars:
        options += _templar_options(state, side, mode)
    best = max(options, key=lambda o: o[0])
    return best[1], best[2]


def _value(state: State, mode: Mode) -> Fraction:
    """P(attacker wins) from `state` with both sides playing POLICY_EN."""
    if _mover(state) < 0:
        return Fraction(int(_result(state[0], mode.highest) >= _result(state[1], mode.highest)))
    return _best(state, mode)[1]


@functools.lru_cache(maxsize=1 << 18)
def _play(state: State, mode: Mode) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    """Distribution of the final (attacker result, defender result) from `state`."""
    side = _mover(state)
    if side < 0:
        return (((_result(state[0], mode.highest), _result(state[1], mode.highest)), Fraction(1)),)
    action, _ = _best(state, mode)
    own, opp = _sides_of(state, side)
    thieves, templars = _skills_of(state, side)
    kind = action[0]
    nexts: list[tuple[State, Fraction]]
    if kind == "end":
        nexts = [(_with(state, side, own, opp, _NONE), Fraction(1))]
    elif kind == "pass-thief":
        nexts = [(_with(state, side, own, opp, (thieves - 1, templars)), Fraction(1))]
    elif kind == "pass-templar":
        nexts = [(_with(state, side, own, opp, (thieves, templars - 1)), Fraction(1))]
    elif kind in ("swap", "take", "give"):
        new_own, new_opp = _apply_thief(own, opp, action)
        nexts = [(_with(state, side, new_own, new_opp, (thieves - 1, templars)), Fraction(1))]
    else:  # reroll
        values: Group = action[1]
        denom = mode.sides ** len(values)
        nexts = [(nxt, Fraction(w, denom)) for nxt, w in _rerolled(state, side, values, mode)]
    acc: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for nxt, p in nexts:
        for pair, q in _play(nxt, mode):
            acc[pair] += p * q
    return tuple(sorted(acc.items()))
