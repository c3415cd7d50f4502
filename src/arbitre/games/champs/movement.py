"""Movement: groups, speed, flying, splitting and gathering (CB-37, CB-40..CB-46, AMB-CB-10..12).

A group moves to a destination along the path that crosses the fewest enemy traps.
"""

from __future__ import annotations

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.champs.logic import enter, occupancy, push_overflow
from arbitre.games.champs.options import cell as cell_option
from arbitre.games.champs.options import fixed
from arbitre.games.champs.state import ChampsState, Frame, Hero, Unit
from arbitre.games.champs.troops import MASTODONTE, TYPES


def lone_speed(s: ChampsState, skill: str) -> int:
    """A lone Gladiator moves like a Mastodon (CB-51); other lone heroes per AMB-CB-20a."""
    return TYPES[MASTODONTE].move if skill == "gladiateur" else s.rules.lone_move


def movers(s: ChampsState, act: Frame, mv: Frame) -> tuple[list[Unit], list[Hero]]:
    moved = mv.data["moved"]
    units = [s.units[uid] for uid in act.data["units"] if uid in s.units and uid not in moved]
    heroes = [
        s.heroes[p]
        for p in act.data["heroes"]
        if not s.heroes[p].captured and s.heroes[p].cell >= 0 and -1 - p not in moved
    ]
    return units, heroes


def selection(s: ChampsState, act: Frame, mv: Frame) -> tuple[list[Unit], list[Hero]]:
    units, heroes = movers(s, act, mv)
    src = mv.data["src"]
    units = [u for u in units if u.cell == src]
    heroes = [h for h in heroes if h.cell == src]
    sel = mv.data["sel"]
    if sel is not None:
        units = [u for u in units if u.uid in sel]
        heroes = [h for h in heroes if -1 - h.seat in sel]
    return units, heroes


def group_profile(
    s: ChampsState, units: list[Unit], heroes: list[Hero], spent: dict[str, int] | None = None
) -> tuple[int, bool]:
    """Speed of the slowest member; flying only if every member flies (AMB-CB-11, AMB-CB-20b).

    `spent` holds steps already used this activation (AMB-CB-10 alternative: split movement).
    """
    spent = spent or {}
    if units:
        speed = min(TYPES[u.kind].move - spent.get(str(u.uid), 0) for u in units)
        flying = all(TYPES[u.kind].flying for u in units) and (not heroes or s.rules.hero_can_fly)
    else:
        speed = min(
            (lone_speed(s, h.skill) - spent.get(f"h{h.seat}", 0) for h in heroes), default=0
        )
        flying = False
    return speed, flying


def _terrain(
    s: ChampsState, src: int, side: int, flying: bool
) -> tuple[list[tuple[int, ...]], frozenset[int], set[int], set[int]]:
    """What a move from `src` walks: the steps, the blocked cells, the enemy traps the side
    knows of and the cells where a move must stop (CB-41, AMB-CB-2, AMB-CB-12, AMB-CB-16)."""
    occ = occupancy(s)
    obstacles, rules = s.bf.obstacles, s.rules
    # corner cutting is barred to ground units only; flyers cross obstacles (AMB-CB-2, CB-13)
    steps = s.geo.neighbours if flying else s.geo.steps
    enemies = occ.held[1 - side]
    blocked = obstacles | enemies  # ground units never enter; nobody ends there (CB-41)
    # Only the enemy traps this side knows of count (AMB-CB-16d): hidden ones spring where
    # they lie, the path never steers around them nor stops before them.
    traps = set() if flying else {c for c, sd in s.known_traps(side).items() if sd != side}
    stop: set[int] = set()
    if not flying:
        if rules.trap_stops:
            stop |= traps  # AMB-CB-16e alternative
        if rules.zoc:
            stop |= {n for e in enemies for n in s.geo.neighbours[e]}  # AMB-CB-12 alternative
        if not rules.through_allied:
            stop |= occ.held[side] - {src}
    return steps, blocked, traps, stop


