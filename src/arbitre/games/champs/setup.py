"""Setup: troops drawn from the stock, deployment on the start lines, initiative (CB-24..CB-28).

A `position` in the config skips setup and starts from any situation (tests, teaching).
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.engine.ruleset import ConfigError
from arbitre.games.champs.board import geometry, load_battlefield
from arbitre.games.champs.config import resolve
from arbitre.games.champs.logic import load, occupancy, place_unit
from arbitre.games.champs.options import cell as cell_option
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState, Frame, Hero
from arbitre.games.champs.troops import BY_ID, CAP, TYPES, type_options


def new_state(config: dict[str, Any], seed: int) -> ChampsState:
    rules = resolve(config)
    bf = load_battlefield(rules.battlefield)
    geo = geometry(bf, rules.adjacency, rules.corner_cutting)
    seats = (*(f"p{i + 1}" for i in range(rules.players)), "mj")
    s = ChampsState(rules=rules, bf=bf, geo=geo, rng=Rng.from_seed(seed), seats=seats)
    s.heroes = [Hero(i, skill) for i, skill in enumerate(rules.heroes)]
    tokens = rules.trap_pool if rules.trap_pool is not None else bf.trap_tokens
    if tokens is None:
        tokens = 2 * rules.players  # AMB-CB-16a (invented default)
    s.traps_left = (
        [max(1, tokens // rules.players)] * rules.players
        if rules.trap_pool_per_player
        else [tokens]
    )
    s.mj_traps_left = tokens if rules.mj_trap_pool_limited else -1
    s.deck = list(bf.deck)
    s.rng.shuffle(s.deck)
    if rules.mj_recruit == "ownDeck":
        s.mj_deck = list(bf.deck)
        s.rng.shuffle(s.mj_deck)
    position = config.get("position")
    if position is not None:
        from arbitre.games.champs.position import apply_position

        apply_position(s, position)
        return s
    roll_initiative(s)
    # Frames run last-pushed first: players deploy in initiative order, then the MJ (CB-27).
    s.stack.append(Frame("mj_army", s.mj_seat, {"n": 2 * rules.players, "chosen": []}))
    frames = []
    for p in s.order:
        items = [s.deck.pop() for _ in range(2) if s.deck]  # CB-24: 2 troops at random
        s.log.append(
            Msg(
                "champs.ev.drawn",
                {"seat": seats[p], "types": ", ".join(items)},
                "CB-24",
            )
        )
        frames.append(Frame("deploy", p, {"items": [*items, "hero"]}))
    s.stack.extend(reversed(frames))
    return s


def roll_initiative(s: ChampsState) -> None:
    """Players roll for turn order, ties re-rolled (CB-28, AMB-CB-18)."""
    players = list(range(s.rules.players))
    if not s.rules.initiative_roll:
        s.order = players
    else:
        rolls = {p: [s.rng.die(6)] for p in players}
        while True:
            keys = [tuple(r) for r in rolls.values()]
            tied = [p for p in players if keys.count(tuple(rolls[p])) > 1]
            if not tied:
                break
            for p in tied:
                rolls[p].append(s.rng.die(6))
        s.order = sorted(players, key=lambda p: rolls[p], reverse=True)
        s.log.append(
            Msg(
                "champs.ev.initiative",
                {"order": ", ".join(s.seats[p] for p in s.order)},
                "CB-28",
            )
        )
    s.cycle = []
    for i, p in enumerate(s.order):
        s.cycle.append(p)
        if s.rules.mj_after_last or i < len(s.order) - 1 or len(s.order) == 1:
            s.cycle.append(s.mj_seat)


def deploy_cells(s: ChampsState, side: int, kind: str) -> list[int]:
    line = s.bf.players_line if side == PLAYERS else s.bf.mj_line
    occ = occupancy(s)
    out = []
    for c in line:
        if c in s.bf.obstacles:
            continue
        units = occ.get(c, [])
        if units and units[0].side != side:
            continue
        if kind != "hero":
            t = BY_ID[kind]
            if load(units) + t.size * t.units > CAP:
                continue
        out.append(c)
    return out


def decide_deploy(s: ChampsState, f: Frame) -> Decision | None:
    kind = f.data["items"][0]
    side = s.side_of_seat(f.seat)
    what: Any = "champs.hero." + s.heroes[f.seat].skill if kind == "hero" else f"champs.type.{kind}"
    # the shared `cell:<label>` options, equal to Option(f"cell:{label}", Msg(...)) built anew
    lbl = s.bf.label
    opts = tuple(
        cell_option("cell", "champs.opt.cell", lbl(c)) for c in deploy_cells(s, side, kind)
    )
    if not opts:
        return None
    return Decision(
        f.seat,
        "champs.deploy",
        opts,
        Msg("champs.q.deploy", {"what": what}),
        ("CB-25", "CB-27"),
        private=False,
    )


def auto_deploy(s: ChampsState, f: Frame) -> None:
    """No start-line cell can take this item: it stays out of the battle."""
    f.data["items"].pop(0)
    _deploy_done(s, f)


def _deploy_done(s: ChampsState, f: Frame) -> None:
    if not f.data["items"]:
        s.stack.pop()
        if s.side_of_seat(f.seat) == MJ:
            from arbitre.games.champs.turns import start_round

            start_round(s)


def choose_deploy(s: ChampsState, f: Frame, key: str) -> None:
    kind = f.data["items"].pop(0)
    cell = s.bf.parse(key[5:])
    assert cell is not None
    side = s.side_of_seat(f.seat)
    if kind == "hero":
        s.heroes[f.seat].cell = cell
        s.occ = None
    else:
        t = BY_ID[kind]
        for _ in range(t.units):
            place_unit(s, t.index, side, cell, False)
    s.log.append(
        Msg(
            "champs.ev.deployed",
            {
                "seat": s.seats[f.seat],
                "what": f"champs.hero.{s.heroes[f.seat].skill}"
                if kind == "hero"
                else f"champs.type.{kind}",
                "cell": s.bf.label(cell),
            },
            "CB-25" if side == PLAYERS else "CB-27",
        )
    )
    _deploy_done(s, f)


def decide_mj_army(s: ChampsState, f: Frame) -> Decision | None:
    if s.rules.mj_army_random:
        return None
    n, chosen = f.data["n"], f.data["chosen"]
    return Decision(
        f.seat,
        "champs.mj.army",
        type_options(),
        Msg("champs.q.mj_army", {"i": len(chosen) + 1, "n": n}),
        ("CB-26", "AMB-CB-17g"),
        private=False,
    )


def choose_mj_army(s: ChampsState, f: Frame, key: str) -> None:
    f.data["chosen"].append(key[5:])
    _maybe_finish_army(s, f)


def auto_mj_army(s: ChampsState, f: Frame) -> None:
    pool = [t.id for t in TYPES]
    while len(f.data["chosen"]) < f.data["n"]:
        f.data["chosen"].append(pool[s.rng.below(len(pool))])
    _maybe_finish_army(s, f)


def _maybe_finish_army(s: ChampsState, f: Frame) -> None:
    """The MJ's army has as many troops as all the players together (CB-26)."""
    if len(f.data["chosen"]) < f.data["n"]:
        return
    s.stack.pop()
    s.stack.append(Frame("deploy", s.mj_seat, {"items": list(f.data["chosen"])}))


def check_position_type(kind: str, where: str) -> int:
    if kind not in BY_ID:
        raise ConfigError(
            f"position {where}: unknown troop type {kind!r}",
            Msg("config.champs.position_type", {"where": where, "type": kind}),
        )
    return BY_ID[kind].index
