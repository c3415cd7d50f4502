"""The Champs de Bataille board in the terminal: a Rich grid built from the JSON view.

Only the view (`arbitre.games.champs.view.build_view`) is read, so what a seat may
not see (hidden traps) never reaches the screen. The MJ's start line is drawn at
the top, the players' at the bottom; one cell is one short line of text:

    3S2c   three Ground Soldiers (ready) and two Cavalry (lowercase: already acted)
    H1     the hero of p1 (h1: already acted)
    ▲ ▼    a trap of the players / of the MJ;  ▓▓ obstacle;  · start line
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from arbitre.cli.messages import tr
from arbitre.engine.i18n import Msg, has_message, translate
from arbitre.games.champs.troops import BY_ID, HERO_NAMES, TYPES

SIDE_STYLE = {"players": "bold cyan", "mj": "bold red"}
LINE_STYLE = {"players": "cyan", "mj": "red"}
TRAP_MARK = {"players": "▲", "mj": "▼"}
LETTERS = {"soldats": "S", "cavalerie": "C", "airs": "A", "mastodonte": "M", "catapulte": "K"}
ATTACKER_STYLE = "reverse"
TARGET_STYLE = "reverse underline"

Cell = tuple[int, int]


def letter(type_id: str) -> str:
    return LETTERS.get(type_id, type_id[:1].upper() or "?")


def type_name(type_id: str, lang: str) -> str:
    troop = BY_ID.get(type_id)
    return troop.name(lang) if troop else type_id


def hero_name(skill: str, lang: str) -> str:
    names = HERO_NAMES.get(skill)
    if names is None:
        return skill
    return names[0] if lang == "fr" else names[1]


def seat_forms(seat: str, lang: str) -> dict[str, str]:
    """The seat by name ("Joueur 1", "MJ") and its French forms "du joueur 1", "au MJ"."""
    name_key, of_key, to_key = (
        f"cli.seatname.champs.{seat}",
        f"cli.champs.of.{seat}",
        f"cli.champs.to.{seat}",
    )
    name = tr(name_key, lang) if has_message(name_key) else seat
    return {
        "seat": name,
        "of": tr(of_key, lang) if has_message(of_key) else f"de {name}",
        "to": tr(to_key, lang) if has_message(to_key) else f"à {name}",
    }


def seat_digit(seat: str) -> str:
    return seat[1:] if seat.startswith("p") and seat[1:].isdigit() else seat


def _xy(value: Any) -> Cell:
    return int(value[0]), int(value[1])


def cell_text(
    at: Cell,
    content: Mapping[str, Any] | None,
    trap: str | None,
    line: str | None,
    obstacle: bool,
) -> Text:
    """One grid cell: troops by type (lowercase when acted), heroes, trap, start line."""
    if obstacle:
        return Text("▓▓▓", style="grey50")
    text = Text()
    if content:
        side_style = SIDE_STYLE.get(content.get("side", ""), "bold")
        counts: Counter[tuple[str, bool]] = Counter()
        loaded = 0
        for unit in content.get("units", []):
            counts[(unit["type"], bool(unit["acted"]))] += 1
            loaded += 1 if unit.get("loaded") else 0
        for (type_id, acted), n in sorted(counts.items(), key=lambda kv: (kv[0][0], kv[0][1])):
            mark = letter(type_id)
            text.append(
                f"{n}{mark.lower() if acted else mark}", style="dim" if acted else side_style
            )
        if loaded:
            text.append("*", style=side_style)
        for hero in content.get("heroes", []):
            digit = seat_digit(hero["seat"])
            acted = bool(hero.get("acted"))
            text.append(("h" if acted else "H") + digit, style="dim" if acted else "bold yellow")
    if trap:
        text.append(TRAP_MARK.get(trap, "^"), style=LINE_STYLE.get(trap, ""))
    if not text.plain:
        text = Text("·", style=LINE_STYLE[line]) if line else Text("")
    return text


def board_table(view: Mapping[str, Any], lang: str) -> Table:
    """The grid, y growing upwards (players' start line at the bottom when it is row 0)."""
    bf = view["battlefield"]
    width, height = int(bf["width"]), int(bf["height"])
    obstacles = {_xy(c) for c in bf["obstacles"]}
    lines: dict[Cell, str] = {_xy(c): "players" for c in bf["players_line"]}
    lines.update({_xy(c): "mj" for c in bf["mj_line"]})
    cells = {_xy(c["at"]): c for c in view["cells"]}
    traps = {_xy(t["at"]): str(t["side"]) for t in view["traps"]}
    combat = view.get("combat") or {}
    attacker = _xy(combat["attacker"]) if combat else None
    target = _xy(combat["target"]) if combat else None
    support = {_xy(c) for c in combat.get("support", [])} if combat else set()

    table = Table(box=box.SQUARE, padding=(0, 0), show_edge=False, header_style="dim")
    table.add_column("y\\x", justify="right", style="dim", no_wrap=True)
    for x in range(width):
        table.add_column(str(x), justify="center", min_width=4, no_wrap=True)
    table.add_column("", style="dim", no_wrap=True)
    for y in reversed(range(height)):
        row_lines = {lines.get((x, y)) for x in range(width)}
        side = next(iter(row_lines)) if len(row_lines) == 1 else None
        tag = tr(f"cli.champs.tag.{side}", lang) if side in LINE_STYLE else ""
        row: list[Text] = [Text(f"{y} ")]
        for x in range(width):
            at = (x, y)
            text = cell_text(at, cells.get(at), traps.get(at), lines.get(at), at in obstacles)
            if at == attacker:
                text.stylize(ATTACKER_STYLE)
            elif at == target:
                text.stylize(TARGET_STYLE)
            elif at in support:
                text.stylize("underline")
            row.append(text)
        row.append(Text(f" {tag}", style=LINE_STYLE.get(side or "", "")))
        table.add_row(*row)
    return table


def legend(view: Mapping[str, Any], lang: str) -> Text:
    present = {u["type"] for c in view["cells"] for u in c["units"]}
    known = [t.id for t in TYPES]
    shown = known + sorted(present - set(known))
    text = Text(style="dim")
    for i, type_id in enumerate(shown):
        if i:
            text.append(" · ")
        text.append(letter(type_id), style="bold")
        short = f"cli.champs.short.{type_id}"
        text.append(" " + (tr(short, lang) if has_message(short) else type_name(type_id, lang)))
    text.append(" · " + tr("cli.champs.legend", lang))
    return text


def _cell(value: Any) -> str:
    return "({},{})".format(*value) if value is not None else "—"


def info(view: Mapping[str, Any], lang: str) -> Text:
    """Round, turn, who moves; heroes; deck, traps and units left."""
    bf = view["battlefield"]
    name = bf["name"].get(lang) if isinstance(bf.get("name"), dict) else str(bf.get("name"))
    text = Text()
    text.append(f"{name} {bf['width']}×{bf['height']}", style="bold")
    text.append(" · " + tr("cli.champs.round", lang, n=view["round"], of=bf["rounds"]))
    turn = view.get("turn")
    if turn:
        text.append(
            " · "
            + tr(
                "cli.champs.turn_of",
                lang,
                used=turn["activations_used"],
                **seat_forms(str(turn["seat"]), lang),
            )
        )
    if view.get("to_move"):
        text.append(" · ")
        forms = seat_forms(str(view["to_move"]), lang)
        text.append(tr("cli.champs.to_move_to", lang, **forms), style="bold")
    text.append("\n")
    heroes = []
    for hero in view["heroes"]:
        where = tr("cli.champs.captured", lang) if hero["captured"] else _cell(hero.get("at"))
        heroes.append(
            tr(
                "cli.champs.hero_of",
                lang,
                **seat_forms(str(hero["seat"]), lang),
                digit=seat_digit(hero["seat"]),
                name=hero_name(hero["skill"], lang),
                at=where,
                destiny=hero["destiny"],
            )
        )
    text.append(tr("cli.champs.heroes", lang) + " " + " · ".join(heroes) + "\n")
    tokens = view["trap_tokens"]
    players_tokens = "/".join("∞" if t < 0 else str(t) for t in tokens["players"]) or "0"
    mj_tokens = "∞" if tokens["mj"] < 0 else str(tokens["mj"])
    left = view["units_left"]
    text.append(
        tr(
            "cli.champs.counts",
            lang,
            deck=view["deck"],
            ptraps=players_tokens,
            mtraps=mj_tokens,
            punits=left["players"],
            munits=left["mj"],
        )
    )
    if view.get("hidden_traps"):
        text.append(" · " + tr("cli.champs.hidden_traps", lang, n=view["hidden_traps"]))
    return text


def combat_text(view: Mapping[str, Any], lang: str) -> Text | None:
    combat = view.get("combat")
    if not combat:
        return None
    kind = tr("cli.champs.ranged" if combat["ranged"] else "cli.champs.melee", lang)
    text = Text()
    text.append(
        tr(
            "cli.champs.combat",
            lang,
            att=_cell(combat["attacker"]),
            tgt=_cell(combat["target"]),
            kind=kind,
            stage=stage_name(str(combat["stage"]), lang),
        ),
        style="bold magenta",
    )
    text.append("\n  " + tr("cli.champs.attacker_dice", lang) + " ")
    text.append(_dice(combat["attacker_dice"]), style="bold")
    text.append("  " + tr("cli.champs.defender_dice", lang) + " ")
    text.append(_dice(combat["defender_dice"]), style="bold")
    if combat.get("support"):
        cells = ", ".join(_cell(c) for c in combat["support"])
        text.append("  " + tr("cli.champs.support", lang, cells=cells))
    return text


def stage_name(stage: str, lang: str) -> str:
    key = f"cli.champs.stage.{stage}"
    return tr(key, lang) if has_message(key) else stage


def _dice(values: list[int]) -> str:
    return " ".join(f"[{v}]" for v in values) if values else "—"


def outcome_text(view: Mapping[str, Any], lang: str) -> Text | None:
    outcome = view.get("outcome")
    if not view.get("over") or not outcome:
        return None
    return Text(
        tr(
            "cli.champs.outcome",
            lang,
            winner=translate(Msg(f"champs.side.{outcome.get('winner')}"), lang),
            reason=translate(Msg(str(outcome.get("reason", ""))), lang),
        ),
        style="bold green",
    )


def render(view: Mapping[str, Any], lang: str) -> RenderableType:
    """The whole board for one seat's view: info line, grid, combat dice, legend."""
    parts: list[RenderableType] = [info(view, lang), board_table(view, lang)]
    for extra in (combat_text(view, lang), outcome_text(view, lang)):
        if extra is not None:
            parts.append(extra)
    parts.append(legend(view, lang))
    return Group(*parts)
