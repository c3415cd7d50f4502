"""The dice of a shot (EPC-12, EPC-19, EP-4): one D6 against a number, 7+ (AMB-EP-2), the
re-roll of a 1 under Tir Appuyé, Elite re-rolls (EP-4.1..4.3), and the dice as an event
shows them (issue 18). Out of fire.py, which re-exports them, to keep it short."""

from __future__ import annotations

from arbitre.engine.i18n import Msg
from arbitre.games.epic.state import EpicState, Stand


def success(
    s: EpicState, target: int, reroll_ones: bool = False, seen: list[str] | None = None
) -> bool:
    """One D6 against `target`+ (EPC-12): a natural 1 misses per `roll.naturalOneMisses`;
    7+ per `roll.sevenPlus` (AMB-EP-2); Tir Appuyé re-rolls a 1 once (EPC-9).

    `seen` receives the dice as shown (issue 18): "1↻5" for a re-rolled 1, "6+4" for
    the second die of a 7+; it only records, never draws."""
    d = s.roll()
    shown = str(d)
    if d == 1 and reroll_ones and (target > 1 or s.rules.natural_one_misses):
        d = s.roll()
        shown += f"↻{d}"
    ok, second = _judge(s, target, d)
    if second is not None:
        shown += f"+{second}"
    if seen is not None:
        seen.append(shown)
    return ok


def _judge(s: EpicState, target: int, d: int) -> tuple[bool, int | None]:
    """Whether die `d` makes `target`+, with the second die of a 7+ when one is rolled."""
    if target <= 1:
        return d > 1 or not s.rules.natural_one_misses, None
    if target <= 6:
        return d >= target, None
    if s.rules.seven_plus == "impossible" or d != 6:
        return False, None
    if s.rules.seven_plus == "naturalSix":
        return True, None
    if target - 3 > 6:
        return False, None
    second = s.roll()
    return second >= target - 3, second


def elite_left(s: EpicState, st: Stand) -> int:
    """EP-4.1: re-rolls only for stands with Elite; the pool is the player's (AMB-EP-4b)
    or the detachment's (`elite.scope=detachment`)."""
    if not st.profile.has("elite") or not s.elite_use[st.side]:
        return 0  # EP-4.1: Elite stands only, when their player spends them (elite.py)
    if s.rules.elite_scope == "detachment":
        return s.dets[st.det].elite
    return s.elite[st.side]


def spend_elite(s: EpicState, st: Stand) -> None:
    if s.rules.elite_scope == "detachment":
        s.dets[st.det].elite -= 1
    else:
        s.elite[st.side] -= 1
    s.log.append(Msg("epic.ev.elite", {"unit": f"epic.unit.{st.unit}"}, "EP-4.1"))


Dice = list[tuple[int, str]]
"""Dice as an event shows them (issue 18): (target, values) per die, e.g. (4, "1↻5")."""


class Roll:
    """One roll of several dice by one stand: Elite may re-roll one failed die of it
    (EP-4.2), only for to-hit, save and Assault rolls (EP-4.3)."""

    def __init__(self, s: EpicState, st: Stand, dice: Dice | None = None) -> None:
        self.s, self.st, self.elite_spent, self.dice = s, st, False, dice

    def die(self, target: int, reroll_ones: bool = False) -> bool:
        """One die against `target`+; its values go to `dice` (a re-roll shows as "2↻5")."""
        seen: list[str] = []
        ok = success(self.s, target, reroll_ones, seen)
        if not ok and not self.elite_spent and elite_left(self.s, self.st) > 0:
            self.elite_spent = True
            spend_elite(self.s, self.st)
            ok = success(self.s, target, seen=seen)
        return self._keep(target, seen, ok)

    def plain(self, target: int) -> bool:
        """One die no Elite may re-roll (cover, a second fixed save), recorded too."""
        seen: list[str] = []
        return self._keep(target, seen, success(self.s, target, seen=seen))

    def _keep(self, target: int, seen: list[str], ok: bool) -> bool:
        if self.dice is not None:
            self.dice.append((target, "↻".join(seen)))
        return ok


def show_dice(dice: Dice) -> str:
    """Dice grouped by target in the order first rolled: "4+ → 6 3 · 5+ → 2", "—" if none.

    The text goes into events as an argument, the same in both languages: an arrow and a
    middle dot read alike in French and English (a colon would need a space before it in
    French only)."""
    groups: dict[int, list[str]] = {}
    for target, shown in dice:
        groups.setdefault(target, []).append(shown)
    return " · ".join([f"{t}+ → {' '.join(v)}" for t, v in groups.items()]) or "—"
