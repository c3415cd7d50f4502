"""Answers for movement (HH-21.17..HH-24.1, air transport HH-23.4..HH-23.8), landings
(HH-20.3..HH-20.6, HH-37.15), reinforcements and the Event moves and placements
(HH-21.15, HH-31.13): each pick is the one the what-if board values most."""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision
from arbitre.games.heresy import movement
from arbitre.games.heresy.ai import landings
from arbitre.games.heresy.ai import values as V
from arbitre.games.heresy.ai.context import Ctx
from arbitre.games.heresy.ai.evaluate import Board
from arbitre.games.heresy.ai.landings import parse_label
from arbitre.games.heresy.ai.moves import (
    Mover,
    apply_move,
    greedy,
    movers_in,
    plan_moves,
    with_cargo,
)
from arbitre.games.heresy.ai.plans import Planner
from arbitre.games.heresy.state import Frame, Unit, label


def _frame(ctx: Ctx) -> Frame:
    return ctx.s.stack[-1]


def mover_of(ctx: Ctx, key: str, zone: str = "") -> Mover | None:
    verb, _, rest = key.partition(":")
    if verb == "hero":
        src = ctx.s.heroes.get(rest, "")
        return Mover(key, src, None, rest, 3, False) if src else None
    if verb != "unit":
        return None
    if zone:  # event keys name the label only
        src, text = zone, rest
    else:
        src, _, text = rest.partition(":")
    u = parse_label(ctx.me, text)
    if u not in ctx.s.units.get(src, ()):
        return None
    return Mover(key, src, u, "", ctx.units[u[1]].move, ctx.units[u[1]].flying)


def _best_single(
    ctx: Ctx, board: Board, options: list[tuple[str, list[str]]], zone: str = ""
) -> tuple[float, str, str]:
    """(gain, option key, destination) of the best single move among the options."""
    base = board.value()
    best = (0.0, "", "")
    for key, dests in options:
        m = mover_of(ctx, key, zone)
        if m is None:
            continue
        loaded = with_cargo(ctx, board, m) if not zone else None
        for mover in (m,) if loaded is None else (m, loaded):
            for dest in dests:
                b = board.copy()
                apply_move(b, mover, mover.src, dest)
                gain = b.value() - base
                if gain > best[0]:
                    best = (gain, key, dest)
    return best


# --- movement orders --------------------------------------------------------------------


def destination(pl: Planner, dec: Decision) -> str:
    ctx, f = pl.ctx, _frame(pl.ctx)
    _gain, dest, _ = plan_moves(
        ctx, pl.board, f.data["sector"], True, f.data.get("reach", "normal")
    )
    if dest and dec.find(f"to:{dest}") is not None:
        return f"to:{dest}"
    return "ignore"


def units(pl: Planner, dec: Decision) -> str:
    ctx, f = pl.ctx, _frame(pl.ctx)
    ok = {k: dests for k, _w, dests in movement.movers(ctx.s, f)}
    options = []
    for o in dec.options:
        if o.key in ok:
            dests = [f.data["dest"]] if f.data["mode"] == "one" else ok[o.key]
            options.append((o.key, dests))
    gain, key, _dest = _best_single(ctx, pl.board, options)
    if key and gain >= V.MIN_GAIN:
        return key
    return "done" if dec.find("done") is not None else "ignore"


def move_to(pl: Planner, dec: Decision) -> str:
    ctx, f = pl.ctx, _frame(pl.ctx)
    key, dests = f.data["pick"]
    _gain, _key, dest = _best_single(ctx, pl.board, [(key, list(dests))])
    return f"to:{dest}" if dest else dec.options[0].key


