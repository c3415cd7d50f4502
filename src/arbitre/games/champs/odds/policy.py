"""The heroes' policy (POLICY_EN / POLICY_FR) applied to actual dice: the best Thief exchange
(CB-49, AMB-CB-20e), the opponent's return pick (thief.mode=opponentPicksReturn), and the best
Templar re-roll (CB-50), as used by the game's engine and AIs.

Every helper asks the option ranking of the skill game (`game._thief_options`,
`game._templar_options`), so the odds and the play follow one policy.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from arbitre.games.champs.config import Rules
from arbitre.games.champs.odds.game import (
    _NONE,
    Skills,
    State,
    _return_replies,
    _sides_of,
    _skills_of,
    _templar_options,
    _thief_options,
    _with,
)
from arbitre.games.champs.odds.pools import Pool
from arbitre.games.champs.odds.sides import SKILL_HEROES, Mode, mode_of

POLICY_EN = (
    "Heroes are used well: each skill decision (Thief exchange, Templar re-roll, and the order "
    "of a side's skills) maximises that side's exact probability of winning the combat, knowing "
    "every die on the table, and assuming every skill still to come (the defender's come after "
    "the attacker's, CB-56) is used the same way. Skills are optional: a hero acts only if it "
    "strictly raises that probability. Among equally good choices a Thief takes the one that "
    "leaves his side the largest lead (own result minus the opponent's), then the highest own "
    "result; a Templar re-rolls as few dice as possible, then the ones that raise his expected "
    "result most (the lowest). In thief.mode=opponentPicksReturn the Thief picks the die of his "
    "own he gives, and the opponent picks which of his own dice he gives in exchange so as to "
    "maximise his own chances (then his lead, then his result, then his lowest die)."
)
POLICY_FR = (
    "Les héros sont bien utilisés : chaque décision (échange du Voleur, relance du Templier, "
    "ordre des compétences d'un camp) maximise la probabilité exacte que son camp gagne le combat, "
    "en connaissant tous les dés sur la table, et en supposant que toute compétence encore à venir "
    "(celles du défenseur viennent après celles de l'attaquant, CB-56) est utilisée de la même "
    "façon. Les compétences sont facultatives : un héros n'agit que si cela augmente strictement "
    "cette probabilité. À chances égales, le Voleur choisit l'échange qui laisse à son camp la "
    "plus grande avance (son résultat moins celui de l'adversaire), puis le plus grand résultat ; "
    "le Templier relance le moins de dés possible, puis ceux qui augmentent le plus son résultat "
    "espéré (les plus faibles). En thief.mode=opponentPicksReturn, le Voleur choisit lequel de ses "
    "dés il donne, et l'adversaire choisit lequel de ses propres dés il rend en échange de façon "
    "à maximiser ses propres chances (puis son avance, puis son résultat, puis son dé le plus "
    "faible)."
)


def _pool_of(dice: Sequence[int], eligible: Sequence[int] | None) -> Pool:
    for v in dice:
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"bad die value {v!r}")
    if eligible is None:
        return (tuple(sorted(dice)), ())
    idx = set(eligible)
    if any(not 0 <= i < len(dice) for i in idx):
        raise ValueError(f"eligible indices {sorted(idx)} out of range")
    return (
        tuple(sorted(v for i, v in enumerate(dice) if i in idx)),
        tuple(sorted(v for i, v in enumerate(dice) if i not in idx)),
    )


def _then_skills(then: Sequence[tuple[str, bool]], acting_attacker: bool) -> tuple[Skills, Skills]:
    att = [0, 0]
    dfd = [0, 0]
    for hero, on_attacker in then:
        if hero not in SKILL_HEROES:
            raise ValueError(f"{hero!r} has no skill to apply after the roll; use {SKILL_HEROES}")
        if on_attacker and not acting_attacker:
            raise ValueError("the attacker's skills come first (CB-56)")
        slot = att if on_attacker else dfd
        slot[SKILL_HEROES.index(hero)] += 1
    return (att[0], att[1]), (dfd[0], dfd[1])


def _index_of(
    dice: Sequence[int],
    eligible: Sequence[int] | None,
    group: int,
    value: int,
    used: Collection[int] = (),
) -> int:
    elig = set(range(len(dice))) if eligible is None else set(eligible)
    for i, v in enumerate(dice):
        if v == value and i not in used and ((i in elig) == (group == 0)):
            return i
    raise AssertionError("die not found")  # pragma: no cover


def _acting_state(
    own: Pool, opp: Pool, own_is_attacker: bool, mine: Skills, then: Sequence[tuple[str, bool]]
) -> tuple[State, int]:
    att, dfd = _then_skills(then, own_is_attacker)
    if own_is_attacker:
        return (own, opp, (att[0] + mine[0], att[1] + mine[1]), dfd), 0
    return (opp, own, _NONE, (dfd[0] + mine[0], dfd[1] + mine[1])), 1


def _thief_pick(
    own: tuple[int, ...],
    opp: tuple[int, ...],
    own_is_attacker: bool,
    mode: Mode,
    then: tuple[tuple[str, bool], ...] = (),
    own_eligible: tuple[int, ...] | None = None,
    opp_eligible: tuple[int, ...] | None = None,
) -> tuple[int, int] | None:
    own_pool = _pool_of(own, own_eligible)
    opp_pool = _pool_of(opp, opp_eligible)
    state, side = _acting_state(own_pool, opp_pool, own_is_attacker, (1, 0), then)
    best = max(_thief_options(state, side, mode), key=lambda o: o[0])
    action = best[1]
    if action[0] == "pass-thief":
        return None
    if action[0] == "take":
        return (-1, _index_of(opp, opp_eligible, action[1], action[2]))
    if action[0] == "give":
        return (_index_of(own, own_eligible, action[1], action[2]), -1)
    _, og, ov, pg, pv = action
    return (
        _index_of(own, own_eligible, og, ov),
        _index_of(opp, opp_eligible, pg, pv),
    )


def best_thief_swap(
    own: Sequence[int],
    opp: Sequence[int],
    own_is_attacker: bool,
    rules: Rules,
    *,
    then: Sequence[tuple[str, bool]] = (),
    own_eligible: Sequence[int] | None = None,
    opp_eligible: Sequence[int] | None = None,
) -> tuple[int, int] | None:
    """The Thief's best use of his skill on the actual dice (CB-49, AMB-CB-20e, POLICY_EN).

    Returns None to decline, else `(i, j)`:
    * swapValues: exchange own[i] and opp[j] (each pool keeps its size);
    * moveOneDie: `(-1, j)` moves opp[j] into the Thief's pool, `(i, -1)` moves own[i] out;
    * opponentPicksReturn: the Thief gives own[i]; `j` is the die of his own the opponent will
      return in exchange (he maximises his own chances; see `best_return_pick`); own[i] and
      opp[j] are then exchanged.
    `then` lists the skills still to act after this one, as (hero id, on the attacker's side),
    e.g. `[("templier", False)]` for a defending Templar; by default the Thief acts last.
    `own_eligible` / `opp_eligible` give the indices a Templar may re-roll (support dice
    excluded with templar.rerollSupportDice=false); they matter only with a Templar in `then`.
    """
    mode = mode_of(rules)
    return _thief_pick(
        tuple(own),
        tuple(opp),
        own_is_attacker,
        mode,
        tuple(then),
        None if own_eligible is None else tuple(own_eligible),
        None if opp_eligible is None else tuple(opp_eligible),
    )


def best_return_pick(
    thief_dice: Sequence[int],
    opp: Sequence[int],
    given: int,
    thief_is_attacker: bool,
    rules: Rules,
    *,
    then: Sequence[tuple[str, bool]] = (),
) -> int:
    """thief.mode=opponentPicksReturn (AMB-CB-20e): after the Thief gave thief_dice[given], the
    index of the opponent's own die (in `opp`) he should return in exchange (maximising his own
    chances, POLICY_EN)."""
    mode = mode_of(rules)
    own_pool = _pool_of(thief_dice, None)
    opp_pool = _pool_of(opp, None)
    if not 0 <= given < len(thief_dice) or not opp:
        raise ValueError("nothing to exchange")
    state, side = _acting_state(own_pool, opp_pool, thief_is_attacker, (1, 0), then)
    own_s, opp_s = _sides_of(state, side)
    thieves, templars = _skills_of(state, side)
    base = _with(state, side, own_s, opp_s, (thieves - 1, templars))
    replies = _return_replies(own_s, opp_s, 0, thief_dice[given], base, side, mode)
    reply = max(replies, key=lambda o: o[0])
    return _index_of(opp, None, 0, reply[1][2])


def _templar_pick(
    own: tuple[int, ...],
    opp_result: int,
    own_is_attacker: bool,
    mode: Mode,
    eligible: tuple[int, ...] | None = None,
    opp: tuple[int, ...] | None = None,
    then: tuple[tuple[str, bool], ...] = (),
) -> tuple[int, ...]:
    own_pool = _pool_of(own, eligible)
    if opp is None:
        if then:
            raise ValueError("with skills still to come, pass the opponent's dice (opp=...)")
        if opp_result < 0:
            raise ValueError("opp_result must be >= 0")
        # Only the opponent's result matters: one pseudo-die carrying it.
        opp_pool: Pool = (((opp_result,) if opp_result else ()), ())
    else:
        opp_pool = _pool_of(opp, None)
    state, side = _acting_state(own_pool, opp_pool, own_is_attacker, (0, 1), then)
    best = max(_templar_options(state, side, mode), key=lambda o: o[0])
    if best[1][0] == "pass-templar":
        return ()
    used: set[int] = set()
    out = []
    for v in best[1][1]:
        i = _index_of(own, eligible, 0, v, used)
        used.add(i)
        out.append(i)
    return tuple(sorted(out))


def best_templar_reroll(
    own: Sequence[int],
    opp_result: int,
    own_is_attacker: bool,
    rules: Rules,
    eligible: Sequence[int] | None = None,
    *,
    opp: Sequence[int] | None = None,
    then: Sequence[tuple[str, bool]] = (),
) -> tuple[int, ...]:
    """The Templar's best re-roll on the actual dice (CB-50, POLICY_EN): indices of up to 2 dice
    of `own` to re-roll (empty tuple: keep), maximising the exact probability of winning against
    `opp_result` (the opponent's result: sum or highest die, AMB-CB-5).

    `eligible`: indices he may re-roll (default all; without the support dice when
    templar.rerollSupportDice=false, AMB-CB-20f). With skills still to come (`then`, as in
    `best_thief_swap`), pass the opponent's dice as `opp`.
    """
    mode = mode_of(rules)
    return _templar_pick(
        tuple(own),
        opp_result,
        own_is_attacker,
        mode,
        None if eligible is None else tuple(eligible),
        None if opp is None else tuple(opp),
        tuple(then),
    )
