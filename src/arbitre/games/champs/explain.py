"""Why a choice is refused: the rule behind it, for a person asking "why can't I?".

- `reason(s, decision, key)`: why `key` is not an option of `decision`, as a sentence
  naming the cell ("Case (5,5) : aucune troupe ne s'y trouve…") with the rule that forbids
  it; None when nothing specific forbids it (an unknown key cites no rule of the game).
- `why_not(s, decision, key)`: the same as the refusal `apply` raises.
- `why_key(s, decision, key)`: the option key a clicked board element ("cell:3,4",
  "unit:7", "hero:p1") stands for in this decision ("act:3,4" for the turn's question).

Every reason is read from what the deciding seat may see: traps only as that side knows
them (AMB-CB-16d); the web server also asks on a state determinized for that seat.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg
from arbitre.games.champs import messages_why as _messages_why  # noqa: F401  (the texts)
from arbitre.games.champs.activation import can_melee, may_fire, members, movement_open, ready
from arbitre.games.champs.logic import enemy_at, load, occupancy
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState, Frame
from arbitre.games.champs.troops import BY_ID, CAP, CATAPULT_RANGE, CATAPULTE, TYPES


class Refusal(NamedTuple):
    cell: int
    reason: Msg
    rule: str


def _no(cell: int, reason: str, rule: str, **args: Any) -> Refusal:
    return Refusal(cell, Msg(f"champs.refused.{reason}", args), rule)


def cells(n: int) -> Msg:
    """A distance in words: "1 case", "3 cases"."""
    return Msg("champs.refused.cells.one" if n == 1 else "champs.refused.cells", {"n": n})


def reason(s: ChampsState, decision: Decision, key: str) -> Msg | None:
    verb, _, rest = key.partition(":")
    handler = _HANDLERS.get(decision.kind)
    if handler is None:
        return None
    try:
        found = handler(s, decision, verb, rest)
    except (ValueError, IndexError, KeyError):
        return None
    if found is None:
        return None
    args = {"cell": s.bf.label(found.cell), "reason": found.reason}
    return Msg("champs.refused.at", args, found.rule)


def why_not(s: ChampsState, decision: Decision, key: str) -> Msg:
    """The refusal `apply` raises: the rule that forbids `key` here, or none."""
    found = reason(s, decision, key)
    if found is None:
        return Msg("champs.illegal", {"key": key, "reason": "champs.why_not.not_offered"})
    # the rule is the message's own (shown once: "[AMB-CB-1]" in the terminal, its own
    # field on the web), not an argument of its text as well
    return Msg("champs.illegal", {"key": key, "reason": found.args["reason"]}, found.rule)


# --- reading a click ------------------------------------------------------------------------


def clicked_cell(s: ChampsState, key: str) -> int | None:
    """The cell of a board element: "cell:3,4", "unit:7" (where it stands), "hero:p1"."""
    verb, _, rest = key.partition(":")
    if verb == "cell":
        return s.bf.parse(rest)
    if verb == "unit" and rest.isdigit():
        unit = s.units.get(int(rest))
        return None if unit is None else unit.cell
    if verb == "hero" and rest in s.seats:
        i = s.seats.index(rest)
        if i < len(s.heroes) and not s.heroes[i].captured and s.heroes[i].cell >= 0:
            return s.heroes[i].cell
    return None


def why_key(s: ChampsState, decision: Decision, key: str) -> str:
    """The option key a board element stands for in `decision` (else `key` itself)."""
    cell = clicked_cell(s, key)
    if cell is None:
        if decision.kind == "champs.move" and key.startswith("from:"):
            return f"to:{key[5:]}"  # no unit of this move there: meant as a destination
        return key
    lbl = s.bf.label(cell)
    kind = decision.kind
    if kind == "champs.turn":
        return f"act:{lbl}"
    if kind == "champs.move":
        return f"to:{lbl}"
    if kind == "champs.retreat":
        return f"all:{lbl}"
    if kind in ("champs.deploy", "champs.trap", "champs.recruit.place"):
        return f"cell:{lbl}"
    if kind == "champs.overflow":
        token = next((o.key.split(":")[1] for o in decision.options if o.key[:4] == "out:"), "")
        return f"out:{token}:{lbl}" if token else key
    if kind == "champs.activation":
        return _strike_key(s, cell) or f"to:{lbl}"
    return key


def _strike_key(s: ChampsState, dst: int) -> str | None:
    """A click on an enemy during an activation: an attack, or a Catapult's shot."""
    act = s.stack[-1]
    side = s.side_of_seat(act.seat)
    if not enemy_at(s, dst, side, occupancy(s)):
        return None
    units, heroes = members(s, act)
    here = sorted({u.cell for u in units} | {h.cell for h in heroes})
    if not here:
        return None
    src = min(here, key=lambda c: (s.geo.distance(c, dst), c))
    cats = [u for u in units if u.cell == src and u.kind == CATAPULTE]
    melee = can_melee(s, src, side)
    verb = "fire" if cats and (not melee or s.geo.distance(src, dst) > 1) else "attack"
    return f"{verb}:{s.bf.label(src)}>{s.bf.label(dst)}"


