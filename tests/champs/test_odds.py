"""Exact combat odds of Champs de Bataille (CB-47..CB-58, CB-68, CB-71, AMB-CB-5, AMB-CB-20).

Small cases are checked exactly (Fractions) against brute-force enumeration of every roll
(itertools.product), with the heroes' choices made roll by roll by the public policy helpers;
multi-skill cases against an independent minimax; a few configurations against a seeded
Monte Carlo.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import random
from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from arbitre.cli import _register, app
from arbitre.games.champs import odds as odds_mod
from arbitre.games.champs.config import Rules, resolve
from arbitre.games.champs.odds import (
    POLICY_EN,
    POLICY_FR,
    OddsTooComplex,
    Side,
    best_return_pick,
    best_templar_reroll,
    best_thief_swap,
    combat_odds,
    exact_win_probability,
    side_from_dice,
    side_from_troops,
    win_probability,
)

DEFAULT = resolve({})
HIGHEST = resolve({"combat.result": "highest"})


def result(dice: Sequence[int], rules: Rules) -> int:
    if rules.highest:
        return max(dice, default=0)
    return sum(dice)


def apply_thief(
    own: list[int], opp: list[int], pick: tuple[int, int] | None
) -> tuple[list[int], list[int]]:
    own, opp = list(own), list(opp)
    if pick is None:
        return own, opp
    i, j = pick
    if i < 0:
        own.append(opp.pop(j))
    elif j < 0:
        opp.append(own.pop(i))
    else:
        own[i], opp[j] = opp[j], own[i]
    return own, opp


Outcome = tuple[list[int], list[int], Fraction]


def use_skill(
    outs: list[Outcome],
    hero: str,
    on_attacker: bool,
    rules: Rules,
    then: Sequence[tuple[str, bool]],
    support: int,
) -> list[Outcome]:
    """Apply one hero's skill, chosen by the public policy helpers, to every outcome."""
    new: list[Outcome] = []
    for a, d, p in outs:
        own, opp = (a, d) if on_attacker else (d, a)
        if hero == "voleur":
            pick = best_thief_swap(own, opp, on_attacker, rules, then=then)
            own2, opp2 = apply_thief(own, opp, pick)
            new.append((own2, opp2, p) if on_attacker else (opp2, own2, p))
            continue
        eligible = None
        if support and not rules.templar_support_dice:
            eligible = list(range(len(own) - support))
        idx = best_templar_reroll(
            own,
            result(opp, rules),
            on_attacker,
            rules,
            eligible,
            opp=opp if then else None,
            then=then,
        )
        for values in itertools.product(range(1, rules.sides + 1), repeat=len(idx)):
            own2 = list(own)
            for i, v in zip(idx, values, strict=True):
                own2[i] = v
            q = p / rules.sides ** len(idx)
            new.append((own2, opp, q) if on_attacker else (opp, own2, q))
    return new


def brute_force(
    na: int,
    nd: int,
    heroes: Sequence[tuple[str, bool]],
    rules: Rules,
    support: tuple[int, int] = (0, 0),
) -> tuple[Fraction, dict[int, Fraction], dict[int, Fraction]]:
    """Every roll of both pools; heroes act in the listed order (attacker's first, CB-56)."""
    s = rules.sides
    wins = Fraction(0)
    att: dict[int, Fraction] = defaultdict(Fraction)
    dfd: dict[int, Fraction] = defaultdict(Fraction)
    for roll in itertools.product(range(1, s + 1), repeat=na + nd):
        outs: list[Outcome] = [(list(roll[:na]), list(roll[na:]), Fraction(1, s ** (na + nd)))]
        for k, (hero, on_attacker) in enumerate(heroes):
            sup = support[0] if on_attacker else support[1]
            outs = use_skill(outs, hero, on_attacker, rules, heroes[k + 1 :], sup)
        for a, d, p in outs:
            ra, rd = result(a, rules), result(d, rules)
            att[ra] += p
            dfd[rd] += p
            if ra >= rd:
                wins += p
    return wins, dict(att), dict(dfd)


