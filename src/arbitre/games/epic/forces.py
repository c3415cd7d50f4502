"""Games from two armies (issue 16): the `army.0` / `army.1` options resolved to forces,
and the detachments and stands of those forces put on the table (EPC-3, EPC-4, EPC-21,
EP-4.4, EP-10.1).

An option's value names an army:

- None: the seat's starter army (data/armies.toml) — the default battle, set up by
  setup.py exactly as before;
- `imperium` / `mille_fils`: a starter army by name;
- `<list>@<points>`: an army list's ready-made army at a points level
  (`arbitre.games.epic.armies.ready_made`);
- a library name (`arbitre.engine.library`, kind `epic.army`): a saved or installed army;
- on the command line and in Python only, a path to an army TOML file.

A force is anything with `name_fr`, `name_en` and `detachments` (the catalog's
`DetachmentSpec`s): a starter `Army` or the armies package's `Force`.

Detachment ids: a game from armies names its detachments `<unit>.<side>.<n>` (n: its
rank among the side's detachments, which is also its letter on the table), registered
with the texts' detachment names (messages.DETACHMENT_UNITS / DETACHMENT_LETTERS) so
every message names "Marines tactiques (B)", and two armies of the same list never share
an id.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from arbitre.engine.i18n import Msg, translate
from arbitre.games.epic import messages_deploy as _texts  # noqa: F401  (registers texts)
from arbitre.games.epic.abilities import EliteSource, elite_pool
from arbitre.games.epic.catalog import CATALOG, DetachmentSpec
from arbitre.games.epic.shooting import GROUND, LOW
from arbitre.games.epic.state import ARMIES, Det, EpicState, Stand

ARMY_KIND = "epic.army"
MAX_ARMY_BYTES = 64 * 1024  # the library's limit for one resource
KEYS = ("army.0", "army.1")


class ForceLike(Protocol):
    @property
    def name_fr(self) -> str: ...

    @property
    def name_en(self) -> str: ...

    @property
    def detachments(self) -> tuple[DetachmentSpec, ...]: ...


class ArmyValueError(ValueError):
    """An army option that names no army: `msg` (bilingual) names the option, the value
    and why (the engine shows it as the config's refusal)."""

    def __init__(self, key: str, value: str, why: Msg) -> None:
        self.msg = Msg("epic.army_option.bad", {"key": key, "value": value, "why": why})
        super().__init__(f"{translate(self.msg, 'fr')} / {translate(self.msg, 'en')}")


def _why(exc: Exception) -> Msg:
    """An army file's refusal (armies.ArmyError carries a bilingual `msg`)."""
    msg = getattr(exc, "msg", None)
    if isinstance(msg, Msg):
        return msg
    return Msg("epic.army_option.refused", {"error": str(exc)})


def _armies() -> Any:
    """The army-lists package (issue 16, EA), or None while it is not there."""
    try:
        return importlib.import_module("arbitre.games.epic.armies")
    except ImportError:
        return None


def from_armies(values: Mapping[str, Any]) -> bool:
    """Whether the game is built from armies (either option set), not the starter battle."""
    return any(values.get(k) is not None for k in KEYS)


def ready_made_names() -> list[str]:
    """`<list>@<points>` for every list's ready-made army level (armies.ready_made)."""
    pkg = _armies()
    if pkg is None:
        return []
    out = []
    levels = getattr(pkg, "ready_made_levels", None)
    for list_id in sorted(pkg.army_lists()):
        points = levels(list_id) if levels is not None else (2000, 4000)
        out += [f"{list_id}@{p}" for p in points]
    return out


@functools.lru_cache(maxsize=32)
def _army_of_text(text: str) -> Any:
    """The army of a text, parsed once (a simulation's games share it; a refusal, a
    ValueError, is not kept and is raised again each time)."""
    return _armies().parse_army(text)


@functools.lru_cache(maxsize=32)
def _force_of_text(text: str) -> ForceLike:
    """The force of a text's army, built once (a Force is immutable: games share it)."""
    force: ForceLike = _armies().force(_army_of_text(text))
    return force


def _parse_text(text: str, key: str, value: str) -> ForceLike:
    pkg = _armies()
    if pkg is None:
        raise ArmyValueError(key, value, Msg("epic.army_option.no_lists", {}))
    if len(text.encode("utf-8")) > MAX_ARMY_BYTES:
        raise ArmyValueError(key, value, Msg("epic.army_option.too_big", {"most": MAX_ARMY_BYTES}))
    try:
        _army_of_text(text)
    except ValueError as exc:
        raise ArmyValueError(key, value, _why(exc)) from None
    return _force_of_text(text)


def army_text(value: str) -> str | None:
    """The TOML text of a built-in, installed or saved army `value` (the library; a pinned
    `name@sha12` names the version a game started with), None if there is none."""
    from arbitre.engine import library
    from arbitre.games.epic import held

    held_text = held.text_of(ARMY_KIND, value)  # a terminal game's army file (held.py)
    if held_text is not None:
        return held_text
    try:
        text = library.builtin_text(ARMY_KIND, value)
        if text is not None:
            return text
        path = library.path_of(ARMY_KIND, value)
    except (ValueError, KeyError, OSError, AttributeError):
        return None
    return None if path is None else Path(path).read_text("utf-8")


def resolve_force(value: str | None, side: int) -> ForceLike:
    """The force an option value names (module doc); ArmyValueError otherwise."""
    key = KEYS[side]
    if value is None:
        return CATALOG.armies[ARMIES[side]]
    if value in CATALOG.armies:
        return CATALOG.armies[value]
    text = army_text(value)
    if text is not None:
        return _parse_text(text, key, value)
    list_id, at, level = value.partition("@")
    pkg = _armies()
    if at and pkg is not None and list_id in pkg.army_lists() and level.isdigit():
        try:
            return pkg.force(pkg.ready_made(list_id, int(level)))  # type: ignore[no-any-return]
        except (ValueError, KeyError) as exc:
            raise ArmyValueError(key, value, _why(exc)) from None
    path = Path(value)
    if path.suffix in (".toml", ".json") and path.is_file():
        from arbitre.games.epic.held import file_text

        text = file_text(path, MAX_ARMY_BYTES)  # once per run, not per game (held.py)
        if text is None:
            too_big = Msg("epic.army_option.too_big", {"most": MAX_ARMY_BYTES})
            raise ArmyValueError(key, value, too_big)
        return _parse_text(text, key, value)
    raise ArmyValueError(key, value, Msg("epic.army_option.none", {}))


def forces(values: Mapping[str, Any]) -> tuple[ForceLike, ForceLike]:
    return resolve_force(values.get(KEYS[0]), 0), resolve_force(values.get(KEYS[1]), 1)


def setup_order(specs: Sequence[DetachmentSpec]) -> list[DetachmentSpec]:
    """Ground detachments, then Flyers, then those starting aboard (as setup.py does)."""
    flyer = [CATALOG.units[d.unit].is_flyer for d in specs]
    ground = [d for d, f in zip(specs, flyer, strict=True) if not f and not d.embarked]
    air = [d for d, f in zip(specs, flyer, strict=True) if f]
    aboard = [d for d, f in zip(specs, flyer, strict=True) if d.embarked and not f]
    return [*ground, *air, *aboard]


def det_id(unit: str, side: int, n: int) -> str:
    return f"{unit}.{side}.{n}"


def _register_name(spec_id: str, unit: str, side: int, n: int) -> None:
    """The texts name the detachment by its unit and letter (messages.det_label)."""
    from arbitre.games.epic import messages

    letter = chr(ord("A") + n % 26)
    messages.DETACHMENT_UNITS.setdefault(spec_id, unit)
    messages.DETACHMENT_LETTERS.setdefault(spec_id, letter if side == 0 else letter.lower())


def build(s: EpicState) -> bool:
    """Put the two forces' detachments in `s` (stands at a provisional spot, placed by
    deployment.py), with their Elite pools (EP-4.4), transports (EP-9.3) and passengers
    aboard (EPC-21). False for the starter battle (setup.py builds it)."""
    values = s.rules.values
    if not from_armies(values):
        return False
    from arbitre.games.epic.setup import _board, stand_wounds

    for side, force in enumerate(forces(values)):
        ids: dict[str, int] = {}
        pools = []
        for n, spec in enumerate(setup_order(force.detachments)):
            did = len(s.dets)
            name = det_id(spec.unit, side, n)
            _register_name(name, spec.unit, side, n)
            ids[spec.id] = did
            det = Det(did, side, name, spec.unit, spec.break_points, morale=spec.morale)
            det.company = spec.company or ""
            s.dets.append(det)
            y = -50.0 if side == 0 else s.table.height + 50.0  # off the table, placed below
            for unit in [spec.unit] * spec.stands + list(spec.bound):
                prof = CATALOG.units[unit]
                sid = len(s.stands) + len(s.aboard)
                s.stands[sid] = Stand(
                    sid,
                    did,
                    side,
                    unit,
                    0.0,
                    y,
                    stand_wounds(unit),
                    alt=LOW if prof.is_flyer else GROUND,
                    facing=90.0 if side == 0 else -90.0,
                    shields=prof.param("shields") or 0,
                )
            host = CATALOG.units[spec.unit].param("elite")
            bound = tuple(CATALOG.units[b].param("elite") or 0 for b in spec.bound)
            src = EliteSource(host, spec.stands, bound)
            pools.append(src)
            det.elite = elite_pool([src], s.rules)
        s.elite[side] = elite_pool(pools, s.rules)
        from arbitre.games.epic.deployment import place_side

        for spec in force.detachments:
            if spec.transport and spec.transport in ids:
                s.dets[ids[spec.id]].transport = ids[spec.transport]
            if spec.embarked and spec.embarked in ids:
                _board(s, ids[spec.id], ids[spec.embarked])
        place_side(s, side)  # a first legal spot for every detachment of the side
    return True


SEAT_NAMES = {"0": 0, "1": 1, ARMIES[0]: 0, ARMIES[1]: 1}


def army_items(values: Sequence[str]) -> list[str]:
    """`arbitre play epic --army …`: "SEAT=ARMY" (the seat by name, `imperium` or
    `mille_fils`, or by number, 0 or 1) or "ARMY" alone for the next seat, as `--config`
    items "army.N=ARMY". ValueError (in both languages) names a bad seat or a seat given
    twice."""
    out: dict[int, str] = {}
    for item in values:
        seat_text, eq, army = item.partition("=")
        if eq and seat_text.strip().lower() in SEAT_NAMES:
            side = SEAT_NAMES[seat_text.strip().lower()]
        elif eq and not army.strip():
            raise ValueError(f"{item!r}: armée vide / empty army")
        elif eq and "/" not in seat_text and "." not in seat_text:
            seats = ", ".join(SEAT_NAMES)
            raise ValueError(f"{seat_text!r}: siège inconnu / unknown seat ({seats})")
        else:
            side, army = next((k for k in (0, 1) if k not in out), 2), item
        if side == 2 or side in out:
            raise ValueError(
                f"{item!r}: deux armées au plus, une par siège / two armies at most, one per seat"
            )
        out[side] = army.strip()
    return [f"{KEYS[side]}={army}" for side, army in sorted(out.items())]


def army_suggestions() -> list[dict[str, Any]]:
    """The lobby's menu of armies: the lists' ready-made armies by level, then the
    installed and saved ones (library), each by name in both languages."""
    from arbitre.engine import library
    from arbitre.games.epic import ready_made

    builtin = set(ready_made.names())
    out = []
    for name in library.names(ARMY_KIND):
        if name in builtin:
            label = ready_made.labels(name)
        else:
            label = {lang: library.label_of(ARMY_KIND, name, lang) for lang in ("fr", "en")}
        out.append({"value": name, "label": label})
    return out


@functools.lru_cache(maxsize=64)
def army_label(value: str | None, side: int) -> tuple[tuple[str, str], ...]:
    """An army option's value by name, in both languages: "Eldars · 2000 pts — Hôte de
    guerre d'Iyanden" (a ready-made army), "1re compagnie (Space Marines, 3000 pts)" (a
    saved army or a file), the starter army's name. (lang, text) pairs (cached: a saved
    army is pinned to its version, a ready-made one does not change)."""
    from arbitre.games.epic import ready_made

    if value is None or value in CATALOG.armies:
        starter = CATALOG.armies[value or ARMIES[side]]
        return (("fr", starter.name_fr), ("en", starter.name_en))
    if value in ready_made.names():
        return tuple(ready_made.labels(value).items())
    pkg = _armies()
    text = army_text(value)
    path = Path(value)
    if text is None and path.suffix in (".toml", ".json") and path.is_file():
        from arbitre.games.epic.held import file_text

        text = file_text(path, MAX_ARMY_BYTES)
    army: Any = None
    try:
        army = _army_of_text(text) if pkg is not None and text is not None else None
    except ValueError:
        army = None
    if army is None:
        return (("fr", value), ("en", value))
    lst = pkg.army_lists()[army.list_id]
    return tuple(
        (
            lang,
            f"{army.name} ({lst.name(lang)}, {army.points} pts)"
            if army.name
            else f"{lst.name(lang)} · {army.points} pts",
        )
        for lang in ("fr", "en")
    )


def army_names(s: EpicState) -> list[dict[str, str]] | None:
    """The two armies by name (the view's `armies`), None in the starter battle."""
    values = s.rules.values
    if not from_armies(values):
        return None
    return [dict(army_label(values.get(KEYS[side]), side)) for side in (0, 1)]
