"""The static, public geometry of a game's board, for the browser (GET /api/games/{id}/board).

A seat's view (`ruleset.view`) says where things are but not what the board looks like: the
Heresy map's zone outlines, sectors and crevasses (HH-3.13, HH-3.15, HH-18.6), the
initiative track's spaces and icons (HH-14.1, HH-15.1), the names of the content ids the
view carries; the Champs grid and troop names (CB-12, AMB-CB-1); the Epic table and its
terrain (EPC-5, EPC-11). `board_of` reads only what every seat may know (the content
catalogs, the battlefield, the config), never hands, decks or piles, so it is the same
for every viewer and may be served to spectators.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from arbitre.engine.i18n import Msg, has_message, translate

Text = dict[str, str]
Segment = tuple[float, float, float, float]
EPS = 1e-6


def text(fr: str | None, en: str) -> Text:
    return {"fr": fr or en, "en": en}


def named(item: Any) -> Text:
    """A content item's name in both languages (the English one when French is missing)."""
    return {"fr": str(item.name("fr")), "en": str(item.name("en"))}


def message(key: str, fallback: str) -> Text:
    if not has_message(key):
        return {"fr": fallback, "en": fallback}
    return {"fr": translate(Msg(key), "fr"), "en": translate(Msg(key), "en")}


# --- Champs ------------------------------------------------------------------------------


def _champs(ruleset: Any, state: Any) -> dict[str, Any]:
    """The grid (AMB-CB-1), obstacles (CB-15), start lines (CB-25) and the objective
    (CB-62), with troop and hero names for the ids the view carries (CB-12)."""
    import arbitre.games.champs.messages  # noqa: F401  (champs.* texts)
    from arbitre.games.champs.troops import HERO_NAMES, TYPES

    bf = state.bf

    def cells(items: Iterable[int]) -> list[list[int]]:
        return [list(bf.xy(c)) for c in sorted(items)]

    return {
        "game": "champs",
        "battlefield": {
            "id": bf.id,
            "name": text(bf.name_fr, bf.name_en),
            "width": bf.width,
            "height": bf.height,
            "obstacles": cells(bf.obstacles),
            "players_line": cells(bf.players_line),
            "mj_line": cells(bf.mj_line),
            "objective": bf.objective,
            "hold": bf.hold,
            "rounds": bf.rounds,
        },
        "names": {
            "types": {
                t.id: {"name": text(t.name_fr, t.name_en), "letter": _letter(t.id)} for t in TYPES
            },
            "heroes": {k: text(fr, en) for k, (fr, en) in HERO_NAMES.items()},
            "sides": {
                side: message(f"champs.side.{side}", side) for side in ("players", "mj", "draw")
            },
        },
    }


_LETTERS = {"soldats": "S", "cavalerie": "C", "airs": "A", "mastodonte": "M", "catapulte": "K"}


def _letter(type_id: str) -> str:
    """The terminal's letters (cli/render_champs.py), so both interfaces read alike."""
    return _LETTERS.get(type_id, type_id[:1].upper() or "?")


# --- Heresy ------------------------------------------------------------------------------


def _segments(outline: Sequence[Sequence[float]]) -> list[Segment]:
    pts = [(float(p[0]), float(p[1])) for p in outline]
    return [(*pts[i], *pts[(i + 1) % len(pts)]) for i in range(len(pts))]


def _overlap(a: Segment, b: Segment) -> Segment | None:
    """The common part of two collinear segments, if they overlap over a length."""
    ax, ay, bx, by = a
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 < EPS:
        return None
    for px, py in ((b[0], b[1]), (b[2], b[3])):
        if abs(dx * (py - ay) - dy * (px - ax)) > EPS * max(1.0, length2):
            return None  # not on the same line
    t0 = ((b[0] - ax) * dx + (b[1] - ay) * dy) / length2
    t1 = ((b[2] - ax) * dx + (b[3] - ay) * dy) / length2
    lo, hi = max(0.0, min(t0, t1)), min(1.0, max(t0, t1))
    if hi - lo < EPS:
        return None
    return (ax + dx * lo, ay + dy * lo, ax + dx * hi, ay + dy * hi)


def shared_border(a: Sequence[Sequence[float]], b: Sequence[Sequence[float]]) -> list[Segment]:
    """The segments two zone outlines have in common (where a crevasse or wall is drawn)."""
    out = []
    for sa in _segments(a):
        for sb in _segments(b):
            common = _overlap(sa, sb)
            if common is not None:
                x1, y1, x2, y2 = (round(v, 3) for v in common)
                out.append((x1, y1, x2, y2))
    return out


