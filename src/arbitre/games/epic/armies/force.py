"""From a legal army to what the game plays (issue 16): `force(army)` gives the
detachments as the catalog's `DetachmentSpec`, `ready_made(list, points)` a list's
ready-made army.

Conversions that are ours (docs/epic.md "Army lists", EPA-8): a card's Pts Rupture is
the formation's; a detachment's own break points are half its stands and characters,
rounded up; every detachment of a card takes the card's Moral; a company card's
detachments share a company (EPC-4, EP-10.8); inside one card, a detachment of Infantry,
Cavalry or Walkers is assigned the card's Transport detachments in turn when they hold it
(EP-9.3, EPC-21); nothing starts embarked.
"""

from __future__ import annotations

from arbitre.engine.i18n import Msg
from arbitre.games.epic.armies.checks import problems
from arbitre.games.epic.armies.lists import army_lists
from arbitre.games.epic.armies.model import Army, ArmyError, Force
from arbitre.games.epic.armies.placement import Slot, lay_out
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.profiles import DetachmentSpec

_CARRIED = ("infantry", "cavalry", "walker")


def _source(card_source: str) -> str:
    """The catalog's provenance words (SOURCE_RE): a garaud.net v2 army page is research
    S5; anything else is ours."""
    return "research:S5" if card_source.startswith("https://garaud.net/") else "reconstructed"


def _need(slot: Slot) -> int:
    """Places a detachment takes in a transport (EP-10.4: characters none; walkers 2)."""
    return slot.stands * (2 if CATALOG.units[slot.unit].type == "walker" else 1)


def _transports(slots: list[Slot], ids: list[str]) -> dict[int, str]:
    """Index of a carried slot -> the id of its assigned transport, within each card."""
    out: dict[int, str] = {}
    cards = sorted({s.card for s in slots})
    for card in cards:
        mine = [i for i, s in enumerate(slots) if s.card == card]
        carriers = [i for i in mine if CATALOG.units[slots[i].unit].has("transport")]
        carried = [i for i in mine if CATALOG.units[slots[i].unit].type in _CARRIED]
        for i, t in zip(carried, carriers, strict=False):
            room = (CATALOG.units[slots[t].unit].param("transport") or 0) * slots[t].stands
            if _need(slots[i]) <= room:
                out[i] = ids[t]
    return out


def refuse_illegal(army: Army) -> None:
    """`ArmyError` naming the first problem and its rule when `army` is illegal."""
    found = problems(army)
    if found:
        first = found[0]
        # the rule once, at the end (translate adds a Msg's rule)
        args = {"first": Msg(first.msg.key, first.msg.args), "n": len(found)}
        raise ArmyError(Msg("epic.army.err.illegal", args, first.rule))


def force(army: Army) -> Force:
    """The detachments of a legal army; `ArmyError` (the first problem) otherwise."""
    refuse_illegal(army)
    lst = army_lists()[army.list_id]
    slots, _ = lay_out(army, lst)
    seen: dict[tuple[int, str], int] = {}
    ids = []
    for s in slots:
        k = seen[(s.card, s.unit)] = seen.get((s.card, s.unit), 0) + 1
        ids.append(f"c{s.card}-{s.unit}-{k}")
    carried = _transports(slots, ids)
    specs = []
    for i, s in enumerate(slots):
        card = lst.cards[army.cards[s.card - 1].card]
        size = s.stands + len(s.bound)
        specs.append(
            DetachmentSpec(
                id=ids[i],
                unit=s.unit,
                stands=s.stands,
                formation=card.kind,
                break_points=max(1, (size + 1) // 2),
                morale=card.morale,
                bound=tuple(s.bound),
                source=_source(card.source),
                company=f"c{s.card}" if card.kind == "compagnie" else None,
                transport=carried.get(i),
            )
        )
    name_fr = army.name or lst.name_fr
    name_en = army.name or lst.name_en
    return Force(name_fr, name_en, tuple(specs))


def ready_made_levels(list_id: str) -> tuple[int, ...]:
    """The points levels of a list's ready-made armies, smallest first (() if unknown)."""
    lst = army_lists().get(list_id)
    return () if lst is None else tuple(sorted(r.points for r in lst.ready_made))


def ready_made(list_id: str, points: int) -> Army:
    """The list's ready-made army at `points`: the largest level not above it, its limit
    set to `points`; `ArmyError` if the list is unknown or `points` below every level."""
    lists = army_lists()
    if list_id not in lists:
        args = {"list": list_id, "known": ", ".join(lists)}
        raise ArmyError(Msg("epic.army.err.unknown_list", args, "EPA-6"))
    lst = lists[list_id]
    levels = sorted(lst.ready_made, key=lambda r: r.points)
    fitting = [r for r in levels if r.points <= points]
    if not fitting:
        levels_args: dict[str, object] = {
            "list_fr": lst.name_fr,
            "list_en": lst.name_en,
            "points": points,
            "levels": ", ".join(str(r.points) for r in levels),
        }
        raise ArmyError(Msg("epic.army.err.no_ready_made", levels_args))
    level = fitting[-1]
    return Army(list_id, level.name, points, level.cards)
