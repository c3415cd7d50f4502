"""The `mcts` agent's parameters: `mcts:iterations=400:seconds=1.5:rollout=heuristic:…`.

Every value from the command line (or any other client) is checked here: an unknown key,
a value that is not a number, out of range or not among the choices is refused with a
ValueError that names the parameter.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(slots=True)
class Params:
    """The search's knobs (see `parse_params`; a game's plug-in sets their defaults)."""

    iterations: int = 300
    seconds: float = 1.8  # a cap on the wall-clock time; 0: none (fully reproducible)
    rollout: str = "random"  # or "heuristic": the game's AI plays the rollouts
    depth: int = 60  # decisions of a rollout before the evaluation
    c: float = 0.7  # UCB exploration constant (scores are in [0, 1])
    prior: float = 0.0  # progressive bias toward the heuristic AI's choice; 0: none
    widen: float = 0.0  # progressive widening: children ≤ 1 + widen·√visits; 0: all
    focus: str = "all"  # "key": branch on the game's key decisions only
    others: str = "search"  # "heuristic": the other seats play the heuristic AI in the tree
    horizon: str = "depth"  # "stop": walks and rollouts also end at the game's stop decisions
    # "paired": every determinization is walked once through each option of the root, with
    # the same chance (common random numbers), and the best mean is chosen
    root: str = "ucb"


LIMITS: dict[str, tuple[float, float]] = {
    "iterations": (1, 1_000_000),
    "seconds": (0.0, 3600.0),
    "depth": (0, 100_000),
    "c": (0.0, 100.0),
    "prior": (0.0, 100.0),
    "widen": (0.0, 100.0),
}
CHOICES: dict[str, tuple[str, ...]] = {
    "rollout": ("random", "heuristic"),
    "focus": ("all", "key"),
    "others": ("search", "heuristic"),
    "horizon": ("depth", "stop"),
    "root": ("ucb", "paired"),
}
INTEGERS = ("iterations", "depth")
MAX_TEXT = 400  # characters: a longer parameter text is refused before it is split


def parse_params(text: str, base: Params | None = None) -> Params:
    """`iterations=400:seconds=1.5:rollout=heuristic:depth=40:c=0.7:prior=1:widen=2:…`
    (any subset, see `Params`; `:`, `;` or `,` between them: on the command line, where
    `,` separates the seats' agents, use `:` or `;`) over `base`; a ValueError names the
    bad parameter."""
    if len(text) > MAX_TEXT:
        raise ValueError(f"mcts parameters: longer than {MAX_TEXT} characters")
    params = replace(base) if base is not None else Params()
    for item in text.replace(";", ",").replace(":", ",").split(","):
        item = item.strip()
        if not item:
            continue
        key, sep, raw = item.partition("=")
        key, raw = key.strip(), raw.strip()
        if not sep:
            raise ValueError(f"mcts parameter {item!r}: expected key=value")
        if key in CHOICES:
            if raw not in CHOICES[key]:
                expected = " or ".join(CHOICES[key])
                raise ValueError(f"mcts parameter {key}={raw!r}: expected {expected}")
            setattr(params, key, raw)
            continue
        if key not in LIMITS:
            known = ", ".join([*LIMITS, *CHOICES])
            raise ValueError(f"unknown mcts parameter {key!r}; known: {known}")
        try:
            value: float = int(raw) if key in INTEGERS else float(raw)
        except ValueError:
            raise ValueError(f"mcts parameter {key}: {raw!r} is not a number") from None
        lo, hi = LIMITS[key]
        if not lo <= value <= hi or value != value:
            raise ValueError(f"mcts parameter {key}={raw}: expected {lo:g} to {hi:g}")
        setattr(params, key, value)
    return params


def given_keys(text: str) -> set[str]:
    """The parameter names present in `text` (which budget the person gave)."""
    import re

    return {item.partition("=")[0].strip() for item in re.split(r"[,;:]", text)}


__all__ = ["CHOICES", "LIMITS", "Params", "given_keys", "parse_params"]
