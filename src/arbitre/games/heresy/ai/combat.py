"""Answers inside a battle (HH-25.1..HH-31.9): target and origin zones, flyers joining,
engaging, who opens, which cards to play and when to retreat, effects and counters,
shields, assigning damage, routs and the advance.

Effects are weighed by trying them on a guess of the hidden cards (sample.guess) and
valuing the board after; everything else uses the battle model (odds.py) or the what-if
board (evaluate.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitre.engine.decision import Decision
from arbitre.games.heresy import damage as dmg
from arbitre.games.heresy.ai import fight, odds
from arbitre.games.heresy.ai import values as V
from arbitre.games.heresy.ai.context import Card, Ctx
from arbitre.games.heresy.ai.evaluate import Board
from arbitre.games.heresy.ai.landings import parse_label
from arbitre.games.heresy.ai.moves import advance_plan
from arbitre.games.heresy.ai.plans import Planner
from arbitre.games.heresy.ai.sample import guess
from arbitre.games.heresy.state import Frame, Unit

if TYPE_CHECKING:
    from arbitre.games.heresy.ai.agent import HeresyAI


def _battle(ctx: Ctx) -> Frame:
    return next(f for f in reversed(ctx.s.stack) if f.kind == "battle")


def _units(ctx: Ctx, f: Frame, seat: int) -> list[Unit]:
    out = []
    for z, t in dmg.engaged(f, seat):
        u = parse_label(seat, t)
        if u in ctx.s.units.get(z, ()):
            out.append(u)
    return out


def _plan(pl: Planner, f: Frame) -> fight.Attack | None:
    d = f.data
    found = fight.attacks(pl.ctx, pl.board, d["sector"], d["iters"], d["limit"])
    return found[0] if found else None


# --- joining ---------------------------------------------------------------------------


def target(pl: Planner, dec: Decision) -> str:
    best = _plan(pl, _battle(pl.ctx))
    if best is None or best.gain < -2.0 or dec.find(f"target:{best.target}") is None:
        return "ignore"
    return f"target:{best.target}"


def origin(pl: Planner, dec: Decision) -> str:
    ctx, f = pl.ctx, _battle(pl.ctx)
    d = f.data
    found = [
        a
        for a in fight.attacks(ctx, pl.board, d["sector"], d["iters"], d["limit"])
        if a.target == d["target"]
    ]
    wanted = found[0].origins if found else []
    for z in wanted:
        if dec.find(f"origin:{z}") is not None:
            return f"origin:{z}"
    if dec.find("done") is not None:
        return "done"
    keys = [o.key for o in dec.options]
    keys.sort(key=lambda k: -pl.board.power(k[7:])[ctx.me])
    return keys[0]


def fly(pl: Planner, dec: Decision) -> str:
    """HH-25.8, HH-25.9: flyers (and the Khan) join into zones already chosen first; one
    that leaves a zone it alone holds stays."""
    ctx, f = pl.ctx, _battle(pl.ctx)
    origins = f.data["origins"]
    ranked = []
    for o in dec.options:
        if o.key == "done":
            continue
        parts = o.key.split(":")
        dest = parts[-1]
        if parts[0] == "fly":
            zone, text = parts[1], parts[2]
            u = parse_label(ctx.me, text)
            if u not in pl.board.units.get(zone, ()):
                continue
            b = pl.board.copy()
            b.take(zone, u)
            if b.value() - pl.board.value() + b.worth(u) < -1.0:
                continue
        ranked.append((0 if dest in origins else 1, o.key))
    ranked.sort()
    if ranked and (ranked[0][0] == 0 or f.data["limit"] == 0):
        return ranked[0][1]
    return "done"


def ability(pl: Planner, dec: Decision) -> str:
    """HH-32.5: an orbital bombardment of the target, unless own units stand there."""
    f = _battle(pl.ctx)
    if pl.board.count(f.data["target"], pl.ctx.me):
        return "decline"
    return next((o.key for o in dec.options if o.key != "decline"), "decline")


def engage(pl: Planner, dec: Decision) -> str:
    """HH-25.12: every unit and every Hero but the commander."""
    cmd = pl.ctx.st.commander[pl.ctx.me]
    for o in dec.options:
        if o.key.startswith("unit:") or (o.key.startswith("hero:") and o.key[5:] != cmd):
            return o.key
    return "done"


# --- the model on the battle in progress ---------------------------------------------------


def _forces(ctx: Ctx, f: Frame) -> tuple[odds.Force, odds.Force, int]:
    d = f.data
    board = Board(ctx)
    fortress = ctx.fortified(d["target"])
    sides = []
    for seat, attacker in ((d["att"], True), (d["def"], False)):
        units = _units(ctx, f, seat)
        heroes = dmg.engaged_heroes(ctx.s, f, seat)
        sides.append(fight.force(ctx, board, seat, units, heroes, attacker, fortress, True))
    from arbitre.games.heresy.joining import fortification

    return sides[0], sides[1], fortification(ctx.s, f)


def _outlook(ctx: Ctx, f: Frame, first: int, it0: int) -> odds.Outcome:
    att, dfn, fort = _forces(ctx, f)
    rng = ctx.rng("battle", f.data["target"], it0, first)
    return odds.simulate(att, dfn, f.data["iters"], first, fort, rng, V.SAMPLES, it0)


def _score(ctx: Ctx, f: Frame, out: odds.Outcome) -> float:
    att = f.data["att"] == ctx.me
    gain = out.gain(att)
    gain += V.WIN * (out.commander[1] - out.commander[0]) * (1 if att else -1)
    return gain


def first(pl: Planner, dec: Decision) -> str:
    """HH-26.9: the defender picks who opens, by the model."""
    ctx, f = pl.ctx, _battle(pl.ctx)
    a = _score(ctx, f, _outlook(ctx, f, 0, 1))
    b = _score(ctx, f, _outlook(ctx, f, 1, 1))
    return "first:attacker" if a >= b else "first:defender"


def _hold_value(ctx: Ctx, f: Frame) -> float:
    """What keeping the target is worth to its defender (positional, HH-30.11)."""
    board = Board(ctx)
    zone = f.data["target"]
    b = board.copy()
    for u in list(b.units.get(zone, ())):
        if u[0] == ctx.me:
            b.take(zone, u)
    mine = sum(board.worth(u) for u in board.units.get(zone, ()) if u[0] == ctx.me)
    return board.value() - b.value() - mine


def play(pl: Planner, dec: Decision) -> str:
    """HH-26.11..HH-26.13, HH-30.1: retreat when the model says the battle is lost;
    else play the strongest strikes up to the iteration's limit (odds.choose_play), no more
    than can hurt the enemy."""
    ctx, f = pl.ctx, _battle(pl.ctx)
    d = f.data
    retreats = [o.key for o in dec.options if o.key.startswith("retreat")]
    if retreats and not d["played"]:
        me_first = 0 if d["att"] == ctx.me else 1
        out = _outlook(ctx, f, me_first, d["it"])
        stay = _score(ctx, f, out)
        if d["def"] == ctx.me:
            stay -= out.cleared * _hold_value(ctx, f)
            leave = -_hold_value(ctx, f)
        else:
            leave = 0.0
        if stay < leave - 1.5:
            return _retreat_key(pl, retreats)
    hand = [c for c in ctx.hand() if c not in d["played"]]
    cards = [(ctx.card(c), c) for c in hand]
    units = _units(ctx, f, ctx.me)
    heroes = dmg.engaged_heroes(ctx.s, f, ctx.me)
    fortress = ctx.fortified(d["target"])
    met = frozenset(fight.met(ctx, units, heroes, d["att"] == ctx.me, fortress))
    room = d["it"] - len(d["played"])
    keep = d["it"] < d["iters"] and bool(ctx.s.combat_hands[ctx.opp])
    chosen = odds.choose_play([c for c, _ in cards], room, met, keep)
    enemy = _units(ctx, f, ctx.opp)
    need = sum(ctx.rank(u) - u[3] for u in enemy) + 2 * len(ctx.s.combat_hands[ctx.opp])
    if d["att"] == ctx.me:
        from arbitre.games.heresy.joining import fortification

        need += fortification(ctx.s, f)
    done = sum(ctx.card(c)[0] for c in d["played"])
    if not enemy:
        need = 99  # the Heroes take what is left (HH-29.4)
    for card in chosen:
        if done >= need and card[2] <= 0:
            break
        key = next(c for k, c in cards if k == card)
        if dec.find(f"card:{key}") is not None:
            return f"card:{key}"
        done += card[0]
    if d["played"]:
        return "done"
    return "pass" if dec.find("pass") is not None else dec.options[0].key


def _retreat_key(pl: Planner, keys: list[str]) -> str:
    if "retreat" in keys:
        return "retreat"
    best, key = -1e9, keys[0]
    for k in keys:
        zone = k.partition(":")[2]
        v = pl.board.power(zone)[pl.ctx.me] - 2.0 * pl.board.near(zone, pl.ctx.opp)
        if v > best:
            best, key = v, k
    return key


# --- effects and counters (HH-26.14..HH-28.2) -----------------------------------------------


def _try(ai: HeresyAI, pl: Planner, key: str) -> float:
    """The board's worth after the effect `key`, on a guess of the hidden cards."""
    from arbitre.games.heresy.rules import Heresy

    ctx = pl.ctx
    r = Heresy()
    twin = guess(ctx.s, ctx.me, ctx.rng("effect", key))
    before = Board(Ctx(twin, ctx.me)).value()
    depth = len(twin.stack)
    r.apply(twin, key)
    for _ in range(60):
        d = twin.cached
        if d is None or len(twin.stack) < depth:
            break
        top = twin.stack[-1]
        if top.kind == "battle" and top.data["stage"] not in ("effect", "counter", "pick"):
            break
        counter = d.kind == "heresy.battle.counter"
        r.apply(twin, "accept" if counter else ai.answer(r, twin, d, nested=True))
    if twin.over:
        return V.WIN if twin.winner == ctx.me else -V.WIN
    return Board(Ctx(twin, ctx.me)).value() - before


