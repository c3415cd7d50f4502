"""Template weapons and bombs on the table (EPC-18, EP-16.15, EP-16.22, EP-16.38,
EP-16.41..16.43).

Reconstructed model (the v2 barrage table is lost; research §3.6 gives the v3 circles):
- A template weapon carries `template:D` (a D cm circle, v2 "Gabarit (6 cm)") and its
  `dice` are its Barrage Points (BP).
- Its owner places the template (a point decision: candidate points or any "x,y"): the
  centre must be in range, arc and line of sight of the firer (research §3.6). Every
  stand whose centre lies under it, friend or foe, takes BP to-hit dice at the weapon's
  to-hit and PA (ours).
- A template touching a Flyer in the air hits either the airborne stands or the ground
  stands beneath, the firer's choice, never both (EP-16.15, EP-16.22).
- Templates of one detachment combine (EPC-18): a stand under several is attacked by each.
  A Flyer squadron's templates never combine (EP-16.38), nor do bombs (EP-16.42): a stand
  under several is attacked once, by the strongest.
- Bombs (`bomb`, range 0) are dropped during a Flyer's move, centred on its line of
  movement, resolved at once (EP-16.41), and never hit airborne stands (EP-16.43).
"""

from __future__ import annotations

import math
from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.epic.fire import (
    Dice,
    Roll,
    eligible,
    flies,
    hq_candidates,
    modifiers_for,
    show_dice,
    take_hit,
    weapon_gun,
    weapons_of,
    wound,
)
from arbitre.games.epic.geometry import Point, line_of_sight, segment_distance
from arbitre.games.epic.profiles import Weapon
from arbitre.games.epic.shooting import GROUND, effective_range_distance
from arbitre.games.epic.state import EpicState, Frame, Stand
from arbitre.games.epic.targeting import battery, hits_any
from arbitre.games.epic.world import airborne, areas, det_has, in_front, pinned

ON_LINE_CM = 0.5  # EP-16.41: a bomb's centre within this of the line of movement (ours)
AIR, GROUND_LAYER = "air", "ground"
# (NamedTuples built without their Python __new__, fields in order: eighth round)
_new = tuple.__new__


def template_weapons(st: Stand) -> list[tuple[int, Weapon]]:
    """(index, weapon) of the stand's usable template weapons fired in the Combat phase."""
    prof = st.profile
    some = _ANY_TEMPLATE.get(st.unit)
    if some is None:  # issue 14: most units have none, and then the answer is []
        some = _ANY_TEMPLATE[st.unit] = any(w.has("template") for w in prof.weapons)
    if not some:
        return []
    usable = weapons_of(st)
    return [(i, w) for i, w in enumerate(prof.weapons) if w.has("template") and w in usable]


_ANY_TEMPLATE: dict[str, bool] = {}  # unit id -> whether a weapon of its profile is one


def bombs_of(st: Stand) -> list[tuple[int, Weapon]]:
    return [(i, w) for i, w in enumerate(st.profile.weapons) if w.has("bomb")]


def radius(w: Weapon) -> float:
    return (w.param("template") or 6) / 2


def may_aim(s: EpicState, st: Stand, w: Weapon, order: str | None, t: Stand) -> bool:
    """The template may be centred on `t` (range, arc, line of sight, EP-16.45)."""
    return eligible(s, st, weapon_gun(w), t, order) is not None


def template_targets(s: EpicState, did: int, order: str | None) -> list[int]:
    """Enemy detachments a template weapon of `did` may be centred on."""
    side = s.dets[did].side
    firers = [(st, w) for st in s.alive(did) for _i, w in template_weapons(st)]
    if not firers:
        return []
    # a template may be centred on a stand its weapon may shoot (may_aim), once per enemy
    guns = battery([(st, weapon_gun(w)) for st, w in firers if not pinned(s, st)])
    if not guns:
        return []
    return [e.did for e in s.dets if e.side != side and hits_any(s, guns, s.alive(e.did), order)]