def assert_matches_brute_force(
    na: int,
    nd: int,
    heroes: Sequence[tuple[str, bool]],
    rules: Rules,
    support: tuple[int, int] = (0, 0),
) -> None:
    att = Side(dice=na, support=support[0], skills=tuple(h for h, a in heroes if a))
    dfd = Side(dice=nd, support=support[1], skills=tuple(h for h, a in heroes if not a))
    got = combat_odds(att, dfd, rules)
    wins, att_dist, def_dist = brute_force(na, nd, heroes, rules, support)
    assert got.exact_attacker_wins == wins
    assert got.exact_attacker_result == att_dist
    assert got.exact_defender_result == def_dist
    assert math.isclose(got.attacker_wins + got.defender_wins, 1.0)
    assert math.isclose(sum(got.attacker_result.values()), 1.0)
    assert math.isclose(sum(got.defender_result.values()), 1.0)


# --------------------------------------------------------------------------- pools


def test_EX_CB_5_dice_pool_counting() -> None:
    r = DEFAULT
    attacker = side_from_troops({"soldats": 3}, ["guerrier"], 0, r)
    assert attacker.dice == 8
    assert side_from_troops({"soldats": 3}, ["guerrier"], 2, r).dice == 10
    assert side_from_troops({"mastodonte": 1, "cavalerie": 2}, [], 0, r, attacker=False).dice == 7
    assert side_from_troops({"cavalerie": 2}, ["gladiateur"], 0, r).dice == 5
    assert side_from_troops({}, ["gladiateur"], 0, r).dice == 3
    assert side_from_troops({"catapulte": 1}, [], 0, r).dice == 3


def test_EX_CB_10_support_dice_and_CB_71_no_defender_support() -> None:
    r = DEFAULT
    assert side_from_troops({"soldats": 3}, [], 2, r).dice == 8  # 6 + 1 + 1 (CB-68)
    assert side_from_troops({"mastodonte": 2}, [], 0, r, attacker=False).dice == 6
    with pytest.raises(ValueError, match="CB-71"):
        side_from_troops({"mastodonte": 2}, [], 1, r, attacker=False)
    house = resolve({"support.defender": "true"})  # AMB-CB-22f
    assert side_from_troops({"mastodonte": 2}, [], 1, house, attacker=False).dice == 7


def test_AMB_CB_15a_catapult_dice_per_unit_or_troop() -> None:
    assert side_from_troops({"catapulte": 2}, [], 0, DEFAULT).dice == 6
    per_troop = resolve({"catapult.dicePer": "troop"})
    assert side_from_troops({"catapulte": 2}, [], 0, per_troop).dice == 3
    assert side_from_troops({"catapulte": 1, "soldats": 1}, [], 0, per_troop).dice == 5


def test_CB_47_skills_only_in_a_ground_troop() -> None:
    air = side_from_troops({"airs": 2}, ["guerrier", "voleur"], 0, DEFAULT)
    assert air.dice == 2 and air.skills == ()  # no Warrior dice, no Thief
    mixed = side_from_troops({"airs": 2, "soldats": 1}, ["guerrier", "voleur"], 0, DEFAULT)
    assert mixed.dice == 2 + 2 + 2 and mixed.skills == ("voleur",)
    all_ground = resolve({"hero.groundTroopTest": "allGround"})  # AMB-CB-3 alternative
    strict = side_from_troops({"airs": 2, "soldats": 1}, ["guerrier"], 0, all_ground)
    assert strict.dice == 4


def test_CB_51_CB_53_lone_heroes() -> None:
    lone_thief = side_from_troops({}, ["voleur"], 0, DEFAULT, attacker=False)
    assert lone_thief.dice == 0 and lone_thief.skills == ()  # CB-53: no dice, no skill
    odds = combat_odds(Side(dice=1), lone_thief, DEFAULT)
    assert odds.exact_attacker_wins == 1  # EX-CB-24: he loses automatically
    glad = side_from_troops({}, ["gladiateur", "templier"], 0, DEFAULT)
    assert glad.dice == 3 and glad.skills == ("templier",)


def test_side_from_troops_validation() -> None:
    with pytest.raises(ValueError, match="unknown troop type"):
        side_from_troops({"dragons": 1}, [], 0, DEFAULT)
    with pytest.raises(ValueError, match="bad unit count"):
        side_from_troops({"soldats": -1}, [], 0, DEFAULT)
    with pytest.raises(ValueError, match="unknown hero"):
        side_from_troops({"soldats": 1}, ["mage"], 0, DEFAULT)
    raw = side_from_dice(6, ["guerrier", "templier"], 1, DEFAULT)
    assert (raw.dice, raw.unit_dice, raw.hero_dice, raw.support) == (9, 6, 2, 1)