# --- the turn: which troop to activate (CB-30, CB-31, CB-38, CB-39, AMB-CB-19, AMB-CB-20a) ---


def _turn(s: ChampsState, d: Decision, verb: str, rest: str) -> Refusal | None:
    cell = s.bf.parse(rest) if verb == "act" else None
    if cell is None:
        return None
    f, seat = s.stack[-1], d.seat
    side = s.side_of_seat(seat)
    occ = occupancy(s)
    units = occ.get(cell)
    heroes = occ.heroes.get(cell, [])
    if not units and not heroes:
        return _no(cell, "empty", "CB-31")
    owner = units[0].side if units else PLAYERS
    if owner != side:
        return _no(cell, "enemy_troop.mj" if owner == MJ else "enemy_troop.players", "CB-31")
    if not units:
        return _lone_hero(s, f, cell, seat, heroes)
    if side == PLAYERS and heroes and all(h.seat != seat for h in heroes):
        return _no(cell, "other_hero", "CB-38")
    if f.data["used"] >= 2:
        return _no(cell, "two_activations", "CB-30")
    if s.rules.per_cell_tracking:
        if cell in f.data["cells"]:
            return _no(cell, "already_acted", "CB-30")
    elif all(u.acted for u in units):
        if s.rules.once_per_round:
            return _no(cell, "already_acted_round", "AMB-CB-19a")
        return _no(cell, "already_acted", "CB-30")
    return None


def _lone_hero(s: ChampsState, f: Frame, cell: int, seat: int, heroes: list[Any]) -> Refusal | None:
    mine = [h for h in heroes if h.seat == seat]
    if not mine:
        return _no(cell, "other_hero_alone", "CB-38")
    hero = mine[0]
    if hero.acted:
        return _no(cell, "hero_acted", "CB-30")
    if hero.skill == "gladiateur":
        return None  # CB-51: an extra activation
    if f.data["used"] >= 2:
        return _no(cell, "two_activations", "CB-30")
    if s.rules.lone_move <= 0:
        return _no(cell, "lone_hero_still", "AMB-CB-20a")
    return None


# --- one activation: attack, fire, or a cell to move to (CB-15, CB-16, CB-32..CB-37) --------


def _activation(s: ChampsState, d: Decision, verb: str, rest: str) -> Refusal | None:
    act = s.stack[-1]
    if verb == "to":
        dst = s.bf.parse(rest)
        return None if dst is None else _move_first(s, act, dst)
    if verb not in ("attack", "fire"):
        return None
    src_s, sep, dst_s = rest.partition(">")
    src, dst = s.bf.parse(src_s), s.bf.parse(dst_s)
    if not sep or src is None or dst is None:
        return None
    units, heroes = members(s, act)
    side = s.side_of_seat(d.seat)
    if act.data["action"] is not None:
        return _no(dst, "action_done", "CB-30")
    if src not in {u.cell for u in units} | {h.cell for h in heroes}:
        return _no(dst, "not_activated_troop", "CB-31")
    if not enemy_at(s, dst, side, occupancy(s)):
        return _no(dst, "no_enemy", "CB-32")
    dist = s.geo.distance(src, dst)
    here = [u for u in units if u.cell == src]
    if verb == "attack":
        if not can_melee(s, src, side):
            return (
                _no(dst, "catapult_melee", "AMB-CB-15c") if here else _no(dst, "lone_hero", "CB-53")
            )
        if dist > 1:
            return _no(dst, "not_adjacent", "CB-32", dist=cells(dist))
        return None
    cats = [u for u in here if u.kind == CATAPULTE]
    lo, hi = CATAPULT_RANGE
    if not cats:
        return _no(dst, "no_catapult", "CB-15")
    if not any(u.loaded for u in cats):
        return _no(dst, "not_loaded", "CB-16")
    if not any(ready(s, u) for u in cats):
        return _no(dst, "not_ready", "AMB-CB-15f")
    if not lo <= dist <= hi:
        return _no(dst, "range", "CB-15", dist=cells(dist))
    if s.rules.line_of_fire and not s.geo.line_clear(src, dst):
        return _no(dst, "line_of_fire", "AMB-CB-15b")
    if not may_fire(s, src, occupancy(s)):
        return _no(dst, "split_first", "AMB-CB-15k")
    return None


