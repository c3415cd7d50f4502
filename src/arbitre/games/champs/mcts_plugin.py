"""What Champs de Bataille lends the engine's IS-MCTS (`arbitre.engine.mcts`).

- rollout policy: random by default, the heuristic AI (`mj`/`players`) with
  `mcts:rollout=heuristic`; the heuristic AI's choice is the prior of every node
  (`prior=1`, `widen=1`); 32 iterations by default (more searched worse, see PLUGIN);
- evaluation at the depth cut-off: the share of material (units by the AI's values,
  heroes still free) of each side, and with the MJ's objective its race to the players'
  start line (AMB-CB-24, `race`);
- canonical order: both decks sorted and the hidden traps listed by owner before each
  search, so that the search depends on what the seat knows, exactly;
- grouping: options with the same text are one option to the search; and the movement's
  navigation (CB-37, CB-44, CB-45: which cell to move from, which units of it to take) is
  searched in one canonical order (`canonical_move`), and so is the choice of supporting
  troops (`canonical_support`), so that no sequence of choices
  comes back to where it started: without it, a selection toggled on and off again
  changes nothing, scores what the position scores, and a search whose budget leaves
  its options at one visit each took it again and again (the game never ended).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.mcts import MctsPlugin, factory
from arbitre.engine.ruleset import AgentFactory
from arbitre.games.heresy.mcts_plugin import same_text

HERO = 3.0  # a hero still in play, in unit values


def evaluate(ruleset: Any, state: Any, root: Any = None) -> Sequence[float]:
    """Each seat's chance: its side's share of the material on the field (units by the
    AI's values, heroes still free), and with the MJ's objective (AMB-CB-24) half of it
    the MJ's race to the players' start line (`race`): a cut-off that only counted
    material left an MJ with no reason to advance, and it lost on the round limit."""
    from arbitre.games.champs.ai.values import unit_value
    from arbitre.games.champs.state import MJ, PLAYERS

    got = [0.0, 0.0]
    for u in state.units.values():
        got[u.side] += unit_value(u)
    got[PLAYERS] += HERO * sum(1 for h in state.heroes if not h.captured)
    total = got[0] + got[1]
    mj = 0.5 if total <= 0 else got[MJ] / total
    ahead = race(state)
    if ahead is not None:
        mj = (mj + ahead) / 2
    n = len(state.seats)
    return tuple(mj if i == n - 1 else 1.0 - mj for i in range(n))


def race(state: Any) -> float | None:
    """The MJ's outlook on its objective (AMB-CB-24) in [0, 1], None without one: 1 / (1 +
    the MJ turns it still needs), the turns being those its nearest troop that counts
    takes to stand on the line (the AI's walking distance, `Ctx.mj_turns`) and then to
    hold it `bf.hold` turn ends (less those held already); 0 when fewer rounds are left."""
    from arbitre.games.champs.ai.context import Ctx, counts_on_line
    from arbitre.games.champs.movement import group_profile
    from arbitre.games.champs.state import MJ

    ctx = Ctx(state, MJ)
    if not ctx.objective():
        return None
    near = math.inf
    for c in ctx.occ.held[MJ]:
        units = ctx.occ.get(c)
        if units and counts_on_line(state, units):
            speed, flying = group_profile(state, units, [])
            near = min(near, math.ceil(ctx.mj_turns(c, speed, flying)))
    if near == math.inf:
        return 0.0
    hold = max(1, int(state.bf.hold or 1))
    need = near + hold - 1 - (state.line_held if near == 0 else 0)
    limit = state.rules.victory_rounds or state.bf.rounds
    if need > limit - state.round + 1:
        return 0.0
    return 1.0 / (1.0 + max(0, need))


def group(state: Any, decision: Decision) -> Sequence[str]:
    """The options worth searching: one per text, and the movement's navigation in its
    canonical order (`canonical_move`)."""
    keys = same_text(decision)
    top = state.stack[-1] if state.stack else None
    if decision.kind == "champs.move" and top is not None and top.kind == "move":
        keys = canonical_move(state, decision, keys)
    elif decision.kind == "champs.support" and top is not None and top.kind == "combat":
        keys = canonical_support(state, top.data["sup"], keys)
    return keys


def canonical_support(state: Any, sup: Sequence[int], keys: Sequence[str]) -> list[str]:
    """The keys of a support decision (CB-67, CB-68) the search may take: `go`, and a
    troop (`sup:`) only to add it, after the last one added in the offered order: every
    set of supporters is reached by one sequence, and none takes a troop back (which
    would come back to where it started, see `canonical_move`)."""
    joined = {state.bf.label(c) for c in sup}
    places = [k[4:] for k in keys if k.startswith("sup:")]
    after = max((i for i, c in enumerate(places) if c in joined), default=-1)
    out = [
        k
        for k in keys
        if not k.startswith("sup:") or (k[4:] not in joined and places.index(k[4:]) > after)
    ]
    return out or list(keys)


def canonical_move(state: Any, decision: Decision, keys: Sequence[str]) -> list[str]:
    """The keys of a movement decision (CB-37, CB-44, CB-45) the search may take, chosen
    so that every group the rules allow is reached by exactly one sequence of choices and
    no sequence loops:

    - a destination (`to:`) and `stop` always;
    - `sel:` only to leave a unit or hero out of the group, never to take one back, in the
      order the options are offered (after leaving the n-th out, only later ones), and
      of members alike (same troop type, load and steps spent) only the first: the
      group is a multiset, its order of picks does not matter (AMB-CB-10: what a
      member has walked counts); never the last member (a group of nobody moves
      nowhere, `stop` says the same);
    - `from:` (another source cell) only while this cell's group is untouched, and only
      to a cell after the current one in a fixed order (the activation's cell first,
      then the board's order): going back and forth between two cells changes nothing.

    The choices a person or another AI made before (a member taken back) are not undone:
    only what this decision may add is restricted. Keys are returned in the decision's
    order, so the search stays reproducible."""
    from arbitre.games.champs.movement import movers

    mv = state.stack[-1]
    act = state.stack[-2]
    units, heroes = movers(state, act, mv)
    src = mv.data["src"]
    here = [f"u{u.uid}" for u in units if u.cell == src] + [
        f"h{h.seat}" for h in heroes if h.cell == src
    ]
    sel = mv.data["sel"]
    chosen = set(here) if sel is None else {_token(t) for t in sel} & set(here)
    left_out = [i for i, t in enumerate(here) if t not in chosen]
    after = max(left_out, default=-1)
    spent = act.data.get("spent", {})
    seen: set[tuple[Any, ...]] = set()
    takeable: set[str] = set()
    if len(chosen) > 1:
        for i, t in enumerate(here):
            if i <= after or t not in chosen:
                continue
            mark = _likeness(state, t, spent)
            if mark not in seen:
                seen.add(mark)
                takeable.add(f"sel:{t}")
    origin = act.data.get("cell")

    def rank(cell: int) -> tuple[bool, int]:
        return (cell != origin, cell)

    out = []
    for k in keys:
        if k.startswith("sel:"):
            if k in takeable:
                out.append(k)
        elif k.startswith("from:"):
            cell = state.bf.parse(k[5:])
            if sel is None and cell is not None and rank(cell) > rank(src):
                out.append(k)
        else:
            out.append(k)
    return out or list(keys)


def _token(member: int) -> str:
    """A selection's entry (a unit's id, or -1 - a hero's seat) as its option's suffix."""
    return f"u{member}" if member >= 0 else f"h{-1 - member}"


def _likeness(state: Any, token: str, spent: Mapping[str, int]) -> tuple[Any, ...]:
    """What makes two members of a group interchangeable: a unit's type, load and steps
    already spent this activation; a hero is only like himself."""
    if token[0] == "h":
        return (token,)
    u = state.units[int(token[1:])]
    return ("u", u.kind, u.acted, u.loaded, u.loaded_turn, spent.get(str(u.uid), 0))


def canon(ruleset: Any, state: Any, seat: int) -> Any:
    """A copy whose hidden parts for `seat` are in a canonical order: both decks sorted,
    the hidden enemy traps listed by (side, owner) (their cells are resampled anyway)."""
    twin = ruleset.clone(state)
    twin.deck.sort()
    twin.mj_deck.sort()
    if not state.rules.traps_visible:
        known = state.known_traps(state.side_of_seat(seat))
        hidden = [c for c in twin.traps if c not in known]
        if hidden:
            order = sorted(hidden, key=lambda c: (twin.traps[c], twin.trap_owner.get(c, -1), c))
            kept = {c: sd for c, sd in twin.traps.items() if c in known}
            twin.traps = {**kept, **{c: twin.traps[c] for c in order}}
    return twin


def _heuristic(seed: int) -> Any:
    from arbitre.games.champs.ai import ChampsAI

    return ChampsAI(seed)


PLUGIN = MctsPlugin(
    heuristic=_heuristic,
    evaluate=evaluate,
    group=group,
    canon=canon,
    depth=60,
    # As the MJ against the `players` AI (seeds 0-9, docs/interop.md, "Epic and Champs"):
    # 32 iterations won 6 of 10, as the `mj` AI did on the same seeds, 64 (depth 6) 6,
    # 200 only 3 (2 at depth 6): past a few visits the search leaves the AI's choice for
    # what its evaluation prefers, which is worse. Over 100 games 32 iterations scored 0.63
    # [0.53, 0.72], the `mj` AI 0.68 [0.58, 0.76]: not stronger; a game takes ~7-20 s.
    iterations=32,
    # The `mj` / `players` AI's choice first: expanded first (progressive widening) and
    # favoured while its visits are few (progressive bias); at 32 iterations the MJ won
    # 3 games of 3 with them where, without them, it lost 6 of 6.
    prior=1.0,
    widen=1.0,
)
AGENT: Mapping[str, AgentFactory] = {"mcts": factory(PLUGIN)}
