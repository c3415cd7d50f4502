"""The Champs de Bataille AI players (games/champs/ai/): legal, sensible, better than random."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from arbitre.engine import get
from arbitre.engine.agents import RandomAgent, make_agent
from arbitre.engine.simulate import simulate
from arbitre.games.champs.ai import AGENTS, ChampsAI
from arbitre.games.champs.ai.combat import attack_value
from arbitre.games.champs.ai.context import Ctx, Group
from arbitre.games.champs.rules import Champs
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState

R: Champs = get("champs")  # type: ignore[assignment]


def U(
    kind: str, at: tuple[int, int], count: int = 1, side: str = "players", **kw: Any
) -> dict[str, Any]:
    return {"type": kind, "at": list(at), "count": count, "side": side, **kw}


def position(units: list[dict[str, Any]], seat: str = "mj", **extra: Any) -> dict[str, Any]:
    return {"units": units, "turn": {"seat": seat}, **extra}


def start(pos: dict[str, Any], **config: Any) -> ChampsState:
    return R.new({"position": pos, **config}, 0)


def battlefield(tmp_path: Path, **fields: Any) -> str:
    """A copy of the default battlefield with some top-level fields replaced, as a TOML path."""
    text = (
        resources.files("arbitre.games.champs")
        .joinpath("data/battlefields/plaine.toml")
        .read_text("utf-8")
    )
    kept = [line for line in text.splitlines() if line.split("=")[0].strip() not in fields]
    head = [f"{k} = {str(v).lower() if isinstance(v, bool) else v}" for k, v in fields.items()]
    path = tmp_path / "field.toml"
    path.write_text("\n".join(head + kept) + "\n", "utf-8")
    return str(path)


def play_turn(state: ChampsState, ai: ChampsAI) -> list[str]:
    """Let the AI play the current seat's whole turn; the keys played."""
    seat, played = state.stack[0].seat, []
    while (decision := R.decision(state)) is not None and decision.seat == seat:
        key = ai.choose(R, state, decision)
        played.append(key)
        R.apply(state, key)
    return played


def mj_on_line(state: ChampsState) -> list[str]:
    line = state.bf.players_line
    return sorted(
        state.bf.label(u.cell) for u in state.units.values() if u.side == MJ and u.cell in line
    )


def play_game(seed: int, agents: list[str], config: dict[str, Any]) -> tuple[ChampsState, int]:
    """A whole game; the AIs are strict (an internal error or an unoffered key fails the test)."""
    state = R.new(config, seed)
    players: list[Any] = [
        ChampsAI(seed * 10 + i, strict=True) if name == "ai" else RandomAgent(seed * 10 + i)
        for i, name in enumerate(agents)
    ]
    decisions = 0
    while (decision := R.decision(state)) is not None:
        key = players[decision.seat].choose(R, state, decision)
        assert decision.find(key) is not None, (decision.kind, key, decision.keys())
        R.apply(state, key)
        decisions += 1
        assert decisions < 20_000, "the game does not end"
    for p in players:
        if isinstance(p, ChampsAI):
            assert p.errors == 0
    return state, decisions


def run_activation(state: ChampsState, ai: ChampsAI, limit: int = 20) -> list[str]:
    """Let the AI answer until its activation (and what it triggers) is over; the keys played."""
    played = []
    for _ in range(limit):
        decision = R.decision(state)
        if decision is None or decision.kind == "champs.turn":
            break
        key = ai.choose(R, state, decision)
        played.append(key)
        R.apply(state, key)
    return played


# --- registration and legality ------------------------------------------------------------


def test_agents_are_registered_with_the_ruleset() -> None:
    assert {"mj", "players"} <= set(AGENTS)
    assert set(AGENTS) <= set(R.agents())
    assert isinstance(make_agent(R, "mj", 3), ChampsAI)
    assert isinstance(make_agent(R, "players", 3), ChampsAI)


CONFIGS = [
    {},
    {"players": 1},
    {"players": 4},
    {"combat.result": "highest"},
    {"battlefield": "defile", "players": 3, "thief.mode": "moveOneDie"},
    {"battlefield": "forteresse", "heroes": ["templier", "voleur"]},
    {"recruit.mjMode": "free", "traps.placement": "adjacentCell", "grid.adjacency": 4},
]


def _name(config: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in config.items()) or "default"


