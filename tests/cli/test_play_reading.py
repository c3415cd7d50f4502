"""Reading the game at the prompt: `card NAME`, `zone NAME`, `rule ID`, `board`; the board
is drawn again only when it changed (or on `board`)."""

from __future__ import annotations

from arbitre.engine import get
from arbitre.games.heresy.content import default_content

HERESY = ["play", "heresy", "--seats", "human,random", "--seed", "18"]


def after_prompt(output: str) -> str:
    """What was printed once the first question was asked."""
    return output[output.index("› ") :]


def test_card_names_in_either_language_and_its_values(cli):
    result = cli([*HERESY, "--lang", "en"], input="card noose of ruin\ncard ASSAUT\nquit\ny\n")
    assert result.exit_code == 0, result.output
    out = " ".join(after_prompt(result.output).split())
    noose = default_content().combat["noose_of_ruin"]
    assert f"Noose of Ruin / {noose.name('fr')} — Combat card · Traitor" in out
    assert f"Effect: {noose.effect_en}" in out
    # one name, two cards: the Imperium's and the Traitor's Assault
    assert "Assault / Assaut — Order card · Imperium · cost 3" in out
    assert "Assault / Assaut — Order card · Traitor" in out


def test_card_in_french_says_when_a_text_is_english(cli):
    result = cli(HERESY, input="card piège\ncard xyz\ncard rass\nquit\no\n")
    out = " ".join(after_prompt(result.output).split())
    assert "Piège / Noose of Ruin — carte Combat · Traître" in out
    assert "Rien ne s'appelle « xyz »." in out
    assert "Plusieurs réponses pour « rass » : Harceler l'Ennemi, Rassembler" in out


def crevasse_zone() -> tuple[str, str]:
    c = default_content()
    edge = next(e for e in c.edges if e.crevasse)
    return edge.zones


def test_zone_neighbours_crevasses_fortification_and_contents(cli):
    c = default_content()
    a, b = crevasse_zone()
    name = c.zones[a].name("fr")
    result = cli(HERESY, input=f"zone palais interieur\nzone {name}\nquit\no\n")
    out = " ".join(after_prompt(result.output).split())
    assert "Palais Intérieur — secteur : Palais · fortifiée · empilement 3" in out
    assert "Voisines : Monastère Forteresse des Imperial Fists" in out
    assert "Maintenant : Palais Intérieur ◆: 3×Adeptus Custodes[4] ★L'Empereur" in out
    assert f"{c.zones[b].name('fr')} (crevasse)" in out


def test_rule_texts_in_the_chosen_language_and_unknown_ids(cli):
    text = get("heresy").rule_ids()[0]
    fr = cli(HERESY, input="rule hh-2.1\nrègle HH-99.9\nquit\no\n")
    out = " ".join(after_prompt(fr.output).split())
    assert "HH-2.1 : La partie se joue à deux exactement." in out
    assert "HH-99.9 : aucun texte connu pour cette règle." in out
    en = cli([*HERESY, "--lang", "en"], input="rule HH-2.1\nrule\nquit\ny\n")
    out = " ".join(after_prompt(en.output).split())
    assert "HH-2.1: The game is for exactly two players." in out
    assert "résumé" not in out and text


def test_card_and_zone_are_heresy_only_and_rule_works_everywhere(cli):
    result = cli(
        ["play", "champs", "--seats", "human,random,random", "--seed", "3", "--lang", "en"],
        input="card x\nzone y\nrule CB-17\nquit\ny\n",
    )
    out = " ".join(after_prompt(result.output).split())
    assert "The card command does not exist for this game." in out
    assert "The zone command does not exist for this game." in out
    assert "CB-17: " in out and "no text known" not in out


def test_board_is_redrawn_only_when_it_changed_or_asked(cli):
    # (an answer that changes the board redraws it: the other tests of tests/cli check that)
    result = cli(HERESY, input="board\nquit\no\n")
    assert result.output.count("L'Hérésie d'Horus · Tour") == 2  # the first screen, then `board`
    quiet = cli(HERESY, input="help\nlog\nrule\nquit\no\n")
    # reading changes nothing on the board: it is not drawn again
    assert quiet.output.count("L'Hérésie d'Horus · Tour") == 1
