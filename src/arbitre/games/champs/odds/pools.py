"""Rolled pools as sorted dice values, and the arithmetic the skills do on them.

A `Pool` keeps apart the dice a Templar may re-roll from the others (support dice with
templar.rerollSupportDice=false, AMB-CB-20f); every group stays sorted.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable

Group = tuple[int, ...]  # sorted dice values
Pool = tuple[Group, Group]  # (re-rollable by a Templar, not re-rollable: support dice, AMB-CB-20f)


def _result(pool: Pool, highest: bool) -> int:
    """A side's combat result (AMB-CB-5): sum, or highest die; 0 without dice."""
    elig, other = pool
    if highest:
        return max(elig[-1] if elig else 0, other[-1] if other else 0)
    return sum(elig) + sum(other)


def _remove(group: Group, value: int) -> Group:
    i = group.index(value)
    return group[:i] + group[i + 1 :]


def _insert(group: Group, value: int) -> Group:
    i = bisect.bisect_left(group, value)
    return (*group[:i], value, *group[i:])


def _remove_all(group: Group, values: Iterable[int]) -> Group:
    for v in values:
        group = _remove(group, v)
    return group


def _insert_all(group: Group, values: Iterable[int]) -> Group:
    for v in values:
        group = _insert(group, v)
    return group


def _set_pool(pool: Pool, g: int, group: Group) -> Pool:
    return (group, pool[1]) if g == 0 else (pool[0], group)


def _items(pool: Pool, descending: bool) -> list[tuple[int, int]]:
    """Distinct (group, value) dice of a pool, ascending (or descending) by value."""
    seen = {(g, v) for g in (0, 1) for v in pool[g]}
    return sorted(seen, key=lambda gv: (-gv[1] if descending else gv[1], gv[0]))