@pytest.mark.parametrize("config", CONFIGS, ids=_name)
def test_ai_only_plays_offered_keys_on_every_seat(config: dict[str, Any]) -> None:
    seats = R.seats(config)
    for seed in (1, 2):
        state, _n = play_game(seed, ["ai"] * len(seats), config)
        assert R.result(state) is not None


@pytest.mark.parametrize("config", CONFIGS[:4], ids=_name)
def test_ai_only_plays_offered_keys_on_the_mj_seat(config: dict[str, Any]) -> None:
    seats = R.seats(config)
    for seed in (3, 4, 5):
        state, _n = play_game(seed, ["random"] * (len(seats) - 1) + ["ai"], config)
        assert R.result(state) is not None


def test_ai_answers_for_the_players_against_a_random_mj() -> None:
    state, _n = play_game(6, ["ai", "ai", "random"], {})
    assert R.result(state) is not None


# --- strength ------------------------------------------------------------------------------


def test_mj_ai_beats_random_play_as_the_mj() -> None:
    """Measured on 300 games: random MJ ~1% wins, AI MJ ~100%; 60 games leave a wide margin."""
    games = 60

    def mj_wins(agent: str) -> int:
        summary = simulate("champs", games, ["random", "random", agent], seed=500, workers=1)
        assert summary["errors"] == 0
        return int(summary["results"][-1]["wins"])

    baseline, ai = mj_wins("random"), mj_wins("mj")
    assert baseline <= 12
    assert ai >= 48
    assert ai - baseline >= 36


# --- combat judgement in constructed positions ---------------------------------------------------


def test_attacks_at_overwhelming_odds() -> None:
    # 3 Ground Soldiers + a Mastodon (9 dice) next to a lone Air Soldier (1 die), mid-field.
    s = start(
        position(
            [
                U("soldats", (4, 4), 3, "mj"),
                U("mastodonte", (4, 4), 1, "mj"),
                U("airs", (4, 3), 1),
                U("soldats", (0, 0), 3),
            ]
        )
    )
    ai = ChampsAI(0, strict=True)
    assert ai.choose(R, s, R.decision(s)) == "act:4,4"  # type: ignore[arg-type]
    R.apply(s, "act:4,4")
    played = run_activation(s, ai)
    assert any(k.startswith("attack:") and k.endswith(">4,3") for k in played), played
    assert not any(u.side == 0 for u in s.units.values() if u.cell == s.bf.cell(4, 3))


def test_never_attacks_at_hopeless_odds() -> None:
    # One Air Soldier (1 die) next to 6 Ground Soldiers (12 dice).
    s = start(
        position(
            [
                U("airs", (4, 4), 1, "mj"),
                U("soldats", (4, 3), 6),
                U("mastodonte", (9, 7), 1, "mj"),
            ]
        )
    )
    ai = ChampsAI(0, strict=True)
    R.apply(s, "act:4,4")
    played = run_activation(s, ai)
    assert not any(k.startswith("attack:") for k in played), played


def test_reattack_when_favourable_and_stop_when_not() -> None:
    # A Mastodon pair on the MJ's top row cannot retreat (EX-CB-9): the players strike again.
    s = start(
        position(
            [U("soldats", (4, 6), 6), U("mastodonte", (4, 7), 2, "mj")],
            seat="p1",
            dice=[6] * 12 + [1] * 6,
        )
    )
    ai = ChampsAI(0, strict=True)
    R.apply(s, "act:4,6")
    R.apply(s, "attack:4,6>4,7")
    decision = R.decision(s)
    assert decision is not None and decision.kind == "champs.reattack"
    assert ai.choose(R, s, decision) == "again"
    # one Ground Soldier (2 dice) against a Mastodon pair (6 dice): stop
    s = start(
        position(
            [U("soldats", (4, 6), 1), U("mastodonte", (4, 7), 2, "mj")],
            seat="p1",
            dice=[6, 6, 1, 1, 1, 1, 1, 1],
        )
    )
    R.apply(s, "act:4,6")
    R.apply(s, "attack:4,6>4,7")
    decision = R.decision(s)
    assert decision is not None and decision.kind == "champs.reattack"
    assert ai.choose(R, s, decision) == "stop"