def effect(ai: HeresyAI, pl: Planner, dec: Decision, nested: bool) -> str:
    none = "none" if dec.find("none") is not None else "done"
    if nested:
        return none
    best, key = 0.05, none
    for o in dec.options:
        if o.key.startswith("effect:"):
            v = _try(ai, pl, o.key)
            if v > best:
                best, key = v, o.key
    return key


def counter(pl: Planner, dec: Decision) -> str:
    """HH-26.16: pay the counter with the cheapest shield cards when the effect is worth
    more than they are."""
    ctx, f = pl.ctx, _battle(pl.ctx)
    d = f.data
    worth = ctx.card(d["eff"])[2]
    need = (ctx.s.content.combat[d["eff"].partition("#")[0]].counter or 0) - d["paid"]
    cards = sorted(
        ((ctx.card(o.key[5:]), o.key) for o in dec.options if o.key.startswith("card:")),
        key=lambda x: ((x[0][0] + x[0][2] + 0.5 * x[0][1]) / max(1, x[0][1]), x[1]),
    )
    spent, total = 0.0, 0
    for c, _k in cards:
        if total >= need:
            break
        spent += c[0] + c[2] + 0.5 * c[1]
        total += c[1]
    if total < need or worth < 1.0 or spent > worth + 1.0:
        return "accept"
    return cards[0][1]