def queue_templates(s: EpicState, did: int, target: int, order: str | None) -> None:
    """After a shooting action at `target`: one placement per template weapon able to
    reach it (EPC-18)."""
    todo = [
        [st.sid, i]
        for st in sorted(s.alive(did), key=lambda x: x.sid)
        if not pinned(s, st)
        for i, w in template_weapons(st)
        if any(may_aim(s, st, w, order, t) for t in s.alive(target))
    ]
    if todo:
        data = {"det": did, "target": target, "todo": todo, "placed": [], "bomb": False}
        s.stack.append(Frame("template", s.dets[did].side, data))


def queue_bombs(s: EpicState, did: int, paths: dict[int, list[float]]) -> None:
    """EP-16.41: bombers that flew this move may drop their bombs on their line."""
    todo = []
    for sid, _path in sorted(paths.items()):
        st = s.stands.get(sid)
        if st is None or st.bombed:
            continue
        todo += [[sid, i] for i, _w in bombs_of(st)]
    if todo:
        data = {"det": did, "target": -1, "todo": todo, "placed": [], "bomb": True}
        data["paths"] = {str(k): v for k, v in paths.items()}
        s.stack.append(Frame("template", s.dets[did].side, data))


def _covered(s: EpicState, p: Point, r: float) -> list[Stand]:
    # issue 14: st.point.to(p) on the coordinates (same floats); issue 15: a stand farther
    # than `lim` (+ 1e-9 for float noise) on x is farther than that (a distance is at
    # least its gap on either axis), so it is passed over before the distance
    px, py, hypot, lim = p.x, p.y, math.hypot, r + 1e-9
    far = lim + 1e-9
    return [
        st
        for st in s.stands.values()
        if -far <= px - st.x <= far and hypot(px - st.x, py - st.y) <= lim
    ]


def _score(s: EpicState, side: int, p: Point, r: float) -> int:
    return sum([1 if st.side != side else -2 for st in _covered(s, p, r)])  # no generator


def aim_points(s: EpicState, f: Frame) -> list[Point]:
    """Candidate centres, best first: on each reachable enemy stand and between two
    close ones; for a bomb, where the line of movement passes nearest each enemy."""
    sid, wi = f.data["todo"][0]
    st = s.stands[sid]
    w = st.profile.weapons[wi]
    r = radius(w)
    order = s.dets[st.det].order
    pts: list[Point] = []
    if f.data["bomb"]:
        x0, y0, x1, y1 = f.data["paths"][str(sid)]
        a, b = _new(Point, (x0, y0)), _new(Point, (x1, y1))
        # issue 15: the point nearest an enemy lies on the line, within the line's box
        # (+ 1e-6 for float noise), so an enemy farther than `r` from that box on one
        # axis is farther than `r` from it: passed over before it is projected
        lo_x, hi_x = min(x0, x1) - r - 1e-6, max(x0, x1) + r + 1e-6
        lo_y, hi_y = min(y0, y1) - r - 1e-6, max(y0, y1) + r + 1e-6
        for e in s.stands.values():
            if not (lo_x <= e.x <= hi_x and lo_y <= e.y <= hi_y):
                continue
            if e.side != st.side and not airborne(e):
                q = _project(e.point, a, b)
                if q.to(e.point) <= r:
                    pts.append(q)
    else:
        foes = [t for t in s.alive(f.data["target"]) if may_aim(s, st, w, order, t)]
        pts = [t.point for t in foes]
        for i, t in enumerate(foes):
            for u in foes[i + 1 :]:
                mid = Point((t.x + u.x) / 2, (t.y + u.y) / 2)
                if t.point.to(u.point) <= 2 * r and check_aim(s, f, mid) is None:
                    pts.append(mid)
    return best_points(s, st.side, pts, r)


def best_points(s: EpicState, side: int, pts: list[Point], r: float) -> list[Point]:
    """The twelve best distinct centres of `pts` (to the hundredth of an inch) for a
    template of radius `r` fired by `side`: most enemy stands under it, fewest friends."""
    seen: set[tuple[float, float]] = set()
    out = []
    for p in pts:
        key = (round(p.x, 2), round(p.y, 2))
        if key not in seen:
            seen.add(key)
            out.append(Point(*key))
    out.sort(key=lambda p: (-_score(s, side, p, r), p.x, p.y))
    return out[:12]


