"""Every constraint the rulebook and research state about the board (data/map/README.md).

The real zone list, adjacency and crevasses are not public: the default map is a
reconstruction, and these tests are what makes it faithful to everything that is known.
"""

from __future__ import annotations

import heapq
import itertools

import pytest

from arbitre.games.heresy.content import default_content
from arbitre.games.heresy.content.catalog import Zone
from arbitre.games.heresy.content.geometry import area, centroid, contains, shared_boundary

C = default_content()
G = C.graph
TERRA = [z for z in C.zones if z.terra]
FORTIFIED_KINDS = {"palace", "fortress", "industrial_complex"}


def z(zone_id: str) -> Zone:
    return C.zones[zone_id]


def centre(zone_id: str) -> tuple[float, float]:
    return centroid(z(zone_id).outline)


def of_kind(kind: str) -> set[str]:
    return {x.id for x in C.zones if x.kind == kind}


def palace_box() -> tuple[float, float, float, float]:
    points = [p for x in C.zones if x.kind == "palace" for p in x.outline]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def connected(zones: set[str]) -> bool:
    start = next(iter(zones))
    seen, todo = {start}, [start]
    while todo:
        for n in G.neighbours(todo.pop()) & zones:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == zones


def boundary(a: str, b: str) -> bool:
    """A sector boundary: the two zones share no sector."""
    return not set(z(a).sectors) & set(z(b).sectors)


# --- components and zone types (HH-3.3, HH-4.4, HH-33.2, HH-38.3) --------------------------


def test_HH_3_3_three_industrial_complexes_six_fortresses_one_palace_of_seven_zones():
    assert len(of_kind("industrial_complex")) == 3
    assert len(of_kind("fortress")) == 6
    assert len(of_kind("palace")) == 7


def test_HH_4_4_palace_zones_are_the_named_palace_areas():
    assert of_kind("palace") == {
        "inner_palace",
        "imperial_fists_fortress_monastery",
        "forbidden_fortress",
        "outer_palace_nw",
        "outer_palace_ne",
        "outer_palace_se",
        "outer_palace_sw",
    }
    assert [x.name_fr for x in C.zones if x.id.startswith("outer_palace")] == [
        "Palais Extérieur (nord-ouest)",
        "Palais Extérieur (nord-est)",
        "Palais Extérieur (sud-est)",
        "Palais Extérieur (sud-ouest)",
    ]


def test_HH_4_4_fortresses_and_industrial_complexes_are_the_named_ones():
    assert of_kind("fortress") == {
        "tower_of_shadows",
        "librarium_technologicus",
        "bastion_eternal",
        "fortress_of_truth",
        "citadel_of_justice",
        "the_black_ministry",
    }
    names = {z(i).name_fr for i in of_kind("industrial_complex")}
    assert names == {
        "Complexe Industriel Volcanus",
        "Complexe Industriel Crucible",
        "Complexe Industriel Infurnace",
    }


def test_HH_41_21_four_spaceports_never_fortified():
    ports = of_kind("spaceport")
    assert ports == {
        "eternity_wall_spaceport",
        "lions_gate_spaceport",
        "spaceport_damocles",
        "spaceport_primus",
    }
    assert all(not z(p).fortified and z(p).stacking_limit == 6 for p in ports)


def test_HH_33_2_fortified_zones_are_the_plastic_ones_and_the_command_bridge():
    fortified = {x.id for x in C.zones if x.fortified}
    plastic = {x.id for x in C.zones if x.kind in FORTIFIED_KINDS}
    assert fortified == plastic | {"vs_command_bridge"}
    assert len(fortified) == 17


def test_HH_38_3_HH_33_8_stacking_limit_6_or_3_when_fortified():
    for x in C.zones:
        assert x.stacking_limit == (3 if x.fortified else 6), x.id


def test_HH_38_2_stacking_illustration_p38_lower_bounds():
    # The extracted p.38 picture shows at least 25 printed '6' and 13 printed '3'.
    limits = [x.stacking_limit for x in C.zones]
    assert limits.count(6) >= 25
    assert limits.count(3) >= 13


