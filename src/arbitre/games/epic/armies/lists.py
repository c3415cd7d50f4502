"""Load the army lists of games/epic/data/armies/*.toml into typed records (issue 16).

Every item carries its provenance: `source` (a garaud.net v2 army page, a research
section, or "reconstructed") and `reconstructed` (the fields no source gives). A bad file
is refused with a `DataError` naming the file, the item and the field; unknown keys are
refused too, so a typo never silently drops a value.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from importlib import resources
from types import MappingProxyType
from typing import Any

from arbitre.games.epic.armies.model import (
    KINDS,
    ArmyCard,
    ArmyList,
    Card,
    CardOption,
    Group,
    Organisation,
    ReadyMade,
)
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.profiles import DataError

_LIST_KEYS = {"id", "name_fr", "name_en", "source", "reconstructed", "organisation", "cards"}
_ORG_KEYS = {
    "min_companies",
    "supports_per_company",
    "specials_per_company",
    "source",
    "reconstructed",
}
_CARD_KEYS = {
    "name_fr",
    "name_en",
    "kind",
    "points",
    "break_points",
    "morale",
    "limit",
    "detachments",
    "characters",
    "options",
    "source",
    "reconstructed",
}
_OPTION_KEYS = {
    "name_fr",
    "name_en",
    "points",
    "detachments",
    "characters",
    "source",
    "reconstructed",
}
_GROUP_KEYS = {"unit", "stands", "count"}
_READY_KEYS = {"points", "name", "name_en", "cards"}
_READY_CARD_KEYS = {"card", "options", "attach", "detachment"}


class _Table:
    """Typed access to one TOML table; every error names file, item and field."""

    def __init__(self, file: str, item: str, raw: Any, keys: set[str]) -> None:
        self.file, self.item = file, item
        if not isinstance(raw, dict):
            raise DataError(file, item, "-", "expected a table")
        unknown = sorted(set(raw) - keys)
        if unknown:
            raise DataError(file, item, unknown[0], "unknown key")
        self.raw: dict[str, Any] = raw

    def fail(self, field: str, problem: str) -> DataError:
        return DataError(self.file, self.item, field, problem)

    def text(self, field: str) -> str:
        value = self.raw.get(field)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(field, "expected a non-empty string")
        return value

    def int_in(self, field: str, lo: int, hi: int, default: int | None = None) -> int:
        value = self.raw.get(field, default)
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise self.fail(field, f"expected an integer in {lo}..{hi}, got {value!r}")
        return value

    def strings(self, field: str) -> tuple[str, ...]:
        value = self.raw.get(field, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(field, "expected a list of strings")
        return tuple(value)

    def provenance(self) -> tuple[str, tuple[str, ...]]:
        recon = self.strings("reconstructed")
        for name in recon:
            if name.split(".")[0] not in self.raw:
                raise self.fail("reconstructed", f"names an absent field {name!r}")
        return self.text("source"), recon


def _groups(t: _Table) -> tuple[Group, ...]:
    raw = t.raw.get("detachments", [])
    if not isinstance(raw, list):
        raise t.fail("detachments", "expected a list of tables")
    out = []
    for i, g in enumerate(raw):
        gt = _Table(t.file, f"{t.item}.detachments[{i}]", g, _GROUP_KEYS)
        unit = gt.text("unit")
        if unit not in CATALOG.units:
            raise gt.fail("unit", f"unknown unit {unit!r} (units.toml)")
        out.append(Group(unit, gt.int_in("stands", 1, 20), gt.int_in("count", 1, 6, 1)))
    return tuple(out)


def _characters(t: _Table) -> tuple[str, ...]:
    chars = t.strings("characters")
    for c in chars:
        prof = CATALOG.units.get(c)
        if prof is None:
            raise t.fail("characters", f"unknown unit {c!r} (units.toml)")
        if not prof.has("bound_character"):
            raise t.fail("characters", f"{c!r} lacks the ability bound_character (EP-10.1)")
    return chars


def _option(file: str, item: str, raw: Any) -> CardOption:
    t = _Table(file, item, raw, _OPTION_KEYS)
    source, recon = t.provenance()
    return CardOption(
        id=item.rsplit(".", 1)[1],
        name_fr=t.text("name_fr"),
        name_en=t.text("name_en"),
        points=t.int_in("points", 0, 5000),
        detachments=_groups(t),
        characters=_characters(t),
        source=source,
        reconstructed=recon,
    )


def _card(file: str, cid: str, raw: Any) -> Card:
    t = _Table(file, f"cards.{cid}", raw, _CARD_KEYS)
    kind = t.text("kind")
    if kind not in KINDS:
        raise t.fail("kind", f"{kind!r} not one of {', '.join(KINDS)}")
    options_raw = t.raw.get("options", {})
    if not isinstance(options_raw, dict):
        raise t.fail("options", "expected a table of options")
    options = {
        oid: _option(file, f"cards.{cid}.options.{oid}", o) for oid, o in options_raw.items()
    }
    groups, chars = _groups(t), _characters(t)
    if not groups and not chars:
        raise t.fail("detachments", "a card has detachments or Bound Characters")
    limit = t.raw.get("limit")
    source, recon = t.provenance()
    return Card(
        id=cid,
        name_fr=t.text("name_fr"),
        name_en=t.text("name_en"),
        kind=kind,
        points=t.int_in("points", 0, 5000),
        break_points=t.int_in("break_points", 1, 100),
        morale=t.int_in("morale", 0, 12),
        limit=None if limit is None else t.int_in("limit", 1, 20),
        detachments=groups,
        characters=chars,
        options=MappingProxyType(options),
        source=source,
        reconstructed=recon,
    )


def army_card(t: _Table) -> ArmyCard:
    """One `[[cards]]` entry of an army (or of a ready-made army)."""
    options = t.strings("options")
    attach, det = t.raw.get("attach"), t.raw.get("detachment")
    return ArmyCard(
        card=t.text("card"),
        options=options,
        attach=None if attach is None else t.int_in("attach", 1, 200),
        detachment=None if det is None else t.int_in("detachment", 1, 200),
    )


def _ready(file: str, i: int, raw: Any) -> ReadyMade:
    t = _Table(file, f"ready_made[{i}]", raw, _READY_KEYS)
    cards = t.raw.get("cards", [])
    if not isinstance(cards, list) or not cards:
        raise t.fail("cards", "expected a non-empty list of cards")
    return ReadyMade(
        points=t.int_in("points", 100, 20000),
        name=t.text("name"),
        name_en=t.text("name_en"),
        cards=tuple(
            army_card(_Table(file, f"ready_made[{i}].cards[{k}]", c, _READY_CARD_KEYS))
            for k, c in enumerate(cards)
        ),
    )


def load_list(text: str, file: str) -> ArmyList:
    raw = tomllib.loads(text)
    ready_raw = raw.pop("ready_made", [])
    t = _Table(file, "list", raw, _LIST_KEYS)
    org = _Table(file, "organisation", t.raw.get("organisation"), _ORG_KEYS)
    org_source, org_recon = org.provenance()
    cards_raw = t.raw.get("cards")
    if not isinstance(cards_raw, dict) or not cards_raw:
        raise t.fail("cards", "expected a table of cards")
    if not isinstance(ready_raw, list):
        raise t.fail("ready_made", "expected a list of ready-made armies")
    source, recon = t.provenance()
    return ArmyList(
        id=t.text("id"),
        name_fr=t.text("name_fr"),
        name_en=t.text("name_en"),
        organisation=Organisation(
            min_companies=org.int_in("min_companies", 0, 10),
            supports_per_company=org.int_in("supports_per_company", 0, 20),
            specials_per_company=org.int_in("specials_per_company", 0, 20),
            source=org_source,
            reconstructed=org_recon,
        ),
        cards=MappingProxyType({cid: _card(file, cid, c) for cid, c in cards_raw.items()}),
        ready_made=tuple(_ready(file, i, r) for i, r in enumerate(ready_raw)),
        source=source,
        reconstructed=recon,
    )


@functools.cache
def army_lists() -> Mapping[str, ArmyList]:
    """Every army list, by id (the file name), loaded and validated once."""
    folder = resources.files("arbitre.games.epic").joinpath("data/armies")
    out: dict[str, ArmyList] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".toml"):
            continue
        lst = load_list(entry.read_text("utf-8"), entry.name)
        if f"{lst.id}.toml" != entry.name:
            raise DataError(entry.name, "list", "id", f"{lst.id!r} is not the file's name")
        out[lst.id] = lst
    return MappingProxyType(out)
