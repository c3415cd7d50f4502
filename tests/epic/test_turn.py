"""The playable Epic turn: hidden orders, initiative, movement, shooting, assault, end.

Test names carry no rule ID on purpose (the rule-coverage report lists those); the
docstrings name the rules each test checks.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.registry import get
from arbitre.engine.rng import Rng
from arbitre.games.epic import combat_phase, turn
from arbitre.games.epic.config import resolve
from arbitre.games.epic.geometry import Point, coherent, in_zoc
from arbitre.games.epic.state import TURNS, Det, EpicState, Frame, Stand

R = get("epic")


class Dice:
    """Stands in for the state's RNG: hands out fixed D6 results."""

    def __init__(self, rolls: list[int]) -> None:
        self.rolls = list(rolls)

    def die(self, sides: int = 6) -> int:
        return self.rolls.pop(0)


def rigged(s: EpicState, rolls: list[int]) -> None:
    s.rng = Dice(rolls)  # type: ignore[assignment]


def new_at_orders(seed: int) -> EpicState:
    """A new game past setup (starting altitudes, infiltration: first options)."""
    s: EpicState = R.new({}, seed)
    while (d := R.decision(s)) is not None and d.kind != "epic.order":
        R.apply(s, d.keys()[0])
    return s


def order_all(s: EpicState, orders: dict[int, str]) -> None:
    """Answer every order decision: `orders[side]` for each of that side's detachments."""
    while (d := R.decision(s)) is not None and d.kind == "epic.order":
        R.apply(s, orders[d.seat])


def tiny(rules: dict[str, Any] | None = None) -> EpicState:
    """Two one-stand detachments face to face, 40 cm apart."""
    s = EpicState(rules=resolve(rules), rng=Rng.from_seed(1))
    s.dets = [Det(0, 0, "tactiques", "tactiques", 1), Det(1, 1, "mille_fils", "mille_fils", 1)]
    s.stands = {
        0: Stand(0, 0, 0, "tactiques", 50.0, 40.0, 1),
        1: Stand(1, 1, 1, "mille_fils", 50.0, 80.0, 1),
    }
    return s


def test_EPC_9_orders_are_private_decisions_one_per_detachment() -> None:
    """EPC-9: each detachment gets a face-down order, seat 0 first, then seat 1."""
    s = new_at_orders(3)
    seen = []
    while (d := R.decision(s)) is not None and d.kind == "epic.order":
        assert d.private and set(d.keys()) == set(turn.GIVEN_ORDERS)
        seen.append(d.seat)
        R.apply(s, "charge")
    dets = [d.side for d in s.dets]
    assert seen == sorted(dets)


def test_EPC_9_enemy_orders_stay_hidden_until_the_movement_phase() -> None:
    """EPC-9: the other seat sees that an order was given, not which, until revealed."""
    s = new_at_orders(3)
    d = R.decision(s)
    assert d is not None
    R.apply(s, "avance")
    theirs = R.view(s, 1)["detachments"][0]
    mine = R.view(s, 0)["detachments"][0]
    assert theirs["order"] == "hidden" and mine["order"] == "avance"
    order_all(s, {0: "avance", 1: "tir_appuye"})
    assert s.phase == "movement"
    assert all(x["order"] != "hidden" for x in R.view(s, 1)["detachments"])


def test_determinize_resamples_only_hidden_enemy_orders() -> None:
    """EPC-9: hidden orders are what a seat cannot know; its view does not change."""
    s = new_at_orders(5)
    for _ in range(3):
        R.apply(s, "charge")
    changed = False
    for k in range(20):
        other = R.determinize(s, 1, Rng(k))
        assert R.view(other, 1) == R.view(s, 1)
        changed |= [d.order for d in other.dets] != [d.order for d in s.dets]
        assert [d.order for d in other.dets if d.side == 1] == [
            d.order for d in s.dets if d.side == 1
        ]
    assert changed


def test_EPC_10_initiative_goes_to_the_higher_roll_and_ties_alternate() -> None:
    """Research §3.3: higher D6 starts; a tie goes to last turn's other player."""
    s = tiny()
    s.stack = [Frame("movement", 0), Frame("initiative", 0)]
    rigged(s, [2, 5])
    turn.auto_initiative(s, s.stack[-1])
    assert s.initiative == 1 and s.stack[-1].data["side"] == 1
    s.stack.append(Frame("initiative", 0))
    rigged(s, [4, 4])
    turn.auto_initiative(s, s.stack[-1])
    assert s.initiative == 0