def path_to(s: ChampsState, src: int, side: int, speed: int, flying: bool, dest: int) -> list[int]:
    """`reachable(s, src, side, speed, flying, paths=True)[dest]`, the cells walked to `dest`
    (CB-37, CB-40..CB-42, AMB-CB-16e).

    With no known enemy trap on the way every path costs nothing, and the one `reachable`
    keeps is the first found at the fewest steps: the breadth-first walk's, whose parents
    are enough (speed: no path list copied per cell, no cell walked again per layer).
    """
    steps, blocked, traps, stop = _terrain(s, src, side, flying)
    if traps:
        return reachable(s, src, side, speed, flying, paths=True)[dest]
    parent = {src: src}
    frontier = [src]
    for _ in range(speed):
        nxt = []
        for c in frontier:
            if c in stop and c != src:
                continue
            for n in steps[c]:
                if n not in parent and (flying or n not in blocked):
                    parent[n] = c
                    nxt.append(n)
        if dest in parent:
            break
        frontier = nxt
    path = [dest]
    while (c := parent[path[-1]]) != src:
        path.append(c)
    return path[::-1]


def reachable(
    s: ChampsState, src: int, side: int, speed: int, flying: bool, paths: bool = False
) -> dict[int, list[int]]:
    """Destinations within `speed` steps (CB-37, CB-40..CB-42, AMB-CB-11/12).

    With `paths`, each destination maps to the path crossing the fewest enemy traps it can
    see (a player never gains by springing more); otherwise the paths are left empty.
    """
    steps, blocked, traps, stop = _terrain(s, src, side, flying)
    if not paths and not traps:
        seen = {src}
        frontier = [src]
        for _ in range(speed):
            nxt = []
            for c in frontier:
                if c in stop and c != src:
                    continue
                for n in steps[c]:
                    if n not in seen and (flying or n not in blocked):
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return {n: [] for n in seen if n != src and n not in blocked}
    best: dict[int, tuple[int, int, list[int]]] = {}
    layer: dict[int, tuple[int, list[int]]] = {src: (0, [])}
    for step in range(1, speed + 1):
        nxt_layer: dict[int, tuple[int, list[int]]] = {}
        for c, (cost0, path) in layer.items():
            if c in stop and c != src:
                continue
            for n in steps[c]:
                if n == src or (not flying and n in blocked):
                    continue
                cost = cost0 + (n in traps)
                if n not in nxt_layer or cost < nxt_layer[n][0]:
                    nxt_layer[n] = (cost, [*path, n])
        for n, (cost, path) in nxt_layer.items():
            if n not in blocked and (n not in best or (cost, step) < best[n][:2]):
                best[n] = (cost, step, path)
        layer = nxt_layer
    return {n: path for n, (_c, _s, path) in best.items()}


def decide_move(s: ChampsState, mv: Frame) -> Decision | None:
    act = s.stack[-2]
    units, heroes = movers(s, act, mv)
    if not units and not heroes:
        return None
    if not s.rules.split_many and mv.data["groups"] >= 1:
        return None
    cells = sorted({u.cell for u in units} | {h.cell for h in heroes})
    if mv.data["src"] not in cells:
        return None
    src = mv.data["src"]
    opts: list[Option] = []
    for c in cells:
        if c != src:
            opts.append(cell_option("from", "champs.opt.from", s.bf.label(c)))
    here_units = [u for u in units if u.cell == src]
    here_heroes = [h for h in heroes if h.cell == src]
    # `selection(s, act, mv)` from the movers already at hand (speed: not walked twice)
    sel = mv.data["sel"]
    if sel is None:
        sel_units, sel_heroes = here_units, here_heroes
    else:
        sel_units = [u for u in here_units if u.uid in sel]
        sel_heroes = [h for h in here_heroes if -1 - h.seat in sel]
    if len(here_units) + len(here_heroes) > 1:
        # Option(key, Msg(...)) built with `tuple.__new__`, skipping the NamedTuples'
        # Python-level `__new__` (speed: one per unit of the moving troop, every question).
        # The marks read `sel` (uids, -1 - seat for heroes) rather than `u in sel_units`,
        # which compared the dataclasses field by field (speed; a uid or seat is unique).
        new = tuple.__new__
        for u in here_units:
            args = {
                "what": f"champs.type.{TYPES[u.kind].id}",
                "n": u.uid,
                "mark": "x" if sel is None or u.uid in sel else " ",
            }
            text = new(Msg, ("champs.opt.toggle", args, None))
            opts.append(new(Option, (f"sel:u{u.uid}", text)))
        for h in here_heroes:
            args = {
                "what": f"champs.hero.{h.skill}",
                "n": s.seats[h.seat],
                "mark": "x" if sel is None or -1 - h.seat in sel else " ",
            }
            text = new(Msg, ("champs.opt.toggle", args, None))
            opts.append(new(Option, (f"sel:h{h.seat}", text)))
    if sel_units or sel_heroes:
        speed, flying = group_profile(s, sel_units, sel_heroes, act.data["spent"])
        side = s.side_of_seat(act.seat)
        from arbitre.games.champs.activation import action_after_move, needs_action

        strict = needs_action(s, act)  # AMB-CB-9 alternative: only alongside an action
        for dest in sorted(reachable(s, src, side, speed, flying)):
            if strict and not action_after_move(s, act, sel_units, sel_heroes, dest):
                continue
            opts.append(cell_option("to", "champs.opt.to", s.bf.label(dest)))
    opts.append(fixed("stop", "champs.opt.stop_move"))
    # Decision(..., private=False) and its Msg without the Python-level `__new__` (speed)
    return tuple.__new__(
        Decision,
        (
            mv.seat,
            "champs.move",
            tuple(opts),
            tuple.__new__(Msg, ("champs.q.move", {"cell": s.bf.label(src)}, None)),
            ("CB-37", "CB-40", "CB-41", "CB-44", "CB-45"),
            False,
        ),
    )


