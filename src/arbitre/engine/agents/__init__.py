"""Agents that answer decisions: random play and whatever a ruleset offers."""

from __future__ import annotations

from typing import Any

from arbitre.engine.agents.random_agent import RandomAgent
from arbitre.engine.ruleset import Agent, Ruleset


def make_agent(ruleset: Ruleset[Any], name: str, seed: int) -> Agent:
    """An agent by name: `random`, or one of the ruleset's own AIs."""
    if name == "random":
        return RandomAgent(seed)
    factories = ruleset.agents()
    if name not in factories:
        known = ", ".join(["random", *sorted(factories)])
        raise ValueError(f"unknown agent {name!r} for {ruleset.id}; known agents: {known}")
    return factories[name](seed)


def agent_names(ruleset: Ruleset[Any]) -> list[str]:
    return ["random", *sorted(ruleset.agents())]


__all__ = ["RandomAgent", "agent_names", "make_agent"]