# --- damage ---------------------------------------------------------------------------------


def _loss(ctx: Ctx, units: list[Unit], n: int) -> float:
    board = Board(ctx)
    return odds._assign([[float(ctx.rank(u) - u[3]), board.worth(u)] for u in units], n)


def shields(pl: Planner, dec: Decision) -> str:
    """HH-28.4: a shield card when what it saves is worth more than the card."""
    ctx, f = pl.ctx, _battle(pl.ctx)
    d = f.data
    left = d["dmg"]
    units = _units(ctx, f, ctx.me)
    save_unit = 0.0 if units else 3.0  # my Heroes take it (HH-29.4): the commander first
    base = _loss(ctx, units, left)
    later = d["it"] < d["iters"]
    best, key = 0.2, "done"
    for o in dec.options:
        if not o.key.startswith("card:"):
            continue
        c: Card = ctx.card(o.key[5:])
        saved = base - _loss(ctx, units, max(0, left - c[1])) + save_unit * min(left, c[1])
        cost = (c[0] + (c[2] if not c[3] else 0.5 * c[2])) * (0.8 if later else 0.0)
        if saved - cost > best:
            best, key = saved - cost, o.key
    return key


def assign(pl: Planner, dec: Decision) -> str:
    """HH-29.3: kill the most valuable unit the points left can kill; else wound the one
    nearest to death; Heroes (HH-29.4): the commander first."""
    ctx, f = pl.ctx, _battle(pl.ctx)
    left = f.data["dmg"]
    cmd = ctx.st.commander[ctx.opp]
    if dec.find(f"hero:{cmd}") is not None:
        return f"hero:{cmd}"
    board = pl.board
    best: tuple[float, str] | None = None
    wound: tuple[float, str] | None = None
    for o in dec.options:
        if not o.key.startswith("unit:"):
            continue
        u = parse_label(ctx.opp, o.key[5:].partition(":")[2])
        hp = ctx.rank(u) - u[3]
        if hp <= left:
            w = board.worth(u)
            if best is None or w > best[0]:
                best = (w, o.key)
        elif wound is None or hp < wound[0]:
            wound = (hp, o.key)
    if best is not None:
        return best[1]
    if wound is not None:
        return wound[1]
    return dec.options[0].key


