"""One activation: an action (attack, fire, trap, reload, recruit) and one movement (CB-30..CB-37).

The movement comes before or after the action, never split (AMB-CB-10); Reload and Recruit
allow none (CB-34, CB-36).
"""

from __future__ import annotations

from collections.abc import Sequence

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.champs.logic import Occ, occupancy
from arbitre.games.champs.options import cell as cell_option
from arbitre.games.champs.options import fixed, pair
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState, Frame, Hero, Unit
from arbitre.games.champs.troops import CATAPULT_RANGE, CATAPULTE, TYPES


def members(s: ChampsState, act: Frame) -> tuple[list[Unit], list[Hero]]:
    units = [s.units[uid] for uid in act.data["units"] if uid in s.units]
    heroes = [
        s.heroes[p]
        for p in act.data["heroes"]
        if not s.heroes[p].captured and s.heroes[p].cell >= 0
    ]
    return units, heroes


def ready(s: ChampsState, u: Unit) -> bool:
    """A loaded Catapult may fire in a later turn (or round) than its reload (AMB-CB-15f)."""
    if u.kind != CATAPULTE or not u.loaded:
        return False
    if u.loaded_turn < 0:
        return True
    gap = s.turn_counter - u.loaded_turn
    return gap >= len(s.cycle) if s.rules.catapult_next_round else gap >= 1


def can_melee(s: ChampsState, cell: int, side: int, occ: Occ | None = None) -> bool:
    occ = occ or occupancy(s)
    troop = [u for u in occ.units.get(cell, ()) if u.side == side]
    if any(u.kind != CATAPULTE or s.rules.catapult_melee for u in troop):
        return True
    # CB-51: a lone Gladiator fights like a Mastodon; other lone heroes never fight (CB-53).
    return not troop and any(h.skill == "gladiateur" for h in occ.heroes.get(cell, ()))


def trap_pool_left(s: ChampsState, seat: int) -> bool:
    if s.side_of_seat(seat) == MJ:
        return s.mj_traps_left != 0
    pool = s.traps_left[seat] if s.rules.trap_pool_per_player else s.traps_left[0]
    return pool != 0


def trap_cells(s: ChampsState, act: Frame, units: list[Unit], occ: Occ) -> list[int]:
    """Where a Soldier troop may lay a trap (CB-17, CB-20, AMB-CB-16c, AMB-CB-16k)."""
    if not trap_pool_left(s, act.seat):
        return []
    # With hidden traps (AMB-CB-16d) a side knows only its own: a cell holding a hidden
    # enemy trap is offered like any other (see `lay_trap`), else the options would show it.
    known = s.known_traps(s.side_of_seat(act.seat))
    out: set[int] = set()
    for cell in {u.cell for u in units}:
        here = [u for u in units if u.cell == cell]
        soldiers = [u for u in here if TYPES[u.kind].traps]
        if not soldiers or (s.rules.trap_soldiers_only and len(soldiers) != len(here)):
            continue
        if not s.rules.trap_adjacent:
            if cell not in known:
                out.add(cell)
            continue
        for n in s.geo.neighbours[cell]:
            if n not in known and n not in s.bf.obstacles and occ.side(n) is None:
                out.add(n)
    return sorted(out)


def any_trap_cell(s: ChampsState, act: Frame, units: list[Unit], occ: Occ) -> bool:
    """`bool(trap_cells(s, act, units, occ))`, stopping at the first cell (CB-17, CB-20,
    AMB-CB-16c, AMB-CB-16k): the activation menu only asks whether a trap may be laid, on
    every question, so the cells are neither collected nor sorted."""
    if not trap_pool_left(s, act.seat):
        return False
    rules = s.rules
    known: dict[int, int] | None = None  # built only once a Soldier is found
    for cell in {u.cell for u in units if TYPES[u.kind].traps}:
        if rules.trap_soldiers_only and any(
            u.cell == cell and not TYPES[u.kind].traps for u in units
        ):
            continue  # AMB-CB-16k alternative: a mixed troop lays none
        if known is None:
            known = s.known_traps(s.side_of_seat(act.seat))  # AMB-CB-16d
        if not rules.trap_adjacent:
            if cell not in known:
                return True
            continue
        obstacles, units_at, heroes_at = s.bf.obstacles, occ.units, occ.heroes
        for n in s.geo.neighbours[cell]:
            # `occ.side(n) is None`: no unit (their lists are never empty) and no hero
            if n not in known and n not in obstacles and n not in units_at and n not in heroes_at:
                return True
    return False


