"""Why a choice is refused: the rule behind it, for a person asking "why can't I?"."""

from __future__ import annotations

from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg
from arbitre.games.champs.logic import enemy_at, heroes_at, occupancy
from arbitre.games.champs.state import PLAYERS, ChampsState


def why_not(s: ChampsState, decision: Decision, key: str) -> Msg:
    """The rule that forbids `key` here, or none: an unknown key cites no rule of the game."""
    verb, _, rest = key.partition(":")
    rule: str | None = None
    reason = "champs.why_not.not_offered"
    try:
        if decision.kind == "champs.turn" and verb == "act":
            cell = s.bf.parse(rest)
            if cell is not None:
                seat = decision.seat
                side = s.side_of_seat(seat)
                others = [h for h in heroes_at(s, cell) if h.seat != seat]
                if others and not any(h.seat == seat for h in heroes_at(s, cell)):
                    rule, reason = "CB-38", "champs.why_not.other_hero"
                elif s.stack[-1].data.get("used", 0) >= 2:
                    rule, reason = "CB-30", "champs.why_not.two_activations"
                elif not any(u.cell == cell and u.side == side for u in s.units.values()) and not (
                    side == PLAYERS and heroes_at(s, cell)
                ):
                    rule, reason = "CB-31", "champs.why_not.not_your_troop"
        elif decision.kind == "champs.activation" and verb in ("attack", "fire"):
            src_s, _, dst_s = rest.partition(">")
            src, dst = s.bf.parse(src_s), s.bf.parse(dst_s)
            if src is not None and dst is not None:
                side = s.side_of_seat(decision.seat)
                if not enemy_at(s, dst, side, occupancy(s)):
                    rule, reason = "CB-32", "champs.why_not.no_enemy"
                elif verb == "attack" and s.geo.distance(src, dst) > 1:
                    rule, reason = "CB-32", "champs.why_not.not_adjacent"
                elif verb == "fire":
                    rule, reason = "CB-15", "champs.why_not.range"
        elif decision.kind == "champs.deploy" and verb == "cell" and decision.rules:
            cell = s.bf.parse(rest)
            if cell is not None:  # on the board, yet not a place this deployment allows
                rule, reason = decision.rules[0], "champs.why_not.not_start_line"
        elif decision.kind == "champs.move" and verb == "to":
            cell = s.bf.parse(rest)
            if cell is not None and cell in s.bf.obstacles:
                rule, reason = "CB-40", "champs.why_not.obstacle"
            elif cell is not None and enemy_at(
                s, cell, s.side_of_seat(decision.seat), occupancy(s)
            ):
                rule, reason = "CB-42", "champs.why_not.enemy_cell"
            else:
                rule, reason = "CB-37", "champs.why_not.too_far"
    except (ValueError, IndexError):
        pass
    if rule is None:
        return Msg("champs.illegal_plain", {"key": key, "reason": "champs.why_not.not_offered"})
    return Msg("champs.illegal", {"key": key, "reason": reason, "rules": rule}, rule)