def test_calls_support_when_it_pays() -> None:
    # 2 Ground Soldiers (4 dice) against a lone Mastodon (3 dice) with the players' Warrior:
    # the big troops beside the target add a die each and can spare a Soldier.
    s = start(
        position(
            [
                U("soldats", (4, 4), 2, "mj"),
                U("soldats", (3, 4), 3, "mj"),
                U("soldats", (5, 4), 3, "mj"),
                U("mastodonte", (4, 3), 1),
                U("soldats", (0, 0), 3),
            ],
            heroes=[{"seat": "p1", "at": [4, 3]}],
        )
    )
    ai = ChampsAI(0, strict=True)
    R.apply(s, "act:4,4")
    R.apply(s, "attack:4,4>4,3")
    decision = R.decision(s)
    assert decision is not None and decision.kind == "champs.support"
    for _ in range(5):
        assert decision is not None
        key = ai.choose(R, s, decision)
        if key == "go":
            break
        R.apply(s, key)
        decision = R.decision(s)
    assert len(s.stack[-1].data["sup"]) >= 1


def test_thief_and_templar_use_the_odds_policy() -> None:
    # EX-CB-12: the Thief swaps his 1 for the MJ's 6.
    s = start(
        position(
            [U("mastodonte", (4, 3)), U("mastodonte", (4, 4), side="mj")],
            seat="p1",
            heroes=[{"seat": "p1", "at": [4, 3]}],
            dice=[1, 3, 4, 6, 2, 2],
        ),
        heroes=["voleur", "guerrier"],
    )
    R.apply(s, "act:4,3")
    R.apply(s, "attack:4,3>4,4")
    decision = R.decision(s)
    assert decision is not None and decision.kind == "champs.skill.voleur"
    assert ChampsAI(0, strict=True).choose(R, s, decision) == "swap:1:6"
    # EX-CB-13: the defending Templar re-rolls both 1s against 11.
    s = start(
        position(
            [U("soldats", (4, 3), 2), U("mastodonte", (4, 4), 2, "mj")],
            heroes=[{"seat": "p1", "at": [4, 3]}],
            dice=[1, 2, 2, 1, 2, 3, 1, 1, 5, 2],
        ),
        heroes=["templier", "guerrier"],
    )
    R.apply(s, "act:4,4")
    R.apply(s, "attack:4,4>4,3")
    decision = R.decision(s)
    assert decision is not None and decision.kind == "champs.skill.templier"
    assert ChampsAI(0, strict=True).choose(R, s, decision) == "rr:1,1"


def test_loses_the_cheapest_unit() -> None:
    s = start(
        position(
            [
                U("soldats", (4, 3), 3),
                U("mastodonte", (4, 4), 1, "mj"),
                U("soldats", (4, 4), 1, "mj"),
            ],
            seat="p1",
            dice=[6] * 6 + [1] * 5,
        )
    )
    R.apply(s, "act:4,3")
    R.apply(s, "attack:4,3>4,4")
    decision = R.decision(s)
    assert decision is not None and decision.kind == "champs.loss"
    assert ChampsAI(0, strict=True).choose(R, s, decision) == "lose:soldats"


# --- catapults and the objective ------------------------------------------------------------------


def test_catapult_reloads_then_fires_at_a_weak_target_in_range() -> None:
    units = [U("airs", (4, 4), 1), U("soldats", (0, 0), 3)]
    s = start(position([U("catapulte", (4, 7), 1, "mj"), *units]))
    ai = ChampsAI(0, strict=True)
    R.apply(s, "act:4,7")
    assert run_activation(s, ai) == ["reload", "end"]
    s = start(position([U("catapulte", (4, 7), 1, "mj", loaded=True), *units]))
    R.apply(s, "act:4,7")
    played = run_activation(s, ai)
    assert any(k.startswith("fire:") and k.endswith(">4,4") for k in played), played


def test_catapult_is_not_left_next_to_an_enemy() -> None:
    # A lone Catapult next to a players' troop steps away (it cannot strike at range 1).
    s = start(
        position(
            [
                U("catapulte", (5, 6), 1, "mj"),
                U("soldats", (5, 5), 3),
                U("soldats", (0, 0), 3),
            ]
        )
    )
    ai = ChampsAI(0, strict=True)
    R.apply(s, "act:5,6")
    run_activation(s, ai)
    cat = next(u for u in s.units.values() if u.side == 1)
    assert s.geo.distance(cat.cell, s.bf.cell(5, 5)) >= 2