def test_HH_34_6_crevasses_do_not_fortify_a_zone():
    with_crevasse = {a for e in C.edges if e.crevasse for a in e.zones}
    opens = [i for i in with_crevasse if z(i).kind in ("open", "spaceport")]
    assert opens
    assert all(not z(i).fortified and z(i).stacking_limit == 6 for i in opens)


# --- sectors (HH-18.6 .. HH-18.13) -------------------------------------------------------


def test_HH_18_7_seven_sectors_with_the_board_names():
    assert {s.name_fr for s in C.sectors} == {
        "Vengeful Spirit",
        "Porte du Lion",
        "Crucible",
        "Palais",
        "Plateau Impérial",
        "Sombre Ministère",
        "Volcanus",
    }
    assert all(G.sector_zones(s.id) for s in C.sectors)


def test_HH_18_11_HH_41_6_palace_sector_is_the_seven_contiguous_fortified_palace_zones():
    palace = set(G.sector_zones("palace"))
    assert palace == of_kind("palace")
    assert all(z(p).fortified for p in palace)
    assert connected(palace)


def test_HH_18_6_EX_18_1_sombre_ministere_is_nine_zones_around_damocles():
    ministry = set(G.sector_zones("black_ministry"))
    assert len(ministry) == 9
    assert "spaceport_damocles" in ministry
    assert G.neighbours("spaceport_damocles") <= ministry  # surrounded by its sector
    assert "the_black_ministry" in ministry


def test_HH_18_6_HH_37_12_vengeful_spirit_sector_is_its_two_zones():
    assert set(G.sector_zones("vengeful_spirit")) == {"vs_command_bridge", "vs_catacombs"}


def test_HH_18_10_four_dashed_fortresses_belong_to_every_sector_they_border():
    dashed = [x for x in C.zones if x.dashed]
    assert len(dashed) == 4
    assert all(x.kind == "fortress" for x in dashed)
    for x in C.zones:
        bordered = {s for n in G.neighbours(x.id) if not z(n).dashed for s in z(n).sectors}
        if x.dashed:
            assert set(x.sectors) == bordered, x.id
        else:
            assert len(x.sectors) == 1, x.id


def test_HH_18_10_tour_des_ombres_in_plateau_imperial_and_crucible():
    assert set(z("tower_of_shadows").sectors) == {"imperial_plateau", "crucible"}


def test_HH_18_10_bastion_eternel_in_three_sectors_one_the_plateau():
    sectors = set(z("bastion_eternal").sectors)
    assert len(sectors) == 3
    assert "imperial_plateau" in sectors


def test_HH_18_12_plateau_imperial_is_a_horseshoe_around_the_palace():
    plateau = set(G.sector_zones("imperial_plateau"))
    assert connected(plateau)
    x0, y0, x1, y1 = palace_box()
    centres = [centre(p) for p in plateau]
    assert any(cx < x0 and y0 <= cy <= y1 for cx, cy in centres)  # west arm
    assert any(cy > y1 and x0 <= cx <= x1 for cx, cy in centres)  # south bend
    assert any(cx > x1 for cx, cy in centres)  # east arm
    assert not any(cy < y0 and x0 <= cx <= x1 for cx, cy in centres)  # open to the north


def test_every_sector_is_contiguous():
    for s in C.sectors:
        assert connected(set(G.sector_zones(s.id))), s.id


def test_HH_18_13_sector_boundaries_are_crevasses_or_walls_except_one_division():
    divisions = []
    for e in C.edges:
        a, b = e.zones
        if not boundary(a, b):
            assert not e.region_division
            continue
        wall = z(a).fortified or z(b).fortified
        if e.region_division:
            divisions.append(e)
        else:
            assert e.crevasse or wall, e.zones
    assert len(divisions) == 1
    division = divisions[0]
    a, b = division.zones
    assert not division.crevasse and not z(a).fortified and not z(b).fortified