# --------------------------------------------------------------------------- plain combat


def test_CB_58_tie_goes_to_attacker() -> None:
    one = combat_odds(Side(dice=1), Side(dice=1), DEFAULT)
    assert one.exact_attacker_wins == Fraction(21, 36)  # 6 ties + 15 higher
    assert combat_odds(Side(dice=0), Side(dice=0), DEFAULT).exact_attacker_wins == 1
    assert combat_odds(Side(dice=0), Side(dice=1), DEFAULT).exact_attacker_wins == 0


def test_EX_CB_6_sum_versus_highest() -> None:
    # Case 2: [2,2,2,2] v [6,1,1]: sum 8 = 8 (attacker wins), highest 2 < 6 (defender wins).
    # A last-acting attacking Templar keeps the dice in sum mode but re-rolls in highest mode.
    assert best_templar_reroll([2, 2, 2, 2], 8, True, DEFAULT) == ()
    assert len(best_templar_reroll([2, 2, 2, 2], 6, True, HIGHEST)) == 2
    # Case 1: [6,1,1,1] v [3,3,3]: 9 = 9 and 6 > 3, the attacker wins both ways: keep.
    assert best_templar_reroll([6, 1, 1, 1], 9, True, DEFAULT) == ()
    assert best_templar_reroll([6, 1, 1, 1], 3, True, HIGHEST) == ()


@pytest.mark.parametrize("rules", [DEFAULT, HIGHEST, resolve({"dice.sides": 4})])
@pytest.mark.parametrize(("na", "nd"), [(0, 2), (1, 1), (2, 3), (3, 2)])
def test_CB_57_plain_combat_matches_brute_force(rules: Rules, na: int, nd: int) -> None:
    assert_matches_brute_force(na, nd, [], rules)


def test_AMB_CB_5_highest_mode() -> None:
    # P(max of 2 >= max of 1) = sum_a P(max2 = a) * a/6
    expected = sum(Fraction(a * a - (a - 1) ** 2, 36) * Fraction(a, 6) for a in range(1, 7))
    assert combat_odds(Side(dice=2), Side(dice=1), HIGHEST).exact_attacker_wins == expected
    # ties are far more frequent with the highest die, and they go to the attacker (CB-58)
    assert win_probability(5, 5, HIGHEST) > win_probability(5, 5, DEFAULT)


def test_win_probability_is_cached_and_exact() -> None:
    p = win_probability(8, 7, DEFAULT)
    assert p == win_probability(8, 7, DEFAULT)
    assert p == combat_odds(Side(dice=8), Side(dice=7), DEFAULT).attacker_wins
    assert exact_win_probability(2, 1, DEFAULT) == brute_force(2, 1, [], DEFAULT)[0]
    before = odds_mod._win_float.cache_info().hits
    win_probability(8, 7, DEFAULT)
    assert odds_mod._win_float.cache_info().hits == before + 1
    assert win_probability(9, 7, DEFAULT) > p > win_probability(8, 8, DEFAULT)


# --------------------------------------------------------------------------- policy helpers


def test_EX_CB_12_thief_swaps_his_1_for_the_6() -> None:
    assert best_thief_swap([1, 3, 4], [6, 2, 2], True, DEFAULT) == (0, 0)
    own, opp = apply_thief([1, 3, 4], [6, 2, 2], (0, 0))
    assert (sum(own), sum(opp)) == (13, 5)


def test_EX_CB_13_templar_rerolls_both_ones() -> None:
    # P3 defends with [1,1,5,2] = 9 against 11 and must beat it (the attacker wins ties).
    assert best_templar_reroll([1, 1, 5, 2], 11, False, DEFAULT) == (0, 1)
    # with only one die allowed (the other ones are support dice, AMB-CB-20f)
    assert best_templar_reroll([1, 1, 5, 2], 11, False, DEFAULT, eligible=[1, 2, 3]) == (1, 3)


