"""Choosing the action (HH-14.11..HH-14.16): every order in hand, on top of one's own piles
or in the card reserve is weighed in every sector it may act in, by what its execution
would gain (an attack, a movement, a landing, reinforcements), minus the initiative it
costs (HH-14.9, HH-19.1) and the card it spends.

What an order does is read from the engine itself: its start function is run on a scratch
copy and the frame it pushes (battle, move, landing, ...) says how to weigh it, so new
content needs no change here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.games.heresy import orders, strategic
from arbitre.games.heresy.ai import fight, landings, moves
from arbitre.games.heresy.ai import values as V
from arbitre.games.heresy.ai.context import Ctx
from arbitre.games.heresy.ai.evaluate import Board
from arbitre.games.heresy.ai.sample import guess
from arbitre.games.heresy.joining import ITERATIONS, ORIGIN_LIMIT
from arbitre.games.heresy.state import ACTIVE, Frame, HeresyState

Answer = Callable[[Any, HeresyState, Decision], str]


@dataclass(slots=True)
class Plan:
    action: str  # place | map | hand | bury | draw
    score: float
    card: str = ""  # order instance
    sector: str = ""
    detail: Any = field(default=None, repr=False)


_TEMPLATES: dict[tuple[int, str, bool, str, int], Frame | None] = {}


def template(s: HeresyState, seat: int, card: str, sector: str, from_map: bool) -> Frame | None:
    """The frame the order's effect pushes in `sector` (None: no effect the engine knows);
    its data name the sector (landing targets, reinforcement zones, bombarded zones)."""
    cid = strategic.card_id(card)
    key = (id(s.content), cid, from_map, sector, seat)
    if key in _TEMPLATES:
        return _TEMPLATES[key]
    c = s.content.orders[cid]
    scratch = s.copy()
    scratch.stack = []
    orders.effect(c)(scratch, seat, card, sector, from_map)
    frame = scratch.stack[-1] if scratch.stack else None
    _TEMPLATES[key] = frame
    return frame


def battle_shape(s: HeresyState, card: str, frame: Frame) -> tuple[int, int]:
    """Iterations and origin-zone limit of an attack order (HH-24.4, HH-25.4)."""
    c = strategic.order(s, card)
    iters = frame.data.get("iters") or c.iterations or ITERATIONS.get(c.id, 4)
    limit = frame.data.get("limit", ORIGIN_LIMIT.get(c.id, 0))
    if c.origins == "one":
        limit = 1
    return int(iters), int(limit)


class Planner:
    """Weighs executions once per (order shape, sector) for one decision."""

    def __init__(
        self,
        ctx: Ctx,
        answer: Answer | None = None,
        memo: dict[tuple[Any, ...], tuple[float, Any]] | None = None,
    ) -> None:
        self.ctx = ctx
        self.answer = answer  # nested answers for effects played out on a guess
        self.board = Board(ctx)
        self.base = self.board.value()
        # executions weighed, shared by the planners of one board (agent.HeresyAI.planner)
        self._memo: dict[tuple[Any, ...], tuple[float, Any]] = {} if memo is None else memo

    def execution(self, card: str, sector: str, from_map: bool) -> tuple[float, Any]:
        """What executing `card` in `sector` would gain (before its costs)."""
        ctx, s = self.ctx, self.ctx.s
        f = template(s, ctx.me, card, sector, from_map)
        if f is None:
            return 0.0, None
        kind = f.kind
        if kind == "battle":
            iters, limit = battle_shape(s, card, f)
            key: tuple[Any, ...] = ("battle", sector, iters, limit)
        elif kind == "move":
            if f.data.get("raid"):
                return 0.0, None
            key = ("move", sector, f.data["mode"], f.data.get("reach", "normal"))
        elif kind == "landing":
            d = f.data
            key = ("landing", sector, d["kind"], d["limit"], d["by"], d["vs"])
        else:
            key = ("other", kind, sector, repr(sorted(f.data.items())))
        if key in self._memo:
            return self._memo[key]
        got = self._weigh(f, key, sector)
        self._memo[key] = got
        return got

    def _weigh(self, f: Frame, key: tuple[Any, ...], sector: str) -> tuple[float, Any]:
        ctx, board = self.ctx, self.board
        if key[0] == "battle":
            found = fight.attacks(ctx, board, sector, key[2], key[3])
            return (found[0].gain, found[0]) if found else (0.0, None)
        if key[0] == "move":
            gain, dest, mv = moves.plan_moves(ctx, board, sector, key[2] == "one", key[3])
            if mv and f.data.get("activate"):
                gain -= V.ACTIVATION * len(mv)
            return gain, (dest, mv)
        if key[0] == "landing":
            got = landings.best(ctx, board, f)
            return (got.gain, got) if got is not None else (0.0, None)
        if f.kind == "tanks":
            return landings.tanks_gain(ctx, board, sector)
        if f.kind == "vigor":
            zones = [
                board.count(z, ctx.me)
                for z in ctx.st.sectors.get(sector, ())
                if ctx.s.marks[ctx.me].get(z) == ACTIVE
            ]
            zones.sort(reverse=True)
            return V.ACTIVATION * 2 * sum(zones[: f.data.get("left", 1)]), None
        if f.kind == "bombard" and f.data.get("kind") == "orbital" and f.seat == ctx.me:
            return self._orbital(f), None
        return self._simulated(f, sector), None

    def _orbital(self, f: Frame) -> float:
        """An orbital bombardment order (HH-35.6): the best zone and mode by the expected
        damage over the Bombardment deck; several cards to choose from count more."""
        from arbitre.games.heresy.ai.chores import expect

        zones = f.data.get("zones")
        if zones is None:
            zones = sorted(self.ctx.st.terra)
        best = 0.0
        for z in zones:
            if not self.board.count(z, self.ctx.opp):
                continue
            for mode in ("precise", "saturation"):
                best = max(best, expect(self.ctx, self.board, z, mode))
        return best * (1.0 + 0.25 * (int(f.data.get("draw", 1)) - 1))

    def _simulated(self, f: Frame, sector: str, samples: int = 2) -> float:
        """Any other effect: played out on guesses of the hidden cards, every choice it
        asks answered by this AI, and the board valued after it (the mean)."""
        from arbitre.games.heresy.rules import Heresy, settle

        if self.answer is None:
            return 0.0
        ctx = self.ctx
        r = Heresy()
        total = 0.0
        for k in range(samples):
            twin = guess(ctx.s, ctx.me, ctx.rng("execute", f.kind, sector, k))
            before = Board(Ctx(twin, ctx.me)).value()
            twin.stack = [f.copy()]
            settle(twin)
            for _ in range(60):
                d = twin.cached
                if d is None or twin.over:
                    break
                r.apply(twin, self.answer(r, twin, d))
            if twin.over:
                total += V.WIN if twin.winner == ctx.me else -V.WIN
            else:
                total += Board(Ctx(twin, ctx.me)).value() - before
        return total / samples

    # -- the five actions --------------------------------------------------------------
    def quality(self) -> float:
        """The most any order in hand or on top of one's piles would gain now."""
        s, me = self.ctx.s, self.ctx.me
        best = 0.0
        sectors = [sec.id for sec in s.content.sectors]
        for card in dict.fromkeys(s.hands[me]):
            for sector in sectors:
                best = max(best, self.execution(card, sector, False)[0])
        for sector, card in strategic.executable_tops(s, me):
            best = max(best, self.execution(card, sector, True)[0])
        return best

    def plans(self, only: str = "") -> list[Plan]:
        ctx, s = self.ctx, self.ctx.s
        me = ctx.me
        lam = V.INITIATIVE[me]
        hand = s.hands[me]
        out: list[Plan] = []
        sectors = [sec.id for sec in s.content.sectors]
        poor = self.quality() < V.POOR_HAND
        if only in ("", "map"):
            for sector, card in strategic.executable_tops(s, me):
                gain, detail = self.execution(card, sector, True)
                out.append(Plan("map", gain - lam - self._spend(card), card, sector, detail))
        if only in ("", "hand"):
            for card in dict.fromkeys(hand):
                cost = strategic.cost(s, card)
                for sector in sectors:
                    gain, detail = self.execution(card, sector, False)
                    score = gain - lam * cost - self._spend(card)
                    out.append(Plan("hand", score, card, sector, detail))
        if only in ("", "place"):
            # a full hand of poor orders: placing the worst one makes room to draw
            junk = self._worst(hand) if poor and len(hand) >= strategic.HAND_LIMIT else ""
            for card in dict.fromkeys(hand):
                for sector in sectors:
                    gain, _ = self.execution(card, sector, True)
                    score = V.PLACE_DISCOUNT * gain - 2 * lam - self._spend(card)
                    score -= self._covers(sector)
                    if card == junk:
                        score = max(score, V.CYCLE - lam - self._covers(sector))
                    out.append(Plan("place", score, card, sector))
        if only in ("", "draw") and len(hand) < strategic.HAND_LIMIT:
            out += self._draws(lam, poor)
        if only in ("", "bury"):
            out += self._buries(lam)
        out.sort(key=lambda p: -p.score)
        return out

    def _worst(self, hand: list[str]) -> str:
        sectors = [sec.id for sec in self.ctx.s.content.sectors]
        return min(
            dict.fromkeys(hand),
            key=lambda c: (max(self.execution(c, sec, True)[0] for sec in sectors), c),
        )

    def _spend(self, card: str) -> float:
        return 0.0 if strategic.order(self.ctx.s, card).reusable else V.CARD_USE

    def _covers(self, sector: str) -> float:
        """Placing on one's own executable top card hides it until the new one is used."""
        pile = self.ctx.s.piles.get(sector, [])
        if pile and pile[-1][1] == self.ctx.me:
            return 1.0
        return 0.0

    def _draws(self, lam: float, poor: bool) -> list[Plan]:
        ctx, s = self.ctx, self.ctx.s
        missing = strategic.HAND_LIMIT - len(s.hands[ctx.me])
        out = []
        if strategic.can_draw_from_deck(s, ctx.me):
            extra = V.CYCLE if poor else 0.0
            out.append(Plan("draw", V.DRAW_VALUE * missing + extra - lam, "deck"))
        for card in dict.fromkeys(s.card_reserve[ctx.me]):
            best = max(
                (self.execution(card, sec.id, False)[0] for sec in s.content.sectors), default=0.0
            )
            out.append(Plan("draw", 0.5 * max(0.0, best) + 0.2 * missing - lam, card))
        return out

    def _buries(self, lam: float) -> list[Plan]:
        """HH-14.15: the opponent's top card where he has units next to mine."""
        ctx, s = self.ctx, self.ctx.s
        out = []
        for sector, pile in s.piles.items():
            if not pile:
                continue
            owner = pile[-1][1]
            if owner == ctx.me:
                continue
            mine = sum(self.board.count(z, ctx.me) for z in ctx.st.sectors.get(sector, ()))
            score = V.BURY_VALUE * (1.0 + min(3, mine) / 3.0) - lam
            out.append(Plan("bury", score, "", sector))
        if not out:
            out += [Plan("bury", -lam - 1.0, "", z) for z, p in s.piles.items() if p][:1]
        return out