def _project(p: Point, a: Point, b: Point) -> Point:
    dx, dy = b.x - a.x, b.y - a.y
    n = dx * dx + dy * dy
    k = 0.0 if n == 0 else max(0.0, min(1.0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / n))
    return tuple.__new__(Point, (a.x + k * dx, a.y + k * dy))  # Point(…), faster


def check_aim(s: EpicState, f: Frame, p: Point) -> Msg | None:
    """Where a template may be centred: in range, arc and line of sight of the firer
    (research §3.6); a bomb on its line of movement (EP-16.41)."""
    sid, wi = f.data["todo"][0]
    st = s.stands[sid]
    w = st.profile.weapons[wi]
    if f.data["bomb"]:
        x0, y0, x1, y1 = f.data["paths"][str(sid)]
        if segment_distance(p, Point(x0, y0), Point(x1, y1)) > ON_LINE_CM:
            return Msg("epic.template.off_line", {}, "EP-16.41")
        return None
    if effective_range_distance(st.point.to(p), st.alt, GROUND) > w.range:
        return Msg("epic.template.range", {"max": w.range}, "EPC-18")
    if w.arc != 360 and not in_front(st, p):
        return Msg("epic.template.arc", {}, "EP-16.37")
    raised = airborne(st) or st.profile.cls >= 5
    if s.rules.los_terrain and not line_of_sight(st.point, p, areas(s), raised):
        return Msg("epic.template.los", {}, "EPC-14")
    return None


def check_point(s: EpicState, f: Frame, key: str) -> Msg | None:
    from arbitre.games.epic.moves import parse_point

    if f.data.get("layer_at") is not None:
        return Msg("epic.illegal.option", {"key": key}, "EP-16.15")
    p = parse_point(key)
    if p is None:
        return Msg("epic.move.bad_point", {"key": key}, "EPC-30")
    return check_aim(s, f, p)


def _prune(s: EpicState, f: Frame) -> None:
    while f.data["todo"] and f.data["todo"][0][0] not in s.stands:
        f.data["todo"].pop(0)


def decide_template(s: EpicState, f: Frame) -> Decision | None:
    det = s.dets[f.data["det"]].spec
    rules = ("EPC-18", "EP-16.41") if f.data["bomb"] else ("EPC-18", "EP-16.15")
    if f.data.get("layer_at") is not None:
        opts = (
            Option("layer:air", Msg("epic.opt.layer_air")),
            Option("layer:ground", Msg("epic.opt.layer_ground")),
        )
        text = Msg("epic.decide.layer", {"det": det}, "EP-16.15")
        return Decision(f.seat, "epic.layer", opts, text, ("EP-16.15", "EP-16.22"), private=False)
    _prune(s, f)
    if not f.data["todo"]:
        return None
    if f.memo is None:
        f.memo = aim_points(s, f)
    options = [
        _new(Option, (f"p:{i}", _new(Msg, ("epic.opt.aim", {"x": x, "y": y}, None))))
        for i, (x, y) in enumerate([(round(p.x, 1), round(p.y, 1)) for p in f.memo])
    ]
    if f.data["bomb"] or not options:
        options.append(Option("pass", Msg("epic.opt.no_template")))
    sid, wi = f.data["todo"][0]
    args = {"det": det, "weapon": f"epic.weapon.{s.stands[sid].unit}.{wi}"}
    text = _new(Msg, ("epic.decide.template", args, rules[1] if f.data["bomb"] else "EPC-18"))
    return _new(Decision, (f.seat, "epic.template", tuple(options), text, rules, False))


