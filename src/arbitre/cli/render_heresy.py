"""The Hérésie d'Horus board in the terminal, built from one seat's JSON view.

Only the view (`arbitre.games.heresy.view.build_view`) is read, never the state: the
opponent's hand and the face-down cards of the strategic map are not in it, so they
cannot reach the screen in hotseat play. Names come from the content catalogs (fr/en),
fixed labels from `cli.heresy.*` in cli/messages.py. Unknown ids (a content pack, a
field the view gains later) are shown as they are rather than dropped.

    Initiative  1  2  3 …      the 34 spaces; the markers' spaces are highlighted
                ▶  É✓ …        special-phase icons (✓ already triggered), S and V victory
                TI             markers: I Imperium, T Traitor (the first one is on top)

Each sector shows its order pile (owners bottom to top, your own top card), then its
occupied zones: `3×Space Marines[3]` (count, name, rank), `★` heroes, `[A-I]` markers.
Wide terminals (≥ 110 columns) get two columns of sectors; narrow ones get one.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from arbitre.cli.messages import tr
from arbitre.engine.i18n import has_message
from arbitre.games.heresy.content import Content, default_content

SEATS = ("imperium", "traitor")
SIDE_STYLE = {"imperium": "bold yellow", "traitor": "bold red"}
UNIT_STYLE = {"imperium": "yellow", "traitor": "red"}
CONTENT_SIDE = {"imperial": "imperium", "traitor": "traitor"}  # content side -> seat
ICON_STYLE = {
    "start": "dim",
    "event": "bold cyan",
    "order_draw": "bold green",
    "restoration": "bold blue",
    "spaceport_victory": "bold magenta",
    "imperial_victory": "bold magenta",
}
VICTORY_ICONS = ("spaceport_victory", "imperial_victory")
LABEL_WIDTH = 11  # "Initiative " before the track cells
CELL = 3  # characters per track space
TWO_COLUMNS = 110  # from this width, sectors in two columns
_DAMAGE = re.compile(r"^d(\d+)$")


def content() -> Content:
    return default_content()


# --- names -------------------------------------------------------------------------------


def label(key: str, lang: str, fallback: str) -> str:
    return tr(key, lang) if has_message(key) else fallback


def seat_name(seat: Any, lang: str) -> str:
    return label(f"cli.heresy.seat.{seat}", lang, str(seat))


def seat_letter(seat: Any, lang: str) -> str:
    return label(f"cli.heresy.letter.{seat}", lang, str(seat)[:1].upper())


def _named(catalog: Any, item_id: str, lang: str) -> str:
    item = catalog.get(item_id)
    return str(item.name(lang)) if item is not None else item_id


def zone_name(c: Content, zone: str, lang: str) -> str:
    return _named(c.zones, zone, lang)


def sector_name(c: Content, sector: str, lang: str) -> str:
    return _named(c.sectors, sector, lang)


def card_base(card: str) -> str:
    """`imperial_assemble#2` (an extra copy) → `imperial_assemble`."""
    return card.split("#", 1)[0]


def card_name(c: Content, card: str, lang: str) -> str:
    return _named(c.orders, card_base(card), lang)


def card_cost(c: Content, card: str, lang: str) -> str:
    order = c.orders.get(card_base(card))
    if order is None or order.cost is None:
        return tr("cli.heresy.cost.unknown", lang)
    return tr("cli.heresy.cost", lang, n=order.cost)


def event_name(c: Content, card: str, lang: str) -> str:
    return _named(c.events, card_base(card), lang)


def hero_name(c: Content, hero: str, lang: str) -> str:
    return _named(c.heroes, hero, lang)


def hero_seat(c: Content, hero: str) -> str:
    item = c.heroes.get(hero)
    return CONTENT_SIDE.get(item.side, "") if item is not None else ""


def tag_name(c: Content, tag: str, lang: str) -> str:
    """A unit's legion or Chaos Power."""
    if tag in c.legions:
        return _named(c.legions, tag, lang)
    return _named(c.powers, tag, lang)


def unit_text(c: Content, type_id: str, lang: str) -> str:
    """`Space Marines[3]`: the unit type's name and rank."""
    unit = c.units.get(type_id)
    if unit is None:
        return type_id
    return f"{unit.name(lang)}[{unit.rank}]"


def parse_unit(entry: str) -> tuple[str, str, str, int]:
    """`traitor:chaos_titan/nurgle/d2` → (seat, type, tag, damage)."""
    seat, _, rest = entry.partition(":")
    parts = rest.split("/")
    type_id, tag, damage = parts[0], "", 0
    for part in parts[1:]:
        match = _DAMAGE.match(part)
        if match:
            damage = int(match.group(1))
        elif part:
            tag = part
    return seat, type_id, tag, damage