def test_mj_runner_takes_the_players_line(tmp_path: Path) -> None:
    s = start(
        position([U("airs", (5, 3), 2, "mj"), U("soldats", (0, 0), 3)]),
        battlefield=battlefield(tmp_path, hold=1),
    )
    ai = ChampsAI(0, strict=True)
    for _ in range(20):
        decision = R.decision(s)
        if decision is None:
            break
        R.apply(s, ai.choose(R, s, decision))
    result = R.result(s)
    assert result is not None and result.details["winner"] == "mj"
    assert result.details["reason"] == "champs.reason.objective"


# --- the objective: hold the line for `hold` MJ turns, flyers counting or not (AMB-CB-24) ------


def test_mj_keeps_the_line_and_plays_on_until_the_hold_is_met(tmp_path: Path) -> None:
    # A battlefield asking for 2 MJ turn ends in a row on the players' line.
    s = start(
        position(
            [
                U("airs", (5, 0), 2, "mj"),
                U("cavalerie", (2, 4), 2, "mj"),
                U("soldats", (0, 7), 3),
            ]
        ),
        battlefield=battlefield(tmp_path, hold=2),
    )
    assert s.bf.hold == 2 and s.line_held == 0
    ai = ChampsAI(0, strict=True)
    played = play_turn(s, ai)
    assert played[0] != "end", played  # this turn end does not win yet: the MJ plays on
    assert s.line_held == 1 and R.result(s) is None
    assert "5,0" in mj_on_line(s)  # the Air Soldiers did not leave the line
    for _ in range(200):
        if R.result(s) is not None:
            break
        play_turn(s, ai)
    result = R.result(s)
    assert result is not None and result.details["winner"] == "mj"
    assert result.details["reason"] == "champs.reason.objective"


def test_a_ground_troop_takes_the_line_when_flyers_do_not_count(tmp_path: Path) -> None:
    bf = battlefield(tmp_path, hold=1, flyers_count=False)
    units = [U("airs", (5, 0), 2, "mj"), U("cavalerie", (8, 2), 2, "mj"), U("soldats", (0, 7), 3)]
    s = start(position(units), battlefield=bf)
    assert not s.bf.flyers_count
    ai = ChampsAI(0, strict=True)
    played = play_turn(s, ai)
    assert played[0] == "act:8,2", played  # the Air Soldiers on the line do not count
    result = R.result(s)
    assert result is not None and result.details["winner"] == "mj", played
    assert result.details["reason"] == "champs.reason.objective"


def test_mj_army_is_on_foot_when_flyers_do_not_count(tmp_path: Path) -> None:
    s = R.new({"battlefield": battlefield(tmp_path, flyers_count=False)}, 0)
    ai = ChampsAI(0, strict=True)
    chosen = []
    while (decision := R.decision(s)) is not None and decision.kind != "champs.turn":
        key = ai.choose(R, s, decision)
        if decision.kind == "champs.mj.army":
            chosen.append(key)
        R.apply(s, key)
    assert chosen and chosen[0] == "type:cavalerie"
    assert chosen.count("type:airs") <= 1, chosen


def test_players_value_throwing_the_mj_off_their_line_once_it_was_held(tmp_path: Path) -> None:
    # Two MJ Cavalry on the players' line, 2 Ground Soldiers right above them: beaten, the
    # Cavalry cannot retreat (pinned against the edge) and may be finished. Hold 2.
    bf = battlefield(tmp_path, hold=2)

    def state(held: int) -> ChampsState:
        s = start(
            position(
                [
                    U("cavalerie", (5, 0), 2, "mj"),
                    U("mastodonte", (5, 4), 1, "mj"),
                    U("soldats", (5, 1), 2),
                    U("soldats", (0, 7), 3),
                ],
                seat="p1",
            ),
            battlefield=bf,
        )
        s.line_held = held
        return s

    def value(s: ChampsState) -> float:
        ctx = Ctx(s, PLAYERS)
        units, heroes = ctx.troop(s.bf.cell(5, 1))
        g = Group(s, PLAYERS, units, heroes)
        return attack_value(ctx, s.bf.cell(5, 1), g, s.bf.cell(5, 0), False)[0]

    assert value(state(1)) > value(state(0)) + 2.0
    s = state(1)
    ai = ChampsAI(0, strict=True)
    assert ai.choose(R, s, R.decision(s)) == "act:5,1"  # type: ignore[arg-type]
    R.apply(s, "act:5,1")
    assert ai.choose(R, s, R.decision(s)) == "attack:5,1>5,0"  # type: ignore[arg-type]
