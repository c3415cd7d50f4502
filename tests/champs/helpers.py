"""Helpers for Champs rules tests: open battlefields, positions, playing keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arbitre.engine import get
from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg
from arbitre.engine.ruleset import Result
from arbitre.games.champs.rules import Champs
from arbitre.games.champs.state import ChampsState

R: Champs = get("champs")  # type: ignore[assignment]


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value).replace("'", '"')


def field(
    tmp: Path,
    obstacles: list[tuple[int, int]] | tuple[()] = (),
    width: int = 10,
    height: int = 8,
    **extra: Any,
) -> str:
    """A battlefield file: the digest's 10x8 grid (AMB-CB-1), with the given obstacles."""
    lines = [
        'name_fr = "Test"',
        'name_en = "Test"',
        f"width = {width}",
        f"height = {height}",
        f"obstacles = {[list(o) for o in obstacles]}",
        *(f"{k} = {_toml(v)}" for k, v in extra.items()),
        "[deck]",
        "soldats = 4",
        "cavalerie = 3",
        "airs = 3",
        "mastodonte = 2",
        "catapulte = 2",
    ]
    path = tmp / f"bf_{abs(hash((tuple(obstacles), width, height, tuple(extra.items()))))}.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return str(path)


def game(
    tmp: Path,
    position: dict[str, Any],
    obstacles: list[tuple[int, int]] | tuple[()] = (),
    seed: int = 0,
    **config: Any,
) -> ChampsState:
    cfg = {"battlefield": field(tmp, obstacles), "position": position}
    cfg.update({k.replace("__", "."): v for k, v in config.items()})
    return R.new(cfg, seed)


def U(
    kind: str, at: tuple[int, int], count: int = 1, side: str = "players", **kw: Any
) -> dict[str, Any]:
    return {"type": kind, "at": list(at), "count": count, "side": side, **kw}


def H(seat: str, at: tuple[int, int], **kw: Any) -> dict[str, Any]:
    return {"seat": seat, "at": list(at), **kw}


def keys(s: ChampsState) -> list[str]:
    d = R.decision(s)
    return [] if d is None else d.keys()


def kind(s: ChampsState) -> str | None:
    d = R.decision(s)
    return None if d is None else d.kind


def play(s: ChampsState, *ks: str) -> list[Msg]:
    """Apply keys in order; returns every event they produced."""
    events: list[Msg] = []
    for k in ks:
        assert k in keys(s), f"{k!r} not offered in {kind(s)}: {keys(s)}"
        R.apply(s, k)
        events.extend(R.events(s))
    return events


def at(s: ChampsState, x: int, y: int) -> list[str]:
    """Troop types on a cell, sorted."""
    c = s.bf.cell(x, y)
    from arbitre.games.champs.troops import TYPES

    return sorted(TYPES[u.kind].id for u in s.units.values() if u.cell == c)


def dice_event(events: list[Msg]) -> tuple[str, str]:
    for m in events:
        if m.key == "champs.ev.dice":
            return m.args["att"], m.args["dfn"]
    raise AssertionError("no dice rolled")


def cell(s: ChampsState, x: int, y: int) -> int:
    return s.bf.cell(x, y)


def dec(s: ChampsState) -> Decision:
    d = R.decision(s)
    assert d is not None, "the game is over"
    return d


def res(s: ChampsState) -> Result:
    r = R.result(s)
    assert r is not None, "the game is not over"
    return r


def target(s: ChampsState, key: str) -> int:
    """The cell an option key ends with (to:x,y, cell:x,y …)."""
    c = s.bf.parse(key.rsplit(":", 1)[-1].rsplit(">", 1)[-1])
    assert c is not None
    return c


def thief_duel() -> dict[str, Any]:
    """EX-CB-12's position: P2's Thief with a Soldier and an Air Soldier against the same."""
    return {
        "units": [
            U("soldats", (3, 3)),
            U("airs", (3, 3)),
            U("soldats", (3, 4), side="mj"),
            U("airs", (3, 4), side="mj"),
        ],
        "heroes": [H("p2", (3, 3))],
        "turn": {"seat": "p2"},
        "dice": [1, 3, 4, 6, 2, 2],
    }