def tag_short(c: Content, tag: str, lang: str) -> str:
    """A legion's or Power's initials: `Blood Angels` → `BA`, `Khorne` → `K`."""
    name = tag_name(c, tag, lang)
    words = [w for w in re.split(r"[\s_'’-]+", name) if w and w[0].isalpha()]
    return "".join(w[0].upper() for w in words if w.lower() not in ("the", "s")) or name


class Flow:
    """Texts side by side, wrapped between them only (a text wider than a line is folded)."""

    def __init__(self, parts: Sequence[Text], sep: str = " ", indent: int = 0) -> None:
        self.parts = list(parts)
        self.sep = sep
        self.indent = indent

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [p.cell_len for p in self.parts] or [0]
        total = sum(widths) + len(self.sep) * (len(widths) - 1)
        return Measurement(min(max(widths), 16), total)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width)
        line, empty = Text(), True
        for part in self.parts:
            if not empty and line.cell_len + len(self.sep) + part.cell_len > width:
                yield line
                line, empty = Text(" " * self.indent), True
            if not empty:
                line.append(self.sep)
            line.append_text(part)
            empty = False
        yield line


def _join(parts: Iterable[Text], sep: str = " ") -> Text:
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(sep)
        out.append_text(part)
    return out


# --- header ------------------------------------------------------------------------------


def header(view: Mapping[str, Any], lang: str) -> Flow:
    """Title, round, current player, whose view this is, and both markers' spaces."""
    parts = [
        Text(tr("cli.heresy.title", lang), style="bold"),
        Text(tr("cli.heresy.round", lang, n=view.get("round", "?"))),
    ]
    current = view.get("current")
    if current:
        parts.append(
            Text(
                tr("cli.heresy.current", lang, seat=seat_name(current, lang)),
                style=SIDE_STYLE.get(str(current), "bold"),
            )
        )
    seat = view.get("seat")
    if seat:
        # one text per seat: French articles differ (vue de l'Imperium, vue du Traître)
        you = f"cli.heresy.you.{seat}"
        text = tr(you, lang) if has_message(you) else tr("cli.heresy.you", lang, seat=seat)
        parts.append(Text(text, style="bold"))
    else:
        parts.append(Text(tr("cli.heresy.spectator", lang), style="dim"))
    track = view.get("track") or {}
    top = track.get("top")
    parts.append(
        Text(
            tr(
                "cli.heresy.markers",
                lang,
                imperium=track.get("imperium", "?"),
                traitor=track.get("traitor", "?"),
                top=seat_name(top, lang) if top else "—",
            )
        )
    )
    return Flow(parts, sep=" · ")


# --- the initiative track ----------------------------------------------------------------


