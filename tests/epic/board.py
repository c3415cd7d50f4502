"""A small table builder for the Epic play tests, and rigged dice."""

from __future__ import annotations

from typing import Any

from arbitre.engine.registry import get
from arbitre.engine.rng import Rng
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.config import resolve
from arbitre.games.epic.rules import settle
from arbitre.games.epic.setup import stand_wounds
from arbitre.games.epic.state import Det, EpicState, Frame, Stand

R = get("epic")


class Dice:
    """Stands in for the state's RNG: hands out fixed D6 results, then sixes."""

    def __init__(self, rolls: list[int], then: int = 6) -> None:
        self.rolls, self.then = list(rolls), then

    def die(self, sides: int = 6) -> int:
        return self.rolls.pop(0) if self.rolls else self.then

    @property
    def state(self) -> int:
        return 0


def rig(s: EpicState, rolls: list[int], then: int = 6) -> None:
    s.rng = Dice(rolls, then)  # type: ignore[assignment]


class Board:
    def __init__(self, config: dict[str, Any] | None = None) -> None:
        self.s = EpicState(rules=resolve(config), rng=Rng.from_seed(1))

    def det(
        self,
        side: int,
        unit: str,
        points: list[tuple[float, float]],
        *,
        order: str | None = None,
        alt: str = "ground",
        extra: tuple[str, ...] = (),
        bound: list[tuple[str, float, float]] | None = None,
        morale: int = 0,
        facing: float | None = None,
    ) -> int:
        s = self.s
        did = len(s.dets)
        s.dets.append(Det(did, side, f"{unit}{did}", unit, len(points), order=order, extra=extra))
        s.dets[did].morale = morale
        face = facing if facing is not None else (90.0 if side == 0 else -90.0)
        units = [(unit, x, y) for x, y in points] + list(bound or [])
        for u, x, y in units:
            sid = len(s.stands) and max(s.stands) + 1
            prof = CATALOG.units[u]
            s.stands[sid] = Stand(
                sid,
                did,
                side,
                u,
                x,
                y,
                stand_wounds(u),
                alt=alt,
                facing=face,
                shields=prof.param("shields") or 0,
            )
        return did

    def run(self, *frames: Frame) -> EpicState:
        self.s.stack += list(frames)
        settle(self.s)
        return self.s


def answer(s: EpicState, key: str) -> None:
    R.apply(s, key)


def keys(s: EpicState) -> list[str]:
    d = R.decision(s)
    return [] if d is None else d.keys()
