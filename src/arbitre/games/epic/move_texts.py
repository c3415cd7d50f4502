"""A move in words (issue 13), for every option of a move decision: "Aller vers le
nord-est, 12 cm", "Vers Dreadnought (b), 14,2 cm", "Au contact de …", "Rester sur place";
two options that would read the same say their heading, then their bearing.

Issue 14: a move decision names some twenty moves, each asked of the table again; here
what the texts read (the detachment's stands, the enemy stands) is read once per decision,
and each text is built once with what it reads, on the same floats as before."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.epic import moves
from arbitre.games.epic.headings import rounded
from arbitre.games.epic.state import EpicState

COMPASS = ("e", "ne", "n", "nw", "w", "sw", "s", "se")  # north: the top edge (y = 0)
Said = tuple[str, tuple[tuple[str, object], ...]]  # what an option reads: key, arguments


class _Table:
    """What the words of one detachment's moves read: its stands, the enemy stands."""

    __slots__ = ("contact", "dets", "foes", "near_first", "own", "spread")

    def __init__(self, s: EpicState, did: int) -> None:
        side = s.dets[did].side
        self.own = [(st.x, st.y) for st in s.alive(did)]
        self.foes = [(e.x, e.y, e.det) for e in s.foes_of(side)]
        self.dets = s.dets  # their names (`spec`), read as a text needs one (issue 15)
        self.contact = s.dets[did].order == "charge"
        # the enemy stands with their place in table order, the nearest to the
        # detachment's first stand first: listed when `nearest` is first asked
        self.near_first: list[tuple[float, int, float, float, int]] | None = None
        self.spread = 0.0  # the farthest own stand from the first, with `near_first`

    def nearest(self, dx: float, dy: float) -> int | None:
        """The enemy detachment nearest to where the detachment's stands end: that of the
        enemy stand with the smallest gap (its smallest distance to an end), the first in
        table order among equal gaps.

        Issue 15: an enemy farther from the ends' box on x or y than the best gap so far
        (+ 1e-9 against float noise: a distance is at least its gap on either axis) is
        no nearer, so it is passed over; the enemies are met nearest first, so that a
        small gap is found early. In any order, (gap, place in table order) decides.

        Seventh round: met in that order (by L1 distance k from the first stand before
        the move), an enemy's gap is at least k / √2 − (the farthest stand from the
        first) − (the move's length); once that bound passes the best gap (+ 1e-6), every
        later enemy is farther still, and the search stops."""
        foes = self.near_first
        if foes is None:
            if not self.own:  # every gap infinite: the first enemy in table order
                return self.foes[0][2] if self.foes else None
            ox, oy = self.own[0]
            # (k, place, x, y, detachment): sorted on (k, place), as a stable sort on k
            foes = self.near_first = sorted(
                [
                    (abs(ex - ox) + abs(ey - oy), at, ex, ey, edet)
                    for at, (ex, ey, edet) in enumerate(self.foes)
                ]
            )
            self.spread = max([math.hypot(x - ox, y - oy) for x, y in self.own])
        ends = [(x + dx, y + dy) for x, y in self.own]
        x0 = x1 = ends[0][0]
        y0 = y1 = ends[0][1]
        for x, y in ends:
            if x < x0:
                x0 = x
            elif x > x1:
                x1 = x
            if y < y0:
                y0 = y
            elif y > y1:
                y1 = y
        hypot = math.hypot
        best, best_at, best_det = math.inf, -1, None
        far = math.inf  # best + 1e-9: farther than this on one axis is passed over
        beyond = math.inf  # an L1 distance k past which no enemy is as near as the best
        slack = self.spread + hypot(dx, dy) + 1e-6
        for k, at, ex, ey, edet in foes:
            if k > beyond:
                break
            if ex - x1 > far or x0 - ex > far or ey - y1 > far or y0 - ey > far:
                continue
            gap = math.inf  # min() written out: the same floats, the same smallest
            for x, y in ends:
                g = hypot(ex - x, ey - y)
                if g < gap:
                    gap = g
            if gap < best or (gap == best and at < best_at):
                best, best_at, best_det = gap, at, edet
                far = best + 1e-9
                beyond = (best + slack) * 1.4143  # √2 = 1.41421…, rounded up
        return best_det

    def words(self, dx: float, dy: float, free: bool = False) -> tuple[Msg, Said]:
        """The move's text and what it reads (see `move_words`)."""
        got = _PLAIN.get((dx, dy))
        if got is None:
            got = _plain(dx, dy)
        sx, sy, cm, exact, plain = got
        if exact or free:
            return plain if plain is not None else _heading_words(dx, dy, sx, sy, cm)
        toward = self.nearest(dx, dy)
        if toward is None:
            return plain if plain is not None else _heading_words(dx, dy, sx, sy, cm)
        key = "epic.opt.move_contact" if self.contact else "epic.opt.move_toward"
        target = self.dets[toward].spec
        args = {"dx": sx, "dy": sy, "cm": cm, "target": target}
        return _option(Msg, (key, args, None)), (key, (("cm", cm), ("target", target)))


