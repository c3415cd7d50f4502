"""Unit profiles, abilities and starter armies of the Epic game, loaded from TOML (EPC-1..3).

Every item carries its provenance (`seed`, `research:<key>` or `reconstructed`). A bad
file is refused with a `DataError` that names the file, the item and the field.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any

from arbitre.games.epic.profiles import (
    ARCS,
    FORMATIONS,
    MAX_BOUND,
    SAVE_RE,
    SOURCE_RE,
    UNIT_TYPES,
    UNIT_TYPES_ALL,
    Ability,
    Army,
    Catalog,
    DataError,
    DetachmentSpec,
    Power,
    Save,
    Sheet,
    UnitProfile,
    Weapon,
)

# The records are defined in profiles.py; the game and its tests import them from here.
__all__ = [
    "ARCS",
    "CATALOG",
    "FORMATIONS",
    "MAX_BOUND",
    "SAVE_RE",
    "SOURCE_RE",
    "UNIT_TYPES",
    "UNIT_TYPES_ALL",
    "Ability",
    "Army",
    "Catalog",
    "DataError",
    "DetachmentSpec",
    "Power",
    "Save",
    "Sheet",
    "UnitProfile",
    "Weapon",
    "check_bound_character",
    "load_abilities",
    "load_armies",
    "load_catalog",
    "load_units",
    "parse_save",
]


class _Item:
    """Typed access to one TOML table, every error naming file, item and field."""

    def __init__(self, file: str, item: str, raw: Any) -> None:
        self.file, self.item = file, item
        if not isinstance(raw, dict):
            raise DataError(file, item, "-", "expected a table")
        self.raw: dict[str, Any] = raw

    def fail(self, field: str, problem: str) -> DataError:
        return DataError(self.file, self.item, field, problem)

    def get(self, field: str, kind: type, default: Any = ...) -> Any:
        if field not in self.raw:
            if default is ...:
                raise self.fail(field, "missing")
            return default
        value = self.raw[field]
        if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            raise self.fail(field, f"expected {kind.__name__}, got {value!r}")
        return value

    def int_in(self, field: str, lo: int, hi: int, default: Any = ...) -> Any:
        value: int | None = self.get(field, int, default)
        if value is not None and not lo <= value <= hi:
            raise self.fail(field, f"{value} not in {lo}..{hi}")
        return value

    def choice(self, field: str, choices: tuple[Any, ...], default: Any = ...) -> Any:
        value = self.raw.get(field, default)
        if value is ...:
            raise self.fail(field, "missing")
        if value not in choices:
            raise self.fail(field, f"{value!r} not one of {', '.join(map(str, choices))}")
        return value

    def source(self) -> str:
        value: str = self.get("source", str)
        if not SOURCE_RE.match(value):
            raise self.fail("source", f"{value!r}: expected seed, research:S<n> or reconstructed")
        return value

    def strings(self, field: str) -> tuple[str, ...]:
        values = self.get(field, list, [])
        if not all(isinstance(v, str) for v in values):
            raise self.fail(field, "expected a list of strings")
        return tuple(values)


def parse_save(text: str) -> Save:
    """'4+', '4+f', '4+/6+f', 'fiche' or '-' (EPC-13); ValueError otherwise."""
    if text == "fiche":
        return Save(sheet=True)
    if text == "-":
        return Save()
    m = SAVE_RE.match(text)
    if not m or not (m["a"] or m["f"]) or ("/" in text and not (m["a"] and m["f"])):
        raise ValueError(f"bad save {text!r}: expected X+, X+f, X+/Y+f, fiche or -")
    return Save(
        armour=int(m["a"]) if m["a"] else None,
        fixed=int(m["f"]) if m["f"] else None,
    )


def _ability_refs(
    it: _Item, field: str, abilities: Mapping[str, Ability], kind: str
) -> tuple[tuple[str, int | None], ...]:
    out: list[tuple[str, int | None]] = []
    for ref in it.strings(field):
        name, _, arg = ref.partition(":")
        ab = abilities.get(name)
        if ab is None:
            raise it.fail(field, f"unknown ability {name!r}")
        if ab.kind != kind:
            raise it.fail(field, f"{name!r} is a {ab.kind} ability, not a {kind} one")
        if ab.param == "none":
            if arg:
                raise it.fail(field, f"{name!r} takes no parameter")
            out.append((name, None))
            continue
        if not arg.isdigit():
            raise it.fail(field, f"{name!r} needs a parameter, e.g. {name}:2")
        value = int(arg)
        if ab.param == "save" and not 2 <= value <= 6:
            raise it.fail(field, f"{name!r}: save {value}+ not in 2..6")
        out.append((name, value))
    return tuple(out)


def load_abilities(text: str, file: str = "abilities.toml") -> dict[str, Ability]:
    out = {}
    for aid, raw in tomllib.loads(text).items():
        it = _Item(file, aid, raw)
        out[aid] = Ability(
            id=aid,
            rule=it.get("rule", str),
            kind=it.choice("kind", ("unit", "weapon")),
            param=it.choice("param", ("none", "int", "save")),
            name_fr=it.get("name_fr", str),
            name_en=it.get("name_en", str),
            source=it.source(),
        )
    return out


def _weapon(file: str, item: str, raw: Any, abilities: Mapping[str, Ability]) -> Weapon:
    it = _Item(file, item, raw)
    return Weapon(
        name_fr=it.get("name_fr", str),
        name_en=it.get("name_en", str),
        range=it.int_in("range", 0, 500),
        dice=it.int_in("dice", 0, 20),
        to_hit=it.int_in("to_hit", 2, 9),
        pa=it.int_in("pa", -6, 0),
        arc=it.choice("arc", ARCS),
        notes=_ability_refs(it, "notes", abilities, "weapon"),
        source=it.source(),
    )


def _power(file: str, item: str, raw: Any) -> Power:
    it = _Item(file, item, raw)
    kind = it.choice("kind", ("physical", "ethereal"))
    pa = it.int_in("pa", -6, 0, None)
    if kind == "physical" and pa is None:
        raise it.fail("pa", "a physical power has a PA (EP-11.7)")
    if kind == "ethereal" and pa is not None:
        raise it.fail("pa", "an ethereal power has no PA (EP-11.11, AMB-EP-11b)")
    return Power(
        id=it.get("id", str),
        name_fr=it.get("name_fr", str),
        name_en=it.get("name_en", str),
        kind=kind,
        phase=it.choice("phase", ("movement", "combat")),
        range=it.int_in("range", 0, 500),
        dice=it.int_in("dice", 1, 20),
        to_hit=it.int_in("to_hit", 2, 9),
        pa=pa,
        source=it.source(),
    )


def _unit(file: str, uid: str, raw: Any, abilities: Mapping[str, Ability]) -> UnitProfile:
    it = _Item(file, f"units.{uid}", raw)
    try:
        save = parse_save(it.get("save", str))
    except ValueError as exc:
        raise it.fail("save", str(exc)) from None
    sheet = it.get("sheet", str, None)
    if save.sheet != (sheet is not None):
        raise it.fail("sheet", "a 'fiche' save needs a sheet, and only it")
    utype = it.choice("type", UNIT_TYPES_ALL)
    abil = _ability_refs(it, "abilities", abilities, "unit")
    names = [a for a, _x in abil]
    if (utype == "flyer") != ("flyer" in names):
        raise it.fail("abilities", "type 'flyer' and the ability 'flyer' go together")
    if len(set(names)) != len(names):
        raise it.fail("abilities", "an ability is listed twice")
    weapons = tuple(
        _weapon(file, f"units.{uid}.weapons[{i}]", w, abilities)
        for i, w in enumerate(it.get("weapons", list, []))
    )
    raw_powers = it.get("powers", list, [])
    powers = tuple(_power(file, f"units.{uid}.powers[{i}]", p) for i, p in enumerate(raw_powers))
    if powers and "psyker" not in names:
        raise it.fail("powers", "only a Psyker has powers (EP-11.2)")
    recon = it.strings("reconstructed")
    for field in recon:
        if field not in it.raw and field not in ("weapons", "powers", "abilities"):
            raise it.fail("reconstructed", f"names an absent field {field!r}")
    return UnitProfile(
        id=uid,
        name_fr=it.get("name_fr", str),
        name_en=it.get("name_en", str),
        type=utype,
        cls=it.int_in("class", 1, 7),
        move=it.int_in("move", 0, 200),
        save=save,
        fa=it.int_in("fa", -5, 30),
        wounds=dict(abil).get("wounds") or 1,
        abilities=abil,
        weapons=weapons,
        powers=powers,
        sheet=sheet,
        source=it.source(),
        reconstructed=recon,
    )


def _sheet(file: str, sid: str, raw: Any) -> Sheet:
    it = _Item(file, f"sheets.{sid}", raw)
    front, rear = it.strings("front"), it.strings("rear")
    for field, rolls in (("front", front), ("rear", rear)):
        if len(rolls) != 6:
            raise it.fail(field, "a location sheet lists 6 results, one per D6 face")
    return Sheet(
        id=sid,
        name_fr=it.get("name_fr", str),
        name_en=it.get("name_en", str),
        wounds=it.int_in("wounds", 1, 40),
        save=it.int_in("save", 2, 6),
        front=front,
        rear=rear,
        source=it.source(),
    )


def _detachment(file: str, item: str, raw: Any, units: Mapping[str, UnitProfile]) -> DetachmentSpec:
    it = _Item(file, item, raw)
    uid = it.get("unit", str)
    unit = units.get(uid)
    if unit is None:
        raise it.fail("unit", f"unknown unit {uid!r}")
    stands = it.int_in("stands", 1, 20)
    bound = it.strings("bound")
    if len(bound) > MAX_BOUND:
        raise it.fail("bound", f"at most {MAX_BOUND} Bound Characters per detachment (EP-10.7)")
    for bid in bound:
        check_bound_character(it, units.get(bid), bid, unit)
    return DetachmentSpec(
        id=it.get("id", str),
        unit=uid,
        stands=stands,
        formation=it.choice("formation", FORMATIONS),
        break_points=it.int_in("break_points", 1, stands + len(bound)),
        morale=it.int_in("morale", 0, 12),
        bound=bound,
        source=it.source(),
        company=it.get("company", str, None),
        transport=it.get("transport", str, None),
        embarked=it.get("embarked", str, None),
    )


def check_bound_character(it: _Item, char: UnitProfile | None, cid: str, host: UnitProfile) -> None:
    """EP-10.9 / EP-10.10 (AMB-EP-10a: Cavalry allowed, as written)."""
    if char is None:
        raise it.fail("bound", f"unknown unit {cid!r}")
    if not char.has("bound_character"):
        raise it.fail("bound", f"{cid!r} lacks the ability bound_character (EP-10.1)")
    if char.cls == 1:
        if host.type not in ("infantry", "cavalry"):
            raise it.fail("bound", f"{cid!r} (class 1) joins Infantry or Cavalry only (EP-10.9)")
    elif char.cls != host.cls:
        raise it.fail("bound", f"{cid!r} (class {char.cls}) joins its own class only (EP-10.10)")


def load_units(
    text: str, abilities: Mapping[str, Ability], file: str = "units.toml"
) -> tuple[dict[str, UnitProfile], dict[str, Sheet]]:
    raw = tomllib.loads(text)
    sheets = {sid: _sheet(file, sid, r) for sid, r in raw.get("sheets", {}).items()}
    units = {uid: _unit(file, uid, r, abilities) for uid, r in raw.get("units", {}).items()}
    for u in units.values():
        if u.sheet is not None and u.sheet not in sheets:
            raise DataError(file, f"units.{u.id}", "sheet", f"unknown sheet {u.sheet!r}")
    return units, sheets


def _check_transports(
    it: _Item, dets: tuple[DetachmentSpec, ...], units: Mapping[str, UnitProfile]
) -> None:
    """EPC-21: an assigned or starting transport names a Transport detachment of the
    army; a detachment starting aboard fits in it (EP-10.4: Bound Characters take no
    space; a walker takes 2, research §3.5)."""
    by_id = {d.id: d for d in dets}
    for d in dets:
        for field in ("transport", "embarked"):
            ref = getattr(d, field)
            if ref is None:
                continue
            carrier = by_id.get(ref)
            if carrier is None or not units[carrier.unit].has("transport"):
                raise it.fail(field, f"{d.id}: {ref!r} is not a Transport detachment")
        if d.embarked is not None:
            carrier = by_id[d.embarked]
            room = (units[carrier.unit].param("transport") or 0) * carrier.stands
            need = d.stands * (2 if units[d.unit].type == "walker" else 1)
            if need > room:
                raise it.fail("embarked", f"{d.id}: needs {need} places, the transport has {room}")


def load_armies(
    text: str, units: Mapping[str, UnitProfile], file: str = "armies.toml"
) -> dict[str, Army]:
    out = {}
    for aid, raw in tomllib.loads(text).get("armies", {}).items():
        it = _Item(file, f"armies.{aid}", raw)
        dets = tuple(
            _detachment(file, f"armies.{aid}.detachments[{i}]", d, units)
            for i, d in enumerate(it.get("detachments", list))
        )
        ids = [d.id for d in dets]
        if len(set(ids)) != len(ids):
            raise it.fail("detachments", "two detachments share an id")
        _check_transports(it, dets, units)
        out[aid] = Army(aid, it.get("name_fr", str), it.get("name_en", str), dets, it.source())
    return out


def _read(name: str) -> str:
    return resources.files("arbitre.games.epic").joinpath(f"data/{name}").read_text("utf-8")


def load_catalog() -> Catalog:
    abilities = load_abilities(_read("abilities.toml"))
    units, sheets = load_units(_read("units.toml"), abilities)
    armies = load_armies(_read("armies.toml"), units)
    return Catalog(abilities, units, sheets, armies)


CATALOG: Catalog = load_catalog()
UNITS: Mapping[str, UnitProfile] = CATALOG.units
