"""Checks of the card decks and the scenarios (counts, references, sides, component limits)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from arbitre.games.heresy.content.cards import Scenario
from arbitre.games.heresy.content.checker import Checker


class DeckChecks(Checker):
    """Checks of the card decks and scenarios."""

    def cards(self) -> None:
        """Order costs 0-3 (HH-17.7), non-negative values, Event copies filling the deck."""
        part = "cards/orders.toml"
        for o in self.p.items(part, "order"):
            label = f"order {o.id}"
            if o.cost is not None and not 0 <= o.cost <= 3:
                self.report(part, label, "cost", "out_of_range", value=o.cost, low=0, high=3)
            for name in ("copies", "iterations", "rank_limit", "strategic_rank_limit", "look_at"):
                self.at_least(part, label, name, getattr(o, name), 1)
        for c in self.p.items("cards/combat.toml", "card"):
            for name in ("attack", "shields", "counter"):
                self.at_least("cards/combat.toml", f"card {c.id}", name, getattr(c, name), 0)
            self.at_least("cards/combat.toml", f"card {c.id}", "copies", c.copies, 1)
        self._deck_sizes()
        part = "cards/events.toml"
        root = self.p.roots.get(part)
        if root is not None:
            for e in root.event:
                self.at_least(part, f"event {e.id}", "copies", e.copies, 1)
            total = sum(e.copies for e in root.event)
            if total != root.deck.size:
                self.report(part, "deck", "size", "bad_count", total=total, expected=root.deck.size)
        self._bombardment()

    def _deck_sizes(self) -> None:
        """HH-3.8: the copies of a deck's cards never exceed the deck's size (a
        pack may list fewer: the missing cards are simply not played)."""
        orders = self.p.roots.get("cards/orders.toml")
        if orders is not None:
            for side in ("imperial", "traitor"):
                total = sum(o.copies or 1 for o in orders.order if o.deck == side)
                size = getattr(orders.deck, side)
                if total > size:
                    self.report("cards/orders.toml", "deck", side, "bad_count",
                                total=total, expected=size)  # fmt: skip
        combat = self.p.roots.get("cards/combat.toml")
        if combat is not None:
            for side in ("imperial", "traitor"):
                for deck, name in (("combat", f"{side}_combat"),
                                   ("hero_combat", f"{side}_hero_combat")):  # fmt: skip
                    total = sum(c.copies or 1 for c in combat.card
                                if c.side == side and c.deck == deck)  # fmt: skip
                    size = getattr(combat.deck, name)
                    if total > size:
                        self.report("cards/combat.toml", "deck", name, "bad_count",
                                    total=total, expected=size)  # fmt: skip

    def _bombardment(self) -> None:
        part = "cards/bombardment.toml"
        root = self.p.roots.get(part)
        if root is None:
            return
        for c in root.card:
            label = f"card {c.id}"
            if len(c.lasers) != 4:
                self.report(part, label, "lasers", "bad_count", total=len(c.lasers), expected=4)
            for name in ("precise", "saturation"):
                self.at_least(part, label, f"{name}.damage", getattr(c, name).damage, 0)
            self.at_least(part, label, "thunderhawk", c.thunderhawk, 0)
        deck = root.deck
        if deck.aquila is not None and deck.chaos_star is not None:
            total = deck.aquila + deck.chaos_star
            if total != deck.size:
                self.report(part, "deck", "aquila", "bad_count", total=total, expected=deck.size)
        if len(root.card) > deck.size:
            self.report(part, "deck", "size", "bad_count", total=len(root.card), expected=deck.size)

    # --- scenarios ---------------------------------------------------------------------

    def scenarios(self) -> None:
        """Acts within the Event cards' copies, placements within the components and sides."""
        for s in self.p.items("scenarios.toml", "scenario"):
            label = f"scenario {s.id}"
            for name in ("corruption", "bombardments", "impassable", "special_tokens"):
                self.at_least("scenarios.toml", label, name, getattr(s, name), 0)
            self._acts(s, label)
            self._placements(s, label)

    def _acts(self, s: Scenario, label: str) -> None:
        part = "scenarios.toml"
        events = {e.id: e for e in self.p.items("cards/events.toml", "event")}
        if s.events == "acts" and not s.act:
            self.report(part, label, "act", "missing_field")
        if s.events == "random":
            self.at_least(part, label, "random_events", s.random_events, 1)
        used: Counter[str] = Counter()
        for act in s.act:
            where = f"act[{act.n}]"
            for card in act.cards:
                if self.ref(part, label, f"{where}.cards", card, "cards/events.toml#event"):
                    used[card] += 1
            if not 0 <= act.use <= len(act.cards):
                high = len(act.cards)
                self.report(
                    part, label, f"{where}.use", "out_of_range", value=act.use, low=0, high=high
                )
        for card, count in used.items():
            if card in events and count > events[card].copies:
                self.too_many(label, "act", card, count, events[card].copies)

    def _placements(self, s: Scenario, label: str) -> None:
        part = "scenarios.toml"
        units = {u.id: u for u in self.p.items("units.toml", "unit")}
        legions = {leg.id: leg for leg in self.p.items("units.toml", "legion")}
        heroes = {h.id: h for h in self.p.items("heroes.toml", "hero")}
        totals: Counter[tuple[str, str]] = Counter()
        for pl in s.placement:
            where = f"placement[{pl.zone}]"
            self.ref(part, label, f"{where}.zone", pl.zone, "map/zones.toml#zone")
            for h in pl.heroes:
                self._side(label, f"{where}.heroes", h, heroes, pl.side, "heroes.toml#hero")
                totals["hero", h] += 1
            for st in pl.units:
                field = f"{where}.units.unit"
                self._side(label, field, st.unit, units, pl.side, "units.toml#unit")
                self.ref(part, label, f"{where}.units.legion", st.legion, "units.toml#legion")
                self.ref(part, label, f"{where}.units.power", st.power, "units.toml#power")
                leg = legions.get(st.legion or "")
                if leg is not None and leg.unit != st.unit:
                    catalog = f"units.toml [legion] of {st.unit}"
                    field = f"{where}.units.legion"
                    self.report(part, label, field, "unknown_ref", ref=st.legion, catalog=catalog)
                self.at_least(part, label, f"{where}.units.count", st.count, 1)
                totals["unit", st.unit] += st.count
                if st.legion:
                    totals["legion", st.legion] += st.count
                if st.power:
                    totals[st.unit, st.power] += st.count
        for (kind, what), count in totals.items():
            cap = _cap(kind, what, units, legions)
            if cap is not None and count > cap:
                self.too_many(label, "placement", what, count, cap)

    def _side(self, label: str, field: str, ref: str, known: dict[str, Any], side: str,
              target: str) -> None:  # fmt: skip
        item = known.get(ref)
        if item is None:
            self.ref("scenarios.toml", label, field, ref, target)
        elif item.side != side:
            self.report("scenarios.toml", label, field, "side_mismatch",
                        ref=ref, actual=item.side, expected=side)  # fmt: skip

    def _too_many(self, label: str, field: str, what: str, count: int, available: int) -> None:
        self.report("scenarios.toml", label, field, "too_many",
                    what=what, count=count, available=available)  # fmt: skip


def _cap(kind: str, what: str, units: dict[str, Any], legions: dict[str, Any]) -> int | None:
    if kind == "hero":
        return 1
    if kind == "unit":
        return units[what].count if what in units else None
    if kind == "legion":
        return legions[what].count if what in legions else None
    unit = units.get(kind)
    return unit.per_power if unit is not None and unit.per_power else None
