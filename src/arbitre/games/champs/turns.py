"""Rounds, turns and activations (CB-28..CB-39, AMB-CB-9, AMB-CB-18, AMB-CB-19, AMB-CB-24)."""

from __future__ import annotations

from collections.abc import Sequence

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.champs.logic import has_army, heroes_at, load, occupancy
from arbitre.games.champs.options import cell as cell_option
from arbitre.games.champs.options import fixed
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState, Frame, Unit
from arbitre.games.champs.troops import TYPES


def start_round(s: ChampsState) -> None:
    limit = s.rules.victory_rounds or s.bf.rounds
    if s.round > limit:
        end_by_round_limit(s)
        return
    if s.rules.once_per_round:
        _reset_acted(s)
    s.slot = 0
    s.log.append(Msg("champs.ev.round", {"n": s.round}))
    start_turn(s)


def _reset_acted(s: ChampsState) -> None:
    for u in s.units.values():
        u.acted = False
    for h in s.heroes:
        h.acted = False


def start_turn(s: ChampsState) -> None:
    seat = s.cycle[s.slot]
    if seat != s.mj_seat:
        s.last_player = seat
    if not s.rules.once_per_round:
        _reset_acted(s)
    s.turn_counter += 1
    s.stack.append(Frame("turn", seat, {"used": 0, "cells": []}))
    # Msg(...) without its Python-level `__new__` (speed: once per turn)
    s.log.append(tuple.__new__(Msg, ("champs.ev.turn", {"seat": s.seats[seat]}, "CB-29")))


def end_turn(s: ChampsState, f: Frame) -> None:
    s.stack.pop()
    if check_victory(s, f.seat):
        return
    s.slot += 1
    if s.slot >= len(s.cycle):
        s.round += 1
        if s.rules.reroll_initiative:
            from arbitre.games.champs.setup import roll_initiative

            roll_initiative(s)
        start_round(s)
    else:
        start_turn(s)


def finish(s: ChampsState, winner: str, reason: str, rule: str) -> None:
    s.over = True
    s.stack.clear()
    s.outcome = {"winner": winner, "reason": reason, "rule": rule, "round": s.round}
    s.log.append(Msg(f"champs.ev.over.{winner}", {"reason": reason}, rule))


def check_victory(s: ChampsState, seat: int) -> bool:
    """End of a turn: annihilation, or the MJ's objective reached (AMB-CB-24)."""
    players, mj = has_army(s, PLAYERS), has_army(s, MJ)
    if not players and not mj:
        finish(s, "draw", "champs.reason.both_annihilated", "AMB-CB-24")
    elif not players:
        finish(s, "mj", "champs.reason.annihilation", "CB-2")
    elif not mj:
        finish(s, "players", "champs.reason.annihilation", "CB-2")
    elif (
        seat == s.mj_seat
        and s.rules.victory_mode == "annihilationOrObjective"
        and s.bf.objective == "reach_start_line"
    ):
        s.line_held = s.line_held + 1 if on_players_line(s) else 0
        if s.line_held >= s.bf.hold:
            finish(s, "mj", "champs.reason.objective", "AMB-CB-24")
    return s.over


def counts_for_objective(s: ChampsState, units: Sequence[Unit]) -> bool:
    """Whether these MJ units, standing on the players' line, count for the objective."""
    return any(s.bf.flyers_count or not TYPES[u.kind].flying for u in units)


def on_players_line(s: ChampsState) -> bool:
    """An MJ unit that counts stands on the players' start line (AMB-CB-24)."""
    line = s.bf.players_line
    return counts_for_objective(s, [u for u in s.units.values() if u.side == MJ and u.cell in line])


def end_by_round_limit(s: ChampsState) -> None:
    """After the last round: the players held if the MJ had an objective; else more units win."""
    s.round -= 1  # the round that just ended is the last one played
    if s.rules.victory_mode == "annihilationOrObjective" and s.bf.objective == "reach_start_line":
        finish(s, "players", "champs.reason.held", "AMB-CB-24")
        return
    p = load([u for u in s.units.values() if u.side == PLAYERS])
    m = load([u for u in s.units.values() if u.side == MJ])
    winner = "players" if p > m else "mj" if m > p else "draw"
    finish(s, winner, "champs.reason.round_limit", "AMB-CB-24")


# --- the turn menu: which troop to activate -------------------------------------------


def activatable(s: ChampsState, f: Frame) -> list[tuple[int, str]]:
    """Cells the seat may activate now, with how: 'troop', 'lone' or 'gladiator'."""
    side = s.side_of_seat(f.seat)
    used, done_cells = f.data["used"], f.data["cells"]
    occ = occupancy(s)
    out: list[tuple[int, str]] = []
    # Only the side's own cells can be activated; `out` is sorted, so the order of the
    # walk does not matter. Hero-only cells of the players are handled below.
    by_cell, per_cell = occ.units, s.rules.per_cell_tracking
    for cell in occ.held[side] if used < 2 else ():
        units = by_cell.get(cell)
        if not units or units[0].side != side:
            continue
        if per_cell:
            if cell in done_cells:
                continue
        else:
            # `all(u.acted for u in units)` without a generator per cell (speed)
            for u in units:
                if not u.acted:
                    break
            else:
                continue
        if side == PLAYERS and cell in occ.heroes:
            seats = [h.seat for h in occ.heroes[cell]]
            if f.seat not in seats:
                continue  # CB-38: another player's hero is in that troop
        out.append((cell, "troop"))
    if side == PLAYERS:
        hero = s.heroes[f.seat]
        if not hero.captured and hero.cell >= 0 and not hero.acted and hero.cell not in occ.units:
            if hero.skill == "gladiateur":
                out.append((hero.cell, "gladiator"))  # CB-51: an extra activation
            elif used < 2 and s.rules.lone_move > 0:
                out.append((hero.cell, "lone"))  # AMB-CB-20a
    return sorted(out)