def test_HH_18_13_the_sector_division_lies_north_of_the_map_centre():
    (edge,) = [e for e in C.edges if e.region_division]
    a, b = (z(i).outline for i in edge.zones)
    shared = [p for p in a if p in b]
    mid_x = sum(p[0] for p in shared) / len(shared)
    mid_y = sum(p[1] for p in shared) / len(shared)
    mx, my, mw, mh = C.board.map
    assert mid_y < my + mh / 2
    assert abs(mid_x - (mx + mw / 2)) < mw / 6


def test_HH_40_14_most_crevasses_are_sector_boundaries_not_all():
    crevasses = [e.zones for e in C.edges if e.crevasse]
    on_boundary = [c for c in crevasses if boundary(*c)]
    assert len(on_boundary) > len(crevasses) / 2
    assert len(on_boundary) < len(crevasses)


# --- named adjacencies -------------------------------------------------------------------


def test_HH_3_13_EX_3_1_eternity_wall_and_tour_des_ombres_adjacent_through_a_wall():
    edge = G.edge("eternity_wall_spaceport", "tower_of_shadows")
    assert edge is not None and not edge.crevasse
    assert z("tower_of_shadows").fortified


def test_EX_37_1_eternity_wall_touches_the_tour_des_ombres_and_two_palace_zones():
    neighbours = G.neighbours("eternity_wall_spaceport")
    assert "tower_of_shadows" in neighbours
    assert len([n for n in neighbours if z(n).kind == "palace"]) == 2


def test_HH_4_4_both_palace_diagram_spaceports_touch_the_palace():
    palace = of_kind("palace")
    for port in ("eternity_wall_spaceport", "lions_gate_spaceport"):
        assert G.neighbours(port) & palace, port


def test_EX_34_1_EX_34_2_citadelle_interdite_borders_lions_gate_and_a_zone_to_its_south():
    citadel = "forbidden_fortress"
    assert z(citadel).name_fr == "Citadelle Interdite"
    assert "lions_gate_spaceport" in G.neighbours(citadel)
    _, cy = centre(citadel)
    south = [n for n in G.neighbours(citadel) if centre(n)[1] > cy and z(n).kind != "palace"]
    assert south


def test_HH_33_5_EX_33_1_librarium_has_three_edge_segments_one_to_the_south_west():
    neighbours = G.neighbours("librarium_technologicus")
    assert len(neighbours) == 3
    lib = z("librarium_technologicus").outline
    lx0 = min(p[0] for p in lib)
    ly1 = max(p[1] for p in lib)
    # a neighbour wraps its west and south sides: the segment to the south-west
    assert any(
        any(p[0] < lx0 for p in z(n).outline) and any(p[1] > ly1 for p in z(n).outline)
        for n in neighbours
    )


def test_HH_37_12_vengeful_spirit_zones_adjacent_only_to_each_other_top_right():
    assert G.neighbours("vs_command_bridge") == {"vs_catacombs"}
    assert G.neighbours("vs_catacombs") == {"vs_command_bridge"}
    mx, my, mw, mh = C.board.map
    for vs in ("vs_command_bridge", "vs_catacombs"):
        assert not z(vs).terra
        x, y = centre(vs)
        assert x > mx + mw * 0.75 and y < my + mh * 0.25


def test_terra_is_connected():
    assert connected({x.id for x in TERRA})


# --- worked examples that need a shape of the board ---------------------------------------


def _cost(start: str, goal: str, crevasse_cost: int, avoid: frozenset[str] = frozenset()) -> float:
    """Cheapest MP cost from start to goal, never entering `avoid` (enemy zones)."""
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        d, here = heapq.heappop(heap)
        if here == goal:
            return d
        for n in G.neighbours(here) - avoid:
            step = crevasse_cost if G.is_crevasse(here, n) else 1
            if d + step < best.get(n, 99):
                best[n] = d + step
                heapq.heappush(heap, (d + step, n))
    return float("inf")


