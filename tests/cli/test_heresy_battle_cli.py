"""A battle on the Hérésie d'Horus board: the view carries the battle in progress, the
board draws it (names, not ids; the opponent's Combat hand as a count), the decisions
have readable kinds, and a hotseat game plays through a battle in the terminal."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from arbitre.cli import render_heresy
from arbitre.engine import get
from arbitre.engine.i18n import has_message
from arbitre.games.heresy.content import default_content
from tests.cli.hotseat import hotseat_lines
from tests.heresy.flow_helpers import SETUP_KINDS, past_setup

R: Any = get("heresy")
C = default_content()
# seed 2 (Mortarion engaged: the Imperium's units count one rank lower, so it draws 1 card):
# the Traitor executes Assaut from hand on the Imperial Plateau (south)
JOIN = [
    "action:hand",
    "card:traitor_assault",
    "sector:imperial_plateau",
    "target:plateau_south",
    "origin:eternity_wall_spaceport",
    "unit:eternity_wall_spaceport:chaos_space_marines/death_guard",
    "unit:eternity_wall_spaceport:chaos_titan/nurgle",
    "hero:mortarion",
]
BATTLE_KINDS = (
    "target origin fly engage first play effect counter free pick shields assign rout advance"
)


def text_of(renderable: Any, width: int = 140) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


# seed 2's Combat decks when these tests were written (only the known cards then), on top
# of today's full decks so that the same cards are drawn
BOOK_DECKS = (
    ["strategic_withdrawal", "angels_of_death", "hunker_down", "hostile_ground"],
    ["noose_of_ruin", "maleficent_plague", "will_of_chaos", "diversionary_tactics",
     "rain_of_death", "blood_for_the_blood_god", "breach", "terrifying"],
)  # fmt: skip
BOOK_HERO_DECKS = (["lead_by_example", "sacrifices_must_be_made"], ["diversionary_tactics_hero"])


def book_decks(s: Any) -> Any:
    for seat in (0, 1):
        for deck, first in ((s.combat_decks[seat], BOOK_DECKS[seat]),
                            (s.hero_decks[seat], BOOK_HERO_DECKS[seat])):  # fmt: skip
            deck[:] = first + [c for c in deck if c not in first]
    return s


def battle_state(*extra: str) -> Any:
    s = book_decks(past_setup(R.new({}, 2)))
    for key in [*JOIN, "done", *extra]:
        R.apply(s, key)
    return s


def test_no_battle_no_block():
    s = R.new({}, 2)
    view = R.view(s, 0)
    assert view["battle"] is None
    assert "⚔" not in text_of(render_heresy.render(view, "fr"))


def test_view_has_the_battle_in_progress_without_the_opponents_cards():
    s = battle_state("first:attacker", "card:diversionary_tactics")
    view = R.view(s, 0)  # the Imperium, defender
    b = view["battle"]
    assert b["attacker"] == "traitor" and b["defender"] == "imperium"
    assert b["card"] == "traitor_assault" and b["sector"] == "imperial_plateau"
    assert b["target"] == "plateau_south" and b["origins"] == ["eternity_wall_spaceport"]
    assert "traitor:eternity_wall_spaceport:chaos_titan/nurgle" in b["engaged"]
    assert "imperium:plateau_south:imperial_army" in b["engaged"]
    assert b["heroes"] == ["mortarion"]
    assert (b["iteration"], b["iterations"], b["active"]) == (1, 6, "traitor")
    assert b["played"] == ["diversionary_tactics"]  # face up
    assert "hands" not in b
    traitor_hand = view["combat"]["hands"]["traitor"]
    assert isinstance(traitor_hand, dict) and set(traitor_hand) == {"combat", "hero"}


def test_board_draws_the_battle_in_french():
    s = battle_state("first:attacker", "card:diversionary_tactics")
    text = text_of(render_heresy.render(R.view(s, 1), "fr"))
    assert "⚔ Bataille en Plateau Impérial (sud)" in text
    assert "Traître attaque, Imperium défend" in text
    assert "ordre Assaut (Plateau Impérial)" in text
    assert "itération 1/6, active : Traître" in text
    assert "Zones d'origine : Spatioport du Mur d'Éternité" in text
    engaged = "Spatioport du Mur d'Éternité : 1×Space Marines du Chaos[3]"
    assert f"Unités engagées du Traître : {engaged}" in text
    assert "★Mortarion" in text
    assert "Cartes jouées : (Traître) Tactiques de Diversion (attaque 3, coût de contre 5)" in text
    assert "Combat du Traître : (5) Piège (boucliers 1, coût de contre 5) ·" in text
    assert "Tactiques de Diversion (Héros, attaque 2, coût de contre 5)" in text
    assert "Combat de l'Imperium : 1 carte Combat, 0 Héros (cachées)" in text
    assert "bataille : effet spécial" in text
    assert "heresy.battle" not in text


def test_board_never_names_the_opponents_combat_cards():
    s = battle_state("first:attacker")
    imperium_cards = {C.combat[c.split("#")[0]].name("en") for c in s.combat_hands[0]}
    traitor_cards = {C.combat[c.split("#")[0]].name("en") for c in s.combat_hands[1]}
    text = text_of(render_heresy.render(R.view(s, 1), "en"))
    assert "⚔ Battle in Imperial Plateau (south)" in text
    assert "Traitor attacks, Imperium defends" in text and "iteration 1/6" in text
    assert all(name in text for name in traitor_cards)
    assert not any(name in text for name in imperium_cards - traitor_cards)
    assert "The Imperium's Combat: 1 Combat card, 0 Heroes (hidden)" in text


def test_damage_to_assign_is_shown():
    s = battle_state("first:attacker", "card:diversionary_tactics")
    while R.decision(s).kind != "heresy.battle.assign":
        keys = list(R.decision(s).keys())
        R.apply(s, "none" if "none" in keys else "accept" if "accept" in keys else "done")
    text = text_of(render_heresy.render(R.view(s, 1), "en"))
    assert f"{s.stack[-1].data['dmg']} damage to assign" in text


def test_joining_shows_no_iteration_nor_combat_hands():
    s = past_setup(R.new({}, 2))
    for key in JOIN[:5]:
        R.apply(s, key)
    view = R.view(s, 1)
    assert view["battle"]["joining"] is True
    text = text_of(render_heresy.render(view, "fr"))
    assert "⚔ Bataille en Plateau Impérial (sud)" in text
    assert "itération" not in text and "Combat du Traître" not in text
    assert "bataille : unités engagées" in text


def test_every_battle_decision_kind_has_a_name():
    for kind in BATTLE_KINDS.split():
        assert has_message(f"cli.heresy.kind.battle.{kind}"), kind
    assert has_message("cli.heresy.kind.coexistence")


def test_hotseat_play_through_a_battle(cli):
    setup: list[str] = []  # the Traitor declines its optional setup steps
    s = R.new({}, 2)
    while (d := R.decision(s)) is not None and d.kind in SETUP_KINDS:
        setup.append("done" if d.find("done") is not None else d.options[0].key)
        R.apply(s, setup[-1])
    for key in [*JOIN, "done", "first:attacker"]:
        R.apply(s, key)
    card = next(o.key for o in R.decision(s).options if o.key.startswith("card:"))
    keys = [*setup, *JOIN, "done", "first:attacker", card]
    answers = [*hotseat_lines("heresy", {}, 2, keys, (0, 1)), "quit"]  # Enter at handovers
    result = cli(
        ["play", "heresy", "--seats", "human,human", "--seed", "2", "--lang", "en"],
        input="\n".join(answers) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "⚔ Battle in Imperial Plateau (south)" in out
    assert "the attacker (Traitor)" in out
    assert C.combat[card[5:].split("#")[0]].name("en") in out
    assert "heresy.battle." not in out and "heresy.q." not in out