def decide_turn(s: ChampsState, f: Frame) -> Decision:
    opts = [
        cell_option("act", f"champs.opt.act_{how}", s.bf.label(c)) for c, how in activatable(s, f)
    ]
    if f.seat == s.mj_seat and s.rules.mj_recruit == "free":
        from arbitre.games.champs.recruit import recruit_cells

        if recruit_cells(s, MJ):
            opts.append(fixed("recruit", "champs.opt.recruit_free"))
    opts.append(fixed("end", "champs.opt.end_turn"))
    # Decision(..., private=False) and its Msg without their Python-level `__new__`
    # (speed: the turn menu is asked at about a third of the decisions).
    text = ("champs.q.turn", {"seat": s.seats[f.seat], "left": 2 - f.data["used"]}, None)
    return tuple.__new__(
        Decision,
        (
            f.seat,
            "champs.turn",
            tuple(opts),
            tuple.__new__(Msg, text),
            ("CB-30", "CB-31", "CB-38", "CB-39", "CB-51"),
            False,
        ),
    )


def choose_turn(s: ChampsState, f: Frame, key: str) -> None:
    if key == "end":
        end_turn(s, f)
        return
    if key == "recruit":
        s.stack.append(Frame("recruit", f.seat, {"type": None, "activation": False}))
        return
    cell = s.bf.parse(key[4:])
    assert cell is not None
    # "any unit stands there", from the occupancy map the menu was just built from
    if cell in occupancy(s).units:
        how = "troop"
    else:
        how = "gladiator" if s.heroes[f.seat].skill == "gladiateur" else "lone"
    if how == "troop" and s.side_of_seat(f.seat) == PLAYERS:
        others = sorted({h.seat for h in heroes_at(s, cell) if h.seat != f.seat})
        if others:
            # CB-38: the other heroes' players must agree to the action.
            s.stack.append(
                Frame(
                    "consent",
                    others[0],
                    {"cell": cell, "ask": others, "all": others, "by": f.seat, "then": None},
                )
            )
            return
    start_activation(s, f, cell, how)


def start_activation(
    s: ChampsState, f: Frame, cell: int, how: str, agreed: list[int] | None = None
) -> None:
    """Activate a cell: its units not yet played this turn, and the heroes with them (CB-31)."""
    side = s.side_of_seat(f.seat)
    if how == "troop":
        # The cell's units and heroes from the occupancy map (usually still cached from the
        # turn menu): both lists keep the order of `s.units` and `s.heroes`, as a walk would.
        occ = occupancy(s)
        per_cell = s.rules.per_cell_tracking
        units = [
            u.uid for u in occ.units.get(cell, ()) if u.side == side and (per_cell or not u.acted)
        ]
        here = occ.heroes.get(cell, ()) if side == PLAYERS else ()
        heroes = [h.seat for h in here if not h.acted]
        f.data["used"] += 1
    else:
        units, heroes = [], [f.seat]
        if how == "lone":
            f.data["used"] += 1
    for uid in units:
        s.units[uid].acted = True
    for seat in heroes:
        s.heroes[seat].acted = True
    f.data["cells"].append(cell)
    event = ("champs.ev.activated", {"seat": s.seats[f.seat], "cell": s.bf.label(cell)}, "CB-31")
    s.log.append(tuple.__new__(Msg, event))  # Msg(*event), without its Python `__new__`
    s.stack.append(
        Frame(
            "activation",
            f.seat,
            {
                "cell": cell,
                "units": units,
                "heroes": heroes,
                "lone": how != "troop",
                "moved_before": False,
                "action": None,
                "moved_after": False,
                "spent": {},
                "agreed": list(agreed or []),  # players who agreed to this troop's action
            },
        )
    )


def decide_consent(s: ChampsState, f: Frame) -> Decision:
    by = f.data["by"]
    return Decision(
        f.seat,
        "champs.consent.activate",
        (Option("agree", Msg("champs.opt.agree")), Option("refuse", Msg("champs.opt.refuse"))),
        Msg("champs.q.consent", {"seat": s.seats[by], "cell": s.bf.label(f.data["cell"])}),
        ("CB-38", "AMB-CB-19d"),
        private=False,
    )


def choose_consent(s: ChampsState, f: Frame, key: str) -> None:
    s.stack.pop()
    if key == "refuse":
        s.log.append(Msg("champs.ev.refused", {"seat": s.seats[f.seat]}, "CB-38"))
        return
    rest = [p for p in f.data["ask"] if p != f.seat]
    if rest:
        s.stack.append(Frame("consent", rest[0], {**f.data, "ask": rest}))
        return
    below = s.stack[-1]
    if below.kind == "activation":
        # Consent to the action of a troop the activated units joined (CB-38).
        from arbitre.games.champs.activation import choose_activation

        below.data["agreed"].extend(f.data["all"])
        choose_activation(s, below, f.data["then"])
        return
    start_activation(s, below, f.data["cell"], "troop", agreed=f.data["all"])
