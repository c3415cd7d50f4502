"""Start from any situation: a JSON position replaces setup (tests, teaching, rule disputes).

Format (docs/positions.md): units, heroes, traps, whose turn, initiative order, round,
deck order and dice fixed in advance. Every error names the field at fault.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.ruleset import ConfigError
from arbitre.games.champs.logic import load, occupancy, place_unit
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState, Frame
from arbitre.games.champs.troops import BY_ID, CAP

_SIDES = {"players": PLAYERS, "mj": MJ}


def _cell(s: ChampsState, value: Any, where: str) -> int:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) for v in value)
    ):
        raise ConfigError(f"position.{where}: expected [x, y]")
    x, y = value
    if not (0 <= x < s.bf.width and 0 <= y < s.bf.height):
        raise ConfigError(
            f"position.{where}: [{x}, {y}] is off the {s.bf.width}x{s.bf.height} grid"
        )
    cell = s.bf.cell(x, y)
    if cell in s.bf.obstacles:
        raise ConfigError(f"position.{where}: [{x}, {y}] is an obstacle (CB-40)")
    return cell


def _seat(s: ChampsState, value: Any, where: str) -> int:
    if isinstance(value, int) and 0 <= value < len(s.seats):
        return value
    if isinstance(value, str) and value in s.seats:
        return s.seats.index(value)
    raise ConfigError(f"position.{where}: unknown seat {value!r}; seats are {list(s.seats)}")


def apply_position(s: ChampsState, pos: Any) -> None:
    if not isinstance(pos, dict):
        raise ConfigError("position: expected a JSON object")
    known = {"units", "heroes", "traps", "turn", "order", "round", "deck", "dice", "trap_tokens"}
    for key in pos:
        if key not in known:
            raise ConfigError(f"position.{key}: unknown field; known: {sorted(known)}")
    for i, item in enumerate(pos.get("units", [])):
        where = f"units[{i}]"
        if not isinstance(item, dict):
            raise ConfigError(f"position.{where}: expected an object")
        kind = item.get("type")
        if kind not in BY_ID:
            raise ConfigError(f"position.{where}.type: unknown troop type {kind!r}")
        side = _SIDES.get(item.get("side", "players"))
        if side is None:
            raise ConfigError(f"position.{where}.side: 'players' or 'mj'")
        cell = _cell(s, item.get("at"), f"{where}.at")
        count = item.get("count", 1)
        if not isinstance(count, int) or count < 1:
            raise ConfigError(f"position.{where}.count: a positive whole number")
        for _ in range(count):
            u = place_unit(s, BY_ID[kind].index, side, cell, bool(item.get("acted", False)))
            u.loaded = bool(item.get("loaded", s.rules.catapult_starts_loaded))
    occ = occupancy(s)
    for cell, units in occ.items():
        if len({u.side for u in units}) > 1:
            raise ConfigError(f"position.units: both sides on {s.bf.label(cell)} (CB-5)")
        if load(units) > CAP:
            raise ConfigError(
                f"position.units: {load(units)} small-equivalents on {s.bf.label(cell)} (CB-6)"
            )
    for h in s.heroes:
        h.cell = -1
    for i, item in enumerate(pos.get("heroes", [])):
        where = f"heroes[{i}]"
        if not isinstance(item, dict):
            raise ConfigError(f"position.{where}: expected an object")
        seat = _seat(s, item.get("seat"), f"{where}.seat")
        if seat >= len(s.heroes):
            raise ConfigError(f"position.{where}.seat: the MJ has no hero")
        hero = s.heroes[seat]
        hero.captured = bool(item.get("captured", False))
        if not hero.captured:
            cell = _cell(s, item.get("at"), f"{where}.at")
            if any(u.side == MJ for u in occ.get(cell, [])):
                raise ConfigError(f"position.{where}.at: an MJ troop holds that cell")
            hero.cell = cell
        hero.acted = bool(item.get("acted", False))
        hero.destiny = int(item.get("destiny", 0))
    for i, item in enumerate(pos.get("traps", [])):
        where = f"traps[{i}]"
        cell = _cell(s, item.get("at"), f"{where}.at")
        side = _SIDES.get(item.get("side", "players"))
        if side is None:
            raise ConfigError(f"position.{where}.side: 'players' or 'mj'")
        s.traps[cell] = side
        s.trap_owner[cell] = _seat(s, item.get("seat", 0 if side == PLAYERS else "mj"), where)
    if "trap_tokens" in pos:
        n = pos["trap_tokens"]
        if not isinstance(n, int) or n < 0:
            raise ConfigError("position.trap_tokens: a whole number")
        s.traps_left = [n] * len(s.traps_left)
    if "deck" in pos:
        deck = pos["deck"]
        if not isinstance(deck, list) or any(k not in BY_ID for k in deck):
            raise ConfigError("position.deck: a list of troop types, first drawn first")
        s.deck = list(reversed(deck))
    if "dice" in pos:
        dice = pos["dice"]
        if not isinstance(dice, list) or any(
            not isinstance(v, int) or not 1 <= v <= s.rules.sides for v in dice
        ):
            raise ConfigError(f"position.dice: a list of die results 1..{s.rules.sides}")
        s.rigged = list(dice)
    order = pos.get("order", list(s.seats[:-1]))
    if not isinstance(order, list) or sorted(_seat(s, p, "order") for p in order) != list(
        range(len(s.seats) - 1)
    ):
        raise ConfigError("position.order: every player seat exactly once")
    s.order = [_seat(s, p, "order") for p in order]
    s.cycle = []
    for i, p in enumerate(s.order):
        s.cycle.append(p)
        if s.rules.mj_after_last or i < len(s.order) - 1 or len(s.order) == 1:
            s.cycle.append(s.mj_seat)
    rnd = pos.get("round", 1)
    if not isinstance(rnd, int) or rnd < 1:
        raise ConfigError("position.round: a positive whole number")
    s.round = rnd
    turn = pos.get("turn", {})
    if not isinstance(turn, dict):
        raise ConfigError("position.turn: expected an object")
    seat = _seat(s, turn.get("seat", s.cycle[0]), "turn.seat")
    if seat not in s.cycle:
        raise ConfigError("position.turn.seat: that seat has no turn in the cycle")
    s.slot = s.cycle.index(seat)
    if seat != s.mj_seat:
        s.last_player = seat
    used = turn.get("used", 0)
    if used not in (0, 1, 2):
        raise ConfigError("position.turn.used: 0, 1 or 2 activations (CB-30)")
    s.turn_counter = 1
    s.occ = None
    s.stack = [Frame("turn", seat, {"used": used, "cells": []})]