def test_EPC_11_moves_are_validated_block_moves_within_the_allowance() -> None:
    """EPC-9 allowance, EP-2.5 zones of control, EP-2.6 coherency on every candidate."""
    s = new_at_orders(11)
    order_all(s, {0: "avance", 1: "tir_appuye"})
    d = R.decision(s)
    assert d is not None and d.kind == "epic.activate"
    offered = d.keys()
    assert all(s.dets[int(k.split(":")[1])].order == "avance" for k in offered)
    R.apply(s, offered[0])
    did = s.stack[-1].data["det"]
    moves = turn.move_options(s, did)
    assert moves[0] == (0.0, 0.0)
    mine = s.alive(did)
    enemies = [st for st in s.stands.values() if st.side != s.dets[did].side]
    for dx, dy in moves:
        assert (dx * dx + dy * dy) ** 0.5 <= mine[0].profile.move + 1e-6
        dests = [Point(st.x + dx, st.y + dy) for st in mine]
        assert coherent(dests, s.rules)
        assert not any(in_zoc(p, e.point, e.profile.cls) for p in dests for e in enemies)
    d = R.decision(s)
    assert d is not None and d.kind == "epic.move" and len(d.options) == len(moves)


def test_EPC_8_EPC_17_a_charge_may_reach_base_contact_and_assaults() -> None:
    """EPC-9: Charge doubles the move and may engage (EPC-8); then an assault (EPC-17)."""
    s = tiny()
    s.stands[1].y = 55.0  # 15 cm away: within a 20 cm charge
    s.dets[0].order, s.dets[1].order = "charge", "tir_appuye"
    moves = turn.move_options(s, 0)
    contact = 2 * s.rules.base_radius
    reach = [m for m in moves if abs(Point(50 + m[0], 40 + m[1]).to(Point(50, 55)) - contact) < 0.1]
    assert reach
    s.stands[0].y += reach[0][1]
    assert combat_phase.actions(s, 0) == ["assault:0"]


def test_EPC_17_assault_duel_loser_loses_a_wound_without_save() -> None:
    """EPC-17: 2D6 + FA each; the higher total wins, the loser loses a wound, no save."""
    s = tiny()
    s.stands[1].y = 42.0
    s.dets[0].order = "charge"
    rigged(s, [6, 6, 1, 1])  # 12 + 3 against 2 + 4
    combat_phase.assault(s, 0)
    assert 1 not in s.stands and s.dets[1].lost == 1 and s.dets[1].broken


def test_EPC_17_assault_tie_does_nothing() -> None:
    """EPC-17: a tie leaves both stands unharmed."""
    s = tiny()
    s.stands[1].y = 42.0
    rigged(s, [3, 4, 3, 3])  # 7 + 3 against 6 + 4
    combat_phase.assault(s, 0)
    assert len(s.stands) == 2


def test_EPC_12_EPC_13_shooting_rolls_to_hit_then_the_save() -> None:
    """EPC-12 to hit, EPC-13 save (4+ fixed save of the Mille Fils ignores PA)."""
    s = tiny()
    s.stands[1].y = 65.0  # 25 cm: in range of the 30 cm bolters
    s.dets[0].order = "avance"
    assert combat_phase.targets(s, 0) == [1]
    rigged(s, [5, 3])  # hit on 5+, save failed on 3 (needs 4+)
    combat_phase.shoot(s, 0, 1)
    assert 1 not in s.stands
    s = tiny()
    s.stands[1].y = 65.0
    rigged(s, [5, 4])  # hit, saved
    combat_phase.shoot(s, 0, 1)
    assert 1 in s.stands


def test_EPC_19_tir_appuye_rerolls_ones_to_hit() -> None:
    """EPC-9/EPC-19: an unrevealed Tir Appuyé re-rolls a 1 to hit."""
    s = tiny()
    rigged(s, [1, 6])
    assert combat_phase.success(s, 5, reroll_ones=True)
    rigged(s, [1, 6])
    assert not combat_phase.success(s, 5, reroll_ones=False)


def test_AMB_EP_2_seven_plus_needs_a_six_then_a_four() -> None:
    """AMB-EP-2 (default sixThen): 7+ is a 6 then 4+ on a second D6."""
    s = tiny()
    rigged(s, [6, 4])
    assert combat_phase.success(s, 7)
    rigged(s, [6, 3])
    assert not combat_phase.success(s, 7)
    s = tiny({"roll.sevenPlus": "impossible"})
    rigged(s, [6])
    assert not combat_phase.success(s, 7)


def test_EPC_28_a_broken_army_loses_at_the_end_phase() -> None:
    """Research §3.8/3.9: an army with half its detachments broken loses."""
    s = tiny()
    s.dets[1].lost = 1
    s.stack = [Frame("end", 0)]
    turn.auto_end(s, s.stack[-1])
    assert s.over and s.outcome["winner"] == 0 and s.outcome["reason"] == "broken"
    result = R.result(s)
    assert result is not None and result.scores == (1.0, 0.0)


def test_the_game_ends_after_the_last_turn_on_points() -> None:
    """Research §3.9: after the set number of turns, break points decide; else a draw."""
    s = tiny()
    s.turn = TURNS
    s.stack = [Frame("end", 0)]
    turn.auto_end(s, s.stack[-1])
    assert s.over and s.outcome["winner"] == -1
    result = R.result(s)
    assert result is not None and result.scores == (0.5, 0.5)
    s = tiny()
    s.stack = [Frame("end", 0)]
    turn.auto_end(s, s.stack[-1])
    assert not s.over and s.turn == 2 and s.stack[-1].kind == "turn"
