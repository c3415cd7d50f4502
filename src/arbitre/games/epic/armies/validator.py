"""The library's validator of `epic.army` resources (issue 16): a saved army must parse
and be legal; its display names are its own name, or its list's."""

from __future__ import annotations

from collections.abc import Mapping

from arbitre.games.epic.armies.force import refuse_illegal
from arbitre.games.epic.armies.lists import army_lists
from arbitre.games.epic.armies.parse import parse_army

KIND = "epic.army"


def validate_army_text(text: str) -> Mapping[str, str]:
    """Display names {"fr", "en"} of a legal army file; otherwise `ArmyError` (a
    ValueError whose `msg` the library shows in the author's language) naming the field,
    or the card and the rule."""
    army = parse_army(text)
    refuse_illegal(army)
    lst = army_lists()[army.list_id]
    # a ready-made army's name has its English words in the list's data (name_en)
    ready = next((r for r in lst.ready_made if army.name and r.name == army.name), None)
    name_en = ready.label("en") if ready else army.name
    return {"fr": army.name or lst.name_fr, "en": name_en or lst.name_en}


def register() -> bool:
    """Register the validator with the library when it offers `register_validator`
    (guarded: the writable library may not be there yet); True if registered."""
    from arbitre.engine import library

    hook = getattr(library, "register_validator", None)
    if hook is None:
        return False
    hook(KIND, validate_army_text)
    return True