def test_EX_22_1_lions_gate_reachable_with_3_mp_across_a_crevasse_but_not_with_2():
    port = "lions_gate_spaceport"
    assert any(G.is_crevasse(port, n) for n in G.neighbours(port))
    # With the Palace held by the Imperium (the Citadelle Interdite is an enemy zone), some
    # zone is 3 MP away and every such route crosses a crevasse: the Death Guard (3 MP)
    # reach the spaceport, the Daemon Horde (2 MP) in the same zone cannot.
    enemy = frozenset(of_kind("palace"))
    starts = [
        x.id
        for x in TERRA
        if x.id not in enemy
        and _cost(x.id, port, 2, enemy) == 3
        and _cost(x.id, port, 99, enemy) > 3
        and _cost(x.id, port, 1, enemy) < 3
    ]
    assert starts


def test_EX_35_1_an_unfortified_zone_with_crevasse_and_plain_edges():
    found = [
        x.id
        for x in TERRA
        if not x.fortified
        and sum(G.is_crevasse(x.id, n) for n in G.neighbours(x.id)) >= 2
        and any(not G.is_crevasse(x.id, n) for n in G.neighbours(x.id))
    ]
    assert found


def test_HH_36_12_first_scenario_laser_sites():
    sites = {x.id for x in C.zones if x.laser_site}
    assert sites == {
        "imperial_fists_fortress_monastery",
        "forbidden_fortress",
        "outer_palace_nw",
        "fortress_of_truth",
        "tower_of_shadows",
        "the_black_ministry",
    }
    bab = C.scenarios["brother_against_brother"]
    assert {p.zone for p in bab.placement if p.lasers} == sites
    assert sum(p.lasers for p in bab.placement) == 6


def test_holy_terra_asunder_never_impassable_zones_and_room_for_four_apart():
    never = {x.id for x in C.zones if x.never_impassable}
    assert never == {"inner_palace", "vs_command_bridge", "vs_catacombs"} | of_kind("spaceport")
    eligible = [x.id for x in TERRA if not x.never_impassable]
    four_apart = next(
        (
            combo
            for combo in itertools.combinations(eligible, 4)
            if all(b not in G.neighbours(a) for a, b in itertools.combinations(combo, 2))
        ),
        None,
    )
    assert four_apart is not None


# --- tracks of the board (HH-3.10) --------------------------------------------------------


def test_HH_15_1_initiative_track_has_34_spaces_and_its_phase_icons():
    track = C.tracks.initiative
    assert [s.n for s in track.space] == list(range(1, 35))
    assert track.spaces_with("event") == (3, 6, 9, 12, 15, 18, 21, 24, 27, 30)
    assert track.spaces_with("order_draw") == (7, 13, 19, 25, 31)
    assert track.spaces_with("restoration") == (10, 16, 22, 28, 32)
    assert track.spaces_with("start") == (1,)


def test_HH_40_1_HH_40_3_spaceport_victory_on_17_imperial_victory_on_34():
    track = C.tracks.initiative
    assert track.spaces_with("spaceport_victory") == (17,)
    assert track.spaces_with("imperial_victory") == (34,)


def test_HH_32_10_hero_damage_track_sections():
    d = C.tracks.hero_damage
    assert (d.unwounded, d.wounded, d.defeated) == ((1, 5), (6, 9), 10)


# --- research positions (Brother Against Brother diagram, research map.yaml) ---------------


def test_research_sectors_inferred_from_names():
    assert z("lions_gate_spaceport").sectors == ("lions_gate",)
    assert z("volcanus_factory_complex").sectors == ("volcanus",)
    assert z("crucible_factory_complex").sectors == ("crucible",)
    assert z("spaceport_damocles").sectors == ("black_ministry",)


def test_research_forbidden_fortress_is_the_east_end_of_the_palace():
    xs = {p: centre(p)[0] for p in of_kind("palace")}
    assert max(xs, key=xs.__getitem__) == "forbidden_fortress"


def test_research_eternity_wall_west_south_west_lions_gate_east_of_the_palace():
    x0, y0, x1, y1 = palace_box()
    ex, ey = centre("eternity_wall_spaceport")
    assert ex < x0 and ey >= (y0 + y1) / 2
    lx, _ = centre("lions_gate_spaceport")
    assert lx > x1


def test_research_infurnace_north_east_of_palace_north_west_of_lions_gate():
    x0, y0, x1, _ = palace_box()
    fx, fy = centre("infurnace_factory_complex")
    lx, ly = centre("lions_gate_spaceport")
    assert fx > (x0 + x1) / 2 and fy < y0 + 50
    assert fx < lx and fy < ly


