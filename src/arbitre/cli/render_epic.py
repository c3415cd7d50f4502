"""The Epic board in the terminal: a coarse map of the table built from one seat's view.

Only the view (`arbitre.games.epic.view.build_view`) is read, never the state: the other
side's unrevealed orders arrive as `"hidden"` and are shown as such. Fixed labels come
from `cli.epic.*` in cli/messages.py; unit and order names from the game's `epic.*` texts.

         0     30    60    90    120   150   180     cm ruler every 30 cm
        ┌────────────────────────────────────┐
       0│·     ·     ·     ·     ·     ·     │     one character per 5 cm
        │   AA    BBBB  CC    D              │     A-Z: the first side's detachments
      30│·     ·     ·     ·     ·     ·     │     a-z: the second side's; * several
                                                      ◎ an objective (coloured by holder)

Above and below the map, the two long edges: the first side deploys along the top one
(y = 0, setup.py) and advances toward the bottom, the second the other way round; the
edge of the seat's enemy is marked as such.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

import arbitre.games.epic.messages  # noqa: F401  (the epic.* names)
from arbitre.cli.messages import tr
from arbitre.engine.i18n import Msg, add_messages, has_message, translate
from arbitre.games.epic.movement import TABLE_H, TABLE_W

CM_PER_CHAR = 5  # one map character per 5 cm of table
RULER_CM = 30  # a ruler mark every 30 cm
LEFT = 5  # the left ruler (4 characters) and the border before the first cell
UPPER_STYLE, LOWER_STYLE = "bold yellow", "bold red"
CROWD = "*"  # stands of several detachments in one cell
OBJECTIVE = "◎"  # an objective marker (a stand in the same cell hides it)
FREE_STYLE = "bold green"  # an objective nobody holds
# the ruler dots inside a deployment zone take its side's colour (the edge lines name them)
ZONE_TINT = {0: "yellow", 1: "red"}
# terrain under the stands (issue 16: the game's table, tables.py), by kind
TERRAIN_MARKS = {
    "forest": ("♣", "green"),
    "ruins": ("░", "grey50"),
    "water": ("≈", "blue"),
    "building": ("▪", "white"),
    "impassable": ("▓", "grey37"),
}

add_messages(
    {
        "cli.epic.edge.top": {
            "fr": "▼ { $side } : déploiement ici (y = { $y } cm), vers le bas",
            "en": "▼ { $side }: deploys here (y = { $y } cm), advances downward",
        },
        "cli.epic.edge.bottom": {
            "fr": "▲ { $side } : déploiement ici (y = { $y } cm), vers le haut",
            "en": "▲ { $side }: deploys here (y = { $y } cm), advances upward",
        },
        "cli.epic.edge.enemy": {"fr": "bord ennemi", "en": "enemy edge"},
        "cli.epic.edge.own": {"fr": "votre bord", "en": "your edge"},
        "cli.epic.objective": {
            "fr": "{ $mark } objectif ({ $x }, { $y }) cm : { $holder }",
            "en": "{ $mark } objective ({ $x }, { $y }) cm: { $holder }",
        },
        "cli.epic.objective.free": {"fr": "non tenu", "en": "not held"},
        "cli.epic.objective.held": {"fr": "tenu par { $side_the }", "en": "held by { $side_the }"},
        # issue 18: the terminal's point questions also take a point typed in cm
        # (cli/human.point_key), shown under the question by render.decision_view
        "cli.hint.epic.move": {
            "fr": "Ou tapez le point x,y (en cm, par exemple 60,45) où va le premier socle.",
            "en": "Or type the point x,y (in cm, for example 60,45) the first stand goes to.",
        },
        "cli.hint.epic.template": {
            "fr": "Ou tapez le point x,y (en cm, par exemple 60,45) où centrer le gabarit.",
            "en": "Or type the point x,y (in cm, for example 60,45) to centre the template on.",
        },
    }
)


def label(key: str, lang: str, fallback: str, **args: Any) -> str:
    return translate(Msg(key, args), lang) if has_message(key) else fallback


def side_name(side: Any, lang: str, view: Mapping[str, Any] | None = None) -> str:
    """A side by name: in a game from armies by its army (the view's `sides`, issue 16:
    "Garde Impériale", "Space Marines (nord)"), else the starter seat's name."""
    for named in (view or {}).get("sides") or ():
        if isinstance(named, Mapping) and named.get("seat") == side:
            return str(named.get("name", {}).get(lang) or side)
    fallback = label(f"epic.army.{side}", lang, str(side))
    return label(f"cli.epic.side.{side}", lang, fallback)


def det_name(det: Mapping[str, Any], lang: str) -> str:
    unit = str(det.get("unit", ""))
    spec = str(det.get("detachment", det.get("id", "?")))
    return label(f"epic.unit.{unit}", lang, spec)


