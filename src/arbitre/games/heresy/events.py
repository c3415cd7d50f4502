"""Event cards (HH-16.1, HH-16.2, HH-17.1): the effect of each title, registered in
`phases.EVENT_EFFECTS` by card id.

Known effects (rulebook, FAQ v1.0, research events.yaml): Déluge Apocalyptique, Décisions
du Commandement, and parts of La Forteresse du Ciel s'Élève, Le Juste Entend l'Appel,
The Vicissitudes of Chaos and Thrown to Terra. Every other effect is reconstructed from
its title (data/cards/events.toml: `reconstructed = true`, docs/heresy-bombardment.md);
config `events.reconstructed = false` plays those cards as logged no-ops.

Event moves and placements ignore activation and activate nothing (HH-21.15, HH-44.19,
FAQ). Frames: `ev_orders` (place orders for free), `ev_move` (move units and Heroes from
one zone to an adjacent one), `ev_place` (units from the reserve, Heroes with them,
HH-31.13), `ev_zone` (pick a zone, then a zone effect), `ev_heal` (remove a unit's damage).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy import bombardment, corruption, messages_fire, strategic  # noqa: F401
from arbitre.games.heresy.board import (
    ENEMY,
    add_unit,
    hero_side,
    neighbours,
    sector_zones,
    terra_zones,
    zone_ids,
    zone_type,
)
from arbitre.games.heresy.distances import blocked_zones, zone_sides
from arbitre.games.heresy.fortification import fortified
from arbitre.games.heresy.opts import keyed, new_decision, new_msg, two
from arbitre.games.heresy.phases import EVENT_EFFECTS
from arbitre.games.heresy.state import IMPERIUM, ROUT, TRAITOR, Frame, HeresyState, label

DONE = Option("done", Msg("engine.done"))
Effect = Callable[[HeresyState, int], None]
VS_SECTOR = "vengeful_spirit"


def _terra(s: HeresyState) -> list[str]:
    return terra_zones(s)


def _ask(
    seat: int,
    kind: str,
    opts: list[Option],
    args: dict[str, Any],
    *rules: str,
    private: bool,
) -> Decision:
    q = new_msg((f"heresy.q.ev_{kind}", args, None))
    return new_decision((seat, f"heresy.event.{kind}", tuple(opts), q, rules, private))


# --- known effects -------------------------------------------------------------------------


def apocalypse(s: HeresyState, seat: int) -> None:
    """Déluge Apocalyptique (p.5): the Traitor bombards one zone of Terra from orbit."""
    s.stack.append(bombardment.orbital(s, TRAITOR, rule="HH-16.2"))


def command_decisions(s: HeresyState, seat: int) -> None:
    """Décisions du Commandement (EX-16.1): up to 3 orders from hand placed for free; they
    wait for an initiative change like any placed order (AMB-32, FAQ)."""
    s.stack.append(Frame("ev_orders", seat, {"left": 3, "chosen": ""}))


def sky_fortress(s: HeresyState, seat: int) -> None:
    """La Forteresse du Ciel s'Élève (pp.21, 36; reconstructed numbers): the Imperium moves
    up to 3 units (and Heroes) from one zone to an adjacent one, ignoring activation, then
    bombards a zone of Terra choosing among 3 Bombardment cards (HH-36.1)."""
    s.stack.append(bombardment.orbital(s, IMPERIUM, draw_n=3, rule="HH-36.1"))
    s.stack.append(_move(IMPERIUM, 3))


def righteous(s: HeresyState, seat: int) -> None:
    """Le Juste Entend l'Appel (p.31; reconstructed numbers): the Imperium places up to 3
    units of his reserve, ranks totalling 6 at most, in one friendly or neutral zone of
    Terra, with any Heroes of his reserve (HH-31.13)."""
    s.stack.append(_place(IMPERIUM, None, 3, 6, "own"))


def vicissitudes(s: HeresyState, seat: int) -> None:
    """The Vicissitudes of Chaos (FAQ: moved units do not activate their zone;
    reconstructed: HH-5.6's symbol picks the player who moves up to 3 units)."""
    star = bombardment.draw_symbol(s)
    s.stack.append(_move(TRAITOR if star else IMPERIUM, 3))


def thrown_to_terra(s: HeresyState, seat: int) -> None:
    """Thrown to Terra by his Mighty Hand (FAQ): every unit and Hero on the Vengeful
    Spirit, of both sides, goes to one zone of Terra (reconstructed: the Traitor picks)."""
    s.stack.append(_zone(TRAITOR, "thrown", _terra(s)))


def armada(s: HeresyState, seat: int) -> None:
    """The Warp Claims a Mighty Armada (reconstructed: the relief fleet is delayed): both
    initiative markers go back 3 spaces (not before space 1); spent special-phase spaces
    stay spent (HH-15.7) and the marker on top stays on top."""
    for who in (IMPERIUM, TRAITOR):
        s.pos[who] = max(1, s.pos[who] - 3)
    s.log.append(Msg("heresy.log.ev_armada", {"a": s.pos[0], "b": s.pos[1]}, "HH-16.2"))


# --- reconstructed from the titles -------------------------------------------------------


def titans(s: HeresyState, seat: int) -> None:
    """Titans Stride the Earth: each player, the current one first, may place 1 Titan of
    his reserve in a friendly zone of Terra (with Heroes, HH-31.13)."""
    for who in (1 - seat, seat):
        kind = "imperial_titan" if who == IMPERIUM else "chaos_titan"
        s.stack.append(_place(who, [kind], 1, 4, "friendly"))


def unholy_portal(s: HeresyState, seat: int) -> None:
    """An Unholy Portal is Opened: the Traitor places up to 2 Daemon Hordes of his reserve
    in one friendly or neutral zone of Terra outside the Palace (with Heroes)."""
    s.stack.append(_place(TRAITOR, ["daemon_horde"], 2, 6, "own_no_palace"))


def traitor_within(s: HeresyState, seat: int) -> None:
    """A Traitor Within the Walls: one corruption attempt (HH-37.7) on an Imperial Army or
    Armoured Division in a fortified zone."""
    zones = [z for z in zone_ids(s) if fortified(s, z)]
    s.stack.append(corruption.frame(s, 1, "HH-37.7", zones))


def tendrils(s: HeresyState, seat: int) -> None:
    """Tendrils of the Traitor: two corruption attempts (HH-37.7), anywhere."""
    s.stack.append(corruption.frame(s, 2, "HH-37.7"))


def corpses(s: HeresyState, seat: int) -> None:
    """Blocked With Corpses: the Imperium puts the Traitor's rout marker (HH-9.1) in a
    zone holding Traitor units: they take no order until two Restoration phases pass."""
    zones = sorted(z for z, us in s.units.items() if any(u[0] == TRAITOR for u in us))
    s.stack.append(_zone(IMPERIUM, "corpses", zones))


def cyclones(s: HeresyState, seat: int) -> None:
    """Cyclones Rage and the Air Itself Burns: every Chaos Thunderhawk on Terra takes 1
    damage (HH-30.14..HH-30.16)."""
    for zone in _terra(s):
        for u in [u for u in s.units.get(zone, ()) if u[1] == bombardment.THUNDERHAWK]:
            bombardment.hurt(s, zone, u[0], label(u), 1, None)


def doom_astray(s: HeresyState, seat: int) -> None:
    """Doom Flies Astray: the Traitor's fleet fires astray; the Imperium makes an orbital
    bombardment (HH-35.5, 'rarely, the Loyalist') on a zone of Terra holding Traitor
    units."""
    zones = sorted(z for z in _terra(s) if any(u[0] == TRAITOR for u in s.units.get(z, ())))
    s.stack.append(bombardment.orbital(s, IMPERIUM, zones=zones, rule="HH-35.5"))


def lava(s: HeresyState, seat: int) -> None:
    """Lava Boils and Terra is Torn Asunder: the Imperium picks an unfortified zone of
    Terra; every unit there, of both sides, takes 1 damage (Heroes are spared)."""
    zones = [z for z in _terra(s) if not fortified(s, z) and s.units.get(z)]
    s.stack.append(_zone(IMPERIUM, "lava", zones))


def gambit(s: HeresyState, seat: int) -> None:
    """Horus's Irresistible Gambit: the Traitor may move Horus (reserve, Vengeful Spirit
    or Terra) to a zone of Terra adjacent to the Emperor's that is not an enemy zone."""
    emperor, horus = s.heroes.get("the_emperor", ""), s.heroes.get("horus", "")
    if emperor in ("", "dead") or horus == "dead" or emperor not in s.content.zones:
        s.log.append(Msg("heresy.log.ev_nothing", {}, "HH-16.2"))
        return
    zones = sorted(
        z
        for z in neighbours(s, emperor)
        if s.content.zones[z].terra and zone_type(s, z, TRAITOR) != ENEMY
    )
    s.stack.append(_zone(TRAITOR, "gambit", zones, optional=True))


def conviction(s: HeresyState, seat: int) -> None:
    """The Strength of Conviction: each player, the current one first, may remove all
    damage from one of his units."""
    for who in (1 - seat, seat):
        s.stack.append(Frame("ev_heal", who, {}))


def will_to_act(s: HeresyState, seat: int) -> None:
    """The Unwavering Will to Act: each player, the current one first, draws 1 Order card
    from his Order deck (no hand limit applies, AMB-38)."""
    for who in (seat, 1 - seat):
        strategic.draw_from_deck(s, who)
    s.log.append(Msg("heresy.log.ev_draw", {}, "HH-16.2"))


KNOWN: dict[str, Effect] = {
    "apocalypse_rains_down": apocalypse,
    "command_decisions": command_decisions,
}
RECONSTRUCTED: dict[str, Effect] = {
    "the_sky_fortress_rises": sky_fortress,
    "the_righteous_heed_the_call": righteous,
    "the_vicissitudes_of_chaos": vicissitudes,
    "thrown_to_terra_by_his_mighty_hand": thrown_to_terra,
    "the_warp_claims_a_mighty_armada": armada,
    "titans_stride_the_earth": titans,
    "an_unholy_portal_is_opened": unholy_portal,
    "a_traitor_within_the_walls": traitor_within,
    "tendrils_of_the_traitor": tendrils,
    "blocked_with_corpses": corpses,
    "cyclones_rage_and_the_air_itself_burns": cyclones,
    "doom_flies_astray": doom_astray,
    "lava_boils_and_terra_is_torn_asunder": lava,
    "horuss_irresistible_gambit": gambit,
    "the_strength_of_conviction": conviction,
    "the_unwavering_will_to_act": will_to_act,
}


def play(s: HeresyState, seat: int, card: str) -> None:
    """HH-16.2: follow the card drawn by the current player `seat`."""
    effect = KNOWN.get(card)
    if effect is None:
        effect = RECONSTRUCTED.get(card)
        if effect is None or not s.rules.reconstructed_events:
            s.log.append(Msg("heresy.log.effect_unknown", {"card": card}, "AMB-9"))
            return
    effect(s, seat)


def _effect(card: str) -> Effect:
    def run(s: HeresyState, seat: int) -> None:
        play(s, seat, card)

    return run


for _card in (*KNOWN, *RECONSTRUCTED):
    EVENT_EFFECTS[_card] = _effect(_card)


# --- ev_orders: Décisions du Commandement --------------------------------------------------


def decide_orders(s: HeresyState, f: Frame) -> Decision | None:
    d = f.data
    if d["chosen"]:
        opts = [keyed("sector", "heresy.opt.sector", "sector", sec.id) for sec in s.content.sectors]
        return _ask(f.seat, "orders_sector", opts, {}, "EX-16.1", "HH-18.1", private=False)
    if d["left"] <= 0 or not s.hands[f.seat]:
        return None
    opts = [_place_free(c) for c in strategic.distinct(s.hands[f.seat])]
    # the order goes face down (HH-18.4): the opponent may not learn which
    return _ask(
        f.seat, "orders", [*opts, DONE], {"n": d["left"]}, "EX-16.1", "AMB-32", private=True
    )


@cache
def _place_free(c: str) -> Option:
    return Option(f"card:{c}", Msg("heresy.opt.place_free", {"card": strategic.card_id(c)}))


def choose_orders(s: HeresyState, f: Frame, key: str) -> None:
    d = f.data
    verb, _, rest = key.partition(":")
    if key == "done":
        s.stack.pop()
    elif verb == "card":
        d["chosen"] = rest
    else:
        strategic.place(s, f.seat, d["chosen"], rest)
        d["chosen"], d["left"] = "", d["left"] - 1


# --- ev_move: event movement (HH-21.15) ---------------------------------------------------


def _move(seat: int, most: int) -> Frame:
    return Frame("ev_move", seat, {"most": most, "from": "", "to": "", "moved": 0})


def _move_sources(s: HeresyState, seat: int) -> list[str]:
    blocked = blocked_zones(s, seat)
    return sorted(
        z
        for z, us in s.units.items()
        if any(u[0] == seat for u in us) and any(n not in blocked for n in neighbours(s, z))
    )


def _move_dests(s: HeresyState, seat: int, zone: str) -> list[str]:
    """Adjacent friendly or neutral zones (reading: an event move never enters battle):
    the zones holding no enemy unit (HH-37.10), that is, not blocked for `seat`."""
    blocked = blocked_zones(s, seat)
    return sorted(z for z in neighbours(s, zone) if z not in blocked)


def decide_move(s: HeresyState, f: Frame) -> Decision | None:
    d, seat = f.data, f.seat
    if not d["from"]:
        zones = _move_sources(s, seat)
        if not zones:
            return None
        opts = [keyed("from", "heresy.opt.source", "zone", z) for z in zones]
        # a step of the answer: the others see its outcome (view, events) once it is done
        return _ask(
            seat, "move_from", [*opts, DONE], {"n": d["most"]}, "HH-21.15", "HH-44.19", private=True
        )
    if not d["to"]:
        opts = [
            keyed("to", "heresy.opt.destination", "zone", z)
            for z in _move_dests(s, seat, d["from"])
        ]
        # a step of the answer: the others see its outcome (view, events) once it is done
        return _ask(seat, "move_to", opts, {"zone": d["from"]}, "HH-21.15", private=True)
    keys = []
    if d["moved"] < d["most"]:
        keys = [f"unit:{t}" for t in dict.fromkeys(label(u) for u in s.units.get(d["from"], ())
                                                     if u[0] == seat)]  # fmt: skip
    keys += [f"hero:{h}" for h, z in sorted(s.heroes.items())
             if z == d["from"] and hero_side(s, h) == seat]  # fmt: skip
    if not keys:
        return None
    opts = [
        two(k, "heresy.opt.mover", "what", k.partition(":")[2], "zone", d["from"]) for k in keys
    ]
    return _ask(
        seat, "move_units", [*opts, DONE], {"zone": d["to"]}, "HH-21.15", "HH-32.1", private=False
    )


def choose_move(s: HeresyState, f: Frame, key: str) -> None:
    d = f.data
    verb, _, rest = key.partition(":")
    if key == "done":
        s.stack.pop()
        if d["moved"]:
            s.log.append(Msg("heresy.log.ev_moved", {"zone": d["to"], "n": d["moved"]}, "HH-21.15"))
    elif verb in ("from", "to"):
        d[verb] = rest
    elif verb == "hero":
        s.heroes[rest] = d["to"]
    else:
        units = s.own_units(d["from"])
        i = next(i for i, u in enumerate(units) if u[0] == f.seat and label(u) == rest)
        add_unit(s, d["to"], units.pop(i))
        d["moved"] += 1


def auto_pop(s: HeresyState, f: Frame) -> None:
    s.stack.pop()


def auto_move(s: HeresyState, f: Frame) -> None:
    """Nothing (more) to move: the move is over."""
    choose_move(s, f, "done")


# --- ev_place: units from the reserve (HH-31.13) -----------------------------------------


def _place(seat: int, types: list[str] | None, most: int, rank: int, where: str) -> Frame:
    data = {"types": types, "most": most, "rank": rank, "where": where, "zone": "", "used": 0,
            "n": 0}  # fmt: skip
    return Frame("ev_place", seat, data)


def _place_zones(s: HeresyState, f: Frame) -> list[str]:
    """HH-37.10: Terra's zones without an enemy unit (friendly or neutral; friendly only
    when the event says so). The zones' sides are read from `zone_sides` (speed: a zone
    type per zone before)."""
    seat, where = f.seat, f.data["where"]
    out = []
    sides = zone_sides(s)
    mine, theirs = (sides[0], sides[1]) if seat == IMPERIUM else (sides[1], sides[0])
    for z in _terra(s):
        if z in theirs:  # enemy or contested
            continue
        if where == "friendly" and z not in mine:
            continue
        if where == "own_no_palace" and "palace" in s.content.zones[z].sectors:
            continue
        out.append(z)
    return out


def _place_keys(s: HeresyState, f: Frame) -> list[str]:
    d, seat = f.data, f.seat
    keys = []
    if d["n"] < d["most"]:
        for t, n in sorted(s.reserve[seat].items()):
            wanted = n > 0 and (d["types"] is None or t in d["types"])
            if wanted and d["used"] + s.content.units[t].rank <= d["rank"]:
                keys.append(f"unit:{t}")
    keys += [
        f"hero:{h}" for h, z in sorted(s.heroes.items()) if z == "" and hero_side(s, h) == seat
    ]
    return keys


def decide_place(s: HeresyState, f: Frame) -> Decision | None:
    d, seat = f.data, f.seat
    if not d["zone"]:
        if not _place_keys(s, f):
            return None
        zones = _place_zones(s, f)
        if not zones:
            return None
        opts = [keyed("to", "heresy.opt.destination", "zone", z) for z in zones]
        # a step of the answer: the others see its outcome (view, events) once it is done
        return _ask(seat, "place_zone", [*opts, DONE], {"n": d["most"]}, "HH-31.13", private=True)
    keys = _place_keys(s, f)
    if not keys:
        return None
    opts = [
        two(k, "heresy.opt.mover", "what", k.partition(":")[2], "zone", "reserve") for k in keys
    ]
    return _ask(
        seat,
        "place_units",
        [*opts, DONE],
        {"zone": d["zone"]},
        "HH-31.13",
        "HH-32.2",
        private=False,
    )


def choose_place(s: HeresyState, f: Frame, key: str) -> None:
    d, seat = f.data, f.seat
    verb, _, rest = key.partition(":")
    if key == "done":
        s.stack.pop()
    elif verb == "to":
        d["zone"] = rest
    elif verb == "hero":
        s.heroes[rest] = d["zone"]
        s.log.append(Msg("heresy.log.ev_placed", {"what": rest, "zone": d["zone"]}, "HH-31.13"))
    else:
        s.reserve[seat][rest] -= 1
        if not s.reserve[seat][rest]:
            del s.reserve[seat][rest]
        add_unit(s, d["zone"], (seat, rest, "", 0))
        d["n"] += 1
        d["used"] += s.content.units[rest].rank
        s.log.append(Msg("heresy.log.ev_placed", {"what": rest, "zone": d["zone"]}, "HH-16.2"))


# --- ev_zone: pick a zone, then its effect -----------------------------------------------


def _zone(seat: int, effect: str, zones: list[str], optional: bool = False) -> Frame:
    return Frame("ev_zone", seat, {"effect": effect, "zones": zones, "optional": optional})


def _thrown(s: HeresyState, zone: str) -> None:
    for vs in sector_zones(s, VS_SECTOR):
        if vs in s.units:
            s.units_changes += 1  # a list taken away, not through own_units
        for u in s.units.pop(vs, []):
            add_unit(s, zone, u)
        for h, z in s.heroes.items():
            if z == vs:
                s.heroes[h] = zone
    s.log.append(Msg("heresy.log.ev_thrown", {"zone": zone}, "HH-16.2"))


def _corpses(s: HeresyState, zone: str) -> None:
    s.marks[TRAITOR][zone] = ROUT
    s.log.append(Msg("heresy.log.ev_corpses", {"zone": zone}, "HH-9.1"))


def _lava(s: HeresyState, zone: str) -> None:
    for u in list(s.units.get(zone, ())):
        bombardment.hurt(s, zone, u[0], label(u), 1, None)


def _gambit(s: HeresyState, zone: str) -> None:
    s.heroes["horus"] = zone
    s.log.append(Msg("heresy.log.ev_placed", {"what": "horus", "zone": zone}, "HH-16.2"))


ZONE_EFFECTS: dict[str, Callable[[HeresyState, str], None]] = {
    "thrown": _thrown,
    "corpses": _corpses,
    "lava": _lava,
    "gambit": _gambit,
}


def decide_zone(s: HeresyState, f: Frame) -> Decision | None:
    zones = f.data["zones"]
    if not zones:
        return None
    opts = [keyed("zone", "heresy.opt.ev_zone", "zone", z) for z in zones]
    if f.data["optional"]:
        opts.append(DONE)
    return _ask(f.seat, f"zone_{f.data['effect']}", opts, {}, "HH-16.2", private=False)


def choose_zone(s: HeresyState, f: Frame, key: str) -> None:
    s.stack.pop()
    if key != "done":
        ZONE_EFFECTS[f.data["effect"]](s, key[5:])


# --- ev_heal ---------------------------------------------------------------------------------


def decide_heal(s: HeresyState, f: Frame) -> Decision | None:
    keys = sorted(
        {f"unit:{z}:{label(u)}" for z, us in s.units.items() for u in us if u[0] == f.seat and u[3]}
    )
    if not keys:
        return None
    opts = [Option(k, Msg("heresy.opt.bombard_unit", {"unit": k[5:]})) for k in keys]
    return _ask(f.seat, "heal", [*opts, DONE], {}, "HH-16.2", private=False)


def choose_heal(s: HeresyState, f: Frame, key: str) -> None:
    s.stack.pop()
    if key == "done":
        return
    _, zone, text = key.split(":", 2)
    units = s.own_units(zone)
    i = next(i for i, u in enumerate(units) if u[0] == f.seat and label(u) == text)
    u = units[i]
    units[i] = (u[0], u[1], u[2], 0)
    s.log.append(Msg("heresy.log.ev_healed", {"unit": f"{zone}:{text}"}, "HH-16.2"))