def test_CB_49_thief_swap_policy() -> None:
    # already winning, or cannot win: the skill is declined
    assert best_thief_swap([6, 6], [1, 1], True, DEFAULT) is None
    assert best_thief_swap([1, 1], [2, 2, 6, 6, 6], True, DEFAULT) is None
    # a defender must win strictly (CB-58): 5 v 5 is lost, so he swaps 1 <-> 4
    assert best_thief_swap([1, 4], [4, 1], False, DEFAULT) == (0, 0)
    # moveOneDie: take the opponent's best die
    move = resolve({"thief.mode": "moveOneDie"})
    assert best_thief_swap([1, 2], [6, 3], True, move) == (-1, 0)
    # opponentPicksReturn (AMB-CB-20e): the Thief gives his own die (his 1), the opponent picks
    # which of his own dice he returns: his 2, not his 6 (7 v 7 still goes to the attacker)
    opr = resolve({"thief.mode": "opponentPicksReturn"})
    assert best_thief_swap([1, 5], [6, 2], True, opr) == (0, 1)
    assert best_return_pick([1, 5], [6, 2], 0, True, opr) == 1
    # returning his 4 still loses for him (9 v 7), but it is his least bad die
    assert best_thief_swap([1, 5], [6, 4], True, opr) == (0, 1)
    # as defender he must win strictly: after giving his 1 the opponent returns his 2, and
    # 7 v 7 goes to the attacker (CB-58), so he keeps his dice
    assert best_thief_swap([1, 5], [6, 2], False, opr) is None
    # the opponent's choice is his own: returning his 6 would hand the Thief the win
    assert best_return_pick([1, 1, 1, 2], [6, 5], 0, True, opr) == 1


def test_CB_50_templar_reroll_policy() -> None:
    # attacker has 9 and needs 10: re-rolling the 1 and the 2 needs 4+ on two dice (33/36),
    # better than the 1 alone (needs 2+: 30/36)
    assert best_templar_reroll([1, 2, 6], 10, True, DEFAULT) == (0, 1)
    # [1, 4, 4] = 9: the 1 alone (30/36) beats the 1 and a 4 (needs 6+ on two dice: 26/36)
    assert best_templar_reroll([1, 4, 4], 10, True, DEFAULT) == (0,)
    # cannot win whatever happens: keep
    assert best_templar_reroll([1, 1], 13, True, DEFAULT) == ()


@settings(max_examples=60, deadline=None)
@given(
    own=st.lists(st.integers(1, 6), min_size=1, max_size=4),
    opp=st.lists(st.integers(1, 6), min_size=1, max_size=4),
    attacker=st.booleans(),
)
def test_CB_49_last_thief_flips_exactly_when_possible(
    own: list[int], opp: list[int], attacker: bool
) -> None:
    def wins(a: list[int], b: list[int]) -> bool:
        return sum(a) >= sum(b) if attacker else sum(a) > sum(b)

    pick = best_thief_swap(own, opp, attacker, DEFAULT)
    flips = [
        (i, j)
        for i in range(len(own))
        for j in range(len(opp))
        if wins(*apply_thief(own, opp, (i, j)))
    ]
    if wins(own, opp) or not flips:
        assert pick is None
    else:
        assert pick is not None and wins(*apply_thief(own, opp, pick))


@settings(max_examples=40, deadline=None)
@given(
    own=st.lists(st.integers(1, 6), min_size=1, max_size=4),
    opp_result=st.integers(0, 24),
    attacker=st.booleans(),
)
def test_CB_50_templar_choice_is_optimal(own: list[int], opp_result: int, attacker: bool) -> None:
    def p_win(idx: Sequence[int]) -> Fraction:
        hits = 0
        for values in itertools.product(range(1, 7), repeat=len(idx)):
            dice = list(own)
            for i, v in zip(idx, values, strict=True):
                dice[i] = v
            hits += sum(dice) >= opp_result + (0 if attacker else 1)
        return Fraction(hits, 6 ** len(idx))

    choice = best_templar_reroll(own, opp_result, attacker, DEFAULT)
    subsets = [c for k in range(3) for c in itertools.combinations(range(len(own)), k)]
    best = max(p_win(c) for c in subsets)
    assert p_win(choice) == best
    assert len(choice) == min(len(c) for c in subsets if p_win(c) == best)


# --------------------------------------------------------------------------- exact odds

THIEF_MODES = ["swapValues", "moveOneDie", "opponentPicksReturn"]


@pytest.mark.parametrize("mode", THIEF_MODES)
@pytest.mark.parametrize("result_mode", ["sum", "highest"])
@pytest.mark.parametrize(
    ("sides", "na", "nd", "on_attacker"),
    [(6, 2, 2, True), (6, 1, 3, False), (4, 3, 2, True), (4, 2, 3, False), (3, 5, 3, True)],
)
def test_CB_49_thief_odds_match_brute_force(
    mode: str, result_mode: str, sides: int, na: int, nd: int, on_attacker: bool
) -> None:
    rules = resolve({"thief.mode": mode, "combat.result": result_mode, "dice.sides": sides})
    assert_matches_brute_force(na, nd, [("voleur", on_attacker)], rules)


