"""OpenSpiel adapter: `import arbitre.interop.openspiel` registers our games as Python games.

Registered: `arbitre_champs`, `arbitre_heresy`, `arbitre_epic` (`pyspiel.load_game(
"arbitre_heresy", {"seed": 3, "config": '{"scenario": "cry_havoc"}'})`).

- Imperfect information, sampled stochastic chance (the dice and draws are inside the
  game state's own seeded RNG: no chance nodes), terminal rewards in [0, 1] per seat
  (the game's `Result.scores`; Champs' players share theirs: general sum).
- `max_decisions` (0: none) truncates a game after that many decisions, scored 0.5
  for every seat (short games for tests).
- Action ids are option indices of the current decision, within a fixed maximum per game
  (`MAX_ACTIONS`); `legal_actions()` lists 0…n-1 (the mask of the n first ids).
- `observation_string(p)`: the JSON of `view(state, p)` (only what seat p may see);
  `information_state_string(p)`: that view and the history as p saw it (its own option
  keys, the others' only where the decision was not private).
- `observation_tensor(p)`: the fixed-size numeric observation of `arbitre.interop.
  observation` (the same as PettingZoo's).
- `resample_from_infostate(p, sampler)`: a twin through `Ruleset.determinize` (seeded
  from the sampler), keeping p's history.

OpenSpiel (`open_spiel`) is an optional dependency, imported here only.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found, unused-ignore]

from arbitre.engine.registry import get
from arbitre.engine.rng import Rng
from arbitre.interop.observation import SIZE, encode

GAMES = ("champs", "heresy", "epic")
MAX_ACTIONS = {"champs": 256, "heresy": 256, "epic": 128}
MAX_LENGTH = 20_000  # decisions; no game of ours comes near it


def _parse(params: dict[str, Any]) -> tuple[int, dict[str, Any], int]:
    seed = int(params.get("seed", 0))
    cut = int(params.get("max_decisions", 0))
    raw = params.get("config", "{}") or "{}"
    config = json.loads(raw) if isinstance(raw, str) else dict(raw)
    if not isinstance(config, dict):
        raise ValueError("arbitre game parameter 'config' must be a JSON object")
    return seed, config, cut


def _game_type(name: str, players: int) -> Any:
    return pyspiel.GameType(
        short_name=f"arbitre_{name}",
        long_name=f"arbitre {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seed": 0, "config": "{}", "max_decisions": 0},
    )


def _make_game_class(name: str) -> type:
    ruleset = get(name)

    class ArbitreGame(pyspiel.Game):  # type: ignore[misc]
        """One of our games as an OpenSpiel game (parameters `seed` and `config`)."""

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            params = dict(params or {})
            self.seed, self.config, self.cut = _parse(params)
            self.ruleset = ruleset
            self.seats = ruleset.seats(self.config)
            self.max_actions = MAX_ACTIONS[name]
            self.made = 0
            info = pyspiel.GameInfo(
                num_distinct_actions=self.max_actions,
                max_chance_outcomes=0,
                num_players=len(self.seats),
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=self.cut or MAX_LENGTH,
            )
            super().__init__(
                _game_type(name, len(self.seats)),
                info,
                {
                    "seed": self.seed,
                    "config": json.dumps(self.config, sort_keys=True),
                    "max_decisions": self.cut,
                },
            )

        def new_initial_state(self) -> ArbitreState:
            seed = self.seed + self.made
            self.made += 1
            return ArbitreState(self, ruleset.new(self.config, seed))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ArbitreObserver:
            perfect = iig_obs_type is None or bool(getattr(iig_obs_type, "perfect_recall", True))
            return ArbitreObserver(name, perfect)

    ArbitreGame.__name__ = f"Arbitre{name.capitalize()}Game"
    return ArbitreGame


class ArbitreState(pyspiel.State):  # type: ignore[misc]
    """A game state of ours behind OpenSpiel's State interface."""

    def __init__(self, game: Any, state: Any, seen: list[list[str]] | None = None) -> None:
        super().__init__(game)
        n = len(game.seats)
        self.core = _Core(game.ruleset, state, seen or [[] for _ in range(n)], game.max_actions)
        self.core.cut = game.cut

    @property
    def rs(self) -> Any:
        return self.core.rs

    @property
    def state(self) -> Any:
        return self.core.state

    @property
    def seen(self) -> list[list[str]]:
        return self.core.seen

    # -- the OpenSpiel interface ------------------------------------------------------
    def current_player(self) -> int:
        d = self.core.decision
        return int(pyspiel.PlayerId.TERMINAL) if d is None else int(d.seat)

    def _legal_actions(self, player: int) -> list[int]:
        d = self.core.decision
        if d is None or player != d.seat:
            return []
        if len(d.options) > self.core.max_actions:
            raise RuntimeError(
                f"{self.rs.id}: {len(d.options)} options exceed MAX_ACTIONS={self.core.max_actions}"
            )
        return list(range(len(d.options)))

    def _apply_action(self, action: int) -> None:
        d = self.core.decision
        assert d is not None and 0 <= action < len(d.options), action
        key = d.options[action].key
        for p in range(len(self.seen)):
            shown = key if (p == d.seat or not d.private) else "?"
            self.seen[p].append(f"{d.seat}:{d.kind}:{shown}")
        self.rs.apply(self.state, key)
        self.core.advance()

    def _action_to_string(self, player: int, action: int) -> str:
        d = self.core.decision
        if d is not None and 0 <= action < len(d.options):
            return str(d.options[action].key)
        return f"#{action}"

    def is_terminal(self) -> bool:
        return self.core.decision is None

    def returns(self) -> list[float]:
        if self.core.decision is not None:
            return [0.0] * len(self.seen)
        result = self.rs.result(self.state)
        if result is None:  # truncated (`max_decisions`): a draw
            return [0.5] * len(self.seen)
        return [float(x) for x in result.scores]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        seed = int(probability_sampler() * (1 << 53))
        twin = self.rs.determinize(self.state, player_id, Rng.from_seed(seed))
        seen = [list(self.seen[player_id]) for _ in self.seen]
        return ArbitreState(self.get_game(), twin, seen)

    def __str__(self) -> str:
        return json.dumps(self.rs.view(self.state, None), sort_keys=True, default=str)