class Track:
    """The 34 spaces on one row when they fit, else on as many rows as needed."""

    def __init__(self, view: Mapping[str, Any], lang: str, c: Content) -> None:
        self.lang = lang
        self.track: Mapping[str, Any] = view.get("track") or {}
        self.spaces: list[tuple[int, tuple[str, ...]]] = [
            (s.n, tuple(str(i) for i in s.icons)) for s in c.tracks.initiative.space
        ]
        self.triggered = {int(n) for n in self.track.get("triggered", [])}

    def markers(self, n: int) -> list[str]:
        """The seats whose marker is on space n, the one on top first."""
        here = [s for s in SEATS if self.track.get(s) == n]
        top = self.track.get("top")
        return sorted(here, key=lambda s: s != top)

    def rows(self, width: int) -> list[list[tuple[int, tuple[str, ...]]]]:
        fit = max(1, (width - LABEL_WIDTH) // CELL)
        count = math.ceil(len(self.spaces) / fit) if self.spaces else 1
        per_row = math.ceil(len(self.spaces) / count) if self.spaces else 1
        return [self.spaces[i : i + per_row] for i in range(0, len(self.spaces), per_row)]

    def lines(self, chunk: Sequence[tuple[int, tuple[str, ...]]], first: bool) -> list[Text]:
        lang = self.lang
        numbers = Text(
            (tr("cli.heresy.track", lang) if first else "")[: LABEL_WIDTH - 1].ljust(LABEL_WIDTH),
            style="bold" if first else "",
        )
        icons = Text(" " * LABEL_WIDTH)
        marks = Text(" " * LABEL_WIDTH)
        for n, space_icons in chunk:
            here = self.markers(n)
            style = SIDE_STYLE[here[0]] + " reverse" if here else "dim"
            numbers.append(" ")
            numbers.append(f"{n:>2}", style=style)
            icons.append(" ")
            letters = "".join(label(f"cli.heresy.icon.{i}", lang, i[:1]) for i in space_icons)
            done = n in self.triggered and not any(i in VICTORY_ICONS for i in space_icons)
            cell = (letters + ("✓" if done else ""))[:2].ljust(2)
            first_icon = space_icons[0] if space_icons else ""
            icons.append(cell, style="dim strike" if done else ICON_STYLE.get(first_icon, ""))
            marks.append(" ")
            for seat in here[:2]:
                marks.append(seat_letter(seat, lang)[:1], style=SIDE_STYLE[seat])
            marks.append(" " * (2 - len(here[:2])))
        return [numbers, icons, marks]

    def icons_legend(self) -> Text:
        lang = self.lang
        text = Text()
        seen: list[str] = []
        for _n, space_icons in self.spaces:
            for icon in space_icons:
                if icon not in seen:
                    seen.append(icon)
        for icon in seen:
            text.append(
                label(f"cli.heresy.icon.{icon}", lang, icon[:1]), style=ICON_STYLE.get(icon, "")
            )
            text.append(" " + label(f"cli.heresy.iconname.{icon}", lang, icon) + " · ", "dim")
        text.append(tr("cli.heresy.triggered", lang), style="dim")
        return text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for i, chunk in enumerate(self.rows(options.max_width)):
            yield from self.lines(chunk, i == 0)


# --- sectors, piles and zones ------------------------------------------------------------


def pile_text(c: Content, pile: Sequence[Mapping[str, Any]], lang: str) -> Text:
    """`pile 3 : I T I* · dessus : Assaut` (owners bottom to top; your top card only)."""
    if not pile:
        return Text(tr("cli.heresy.pile.empty", lang), style="dim")
    text = Text(f"{tr('cli.heresy.pile', lang)} {len(pile)}: ")
    for i, card in enumerate(pile):
        owner = str(card.get("owner", "?"))
        if i:
            text.append(" ")
        text.append(seat_letter(owner, lang), style=SIDE_STYLE.get(owner, ""))
        if card.get("fresh"):
            text.append("*", style="dim")
    top = pile[-1].get("card")
    if top:
        text.append(" · ")
        text.append(tr("cli.heresy.pile.top", lang, card=card_name(c, str(top), lang)), "bold")
    return text


def zone_contents(c: Content, view: Mapping[str, Any], zone: str, lang: str) -> Flow:
    """The zone's name, then its units by side, type, legion and damage, heroes, markers."""
    parts: list[Text] = [zone_label(c, view, zone, lang)]
    counts: Counter[tuple[str, str, str, int]] = Counter(
        parse_unit(str(u)) for u in (view.get("units") or {}).get(zone, [])
    )
    order = {u.id: i for i, u in enumerate(c.units)}
    seat_order = {s: i for i, s in enumerate(SEATS)}

    def sort_key(k: tuple[str, str, str, int]) -> tuple[int, int, str, str, int]:
        return (seat_order.get(k[0], 9), order.get(k[1], 999), k[1], k[2], k[3])

    for key in sorted(counts, key=sort_key):
        seat, type_id, tag, damage = key
        text = Text(f"{counts[key]}×{unit_text(c, type_id, lang)}", style=UNIT_STYLE.get(seat, ""))
        if tag:
            text.append(f" {tag_short(c, tag, lang)}", style="dim")
        if damage:
            text.append(f" ({tr('cli.heresy.damage', lang, n=damage)})", style="bold magenta")
        parts.append(text)
    damage_of: Mapping[str, Any] = view.get("hero_damage") or {}
    for hero, where in (view.get("heroes") or {}).items():
        if where != zone:
            continue
        style = SIDE_STYLE.get(hero_seat(c, hero), "bold")
        text = Text("★" + hero_name(c, hero, lang), style=style)
        if damage_of.get(hero):
            text.append(f" ({tr('cli.heresy.damage', lang, n=damage_of[hero])})", "bold magenta")
        parts.append(text)
    for seat, marks in (view.get("activation") or {}).items():
        side = (marks or {}).get(zone)
        if side:
            mark = label(f"cli.heresy.mark.{side}", lang, str(side))
            parts.append(
                Text(f"[{mark}-{seat_letter(seat, lang)}]", style=SIDE_STYLE.get(seat, "bold"))
            )
    return Flow(parts, indent=2)


def zone_label(c: Content, view: Mapping[str, Any], zone: str, lang: str) -> Text:
    """The zone's name, ⊘ when impassable (Holy Terra Asunder), ◆ when fortified, its
    lasers, and its other sectors."""
    text = Text(zone_name(c, zone, lang), style="bold")
    info = c.zones.get(zone)
    if zone in (view.get("impassable") or ()):
        text.append(" ⊘", style="bold red")
    if info is not None and info.fortified:
        text.append(" ◆", style="bold")
    lasers = (view.get("lasers") or {}).get(zone)
    if lasers:
        text.append(" " + tr("cli.heresy.lasers", lang, n=lasers), style="bold green")
    if info is not None and len(info.sectors) > 1:
        text.append(" ↔", style="dim")
    text.append(":")
    return text


def occupied(view: Mapping[str, Any], zone: str) -> bool:
    if (view.get("units") or {}).get(zone) or zone in (view.get("impassable") or ()):
        return True
    if zone in (view.get("heroes") or {}).values():
        return True
    if (view.get("lasers") or {}).get(zone):
        return True
    return any(zone in (m or {}) for m in (view.get("activation") or {}).values())


def sector_zones(c: Content, view: Mapping[str, Any]) -> dict[str, list[str]]:
    """Each zone under its first sector (a zone the content does not know: under `?`)."""
    out: dict[str, list[str]] = {s.id: [] for s in c.sectors}
    for zone in c.zones:
        if zone.sectors and zone.sectors[0] in out:
            out[zone.sectors[0]].append(zone.id)
    known = {z.id for z in c.zones}
    stray = sorted({*(view.get("units") or {}), *(view.get("lasers") or {})} - known)
    if stray:
        out["?"] = stray
    return out


def sector_block(
    c: Content, view: Mapping[str, Any], sector: str, zones: Sequence[str], lang: str
) -> RenderableType:
    """One sector: its name, pile and empty zone count, then its occupied zones."""
    title = Text()
    title.append(sector_name(c, sector, lang), style="bold underline")
    title.append("  ")
    title.append_text(pile_text(c, (view.get("piles") or {}).get(sector, []), lang))
    rows: list[RenderableType] = [title]
    empty = 0
    for zone in zones:
        if occupied(view, zone):
            rows.append(zone_contents(c, view, zone, lang))
        else:
            empty += 1
    if empty:
        title.append("  " + tr("cli.heresy.empty_zones", lang, n=empty), style="dim")
    return Group(*rows)


def _pile_sectors(c: Content, view: Mapping[str, Any]) -> list[str]:
    known = [s.id for s in c.sectors]
    return known + sorted(set(view.get("piles") or {}) - set(known))


class Sectors:
    """The seven sectors: two balanced columns when wide, one column when narrow."""

    def __init__(self, view: Mapping[str, Any], lang: str, c: Content) -> None:
        zones = sector_zones(c, view)
        names = _pile_sectors(c, view) + (["?"] if "?" in zones else [])
        self.blocks = [sector_block(c, view, s, zones.get(s, []), lang) for s in names]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width < TWO_COLUMNS:
            yield from self.blocks
            return
        gap = 3
        half = options.update_width((options.max_width - gap) // 2)
        heights = [len(console.render_lines(b, half, pad=False)) for b in self.blocks]
        # the first k sectors on the left, k chosen to even out the two columns
        split = min(
            range(1, len(self.blocks) + 1),
            key=lambda k: abs(sum(heights[:k]) - sum(heights[k:])),
        )
        grid = Table.grid(padding=(0, gap), expand=True)
        grid.add_column(ratio=1)
        grid.add_column(ratio=1)
        grid.add_row(Group(*self.blocks[:split]), Group(*self.blocks[split:]))
        yield grid


# --- hands, decks, reserves --------------------------------------------------------------


def hand_text(c: Content, hand: Sequence[Any], lang: str) -> Flow:
    """`(3) Assaut (coût 3) · …`: only ever called with the viewing seat's own hand."""
    cards = [
        Text(f"{card_name(c, str(x), lang)} ({card_cost(c, str(x), lang)})", "bold") for x in hand
    ]
    count = Text(tr("cli.heresy.hand.own", lang, n=len(hand)) + " ")
    if not cards:
        return Flow([count])
    return Flow([count + cards[0], *cards[1:]], sep=" · ")


def deck_text(c: Content, view: Mapping[str, Any], seat: str, lang: str) -> Text:
    discard = list((view.get("discards") or {}).get(seat, []))
    text = Text(
        tr(
            "cli.heresy.deck",
            lang,
            deck=(view.get("decks") or {}).get(seat, "?"),
            discard=len(discard),
        )
    )
    if discard:
        top = card_name(c, str(discard[-1]), lang)
        text.append(" (" + tr("cli.heresy.discard_top", lang, card=top) + ")", style="dim")
    kept = [card_name(c, str(x), lang) for x in (view.get("card_reserve") or {}).get(seat, [])]
    text.append(" · " + tr("cli.heresy.card_reserve", lang) + " ")
    text.append(", ".join(kept) or tr("cli.heresy.none", lang), style="bold" if kept else "dim")
    return text


def reserve_parts(c: Content, view: Mapping[str, Any], seat: str, lang: str) -> list[Text]:
    units: Mapping[str, int] = (view.get("reserve") or {}).get(seat, {})
    order = {u.id: i for i, u in enumerate(c.units)}
    parts = [
        Text(f"{n}×{unit_text(c, t, lang)}", style=UNIT_STYLE.get(seat, ""))
        for t, n in sorted(units.items(), key=lambda kv: (order.get(kv[0], 999), kv[0]))
        if n
    ]
    heroes = (view.get("heroes") or {}).items()
    for hero in [h for h, where in heroes if not where and hero_seat(c, h) == seat]:
        parts.append(Text("★" + hero_name(c, hero, lang), style=SIDE_STYLE.get(seat, "")))
    if not parts:
        return [Text(tr("cli.heresy.none", lang), style="dim")]
    return [Text.assemble(p, ",") for p in parts[:-1]] + parts[-1:]


def forces(view: Mapping[str, Any], lang: str, c: Content) -> Table:
    """One row per kind of holding, one column per side (the viewing seat's marked)."""
    viewer = view.get("seat")
    table = Table(box=None, padding=(0, 1), pad_edge=False, expand=True)
    table.add_column("", style="bold", no_wrap=True)
    for seat in SEATS:
        name = seat_name(seat, lang) + (" ◀" if seat == viewer else "")
        table.add_column(name, header_style=SIDE_STYLE[seat], ratio=1)
    hands = view.get("hands") or {}
    hand_row: list[RenderableType] = []
    for seat in SEATS:
        hand = hands.get(seat, 0)
        if isinstance(hand, list):
            hand_row.append(hand_text(c, hand, lang))
        else:
            hand_row.append(
                Text(
                    tr("cli.heresy.hand.hidden", lang, seat=seat_name(seat, lang), n=hand),
                    style="dim",
                )
            )
    table.add_row(tr("cli.heresy.hand", lang), *hand_row)
    table.add_row(tr("cli.heresy.orders", lang), *[deck_text(c, view, s, lang) for s in SEATS])
    return table


def reserves(view: Mapping[str, Any], lang: str, c: Content) -> list[Flow]:
    """Each side's units and Heroes off the map, on full-width lines."""
    out = []
    for seat in SEATS:
        title = Text(tr("cli.heresy.reserve", lang, seat=seat_name(seat, lang)), style="bold")
        out.append(Flow([title, *reserve_parts(c, view, seat, lang)], indent=2))
    return out


# --- the battle in progress --------------------------------------------------------------


def combat_card_text(c: Content, card: str, lang: str) -> Text:
    """`Piège (coût de contre 5)`: a Combat card's name and values (Hero copies marked)."""
    from arbitre.games.heresy.names import combat_stats

    base = card_base(card)
    name = _named(c.combat, base, lang)
    stats = combat_stats(base, lang)
    if stats is None:
        return Text(name, style="bold")
    return Text(tr("cli.heresy.battle.card", lang, card=name, stats=stats), style="bold")


def engaged_parts(c: Content, battle: Mapping[str, Any], seat: str, lang: str) -> list[Text]:
    """One side's engaged units, zone by zone (`Zone: 2×Name[r] TAG`), then its Heroes."""
    by_zone: dict[str, Counter[str]] = {}
    for entry in battle.get("engaged") or []:
        who, _, rest = str(entry).partition(":")
        zone, _, unit = rest.partition(":")
        if who == seat:
            by_zone.setdefault(zone, Counter())[unit] += 1
    parts: list[Text] = []
    for zone, units in by_zone.items():
        colon = " :" if lang == "fr" else ":"  # French sets a space before the colon
        parts.append(Text(zone_name(c, zone, lang) + colon, style="dim"))
        for unit, n in units.items():
            _seat, type_id, tag, damage = parse_unit(f"{seat}:{unit}")
            text = Text(f"{n}×{unit_text(c, type_id, lang)}", style=UNIT_STYLE.get(seat, ""))
            if tag:
                text.append(f" {tag_short(c, tag, lang)}", style="dim")
            if damage:
                text.append(f" ({tr('cli.heresy.damage', lang, n=damage)})", style="bold magenta")
            parts.append(text)
    for hero in battle.get("heroes") or []:
        if hero_seat(c, str(hero)) == seat:
            parts.append(Text("★" + hero_name(c, str(hero), lang), style=SIDE_STYLE.get(seat, "")))
    return parts or [Text(tr("cli.heresy.none", lang), style="dim")]


def combat_hand_parts(c: Content, view: Mapping[str, Any], seat: str, lang: str) -> list[Text]:
    """The viewing seat's Combat hand by name and values; the other's as counts only."""
    combat = view.get("combat") or {}
    hand = (combat.get("hands") or {}).get(seat)
    title = Text(tr("cli.heresy.battle.hand", lang, seat=seat_name(seat, lang)), style="bold")
    if isinstance(hand, list):
        cards = [combat_card_text(c, str(x), lang) for x in hand]
        title.append(f" ({len(hand)})")
        if not cards:
            return [title, Text(tr("cli.heresy.none", lang), "dim")]
        return [title, *(Text.assemble(x, " ·") for x in cards[:-1]), cards[-1]]
    counts = hand if isinstance(hand, Mapping) else {}
    hidden = tr(
        "cli.heresy.battle.hand.hidden",
        lang,
        n=counts.get("combat", "?"),
        h=counts.get("hero", "?"),
    )
    decks = tr(
        "cli.heresy.battle.decks",
        lang,
        n=(combat.get("decks") or {}).get(seat, "?"),
        h=(combat.get("hero_decks") or {}).get(seat, "?"),
        d=len((combat.get("discards") or {}).get(seat, []))
        + len((combat.get("hero_discards") or {}).get(seat, [])),
    )
    return [title, Text(hidden, style="dim"), Text("· " + decks, style="dim")]


def battle_block(c: Content, view: Mapping[str, Any], lang: str) -> RenderableType | None:
    """Who attacks whom where, with which order, from which zones, with what engaged; the
    iteration and who is active; the cards played face up; the damage to assign; the
    Combat hands (the opponent's as counts)."""
    battle = view.get("battle")
    if not battle:
        return None
    target = zone_name(c, str(battle.get("target", "?")), lang)
    key = (
        "cli.heresy.battle.coexistence" if battle.get("coexistence") else "cli.heresy.battle.title"
    )
    att, dfd = str(battle.get("attacker", "")), str(battle.get("defender", ""))
    head: list[Text] = [
        Text(tr(key, lang, zone=target), style="bold reverse"),
        Text(
            tr(
                "cli.heresy.battle.sides",
                lang,
                attacker=seat_name(att, lang),
                defender=seat_name(dfd, lang),
            ),
            style=SIDE_STYLE.get(att, "bold"),
        ),
    ]
    if battle.get("card"):
        head.append(
            Text(
                tr(
                    "cli.heresy.battle.order",
                    lang,
                    card=card_name(c, str(battle["card"]), lang),
                    sector=sector_name(c, str(battle.get("sector", "")), lang),
                )
            )
        )
    active = str(battle.get("active", ""))
    joining = bool(battle.get("joining"))
    if battle.get("fortification"):
        head.append(Text(tr("cli.heresy.battle.fort", lang, n=battle["fortification"]), "bold"))
    if not joining:
        head.append(
            Text(
                tr(
                    "cli.heresy.battle.iteration",
                    lang,
                    it=battle.get("iteration", "?"),
                    iters=battle.get("iterations", "?"),
                    seat=seat_name(active, lang),
                ),
                style=SIDE_STYLE.get(active, "bold"),
            )
        )
    if battle.get("damage"):
        head.append(
            Text(tr("cli.heresy.battle.damage", lang, n=battle["damage"]), style="bold magenta")
        )
    rows: list[RenderableType] = [Flow(head, sep=" · ")]
    origins = [zone_name(c, str(z), lang) for z in battle.get("origins") or []]
    rows.append(
        Flow(
            [
                Text(tr("cli.heresy.battle.origins", lang), style="bold"),
                Text(", ".join(origins) or tr("cli.heresy.none", lang)),
            ],
            indent=2,
        )
    )
    for seat in (att, dfd):
        title = Text(
            tr("cli.heresy.battle.engaged", lang, seat=seat_name(seat, lang)),
            style=SIDE_STYLE.get(seat, "bold"),
        )
        rows.append(Flow([title, *engaged_parts(c, battle, seat, lang)], indent=2))
    if joining:
        return Group(*rows)
    played = [combat_card_text(c, str(x), lang) for x in battle.get("played") or []]
    title = Text(tr("cli.heresy.battle.played", lang), style="bold")
    if played:
        title.append(f" ({seat_name(active, lang)})", style=SIDE_STYLE.get(active, ""))
    rows.append(
        Flow([title, *(played or [Text(tr("cli.heresy.none", lang), style="dim")])], indent=2)
    )
    for seat in SEATS:
        rows.append(Flow(combat_hand_parts(c, view, seat, lang), indent=2))
    return Group(*rows)


# --- events, decision, end ---------------------------------------------------------------


def events_text(view: Mapping[str, Any], lang: str, c: Content, last: int = 4) -> Text:
    discard = [str(e) for e in view.get("event_discard") or []]
    shown = [event_name(c, e, lang) for e in discard[-last:]]
    if len(discard) > last:
        shown.insert(0, "…")
    return Text(
        tr(
            "cli.heresy.events",
            lang,
            n=view.get("events", "?"),
            d=len(discard),
            cards=", ".join(shown) or tr("cli.heresy.none", lang),
        ),
        style="dim",
    )


def kind_name(kind: str, lang: str) -> str:
    short = kind.removeprefix("heresy.")
    return label(f"cli.heresy.kind.{short}", lang, kind)


def decision_text(view: Mapping[str, Any], lang: str) -> Text | None:
    decision = view.get("decision")
    if not decision:
        return None
    seat = decision.get("seat")
    text = Text()
    text.append(
        tr(
            "cli.heresy.decision",
            lang,
            seat=seat_name(seat, lang),
            kind=kind_name(str(decision.get("kind", "?")), lang),
        ),
        style=SIDE_STYLE.get(str(seat), "bold"),
    )
    options = decision.get("options")
    if isinstance(options, list):
        text.append(" · " + tr("cli.heresy.decision.options", lang, n=len(options)), "dim")
    for key, value in decision.items():  # whatever context the view gains later
        if key not in ("seat", "kind", "options"):
            text.append(f" · {key}: {value}", style="dim")
    return text


def outcome_text(view: Mapping[str, Any], lang: str) -> Text | None:
    if not view.get("over"):
        return None
    winner = view.get("winner")
    return Text(tr("cli.heresy.over", lang, seat=seat_name(winner, lang)), style="bold green")


class Board:
    """The parts one above the other; the legend is left out when a terminal is too short
    for the board, the journal and the question together (`ROOM` lines kept for them)."""

    ROOM = 12

    def __init__(self, parts: Sequence[RenderableType], legend: RenderableType) -> None:
        self.parts = list(parts)
        self.legend = legend

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.parts
        if console.is_terminal:
            used = sum(len(console.render_lines(p, options, pad=False)) for p in self.parts)
            legend = len(console.render_lines(self.legend, options, pad=False))
            if used + legend + self.ROOM > console.height:
                return
        yield self.legend


def render(view: Mapping[str, Any], lang: str) -> RenderableType:
    """The whole board for one seat's view."""
    c = content()
    status = [events_text(view, lang, c)]
    for extra in (decision_text(view, lang), outcome_text(view, lang)):
        if extra is not None:
            status.append(extra)
    parts: list[RenderableType] = [
        header(view, lang),
        Track(view, lang, c),
        Sectors(view, lang, c),
        forces(view, lang, c),
        *reserves(view, lang, c),
    ]
    battle = battle_block(c, view, lang)
    if battle is not None:
        parts.append(battle)
    parts.append(Flow(status, sep=" · "))
    legend = Track(view, lang, c).icons_legend()
    legend.append(" · " + tr("cli.heresy.legend", lang), style="dim")
    return Board(parts, legend)


# --- reading the game at the prompt: `card NAME`, `zone NAME` ----------------------------


def _norm(text: str) -> str:
    """Lower case, no accents, no punctuation: `Traître` and `traitre` read alike."""
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch)).lower()
    return " ".join(re.split(r"[^a-z0-9]+", plain)).strip()