def fly(pl: Planner, dec: Decision) -> str:
    """HH-23.4..HH-23.8: an air transport picks up the friendly units of its zone worth
    carrying (up to its capacity, AMB-22), flies to the destination where it and its
    cargo are worth most, and lands there (everything aboard is set down, HH-23.7)."""
    ctx, f = pl.ctx, _frame(pl.ctx)
    fl = f.data["fly"]
    at = str(fl["at"])
    goal, picks = _flight_plan(pl, dec, f)
    if picks:
        return picks[0]
    if goal == at and dec.find("land") is not None:
        return "land"
    if goal:
        dist = movement._flight_distance(ctx.s, [goal])
        steps = [o.key for o in dec.options if o.key.startswith("fly:")]
        steps.sort(key=lambda k: (dist.get(k[4:], 99), k))
        if steps:
            return steps[0]
    if dec.find("land") is not None:
        return "land"
    types = movement._types(ctx.s, ctx.me)
    far_ok = movement._flight_distance(ctx.s, movement.destinations(ctx.s, f, types))
    steps = sorted((o.key for o in dec.options if o.key.startswith("fly:")),
                   key=lambda k: far_ok.get(k[4:], 99))  # fmt: skip
    return steps[0] if steps else dec.options[0].key


def _as_unit(raw: list[Any]) -> Unit:
    return (int(raw[0]), str(raw[1]), str(raw[2]), int(raw[3]))


def _flight_plan(pl: Planner, dec: Decision, f: Frame) -> tuple[str, list[str]]:
    """The destination and the units to pick up here: every reachable destination, with
    what is aboard and, greedily, the units of this zone whose carrying gains most."""
    ctx = pl.ctx
    fl = f.data["fly"]
    at, mp = str(fl["at"]), int(fl["mp"])
    transport = _as_unit(fl["unit"])
    aboard = [_as_unit(u) for u in fl["cargo"]]
    room = ctx.units[transport[1]].air_transport - len(aboard) - len(fl["heroes"])
    offered = [o.key for o in dec.options if o.key.startswith("pick:")]
    types = movement._types(ctx.s, ctx.me)
    base = pl.board.value()
    best: tuple[float, str, list[str]] = (-1e9, "", [])
    for d in movement.destinations(ctx.s, f, types):
        if movement._flight_distance(ctx.s, [d]).get(at, 99) > mp:
            continue
        b = pl.board.copy()
        b.add(d, transport)
        for u in aboard:
            b.add(d, u)
        for h in fl["heroes"]:
            b.move_hero(h, d)
        picks = _picks(ctx, b, at, d, offered, room)
        v = b.value() - base
        if v > best[0]:
            best = (v, d, picks)
    return best[1], best[2]


def _picks(ctx: Ctx, b: Board, at: str, dest: str, offered: list[str], room: int) -> list[str]:
    """Units of `at` carried to `dest` while each raises the board (`b` keeps them)."""
    out: list[str] = []
    if dest == at:
        return out
    counts = {k: sum(1 for u in b.units.get(at, ()) if label(u) == k[5:]) for k in offered}
    while len(out) < room:
        now = b.value()
        gain, key = V.MIN_GAIN, ""
        for k, n in counts.items():
            if n <= out.count(k):
                continue
            u = parse_label(ctx.me, k[5:])
            b.move(u, at, dest)
            v = b.value() - now
            b.move(u, dest, at)
            if v > gain:
                gain, key = v, k
        if not key:
            break
        b.move(parse_label(ctx.me, key[5:]), at, dest)
        out.append(key)
    return out


# --- landings and reinforcements -----------------------------------------------------------


def landing_target(pl: Planner, dec: Decision) -> str:
    got = landings.best(pl.ctx, pl.board, _frame(pl.ctx))
    if got is None or got.gain <= 0.0 or dec.find(f"to:{got.target}") is None:
        return "ignore"
    return f"to:{got.target}"


def landing_source(pl: Planner, dec: Decision) -> str:
    got = landings.best(pl.ctx, pl.board, _frame(pl.ctx))
    if got is None or dec.find(f"from:{got.source}") is None:
        return "ignore"
    return f"from:{got.source}"


def landing_units(pl: Planner, dec: Decision) -> str:
    ctx, f = pl.ctx, _frame(pl.ctx)
    keys = landings.pick_units(ctx, f, f.data["source"], f.data.get("used", 0))
    for k in keys:
        if dec.find(k) is not None:
            return k
    return "done"