class _Core:
    """What a state holds, copied by `Ruleset.clone` (OpenSpiel clones a Python state by
    deep-copying its attributes: the ruleset is shared, not copied)."""

    __slots__ = ("cut", "decision", "max_actions", "rs", "seen", "state")

    def __init__(self, rs: Any, state: Any, seen: list[list[str]], max_actions: int) -> None:
        self.rs = rs
        self.state = state
        self.seen = seen
        self.max_actions = max_actions
        self.cut = 0
        self.decision = rs.decision(state)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        twin = _Core(
            self.rs, self.rs.clone(self.state), [list(h) for h in self.seen], self.max_actions
        )
        twin.cut = self.cut
        return twin

    def advance(self) -> None:
        """The next decision; none once `cut` decisions were made (a truncated game)."""
        self.decision = self.rs.decision(self.state)
        if self.cut and self.seen and len(self.seen[0]) >= self.cut:
            self.decision = None


class ArbitreObserver:
    """OpenSpiel's PyObserver: strings from one seat's view, the fixed numeric tensor."""

    def __init__(self, name: str, perfect_recall: bool) -> None:
        self.name = name
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ArbitreState, player: int) -> None:
        self.tensor[:] = encode(state.rs, state.state, player)

    def string_from(self, state: ArbitreState, player: int) -> str:
        view = json.dumps(state.rs.view(state.state, player), sort_keys=True, default=str)
        if not self.perfect_recall:
            return view
        return view + "\n" + " ".join(state.seen[player])


for _name in GAMES:
    _cls = _make_game_class(_name)
    pyspiel.register_game(_game_type(_name, len(get(_name).seats({}))), _cls)

__all__ = ["GAMES", "MAX_ACTIONS", "ArbitreObserver", "ArbitreState"]
