"""The engine's conformance harness over Champs: random games to the end, many configs."""

from __future__ import annotations

import pytest

from arbitre.engine import conformance
from tests.champs.helpers import R

CONFIGS = [
    {},
    {"players": 1, "heroes": "templier"},
    {"players": 4, "battlefield": "defile"},
    {"players": 3, "battlefield": "forteresse", "heroes": "voleur,templier,gladiateur"},
    {
        "combat.result": "highest",
        "thief.mode": "moveOneDie",
        "heroes": "voleur,templier",
        "traps.visible": False,
        "grid.adjacency": 4,
        "move.cornerCutting": "forbidden",
    },
    {
        "thief.mode": "opponentPicksReturn",
        "heroes": "voleur,gladiateur",
        "hero.capture": "onlyIfNoRetreat",
        "gladiator.loneLossCaptures": False,
        "retreat.direction": "farther",
        "move.zoneOfControl": "stop",
        "traps.stopsMovement": True,
    },
    {
        "move.splitAroundAction": True,
        "move.splitGroups": "one",
        "activation.moveOnly": False,
        "activation.tracking": "perCell",
        "activation.perRoundLimit": "oncePerRound",
        "recruit.mjMode": "free",
        "mj.army": "random",
        "turn.mjSlots": "betweenPlayers",
        "catapult.startsLoaded": True,
        "catapult.reattack": True,
        "catapult.rangedCombat": "oneSided",
        "support.defender": True,
        "retreat.splitCells": "anyAdjacent",
        "retreat.alliedCells": "blocked",
        "traps.flyersTrigger": "onEnd",
        "hero.skillWhenSupporting": True,
        "recruit.who": "startLine",
        "victory.mode": "roundLimit",
        "catapult.dicePer": "troop",
        "catapult.lineOfFire": "obstacles",
        "catapult.meleeAttack": True,
    },
    {
        "recruit.mjMode": "ownDeck",
        "traps.poolMode": "perPlayer",
        "traps.mjPool": "sameAsPlayers",
        "traps.placement": "adjacentCell",
        "recruit.placement": "emptyOnly",
        "recruit.newTroopActs": False,
        "turn.order": "seating",
        "turn.rerollInitiative": True,
        "catapult.readyAfter": "nextRound",
        "catapult.unloadOnMove": True,
        "support.refusal": "alsoAttacker",
        "hero.loneMove": 2,
        "hero.canFly": True,
        "templar.rerollSupportDice": False,
        "hero.groundTroopTest": "allGround",
        "reattack.repeat": "once",
        "reattack.support": False,
        "reattack.skills": False,
        "advance.thenMove": False,
        "move.throughAllied": False,
        "catapult.rangedSupport": "forbidden",
        "catapult.mixedTroopReload": "splitFirst",
        "traps.zeroConsumes": False,
        "traps.mixedTroopCanLay": "soldiersOnly",
        "recruit.who": "heroTroops",
        "victory.mode": "annihilation",
        "victory.rounds": 6,
    },
]


# Hidden traps (AMB-CB-16d) with every trap option that changes where they are or what
# they do: the harness checks that no seat of the other side learns where they lie.
HIDDEN_TRAPS = [
    {
        "traps.visible": False,
        "traps.placement": "adjacentCell",
        "traps.stopsMovement": True,
        "traps.zeroConsumes": False,
        "traps.flyersTrigger": "onEnd",
        "traps.poolMode": "perPlayer",
        "traps.mjPool": "sameAsPlayers",
        "players": 2,
    },
    {
        "traps.visible": False,
        "traps.zeroConsumes": False,
        "traps.mixedTroopCanLay": "soldiersOnly",
        "recruit.mjMode": "free",
        "players": 3,
        "heroes": "voleur,templier,gladiateur",
    },
]


@pytest.mark.parametrize("config", CONFIGS, ids=[f"config{i}" for i in range(len(CONFIGS))])
def test_conformance_random_games(config):
    records = conformance.check_all(R, [config], seeds=range(3), max_decisions=20_000)
    assert all(r.keys for r in records)


@pytest.mark.parametrize("config", HIDDEN_TRAPS, ids=["adjacent", "players3"])
def test_hidden_traps_stay_hidden(config):
    records = conformance.check_all(R, [config], seeds=range(2))
    assert all(r.keys for r in records)


def test_conformance_many_seeds_default_config():
    records = conformance.check_all(R, [{}], seeds=range(10, 22))
    assert len(records) == 12