def _heresy(ruleset: Any, state: Any) -> dict[str, Any]:
    """The map (HH-3.13): zones with sectors (HH-18.6), kinds, fortifications (HH-34.1),
    outlines and centres; edges with crevasses (HH-3.15), the sector division (HH-18.13)
    and walls; the initiative track (HH-14.1, HH-15.1); names of units, Heroes, legions,
    Powers and cards (public catalog data, never which card is where)."""
    import arbitre.games.heresy.messages  # noqa: F401  (heresy.* texts)
    from arbitre.games.heresy.names import combat_stats
    from arbitre.server.compendium import card_faces

    c = state.content
    zones = {z.id: z for z in c.zones}
    edges = []
    for e in c.edges:
        a, b = e.zones
        za, zb = zones.get(a), zones.get(b)
        border = shared_border(za.outline, zb.outline) if za and zb else []
        edges.append(
            {
                "zones": [a, b],
                "crevasse": bool(e.crevasse),
                "region_division": bool(e.region_division),
                # a wall stands where a fortified zone meets one that is not (HH-34.1)
                "fortified": bool(za and zb and za.fortified != zb.fortified),
                "segments": [list(s) for s in border],
            }
        )
    board = c.board
    return {
        "game": "heresy",
        "board": {
            "width": board.width,
            "height": board.height,
            "map": list(board.map),
            "initiative_track": list(board.initiative_track),
        },
        "sectors": [{"id": s.id, "name": named(s)} for s in c.sectors],
        "zones": [
            {
                "id": z.id,
                "name": named(z),
                "sectors": list(z.sectors),
                "kind": z.kind,
                "fortified": z.fortified,
                "stacking_limit": z.stacking_limit,
                "position": list(z.position),
                "outline": [list(p) for p in z.outline],
                "dashed": z.dashed,
                "laser_site": z.laser_site,
                "terra": z.terra,
            }
            for z in c.zones
        ],
        "edges": edges,
        "track": [{"n": s.n, "icons": list(s.icons)} for s in c.tracks.initiative.space],
        "names": {
            "seats": {
                "imperium": text("Imperium", "Imperium"),
                "traitor": text("Traître", "Traitor"),
            },
            "units": {
                u.id: {"name": named(u), "rank": u.rank, "side": u.side, "flying": u.flying}
                for u in c.units
            },
            "heroes": {h.id: {"name": named(h), "side": h.side} for h in c.heroes},
            "legions": {x.id: {"name": named(x)} for x in c.legions},
            "powers": {x.id: {"name": named(x), "colour": x.colour} for x in c.powers},
            "orders": {x.id: {"name": named(x), "cost": x.cost, "kind": x.kind} for x in c.orders},
            "combat": {
                x.id: {
                    "name": named(x),
                    "hero": x.deck == "hero_combat",
                    "stats": {
                        "fr": combat_stats(x.id, "fr") or "",
                        "en": combat_stats(x.id, "en") or "",
                    },
                }
                for x in c.combat
            },
            "events": {x.id: {"name": named(x)} for x in c.events},
        },
        # every card's face (text, values, provenance): public catalog data (compendium.py)
        "cards": card_faces(c),
    }


# --- Epic --------------------------------------------------------------------------------


def _epic(ruleset: Any, state: Any) -> dict[str, Any]:
    """The game's table (issue 16, tables.py): its size in cm (research §3.1), terrain
    pieces (EPC-11; rectangles may be turned by `angle` degrees), deployment zones and
    objectives, and the names of units, armies, orders (EPC-9) and terrain kinds."""
    import arbitre.games.epic.messages  # noqa: F401  (epic.* texts)
    from arbitre.games.epic.catalog import CATALOG
    from arbitre.games.epic.geometry import TERRAIN
    from arbitre.games.epic.tables import default_table, to_json

    # public: every player sees the table
    table = to_json(getattr(state, "table", None) or default_table())
    from arbitre.games.epic.state import ARMIES

    orders = ("tir_appuye", "avance", "charge", "retraite")
    return {
        "game": "epic",
        "table": {"w": table["w"], "h": table["h"]},
        "table_name": table["name"],
        # setup.py: the first army deploys along the top edge (y = 0), the second the bottom
        "edges": {"top": ARMIES[0], "bottom": ARMIES[1]},
        "terrain": table["terrain"],
        "zones": table["zones"],
        "names": {
            "units": {u: message(f"epic.unit.{u}", u) for u in CATALOG.units},
            "armies": {a: message(f"epic.army.{a}", a) for a in CATALOG.armies},
            "orders": {o: message(f"epic.order.{o}", o) for o in orders},
            "terrain": {t.id: text(t.name_fr, t.name_en) for t in TERRAIN.values()},
        },
    }


BUILDERS: dict[str, Callable[[Any, Any], dict[str, Any]]] = {
    "champs": _champs,
    "heresy": _heresy,
    "epic": _epic,
}


def board_of(ruleset_id: str, ruleset: Any, state: Any) -> dict[str, Any]:
    """The public board of a game; a ruleset without a drawing gets `{"game": id}` only."""
    build = BUILDERS.get(ruleset_id)
    if build is None:
        return {"game": ruleset_id}
    return build(ruleset, state)
