"""Rule options of the Epic game: each settles an ambiguity (AMB-EP-n) or a gap of ours.

Every key has a documented default. `origin` says where the default comes from:
"seed" (the seed text / digest reading), "research" (research note, v3 rulebook S1) or
"ours" (no source; our choice).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from arbitre.engine.config_values import resolve_values
from arbitre.engine.i18n import Msg
from arbitre.engine.ruleset import ConfigOption
from arbitre.games.epic.messages_options import option_texts

# key, default, choices (None: free number, bounded in _BOUNDS), rule it settles, origin
_TABLE: tuple[tuple[str, Any, tuple[Any, ...] | None, str, str], ...] = (
    # AMB-EP-2: how a D6 reaches 7+ (digest reading: a 6, then 4+ on a second D6).
    ("roll.sevenPlus", "sixThen", ("sixThen", "impossible", "naturalSix"), "AMB-EP-2", "seed"),
    # A natural 1 always misses a to-hit roll (ours; v3 has "natural 6 always hits").
    ("roll.naturalOneMisses", True, (True, False), "EPC-12", "ours"),
    # How "X+/Y+f" saves work: one roll against the better of the PA-modified armour
    # target and the fixed target ("best"), or a second, fixed roll after a failed
    # armour roll ("twoRolls").
    ("save.dual", "best", ("best", "twoRolls"), "EPC-13", "ours"),
    # AMB-EP-4a: an Elite (X) detachment adds X re-rolls to its player's pool.
    (
        "elite.pool",
        "perDetachment",
        ("perDetachment", "perStand", "onePerDetachment"),
        "AMB-EP-4a",
        "seed",
    ),
    # AMB-EP-4b: one pool per player for the whole game.
    ("elite.scope", "game", ("game", "detachment", "turn"), "AMB-EP-4b", "seed"),
    # EPC-30 / AMB-EP-8b / AMB-EP-12b: the digest reads "base edge", the v3 rulebook
    # (research §3.1) measures centre to centre. Default: centre (research, issue 6).
    ("measure.from", "centre", ("centre", "edge"), "EPC-30", "research"),
    ("measure.baseRadius", 1.0, None, "EPC-30", "ours"),
    # EPC-5: coherency distance, research §3.1 (v3): 6 cm chain.
    ("coherency.cm", 6.0, None, "EPC-5", "research"),
    # AMB-EP-6a/b: breakthrough is "up to", and classes 3+ do not move.
    ("breakthrough.exact", False, (False, True), "AMB-EP-6a", "seed"),
    ("breakthrough.bigClasses", "none", ("none", "likeClass2"), "AMB-EP-6b", "seed"),
    # AMB-EP-15o: the +25 cm High-altitude range rule also covers Floaters.
    ("altitude.floatersHigh", True, (True, False), "AMB-EP-15o", "seed"),
    # research §3.2 / S3: AA weapons take -2 to hit unless the target flies or is class 5+.
    ("aa.groundPenalty", 2, (0, 1, 2), "EPC-26", "research"),
    # Elite re-roll in an assault duel: spent when the side is losing (ours).
    ("assault.eliteWhen", "losing", ("losing", "losingOrTied"), "EP-4.3", "ours"),
    # AMB-EP-3a: Close Defences fire only as interception or counter-charge fire.
    ("dr.combatPhase", False, (False, True), "AMB-EP-3", "seed"),
    # AMB-EP-5a: one building save per hit (True) or per attack die, no to-hit (False).
    ("demolisher.perHit", True, (True, False), "AMB-EP-5", "seed"),
    # AMB-EP-7a: a tied Infiltration roll is re-rolled, or goes to the first seat.
    ("infiltration.tie", "reroll", ("reroll", "firstSeat"), "AMB-EP-7", "seed"),
    # AMB-EP-8a: the Interceptor creating a zone moves exactly half its move, or at least.
    ("interceptor.move", "exactHalf", ("exactHalf", "atLeastHalf"), "AMB-EP-8", "seed"),
    # AMB-EP-9: abandoning a transport destroys the transport (reading) or the Character.
    ("character.abandon", "transport", ("transport", "character"), "AMB-EP-9", "seed"),
    # AMB-EP-10a: a class-1 Bound Character may join Cavalry ("Cavalerie?" in the seed).
    ("bound.cavalry", True, (True, False), "AMB-EP-10", "seed"),
    # AMB-EP-11a: Combat-phase powers need a shooting order (Avance, Tir Appuyé) or any.
    ("psyker.combatOrders", "shooting", ("shooting", "any"), "AMB-EP-11", "seed"),
    # AMB-EP-12a: the HQ sacrifice takes a friendly stand of any detachment, or its own.
    ("hq.sacrificeFrom", "anyDetachment", ("anyDetachment", "ownDetachment"), "AMB-EP-12", "seed"),
    # AMB-EP-14b: a Command Unit on Charge still assaults after shooting as on Avance.
    ("command.chargeAssaults", True, (True, False), "AMB-EP-14", "seed"),
    # AMB-EP-15a: a Flyer without Transport on Tir Appuyé moves as on Avance, or lands.
    ("flyer.tirAppuyeNoTransport", "asAvance", ("asAvance", "lands"), "AMB-EP-15a", "seed"),
    # AMB-EP-15b: the evasive -1 lasts for the landing move only, or the whole turn.
    ("flyer.evasive", "landingMove", ("landingMove", "wholeTurn"), "AMB-EP-15b", "seed"),
    # AMB-EP-16: assaults are actions of the Combat phase (research §3.3), or a separate
    # Assault phase after all shooting.
    ("assault.phase", "combat", ("combat", "separate"), "AMB-EP-16", "research"),
    # Morale (research §3.8, v3): a detachment losing half its stands in one action tests
    # 2D6 >= Morale; failure: Retraite and a fall-back move. Off: no morale tests.
    ("morale.tests", True, (True, False), "EPC-28", "research"),
    # Line of sight (research §3.6, simplified): forests and buildings block ground stands.
    ("los.terrain", True, (True, False), "EPC-14", "ours"),
    # AMB-EP-15j: the Emergency Exit test: D6 >= X modified by the killing weapon's PA
    # (research §3.5, v3: 2+; 4+ flat when the transport dies in an assault).
    ("transport.exitTest", 2, (2, 3, 4, 5, 6), "AMB-EP-15", "research"),
    # Objectives (research §3.9): "points" (default) = each objective held at the end is
    # worth 2 points; "majority" = more objectives held wins, points break a tie; "off".
    ("victory.objectives", "points", ("points", "majority", "off"), "EPC-29", "ours"),
    # EP-9.2: scenario cards; "maelstrom" = each player names a Warlord among his
    # Characters, slaying the enemy's is worth 3 points (research S7, reconstructed).
    ("scenario.cards", "none", ("none", "maelstrom"), "EP-9.2", "ours"),
    # EP-10.1/10.8: each Bound Character joins a detachment chosen by its player at the
    # start ("choose") or the one the army list names ("asListed").
    ("bound.join", "choose", ("choose", "asListed"), "EP-10.1", "seed"),
    # EP-4.1: the player decides each Elite re-roll ("ask"), or the referee spends one
    # on the first failed die of a roll ("auto", a simplification for fast play).
    ("elite.decide", "ask", ("ask", "auto"), "EP-4.1", "seed"),
    # research §3.8: the player places his fall-back move ("ask"), or the referee picks
    # the legal candidate farthest from the enemy ("auto").
    ("fallback.move", "ask", ("ask", "auto"), "EPC-28", "ours"),
    # research §3.5: titans and praetorians move straight after turning at most 90°.
    ("titan.turn90", True, (True, False), "EPC-11", "research"),
    # research §3.5: a stand leaving base contact suffers one opportunity attack per
    # enemy in contact (6+/5+/4+ by that enemy's FA), hits as in assault.
    ("disengage.attacks", True, (True, False), "EPC-17", "research"),
    # Issue 16: the two armies (None: the seat's starter army; a list's ready-made army
    # "<list>@<points>", a saved army of the library, or on the CLI an army file; forces.py)
    ("army.0", None, None, "EPC-3", "ours"),
    ("army.1", None, None, "EPC-3", "ours"),
    # Issue 16: who places the detachments before turn 1 (deployment.py): None = the
    # players in a game from armies, the fixed rows in the starter battle (ours).
    ("deployment", None, (None, "fixed", "players"), "EPC-3", "ours"),
    # Issue 16: the table (tables.py): "default" (the starter battle's, reconstructed), a
    # library name, or on the CLI a TOML file.
    ("table", "default", None, "EPC-11", "ours"),
    # Issue 16: how the game is scored (objectives.py, docs/epic.md "Scenarios"): None =
    # "starter" for the starter battle, "standard" for a game from armies; "starter" =
    # our thresholds (break points, 2 points per objective); "standard" = the sources'
    # victory conditions where they give them.
    ("scenario", None, (None, "starter", "standard"), "EPC-29", "research"),
)

# Inclusive bounds of the free numbers (cm). Generous for real play: Epic bases are about
# 1-2 cm across and a coherency chain 6 cm; a wider base or chain only changes who touches
# whom, but the limits keep every distance finite and meaningful.
_BOUNDS: dict[str, tuple[float, float]] = {
    "measure.baseRadius": (0.0, 5.0),
    "coherency.cm": (0.0, 50.0),
}
# Options naming a library resource (over the web: one of its names, never a path).
_RESOURCES: dict[str, str] = {
    "army.0": "epic.army",
    "army.1": "epic.army",
    "table": "epic.table",
}

DEFAULTS: dict[str, Any] = {key: default for key, default, *_ in _TABLE}
ORIGIN: dict[str, str] = {key: origin for key, *_x, origin in _TABLE}


def _option(key: str, default: Any, choices: tuple[Any, ...] | None, rule: str) -> ConfigOption:
    lo, hi = _BOUNDS.get(key, (None, None))
    help_ = Msg(f"epic.option.{key}")
    return ConfigOption(
        key,
        default,
        choices,
        rule,
        help_,
        lo=lo,
        hi=hi,
        resource=_RESOURCES.get(key),
        **option_texts(key),
    )


_OPTIONS: tuple[ConfigOption, ...] = tuple(
    _option(key, default, choices, rule) for key, default, choices, rule, _o in _TABLE
)


def options_schema() -> tuple[ConfigOption, ...]:
    return _OPTIONS


@dataclass(frozen=True, slots=True)
class Rules:
    """The resolved options, with attribute names for the hot paths."""

    values: Mapping[str, Any] = field(compare=False, hash=False)
    seven_plus: str
    natural_one_misses: bool
    dual_save: str
    elite_pool: str
    elite_scope: str
    measure_edge: bool
    base_radius: float
    coherency: float
    breakthrough_exact: bool
    breakthrough_big: bool
    floaters_high: bool
    aa_ground_penalty: int
    elite_when_tied: bool
    dr_combat: bool
    demolisher_per_hit: bool
    infiltration_tie_reroll: bool
    interceptor_exact: bool
    abandon_destroys_transport: bool
    bound_cavalry: bool
    psyker_any_order: bool
    hq_any_detachment: bool
    command_charge_assaults: bool
    flyer_ta_lands: bool
    evasive_whole_turn: bool
    separate_assault_phase: bool
    morale_tests: bool
    los_terrain: bool
    exit_test: int
    objectives: str
    maelstrom: bool
    bound_choose: bool
    elite_ask: bool
    fallback_ask: bool
    titan_turn90: bool
    disengage_attacks: bool


def resolve(config: Mapping[str, Any] | None = None) -> Rules:
    """Validate `config` against the table; unknown keys and bad values name the key."""
    values = resolve_values("epic", _OPTIONS, config)
    return Rules(
        values=values,
        seven_plus=values["roll.sevenPlus"],
        natural_one_misses=values["roll.naturalOneMisses"],
        dual_save=values["save.dual"],
        elite_pool=values["elite.pool"],
        elite_scope=values["elite.scope"],
        measure_edge=values["measure.from"] == "edge",
        base_radius=float(values["measure.baseRadius"]),
        coherency=float(values["coherency.cm"]),
        breakthrough_exact=values["breakthrough.exact"],
        breakthrough_big=values["breakthrough.bigClasses"] == "likeClass2",
        floaters_high=values["altitude.floatersHigh"],
        aa_ground_penalty=values["aa.groundPenalty"],
        elite_when_tied=values["assault.eliteWhen"] == "losingOrTied",
        dr_combat=values["dr.combatPhase"],
        demolisher_per_hit=values["demolisher.perHit"],
        infiltration_tie_reroll=values["infiltration.tie"] == "reroll",
        interceptor_exact=values["interceptor.move"] == "exactHalf",
        abandon_destroys_transport=values["character.abandon"] == "transport",
        bound_cavalry=values["bound.cavalry"],
        psyker_any_order=values["psyker.combatOrders"] == "any",
        hq_any_detachment=values["hq.sacrificeFrom"] == "anyDetachment",
        command_charge_assaults=values["command.chargeAssaults"],
        flyer_ta_lands=values["flyer.tirAppuyeNoTransport"] == "lands",
        evasive_whole_turn=values["flyer.evasive"] == "wholeTurn",
        separate_assault_phase=values["assault.phase"] == "separate",
        morale_tests=values["morale.tests"],
        los_terrain=values["los.terrain"],
        exit_test=values["transport.exitTest"],
        objectives=values["victory.objectives"],
        maelstrom=values["scenario.cards"] == "maelstrom",
        bound_choose=values["bound.join"] == "choose",
        elite_ask=values["elite.decide"] == "ask",
        fallback_ask=values["fallback.move"] == "ask",
        titan_turn90=values["titan.turn90"],
        disengage_attacks=values["disengage.attacks"],
    )


DEFAULT_RULES: Rules = resolve()