def test_research_open_zone_east_of_factory_north_of_lions_gate():
    b = "lions_gate_centre"
    assert {"infurnace_factory_complex", "lions_gate_spaceport"} <= G.neighbours(b)
    assert centre(b)[0] > centre("infurnace_factory_complex")[0]
    assert centre(b)[1] < centre("lions_gate_spaceport")[1]


def test_research_open_zone_between_eternity_wall_and_librarium():
    c = "plateau_south"
    assert {"eternity_wall_spaceport", "librarium_technologicus"} <= G.neighbours(c)
    x0, _, _, y1 = palace_box()
    cx, cy = centre(c)
    assert cx < x0 and cy > (palace_box()[1] + y1) / 2


def test_research_open_zone_just_south_of_the_palace_below_outer_palace_sw():
    f = "plateau_palace_south"
    assert "outer_palace_sw" in G.neighbours(f)
    assert centre(f)[1] > centre("outer_palace_sw")[1]


def test_research_open_zone_south_of_forbidden_fortress_south_west_of_lions_gate():
    g = "plateau_east"
    assert "forbidden_fortress" in G.neighbours(g)
    gx, gy = centre(g)
    lx, ly = centre("lions_gate_spaceport")
    assert gy > centre("forbidden_fortress")[1]
    assert gx < lx + 50 and gy > ly


def test_research_two_zones_north_of_primus_split_by_a_white_line():
    d, e = "volcanus_north_west", "volcanus_north"
    edge = G.edge(d, e)
    assert edge is not None and not edge.crevasse
    for x in (d, e):
        assert "spaceport_primus" in G.neighbours(x)
        assert centre(x)[1] < centre("spaceport_primus")[1]
        assert centre("fortress_of_truth")[0] < centre(x)[0] < centre("librarium_technologicus")[0]


def test_research_open_zone_south_of_primus_west_of_volcanus_complex():
    a = "volcanus_south"
    assert {"spaceport_primus", "volcanus_factory_complex"} <= G.neighbours(a)
    assert centre(a)[1] > centre("spaceport_primus")[1]
    assert centre(a)[0] < centre("volcanus_factory_complex")[0]


def test_research_primus_in_the_south_fortress_of_truth_north_west_of_it():
    _, my, _, mh = C.board.map
    px, py = centre("spaceport_primus")
    assert py > my + mh / 2
    fx, fy = centre("fortress_of_truth")
    assert fy < py and fx < px


# --- drawing -------------------------------------------------------------------------------


def test_outlines_inside_the_board_positions_inside_outlines():
    mx, my, mw, mh = C.board.map
    for x in C.zones:
        assert all(mx <= px <= mx + mw and my <= py <= my + mh for px, py in x.outline), x.id
        assert area(x.outline) > 0
        assert contains(x.outline, x.position), x.id
    bx, by, bw, bh = C.board.initiative_track
    assert by >= my + mh and by + bh <= C.board.height and bx + bw <= C.board.width


@pytest.mark.parametrize("step", [50])
def test_outlines_do_not_overlap(step):
    # The outlines are drawn on a `step` grid, so sampling cell centres is exact.
    assert all(p[0] % step == 0 and p[1] % step == 0 for x in C.zones for p in x.outline)
    mx, my, mw, mh = C.board.map
    covered = 0
    for i in range(int(mw // step)):
        for j in range(int(mh // step)):
            point = (mx + (i + 0.5) * step, my + (j + 0.5) * step)
            inside = [x.id for x in C.zones if contains(x.outline, point)]
            assert len(inside) <= 1, (point, inside)
            covered += len(inside)
    assert sum(area(x.outline) for x in C.zones) == covered * step * step


def test_edges_are_exactly_the_shared_outline_boundaries():
    for a, b in itertools.combinations(C.zones, 2):
        touching = shared_boundary(a.outline, b.outline) > 0
        assert touching == (G.edge(a.id, b.id) is not None), (a.id, b.id)
