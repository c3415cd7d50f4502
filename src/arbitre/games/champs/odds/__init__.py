"""Exact odds of one Champs de Bataille combat (CB-55..CB-58), heroes and support included.

What is computed (digest §9-§11, AMB-CB-4, AMB-CB-5, AMB-CB-15a, AMB-CB-20, AMB-CB-22f):

* Pools (CB-10..CB-14, CB-48, CB-51..CB-53, CB-68, CB-71): `side_from_troops` counts the dice
  of a troop; a `Side` can also be built from a raw dice count.
* Both sides roll at once (CB-55, dice of `dice.sides` faces, AMB-CB-4); then the attacker's
  hero skills, then the defender's (CB-56): Thief (CB-49, `thief.mode`, AMB-CB-20e) and Templar
  (CB-50, `templar.rerollSupportDice`, AMB-CB-20f). The result is the sum of the dice or the
  highest die (`combat.result`, AMB-CB-5); a side with no dice has result 0; the higher result
  wins and a tie goes to the attacker (CB-57, CB-58).
* Heroes are "used well": see `POLICY_EN` / `POLICY_FR`. The policy lives in one place, the
  option ranking of `game._thief_options` / `game._templar_options`, which the public helpers
  `best_thief_swap`, `best_templar_reroll` and `best_return_pick` (used by the game's engine and
  AIs with the actual dice) and `combat_odds` all call.

Everything is exact: integer counts and `fractions.Fraction`, never sampling.

* No Thief/Templar: convolution of the two pools (sum) or of their maxima (highest).
* One Thief or one Templar in the whole combat (the usual case: the MJ has no hero): each pool is
  reduced to a compact summary -- its sum and the few extreme dice the skill can touch (for a
  Templar in sum mode: sum and two lowest re-rollable dice; for a Thief: own lowest or highest die
  and the opponent's highest, or both sides' lowest with thief.mode=opponentPicksReturn, ...).
  The hero's decision is asked of the policy helpers on a representative roll with that summary,
  and only where it can change the winner (the margin lies within what one skill use can move);
  elsewhere the policy declines. Tests check this against brute-force enumeration of every roll.
* Any other combination (skills on both sides, several Thieves/Templars in one troop): exact
  enumeration of every pair of rolled multisets and of the whole skill game; limited in size
  (`OddsTooComplex`).

Modules: `sides` (pools and rule options), `pools` (dice arithmetic), `distributions` (roll
counts, plain combat), `game` (the skill game), `policy` (the policy on actual dice),
`summaries` and `one_skill` (the one-skill fast path), `exact` (method choice, general
enumeration, public results).
"""

from __future__ import annotations

from arbitre.games.champs.odds.exact import (
    GENERAL_LIMIT,
    Odds,
    clear_caches,
    combat_odds,
    exact_win_probability,
    general_size,
    win_probability,
)
from arbitre.games.champs.odds.exact import _win_float as _win_float  # its cache, for tests
from arbitre.games.champs.odds.policy import (
    POLICY_EN,
    POLICY_FR,
    best_return_pick,
    best_templar_reroll,
    best_thief_swap,
)
from arbitre.games.champs.odds.sides import (
    GLADIATOR,
    SKILL_HEROES,
    TEMPLAR,
    THIEF,
    WARRIOR,
    Mode,
    OddsTooComplex,
    Side,
    mode_of,
    side_from_dice,
    side_from_troops,
)

__all__ = [
    "GENERAL_LIMIT",
    "GLADIATOR",
    "POLICY_EN",
    "POLICY_FR",
    "SKILL_HEROES",
    "TEMPLAR",
    "THIEF",
    "WARRIOR",
    "Mode",
    "Odds",
    "OddsTooComplex",
    "Side",
    "best_return_pick",
    "best_templar_reroll",
    "best_thief_swap",
    "clear_caches",
    "combat_odds",
    "exact_win_probability",
    "general_size",
    "mode_of",
    "side_from_dice",
    "side_from_troops",
    "win_probability",
]