@pytest.mark.parametrize("result_mode", ["sum", "highest"])
@pytest.mark.parametrize(
    ("sides", "na", "nd", "on_attacker", "support"),
    [
        (6, 2, 2, True, 0),
        (6, 2, 2, False, 0),
        (4, 4, 2, True, 0),
        (4, 2, 3, False, 0),
        (3, 5, 3, True, 2),
        (4, 3, 2, True, 1),
        (3, 3, 4, False, 2),
    ],
)
def test_CB_50_templar_odds_match_brute_force(
    result_mode: str, sides: int, na: int, nd: int, on_attacker: bool, support: int
) -> None:
    rules = resolve(
        {
            "combat.result": result_mode,
            "dice.sides": sides,
            "templar.rerollSupportDice": "false" if support else "true",
        }
    )
    sup = (support, 0) if on_attacker else (0, support)
    if not on_attacker and support:
        rules = resolve(
            {
                "combat.result": result_mode,
                "dice.sides": sides,
                "templar.rerollSupportDice": "false",
                "support.defender": "true",
            }
        )
    assert_matches_brute_force(na, nd, [("templier", on_attacker)], rules, sup)


def test_AMB_CB_20f_support_dice_not_rerollable_lowers_the_odds() -> None:
    default = combat_odds(Side(dice=6, support=2, skills=("templier",)), Side(dice=6), DEFAULT)
    strict_rules = resolve({"templar.rerollSupportDice": "false"})
    strict = combat_odds(Side(dice=6, support=2, skills=("templier",)), Side(dice=6), strict_rules)
    plain = combat_odds(Side(dice=6, support=2), Side(dice=6), DEFAULT)
    assert plain.exact_attacker_wins < strict.exact_attacker_wins < default.exact_attacker_wins


@pytest.mark.parametrize("result_mode", ["sum", "highest"])
@pytest.mark.parametrize(
    "heroes",
    [
        [("voleur", True), ("templier", False)],
        [("templier", True), ("voleur", False)],
        [("voleur", True), ("voleur", False)],
    ],
)
def test_CB_56_attacker_skill_first_then_defender(
    result_mode: str, heroes: list[tuple[str, bool]]
) -> None:
    """One skill per side: the first acts knowing the second will answer optimally."""
    rules = resolve({"combat.result": result_mode, "dice.sides": 4})
    assert_matches_brute_force(2, 2, heroes, rules)


def minimax(a: tuple[int, ...], d: tuple[int, ...], rules: Rules, sa: str, sd: str) -> Fraction:
    """Independent optimal play (the side chooses which skill next, or stops); swapValues."""
    s = rules.sides

    @functools.cache
    def value(a: tuple[int, ...], d: tuple[int, ...], sa: str, sd: str) -> Fraction:
        if not sa and not sd:
            return Fraction(int(result(a, rules) >= result(d, rules)))
        side = 0 if sa else 1
        own, opp, skills = (a, d, sa) if side == 0 else (d, a, sd)

        def nxt(o: Sequence[int], p: Sequence[int], left: str) -> Fraction:
            o2, p2 = tuple(sorted(o)), tuple(sorted(p))
            return value(o2, p2, left, sd) if side == 0 else value(p2, o2, sa, left)

        vals = [nxt(own, opp, "")]
        for skill in set(skills):
            left = skills.replace(skill, "", 1)
            vals.append(nxt(own, opp, left))
            if skill == "T":
                for i, j in itertools.product(range(len(own)), range(len(opp))):
                    o, p = list(own), list(opp)
                    o[i], p[j] = p[j], o[i]
                    vals.append(nxt(o, p, left))
            else:
                for k in (1, 2):
                    for idx in itertools.combinations(range(len(own)), k):
                        acc = Fraction(0)
                        for out in itertools.product(range(1, s + 1), repeat=k):
                            o = list(own)
                            for i, v in zip(idx, out, strict=True):
                                o[i] = v
                            acc += nxt(o, opp, left)
                        vals.append(acc / s**k)
        return max(vals) if side == 0 else min(vals)

    return value(tuple(sorted(a)), tuple(sorted(d)), sa, sd)


