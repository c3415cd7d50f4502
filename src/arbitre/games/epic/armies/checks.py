"""What makes an army legal (issue 16): points (EPC-29), the organisation of the list
(research/epic §3.1: EPA-1..EPA-5), its cards and options (EPA-6, EPA-7) and its Bound
Characters (EP-10.1, EP-10.7, EP-10.9, EP-10.10). docs/epic.md "Army lists" lists the
EPA rules with their sources.
"""

from __future__ import annotations

from collections import Counter

from arbitre.engine.i18n import Msg
from arbitre.games.epic.armies.lists import army_lists
from arbitre.games.epic.armies.model import Army, ArmyError, ArmyList, Problem
from arbitre.games.epic.armies.placement import lay_out


def list_of(army: Army) -> ArmyList:
    """The army's list; `ArmyError` (EPA-6) for a list that does not exist."""
    lists = army_lists()
    if army.list_id not in lists:
        args = {"list": army.list_id, "known": ", ".join(lists)}
        raise ArmyError(Msg("epic.army.err.unknown_list", args, "EPA-6"))
    return lists[army.list_id]


def points(army: Army) -> int:
    """The army's value: its known cards and their known options (EPC-29)."""
    lst = list_of(army)
    total = 0
    for ac in army.cards:
        card = lst.cards.get(ac.card)
        if card is None:
            continue
        total += card.points + sum(
            card.options[o].points for o in set(ac.options) & set(card.options)
        )
    return total


def _cards(army: Army, lst: ArmyList) -> list[Problem]:
    """EPA-6: a card of the army's list; EPA-7: options the card offers, once each."""
    out = []
    for n, ac in enumerate(army.cards, 1):
        card = lst.cards.get(ac.card)
        if card is None:
            args = {"n": n, "card": ac.card, "list_fr": lst.name_fr, "list_en": lst.name_en}
            out.append(Problem(n, ac.card, "EPA-6", Msg("epic.army.unknown_card", args, "EPA-6")))
            continue
        names = {"n": n, "card_fr": card.name_fr, "card_en": card.name_en}
        for option, times in Counter(ac.options).items():
            if option not in card.options:
                msg = Msg("epic.army.unknown_option", {**names, "option": option}, "EPA-7")
                out.append(Problem(n, card.id, "EPA-7", msg))
            elif times > 1:
                msg = Msg("epic.army.duplicate_option", {**names, "option": option}, "EPA-7")
                out.append(Problem(n, card.id, "EPA-7", msg))
    return out


def _organisation(army: Army, lst: ArmyList) -> list[Problem]:
    """EPA-1..EPA-5 (research/epic §3.1): companies, supports and specials per company,
    mandatory cards, limited cards."""
    org = lst.organisation
    taken = [lst.cards[ac.card] for ac in army.cards if ac.card in lst.cards]
    kinds = Counter(c.kind for c in taken)
    companies = kinds["compagnie"]
    out = []
    if companies < org.min_companies:
        msg = Msg("epic.army.no_company", {"min": org.min_companies}, "EPA-1")
        out.append(Problem(None, None, "EPA-1", msg))
    supports, specials = kinds["soutien"], kinds["speciale"]
    if supports and not companies:
        msg = Msg("epic.army.supports_without_company", {"n": supports}, "EPA-2")
        out.append(Problem(None, None, "EPA-2", msg))
    elif supports > org.supports_per_company * companies:
        args = {"n": supports, "companies": companies, "max": org.supports_per_company * companies}
        out.append(Problem(None, None, "EPA-2", Msg("epic.army.too_many_supports", args, "EPA-2")))
    if specials > org.specials_per_company * companies:
        args = {"n": specials, "companies": companies, "max": org.specials_per_company * companies}
        out.append(Problem(None, None, "EPA-3", Msg("epic.army.too_many_specials", args, "EPA-3")))
    counts = Counter(c.id for c in taken)
    for card in lst.cards.values():
        names = {"card_fr": card.name_fr, "card_en": card.name_en}
        if card.kind == "obligatoire" and not counts[card.id]:
            msg = Msg("epic.army.mandatory_missing", names, "EPA-4")
            out.append(Problem(None, card.id, "EPA-4", msg))
        if card.limit is not None and counts[card.id] > card.limit:
            over: dict[str, object] = {**names, "n": counts[card.id], "limit": card.limit}
            msg = Msg("epic.army.over_limit", over, "EPA-5")
            out.append(Problem(None, card.id, "EPA-5", msg))
    return out


def problems(army: Army) -> list[Problem]:
    """Every reason `army` is illegal, each with its card and rule; [] when legal."""
    lst = list_of(army)
    out = _cards(army, lst)
    out += lay_out(army, lst)[1]
    out += _organisation(army, lst)
    total = points(army)
    if total > army.points:
        msg = Msg("epic.army.points_over", {"total": total, "limit": army.points}, "EPC-29")
        out.append(Problem(None, None, "EPC-29", msg))
    return out
