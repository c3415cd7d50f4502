"""Every rule option of Champs de Bataille (digest §14), validated into one frozen object.

Keys are the digest's; each settles an ambiguity (AMB-CB-n) and has its documented default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from arbitre.engine import library
from arbitre.engine.config_values import resolve_values
from arbitre.engine.i18n import Msg, add_messages
from arbitre.engine.ruleset import ConfigError, ConfigOption
from arbitre.games.champs.messages_options import option_texts
from arbitre.games.champs.surprise import SURPRISES
from arbitre.games.champs.troops import HEROES

# key, default, choices (None: free value, limited in _LIMITS), ambiguity/rule it settles
_TABLE: tuple[tuple[str, Any, tuple[Any, ...] | None, str], ...] = (
    ("players", 2, (1, 2, 3, 4), "CB-24"),
    ("heroes", ("guerrier", "voleur", "templier", "gladiateur"), None, "AMB-CB-20k"),
    ("battlefield", "plaine", None, "AMB-CB-1"),
    ("grid.adjacency", 8, (8, 4), "AMB-CB-2"),
    ("move.cornerCutting", "allowed", ("allowed", "forbidden"), "AMB-CB-2"),
    ("dice.sides", 6, None, "AMB-CB-4"),
    ("combat.result", "sum", ("sum", "highest"), "AMB-CB-5"),
    ("retreat.direction", "halfplane", ("halfplane", "straight", "farther"), "AMB-CB-6"),
    ("retreat.alliedCells", "allowed", ("allowed", "blocked"), "AMB-CB-7"),
    ("retreat.splitCells", "retreatCellsOnly", ("retreatCellsOnly", "anyAdjacent"), "AMB-CB-8"),
    ("activation.moveOnly", True, (True, False), "AMB-CB-9"),
    ("move.splitAroundAction", False, (False, True), "AMB-CB-10"),
    ("move.groupSpeed", "slowest", ("slowest",), "AMB-CB-11"),
    ("move.throughAllied", True, (True, False), "AMB-CB-11"),
    ("move.splitGroups", "many", ("many", "one"), "AMB-CB-11"),
    ("move.zoneOfControl", "none", ("none", "stop"), "AMB-CB-12"),
    ("advance.thenMove", True, (True, False), "AMB-CB-13"),
    ("reattack.repeat", "unlimited", ("unlimited", "once"), "AMB-CB-14"),
    ("reattack.support", True, (True, False), "AMB-CB-14"),
    ("reattack.skills", True, (True, False), "AMB-CB-14"),
    ("catapult.dicePer", "unit", ("unit", "troop"), "AMB-CB-15a"),
    ("catapult.lineOfFire", "none", ("none", "obstacles"), "AMB-CB-15b"),
    ("catapult.meleeAttack", False, (False, True), "AMB-CB-15c"),
    ("catapult.startsLoaded", False, (False, True), "AMB-CB-15e"),
    ("catapult.readyAfter", "nextTurn", ("nextTurn", "nextRound"), "AMB-CB-15f"),
    ("catapult.unloadOnMove", False, (False, True), "AMB-CB-15g"),
    ("catapult.rangedCombat", "twoSided", ("twoSided", "oneSided"), "AMB-CB-15h"),
    ("catapult.reattack", False, (False, True), "AMB-CB-15h"),
    ("catapult.rangedSupport", "allowed", ("allowed", "forbidden"), "AMB-CB-15i"),
    (
        "catapult.mixedTroopReload",
        "troopReloads",
        ("troopReloads", "splitFirst"),
        "AMB-CB-15k",
    ),
    ("traps.playerPool", None, None, "AMB-CB-16a"),
    ("traps.poolMode", "shared", ("shared", "perPlayer"), "AMB-CB-16a"),
    ("traps.mjPool", "unlimited", ("unlimited", "sameAsPlayers"), "AMB-CB-16b"),
    ("traps.placement", "ownCell", ("ownCell", "adjacentCell"), "AMB-CB-16c"),
    ("traps.visible", True, (True, False), "AMB-CB-16d"),
    ("traps.stopsMovement", False, (False, True), "AMB-CB-16e"),
    ("traps.zeroConsumes", True, (True, False), "AMB-CB-16g"),
    ("traps.flyersTrigger", "never", ("never", "onEnd"), "AMB-CB-16h"),
    ("traps.mixedTroopCanLay", "anySoldier", ("anySoldier", "soldiersOnly"), "AMB-CB-16k"),
    ("recruit.who", "anyTroop", ("anyTroop", "startLine", "heroTroops"), "AMB-CB-17a"),
    ("recruit.placement", "anyFree", ("anyFree", "emptyOnly"), "AMB-CB-17c"),
    ("recruit.mjMode", "freeChoice", ("freeChoice", "free", "ownDeck"), "AMB-CB-17e"),
    ("recruit.newTroopActs", True, (True, False), "AMB-CB-17f"),
    ("mj.army", "choose", ("choose", "random"), "AMB-CB-17g"),
    ("turn.mjSlots", "afterEveryPlayer", ("afterEveryPlayer", "betweenPlayers"), "AMB-CB-18"),
    ("turn.order", "roll", ("roll", "seating"), "AMB-CB-18"),
    ("turn.rerollInitiative", False, (False, True), "AMB-CB-18"),
    ("activation.tracking", "perUnit", ("perUnit", "perCell"), "AMB-CB-19b"),
    ("activation.perRoundLimit", "none", ("none", "oncePerRound"), "AMB-CB-19a"),
    ("hero.loneMove", 1, (0, 1, 2), "AMB-CB-20a"),
    ("hero.canFly", False, (False, True), "AMB-CB-20b"),
    ("hero.skillWhenSupporting", False, (False, True), "AMB-CB-20d"),
    ("thief.mode", "swapValues", ("swapValues", "moveOneDie", "opponentPicksReturn"), "AMB-CB-20e"),
    ("templar.rerollSupportDice", True, (True, False), "AMB-CB-20f"),
    ("hero.groundTroopTest", "anyGround", ("anyGround", "allGround"), "AMB-CB-3"),
    ("gladiator.loneLossCaptures", True, (True, False), "AMB-CB-20g"),
    ("hero.capture", "default", ("default", "onlyIfNoRetreat"), "AMB-CB-20i"),
    ("mj.surprise", "none", ("none",), "AMB-CB-21"),
    ("support.refusal", "heroInSupporter", ("heroInSupporter", "alsoAttacker"), "AMB-CB-22c"),
    ("support.defender", False, (False, True), "AMB-CB-22f"),
    ("overflow.toAlliedCell", "withinCap", ("withinCap",), "AMB-CB-23"),
    (
        "victory.mode",
        "annihilationOrObjective",
        ("annihilationOrObjective", "annihilation", "roundLimit"),
        "AMB-CB-24",
    ),
    ("victory.rounds", None, None, "AMB-CB-24"),
)

# The limits of the free values (ConfigOption fields), generous for real play:
# - heroes: one hero per player, at most four players (CB-24), among the four heroes;
# - battlefield: a built-in or installed name (library), or on the CLI a TOML file path;
# - dice.sides: a D2 to a D20 (AMB-CB-4 allows a custom die; the exact odds the AI
#   computes grow with the cube of the sides: a D20 costs about a second, a D100 minutes);
# - traps.playerPool: 1 to 99 tokens (AMB-CB-16a; the default is 2 per player);
# - victory.rounds: 1 to 99 rounds (AMB-CB-24; the battlefields say 12 to 15).
_LIMITS: dict[str, dict[str, Any]] = {
    "heroes": {"max_items": 4, "items": HEROES},
    "battlefield": {"resource": library.CHAMPS_BATTLEFIELD},
    "dice.sides": {"lo": 2, "hi": 20},
    "traps.playerPool": {"lo": 1, "hi": 99},
    "victory.rounds": {"lo": 1, "hi": 99},
}

DEFAULTS: dict[str, Any] = {key: default for key, default, _c, _r in _TABLE}


@dataclass(frozen=True, slots=True)
class Rules:
    """The resolved options, with attribute names for the hot paths."""

    values: Mapping[str, Any]
    players: int
    heroes: tuple[str, ...]
    battlefield: str
    adjacency: int
    corner_cutting: bool
    sides: int
    highest: bool
    retreat_direction: str
    retreat_allied: bool
    retreat_any_adjacent: bool
    move_only: bool
    split_around_action: bool
    through_allied: bool
    split_many: bool
    zoc: bool
    advance_then_move: bool
    reattack_once: bool
    reattack_support: bool
    reattack_skills: bool
    catapult_per_troop: bool
    line_of_fire: bool
    catapult_melee: bool
    catapult_starts_loaded: bool
    catapult_next_round: bool
    catapult_unload_on_move: bool
    catapult_one_sided: bool
    catapult_reattack: bool
    catapult_support: bool
    catapult_split_first: bool
    trap_pool: int | None
    trap_pool_per_player: bool
    mj_trap_pool_limited: bool
    trap_adjacent: bool
    traps_visible: bool
    trap_stops: bool
    trap_zero_consumes: bool
    flyers_trigger: bool
    trap_soldiers_only: bool
    recruit_who: str
    recruit_empty_only: bool
    mj_recruit: str
    new_troop_acts: bool
    mj_army_random: bool
    mj_after_last: bool
    initiative_roll: bool
    reroll_initiative: bool
    per_cell_tracking: bool
    once_per_round: bool
    lone_move: int
    hero_can_fly: bool
    skill_when_supporting: bool
    thief_mode: str
    templar_support_dice: bool
    all_ground_for_skill: bool
    gladiator_lone_loss_captures: bool
    capture_only_if_no_retreat: bool
    refusal_also_attacker: bool
    defender_support: bool
    victory_mode: str
    victory_rounds: int | None


def options() -> list[ConfigOption]:
    """The declared options; `mj.surprise` offers every registered Surprise (AMB-CB-21)."""
    return list(_options(tuple(SURPRISES)))


@lru_cache(maxsize=4)
def _options(surprises: tuple[str, ...]) -> tuple[ConfigOption, ...]:
    out = []
    for key, default, choices, rule in _TABLE:
        if key == "mj.surprise":
            choices = surprises
        limits = _LIMITS.get(key, {})
        help_ = Msg(f"champs.cfg.{key}")
        out.append(ConfigOption(key, default, choices, rule, help_, **limits, **option_texts(key)))
    return tuple(out)


def resolve(config: Mapping[str, Any]) -> Rules:
    """Validate `config` against the option table; unknown keys and bad values are refused."""
    values = resolve_values("champs", _options(tuple(SURPRISES)), config, skip=("position",))
    heroes = tuple(values["heroes"])
    players = values["players"]
    if len(heroes) < players:
        msg = Msg(
            "config.champs.heroes", {"key": "heroes", "n": len(heroes), "players": players}, "CB-24"
        )
        raise ConfigError(
            f"config 'heroes' names {len(heroes)} heroes for {players} players (CB-24)", msg
        )
    heroes = heroes[:players]
    values["heroes"] = heroes
    v = values
    return Rules(
        values=v,
        players=players,
        heroes=heroes,
        battlefield=v["battlefield"],
        adjacency=v["grid.adjacency"],
        corner_cutting=v["move.cornerCutting"] == "allowed",
        sides=v["dice.sides"],
        highest=v["combat.result"] == "highest",
        retreat_direction=v["retreat.direction"],
        retreat_allied=v["retreat.alliedCells"] == "allowed",
        retreat_any_adjacent=v["retreat.splitCells"] == "anyAdjacent",
        move_only=v["activation.moveOnly"],
        split_around_action=v["move.splitAroundAction"],
        through_allied=v["move.throughAllied"],
        split_many=v["move.splitGroups"] == "many",
        zoc=v["move.zoneOfControl"] == "stop",
        advance_then_move=v["advance.thenMove"],
        reattack_once=v["reattack.repeat"] == "once",
        reattack_support=v["reattack.support"],
        reattack_skills=v["reattack.skills"],
        catapult_per_troop=v["catapult.dicePer"] == "troop",
        line_of_fire=v["catapult.lineOfFire"] == "obstacles",
        catapult_melee=v["catapult.meleeAttack"],
        catapult_starts_loaded=v["catapult.startsLoaded"],
        catapult_next_round=v["catapult.readyAfter"] == "nextRound",
        catapult_unload_on_move=v["catapult.unloadOnMove"],
        catapult_one_sided=v["catapult.rangedCombat"] == "oneSided",
        catapult_reattack=v["catapult.reattack"],
        catapult_support=v["catapult.rangedSupport"] == "allowed",
        catapult_split_first=v["catapult.mixedTroopReload"] == "splitFirst",
        trap_pool=v["traps.playerPool"],
        trap_pool_per_player=v["traps.poolMode"] == "perPlayer",
        mj_trap_pool_limited=v["traps.mjPool"] == "sameAsPlayers",
        trap_adjacent=v["traps.placement"] == "adjacentCell",
        traps_visible=v["traps.visible"],
        trap_stops=v["traps.stopsMovement"],
        trap_zero_consumes=v["traps.zeroConsumes"],
        flyers_trigger=v["traps.flyersTrigger"] == "onEnd",
        trap_soldiers_only=v["traps.mixedTroopCanLay"] == "soldiersOnly",
        recruit_who=v["recruit.who"],
        recruit_empty_only=v["recruit.placement"] == "emptyOnly",
        mj_recruit=v["recruit.mjMode"],
        new_troop_acts=v["recruit.newTroopActs"],
        mj_army_random=v["mj.army"] == "random",
        mj_after_last=v["turn.mjSlots"] == "afterEveryPlayer",
        initiative_roll=v["turn.order"] == "roll",
        reroll_initiative=v["turn.rerollInitiative"],
        per_cell_tracking=v["activation.tracking"] == "perCell",
        once_per_round=v["activation.perRoundLimit"] == "oncePerRound",
        lone_move=v["hero.loneMove"],
        hero_can_fly=v["hero.canFly"],
        skill_when_supporting=v["hero.skillWhenSupporting"],
        thief_mode=v["thief.mode"],
        templar_support_dice=v["templar.rerollSupportDice"],
        all_ground_for_skill=v["hero.groundTroopTest"] == "allGround",
        gladiator_lone_loss_captures=v["gladiator.loneLossCaptures"],
        capture_only_if_no_retreat=v["hero.capture"] == "onlyIfNoRetreat",
        refusal_also_attacker=v["support.refusal"] == "alsoAttacker",
        defender_support=v["support.defender"],
        victory_mode=v["victory.mode"],
        victory_rounds=v["victory.rounds"],
    )


add_messages(
    {
        "config.champs.heroes": {
            "fr": "La clé « heroes » nomme { $n } héros pour { $players } "
            "{ $players ->\n    [one] joueur\n   *[other] joueurs\n} : il en faut "
            "un par "
            "joueur",
            "en": "The key 'heroes' names { $n } { $n ->\n"
            "    [one] hero\n   *[other] heroes\n} for { $players } "
            "{ $players ->\n    [one] player\n   *[other] players\n}: one per player "
            "is needed",
        },
    }
)