@pytest.mark.parametrize("result_mode", ["sum", "highest"])
@pytest.mark.parametrize(
    ("sa", "sd"), [("TR", ""), ("RR", ""), ("", "TR"), ("TT", ""), ("T", "R"), ("R", "R")]
)
def test_AMB_CB_19d_several_heroes_in_one_troop_match_minimax(
    result_mode: str, sa: str, sd: str
) -> None:
    rules = resolve({"combat.result": result_mode, "dice.sides": 3})
    names = {"T": "voleur", "R": "templier"}
    att = Side(dice=2, skills=tuple(names[c] for c in sa))
    dfd = Side(dice=3, skills=tuple(names[c] for c in sd))
    got = combat_odds(att, dfd, rules)
    expected = (
        sum(
            (
                minimax(roll[:2], roll[2:], rules, sa, sd)
                for roll in itertools.product(range(1, 4), repeat=5)
            ),
            Fraction(0),
        )
        / 3**5
    )
    assert got.exact_attacker_wins == expected
    assert got.method == "enumeration"


def test_general_enumeration_refuses_huge_pools() -> None:
    with pytest.raises(OddsTooComplex) as info:
        combat_odds(Side(dice=12, skills=("voleur", "templier")), Side(dice=12), DEFAULT)
    assert info.value.size > info.value.limit


def test_cli_too_complex_is_a_clear_error(runner: CliRunner) -> None:
    res = runner.invoke(
        app,
        ["odds", "champs", "--attacker", "soldats:6", "--attacker-hero", "voleur,templier",
         "--defender-dice", "9", "--lang", "en"],
    )  # fmt: skip
    assert res.exit_code == 2
    assert "--attacker-hero" in flat(res.output) and "roll pairs" in flat(res.output)


def test_AMB_CB_5_highest_mode_thief_attacker_never_loses() -> None:
    """With the highest die and swapValues, an attacking Thief with 2+ dice takes the
    opponent's best die and gives his worst: his max >= the defender's (CB-58)."""
    odds = combat_odds(Side(dice=3, skills=("voleur",)), Side(dice=4), HIGHEST)
    assert odds.exact_attacker_wins == 1


def test_hero_skills_only_help_their_side() -> None:
    base = combat_odds(Side(dice=6), Side(dice=6), DEFAULT).exact_attacker_wins
    for skill in ("voleur", "templier"):
        att = combat_odds(Side(dice=6, skills=(skill,)), Side(dice=6), DEFAULT)
        dfd = combat_odds(Side(dice=6), Side(dice=6, skills=(skill,)), DEFAULT)
        assert att.exact_attacker_wins > base > dfd.exact_attacker_wins


def test_odds_to_json() -> None:
    odds = combat_odds(Side(dice=3, skills=("voleur",)), Side(dice=2), DEFAULT)
    data = json.loads(json.dumps(odds.to_json()))
    assert math.isclose(data["attacker_wins"] + data["defender_wins"], 1.0)
    assert Fraction(data["attacker_wins_exact"]) == odds.exact_attacker_wins
    assert math.isclose(sum(data["attacker_result"].values()), 1.0)
    assert data["attacker"]["skills"] == ["voleur"]
    assert "Thief" in data["policy"]


# ------------------------------------------------- the engine's own play (AMB-CB-20e)


def _rolls(n: int, sides: int) -> list[tuple[list[int], int]]:
    """Every multiset of n dice, with the number of ordered rolls giving it."""
    out = []
    for combo in itertools.combinations_with_replacement(range(1, sides + 1), n):
        ways = math.factorial(n)
        for v in set(combo):
            ways //= math.factorial(combo.count(v))
        out.append((list(combo), ways))
    return out


def _engine_attacker_wins(
    tmp: Any,
    troop: str,
    att: list[int],
    dfd: list[int],
    thief_attacks: bool,
    config: dict[str, Any],
) -> bool:
    """One combat played by the engine, both sides' choices made by the game's AI: P1's Thief
    with one `troop` unit against one MJ Soldier (attacker's dice first)."""
    from arbitre.games.champs.ai.combat import give, thief
    from tests.champs.helpers import H, U, dec, game, kind, play

    pos: dict[str, Any] = {
        "units": [U(troop, (3, 3)), U("soldats", (3, 4), side="mj")],
        "heroes": [H("p1", (3, 3))],
        "dice": att + dfd,
    }
    if not thief_attacks:
        pos["turn"] = {"seat": "mj"}
    s = game(tmp, pos, heroes="voleur,guerrier", **config)
    mover, target = ("3,3", "3,4") if thief_attacks else ("3,4", "3,3")
    events = play(s, f"act:{mover}", f"attack:{mover}>{target}")
    if kind(s) == "champs.skill.voleur":
        events += play(s, thief(s, dec(s)))
    if kind(s) == "champs.skill.give":
        events += play(s, give(s, dec(s)))
    m = next(m for m in events if m.key == "champs.ev.result")
    a, d = m.args["att"], m.args["dfn"]
    return bool(a >= d)