def tanks(pl: Planner, dec: Decision) -> str:
    _gain, zone = landings.tanks_gain(pl.ctx, pl.board, _frame(pl.ctx).data["sector"])
    return f"to:{zone}" if zone and dec.find(f"to:{zone}") is not None else "ignore"


def vigor(pl: Planner, dec: Decision) -> str:
    best, key = 0, "done"
    for o in dec.options:
        if o.key.startswith("zone:"):
            n = pl.board.count(o.key[5:], pl.ctx.me)
            if n > best:
                best, key = n, o.key
    return key


# --- Event moves and placements (HH-21.15) -----------------------------------------------


def event_from(pl: Planner, dec: Decision) -> str:
    ctx = pl.ctx
    most = _frame(ctx).data["most"]
    best, key = V.MIN_GAIN, "done"
    for o in dec.options:
        if not o.key.startswith("from:"):
            continue
        zone = o.key[5:]
        dests = [z for z in ctx.st.adj[zone] if pl.board.owner(z) in (ctx.me, -1)]
        for d in dests:
            gain, _ = greedy(ctx, pl.board.copy(), movers_in(ctx, pl.board, [zone]), [d], None,
                             most)  # fmt: skip
            if gain > best:
                best, key = gain, o.key
    return key


def event_to(pl: Planner, dec: Decision) -> str:
    ctx = pl.ctx
    zone = _frame(ctx).data["from"]
    most = _frame(ctx).data["most"]
    best, key = -1e9, dec.options[0].key
    for o in dec.options:
        d = o.key[3:]
        gain, _ = greedy(ctx, pl.board.copy(), movers_in(ctx, pl.board, [zone]), [d], None, most)
        if gain > best:
            best, key = gain, o.key
    return key


def event_units(pl: Planner, dec: Decision) -> str:
    ctx = pl.ctx
    d = _frame(ctx).data
    options = [(o.key, [d["to"]]) for o in dec.options if o.key != "done"]
    gain, key, _ = _best_single(ctx, pl.board, options, d["from"])
    return key if key and gain >= V.MIN_GAIN else "done"


def _placed(ctx: Ctx, board: Board, zone: str, keys: list[str]) -> float:
    b = board.copy()
    for k in keys:
        verb, _, what = k.partition(":")
        if verb == "hero":
            b.move_hero(what, zone)
        elif verb == "unit":
            b.from_reserve(ctx.me, zone, (ctx.me, what, "", 0))
    return b.value() - board.value()


def place_zone(pl: Planner, dec: Decision) -> str:
    """An Event's reinforcements (HH-31.13): the zone where the best units help most."""
    ctx = pl.ctx
    d = _frame(ctx).data
    wanted = d["types"]
    kinds = sorted(
        (t for t, n in ctx.s.reserve[ctx.me].items() if n and (wanted is None or t in wanted)),
        key=lambda t: -ctx.units[t].rank,
    )
    keys: list[str] = []
    used = 0
    for t in kinds:
        for _ in range(ctx.s.reserve[ctx.me][t]):
            if len(keys) < d["most"] and used + ctx.units[t].rank <= d["rank"]:
                keys.append(f"unit:{t}")
                used += ctx.units[t].rank
    best, key = -1e9, "done"
    for o in dec.options:
        if o.key.startswith("to:"):
            v = _placed(ctx, pl.board, o.key[3:], keys)
            if v > best:
                best, key = v, o.key
    return key


def place_units(pl: Planner, dec: Decision) -> str:
    ctx = pl.ctx
    zone = _frame(ctx).data["zone"]
    best, key = 0.0, "done"
    for o in dec.options:
        if o.key == "done":
            continue
        if o.key == f"hero:{ctx.st.commander[ctx.me]}":
            continue
        v = _placed(ctx, pl.board, zone, [o.key])
        if o.key.startswith("unit:"):
            v += ctx.units[o.key[5:]].rank  # rank first: the limit is on ranks
        if v > best:
            best, key = v, o.key
    return key
