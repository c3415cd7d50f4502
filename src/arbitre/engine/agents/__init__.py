"""Agents that answer decisions: random play and whatever a ruleset offers."""

from __future__ import annotations

from typing import Any

from arbitre.engine.agents.random_agent import RandomAgent
from arbitre.engine.ruleset import Agent, Ruleset


def make_agent(ruleset: Ruleset[Any], name: str, seed: int) -> Agent:
    """An agent by name: `random`, or one of the ruleset's own AIs; `mcts:key=value,…`
    gives the search agent its parameters (`arbitre.engine.mcts.parse_params`)."""
    if name == "random":
        return RandomAgent(seed)
    factories = ruleset.agents()
    base, sep, params = name.partition(":")
    if sep and base == "mcts" and base in factories:
        from arbitre.engine.mcts import make_with_params

        return make_with_params(factories[base], params, seed)
    if name not in factories:
        known = ", ".join(["random", *sorted(factories)])
        raise ValueError(f"unknown agent {name!r} for {ruleset.id}; known agents: {known}")
    return factories[name](seed)


def agent_names(ruleset: Ruleset[Any]) -> list[str]:
    """`random`, the game's own AIs by name, then the engine's search `mcts` when offered."""
    own = ruleset.agents()
    return ["random", *sorted(n for n in own if n != "mcts"), *(["mcts"] if "mcts" in own else [])]


def known_agent(ruleset: Ruleset[Any], name: str) -> bool:
    """Whether `name` makes an agent: a known name, or `mcts:` with valid parameters."""
    if name in agent_names(ruleset):
        return True
    base, sep, params = name.partition(":")
    if not sep or base != "mcts" or base not in ruleset.agents():
        return False
    from arbitre.engine.mcts import parse_params

    try:
        parse_params(params)
    except ValueError:
        return False
    return True


__all__ = ["RandomAgent", "agent_names", "known_agent", "make_agent"]
