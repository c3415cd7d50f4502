"""Exact shooting and assault odds, cross-checked against a seeded Monte Carlo."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbitre.games.epic.config import resolve
from arbitre.games.epic.odds import (
    Fighter,
    SaveProfile,
    assault_odds,
    die_success,
    duel_odds,
    roll_dist,
    shooting_odds,
    successes,
    to_hit_die,
)
from tests.epic import montecarlo as mc

F = Fraction
N = 40_000
TOL = 0.012  # about 4 standard deviations at N = 40 000


def _total(d: dict[int, Fraction]) -> Fraction:
    return sum(d.values(), F(0))


def test_EPC_12_d6_to_hit() -> None:
    assert die_success(4) == F(1, 2)
    assert die_success(6) == F(1, 6)
    assert die_success(2) == F(5, 6)
    assert die_success(1) == F(5, 6)  # a natural 1 misses (ours)
    assert die_success(1, resolve({"roll.naturalOneMisses": False})) == 1


def test_AMB_EP_2_seven_plus_is_a_six_then_four_plus() -> None:
    assert die_success(7) == F(1, 12)
    assert die_success(8) == F(1, 18)
    assert die_success(9) == F(1, 36)
    assert die_success(10) == 0
    assert die_success(7, resolve({"roll.sevenPlus": "impossible"})) == 0
    assert die_success(9, resolve({"roll.sevenPlus": "naturalSix"})) == F(1, 6)


def test_EP_11_10_tir_appuye_rerolls_ones() -> None:
    die = to_hit_die(4, reroll_ones=True)
    assert die.hit == F(1, 2) + F(1, 6) * F(1, 2)
    assert die.hit + die.fail_fresh + die.fail_rerolled == 1


def test_EP_15_3_revealed_tir_appuye_has_no_reroll() -> None:
    assert shooting_odds(1, 4, reroll_ones=False).hits[1] == F(1, 2)


def test_EP_4_2_elite_rerolls_only_one_die_of_a_roll() -> None:
    odds = shooting_odds(3, 4, elite_attacker=True)
    # no hit only if all 3 dice miss and the one re-roll misses too
    assert odds.hits[0] == F(1, 8) * F(1, 2)
    # 3 hits: 3 natural hits, or 2 hits + a successful re-roll of the third die
    assert odds.hits[3] == F(1, 8) + 3 * F(1, 8) * F(1, 2)
    assert _total(odds.hits) == 1


def test_AMB_EP_4_c_a_die_is_rerolled_only_once() -> None:
    die = to_hit_die(4, reroll_ones=True)
    # one die: miss only if (a 1 then a miss: no Elite after) or (2-3 then Elite miss)
    dist = successes(1, die, elite=True)
    assert dist[0] == F(1, 6) * F(1, 2) + F(2, 6) * F(1, 2)


def test_EP_4_3_elite_rerolls_saves() -> None:
    plain = shooting_odds(1, 2, 0, SaveProfile(armour=4), elite_defender=False)
    elite = shooting_odds(1, 2, 0, SaveProfile(armour=4), elite_defender=True)
    assert plain.unsaved[1] == F(5, 6) * F(1, 2)
    assert elite.unsaved[1] == F(5, 6) * F(1, 4)


def test_EPC_13_pa_fixed_and_dual_saves() -> None:
    assert shooting_odds(1, 2, -1, SaveProfile(armour=4)).p_save == F(1, 3)
    assert shooting_odds(1, 2, -3, SaveProfile(fixed=4)).p_save == F(1, 2)
    assert shooting_odds(1, 2, -3, SaveProfile(armour=4, fixed=6)).p_save == F(1, 6)
    two = resolve({"save.dual": "twoRolls"})
    p = shooting_odds(1, 2, -1, SaveProfile(armour=4, fixed=6), rules=two).p_save
    assert p == 1 - F(2, 3) * F(5, 6)
    assert shooting_odds(1, 2, -4, SaveProfile(armour=3)).p_save == 0


def test_EPC_13_cover_is_rolled_first_then_armour() -> None:
    p = shooting_odds(1, 2, 0, SaveProfile(armour=5, cover=5)).p_save
    assert p == 1 - F(2, 3) * F(2, 3)


def test_EP_11_12_ethereal_powers_ignore_armour_and_cover() -> None:
    odds = shooting_odds(1, 2, 0, SaveProfile(armour=2, cover=4), ethereal=True)
    assert odds.p_save == 0


def test_EP_14_1_psychic_save_works_against_ethereal_powers() -> None:
    odds = shooting_odds(1, 2, 0, SaveProfile(armour=2, psychic=5), ethereal=True)
    assert odds.p_save == F(1, 3)


def test_EP_11_9_and_EP_14_2_psychic_save_useless_against_physical() -> None:
    odds = shooting_odds(1, 2, -1, SaveProfile(psychic=2))
    assert odds.p_save == 0


def test_AMB_EP_13_psychic_save_is_not_modified_by_pa() -> None:
    odds = shooting_odds(1, 2, -3, SaveProfile(psychic=4), ethereal=True)
    assert odds.p_save == F(1, 2)


@pytest.mark.parametrize(
    ("dice", "to_hit", "save", "ta", "elite", "t_elite", "seed"),
    [
        (3, 4, 4, True, True, False, 1),
        (4, 5, None, False, True, False, 2),
        (2, 7, 5, True, False, True, 3),
        (5, 3, 3, False, False, True, 4),
    ],
)
def test_EPC_19_shooting_matches_monte_carlo(
    dice: int, to_hit: int, save: int | None, ta: bool, elite: bool, t_elite: bool, seed: int
) -> None:
    exact = shooting_odds(
        dice,
        to_hit,
        0,
        SaveProfile(armour=save),
        reroll_ones=ta,
        elite_attacker=elite,
        elite_defender=t_elite,
    )
    assert _total(exact.unsaved) == 1
    sampled = mc.sample(
        lambda r: mc.shoot(
            r, dice, to_hit, save, reroll_ones=ta, elite=elite, target_elite=t_elite
        ),
        N,
        seed,
    )
    for k in range(dice + 1):
        assert abs(float(exact.unsaved.get(k, 0)) - sampled.get(k, 0.0)) < TOL, k


def test_EPC_17_duel_dice_enumeration() -> None:
    assert sum(c for _s, _m, c in roll_dist(3)) == 216
    assert {s for s, _m, _c in roll_dist(2)} == set(range(2, 13))


def test_EPC_17_equal_duel_is_symmetric() -> None:
    duel = duel_odds(3, 3)
    assert duel.p("a") == duel.p("b")
    assert duel.p("tie") == F(146, 1296)  # sum of squares of the 2D6 counts / 36**2
    assert duel.p("a") + duel.p("b") + duel.p("tie") == 1


def test_EPC_17_higher_fa_wins_more() -> None:
    assert duel_odds(5, 2).p("a") > duel_odds(2, 5).p("a")


@pytest.mark.parametrize(
    ("fa_a", "fa_b", "dice_a", "elite", "seed"),
    [(3, 3, 2, False, 5), (2, 6, 3, True, 6), (4, 1, 2, True, 7), (0, 5, 4, False, 8)],
)
def test_EPC_17_duels_match_monte_carlo(
    fa_a: int, fa_b: int, dice_a: int, elite: bool, seed: int
) -> None:
    exact = duel_odds(fa_a, fa_b, dice_a, 2, elite, False)
    sampled = mc.sample(lambda r: mc.duel(r, fa_a, fa_b, dice_a, elite), N, seed)
    for winner in ("a", "b", "tie"):
        assert abs(float(exact.p(winner)) - sampled.get(winner, 0.0)) < TOL


def test_EP_4_3_elite_improves_assault_rolls() -> None:
    assert duel_odds(3, 3, elite_a=True).p("a") > duel_odds(3, 3).p("a")
    both = duel_odds(3, 3, elite_a=True, elite_b=True)
    assert both.p("b") > duel_odds(3, 3, elite_a=True).p("b")


def test_EP_8_14_outnumbering_adds_a_die_per_further_duel() -> None:
    one = assault_odds([Fighter(3)], Fighter(3))
    two = assault_odds([Fighter(3), Fighter(3)], Fighter(3))
    assert one.p_defender_destroyed() == duel_odds(3, 3).p("a")
    first = duel_odds(3, 3).p("a")
    second = duel_odds(3, 3, 3, 2).p("a")
    assert two.p_defender_destroyed() == first + (1 - first) * second
    assert two.duels[1]["a"] == second  # conditional on the duel being fought


def test_EPC_17_multi_wound_defender_and_pools() -> None:
    odds = assault_odds(
        [Fighter(2)] * 3, Fighter(8, wounds=2), attacker_rerolls=1, defender_rerolls=1
    )
    assert _total(odds.dist) == 1  # type: ignore[arg-type]
    assert all(lost <= 2 and dead <= 3 for lost, dead in odds.dist)
    assert set(odds.to_json()) >= {"p_defender_destroyed", "outcomes", "duels"}


def test_EP_8_14_assault_group_matches_monte_carlo() -> None:
    fas, fa_d, wounds = [2, 3, 1], 6, 2
    exact = assault_odds([Fighter(f) for f in fas], Fighter(fa_d, wounds))
    sampled = mc.sample(lambda r: mc.group(r, fas, fa_d, wounds), N, 9)
    for key in set(exact.dist) | set(sampled):
        assert abs(float(exact.dist.get(key, 0)) - sampled.get(key, 0.0)) < TOL, key  # type: ignore[call-overload]
