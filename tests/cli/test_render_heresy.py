"""The Hérésie d'Horus board drawn from one seat's view: track, piles, zones, hands, langs."""

from __future__ import annotations

import copy
import re
from typing import Any

from rich.console import Console

from arbitre.cli import render_heresy
from arbitre.cli.render import RENDERERS, render_board
from arbitre.engine import get
from arbitre.games.heresy.content import default_content
from tests.heresy.flow_helpers import past_setup

CONTENT = default_content()


def text_of(renderable, width: int = 120) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def fresh(seed: int = 1):
    """A new game past the Traitor's optional setup steps (corruption, bombardments)."""
    ruleset = get("heresy")
    return ruleset, past_setup(ruleset.new({}, seed))


def fresh_view(seat: int | None = 0, seed: int = 1) -> dict[str, Any]:
    ruleset, state = fresh(seed)
    view: dict[str, Any] = ruleset.view(state, seat)
    return view


def board(view: dict[str, Any], lang: str = "fr", width: int = 120) -> str:
    return text_of(render_heresy.render(view, lang), width)


def card_names(cards, lang: str) -> set[str]:
    return {CONTENT.orders[c.split("#")[0]].name(lang) for c in cards}


def track_rows(text: str) -> list[str]:
    """The track's lines: the numbers line, the icons line and the markers line."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Initiative"))
    return lines[start : start + 3]


def test_heresy_has_a_registered_renderer():
    assert RENDERERS["heresy"] is render_heresy.render
    text = text_of(render_board("heresy", fresh_view(), "fr"))
    assert "L'Hérésie d'Horus" in text
    assert '"units"' not in text  # not the generic JSON fallback


def cell(line: str, n: int, first: int = 1) -> str:
    """The two characters of track space n in one of the track's lines."""
    at = render_heresy.LABEL_WIDTH + render_heresy.CELL * (n - first) + 1
    return line[at : at + 2]


def test_fresh_track_has_34_spaces_both_markers_and_the_icons():
    text = board(fresh_view())
    numbers, icons, markers = track_rows(text)
    assert [int(n) for n in numbers.split()[1:]] == list(range(1, 35))
    assert [cell(numbers, n).strip() for n in range(1, 35)] == [str(n) for n in range(1, 35)]
    # both markers on space 1, the Traitor's on top (HH-12.16): T first
    assert cell(markers, 1) == "TI"
    assert markers.split() == ["TI"]
    assert "au-dessus : Traître" in text
    # every special phase under its space number; nothing triggered yet
    letters = {"event": "É", "order_draw": "O", "restoration": "R"}
    letters.update(spaceport_victory="S", imperial_victory="V", start="▶")
    for space in CONTENT.tracks.initiative.space:
        expected = "".join(letters[i] for i in space.icons)
        assert cell(icons, space.n).strip() == expected, space.n
    assert cell(icons, 17).strip() == "S" and cell(icons, 34).strip() == "V"
    assert "✓" not in icons


def test_track_shows_triggered_phases_and_separate_markers():
    view = fresh_view()
    view["track"] = {"imperium": 8, "traitor": 7, "top": "imperium", "triggered": [3, 6, 7]}
    _numbers, icons, markers = track_rows(board(view))
    assert icons.count("✓") == 3
    assert icons.count("É✓") == 2 and icons.count("O✓") == 1
    assert markers.split() == ["T", "I"]  # traitor on 7, imperium on 8
    assert cell(markers, 7).strip() == "T" and cell(markers, 8).strip() == "I"
    assert cell(icons, 3) == "É✓" and cell(icons, 7) == "O✓" and cell(icons, 9).strip() == "É"


def test_sectors_piles_zones_units_and_heroes():
    text = board(fresh_view(), width=100)  # one column: one zone per line
    for sector in CONTENT.sectors:
        assert sector.name("fr") in text
    assert text.count("pile vide") == 6  # the Traitor's 4 landing orders (setup step 8)
    assert "Palais Intérieur ◆: 3×Adeptus Custodes[4] ★L'Empereur" in text
    assert "Tour des Ombres ◆ L1 ↔: 2×Armée Impériale[1]" in text
    assert "1×Titan du Chaos[4] N" in text  # the Nurgle Titan, with its Power's initial
    assert "3×Space Marines[3] BA ★Sanguinius" in text
    # Heroes not on the map are in their side's reserve
    assert re.search(r"Réserve du Traître :.*★Fulgrim", text.replace("\n", " "))


