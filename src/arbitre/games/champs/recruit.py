"""Recruitment from the Reserve of New Troops (CB-3, CB-4, CB-36, AMB-CB-17)."""

from __future__ import annotations

from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg
from arbitre.games.champs.logic import enemy_at, occupancy, place_unit, push_overflow
from arbitre.games.champs.options import cell as cell_option
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState, Frame, Hero, Unit
from arbitre.games.champs.troops import BY_ID, type_options


def recruit_cells(s: ChampsState, side: int) -> list[int]:
    """Start-line cells free of enemies and obstacles (AMB-CB-17c)."""
    line = s.bf.players_line if side == PLAYERS else s.bf.mj_line
    occ = occupancy(s)
    out = []
    for c in line:
        if c in s.bf.obstacles or enemy_at(s, c, side, occ):
            continue
        if s.rules.recruit_empty_only and occ.get(c):
            continue
        out.append(c)
    return out


def any_recruit_cell(s: ChampsState, side: int) -> bool:
    """`bool(recruit_cells(s, side))`, stopping at the first cell (AMB-CB-17c): the
    activation menu asks only whether recruiting is open, on every question."""
    line = s.bf.players_line if side == PLAYERS else s.bf.mj_line
    occ = occupancy(s)
    obstacles, foes, empty_only = s.bf.obstacles, occ.held[1 - side], s.rules.recruit_empty_only
    units = occ.units
    for c in line:
        if c in obstacles or c in foes or (empty_only and units.get(c)):
            continue
        return True
    return False


def can_recruit(s: ChampsState, act: Frame, units: list[Unit], heroes: list[Hero]) -> bool:
    side = s.side_of_seat(act.seat)
    who = s.rules.recruit_who
    if who == "startLine":
        line = s.bf.players_line if side == PLAYERS else s.bf.mj_line
        if not any(u.cell in line for u in units):
            return False
    elif who == "heroTroops" and side == PLAYERS and not heroes:
        return False
    if side == PLAYERS and not s.deck:
        return False  # AMB-CB-17d: an empty reserve ends recruitment
    if side == MJ and s.rules.mj_recruit == "ownDeck" and not s.mj_deck:
        return False
    return any_recruit_cell(s, side)


def decide_recruit(s: ChampsState, f: Frame) -> Decision | None:
    side = s.side_of_seat(f.seat)
    lbl = s.bf.label
    if f.data["type"] is None:
        if side == PLAYERS or s.rules.mj_recruit == "ownDeck":
            return None  # drawn at random (CB-36)
        return Decision(
            f.seat,
            "champs.recruit.type",
            type_options(),
            Msg("champs.q.recruit_type"),
            ("CB-4", "AMB-CB-17e"),
            private=False,
        )
    cells = recruit_cells(s, side)
    if not cells:
        return None
    # the shared `cell:<label>` options, equal to Option(f"cell:{lbl(c)}", Msg(...)) built anew
    opts = tuple(cell_option("cell", "champs.opt.cell", lbl(c)) for c in cells)
    return Decision(
        f.seat,
        "champs.recruit.place",
        opts,
        Msg("champs.q.recruit_place", {"type": f"champs.type.{f.data['type']}"}),
        ("CB-36", "AMB-CB-17c"),
        private=False,
    )


def auto_recruit(s: ChampsState, f: Frame) -> None:
    side = s.side_of_seat(f.seat)
    if f.data["type"] is None:
        deck = s.deck if side == PLAYERS else s.mj_deck
        card = deck.pop()
        s.discard.append(card)
        f.data["type"] = card
        s.log.append(
            Msg(
                "champs.ev.card_drawn",
                {"seat": s.seats[f.seat], "type": f"champs.type.{card}"},
                "CB-36",
            )
        )
        return
    s.stack.pop()  # nowhere to place the troop: the card is lost (AMB-CB-17c)


def choose_recruit(s: ChampsState, f: Frame, key: str) -> None:
    if key.startswith("type:"):
        f.data["type"] = key[5:]
        return
    cell = s.bf.parse(key[5:])
    assert cell is not None
    side = s.side_of_seat(f.seat)
    t = BY_ID[f.data["type"]]
    for _ in range(t.units):
        place_unit(s, t.index, side, cell, acted=not s.rules.new_troop_acts)
    s.log.append(
        Msg(
            "champs.ev.recruited",
            {"seat": s.seats[f.seat], "type": f"champs.type.{t.id}", "cell": s.bf.label(cell)},
            "CB-36",
        )
    )
    s.stack.pop()
    push_overflow(s, cell, side)
