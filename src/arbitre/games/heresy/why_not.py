""" "Why not?" for the map: why a zone, a unit or a Hero a player clicked is not a choice of
the current decision, naming the rule that forbids it.

Every reason comes from the rules code's own checks, asked in the order a player would
think of them: movement (`movement.destination_choices`, `movement.reach`, the activation
and contested-start limits of `movement._movers`: HH-21.7, HH-21.18, HH-21.21,
HH-21.23, HH-21.24, HH-23.3), the Raid Éclair target (HH-21.19), and the battle's target
and origin zones (`joining.targets`, `joining.origin_zones`: HH-25.3..HH-25.5). The state
given is a twin determinized for the asking seat (`Heresy.why_not`), never changed here.
"""

from __future__ import annotations

from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg
from arbitre.games.heresy import joining, movement
from arbitre.games.heresy import messages_why as _texts
from arbitre.games.heresy.board import (
    CONTESTED,
    ENEMY,
    activated,
    hero_side,
    neighbours,
    units_of,
    zone_types,
)
from arbitre.games.heresy.state import Frame, HeresyState, label

_ = _texts  # the heresy.why.* texts are registered on import
ZONE_VERBS = ("to", "target", "origin", "retreat", "zone", "khan", "from", "fly")
FAR = 99  # MP enough to reach anything: how far a zone really is


def why_not(s: HeresyState, decision: Decision, key: str) -> Msg | None:
    """The rule that forbids `key` in `decision`, or None (a legal key, or nothing to say)."""
    if decision.find(key) is not None:
        return None
    verb, _, rest = key.partition(":")
    frame = s.stack[-1] if s.stack else None
    reason: Msg | None = None
    if frame is not None and frame.seat == decision.seat:
        if frame.kind == "move" and decision.kind.startswith("heresy.move."):
            reason = _move(s, frame, decision, verb, rest)
        elif frame.kind == "battle" and decision.kind == "heresy.battle.target":
            reason = _battle_target(s, frame, verb, rest)
        elif frame.kind == "battle" and decision.kind == "heresy.battle.origin":
            reason = _battle_origin(s, frame, verb, rest)
    if reason is None and verb in ZONE_VERBS and rest in s.content.zones.ids():
        if rest in s.impassable:
            return Msg("heresy.why.impassable", {"zone": rest}, "HH-12.5")
        rule = decision.rules[0] if decision.rules else None
        return Msg("heresy.why.not_offered", {"zone": rest}, rule)
    return reason


# --- movement ----------------------------------------------------------------------------


def _blocked(zone: str, kind: str, flying: bool) -> Msg:
    """HH-21.23 (HH-23.3 for a flyer): a move never ends in an enemy or contested zone."""
    if flying:
        return Msg("heresy.why.fly_end", {"zone": zone}, "HH-23.3")
    key = "heresy.why.enemy_zone" if kind == ENEMY else "heresy.why.contested_zone"
    return Msg(key, {"zone": zone}, "HH-21.23")


def _destination(s: HeresyState, f: Frame, zone: str, flying: bool = False) -> Msg | None:
    """Why `zone` is not a destination of the order: gone, out of its sector (HH-21.18),
    enemy or contested (HH-21.23); None when it is one."""
    if zone in s.impassable:
        return Msg("heresy.why.impassable", {"zone": zone}, "HH-12.5")
    types = zone_types(s, f.seat)
    if zone in movement.destinations(s, f, types):
        return None
    if f.data.get("target") is None and zone not in s.content.graph.sector_zones(f.data["sector"]):
        return Msg(
            "heresy.why.not_in_sector", {"zone": zone, "sector": f.data["sector"]}, "HH-21.18"
        )
    if types[zone] in (ENEMY, CONTESTED):
        return _blocked(zone, types[zone], flying)
    return None


def _mover(s: HeresyState, key: str) -> tuple[str, str, int, bool] | None:
    """(start zone, what, MP, flying) of a mover option key "unit:zone:label" / "hero:id"."""
    verb, _, rest = key.partition(":")
    if verb == "hero" and rest in s.content.heroes.ids():
        return s.heroes.get(rest, ""), rest, s.content.heroes[rest].move, False
    zone, _, text = rest.partition(":")
    kind = s.content.units.get(text.split("/")[0])
    if verb != "unit" or kind is None:
        return None
    return zone, text, kind.move, kind.flying