def find_named(items: Iterable[Any], query: str) -> list[Any]:
    """The items whose id or name (French or English) is `query`; else those containing it."""
    wanted = _norm(query)
    pool = list(items)
    if not wanted:
        return []

    def keys(item: Any) -> set[str]:
        return {_norm(item.id), _norm(item.name_en), _norm(item.name_fr or "")} - {""}

    exact = [item for item in pool if wanted in keys(item)]
    if exact:  # several cards may share a name (the Imperium's and the Traitor's Assault)
        return exact
    return [item for item in pool if any(wanted in k for k in keys(item))]


def _text(fr: str | None, en: str | None, lang: str) -> str:
    """A content text in `lang`; the English one, said to be English, when French is missing."""
    if lang == "fr" and fr:
        return fr
    if en:
        return tr("cli.read.english_only", lang, text=en)
    return tr("cli.read.no_text", lang)


def card_items(c: Content) -> list[Any]:
    return [*c.orders, *c.combat, *c.events, *c.heroes]


def card_sheet(c: Content, item: Any, lang: str) -> RenderableType:
    """A card (order, Combat, event) or Hero: name in both languages, values and text."""
    from arbitre.games.heresy.content.cards import CombatCard, EventCard, OrderCard

    title = Text(item.name(lang), style="bold")
    other = item.name("en" if lang == "fr" else "fr")
    if other != item.name(lang):
        title.append(f" / {other}", style="dim")
    facts: list[str] = []
    lines: list[Text] = []
    if isinstance(item, OrderCard):
        facts.append(tr("cli.read.kind.order", lang))
        facts.append(label(f"cli.read.side.{item.deck}", lang, str(item.deck)))
        if item.cost is not None:
            facts.append(tr("cli.read.cost", lang, n=item.cost))
        if item.iterations:
            facts.append(tr("cli.read.iterations", lang, n=item.iterations))
        effect = _text(item.effect_fr, item.effect_en, lang)
        lines.append(Text(tr("cli.read.effect", lang, text=effect)))
        if item.strategic_fr or item.strategic_en:
            strategic = _text(item.strategic_fr, item.strategic_en, lang)
            lines.append(Text(tr("cli.read.strategic", lang, text=strategic)))
    elif isinstance(item, CombatCard):
        facts.append(tr(f"cli.read.kind.{item.deck}", lang))
        facts.append(label(f"cli.read.side.{item.side}", lang, str(item.side)))
        if item.attack is not None:
            facts.append(tr("cli.read.attack", lang, n=item.attack))
        if item.shields is not None:
            facts.append(tr("cli.read.shields", lang, n=item.shields))
        if item.counter is not None:
            facts.append(tr("cli.read.counter", lang, n=item.counter))
        effect = _text(item.effect_fr, item.effect_en, lang)
        lines.append(Text(tr("cli.read.effect", lang, text=effect)))
    elif isinstance(item, EventCard):
        facts.append(tr("cli.read.kind.event", lang))
        facts.append(label(f"cli.read.side.{item.pool}", lang, str(item.pool)))
        effect = _text(item.effect_fr, item.effect_en, lang)
        lines.append(Text(tr("cli.read.effect", lang, text=effect)))
    else:  # a Hero
        facts.append(tr("cli.read.kind.hero", lang))
        facts.append(label(f"cli.read.side.{item.side}", lang, str(item.side)))
        ability = _text(item.ability_fr, item.ability_en, lang)
        lines.append(Text(tr("cli.read.effect", lang, text=ability)))
    if getattr(item, "reconstructed", None):
        facts.append(tr("cli.read.reconstructed", lang))
    title.append(" — " + " · ".join(facts))
    return Group(title, *lines)


