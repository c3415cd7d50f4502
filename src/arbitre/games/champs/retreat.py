"""Retreat away from the attacker, splitting over the free cells (CB-46, CB-60, CB-23,
AMB-CB-6..8)."""

from __future__ import annotations

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.champs.logic import (
    capture,
    distinct_units,
    enemy_at,
    enter,
    occupancy,
    push_overflow,
    troop,
)
from arbitre.games.champs.state import ChampsState, Frame, Hero, Unit


def retreat_cells(
    s: ChampsState, att: int, tgt: int, side: int, any_adjacent: bool = False
) -> list[int]:
    """Retreat cells away from the attacker, free of obstacles and enemies (CB-60, AMB-CB-6/7)."""
    occ = occupancy(s)
    base = (
        s.geo.neighbours[tgt]
        if any_adjacent
        else s.geo.retreat_candidates(att, tgt, s.rules.retreat_direction)
    )
    # AMB-CB-2 `move.cornerCutting=forbidden` binds retreats too: a retreat is one of the
    # "mouvements spéciaux" (L52-L54), so ground units may not step diagonally between two
    # obstacles to retreat; a troop of flyers may (CB-12). A mixed troop retreats by ground
    # rules, as it moves (AMB-CB-3, AMB-CB-11).
    steps = s.geo.steps[tgt]
    squeeze_ok = s.rules.corner_cutting or _all_fly(s, tgt, side)
    out = []
    for c in base:
        if c in s.bf.obstacles or enemy_at(s, c, side, occ):
            continue
        if not s.rules.retreat_allied and occ.get(c):
            continue
        if not squeeze_ok and c not in steps:
            continue
        out.append(c)
    return out


def _all_fly(s: ChampsState, cell: int, side: int) -> bool:
    from arbitre.games.champs.movement import group_profile

    units, heroes = troop(s, cell, side)
    return bool(units) and group_profile(s, units, heroes)[1]


def _retreat_items(s: ChampsState, f: Frame) -> tuple[list[Unit], list[Hero]]:
    return troop(s, f.data["src"], f.data["side"])


def decide_retreat(s: ChampsState, f: Frame) -> Decision | None:
    d = f.data
    units, heroes = _retreat_items(s, f)
    if not units and not heroes:
        return None
    cells = retreat_cells(s, d["att"], d["src"], d["side"])
    if not cells:
        return None
    split = (
        retreat_cells(s, d["att"], d["src"], d["side"], any_adjacent=True)
        if s.rules.retreat_any_adjacent
        else cells
    )
    lbl = s.bf.label
    opts = [Option(f"all:{lbl(c)}", Msg("champs.opt.retreat_all", {"cell": lbl(c)})) for c in cells]
    if len(units) + len(heroes) > 1 and len(split) > 1:
        tokens = [*distinct_units(units), *(f"h{h.seat}" for h in heroes)]
        for t in tokens:
            what = (
                f"champs.hero.{s.heroes[int(t[1:])].skill}"
                if t.startswith("h")
                else f"champs.type.{t.rstrip('*')}"
            )
            for c in split:
                opts.append(
                    Option(
                        f"one:{t}:{lbl(c)}",
                        Msg("champs.opt.retreat_one", {"what": what, "cell": lbl(c)}),
                    )
                )
    if len(opts) == 1:
        return None
    return Decision(
        f.seat,
        "champs.retreat",
        tuple(opts),
        Msg("champs.q.retreat", {"cell": lbl(d["src"])}),
        ("CB-60", "CB-46", "AMB-CB-6", "AMB-CB-8"),
        private=False,
    )


def auto_retreat(s: ChampsState, f: Frame) -> None:
    d = f.data
    units, heroes = _retreat_items(s, f)
    cells = retreat_cells(s, d["att"], d["src"], d["side"])
    if (units or heroes) and cells:
        _retreat_to(s, f, units, heroes, cells[0], last=True)
        return
    s.stack.pop()
    if (units or heroes) and not cells:
        for h in heroes:
            capture(s, h)  # nowhere left to go (only reachable with split retreats)


def choose_retreat(s: ChampsState, f: Frame, key: str) -> None:
    units, heroes = _retreat_items(s, f)
    parts = key.split(":")
    cell = s.bf.parse(parts[-1])
    assert cell is not None
    if parts[0] == "all":
        _retreat_to(s, f, units, heroes, cell, last=True)
        return
    token = parts[1]
    if token.startswith("h"):
        _retreat_to(s, f, [], [h for h in heroes if h.seat == int(token[1:])], cell, last=False)
    else:
        _retreat_to(s, f, [distinct_units(units)[token]], [], cell, last=False)


def _retreat_to(
    s: ChampsState, f: Frame, units: list[Unit], heroes: list[Hero], cell: int, last: bool
) -> None:
    d = f.data
    for u in units:
        u.cell = cell
        if s.rules.catapult_unload_on_move:
            u.loaded = False  # AMB-CB-15g alternative: any move unloads, a retreat too
    for h in heroes:
        h.cell = cell
    s.occ = None
    s.log.append(
        Msg(
            "champs.ev.retreated",
            {"n": len(units) + len(heroes), "cell": s.bf.label(cell)},
            "CB-60",
        )
    )
    left_units, left_heroes = _retreat_items(s, f)
    if last or (not left_units and not left_heroes):
        s.stack.pop()
    push_overflow(s, cell, d["side"])
    enter(s, units, cell, d["side"], True)  # CB-23: retreating onto an enemy trap springs it