# What a move reads that depends on its vector alone (issue 14: the eight headings at a
# few allowances come back in every game, and `round` is slow): the shown vector, the
# length to 0.1 cm, whether it is staying put or lies within 0.5° of a heading, and its
# text as staying put or as that heading. A text's arguments are never changed, so one
# text may serve many decisions. Two keys equal as floats (0.0 and -0.0) read the same.
# Seventh round: the text of a move off the headings (toward an enemy, which mostly
# reads as such) is None here, built by `_heading_words` only when it is read.
Plain = tuple[float, float, float, bool, tuple[Msg, Said] | None]
_PLAIN: dict[tuple[float, float], Plain] = {}


def _plain(dx: float, dy: float) -> Plain:
    sx, sy = moves.shown(dx, dy)
    cm = rounded(math.hypot(dx, dy), 10.0, 1)  # = round(·, 1)
    if cm == 0:
        stay = Msg("epic.opt.stay", {"dx": sx, "dy": sy}), ("epic.opt.stay", ())
        got: Plain = (sx, sy, cm, True, stay)
    else:
        angle = math.degrees(math.atan2(-dy, dx)) % 360.0
        turns = round(angle / 45.0)
        exact = abs(angle - 45.0 * turns) < 0.5
        got = (sx, sy, cm, exact, _as_heading(sx, sy, cm, turns) if exact else None)
    if len(_PLAIN) >= 4096:  # bounded: moves toward enemies rarely come back
        _PLAIN.clear()
    _PLAIN[(dx, dy)] = got
    return got


def _as_heading(sx: float, sy: float, cm: float, turns: int) -> tuple[Msg, Said]:
    """A move's text as the heading `turns` × 45° from east, and what it reads."""
    heading = f"epic.dir.{COMPASS[turns % 8]}"
    args = {"dx": sx, "dy": sy, "cm": cm, "dir": heading}
    return Msg("epic.opt.move", args), ("epic.opt.move", (("cm", cm), ("dir", heading)))


def _heading_words(dx: float, dy: float, sx: float, sy: float, cm: float) -> tuple[Msg, Said]:
    """The text `_plain` leaves out, of a move (dx, dy) that is not staying put (cm > 0)
    and lies off the headings: read as its nearest heading (the same floats)."""
    turns = round((math.degrees(math.atan2(-dy, dx)) % 360.0) / 45.0)
    return _as_heading(sx, sy, cm, turns)


def _heads(plains: list[Plain]) -> list[tuple[Msg, Said]]:
    """The texts of moves that read as their vector alone (staying put or a heading:
    `_plain` built each of them)."""
    out = []
    for p in plains:
        words = p[4]
        assert words is not None  # every move read so has its text (`_plain`)
        out.append(words)
    return out


_option = tuple.__new__  # a NamedTuple (Option, Msg, Decision) without its Python __new__


def move_words(s: EpicState, did: int, dx: float, dy: float, free: bool = False) -> Msg:
    """A move in words (issue 13): "Aller vers le nord-est, 12 cm" for one of the eight
    headings (north is the table's top edge, y = 0), "Vers Dreadnought (b), 14,2 cm" for a
    move closing on an enemy ("Au contact de …" on a Charge), "Rester sur place"; the raw
    vector stays in the arguments `dx`, `dy` for the page and the AI. A `free` point (one the
    player pointed at) reads as its nearest heading."""
    return _Table(s, did).words(dx, dy, free)[0]


def _said(msg: Msg) -> Said:
    """What a move option reads (its key and arguments but the raw vector; EPC-11)."""
    pairs = []  # (a loop and `sort`, the same order: no comprehension's function, ninth round)
    for k, v in msg.args.items():
        if k != "dx" and k != "dy":
            pairs.append((k, v))
    pairs.sort()
    return msg.key, tuple(pairs)