def _too_far(
    s: HeresyState, f: Frame, start: str, what: str, mp: int, flying: bool, zone: str
) -> Msg:
    """HH-21.21 (HH-23.2): the cheapest way there costs more MP than the mover has;
    HH-21.23: or no way avoids enemy and contested zones."""
    if zone == start:
        return Msg("heresy.why.same_zone", {"what": what, "zone": zone}, "HH-21.18")
    cost = movement.reach(s, f.seat, start, FAR, flying, zone_types(s, f.seat)).get(zone)
    if cost is None:
        return Msg("heresy.why.no_path", {"zone": zone}, "HH-21.23")
    args = {"zone": zone, "cost": cost, "what": what, "mp": mp}
    crevasse = not flying and _crosses_crevasse(s, f.seat, start, zone, flying)
    key = "heresy.why.too_far_crevasse" if crevasse else "heresy.why.too_far"
    return Msg(key, args, "HH-21.21")


def _crosses_crevasse(s: HeresyState, seat: int, start: str, zone: str, flying: bool) -> bool:
    """Whether the cheapest way from `start` to `zone` (movement.reach's costs, walked
    back from `zone`) has to cross a crevasse (2 MP, HH-21.21)."""
    types = zone_types(s, seat)
    costs = movement.reach(s, seat, start, FAR, flying, types)
    graph = s.content.graph
    at, seen = zone, 0
    while at != start and seen < len(costs):
        seen += 1
        steps = []
        for n in neighbours(s, at):
            if n not in costs or (n != start and types[n] in (ENEMY, CONTESTED)):
                continue
            step = 2 if graph.is_crevasse(n, at) else 1
            if costs[n] + step == costs[at]:
                steps.append((step, n))
        if not steps:
            return False
        step, at = min(steps)
        if step == 2:
            return True
    return False


def _move(s: HeresyState, f: Frame, decision: Decision, verb: str, rest: str) -> Msg | None:
    d = f.data
    if decision.kind == "heresy.move.target" and verb == "target":
        return _raid_target(s, f, rest)
    if decision.kind == "heresy.move.destination" and verb == "to":
        return _destination(s, f, rest)
    if decision.kind == "heresy.move.to" and verb == "to" and d["pick"] is not None:
        mover = _mover(s, d["pick"][0])
        if mover is None:
            return None
        start, what, mp, flying = mover
        refused = _destination(s, f, rest, flying)
        if refused is not None or d["reach"] != "normal":
            return refused
        return _too_far(s, f, start, what, mp, flying, rest)
    if decision.kind == "heresy.move.units" and verb in ("unit", "hero"):
        if (
            verb == "unit"
            and ":" not in rest
            and any(o.key.startswith(f"unit:{rest}:") for o in decision.options)
        ):
            # a click beside the pieces of a zone whose units may move: pick one of them
            return Msg(
                "heresy.why.pick_unit",
                {"zone": rest},
                decision.rules[0] if decision.rules else None,
            )
        return _why_not_mover(s, f, verb, rest)
    return None


def _raid_target(s: HeresyState, f: Frame, zone: str) -> Msg | None:
    """HH-21.19: Raid Éclair's target is an enemy or contested zone of the order's sector."""
    if zone in s.impassable:
        return Msg("heresy.why.impassable", {"zone": zone}, "HH-12.5")
    if zone not in s.content.graph.sector_zones(f.data["sector"]):
        return Msg(
            "heresy.why.not_in_sector", {"zone": zone, "sector": f.data["sector"]}, "HH-21.19"
        )
    if not units_of(s, zone, 1 - f.seat):
        return Msg("heresy.why.no_enemy", {"zone": zone}, "HH-21.19")
    return None