def pick(pl: Planner, dec: Decision) -> str:
    """A card effect's choice: enemy units, the most valuable; own units, the least;
    otherwise the option the board values most."""
    ctx = pl.ctx
    board = pl.board
    best: tuple[float, str] | None = None
    for o in dec.options:
        verb, _, rest = o.key.partition(":")
        if verb == "done":
            continue
        if verb == "unit":
            text = rest.partition(":")[2]
            side = 0 if ctx.units[text.split("/")[0]].side == "imperial" else 1
            u = parse_label(side, text)
            v = board.worth(u) if side == ctx.opp else -board.worth(u)
        elif verb == "hero":
            v = 10.0 if rest == ctx.st.commander[ctx.opp] else 1.0
            if ctx.st.heroes_side.get(rest) == ctx.me:
                v = -v
        elif verb == "card":
            c = ctx.card(rest)
            v = c[0] + c[1] + c[2]
        elif verb == "back":
            v = 1.0 if rest == "hero_combat" else 0.5
        elif verb == "to":
            v = board.power(rest)[ctx.me] - board.near(rest, ctx.opp)
        else:
            v = 0.0
        if best is None or v > best[0]:
            best = (v, o.key)
    if best is None or (best[0] <= 0 and dec.find("done") is not None):
        return "done" if dec.find("done") is not None else dec.options[0].key
    return best[1]


def rout(pl: Planner, dec: Decision) -> str:
    """HH-31.5: a routing unit goes where it is safest (friendly first); an attacker's
    unit stays routed rather than eliminated (FAQ choice)."""
    ctx = pl.ctx
    best, key = -1e9, "stay" if dec.find("stay") is not None else "eliminate"
    for o in dec.options:
        if o.key.startswith("to:"):
            zone = o.key[3:]
            v = pl.board.power(zone)[ctx.me] - pl.board.near(zone, ctx.opp)
            if v > best:
                best, key = v, o.key
    return key


def advance(pl: Planner, dec: Decision) -> str:
    """HH-30.11: the greedy advance of moves.advance_plan, one piece at a time."""
    ctx, f = pl.ctx, _battle(pl.ctx)
    zones = sorted({z for z, _t in dmg.engaged(f, ctx.me) if z != f.data["target"]})
    zones += sorted({z for h, z in pl.board.heroes.items() if h in f.data["heroes"]})
    _gain, moves = advance_plan(ctx, pl.board, f.data["target"], sorted(set(zones)))
    for m, _dest in moves:
        if dec.find(m.key) is not None:
            return m.key
    return "done"