def action_options(
    s: ChampsState, act: Frame, units: list[Unit], heroes: list[Hero], moved_before: bool
) -> list[Option]:
    """The actions the activated troop may take now (CB-32..CB-36)."""
    d = act.data
    side = s.side_of_seat(act.seat)
    occ = occupancy(s)
    opts: list[Option] = []
    lbl = s.bf.label
    if d["action"] is None:
        cells = sorted({u.cell for u in units} | {h.cell for h in heroes})
        foes = occ.held[1 - side]  # `enemy_at`, read once (speed: every neighbour asks)
        # Only Catapults may be `ready`: the others are not asked, cell by cell (speed).
        cats = [u for u in units if u.kind == CATAPULTE]
        for cell in cells:
            if side == PLAYERS and _foreign_hero_alone(act.seat, occ.heroes.get(cell, ())):
                continue  # CB-38: that troop holds another player's hero and not ours
            if can_melee(s, cell, side, occ):
                for n in s.geo.neighbours[cell]:
                    if n in foes:
                        opts.append(pair("attack", "champs.opt.attack", lbl(cell), lbl(n)))
            if (
                cats
                and any(u.cell == cell and ready(s, u) for u in cats)
                and may_fire(s, cell, occ)
            ):
                lo, hi = CATAPULT_RANGE
                targets = {c for c in occ.units if occ.enemy(c, side)}
                targets |= {c for c in occ.heroes if occ.enemy(c, side)}
                for n in sorted(targets):
                    if lo <= s.geo.distance(cell, n) <= hi:
                        if s.rules.line_of_fire and not s.geo.line_clear(cell, n):
                            continue
                        opts.append(pair("fire", "champs.opt.fire", lbl(cell), lbl(n)))
        if any_trap_cell(s, act, units, occ):
            opts.append(fixed("trap", "champs.opt.lay_trap"))  # where: `decide_trap_cell`
        if not moved_before and units:
            if can_reload(s, units):
                opts.append(fixed("reload", "champs.opt.reload"))
            from arbitre.games.champs.recruit import can_recruit

            if can_recruit(s, act, units, heroes):
                opts.append(fixed("recruit", "champs.opt.recruit"))
    return opts


def action_after_move(
    s: ChampsState, act: Frame, units: list[Unit], heroes: list[Hero], dest: int
) -> bool:
    """AMB-CB-9 alternative (activation.moveOnly=false): "movement is allowed only alongside"
    an action, so a move before the action must end where the troop can still act. The
    group is put on `dest` for the question and put back (hidden traps are not foreseen)."""
    back = [(u, u.cell) for u in units] + [(h, h.cell) for h in heroes]
    for item, _c in back:
        item.cell = dest
    s.occ = None
    try:
        everyone, their_heroes = members(s, act)
        return bool(action_options(s, act, everyone, their_heroes, True))
    finally:
        for item, c in back:
            item.cell = c
        s.occ = None


def needs_action(s: ChampsState, act: Frame) -> bool:
    """Whether a move before the action must keep an action possible (AMB-CB-9 alternative);
    a lone hero other than the Gladiator never acts and keeps his move (AMB-CB-20a)."""
    if s.rules.move_only or act.data["action"] is not None:
        return False
    return not (act.data["lone"] and not act.data["units"] and not _gladiator(s, act))


def _gladiator(s: ChampsState, act: Frame) -> bool:
    return any(s.heroes[p].skill == "gladiateur" for p in act.data["heroes"])


def decide_activation(s: ChampsState, act: Frame) -> Decision:
    d = act.data
    units, heroes = members(s, act)
    cells = sorted({u.cell for u in units} | {h.cell for h in heroes})
    lbl = s.bf.label
    opts = action_options(s, act, units, heroes, d["moved_before"])
    actions = len(opts)
    if movement_open(s, act, (units, heroes)):
        opts.append(fixed("move", "champs.opt.move"))
    # AMB-CB-9 alternative: an activation must include an action while one is possible.
    if s.rules.move_only or d["action"] is not None or actions == 0:
        opts.append(fixed("end", "champs.opt.end_activation"))
    here = cells[0] if len(cells) == 1 else d["cell"]  # where the troop stands now
    # `tuple.__new__` builds the same NamedTuples without their Python-level `__new__`
    # (a question asked at almost every other decision of a game), fields in order; the
    # last is `private`: False, everything chosen here shows (where a trap goes is asked apart).
    return tuple.__new__(
        Decision,
        (
            act.seat,
            "champs.activation",
            tuple(opts),
            tuple.__new__(Msg, ("champs.q.activation", {"cell": lbl(here)}, None)),
            ("CB-32", "CB-33", "CB-37", "AMB-CB-9", "AMB-CB-10"),
            False,
        ),
    )


def may_fire(s: ChampsState, cell: int, occ: Occ) -> bool:
    """AMB-CB-15k alternative (catapult.mixedTroopReload=splitFirst): Catapults must split
    off from a mixed troop before they may reload *or fire*; by default a mixed troop fires
    with its loaded Catapults."""
    if not s.rules.catapult_split_first:
        return True
    return all(u.kind == CATAPULTE for u in occ.units.get(cell, ()))


def _foreign_hero_alone(seat: int, heroes: Sequence[Hero]) -> bool:
    seats = {h.seat for h in heroes}
    return bool(seats - {seat}) and seat not in seats


def can_reload(s: ChampsState, units: list[Unit]) -> bool:
    """CB-34 / AMB-CB-15k: a troop with an unloaded Catapult may reload, and then not move."""
    cats = [u for u in units if u.kind == CATAPULTE]
    if not cats or all(u.loaded for u in cats):
        return False
    return not (s.rules.catapult_split_first and len(cats) != len(units))


