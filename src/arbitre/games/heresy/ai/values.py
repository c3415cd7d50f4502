"""The weights of the heuristic AI, in one place (units of value: about one rank of a unit).

Tuned by self-play and play against the random agent (benchmarks/heresy_ai.py); they are
judgement, not rules.
"""

from __future__ import annotations

# --- material ---------------------------------------------------------------------------
RANK_WEIGHT = 0.5  # a unit's worth: half its rank (its Combat cards, HH-26.2) ...
HP_WEIGHT = 0.5  # ... and half the damage it can still take (HH-30.14)
RESERVE_WEIGHT = (0.25, 0.5)  # reserve units: Imperium (events, orders), Traitor (landings)
VS_WEIGHT = 0.8  # Traitor units aboard the Vengeful Spirit: a landing away from Terra
HERO_VALUE = 2.0  # a living non-commander Hero
UNSUPPORTED_HERO = 1.0  # penalty: a Hero on Terra without friendly units (HH-32.14)
WIN = 200.0  # a won (or lost) game

# --- spaceports (HH-40.1) and commanders (HH-39.9) -------------------------------------
PORT_HELD = 2.0  # a spaceport friendly to a side, before the victory space comes near
PORT_HELD_LATE = 3.0  # ... added in full from the 'Spaceport Victory Possible' space on
PORT_SET = (0.0, 0.0, 1.0, 4.0, 14.0)  # extra for holding k spaceports (x phase)
PORT_THREAT = 1.5  # importance of a spaceport under threat or empty (x (1 + phase))
RACE_SHARE = 0.7  # an empty spaceport counts this share of a held one for the likely taker
RACE_LANDING = 0.75  # share of the Traitor's landing strength in the race for an empty one
PORT_KEEP = 1.0  # a spaceport held rather than empty: taking it back costs a battle
IMMINENT = 6  # spaces before it from which four spaceports held count toward the win
PORT_DECISIVE = 12.0  # ... more when taking it would give one side all four (x phase)
MATERIAL_FADE = 0.5  # share of material's worth lost by the track's end (HH-40.3) ...
PORT_RISE = 1.0  # ... and what the spaceports gain by then
COMMANDER_THREAT = 40.0  # importance of the commander's zone
COMMANDER_GUARD = 6.0  # the commander's own worth as a defender in the threat estimate
FORT_DEFENCE = 1.5  # a fortified zone multiplies its defenders' strength (HH-33.9)
THREAT_SCALE = 2.0  # softness of the threat sigmoid
LANDING_REACH = 0.5  # share of a landing's strength weighing on every Imperial zone
BOARD_REACH = 0.5  # share of a boarding action's strength weighing on the Vengeful Spirit
LANDING_CAP = 9.0  # what one landing brings at most (Drop Pods: three units, HH-20.4)

# --- actions ------------------------------------------------------------------------------
INITIATIVE = (0.6, 1.1)  # what one initiative point is worth: Imperium, Traitor
CARD_USE = 0.4  # a non-reusable order spent
PLACE_DISCOUNT = 0.6  # a placed order is executed later and may be buried
DRAW_VALUE = 0.45  # per missing card under the hand limit
POOR_HAND = 1.0  # a hand whose best order gains less than this wants new orders
CYCLE = 0.9  # worth of making room in (or filling) such a hand
BURY_VALUE = 0.3  # burying the opponent's top order where he threatens
KEEP_ORDER = 0.3  # an order in hand gaining less than this is discarded at Order Draw
ACTIVATION = 0.25  # per unit left activated by an order
MIN_GAIN = 0.15  # below this, a movement is not worth its bookkeeping

# --- battles ---------------------------------------------------------------------------
SAMPLES = 24  # Monte Carlo samples of the battle model
EFFECT_BONUS = 1.0  # damage-equivalent of a special effect the model does not know