def _why_not_mover(s: HeresyState, f: Frame, verb: str, rest: str) -> Msg | None:
    """A unit or Hero that may not move now: none there, its zone activated (HH-21.7) or
    contested (AMB-24), already moved, or no destination within its MP (HH-21.24)."""
    seat = f.seat
    if verb == "hero":
        zone = s.heroes.get(rest, "")
        if not zone or rest not in s.content.heroes.ids() or hero_side(s, rest) != seat:
            return None
        what, mp, flying = rest, s.content.heroes[rest].move, False
        moved = rest in f.data["heroes_moved"]
    else:
        zone, _, text = rest.partition(":")
        if zone not in s.content.zones.ids():
            return None
        mine = [u for u in units_of(s, zone, seat) if not text or label(u) == text]
        if not mine:
            return Msg("heresy.why.no_unit", {"zone": zone}, "HH-21.17")
        what = text or label(mine[0])
        kind = s.content.units[mine[0][1]]
        mp, flying = kind.move, kind.flying
        done = f.data["moved"].get(zone, {})
        moved = all(
            done.get(label(u), 0) >= sum(1 for v in mine if label(v) == label(u)) for u in mine
        )
    types = zone_types(s, seat)
    if activated(s, zone, seat):
        return Msg("heresy.why.activated", {"zone": zone}, "HH-21.7")
    if types[zone] == CONTESTED and not s.rules.leave_contested:
        return Msg("heresy.why.contested_start", {"zone": zone}, "AMB-24")
    if moved:
        return Msg("heresy.why.already_moved", {"zone": zone}, "HH-21.24")
    if f.data["reach"] != "normal":
        return None
    costs = movement.reach(s, seat, zone, FAR, flying, types)
    dests = [z for z in movement.destinations(s, f, types) if z != zone and z in costs]
    if not dests:
        return Msg("heresy.why.unreachable_plain", {"what": what}, "HH-21.24")
    near = min(dests, key=lambda z: (costs[z], z))
    if costs[near] <= mp:
        return None  # it may move: nothing to explain
    args = {"what": what, "zone": near, "cost": costs[near], "mp": mp}
    return Msg("heresy.why.unreachable", args, "HH-21.24")


# --- attacks -----------------------------------------------------------------------------


def _battle_target(s: HeresyState, f: Frame, verb: str, zone: str) -> Msg | None:
    """HH-25.3: a zone of the order's sector with an enemy unit or Hero, attacked from an
    origin zone (HH-25.5)."""
    if verb != "target" or zone not in s.content.zones.ids():
        return None
    seat = f.data["att"]
    if zone in s.impassable:
        return Msg("heresy.why.impassable", {"zone": zone}, "HH-12.5")
    if f.data["sector"] and zone not in s.content.graph.sector_zones(f.data["sector"]):
        return Msg(
            "heresy.why.not_in_sector", {"zone": zone, "sector": f.data["sector"]}, "HH-25.3"
        )
    enemy_hero = any(z == zone and hero_side(s, h) != seat for h, z in s.heroes.items())
    if not units_of(s, zone, 1 - seat) and not enemy_hero:
        return Msg("heresy.why.no_enemy", {"zone": zone}, "HH-25.3")
    if not units_of(s, zone, seat) and not joining.origin_zones(s, f, zone):
        return Msg("heresy.why.no_origin", {"zone": zone}, "HH-25.5")
    return None


def _battle_origin(s: HeresyState, f: Frame, verb: str, zone: str) -> Msg | None:
    """HH-25.4, HH-25.5: adjacent to the target, one of the attacker's units there, not
    activated for him (HH-21.7), within the order's number of origin zones."""
    if verb != "origin" or zone not in s.content.zones.ids():
        return None
    seat, target = f.data["att"], f.data["target"]
    if zone in f.data["origins"]:
        return Msg("heresy.why.origin_taken", {"zone": zone}, "HH-25.4")
    if zone not in neighbours(s, target):
        return Msg("heresy.why.not_adjacent", {"zone": zone, "to": target}, "HH-25.5")
    if not units_of(s, zone, seat):
        return Msg("heresy.why.no_unit", {"zone": zone}, "HH-25.5")
    if activated(s, zone, seat):
        return Msg("heresy.why.activated", {"zone": zone}, "HH-21.7")
    if not joining.room_for_origin(f):
        return Msg("heresy.why.origin_limit", {}, "HH-25.4")
    return None