def movement_open(
    s: ChampsState, act: Frame, team: tuple[list[Unit], list[Hero]] | None = None
) -> bool:
    """Whether the activation may still move (CB-34, CB-36, CB-37, AMB-CB-10, AMB-CB-13)."""
    d = act.data
    units, heroes = team or members(s, act)
    if not units and not heroes:
        return False
    if d["action"] in ("reload", "recruit"):
        return False
    if d["action"] is None:
        return not d["moved_before"]
    if d["moved_after"]:
        return False
    if d["moved_before"] and not s.rules.split_around_action:
        return False  # AMB-CB-10: one movement, before or after the action
    if d["action"] == "attack" and not s.rules.advance_then_move and d.get("advanced"):
        return False
    return not d["moved_after"]


def choose_activation(s: ChampsState, act: Frame, key: str) -> None:
    d = act.data
    if key == "end":
        s.stack.pop()
        return
    if key == "move":
        units, heroes = members(s, act)
        cells = sorted({u.cell for u in units} | {h.cell for h in heroes})
        src = d["cell"] if d["cell"] in cells else cells[0]
        s.stack.append(Frame("move", act.seat, {"src": src, "sel": None, "moved": [], "groups": 0}))
        return
    if key == "reload":
        d["action"] = "reload"
        units, _h = members(s, act)
        for u in units:
            if u.kind == CATAPULTE and not u.loaded:
                u.loaded = True
                u.loaded_turn = s.turn_counter
        s.log.append(Msg("champs.ev.reloaded", {"cell": s.bf.label(d["cell"])}, "CB-34"))
        return
    if key == "recruit":
        d["action"] = "recruit"
        side = s.side_of_seat(act.seat)
        s.stack.append(Frame("recruit", act.seat, {"type": None, "activation": True, "side": side}))
        return
    if key == "trap":
        d["action"] = "trap"
        units, _h = members(s, act)
        cells = trap_cells(s, act, units, occupancy(s))
        s.stack.append(Frame("trap_cell", act.seat, {"cells": cells}))
        return
    verb, rest = key.split(":", 1)
    src_s, dst_s = rest.split(">")
    src, dst = s.bf.parse(src_s), s.bf.parse(dst_s)
    assert src is not None and dst is not None
    if s.side_of_seat(act.seat) == PLAYERS:
        others = sorted(
            {h.seat for h in occupancy(s).heroes.get(src, ())} - {act.seat, *d["agreed"]}
        )
        if others:
            # CB-38: the troop now holds another player's hero; that player must agree.
            s.stack.append(
                Frame(
                    "consent",
                    others[0],
                    {"cell": src, "ask": others, "all": others, "by": act.seat, "then": key},
                )
            )
            return
    d["action"] = "attack" if verb == "attack" else "fire"
    from arbitre.games.champs.combat import start_combat

    start_combat(s, act.seat, src, dst, verb == "fire")


def decide_trap_cell(s: ChampsState, f: Frame) -> Decision | None:
    """Where the trap goes (CB-17, AMB-CB-16c); with one cell it is laid without asking."""
    cells = f.data["cells"]
    if len(cells) < 2:
        return None
    lbl = s.bf.label
    return Decision(
        f.seat,
        "champs.trap",
        tuple(cell_option("cell", "champs.opt.trap", lbl(c)) for c in cells),
        Msg("champs.q.trap"),
        ("CB-17", "CB-20", "AMB-CB-16c", "AMB-CB-16d"),
        # Hidden traps (AMB-CB-16d): the cell is the laying side's secret; the others
        # read that a trap was laid (the activation's answer and the event), not where.
        private=not s.rules.traps_visible,
    )


def choose_trap_cell(s: ChampsState, f: Frame, key: str) -> None:
    cell = s.bf.parse(key[5:])
    assert cell is not None and cell in f.data["cells"]
    s.stack.pop()
    lay_trap(s, f.seat, cell)


def auto_trap_cell(s: ChampsState, f: Frame) -> None:
    s.stack.pop()
    if f.data["cells"]:
        lay_trap(s, f.seat, f.data["cells"][0])


def lay_trap(s: ChampsState, seat: int, cell: int) -> None:
    """Lay a trap token (CB-17, CB-20, CB-22, AMB-CB-16).

    With hidden traps the cell may already hold an enemy trap the layer could not see: a
    cell holds one trap (CB-20), so that one stays and the token is spent for nothing (the
    event reads the same, so nobody else learns of it).
    """
    side = s.side_of_seat(seat)
    if cell not in s.traps:
        s.traps[cell] = side
        s.trap_owner[cell] = seat
    if side == MJ:
        if s.mj_traps_left > 0:
            s.mj_traps_left -= 1
    else:
        i = seat if s.rules.trap_pool_per_player else 0
        if s.traps_left[i] > 0:
            s.traps_left[i] -= 1
    visible = s.rules.traps_visible
    s.log.append(
        Msg(
            "champs.ev.trap_laid" if visible else "champs.ev.trap_laid_hidden",
            {"seat": s.seats[seat], "cell": s.bf.label(cell) if visible else "?"},
            "CB-17",
        )
    )
