"""Property tests (hypothesis): whatever legal choices are made, the state stays sound."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.games.champs.logic import load, occupancy
from arbitre.games.champs.state import ChampsState
from tests.champs.helpers import R

CONFIGS = [{}, {"players": 1, "heroes": "templier"}, {"players": 4, "battlefield": "defile"}]
PENDING = {"overflow", "travel", "retreat", "trap", "loss"}


def _sound(s: ChampsState) -> None:
    # CB-59, AMB-CB-28: every unit ever placed is on the grid or on the discard pile.
    assert s.next_uid - 1 == len(s.units) + len(s.removed)
    for h in s.heroes:
        assert h.destiny == (1 if h.captured else 0)  # CB-66: one point per capture
    if any(f.kind in PENDING for f in s.stack):
        return
    for cell, units in occupancy(s).items():
        assert cell not in s.bf.obstacles, "a unit on an obstacle (CB-40)"
        assert len({u.side for u in units}) == 1, "both sides on one cell (CB-5)"
        assert load(units) <= 6, "over the stacking cap (CB-6)"
    assert all(c not in s.bf.obstacles for c in s.traps)


@settings(max_examples=30, deadline=None)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 10**6),
    picks=st.lists(st.integers(0, 10**6), min_size=50, max_size=400),
)
def test_CB_5_CB_6_CB_59_CB_66_any_legal_play_keeps_the_state_sound(config, seed, picks):
    s = R.new(config, seed)
    for pick in picks:
        d = R.decision(s)
        if d is None:
            break
        R.apply(s, d.options[pick % len(d.options)].key)
        _sound(s)
    assert (R.decision(s) is None) == (R.result(s) is not None)