def zone_sheet(c: Content, zone_id: str, view: Mapping[str, Any], lang: str) -> RenderableType:
    """A zone: its sectors, fortification, stacking limit, neighbours (crevasses marked)
    and what stands there now in the viewing seat's view."""
    zone = c.zones[zone_id]
    title = Text(zone.name(lang), style="bold")
    facts = [
        tr(
            "cli.read.zone.sectors",
            lang,
            n=len(zone.sectors),
            names=", ".join(sector_name(c, s, lang) for s in zone.sectors),
        ),
        tr("cli.read.zone.fortified" if zone.fortified else "cli.read.zone.open", lang),
        tr("cli.read.zone.stacking", lang, n=zone.stacking_limit),
    ]
    if zone.laser_site:
        facts.append(tr("cli.read.zone.laser", lang))
    title.append(" — " + " · ".join(facts))
    neighbours = []
    order = {z.id: i for i, z in enumerate(c.zones)}
    for other in sorted(c.graph.neighbours(zone_id), key=lambda z: order.get(z, 999)):
        name = zone_name(c, other, lang)
        if c.graph.is_crevasse(zone_id, other):
            name = tr("cli.read.zone.crevasse", lang, zone=name)
        neighbours.append(name)
    rows: list[RenderableType] = [
        title,
        Text(
            tr(
                "cli.read.zone.neighbours",
                lang,
                names=", ".join(neighbours) or tr("cli.heresy.none", lang),
            )
        ),
    ]
    if occupied(view, zone_id):
        rows.append(Text(tr("cli.read.zone.now", lang), "bold"))
        rows.append(zone_contents(c, view, zone_id, lang))
    return Group(*rows)
