"""Start from any situation: a JSON position replaces setup (tests, teaching, rule disputes).

Format (docs/positions.md): units, heroes, traps, whose turn, initiative order, round,
deck order and dice fixed in advance. Every error names the field at fault.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.i18n import Msg, add_messages
from arbitre.engine.ruleset import ConfigError
from arbitre.games.champs.logic import load, occupancy, place_unit
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState, Frame
from arbitre.games.champs.troops import BY_ID, CAP

_SIDES = {"players": PLAYERS, "mj": MJ}


def _bad(text: str, key: str, rule: str | None = None, **args: Any) -> ConfigError:
    """A refusal of the position, in English (`text`) and in both languages (`msg`)."""
    return ConfigError(text, Msg(f"config.champs.pos.{key}", args, rule))


add_messages(
    {
        f"config.champs.pos.{key}": {"fr": fr, "en": en}
        for key, fr, en in (
            ("xy", "position.{ $where } : [x, y] attendu", "position.{ $where }: expected [x, y]"),
            (
                "off_grid",
                "position.{ $where } : [{ $x }, { $y }] est hors de la grille { $w }x{ $h }",
                "position.{ $where }: [{ $x }, { $y }] is off the { $w }x{ $h } grid",
            ),
            (
                "obstacle",
                "position.{ $where } : [{ $x }, { $y }] est un obstacle",
                "position.{ $where }: [{ $x }, { $y }] is an obstacle",
            ),
            (
                "seat",
                "position.{ $where } : place inconnue { $value } ; les places sont { $seats }",
                "position.{ $where }: unknown seat { $value }; seats are { $seats }",
            ),
            (
                "object",
                "position{ $where } : un objet JSON est attendu",
                "position{ $where }: expected a JSON object",
            ),
            (
                "field",
                "position.{ $where } : champ inconnu ; champs connus : { $known }",
                "position.{ $where }: unknown field; known: { $known }",
            ),
            (
                "type",
                "position.{ $where } : type de troupe inconnu, { $type }",
                "position.{ $where }: unknown troop type { $type }",
            ),
            (
                "side",
                "position.{ $where } : « players » ou « mj »",
                "position.{ $where }: 'players' or 'mj'",
            ),
            (
                "count",
                "position.{ $where } : un nombre entier positif",
                "position.{ $where }: a positive whole number",
            ),
            (
                "both",
                "position.units : les deux camps sont sur la case { $cell }",
                "position.units: both sides on { $cell }",
            ),
            (
                "cap",
                "position.units : { $n } unités de taille Petite (en équivalent) sur la case "
                "{ $cell }, 6 au plus",
                "position.units: { $n } small-equivalents on { $cell }, at most 6",
            ),
            (
                "mj_hero",
                "position.{ $where } : le MJ n'a pas de héros",
                "position.{ $where }: the MJ has no hero",
            ),
            (
                "mj_cell",
                "position.{ $where } : une troupe du MJ occupe cette case",
                "position.{ $where }: an MJ troop holds that cell",
            ),
            (
                "tokens",
                "position.{ $where } : un nombre entier positif ou nul",
                "position.{ $where }: a whole number",
            ),
            (
                "deck",
                "position.{ $where } : une liste de types de troupes, la première piochée en "
                "premier",
                "position.{ $where }: a list of troop types, first drawn first",
            ),
            (
                "dice",
                "position.{ $where } : une liste de résultats de dés de 1 à { $sides }",
                "position.{ $where }: a list of die results 1..{ $sides }",
            ),
            (
                "order",
                "position.{ $where } : chaque place de joueur exactement une fois",
                "position.{ $where }: every player seat exactly once",
            ),
            (
                "round",
                "position.{ $where } : un nombre entier strictement positif",
                "position.{ $where }: a positive whole number",
            ),
            (
                "no_turn",
                "position.{ $where } : cette place n'a pas de tour dans le cycle",
                "position.{ $where }: that seat has no turn in the cycle",
            ),
            (
                "used",
                "position.{ $where } : 0, 1 ou 2 activations",
                "position.{ $where }: 0, 1 or 2 activations",
            ),
        )
    }
)


def _cell(s: ChampsState, value: Any, where: str) -> int:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) for v in value)
    ):
        raise _bad(f"position.{where}: expected [x, y]", "xy", where=where)
    x, y = value
    if not (0 <= x < s.bf.width and 0 <= y < s.bf.height):
        raise _bad(
            f"position.{where}: [{x}, {y}] is off the {s.bf.width}x{s.bf.height} grid",
            "off_grid",
            where=where,
            x=x,
            y=y,
            w=s.bf.width,
            h=s.bf.height,
        )
    cell = s.bf.cell(x, y)
    if cell in s.bf.obstacles:
        raise _bad(
            f"position.{where}: [{x}, {y}] is an obstacle (CB-40)",
            "obstacle",
            "CB-40",
            where=where,
            x=x,
            y=y,
        )
    return cell


def _seat(s: ChampsState, value: Any, where: str) -> int:
    if isinstance(value, int) and 0 <= value < len(s.seats):
        return value
    if isinstance(value, str) and value in s.seats:
        return s.seats.index(value)
    raise _bad(
        f"position.{where}: unknown seat {value!r}; seats are {list(s.seats)}",
        "seat",
        where=where,
        value=repr(value),
        seats=", ".join(s.seats),
    )


def apply_position(s: ChampsState, pos: Any) -> None:
    if not isinstance(pos, dict):
        raise _bad("position: expected a JSON object", "object", where="")
    known = {"units", "heroes", "traps", "turn", "order", "round", "deck", "dice", "trap_tokens"}
    for key in pos:
        if key not in known:
            raise _bad(
                f"position.{key}: unknown field; known: {sorted(known)}",
                "field",
                where=str(key),
                known=", ".join(sorted(known)),
            )
    for i, item in enumerate(pos.get("units", [])):
        where = f"units[{i}]"
        if not isinstance(item, dict):
            raise _bad(f"position.{where}: expected an object", "object", where=f".{where}")
        kind = item.get("type")
        if kind not in BY_ID:
            raise _bad(
                f"position.{where}.type: unknown troop type {kind!r}",
                "type",
                where=f"{where}.type",
                type=repr(kind),
            )
        side = _SIDES.get(item.get("side", "players"))
        if side is None:
            raise _bad(f"position.{where}.side: 'players' or 'mj'", "side", where=f"{where}.side")
        cell = _cell(s, item.get("at"), f"{where}.at")
        count = item.get("count", 1)
        if not isinstance(count, int) or count < 1:
            raise _bad(
                f"position.{where}.count: a positive whole number", "count", where=f"{where}.count"
            )
        for _ in range(count):
            u = place_unit(s, BY_ID[kind].index, side, cell, bool(item.get("acted", False)))
            u.loaded = bool(item.get("loaded", s.rules.catapult_starts_loaded))
    occ = occupancy(s)
    for cell, units in occ.items():
        if len({u.side for u in units}) > 1:
            raise _bad(
                f"position.units: both sides on {s.bf.label(cell)} (CB-5)",
                "both",
                "CB-5",
                cell=s.bf.label(cell),
            )
        if load(units) > CAP:
            raise _bad(
                f"position.units: {load(units)} small-equivalents on {s.bf.label(cell)} (CB-6)",
                "cap",
                "CB-6",
                n=load(units),
                cell=s.bf.label(cell),
            )
    for h in s.heroes:
        h.cell = -1
    for i, item in enumerate(pos.get("heroes", [])):
        where = f"heroes[{i}]"
        if not isinstance(item, dict):
            raise _bad(f"position.{where}: expected an object", "object", where=f".{where}")
        seat = _seat(s, item.get("seat"), f"{where}.seat")
        if seat >= len(s.heroes):
            raise _bad(
                f"position.{where}.seat: the MJ has no hero", "mj_hero", where=f"{where}.seat"
            )
        hero = s.heroes[seat]
        hero.captured = bool(item.get("captured", False))
        if not hero.captured:
            cell = _cell(s, item.get("at"), f"{where}.at")
            if any(u.side == MJ for u in occ.get(cell, [])):
                raise _bad(
                    f"position.{where}.at: an MJ troop holds that cell",
                    "mj_cell",
                    "CB-5",
                    where=f"{where}.at",
                )
            hero.cell = cell
        hero.acted = bool(item.get("acted", False))
        hero.destiny = int(item.get("destiny", 0))
    for i, item in enumerate(pos.get("traps", [])):
        where = f"traps[{i}]"
        cell = _cell(s, item.get("at"), f"{where}.at")
        side = _SIDES.get(item.get("side", "players"))
        if side is None:
            raise _bad(f"position.{where}.side: 'players' or 'mj'", "side", where=f"{where}.side")
        s.traps[cell] = side
        s.trap_owner[cell] = _seat(s, item.get("seat", 0 if side == PLAYERS else "mj"), where)
    if "trap_tokens" in pos:
        n = pos["trap_tokens"]
        if not isinstance(n, int) or n < 0:
            raise _bad("position.trap_tokens: a whole number", "tokens", where="trap_tokens")
        s.traps_left = [n] * len(s.traps_left)
    if "deck" in pos:
        deck = pos["deck"]
        if not isinstance(deck, list) or any(k not in BY_ID for k in deck):
            raise _bad(
                "position.deck: a list of troop types, first drawn first", "deck", where="deck"
            )
        s.deck = list(reversed(deck))
    if "dice" in pos:
        dice = pos["dice"]
        if not isinstance(dice, list) or any(
            not isinstance(v, int) or not 1 <= v <= s.rules.sides for v in dice
        ):
            raise _bad(
                f"position.dice: a list of die results 1..{s.rules.sides}",
                "dice",
                where="dice",
                sides=s.rules.sides,
            )
        s.rigged = list(dice)
    order = pos.get("order", list(s.seats[:-1]))
    if not isinstance(order, list) or sorted(_seat(s, p, "order") for p in order) != list(
        range(len(s.seats) - 1)
    ):
        raise _bad("position.order: every player seat exactly once", "order", where="order")
    s.order = [_seat(s, p, "order") for p in order]
    s.cycle = []
    for i, p in enumerate(s.order):
        s.cycle.append(p)
        if s.rules.mj_after_last or i < len(s.order) - 1 or len(s.order) == 1:
            s.cycle.append(s.mj_seat)
    rnd = pos.get("round", 1)
    if not isinstance(rnd, int) or rnd < 1:
        raise _bad("position.round: a positive whole number", "round", where="round")
    s.round = rnd
    turn = pos.get("turn", {})
    if not isinstance(turn, dict):
        raise _bad("position.turn: expected an object", "object", where=".turn")
    seat = _seat(s, turn.get("seat", s.cycle[0]), "turn.seat")
    if seat not in s.cycle:
        raise _bad(
            "position.turn.seat: that seat has no turn in the cycle", "no_turn", where="turn.seat"
        )
    s.slot = s.cycle.index(seat)
    if seat != s.mj_seat:
        s.last_player = seat
    used = turn.get("used", 0)
    if used not in (0, 1, 2):
        raise _bad(
            "position.turn.used: 0, 1 or 2 activations (CB-30)", "used", "CB-30", where="turn.used"
        )
    s.turn_counter = 1
    s.occ = None
    s.stack = [Frame("turn", seat, {"used": used, "cells": []})]
