"""Combat judgement: what an attack is worth, and the answers asked during a combat.

Combats are scored with the exact odds of `champs.odds` on the real pools (support dice included,
CB-67/68; each supporter risks a unit on a loss, CB-69), and the hero skills use the odds
policy helpers (CB-49, CB-50).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.games.champs import odds
from arbitre.games.champs.activation import ready
from arbitre.games.champs.ai.context import Ctx, Group, best_cell_option, counts_on_line
from arbitre.games.champs.ai.evaluate import move_cost, pos_value
from arbitre.games.champs.ai.values import (
    HERO_VALUE,
    HOLD_VALUE,
    LINE_LOSS,
    VALUE,
    progress,
    troop_loss,
    unit_value,
)
from arbitre.games.champs.dice import attacker_wins, ground_troop, hero_dice, result, unit_dice
from arbitre.games.champs.losses import loss_candidates
from arbitre.games.champs.retreat import retreat_cells
from arbitre.games.champs.skills import die_token, templar_eligible
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState, Hero, Unit
from arbitre.games.champs.troops import BY_ID, CATAPULTE, TYPES

_ODDS_CACHE: dict[tuple[Any, ...], float] = {}


def _skills(rules: Any, units: Sequence[Unit], heroes: Sequence[Hero]) -> tuple[str, ...]:
    if not units or not ground_troop(rules, units):
        return ()
    return tuple(sorted(h.skill for h in heroes if h.skill in ("voleur", "templier")))


def combat_win(
    ctx: Ctx, att: int, dfn: int, sa: tuple[str, ...], sd: tuple[str, ...], sup: int
) -> float:
    """P(attacker wins), with the Thief/Templar skills used well when there are some."""
    if not sa and not sd:
        return ctx.win(att, dfn)
    key = (att, dfn, sa, sd, sup, odds.mode_of(ctx.rules), ctx.rules.templar_support_dice)
    hit = _ODDS_CACHE.get(key)
    if hit is not None:
        return hit
    if len(sa) + len(sd) > 1 or max(att, dfn) > 18:
        # several skills need the exact general enumeration, far too slow for play:
        # count each skill as one more die
        p = ctx.win(att + len(sa), dfn + len(sd))
    else:
        try:
            a = odds.Side(dice=att, support=min(sup, att), skills=sa)
            d = odds.Side(dice=dfn, skills=sd)
            p = odds.combat_odds(a, d, ctx.rules).attacker_wins
        except ValueError:
            p = ctx.win(att + len(sa), dfn + len(sd))
    if len(_ODDS_CACHE) > 50_000:
        _ODDS_CACHE.clear()
    _ODDS_CACHE[key] = p
    return p


def _line_swing(ctx: Ctx, src: int, tgt: int, destroyed: bool, stuck: bool) -> float:
    """For the players: beating the MJ troop on `tgt`, seen from the objective (AMB-CB-24).

    Off the line (destroyed, or pinned for a re-attack, or thrown back) is a gain, which weighs
    more when the MJ's next turn end on the line would win (`line_held`), most if no other MJ
    troop could stand there then; a retreat that leaves it on the line (or brings it there,
    CB-60) is a loss.
    """
    line = ctx.s.bf.players_line
    on_line = tgt in line
    if not ctx.decisive():
        weight, thrown = 0.5 * LINE_LOSS, 0.5
    else:
        # the MJ wins at its turn end unless every troop able to stand on the line is gone
        weight, thrown = (2.0 if ctx.line_threats() <= 1 else 1.0) * LINE_LOSS, 0.25
    if destroyed:
        return weight if on_line else 0.0
    if stuck:
        return 0.5 * weight if on_line else 0.0  # a re-attack may finish it (CB-61)
    if any(c in line for c in retreat_cells(ctx.s, src, tgt, MJ)):
        return -0.7 * LINE_LOSS
    return thrown * weight if on_line else 0.0  # it may walk back


def attack_value(
    ctx: Ctx, src: int, g: Group, tgt: int, ranged: bool
) -> tuple[float, list[int], float]:
    """Expected gain of attacking `tgt` from `src`: (value, supporters to call, P(win)).

    `g` may stand elsewhere yet (a move before the action): `src` is where it strikes from.
    """
    s, rules = ctx.s, ctx.rules
    side = g.side
    ids = {u.uid for u in g.units}
    aunits = g.units + [u for u in ctx.own(src, side) if u.uid not in ids]
    aheroes = list(g.heroes)
    if side == PLAYERS:
        aheroes += [h for h in ctx.occ.heroes.get(src, []) if h not in aheroes]
    if ranged:
        aunits = [u for u in aunits if u.kind == CATAPULTE and ready(s, u)]
    att = unit_dice(rules, aunits, ranged) + hero_dice(rules, aunits, aheroes)
    dunits, dheroes = ctx.troop(tgt)
    if not dunits and not any(h.skill == "gladiateur" for h in dheroes):
        return HERO_VALUE * len(dheroes) + 0.5, [], 1.0  # CB-53: taken without a fight
    dfn = unit_dice(rules, dunits, False) + hero_dice(rules, dunits, dheroes)
    sa, sd = _skills(rules, aunits, aheroes), _skills(rules, dunits, dheroes)
    # what winning brings
    gain = min((unit_value(u) for u in dunits), default=HERO_VALUE)
    destroyed = len(dunits) <= 1
    if destroyed:
        gain += 0.5 + HERO_VALUE * sum(1 for h in dheroes if h.skill != "gladiateur")
    stuck = not ranged and not retreat_cells(s, src, tgt, 1 - side)
    if stuck and not destroyed:
        gain += 0.5 * (sorted(unit_value(u) for u in dunits)[1] if len(dunits) > 1 else 0.0)
    if side == PLAYERS:
        for c, _d, dg, _n in ctx.mj_troops():
            if c == tgt:
                gain += dg * (1.0 if destroyed else 0.4)
        if ctx.objective() and counts_on_line(s, dunits):
            gain += _line_swing(ctx, src, tgt, destroyed, stuck)
    elif ctx.objective() and not ranged:
        mover = Group(s, side, [u for u in g.units if u.kind != CATAPULTE], [])
        if mover.units and mover.counts:
            if tgt in s.bf.players_line and (destroyed or stuck):
                # breaking into the line (AMB-CB-24)
                gain += (8.0 if ctx.decisive() else 0.5 * HOLD_VALUE) if ctx.my_turn else 2.0
            else:
                before = progress(ctx.mj_turns(src, mover.speed, mover.flying))
                after = progress(ctx.mj_turns(tgt, mover.speed, mover.flying))
                gain += 0.5 * max(0.0, after - before)
    # what losing costs (two-sided fire by default, AMB-CB-15h)
    lose = 0.0 if ranged and rules.catapult_one_sided else troop_loss(aunits, aheroes)
    # supporters (CB-67..CB-69), cheapest to risk first
    sup_costs: list[tuple[float, int]] = []
    if not (ranged and not rules.catapult_support):
        for n in ctx.geo.neighbours[tgt]:
            if n == src:
                continue
            units = [u for u in ctx.own(n, side) if u.uid not in ids]
            if not units:
                continue
            heroes = ctx.occ.heroes.get(n, []) if side == PLAYERS else []
            sup_costs.append((troop_loss(units, heroes), n))
    sup_costs.sort()
    best: tuple[float, list[int], float] = (-math.inf, [], 0.0)
    risked = 0.0
    for k in range(len(sup_costs) + 1):
        if k:
            risked += sup_costs[k - 1][0]
        p = combat_win(ctx, att + k, dfn, sa, sd, k)
        value = p * gain - (1 - p) * (lose + risked)
        if value > best[0] + 1e-9:
            best = (value, [c for _v, c in sup_costs[:k]], p)
    return best


def _this_attack(s: ChampsState) -> tuple[float, list[int], float] | None:
    """`attack_value` of the combat on top of the stack, or None if the attacker is gone."""
    d = s.stack[-1].data
    ctx = Ctx(s, d["aside"])
    units, heroes = ctx.troop(d["att"])
    if not units and not heroes:
        return None
    return attack_value(ctx, d["att"], Group(s, d["aside"], units, heroes), d["tgt"], d["ranged"])


# --- the answers during a combat -----------------------------------------------------------


def support(s: ChampsState, dec: Decision) -> str:
    d = s.stack[-1].data
    planned = _this_attack(s)
    wanted = planned[1] if planned else []
    for c in sorted(set(wanted) ^ set(d["sup"])):
        key = f"sup:{s.bf.label(c)}"
        if dec.find(key) is not None:
            return key
    return "go"


def support_consent(s: ChampsState, dec: Decision) -> str:
    cell = s.stack[-1].data["ask"][0][0]
    if len(Ctx(s, PLAYERS).own(cell, PLAYERS)) >= 2:
        return "lend"
    planned = _this_attack(s)
    return "lend" if planned and planned[2] >= 0.85 else "refuse"


def _skill_pools(s: ChampsState) -> tuple[dict[str, Any], str, list[int], list[int], list[Any]]:
    """The combat a skill is asked about: data, role, own and opposing dice, skills to come."""
    d = s.stack[-1].data
    _seat, role, _skill = d["skills"][0]
    own, opp = (d["ad"], d["dd"]) if role == "att" else (d["dd"], d["ad"])
    then = [(sk, r == "att") for _st, r, sk in d["skills"][1:]]
    return d, role, own, opp, then


def thief(s: ChampsState, dec: Decision) -> str:
    d, role, own, opp, then = _skill_pools(s)
    other = "def" if role == "att" else "att"
    mode = s.rules.thief_mode
    if mode == "opponentPicksReturn":
        return _thief_gives(s, d, role, own, opp)
    pick = odds.best_thief_swap(
        own,
        opp,
        role == "att",
        s.rules,
        then=then,
        own_eligible=templar_eligible(s, d, role),
        opp_eligible=templar_eligible(s, d, other),
    )
    if pick is None:
        return "pass"
    i, j = pick
    if mode == "swapValues":
        return f"swap:{die_token(s, d, role, i)}:{die_token(s, d, other, j)}"
    if i < 0:
        return f"take:{die_token(s, d, other, j)}"
    return f"give:{die_token(s, d, role, i)}"


def _lead(s: ChampsState, role: str, own: list[int], opp: list[int]) -> tuple[bool, int]:
    """(does `role` win, its result minus the opponent's) on these dice (CB-57, CB-58)."""
    att, dfn = (own, opp) if role == "att" else (opp, own)
    wins = attacker_wins(s.rules, att, dfn) == (role == "att")
    return wins, result(s.rules, own) - result(s.rules, opp)


def _best_return(s: ChampsState, role: str, own: list[int], opp: list[int], i: int) -> int:
    """thief.mode=opponentPicksReturn: the Thief gave own[i]; the index of the opponent's die
    that hurts the Thief most in exchange (the opponent's own choice, AMB-CB-20e)."""

    def after(j: int) -> tuple[bool, int]:
        o, p = list(own), list(opp)
        o[i], p[j] = p[j], o[i]
        return _lead(s, role, o, p)

    return min(range(len(opp)), key=after)


def _thief_gives(
    s: ChampsState, d: dict[str, Any], role: str, own: list[int], opp: list[int]
) -> str:
    """thief.mode=opponentPicksReturn: give the die whose worst return still helps most."""
    best, best_key = _lead(s, role, own, opp), "pass"
    for i in range(len(own)):
        if not opp:
            break
        j = _best_return(s, role, own, opp, i)
        o, p = list(own), list(opp)
        o[i], p[j] = p[j], o[i]
        outcome = _lead(s, role, o, p)
        if outcome > best:
            best, best_key = outcome, f"give:{die_token(s, d, role, i)}"
    return best_key


def give(s: ChampsState, dec: Decision) -> str:
    d, role, own, opp, _then = _skill_pools(s)
    other = "def" if role == "att" else "att"
    i = next(i for i in range(len(own)) if die_token(s, d, role, i) == d["take"])
    return f"return:{die_token(s, d, other, _best_return(s, role, own, opp, i))}"


def templar(s: ChampsState, dec: Decision) -> str:
    d, role, own, opp, then = _skill_pools(s)
    eligible = templar_eligible(s, d, role)
    opp_result = max(opp, default=0) if s.rules.highest else sum(opp)
    idx = odds.best_templar_reroll(
        own, opp_result, role == "att", s.rules, eligible, opp=opp, then=then
    )
    if not idx:
        return "pass"
    return "rr:" + ",".join(str(v) for v in sorted(own[i] for i in idx))


def reattack(s: ChampsState, dec: Decision) -> str:
    planned = _this_attack(s)
    return "again" if planned and planned[0] > 0 else "stop"


def advance(s: ChampsState, dec: Decision) -> str:
    d = s.stack[-1].data
    side = d["aside"]
    ctx = Ctx(s, side)
    units, heroes = ctx.troop(d["att"])
    movers = [u for u in units if u.kind != CATAPULTE]
    g = Group(s, side, movers, heroes)
    if not movers and not heroes:
        return "stay"
    tgt = d["tgt"]
    gain = pos_value(ctx, tgt, g) - pos_value(ctx, d["att"], g) - move_cost(ctx, [tgt], g, tgt)
    if any(u.kind == CATAPULTE for u in units) and len(movers) == 1 and not heroes:
        gain -= 0.5  # leaving a catapult alone
    return "adv:all" if gain > 0 and dec.find("adv:all") else "stay"


def loss(s: ChampsState, dec: Decision) -> str:
    f = s.stack[-1]
    units = loss_candidates(s, f)
    best, best_key = math.inf, dec.options[0].key
    for opt in dec.options:
        token = opt.key[5:]
        kind = BY_ID[token.rstrip("*")].index
        value = VALUE[kind] + (0.4 if token.endswith("*") else 0.0)
        if f.data["side"] == MJ and TYPES[kind].move >= 2:
            value += 0.3  # fast units carry the objective
        if sum(1 for u in units if u.kind == kind) > 1:
            value -= 0.05
        if value < best:
            best, best_key = value, opt.key
    return best_key


def retreat(s: ChampsState, dec: Decision) -> str:
    f = s.stack[-1]
    side = f.data["side"]
    ctx = Ctx(s, side)
    units, heroes = ctx.troop(f.data["src"])
    g = Group(s, side, units, heroes)

    def score(c: int) -> float:
        return pos_value(ctx, c, g) - move_cost(ctx, [c], g, c)

    return best_cell_option(s, dec, "all:", score)


def overflow(s: ChampsState, dec: Decision) -> str:
    f = s.stack[-1]
    side = f.data["side"]
    ctx = Ctx(s, side)
    best, best_key = -math.inf, None
    cheapest, cheap_key = math.inf, dec.options[-1].key
    for opt in dec.options:
        parts = opt.key.split(":")
        kind = BY_ID[parts[1].rstrip("*")].index
        if parts[0] == "elim":
            if VALUE[kind] < cheapest:
                cheapest, cheap_key = VALUE[kind], opt.key
            continue
        c = s.bf.parse(parts[2])
        if c is None:
            continue
        g = Group(s, side, [next(u for u in ctx.occ.get(f.data["cell"]) if u.kind == kind)], [])
        value = pos_value(ctx, c, g) - move_cost(ctx, [c], g, c)
        if value > best:
            best, best_key = value, opt.key
    return best_key or cheap_key