def order_name(order: Any, lang: str) -> str:
    if order is None:
        return tr("cli.epic.order.none", lang)
    if order == "hidden":
        return tr("cli.epic.order.hidden", lang)
    return label(f"epic.order.{order}", lang, str(order))


def table_size(view: Mapping[str, Any]) -> tuple[float, float]:
    """The table in cm: the view's own size if it gives one, else the rules' 180 x 120."""
    table = view.get("table")
    if isinstance(table, Mapping):
        return float(table.get("w", TABLE_W)), float(table.get("h", TABLE_H))
    return TABLE_W, TABLE_H


def grid_size(view: Mapping[str, Any]) -> tuple[int, int]:
    w, h = table_size(view)
    return max(1, math.ceil(w / CM_PER_CHAR)), max(1, math.ceil(h / CM_PER_CHAR))


def cell_of(x: float, y: float, cols: int, rows: int) -> tuple[int, int]:
    """The (column, row) of a point in cm; the far edges fall into the last cell."""
    col = min(max(int(x // CM_PER_CHAR), 0), cols - 1)
    row = min(max(int(y // CM_PER_CHAR), 0), rows - 1)
    return col, row


def sides_of(view: Mapping[str, Any]) -> list[str]:
    """The sides in the order they first appear: the first gets uppercase letters."""
    sides: list[str] = []
    for det in view.get("detachments") or []:
        side = str(det.get("side"))
        if side not in sides:
            sides.append(side)
    return sides


def letters(view: Mapping[str, Any]) -> dict[Any, str]:
    """Detachment id -> its letter: A, B, … for the first side, a, b, … for the second."""
    sides = sides_of(view)
    counts: Counter[str] = Counter()
    out: dict[Any, str] = {}
    for det in view.get("detachments") or []:
        side = str(det.get("side"))
        n = counts[side]
        counts[side] += 1
        letter = chr(ord("A") + n % 26) if n < 26 else "#"
        out[det.get("id")] = letter if sides.index(side) == 0 else letter.lower()
    return out


def letter_style(letter: str) -> str:
    return UPPER_STYLE if letter.isupper() else LOWER_STYLE if letter.islower() else "bold"


def objectives_of(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [o for o in view.get("objectives") or [] if isinstance(o, Mapping)]


def objective_style(view: Mapping[str, Any], objective: Mapping[str, Any]) -> str:
    """Held: the holder's colour (yellow for the first side, red for the other)."""
    holder = objective.get("holder")
    if holder is None:
        return FREE_STYLE
    sides = sides_of(view)
    return UPPER_STYLE if sides and str(holder) == sides[0] else LOWER_STYLE


def objective_lines(view: Mapping[str, Any], lang: str) -> list[Text]:
    """One line per objective: its place in cm and who holds it."""
    lines = []
    for o in objectives_of(view):
        holder = o.get("holder")
        held = (
            tr("cli.epic.objective.free", lang)
            if holder is None
            else tr("cli.epic.objective.held", lang, side=side_name(holder, lang, view))
        )
        x, y = _cm(o.get("x")), _cm(o.get("y"))
        text = tr("cli.epic.objective", lang, mark=OBJECTIVE, x=x, y=y, holder=held)
        lines.append(Text(text, style=objective_style(view, o)))
    return lines


def _cm(value: Any) -> str:
    try:
        return f"{float(value) + 0.0:g}"
    except (TypeError, ValueError):
        return "?"


def edge_line(view: Mapping[str, Any], lang: str, top: bool) -> Text | None:
    """The long edge a side deploys from (setup.py: the first side along y = 0, the
    second along the far edge) and, for a seat's view, whether it is the enemy's."""
    sides = sides_of(view)
    index = 0 if top else 1
    if len(sides) <= index:
        return None
    side = sides[index]
    y = 0 if top else _cm(table_size(view)[1])
    key = "cli.epic.edge.top" if top else "cli.epic.edge.bottom"
    line = Text(" " * LEFT + tr(key, lang, side=side_name(side, lang, view), y=y), style="dim")
    seat = view.get("seat")
    if seat:
        mine = str(seat) == side
        line.append(
            " · " + tr("cli.epic.edge.own" if mine else "cli.epic.edge.enemy", lang),
            style="bold cyan" if mine else "bold magenta",
        )
    return line


def status_line(view: Mapping[str, Any], lang: str) -> Text:
    """Turn, phase, who acts, initiative and whose view this is."""
    phase = str(view.get("phase", "?"))
    parts = [
        Text(tr("cli.epic.title", lang), style="bold"),
        Text(tr("cli.epic.turn", lang, n=view.get("turn", "?"))),
        Text(tr("cli.epic.phase", lang, phase=label(f"cli.epic.phase.{phase}", lang, phase))),
    ]
    to_play = view.get("to_play")
    if to_play and not view.get("over"):
        parts.append(
            Text(tr("cli.epic.to_play", lang, side=side_name(to_play, lang, view)), "bold")
        )
    initiative = view.get("initiative")
    if initiative:
        parts.append(Text(tr("cli.epic.initiative", lang, side=side_name(initiative, lang, view))))
    seat = view.get("seat")
    if seat:
        parts.append(Text(tr("cli.epic.you", lang, side=side_name(seat, lang, view)), style="bold"))
    else:
        parts.append(Text(tr("cli.epic.spectator", lang), style="dim"))
    if view.get("over"):
        parts.append(Text(tr("cli.epic.over", lang), style="bold green"))
    return Text(" · ").join(parts)


def _inside(piece: Mapping[str, Any], x: float, y: float) -> bool:
    """Whether (x, y) cm lies in a terrain piece of the view's table (a circle, or a
    rectangle turned by `angle` degrees about its centre)."""
    try:
        x0, y0 = float(piece["x0"]), float(piece["y0"])
        if piece.get("radius"):
            return math.hypot(x - x0, y - y0) <= float(piece["radius"])
        x1, y1 = float(piece["x1"]), float(piece["y1"])
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        a = math.radians(float(piece.get("angle") or 0.0))
        dx, dy = x - cx, y - cy
        lx, ly = cx + dx * math.cos(a) + dy * math.sin(a), cy - dx * math.sin(a) + dy * math.cos(a)
        return x0 <= lx <= x1 and y0 <= ly <= y1
    except (KeyError, TypeError, ValueError):
        return False


def terrain_cells(view: Mapping[str, Any], cols: int, rows: int) -> dict[tuple[int, int], str]:
    """The map cells whose centre lies in a terrain piece, with the piece's kind (a
    building at 0 Structure Points shows as ruins, EP-5.2)."""
    table = view.get("table")
    pieces = table.get("terrain") if isinstance(table, Mapping) else None
    structure = view.get("structure") or {}
    out: dict[tuple[int, int], str] = {}
    for piece in pieces or []:
        if not isinstance(piece, Mapping):
            continue
        kind = str(piece.get("kind"))
        if structure.get(str(piece.get("id"))) == 0:
            kind = "ruins"
        for row in range(rows):
            for col in range(cols):
                x, y = (col + 0.5) * CM_PER_CHAR, (row + 0.5) * CM_PER_CHAR
                if (col, row) not in out and _inside(piece, x, y):
                    out[(col, row)] = kind
    return out


def zone_cells(view: Mapping[str, Any], cols: int, rows: int) -> dict[tuple[int, int], int]:
    """The map cells whose centre lies in a deployment zone, with its side (0 or 1)."""
    table = view.get("table")
    zones = table.get("zones") if isinstance(table, Mapping) else None
    out: dict[tuple[int, int], int] = {}
    for z in zones or []:
        try:
            side, x0, y0 = int(z["side"]), float(z["x0"]), float(z["y0"])
            x1, y1 = float(z["x1"]), float(z["y1"])
        except (KeyError, TypeError, ValueError):
            continue
        for row in range(rows):
            for col in range(cols):
                x, y = (col + 0.5) * CM_PER_CHAR, (row + 0.5) * CM_PER_CHAR
                if x0 <= x <= x1 and y0 <= y <= y1:
                    out.setdefault((col, row), side)
    return out


def terrain_line(view: Mapping[str, Any], lang: str) -> Text | None:
    """The marks of the terrain kinds on the map, named."""
    table = view.get("table")
    pieces = table.get("terrain") if isinstance(table, Mapping) else None
    kinds = [k for k in TERRAIN_MARKS if any(p.get("kind") == k for p in pieces or [])]
    if not kinds:
        return None
    line = Text()
    for i, kind in enumerate(kinds):
        mark, style = TERRAIN_MARKS[kind]
        line.append(("   " if i else "") + mark, style=style)
        line.append(" " + label(f"epic.terrain.{kind}", lang, kind), style="dim")
    return line


def map_lines(view: Mapping[str, Any]) -> list[Text]:
    """The ruler, the bordered map and its left ruler (every 30 cm)."""
    cols, rows = grid_size(view)
    ground = terrain_cells(view, cols, rows)
    zones = zone_cells(view, cols, rows)
    step = RULER_CM // CM_PER_CHAR
    ids = letters(view)
    cells: dict[tuple[int, int], set[str]] = {}
    for st in view.get("stands") or []:
        letter = ids.get(st.get("det"), "?")
        cell = cell_of(float(st.get("x", 0)), float(st.get("y", 0)), cols, rows)
        cells.setdefault(cell, set()).add(letter)
    marks = {
        cell_of(float(o.get("x", 0)), float(o.get("y", 0)), cols, rows): objective_style(view, o)
        for o in objectives_of(view)
    }
    ruler = [" "] * (LEFT + cols + 4)
    for col in range(0, cols + 1, step):
        for i, ch in enumerate(str(col * CM_PER_CHAR)):
            ruler[LEFT + col + i] = ch
    lines = [Text("".join(ruler).rstrip(), style="dim")]
    lines.append(Text(" " * (LEFT - 1) + "┌" + "─" * cols + "┐", style="dim"))
    for row in range(rows):
        mark = f"{row * CM_PER_CHAR:>{LEFT - 1}}" if row % step == 0 else " " * (LEFT - 1)
        line = Text(mark + "│", style="dim")
        for col in range(cols):
            here = cells.get((col, row))
            if here:
                ch = next(iter(here)) if len(here) == 1 else CROWD
                line.append(ch, style=letter_style(ch))
            elif (col, row) in marks:
                line.append(OBJECTIVE, style=marks[(col, row)])
            elif (col, row) in ground:
                sign, style = TERRAIN_MARKS.get(ground[(col, row)], ("#", "dim"))
                line.append(sign, style=style)
            elif row % step == 0 and col % step == 0:
                side = zones.get((col, row))
                line.append("·", style="dim" if side is None else f"dim {ZONE_TINT[side]}")
            else:
                line.append(" ")
        line.append("│", style="dim")
        lines.append(line)
    lines.append(Text(" " * (LEFT - 1) + "└" + "─" * cols + "┘", style="dim"))
    return lines


def legend_lines(view: Mapping[str, Any], lang: str) -> list[Text]:
    """One line per detachment: letter, name, side, order, stands left, losses/break."""
    ids = letters(view)
    left: Counter[Any] = Counter(st.get("det") for st in view.get("stands") or [])
    lines = []
    for det in view.get("detachments") or []:
        letter = ids.get(det.get("id"), "?")
        line = Text(f"{letter} ", style=letter_style(letter))
        line.append(det_name(det, lang), style="bold")
        line.append(f" ({side_name(det.get('side'), lang, view)})", style="dim")
        order = det.get("order")
        line.append(" · ")
        line.append(order_name(order, lang), style="dim" if order in (None, "hidden") else "")
        line.append(
            " · "
            + tr(
                "cli.epic.stands",
                lang,
                n=left.get(det.get("id"), 0),
                lost=det.get("lost", 0),
                bp=det.get("break_points", "?"),
            )
        )
        flags = []
        if det.get("moved"):
            flags.append(tr("cli.epic.moved", lang))
        if det.get("acted"):
            flags.append(tr("cli.epic.acted", lang))
        if flags:
            line.append(" · " + ", ".join(flags), style="dim")
        if det.get("broken"):
            line.append(" · " + tr("cli.epic.broken", lang), style="bold magenta")
        lines.append(line)
    return lines


def outcome_text(view: Mapping[str, Any], lang: str) -> Text | None:
    """The end as the game's own sentence (epic.result), sides by name: never a raw
    `winner: 0`."""
    outcome = view.get("outcome")
    if not view.get("over") or not isinstance(outcome, Mapping) or not outcome:
        return None
    points = outcome.get("points") or ["?", "?"]
    a, b = [*points, "?", "?"][:2]
    winner = outcome.get("winner")
    sides = sides_of(view)
    if isinstance(winner, int) and 0 <= winner < len(sides):
        args = {
            "winner": side_name(sides[winner], lang, view),
            "reason": label(f"epic.reason.{outcome.get('reason')}", lang, "?"),
            "a": a,
            "b": b,
        }
        return Text(translate(Msg("epic.result", args), lang), style="bold green")
    return Text(translate(Msg("epic.result.draw", {"a": a, "b": b}), lang), style="bold green")


def render(view: Mapping[str, Any], lang: str) -> RenderableType:
    """The whole board for one seat's view: status, map, legend."""
    top, bottom = edge_line(view, lang, True), edge_line(view, lang, False)
    parts: Sequence[RenderableType] = [
        status_line(view, lang),
        *([top] if top is not None else []),
        *map_lines(view),
        *([bottom] if bottom is not None else []),
        *legend_lines(view, lang),
        *objective_lines(view, lang),
        *([terrain] if (terrain := terrain_line(view, lang)) is not None else []),
        Text(tr("cli.epic.legend", lang, crowd=CROWD, cm=CM_PER_CHAR), style="dim"),
    ]
    outcome = outcome_text(view, lang)
    if outcome is not None:
        parts = [*parts, outcome]
    return Group(*parts)