def _heading(args: Mapping[str, Any]) -> str:
    angle = math.degrees(math.atan2(-float(args["dy"]), float(args["dx"]))) % 360.0
    return f"epic.dir.{COMPASS[round(angle / 45.0) % 8]}"


def _bearing(args: Mapping[str, Any]) -> int:
    """The compass bearing of a move in degrees: 0 north (the top edge), 90 east."""
    return round(math.degrees(math.atan2(float(args["dx"]), -float(args["dy"])))) % 360


def move_decision(
    s: EpicState, did: int, seat: int, cands: list[tuple[float, float]], purpose: str
) -> Decision:
    """A point decision: candidate keys "p:i", and any "x,y" the validator accepts."""
    text = _option(Msg, (f"epic.decide.{purpose}", {"det": s.dets[did].spec}, "EPC-11"))
    options = _options(s, did, cands)
    return _option(Decision, (seat, "epic.move", options, text, RULES, False))


RULES = ("EPC-11", "EP-2.5", "EP-2.6")


def _options(s: EpicState, did: int, cands: list[tuple[float, float]]) -> tuple[Option, ...]:
    """The options of a move decision. When every move reads as staying put or as one of
    the eight headings, its words depend on the vectors alone (`_plain`), so the options
    do too: they are kept per list of moves (issue 14: the same lists come back)."""
    key = tuple(cands)
    got = _OPTIONS.get(key)
    if got is not None:
        return got
    plains = [_PLAIN.get(v) or _plain(*v) for v in cands]
    k = 0  # the first move that reads more than its vector (eighth round: no generator)
    for p in plains:
        if not p[3]:
            break
        k += 1
    if k == len(plains):
        got = _named(_heads(plains))
        if len(_OPTIONS) >= 2048:
            _OPTIONS.clear()
        _OPTIONS[key] = got
        return got
    # issue 15: the moves before the first that reads more than its vector (a move toward
    # an enemy) are named as above, kept per list of moves with what they said; `_named`
    # goes on from there with the rest
    head = _HEADS.get(key[:k])
    if head is None:
        said: set[Said] = set()
        head = (_named(_heads(plains[:k]), said), frozenset(said))
        if len(_HEADS) >= 2048:
            _HEADS.clear()
        _HEADS[key[:k]] = head
    table = _Table(s, did)
    tail = _named([table.words(dx, dy) for dx, dy in cands[k:]], set(head[1]), k)
    return head[0] + tail


_OPTIONS: dict[tuple[tuple[float, float], ...], tuple[Option, ...]] = {}
# the named options of a list of plain moves, and what they said (`_named`'s `seen`)
_HEADS: dict[tuple[tuple[float, float], ...], tuple[tuple[Option, ...], frozenset[Said]]] = {}


_P_KEYS = tuple(f"p:{i}" for i in range(64))  # issue 15: the keys "p:i", built once


def _named(
    words: list[tuple[Msg, Said]], seen: set[Said] | None = None, start: int = 0
) -> tuple[Option, ...]:
    """The options "p:i" of the moves' words, from `start` on, the words of the moves
    before already in `seen` (which is added to): two that read the same, the second
    says its heading (toward an enemy), then its bearing."""
    if seen is None:
        seen = set()
    named = []
    for i, (msg, said) in enumerate(words, start):  # two that read the same: the second
        n = len(seen)
        seen.add(said)  # issue 15: added and counted, `said` hashed once
        if len(seen) == n:  # it was there: the text says more
            if "target" in msg.args:
                args = {**msg.args, "dir": _heading(msg.args)}
                msg = _option(Msg, ("epic.opt.move_toward_dir", args, None))
                said = _said(msg)
                n = len(seen)
                seen.add(said)
            if len(seen) == n:  # (still) there
                key = "epic.opt.move_bearing" if "target" in msg.args else "epic.opt.move_cap"
                msg = _option(Msg, (key, {**msg.args, "deg": _bearing(msg.args)}, None))
                seen.add(_said(msg))
        key = _P_KEYS[i] if i < len(_P_KEYS) else f"p:{i}"
        named.append(_option(Option, (key, msg)))  # Option(...) without its __new__
    return tuple(named)