def _move_first(s: ChampsState, act: Frame, dst: int) -> Refusal | None:
    """A cell clicked during an activation: moving is chosen first, if it is still open."""
    if movement_open(s, act):
        return _no(dst, "move_first", "CB-37")
    action = act.data["action"]
    if action == "reload":
        return _no(dst, "reload_no_move", "CB-34")
    if action == "recruit":
        return _no(dst, "recruit_no_move", "CB-36")
    if act.data["moved_before"] or act.data["moved_after"]:
        return _no(dst, "moved_already", "AMB-CB-10")
    return None


# --- a movement's destination (CB-37, CB-40..CB-42, CB-45) ----------------------------------


def _move(s: ChampsState, d: Decision, verb: str, rest: str) -> Refusal | None:
    from arbitre.games.champs.movement import group_profile, selection

    dst = s.bf.parse(rest) if verb == "to" else None
    if dst is None:
        return None
    mv, act = s.stack[-1], s.stack[-2]
    src = mv.data["src"]
    if dst == src:
        return _no(dst, "same_cell", "CB-37")
    units, heroes = selection(s, act, mv)
    if not units and not heroes:
        return _no(dst, "nothing_selected", "CB-45")
    speed, flying = group_profile(s, units, heroes, act.data["spent"])
    side = s.side_of_seat(d.seat)
    if dst in s.bf.obstacles:
        return _no(dst, "flyer_obstacle", "CB-41") if flying else _no(dst, "obstacle", "CB-40")
    if enemy_at(s, dst, side, occupancy(s)):
        return _no(dst, "flyer_enemy", "CB-41") if flying else _no(dst, "enemy_cell", "CB-42")
    if speed <= 0:
        return _no(dst, "no_move_left", "CB-37")
    dist = s.geo.distance(src, dst)
    if dist > speed:
        return _no(dst, "too_far", "CB-37", dist=cells(dist), speed=cells(speed))
    from arbitre.games.champs.activation import action_after_move, needs_action
    from arbitre.games.champs.movement import reachable

    if (
        needs_action(s, act)
        and dst in reachable(s, src, side, speed, flying)
        and not action_after_move(s, act, units, heroes, dst)
    ):
        return _no(dst, "move_needs_action", "AMB-CB-9")
    if flying or s.rules.zoc or not s.rules.through_allied:
        return None
    if _reachable_past_enemies(s, src, dst, speed):
        return _no(dst, "blocked_enemy", "CB-42")
    return _no(dst, "blocked_obstacle", "CB-40")


def _reachable_past_enemies(s: ChampsState, src: int, dst: int, speed: int) -> bool:
    """Whether a ground group could reach `dst` were no enemy in the way (obstacles only)."""
    seen, frontier = {src}, [src]
    for _ in range(speed):
        nxt = []
        for c in frontier:
            for n in s.geo.steps[c]:
                if n not in seen and n not in s.bf.obstacles:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return dst in seen


# --- where a trap goes (CB-17, CB-20, AMB-CB-16c, AMB-CB-16d) -------------------------------


def _trap(s: ChampsState, d: Decision, verb: str, rest: str) -> Refusal | None:
    dst = s.bf.parse(rest) if verb == "cell" else None
    if dst is None or len(s.stack) < 2:
        return None
    act = s.stack[-2]
    units, _heroes = members(s, act)
    side = s.side_of_seat(d.seat)
    if dst in s.known_traps(side):  # only the traps this side knows of (AMB-CB-16d)
        return _no(dst, "trap_there", "CB-20")
    layers = {u.cell for u in units if TYPES[u.kind].traps}
    if not s.rules.trap_adjacent:
        return _no(dst, "trap_own_cell", "AMB-CB-16c")
    if dst in s.bf.obstacles or occupancy(s).side(dst) is not None:
        return _no(dst, "trap_occupied", "AMB-CB-16c")
    if not any(dst in s.geo.neighbours[c] for c in layers):
        return _no(dst, "trap_adjacent", "AMB-CB-16c")
    return None


