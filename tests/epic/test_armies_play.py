"""Games from two armies (issue 16): every pair of army lists starts, deploys and plays to
the end with random and AI agents; deployment by the players is a point decision refused
with its rule (EPC-3 out of the zone, EP-2.4 overlapping, EPC-11 impassable terrain); the
default battle is unchanged (golden games)."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pytest

from arbitre.engine import conformance
from arbitre.engine.registry import get
from arbitre.engine.rng import Rng
from arbitre.engine.ruleset import IllegalChoice
from arbitre.games.epic import deployment, forces
from arbitre.games.epic.ai import EpicAI
from arbitre.games.epic.armies import army_lists
from arbitre.games.epic.geometry import Area
from arbitre.games.epic.state import EpicState

R = get("epic")
LISTS = sorted(army_lists())
LEVELS = (2000, 4000)


def _play(config: dict[str, object], seed: int, agents: str) -> EpicState:
    state: EpicState = R.new(config, seed)
    rng = Rng.from_seed(seed)
    ais = [EpicAI(seed * 2), EpicAI(seed * 2 + 1)]
    for _ in range(20000):
        d = R.decision(state)
        if d is None:
            break
        if agents == "ai":
            key = ais[d.seat].choose(R, state, d)
        else:
            keys = d.keys()
            key = keys[rng.below(len(keys))]
        R.apply(state, key)
    assert state.over, "the game did not reach its end"
    return state


def _army(a: str, b: str, level: int = 2000) -> dict[str, object]:
    return {"army.0": f"{a}@{level}", "army.1": f"{b}@{level}"}


def _to_deploy(config: dict[str, object], seed: int = 1) -> EpicState:
    state: EpicState = R.new(config, seed)
    assert state.stack[-1].kind == "deploy"
    return state


def test_EPC_3_every_list_has_ready_made_armies_at_two_levels() -> None:
    from arbitre.games.epic import ready_made

    names = ready_made.names()
    for lst in LISTS:
        assert {f"{lst}@{p}" for p in LEVELS} <= set(names)
        label = ready_made.labels(f"{lst}@2000")
        assert "2000" in label["fr"] and "2000" in label["en"]
        # each language names the army in its own words (the lobby's menus)
        assert " — " in label["fr"] and " — " in label["en"] and label["fr"] != label["en"]


@pytest.mark.parametrize(("a", "b"), list(itertools.product(LISTS, LISTS)))
def test_EPC_3_every_pair_of_lists_plays_to_the_end_with_ai_and_random(a: str, b: str) -> None:
    ai = _play(_army(a, b), 3, "ai")
    assert ai.outcome["winner"] in (-1, 0, 1)
    rnd = _play(_army(a, b, 4000), 5, "random")
    assert rnd.outcome["turn"] >= 1
    deployed = [d for d in rnd.dets if d.side == 0]
    assert deployed and all(d.spec.endswith(f".0.{i}") for i, d in enumerate(deployed))


@pytest.mark.parametrize(("a", "b"), list(itertools.product(LISTS, LISTS)))
def test_EPC_3_conformance_harness_on_games_from_armies(a: str, b: str) -> None:
    records = conformance.check_all(R, [_army(a, b)], seeds=range(1))
    assert len(records) == 1


@pytest.mark.parametrize(
    ("a", "b"),
    [("chaos", "chaos"), ("eldar", "chaos"), ("garde_imperiale", "space_marines")],
)
def test_EPC_18_conformance_at_4000_points_template_aims_read_differently(a: str, b: str) -> None:
    """Two template aim points hitting the same stands once left identical records: each
    placement is now told with its point (EPC-18, EP-16.41)."""
    records = conformance.check_all(R, [_army(a, b, 4000)], seeds=range(1))
    assert len(records) == 1


def test_EPC_3_the_ai_deploys_every_detachment_in_its_zone() -> None:
    state = _to_deploy(_army("garde_imperiale", "chaos"), 2)
    ais = [EpicAI(1), EpicAI(2)]
    keys = []
    while state.stack[-1].kind == "deploy":
        d = R.decision(state)
        assert d is not None and d.kind == "epic.move"
        key = ais[d.seat].choose(R, state, d)
        keys.append(key)
        R.apply(state, key)
    assert any(k != "p:0" for k in keys), "the AI picks spots of its zone"
    for st in state.stands.values():
        zones = deployment.zones(state, st.side)
        assert deployment.in_zone(zones, st.x, st.y), (st.unit, st.x, st.y)
    # ...and the artillery stands behind the assault troops (ai_deploy.role)
    alive = [x for x in state.dets if state.alive(x.did)]
    for det in alive:
        if ai_role(state, det.did) != "rear":
            continue
        y = state.alive(det.did)[0].y
        front = [
            state.alive(x.did)[0].y
            for x in alive
            if x.side == det.side and ai_role(state, x.did) == "front"
        ]
        if front:
            assert (y <= max(front)) if det.side == 0 else (y >= min(front))


def ai_role(state: EpicState, did: int) -> str:
    from arbitre.games.epic.ai_deploy import role

    return role(state, did)


def test_EPC_3_deployment_alternates_and_players_see_each_placement() -> None:
    state = _to_deploy(_army("space_marines", "chaos"))
    seats = []
    for _ in range(4):
        d = R.decision(state)
        assert d is not None and not d.private
        seats.append(d.seat)
        R.apply(state, "p:0")
        view = R.view(state, 1 - d.seat)  # the other player sees where it went
        assert any(ev.key == "epic.ev.deployed" for ev in R.events(state))
        assert view["detachments"]
    assert seats == [0, 1, 0, 1]


def test_EPC_3_a_point_outside_the_zone_is_refused_with_the_rule() -> None:
    state = _to_deploy(_army("space_marines", "eldar"))
    before = R.snapshot(state)
    with pytest.raises(IllegalChoice) as err:
        R.apply(state, "90,60")  # the middle of the table
    assert err.value.msg.key == "epic.deploy.out_of_zone"
    assert err.value.msg.rule == "EPC-3"
    assert R.snapshot(state) == before
    with pytest.raises(IllegalChoice) as err:
        R.apply(state, "-5,10")
    assert err.value.msg.rule == "EPC-3"


def test_EP_2_4_a_point_on_another_stand_is_refused() -> None:
    state = _to_deploy(_army("space_marines", "eldar"))
    did = state.stack[-1].data["todo"][0]
    other = next(st for st in state.stands.values() if st.side == 0 and st.det != did)
    with pytest.raises(IllegalChoice) as err:
        R.apply(state, f"{other.x},{other.y}")
    assert err.value.msg.key == "epic.deploy.overlap"
    assert err.value.msg.rule == "EP-2.4"


def test_EPC_11_a_point_in_impassable_terrain_is_refused() -> None:
    state = _to_deploy(_army("space_marines", "eldar"))
    lake = Area("impassable", 150.0, 2.0, 175.0, 12.0)
    state.table = dataclasses.replace(
        state.table, areas=(*state.table.areas, lake), structure=(*state.table.structure, 0)
    )
    with pytest.raises(IllegalChoice) as err:
        R.apply(state, "160,6")
    assert err.value.msg.key == "epic.deploy.impassable"
    assert err.value.msg.rule == "EPC-11"


def test_EPC_3_a_legal_point_moves_the_detachment_as_a_block() -> None:
    state = _to_deploy(_army("space_marines", "eldar"))
    did = state.stack[-1].data["todo"][0]
    mine = sorted(state.alive(did), key=lambda st: st.sid)
    shape = [(st.x - mine[0].x, st.y - mine[0].y) for st in mine]
    R.apply(state, "140,20")
    moved = sorted(state.alive(did), key=lambda st: st.sid)
    assert (moved[0].x, moved[0].y) == (140.0, 20.0)
    after = [(round(st.x - 140.0, 6), round(st.y - 20.0, 6)) for st in moved]
    assert after == [(round(x, 6), round(y, 6)) for x, y in shape]


def test_EPC_3_the_view_shows_the_zone_while_deploying() -> None:
    state = _to_deploy(_army("eldar", "chaos"))
    reach = R.view(state, 0)["reach"]
    assert reach["zones"] == [[0.0, 0.0, 180.0, 30.0]]
    assert reach["det"] == state.stack[-1].data["todo"][0]


def test_EPC_3_default_battle_has_no_deployment_step_golden() -> None:
    """The golden games: the default config is set up exactly as before (fixed rows)."""
    state = R.new({}, 7)
    assert all(f.kind != "deploy" for f in state.stack)
    fixed = R.new({"deployment": "fixed"}, 7)
    assert R.snapshot(fixed)["stands"] == R.snapshot(state)["stands"]


def test_EPC_3_starter_battle_with_deployment_by_the_players() -> None:
    state = R.new({"deployment": "players"}, 4)
    assert state.stack[-1].kind == "deploy"
    end = _play({"deployment": "players"}, 4, "ai")
    assert end.over


def test_EP_7_2_infiltration_and_altitudes_come_after_deployment() -> None:
    state = _to_deploy(_army("eldar", "space_marines"))
    kinds = [f.kind for f in state.stack]
    assert kinds.index("deploy") > kinds.index("infiltrate")  # the top of the stack runs first
    if "altitude" in kinds:
        assert kinds.index("deploy") > kinds.index("altitude")


def test_EPC_3_army_option_values_are_checked() -> None:
    with pytest.raises(ValueError, match=r"army\.0"):
        forces.resolve_force("nowhere@12", 0)
    assert forces.resolve_force(None, 1).name_en.startswith("Thousand Sons")
    assert forces.army_items(["imperium=a.toml", "1=chaos@2000"]) == [
        "army.0=a.toml",
        "army.1=chaos@2000",
    ]
    assert forces.army_items(["eldar@2000", "chaos@4000"]) == [
        "army.0=eldar@2000",
        "army.1=chaos@4000",
    ]
    with pytest.raises(ValueError, match="chaos"):
        forces.army_items(["chaos=x.toml"])
    with pytest.raises(ValueError):
        forces.army_items(["0=a.toml", "imperium=b.toml"])


def test_EPC_3_an_army_file_plays(tmp_path: Path) -> None:
    from arbitre.games.epic.armies import ready_made, to_toml

    path = tmp_path / "army.toml"
    path.write_text(to_toml(ready_made("eldar", 2000)), "utf-8")
    state = R.new({"army.0": str(path), "army.1": "chaos@2000"}, 1)
    assert state.dets[0].side == 0 and state.stack[-1].kind == "deploy"


def test_EPC_3_a_saved_army_plays_as_the_version_it_started_with(tmp_path: Path) -> None:
    """A game names a saved army pinned `name@sha12` (the library's `pin`): editing the
    army afterwards does not change that game (saves and replays stay reproducible)."""
    from arbitre.engine import library, library_saved
    from arbitre.games.epic.armies import ready_made, to_toml

    library_saved.use_dir(tmp_path)
    try:
        owner = library_saved.owner_of("token-of-the-author")
        library_saved.save("epic.army", "mine", to_toml(ready_made("eldar", 2000)), owner)
        pinned = library.pin("epic.army", "mine")
        assert pinned.startswith("mine@")
        first = R.new({"army.0": pinned, "army.1": "chaos@2000"}, 3)
        library_saved.save("epic.army", "mine", to_toml(ready_made("eldar", 4000)), owner)
        again = R.new({"army.0": pinned, "army.1": "chaos@2000"}, 3)
        assert R.snapshot(again) == R.snapshot(first)
        newer = R.new({"army.0": "mine", "army.1": "chaos@2000"}, 3)
        assert len(newer.dets) > len(first.dets)  # the 4000-point version
    finally:
        library_saved.use_dir(None)