@pytest.mark.parametrize("result_mode", ["sum", "highest"])
@pytest.mark.parametrize("thief_attacks", [True, False])
@pytest.mark.parametrize(("troop", "dice"), [("soldats", 2), ("mastodonte", 3)])
def test_AMB_CB_20e_opponent_picks_return_odds_match_engine_play(
    tmp_path: Any, troop: str, dice: int, result_mode: str, thief_attacks: bool
) -> None:
    """thief.mode=opponentPicksReturn: the odds tool's exact P(attacker wins) equals the engine's
    own play of the same combat over every roll (the Thief gives his die, the opponent returns
    one of his own; both choices by the game's AI), weighted by how many rolls give each."""
    config = {"thief.mode": "opponentPicksReturn", "combat.result": result_mode}
    rules = resolve(config)
    thief_side = Side(dice=dice, skills=("voleur",))
    att, dfd = (thief_side, Side(dice=2)) if thief_attacks else (Side(dice=2), thief_side)
    expected = combat_odds(att, dfd, rules).exact_attacker_wins
    wins = 0
    na, nd = (dice, 2) if thief_attacks else (2, dice)
    for a, wa in _rolls(na, rules.sides):
        for d, wd in _rolls(nd, rules.sides):
            if _engine_attacker_wins(tmp_path, troop, a, d, thief_attacks, config):
                wins += wa * wd
    assert Fraction(wins, rules.sides ** (na + nd)) == expected
    # the Thief never does worse than with no skill, and strictly better in sum mode
    plain = combat_odds(Side(dice=na), Side(dice=nd), rules).exact_attacker_wins
    gain = expected - plain if thief_attacks else plain - expected
    assert gain > 0 if result_mode == "sum" else gain >= 0


# --------------------------------------------------------------------------- Monte Carlo


def monte_carlo(
    na: int, nd: int, hero: str, on_attacker: bool, rules: Rules, n: int, seed: int
) -> tuple[float, float]:
    """Seeded simulation with the policy helpers (decisions memoised by sorted roll)."""
    rng = random.Random(seed)
    faces = range(1, rules.sides + 1)
    memo: dict[tuple[tuple[int, ...], Any], Any] = {}
    wins = 0
    total = 0
    for _ in range(n):
        a = sorted(rng.choices(faces, k=na))
        d = sorted(rng.choices(faces, k=nd))
        own, opp = (a, d) if on_attacker else (d, a)
        # a last-acting Templar only needs the opponent's result
        key = (tuple(own), tuple(opp) if hero == "voleur" else result(opp, rules))
        if key not in memo:
            if hero == "voleur":
                memo[key] = best_thief_swap(own, opp, on_attacker, rules)
            else:
                memo[key] = best_templar_reroll(own, result(opp, rules), on_attacker, rules)
        if hero == "voleur":
            own, opp = apply_thief(own, opp, memo[key])
        else:
            own = list(own)
            for i in memo[key]:
                own[i] = rng.choice(faces)
        a, d = (own, opp) if on_attacker else (opp, own)
        ra = result(a, rules)
        wins += ra >= result(d, rules)
        total += ra
    return wins / n, total / n


@pytest.mark.parametrize(
    ("na", "nd", "hero", "on_attacker", "config"),
    [
        (5, 4, "voleur", True, {}),
        (4, 5, "templier", False, {}),
        (4, 4, "templier", True, {"combat.result": "highest"}),
        (4, 4, "voleur", False, {"thief.mode": "moveOneDie"}),
    ],
)
def test_monte_carlo_agrees_within_4_standard_errors(
    na: int, nd: int, hero: str, on_attacker: bool, config: dict[str, str]
) -> None:
    rules = resolve(config)
    n = 200_000
    att = Side(dice=na, skills=(hero,) if on_attacker else ())
    dfd = Side(dice=nd, skills=() if on_attacker else (hero,))
    exact = combat_odds(att, dfd, rules)
    p = exact.attacker_wins
    mc_p, mc_mean = monte_carlo(na, nd, hero, on_attacker, rules, n, seed=20240604)
    assert abs(mc_p - p) <= 4 * math.sqrt(p * (1 - p) / n)
    mean = sum(k * q for k, q in exact.attacker_result.items())
    var = sum((k - mean) ** 2 * q for k, q in exact.attacker_result.items())
    assert abs(mc_mean - mean) <= 4 * math.sqrt(var / n)