# --- deploying and recruiting on the start line (CB-5, CB-6, CB-25, CB-27, CB-36) -----------


def _start_line(s: ChampsState, side: int) -> tuple[int, ...]:
    return s.bf.players_line if side == PLAYERS else s.bf.mj_line


def _deploy(s: ChampsState, d: Decision, verb: str, rest: str) -> Refusal | None:
    dst = s.bf.parse(rest) if verb == "cell" else None
    if dst is None:
        return None
    side = s.side_of_seat(d.seat)
    if dst not in _start_line(s, side):
        return _no(dst, "not_start_line", "CB-25" if side == PLAYERS else "CB-27")
    if dst in s.bf.obstacles:
        return _no(dst, "obstacle_cell", "CB-40")
    occ = occupancy(s)
    units = occ.get(dst)
    if units and units[0].side != side:
        return _no(dst, "enemy_here", "CB-5")
    kind = s.stack[-1].data["items"][0]
    if kind != "hero":
        t = BY_ID[kind]
        if load(units) + t.size * t.units > CAP:
            return _no(dst, "full", "CB-6", load=load(units))
    return None


def _recruit(s: ChampsState, d: Decision, verb: str, rest: str) -> Refusal | None:
    dst = s.bf.parse(rest) if verb == "cell" else None
    if dst is None:
        return None
    side = s.side_of_seat(d.seat)
    if dst not in _start_line(s, side):
        return _no(dst, "recruit_line", "CB-36")
    if dst in s.bf.obstacles:
        return _no(dst, "obstacle_cell", "AMB-CB-17c")
    occ = occupancy(s)
    if enemy_at(s, dst, side, occ):
        return _no(dst, "enemy_here", "AMB-CB-17c")
    if s.rules.recruit_empty_only and occ.get(dst):
        return _no(dst, "recruit_empty", "AMB-CB-17c")
    return None


# --- retreat and overflow cells (CB-8, CB-46, CB-60, AMB-CB-6, AMB-CB-7, AMB-CB-23) ---------


def _retreat(s: ChampsState, d: Decision, verb: str, rest: str) -> Refusal | None:
    dst = s.bf.parse(rest.rpartition(":")[2]) if verb in ("all", "one") else None
    if dst is None:
        return None
    f = s.stack[-1].data
    src, side = f["src"], f["side"]
    if dst not in s.geo.neighbours[src]:
        return _no(dst, "retreat_adjacent", "CB-60")
    if dst in s.bf.obstacles:
        return _no(dst, "retreat_obstacle", "CB-46")
    occ = occupancy(s)
    if enemy_at(s, dst, side, occ):
        return _no(dst, "retreat_enemy", "CB-46")
    if not s.rules.retreat_allied and occ.get(dst):
        return _no(dst, "retreat_allied", "AMB-CB-7")
    split = verb == "one" and s.rules.retreat_any_adjacent
    if not split and dst not in s.geo.retreat_candidates(f["att"], src, s.rules.retreat_direction):
        return _no(dst, "retreat_direction", "CB-60")
    from arbitre.games.champs.retreat import retreat_cells

    if dst not in retreat_cells(s, f["att"], src, side, any_adjacent=True):
        return _no(dst, "retreat_corner", "AMB-CB-2")
    return None


def _overflow(s: ChampsState, d: Decision, verb: str, rest: str) -> Refusal | None:
    token, _, label = rest.partition(":")
    dst = s.bf.parse(label) if verb == "out" else None
    if dst is None:
        return None
    f = s.stack[-1].data
    if dst not in s.geo.neighbours[f["cell"]]:
        return _no(dst, "overflow_adjacent", "CB-8")
    if dst in s.bf.obstacles:
        return _no(dst, "obstacle_cell", "CB-8")
    occ = occupancy(s)
    if enemy_at(s, dst, f["side"], occ):
        return _no(dst, "enemy_here", "CB-8")
    kind = BY_ID.get(token.rstrip("*"))
    if kind is not None and load(occ.get(dst)) + kind.size > CAP:
        return _no(dst, "overflow_full", "AMB-CB-23")
    return None


_HANDLERS = {
    "champs.turn": _turn,
    "champs.activation": _activation,
    "champs.move": _move,
    "champs.trap": _trap,
    "champs.deploy": _deploy,
    "champs.recruit.place": _recruit,
    "champs.retreat": _retreat,
    "champs.overflow": _overflow,
}