def test_viewing_seat_sees_its_hand_only():
    ruleset, state = fresh()
    for seat, other in ((0, 1), (1, 0)):
        text = board(ruleset.view(state, seat)).replace("\n", " ")
        mine = card_names(state.hands[seat], "fr")
        theirs = card_names(state.hands[other], "fr") - mine
        assert theirs  # the test means something: names to look for
        for name in mine:
            assert name in text
        for name in theirs:
            assert name not in text, name
        hidden = len(state.hands[other])
        assert f"{hidden} {'carte cachée' if hidden < 2 else 'cartes cachées'}" in text


def test_public_view_hides_both_hands():
    ruleset, state = fresh()
    text = board(ruleset.view(state, None)).replace("\n", " ")
    assert "vue publique" in text
    for hand in state.hands:
        for name in card_names(hand, "fr"):
            assert name not in text, name


def test_pile_top_card_is_seen_by_its_owner_only():
    ruleset, state = fresh()
    assert state.cached is not None and state.cached.seat == 1  # the Traitor starts
    for key in ("action:place", "card:firefight", "pile:volcanus"):
        ruleset.apply(state, key)
    owner = board(ruleset.view(state, 1))
    other = board(ruleset.view(state, 0))
    assert "Volcanus  pile 1: T · dessus : Feu de Combat" in owner
    assert "Volcanus  pile 1: T" in other
    assert "Feu de Combat" not in other
    assert other.count("pile vide") == 5


def test_damage_activation_and_rout_markers():
    view = copy.deepcopy(fresh_view())
    view["units"]["vs_catacombs"] = ["traitor:chaos_titan/nurgle/d2"]
    view["hero_damage"] = {"horus": 1}
    view["activation"] = {"imperium": {"inner_palace": 1}, "traitor": {"vs_catacombs": 2}}
    fr = board(view)
    assert "1×Titan du Chaos[4] N (2 dég.)" in fr
    assert "★Horus (1 dég.)" in fr
    assert "[A-I]" in fr and "[D-T]" in fr
    en = board(view, "en")
    assert "1×Chaos Titan[4] N (2 dmg)" in en
    assert "[A-I]" in en and "[R-T]" in en


def test_english_board_uses_english_names_and_labels():
    text = board(fresh_view(), "en")
    for sector in CONTENT.sectors:
        assert sector.name("en") in text
    assert "Lions Gate Spaceport:" in text and "Porte du Lion" not in text
    assert "empty pile" in text and "pile vide" not in text
    assert "(3) yours: Assemble (cost 1)" in text
    assert "3 hidden cards" in text  # 4 landing orders are on the map
    assert "on top: Traitor" in text
    _numbers, icons, _markers = track_rows(text)
    assert icons.count("E") == len(CONTENT.tracks.initiative.spaces_with("event"))


def test_decision_context_and_unknown_view_fields():
    view = fresh_view(seat=1)
    text = board(view)
    n = len(view["decision"]["options"])
    assert f"À décider : Traître — choix de l'action · {n} option{'s' if n > 1 else ''}" in text
    view["decision"] = {**view["decision"], "order": "firefight"}  # a field the view may gain
    assert "order: firefight" in board(view)


def test_game_over_line():
    view = fresh_view()
    view.update(over=True, winner="imperium", decision=None)
    text = board(view)
    assert "Partie finie : victoire de l'Imperium" in text
    assert "À décider" not in text


def test_fits_120_columns_with_the_track_on_one_line():
    text = board(fresh_view(), width=120)
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 120
    numbers = track_rows(text)[0]
    assert numbers.split()[-1] == "34"
    # two columns of sectors: Vengeful Spirit and Imperial Plateau share a line
    lines = text.splitlines()
    assert any("Vengeful Spirit  pile" in ln and "Plateau Impérial  pile" in ln for ln in lines)


def test_degrades_to_80_columns():
    text = board(fresh_view(), width=80)
    lines = text.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    first = track_rows(text)
    assert first[0].split()[-1] == "17"  # the track is cut in two rows
    second = lines[lines.index(first[2]) + 1]
    assert second.split()[0] == "18" and second.split()[-1] == "34"
    for sector in CONTENT.sectors:
        assert sector.name("fr") in text