# --------------------------------------------------------------------------- CLI


def flat(text: str) -> str:
    """Output with Rich box borders and line wrapping removed."""
    return " ".join(text.replace("│", " ").split())


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    _register()
    return CliRunner()


def test_cli_json_output(runner: CliRunner) -> None:
    res = runner.invoke(
        app,
        [
            "odds", "champs", "--attacker", "soldats:3", "--attacker-hero", "guerrier",
            "--support", "2", "--defender", "mastodonte:1,cavalerie:2", "--json",
        ],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert isinstance(data["attacker_wins"], float) and isinstance(data["defender_wins"], float)
    assert data["attacker"]["dice"] == 10 and data["defender"]["dice"] == 7  # EX-CB-5
    assert math.isclose(data["attacker_wins"], win_probability(10, 7, DEFAULT))
    assert math.isclose(sum(data["defender_result"].values()), 1.0)


def test_cli_raw_dice_heroes_and_config(runner: CliRunner) -> None:
    res = runner.invoke(
        app,
        [
            "odds", "champs", "--attacker-dice", "4", "--defender-dice", "5",
            "--defender-hero", "templier,guerrier", "--config", "combat.result=highest", "--json",
        ],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    expected = combat_odds(Side(dice=4), Side(dice=7, skills=("templier",), hero_dice=2), HIGHEST)
    assert math.isclose(data["attacker_wins"], expected.attacker_wins)
    assert data["defender"]["skills"] == ["templier"]


def test_cli_bad_troop_type_names_the_option(runner: CliRunner) -> None:
    res = runner.invoke(app, ["odds", "champs", "--attacker", "dragons:2", "--defender-dice", "3"])
    assert res.exit_code == 2
    assert "--attacker" in flat(res.output) and "dragons" in flat(res.output)


def test_cli_bad_count_names_the_option(runner: CliRunner) -> None:
    res = runner.invoke(
        app, ["odds", "champs", "--attacker-dice", "3", "--defender", "soldats:x", "--lang", "en"]
    )
    assert res.exit_code == 2
    assert "--defender" in flat(res.output) and "bad unit count" in flat(res.output)


def test_cli_bad_config_key(runner: CliRunner) -> None:
    res = runner.invoke(
        app, ["odds", "champs", "--attacker-dice", "3", "--defender-dice", "3", "--config", "x.y=1"]
    )
    assert res.exit_code == 2
    assert "--config" in flat(res.output) and "x.y" in flat(res.output)


def test_cli_bad_hero_and_missing_pool(runner: CliRunner) -> None:
    res = runner.invoke(
        app, ["odds", "champs", "--attacker-dice", "3", "--defender-dice", "3",
              "--attacker-hero", "mage"],
    )  # fmt: skip
    assert res.exit_code == 2 and "--attacker-hero" in flat(res.output)
    res = runner.invoke(app, ["odds", "champs", "--attacker-dice", "3"])
    assert res.exit_code == 2 and "--defender" in flat(res.output)


@pytest.mark.parametrize(
    ("lang", "words"),
    [("fr", ["Victoire de l'attaquant", POLICY_FR[:30]]), ("en", ["Attacker wins", "Hero policy"])],
)
def test_cli_table_in_both_languages(runner: CliRunner, lang: str, words: list[str]) -> None:
    res = runner.invoke(
        app,
        ["odds", "champs", "--attacker-dice", "8", "--defender-dice", "7",
         "--attacker-hero", "voleur", "--lang", lang],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    text = flat(res.stdout)
    for word in words:
        assert flat(word) in text


def test_cli_help_states_the_policy(runner: CliRunner) -> None:
    res = runner.invoke(app, ["odds", "champs", "--help"])
    assert res.exit_code == 0
    text = flat(res.stdout)
    assert "maximises that side's exact probability of winning" in text
    assert POLICY_EN.split(":")[0] in text