def choose_template(s: EpicState, f: Frame, key: str) -> None:
    from arbitre.games.epic.moves import parse_point

    if key.startswith("layer:"):
        x, y, sid, wi = f.data.pop("layer_at")
        f.data["placed"].append([x, y, sid, wi, key[6:]])
        return
    _prune(s, f)
    # a clone shares the decision but not the memo: the aim points are recomputed then
    memo = f.memo if f.memo is not None else aim_points(s, f)
    sid, wi = f.data["todo"].pop(0)
    f.memo = None
    if key == "pass":
        return
    p = memo[int(key[2:])] if key.startswith("p:") else parse_point(key)
    assert p is not None
    st = s.stands[sid]
    # where each template lands is public and told: two aim points that hit the same
    # stands must still read differently (conformance: distinct choices, distinct records)
    rule = "EP-16.41" if f.data["bomb"] else "EPC-18"
    aim = {"det": s.dets[st.det].spec, "x": round(p.x, 1), "y": round(p.y, 1)}
    s.log.append(Msg("epic.ev.aimed", aim, rule))
    if f.data["bomb"]:
        st.bombed = True
        f.data["placed"].append([p.x, p.y, sid, wi, GROUND_LAYER])  # EP-16.43
        return
    w = st.profile.weapons[wi]
    under = _covered(s, p, radius(w))
    layers = {airborne(t) and flies(t) for t in under if _hittable(s, st, w, t)}
    if len(layers) > 1:
        f.data["layer_at"] = [p.x, p.y, sid, wi]  # EP-16.15: the firer picks one
        return
    f.data["placed"].append([p.x, p.y, sid, wi, AIR if True in layers else GROUND_LAYER])


def _hittable(s: EpicState, st: Stand, w: Weapon, t: Stand) -> bool:
    """Airborne Flyers under a template are hit only by a weapon allowed to target them
    (EP-16.45/16.46, via eligible's arc-free checks); ground stands always."""
    if not (airborne(t) and flies(t)):
        return True
    return eligible(s, st, weapon_gun(w), t, s.dets[st.det].order) is not None


def auto_template(s: EpicState, f: Frame) -> None:
    """Resolve every template placed (EPC-18, EP-16.38, EP-16.42)."""
    s.stack.pop()
    did = f.data["det"]
    combine = not f.data["bomb"] and not det_has(s, did, "flyer")
    attacks: dict[int, list[list[Any]]] = {}
    for x, y, sid, wi, layer in f.data["placed"]:
        firer = s.stands.get(sid)
        if firer is None:
            continue
        w = firer.profile.weapons[wi]
        for t in _covered(s, Point(x, y), radius(w)):
            up = airborne(t)
            if (layer == AIR) != (up and flies(t)) or (f.data["bomb"] and up):
                continue  # EP-16.15/16.22, EP-16.43
            if not f.data["bomb"] and not _hittable(s, firer, w, t):
                continue
            attacks.setdefault(t.sid, []).append([sid, wi])
    hits = lost = 0
    to_hit: Dice = []  # issue 18: the dice shown in the event, as for a shot
    saves: Dice = []
    queued: dict[int, list[list[int]]] = {}
    for tsid, got in sorted(attacks.items()):
        if not combine:
            got = [max(got, key=lambda a: (s.stands[a[0]].profile.weapons[a[1]].dice, -a[1]))]
        for sid, wi in got:
            firer, victim = s.stands.get(sid), s.stands.get(tsid)
            if firer is None or victim is None:
                break
            w = firer.profile.weapons[wi]
            gun = weapon_gun(w)
            roll = Roll(s, firer, to_hit)
            for _ in range(w.dice):
                if victim.sid not in s.stands:
                    break
                mods = modifiers_for(s, gun, victim, victim.alt, False)
                if not roll.die(w.to_hit + mods):
                    continue
                hits += 1
                if not take_hit(s, firer, victim, gun, Roll(s, victim, saves)):
                    continue
                lost += 1
                if hq_candidates(s, victim):
                    queued.setdefault(victim.side, []).append([victim.sid, 0])
                else:
                    wound(s, victim, "EPC-18", False, gun.pa)
    for side, queue in sorted(queued.items()):
        s.stack.append(Frame("hq", side, {"queue": queue}))
    rule = "EP-16.41" if f.data["bomb"] else "EPC-18"
    args = {"det": s.dets[did].spec, "hits": hits, "lost": lost}
    args.update(to_hit=show_dice(to_hit), saves=show_dice(saves))
    s.log.append(Msg("epic.ev.template", args, rule))