def auto_move(s: ChampsState, mv: Frame) -> None:
    """Nothing left to move here: switch to another source cell, or leave the movement."""
    act = s.stack[-2]
    units, heroes = movers(s, act, mv)
    cells = sorted({u.cell for u in units} | {h.cell for h in heroes})
    if cells and mv.data["src"] not in cells and (s.rules.split_many or mv.data["groups"] == 0):
        mv.data["src"] = cells[0]
        mv.data["sel"] = None
        return
    s.stack.pop()


def choose_move(s: ChampsState, mv: Frame, key: str) -> None:
    act = s.stack[-2]
    if key == "stop":
        s.stack.pop()
        return
    if key.startswith("from:"):
        mv.data["src"] = s.bf.parse(key[5:])
        mv.data["sel"] = None
        return
    if key.startswith("sel:"):
        token = int(key[5:]) if key[4] == "u" else -1 - int(key[5:])
        units, heroes = movers(s, act, mv)
        src = mv.data["src"]
        if mv.data["sel"] is None:
            mv.data["sel"] = [u.uid for u in units if u.cell == src] + [
                -1 - h.seat for h in heroes if h.cell == src
            ]
        sel = mv.data["sel"]
        if token in sel:
            sel.remove(token)
        else:
            sel.append(token)
        return
    dest = s.bf.parse(key[3:])
    assert dest is not None
    units, heroes = selection(s, act, mv)
    speed, flying = group_profile(s, units, heroes, act.data["spent"])
    side = s.side_of_seat(act.seat)
    path = path_to(s, mv.data["src"], side, speed, flying, dest)
    spent = act.data["spent"]
    for name in [str(u.uid) for u in units] + [f"h{h.seat}" for h in heroes]:
        spent[name] = spent.get(name, 0) + len(path)
    mv.data["moved"].extend([u.uid for u in units] + [-1 - h.seat for h in heroes])
    mv.data["groups"] += 1
    mv.data["sel"] = None
    phase = "moved_before" if act.data["action"] is None else "moved_after"
    act.data[phase] = True
    s.log.append(
        Msg(
            "champs.ev.moved",
            {
                "n": len(units) + len(heroes),
                "src": s.bf.label(mv.data["src"]),
                "dest": s.bf.label(dest),
            },
            "CB-37",
        )
    )
    if s.rules.catapult_unload_on_move:
        for u in units:
            u.loaded = False  # AMB-CB-15g alternative
    s.stack.append(
        Frame(
            "travel",
            mv.seat,
            {
                "path": path,
                "uids": [u.uid for u in units],
                "heroes": [h.seat for h in heroes],
                "side": side,
                "flying": flying,
            },
        )
    )


def auto_travel(s: ChampsState, tr: Frame) -> None:
    """Walk the path one cell at a time so traps trigger where they lie (CB-18, AMB-CB-16e)."""
    d = tr.data
    if not d["path"]:
        s.stack.pop()
        if d.get("last") is not None:
            push_overflow(s, d["last"], d["side"])
        return
    cell = d["path"].pop(0)
    final = not d["path"]
    group = [s.units[uid] for uid in d["uids"] if uid in s.units]
    for u in group:
        u.cell = cell
    for p in d["heroes"]:
        s.heroes[p].cell = cell
    s.occ = None
    trapped = s.traps.get(cell, d["side"]) != d["side"]
    if trapped and (not d["flying"] or (final and s.rules.flyers_trigger)):
        enter(s, group, cell, d["side"], final)
        if s.rules.trap_stops and not d["flying"]:
            d["path"] = []
            final = True
    if final:
        d["last"] = cell
