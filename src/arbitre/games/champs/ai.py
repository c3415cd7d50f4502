"""AI players for Champs de Bataille (filled in below)."""

from __future__ import annotations

from collections.abc import Mapping

from arbitre.engine.ruleset import AgentFactory

AGENTS: Mapping[str, AgentFactory] = {}
