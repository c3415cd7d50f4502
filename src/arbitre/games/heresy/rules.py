"""The Hérésie d'Horus ruleset: the engine protocol over the frame handlers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.frames import Handler, never, no_auto, no_choice
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.engine.ruleset import AgentFactory, ConfigOption, IllegalChoice, Result
from arbitre.games.heresy import (
    actions,
    battle,
    bombardment,
    corruption,
    deployment,
    effects,
    events,
    initiative,
    landing,
    lasers,
    movement,
    orders,
    phases,
    scenario_setup,
    tokens,
    victory,
)
from arbitre.games.heresy.config import options, resolve
from arbitre.games.heresy.setup import new_state
from arbitre.games.heresy.state import SEATS, TRAITOR, HeresyState
from arbitre.games.heresy.view import build_view, determinize, public_view, seat_view

HANDLERS: dict[str, Handler[HeresyState]] = {
    "action": Handler(actions.decide_action, actions.choose_action, no_auto),
    "place": Handler(actions.decide_place, actions.choose_place, no_auto),
    "map": Handler(actions.decide_map, actions.choose_map, no_auto),
    "hand": Handler(actions.decide_hand, actions.choose_hand, no_auto),
    "bury": Handler(actions.decide_bury, actions.choose_bury, no_auto),
    "draw": Handler(actions.decide_draw, actions.choose_draw, no_auto),
    "end_order": Handler(never, no_choice, orders.auto_end_order),
    "move": Handler(movement.decide_move, movement.choose_move, no_auto),
    "landing": Handler(landing.decide_landing, landing.choose_landing, no_auto),
    "vigor": Handler(effects.decide_vigor, effects.choose_vigor, effects.auto_pop),
    "tanks": Handler(effects.decide_tanks, effects.choose_tanks, effects.auto_pop),
    "enemy_mark": Handler(effects.decide_enemy_mark, effects.choose_enemy_mark, effects.auto_pop),
    "reinforce": Handler(effects.decide_reinforce, effects.choose_reinforce, effects.auto_pop),
    "fortify": Handler(effects.decide_fortify, effects.choose_fortify, effects.auto_pop),
    "repair": Handler(effects.decide_repair, effects.choose_repair, effects.auto_pop),
    "regroup": Handler(effects.decide_regroup, effects.choose_regroup, effects.auto_pop),
    "coexistence": Handler(
        phases.decide_coexistence, phases.choose_coexistence, phases.auto_coexistence
    ),
    "battle": Handler(battle.decide_battle, battle.choose_battle, battle.auto_battle),
    "stacking": Handler(phases.decide_stacking, phases.choose_stacking, phases.auto_stacking),
    "event": Handler(never, no_choice, phases.auto_event),
    "order_draw": Handler(
        phases.decide_order_draw, phases.choose_order_draw, phases.auto_order_draw
    ),
    "restoration": Handler(never, no_choice, phases.auto_restoration),
    "new_round": Handler(never, no_choice, initiative.auto_new_round),
    "bombard": Handler(
        bombardment.decide_bombard, bombardment.choose_bombard, bombardment.auto_bombard
    ),
    "lasers": Handler(lasers.decide_lasers, lasers.choose_lasers, lasers.auto_lasers),
    "corruption": Handler(
        corruption.decide_corruption, corruption.choose_corruption, corruption.auto_corruption
    ),
    "ev_orders": Handler(events.decide_orders, events.choose_orders, events.auto_pop),
    "ev_move": Handler(events.decide_move, events.choose_move, events.auto_move),
    "ev_place": Handler(events.decide_place, events.choose_place, events.auto_pop),
    "ev_zone": Handler(events.decide_zone, events.choose_zone, events.auto_pop),
    "ev_heal": Handler(events.decide_heal, events.choose_heal, events.auto_pop),
    "setup": Handler(never, no_choice, scenario_setup.auto_setup),
    "impassable": Handler(
        scenario_setup.decide_impassable, scenario_setup.choose_impassable, scenario_setup.auto_pop
    ),
    "deploy": Handler(deployment.decide, deployment.choose, deployment.auto),
    "ev_draft": Handler(
        scenario_setup.decide_draft, scenario_setup.choose_draft, scenario_setup.auto_draft
    ),
    "landing_orders": Handler(
        scenario_setup.decide_landing_orders,
        scenario_setup.choose_landing_orders,
        scenario_setup.auto_landing_orders,
    ),
    "extra_orders": Handler(
        scenario_setup.decide_extra_orders,
        scenario_setup.choose_extra_orders,
        scenario_setup.auto_extra_orders,
    ),
    "token": Handler(tokens.decide_token, tokens.choose_token, no_auto),
}


def settle(s: HeresyState, limit: int = 100_000) -> None:
    """Run automatic work until a person must choose or the game is over: the engine's
    `settle`, written out here (speed: a decision takes about two steps), with what holds
    "at once" before every step: lasers in zones turned Traitor-friendly are destroyed
    (HH-37.2, lasers.destroy_captured) and every victory condition is checked (HH-39.8:
    a commander's death HH-39.9, then the spaceports HH-40.1, HH-40.2; victory.watch).

    Both checks are written out here too (speed: two calls saved at every step), and
    their unit parts are looked at again only when a zone's units may have changed since
    they last found nothing (`HeresyState.units_changes`, counted by `own_units`): a
    laser is captured and the spaceports are all held by one side only by a change of
    units (lasers are only ever removed; a commander's death and the track are read at
    every step). The quick look at each laser zone's first unit comes first, the closer
    look in `destroy_captured`; `victory.watch`'s per-content record is read once per
    settle (`_watched`; the content of a state never changes), with the first two
    commanders' names, read at every step without a loop. tests/heresy/test_speed_shortcuts_15.py
    plays every choice both ways, with `destroy_captured` and `watch` before every step."""
    handlers = HANDLERS
    got = _WATCHED.get(id(s.content))  # one lookup (speed: a call per settle)
    first, second, more, commanders, port, ports = got if got is not None else _watched(s)
    for _ in range(limit):
        changes = s.units_changes
        if s.lasers_looked != changes:  # HH-37.2 (lasers are lost early)
            if s.lasers:
                for us in map(s.units.get, s.lasers):  # the lookups run in C
                    if us and us[0][0] == TRAITOR:
                        lasers.destroy_captured(s)
                        break
            # none left captured (destroy_captured removed them), or none left at all
            # (speed: the count is compared first; a laser deployed sets it to -1)
            s.lasers_looked = changes
        if not s.over:  # HH-39.8, as victory.watch
            heroes = s.heroes
            # HH-39.9: the two commanders read without a loop (speed: at every step);
            # when one is dead, or there are more, all are looked at in their order
            if (
                heroes.get(first) != "dead" and heroes.get(second) != "dead" and not more
            ) or not _commander_dead(s, commanders):
                pos = s.pos
                if (
                    (pos[0] >= port or pos[1] >= port)  # HH-40.2
                    and s.ports_looked != changes
                    and victory._spaceports(s, ports)  # HH-40.1: True: the ports alone say no
                ):
                    s.ports_looked = changes
        stack = s.stack
        if s.over or not stack:
            s.cached = None
            return
        top = stack[-1]
        handler = handlers[top.kind]
        decision = handler.decide(s, top)
        if decision is not None:
            s.cached = decision
            return
        handler.auto(s, top)
    raise RuntimeError("settle() did not reach a decision")


Watched = tuple[str, str, bool, tuple[tuple[str, int], ...], int, tuple[str, ...]]
_WATCHED: dict[int, Watched] = {}  # id(content) -> what settle reads of the content


def _watched(s: HeresyState) -> Watched:
    """`victory.watched`'s record once per content, after the first two commanders'
    names ("" when fewer: no Hero's name) and whether there are more than two."""
    commanders, port, ports = victory.watched(s)
    names = [h for h, _ in commanders[:2]] + ["", ""]
    got = (names[0], names[1], len(commanders) > 2, commanders, port, ports)
    _WATCHED[id(s.content)] = got
    return got


def _commander_dead(s: HeresyState, commanders: tuple[tuple[str, int], ...]) -> bool:
    """HH-39.9: the first commander found dead makes his enemy win; True when one is."""
    heroes = s.heroes
    for hero, seat in commanders:
        if heroes.get(hero) == "dead":
            victory.win(s, seat, "commander", "HH-39.9")
            return True
    return False


def rule_ids() -> tuple[str, ...]:
    import tomllib
    from importlib.resources import files

    data = tomllib.loads(
        files("arbitre.games.heresy").joinpath("data/rule_ids.toml").read_text("utf-8")
    )
    return tuple(data["rules"])


class Heresy:
    """L'Hérésie d'Horus (seed 000): Imperium against Traitor on Terra."""

    id = "heresy"
    version = "1"

    def seats(self, config: Mapping[str, Any]) -> tuple[str, ...]:
        resolve(config)  # the config's own refusals (bilingual ConfigError) come here
        return SEATS

    def new(self, config: Mapping[str, Any], seed: int) -> HeresyState:
        s = new_state(config, seed)
        settle(s)
        return s

    def decision(self, state: HeresyState) -> Decision | None:
        return state.cached

    def apply(self, state: HeresyState, key: str) -> None:
        decision = state.cached
        if decision is None:
            raise IllegalChoice(Msg("engine.illegal.game_over"))
        for option in decision.options:  # decision.find, written out (speed: every apply)
            if option[0] == key:  # option.key, by index
                break
        else:
            raise IllegalChoice(
                Msg(
                    "heresy.illegal",
                    {"key": key, "rules": ", ".join(decision.rules)},
                    decision.rules[0] if decision.rules else None,
                )
            )
        state.log = []
        top = state.stack[-1]
        HANDLERS[top.kind].choose(state, top, key)
        settle(state)

    def result(self, state: HeresyState) -> Result | None:
        if not state.over:
            return None
        scores = (1.0, 0.0) if state.winner == 0 else (0.0, 1.0)
        return Result(
            scores,
            Msg(
                "heresy.result",
                {
                    "winner": SEATS[state.winner],
                    "reason": f"heresy.reason.{state.reason}",
                },
                state.reason_rule,
            ),
            {
                "winner": SEATS[state.winner],
                "reason": state.reason,  # the victory type (HH-39.9, HH-40.1, HH-40.3)
                "track": list(state.pos),
                "rounds": state.round,
            },
        )

    def view(self, state: HeresyState, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat)

    # What every seat's view holds alike, and a seat's view made from it (`view` =
    # `seat_view(…, public_view(…))`): the server builds the public part once for all the
    # seats of a moment (server/live.py).
    public_view = staticmethod(public_view)
    seat_view = staticmethod(seat_view)

    def clone(self, state: HeresyState) -> HeresyState:
        return state.copy()

    def determinize(self, state: HeresyState, seat: int, rng: Rng) -> HeresyState:
        twin = determinize(state, seat, rng)
        asked = state.cached
        if asked is None or asked.seat != seat:
            settle(twin)  # the pending decision may list resampled cards
        # else the twin asks `seat` the same question (speed: no settling again): what a
        # seat is asked reads nothing it cannot see (HH-18.4, HH-39.2), and the checks of
        # settle (HH-37.2, HH-39.8) read only the public board, the same in the twin.
        # tests/heresy/test_golden.py settles such twins to check it.
        return twin

    def why_not(self, state: HeresyState, decision: Decision, key: str) -> Msg | None:
        """Why `key` (a zone, unit or Hero clicked on the map) is not a choice (why_not.py)."""
        from arbitre.games.heresy.why_not import why_not

        return why_not(state, decision, key)

    def events(self, state: HeresyState) -> Sequence[Msg]:
        return list(state.log)

    def snapshot(self, state: HeresyState) -> Any:
        return state.snapshot()

    def options_schema(self) -> Sequence[ConfigOption]:
        return options()

    def rule_ids(self) -> Sequence[str]:
        return rule_ids()

    def agents(self) -> Mapping[str, AgentFactory]:
        from arbitre.games.heresy.ai import AGENTS
        from arbitre.games.heresy.mcts_plugin import AGENT as MCTS

        return {**AGENTS, **MCTS}  # "ai", "ai-easy", "mcts"; "random" comes from the engine


__all__ = ["HANDLERS", "Heresy", "resolve", "settle"]
