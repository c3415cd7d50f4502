"""Cross-file checks of a content pack: ids, references, provenance, board, forces, tracks.

Each check appends a `Problem` naming the file, the item and the field; nothing raises.
A part that could not be read (None) is skipped, and references to items dropped for bad
fields are not reported twice. Card and scenario checks are in validate_decks.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from typing import Any

from arbitre.games.heresy.content import geometry
from arbitre.games.heresy.content.base import Named, Sourced
from arbitre.games.heresy.content.catalog import Zone
from arbitre.games.heresy.content.checker import CATALOGS, ID, PROVENANCE, Checker, Parts
from arbitre.games.heresy.content.problems import Problem
from arbitre.games.heresy.content.validate_decks import DeckChecks


class BoardChecks(Checker):
    """Checks of the ids, provenances, map, forces and tracks."""

    # --- ids and provenance ------------------------------------------------------------

    def ids(self) -> None:
        """Ids are lower-case words, unique in their catalog."""
        for part, array in CATALOGS:
            seen: set[str] = set()
            for item in self.p.items(part, array):
                label = f"{array} {item.id}"
                if part != "sources.toml" and not ID.match(item.id):
                    self.report(part, label, "id", "bad_id", value=item.id)
                if item.id in seen:
                    self.report(part, label, "id", "duplicate_id", id=item.id)
                seen.add(item.id)

    def provenance(self) -> None:
        """`rulebook p.N`, `research:<key of sources.toml>` or `reconstructed`."""
        sources = self.p.ids("sources.toml", "source")
        for part, label, item in self._sourced():
            m = PROVENANCE.match(item.provenance)
            if m is None:
                self.report(part, label, "provenance", "bad_provenance", value=item.provenance)
            elif m.group("key") and sources is not None and m.group("key") not in sources:
                ref = m.group("key")
                self.report(
                    part, label, "provenance", "unknown_ref", ref=ref, catalog="sources.toml"
                )

    def _sourced(self) -> Iterator[tuple[str, str, Sourced]]:
        for part, root in self.p.roots.items():
            if root is None:
                continue
            if isinstance(root, Sourced):
                yield part, "board", root
            for f in fields(root):
                name, value = f.name, getattr(root, f.name)
                if isinstance(value, Sourced):
                    yield part, name, value
                elif isinstance(value, tuple):
                    for item in value:
                        if isinstance(item, Sourced):
                            yield part, _label(name, item), item

    # --- the map -----------------------------------------------------------------------

    def zones(self) -> None:
        """Known sectors, dashed exactly when in several sectors (HH-18.10), a drawable outline."""
        part = "map/zones.toml"
        board = self.p.roots.get("board.toml")
        for z in self.p.items(part, "zone"):
            label = f"zone {z.id}"
            if not z.sectors:
                self.report(part, label, "sectors", "missing_field")
            for s in z.sectors:
                self.ref(part, label, "sectors", s, "map/sectors.toml#sector")
            if z.dashed != (len(z.sectors) > 1):
                self.report(part, label, "dashed", "dashed_mismatch")
            self.at_least(part, label, "stacking_limit", z.stacking_limit, 1)
            reason = _outline_problem(z, board.map if board is not None else None)
            if reason:
                self.report(part, label, "outline", "bad_outline", reason=reason)

    def edges(self) -> None:
        """Known zones, each pair once, none between Terra and the Vengeful Spirit (HH-37.12),
        the sector division never a crevasse (HH-18.13)."""
        part = "map/edges.toml"
        seen: dict[frozenset[str], Any] = {}
        zones = {z.id: z for z in self.p.items("map/zones.toml", "zone")}
        for e in self.p.items(part, "edge"):
            a, b = e.zones
            label = f"edge {a}–{b}"
            for z in dict.fromkeys((a, b)):
                self.ref(part, label, "zones", z, "map/zones.toml#zone")
            if a in zones and b in zones and zones[a].terra != zones[b].terra:
                self.report(part, label, "zones", "terra_edge")
            if a == b:
                self.report(part, label, "zones", "self_edge", zone=a)
            if e.crevasse and e.region_division:
                self.report(part, label, "region_division", "division_crevasse")
            key = frozenset(e.zones)
            first = seen.setdefault(key, e)
            if first is e:
                continue
            diff = [
                f for f in ("crevasse", "region_division") if getattr(first, f) != getattr(e, f)
            ]
            if not diff:
                self.report(part, label, "zones", "duplicate_edge")
            for f in diff:
                was, now = getattr(first, f), getattr(e, f)
                self.report(
                    part, label, f, "asymmetric_edge",
                    a=f"{f}={str(was).lower()}", b=f"{f}={str(now).lower()}",
                )  # fmt: skip

    # --- forces ------------------------------------------------------------------------

    def forces(self) -> None:
        """Ranks I-IV (HH-5.3), corruption into the other side (HH-37.5), legions and Heroes."""
        part = "units.toml"
        units = {u.id: u for u in self.p.items(part, "unit")}
        for u in units.values():
            label = f"unit {u.id}"
            for name, low in (("rank", 1), ("move", 1), ("count", 0), ("air_transport", 0)):
                self.at_least(part, label, name, getattr(u, name), low)
            if u.rank > 4:
                self.report(part, label, "rank", "out_of_range", value=u.rank, low=1, high=4)
            if self.ref(part, label, "corrupts_into", u.corrupts_into, f"{part}#unit"):
                other = units.get(u.corrupts_into or "")
                if other is not None and other.side == u.side:
                    self.report(
                        part, label, "corrupts_into", "side_mismatch",
                        ref=other.id, actual=other.side, expected=_other(u.side),
                    )  # fmt: skip
        for leg in self.p.items(part, "legion"):
            label = f"legion {leg.id}"
            self._same_side(part, label, "unit", leg.unit, units, leg.side)
            self.ref(part, label, "primarch", leg.primarch, "heroes.toml#hero")
            self.ref(part, label, "power", leg.power, f"{part}#power")
        for h in self.p.items("heroes.toml", "hero"):
            self.ref("heroes.toml", f"hero {h.id}", "legion", h.legion, f"{part}#legion")
            self.at_least("heroes.toml", f"hero {h.id}", "move", h.move, 1)
        for c in self.p.items("components.toml", "component"):
            self.at_least("components.toml", f"component {c.id}", "count", c.count, 1)

    def _same_side(
        self, part: str, label: str, field: str, ref: str, known: dict[str, Any], side: str
    ) -> None:
        target = known.get(ref)
        if target is None:
            self.ref(part, label, field, ref, "units.toml#unit")
        elif target.side != side:
            self.report(
                part, label, field, "side_mismatch", ref=ref, actual=target.side, expected=side
            )

    # --- tracks ------------------------------------------------------------------------

    def tracks(self) -> None:
        """Initiative spaces numbered from the start to the Imperial victory (HH-15.1, HH-40.3)."""
        part = "tracks.toml"
        root = self.p.roots.get(part)
        if root is None:
            return
        spaces = root.initiative.space
        numbers = [s.n for s in spaces]
        if numbers != list(range(1, len(spaces) + 1)):
            self.report(part, "initiative", "space", "bad_track", reason="heresy.content.r.order")
        for s in spaces:
            ends = {"start": 1, "imperial_victory": len(spaces)}
            for icon, where in ends.items():
                if icon in s.icons and s.n != where:
                    label = f"initiative space {s.n}"
                    self.report(
                        part, label, "icons", "bad_track", reason=f"heresy.content.r.{icon}"
                    )
        d = root.hero_damage
        if not 0 < d.unwounded[0] <= d.unwounded[1] < d.wounded[0] <= d.wounded[1] < d.defeated:
            self.report(
                part, "hero_damage", "wounded", "bad_track", reason="heresy.content.r.damage"
            )
        self.at_least(part, "combat_iteration", "spaces", root.combat_iteration.spaces, 1)


def _outline_problem(z: Zone, rect: tuple[float, float, float, float] | None) -> str:
    if len(z.outline) < 3:
        return "heresy.content.r.points"
    if geometry.area(z.outline) <= 0:
        return "heresy.content.r.area"
    if rect is not None and not all(geometry.inside_rect(p, rect) for p in z.outline):
        return "heresy.content.r.outside"
    if not geometry.contains(z.outline, z.position):
        return "heresy.content.r.position"
    return ""


def _label(array: str, item: Any) -> str:
    if isinstance(item, Named):
        return f"{array} {item.id}"
    zones = getattr(item, "zones", None)
    if isinstance(zones, tuple):
        return f"{array} {'–'.join(zones)}"
    return f"{array} {getattr(item, 'id', '?')}"


def _other(side: str) -> str:
    return "traitor" if side == "imperial" else "imperial"


def validate(parts: Parts, problems: list[Problem]) -> None:
    """Append every cross-file problem of `parts` to `problems`."""
    board, decks = BoardChecks(parts, problems), DeckChecks(parts, problems)
    for step in (board.ids, board.provenance, board.zones, board.edges, board.forces,
                 board.tracks, decks.cards, decks.scenarios):  # fmt: skip
        step()
