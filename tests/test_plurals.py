"""Plurals are Fluent selectors on the number, never the lazy "carte(s)" / "cachée(s)".

Every registered French and English template is free of "(s)", "(x)", "(e)s", "(es)",
"(ies)" and "(nt)" written after a word (but for the allow-list below), and a few
converted messages render the CLDR way: French `one` is 0 and 1, English `one` is 1 only,
with the words that depend on the number (participles, adjectives, verbs) agreeing.
"""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import arbitre.cli
import arbitre.games
from arbitre.engine import i18n
from arbitre.engine.i18n import Msg, render_fluent, translate

# "carte(s)", "caché(e)s", "perdu(e)", "loss(es)", "company(ies)", "recule(nt)"
LAZY = re.compile(r"\w\((?:s|x|e|es|ies|nt)\)")

# Messages allowed to keep a lazy plural, by key, with the reason (none today: every one
# was given a selector on its count).
ALLOWED: dict[str, str] = {}


def _load_catalogs() -> list[str]:
    """Import every module that registers messages (the games, the CLI and its commands);
    the keys of the project's messages, without the toy ones tests register
    (`test.fluent.msg`, `toytest.*`…, some holding "(s)" on purpose)."""
    for package in (arbitre.games, arbitre.cli):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            try:
                importlib.import_module(info.name)
            except ImportError:  # an optional heavy dependency
                continue
    importlib.import_module("arbitre.cli.messages")
    return [k for k in i18n.catalog_keys() if "test" not in k.partition(".")[0]]


def test_no_template_writes_a_lazy_plural() -> None:
    keys = _load_catalogs()
    assert len(keys) > 1000  # the catalogs are loaded: the check means something
    found = {
        f"{key} ({lang}): {i18n.template(key, lang)!r}"
        for key in keys
        if key not in ALLOWED
        for lang in i18n.LANGS
        if LAZY.search(i18n.template(key, lang))
    }
    assert not found, "lazy plurals, write a `{ $n -> … }` selector:\n" + "\n".join(sorted(found))


def test_the_lazy_plural_pattern_catches_what_it_is_meant_to() -> None:
    for text in ("{ $n } carte(s)", "caché(e)s", "perdu(e)", "loss(es)", "company(ies)"):
        assert LAZY.search(text), text
    # a unit of time in brackets, a letter naming a detachment, real plurals
    for text in ("pause (s)", "Marines (a)", "{ $n } cartes", "{ $n ->\n *[other] unités\n}"):
        assert not LAZY.search(text), text


# key, args with the count as `n`, {lang: (text for 0, for 1, for 2)}
CASES: list[tuple[str, dict[str, object], dict[str, tuple[str, str, str]]]] = [
    (  # games/heresy/messages_page.py
        "heresy.summary.drew",
        {"who": "heresy.summary.who.traitor"},
        {
            "fr": (
                "Le Traître a pioché 0 carte Ordre",
                "Le Traître a pioché 1 carte Ordre",
                "Le Traître a pioché 2 cartes Ordre",
            ),
            "en": (
                "The Traitor drew 0 Order cards",
                "The Traitor drew 1 Order card",
                "The Traitor drew 2 Order cards",
            ),
        },
    ),
    (  # cli/messages.py
        "cli.champs.hidden_traps",
        {},
        {
            "fr": ("0 piège caché", "1 piège caché", "2 pièges cachés"),
            "en": ("0 hidden traps", "1 hidden trap", "2 hidden traps"),
        },
    ),
    (  # games/heresy/messages_fire.py: the participle agrees
        "heresy.log.laser_destroyed",
        {"zone": "inner_palace"},
        {
            "fr": (
                "0 laser de défense détruit en Palais Intérieur",
                "1 laser de défense détruit en Palais Intérieur",
                "2 lasers de défense détruits en Palais Intérieur",
            ),
            "en": (
                "0 defense lasers destroyed in Inner Palace",
                "1 defense laser destroyed in Inner Palace",
                "2 defense lasers destroyed in Inner Palace",
            ),
        },
    ),
    (  # games/heresy/messages_setup.py: the verb agrees
        "heresy.log.deploy_skipped",
        {},
        {
            "fr": (
                "Plus de place : 0 pièce reste en réserve.",
                "Plus de place : 1 pièce reste en réserve.",
                "Plus de place : 2 pièces restent en réserve.",
            ),
            "en": (
                "No room left: 0 pieces stay in the reserve.",
                "No room left: 1 piece stays in the reserve.",
                "No room left: 2 pieces stay in the reserve.",
            ),
        },
    ),
    (  # games/epic/messages_armies.py
        "epic.army.supports_without_company",
        {},
        {
            "fr": (
                "0 carte de soutien sans aucune compagnie",
                "1 carte de soutien sans aucune compagnie",
                "2 cartes de soutien sans aucune compagnie",
            ),
            "en": (
                "0 support cards without any company",
                "1 support card without any company",
                "2 support cards without any company",
            ),
        },
    ),
    (  # cli/content_cmd.py
        "cli.content.problems",
        {"path": "pack"},
        {
            "fr": (
                "0 problème dans le paquet pack :",
                "1 problème dans le paquet pack :",
                "2 problèmes dans le paquet pack :",
            ),
            "en": (
                "0 problems in the pack pack:",
                "1 problem in the pack pack:",
                "2 problems in the pack pack:",
            ),
        },
    ),
    (  # games/heresy/messages_fire.py: a fixed "unités" before
        "heresy.q.ev_move_from",
        {},
        {
            "fr": (
                "Déplacer jusqu'à 0 unité depuis quelle zone ?",
                "Déplacer jusqu'à 1 unité depuis quelle zone ?",
                "Déplacer jusqu'à 2 unités depuis quelle zone ?",
            ),
            "en": (
                "Move up to 0 units from which zone?",
                "Move up to 1 unit from which zone?",
                "Move up to 2 units from which zone?",
            ),
        },
    ),
    (  # games/heresy/messages.py: the adjective and the verb agree
        "heresy.log.reinforced",
        {"zone": "inner_palace"},
        {
            "fr": (
                "0 Division Blindée arrive en Palais Intérieur",
                "1 Division Blindée arrive en Palais Intérieur",
                "2 Divisions Blindées arrivent en Palais Intérieur",
            ),
            "en": (
                "0 Tank Divisions arrive in Inner Palace",
                "1 Tank Division arrives in Inner Palace",
                "2 Tank Divisions arrive in Inner Palace",
            ),
        },
    ),
    (  # games/heresy/messages_setup.py: "restante" agrees with "unité" (feminine)
        "heresy.q.deploy_pool",
        {"zone": "inner_palace"},
        {
            "fr": (
                "Quelle unité placer dans Palais Intérieur (0 restante) ?",
                "Quelle unité placer dans Palais Intérieur (1 restante) ?",
                "Quelle unité placer dans Palais Intérieur (2 restantes) ?",
            ),
            "en": (
                "Which unit goes to Inner Palace (0 left)?",
                "Which unit goes to Inner Palace (1 left)?",
                "Which unit goes to Inner Palace (2 left)?",
            ),
        },
    ),
    (  # cli/messages.py: French "choix" is invariable, English "choices" is not
        "cli.play.saved",
        {"path": "p.json"},
        {
            "fr": (
                "Partie enregistrée dans p.json (0 choix). Reprise : arbitre play --load p.json",
                "Partie enregistrée dans p.json (1 choix). Reprise : arbitre play --load p.json",
                "Partie enregistrée dans p.json (2 choix). Reprise : arbitre play --load p.json",
            ),
            "en": (
                "Game saved to p.json (0 choices). Resume: arbitre play --load p.json",
                "Game saved to p.json (1 choice). Resume: arbitre play --load p.json",
                "Game saved to p.json (2 choices). Resume: arbitre play --load p.json",
            ),
        },
    ),
]


@pytest.mark.parametrize(("key", "args", "expected"), CASES, ids=[c[0] for c in CASES])
def test_converted_messages_agree_with_the_number(
    key: str, args: dict[str, object], expected: dict[str, tuple[str, str, str]]
) -> None:
    _load_catalogs()
    for lang, texts in expected.items():
        shown = tuple(translate(Msg(key, {**args, "n": n}), lang) for n in (0, 1, 2))
        assert shown == texts, (key, lang)


def test_two_counts_in_one_message_each_select_their_words() -> None:
    """`cli.heresy.battle.hand.hidden`: the Combat cards by `$n`, the Heroes by `$h`."""
    _load_catalogs()
    key = "cli.heresy.battle.hand.hidden"
    assert translate(Msg(key, {"n": 1, "h": 2}), "en") == "1 Combat card, 2 Heroes (hidden)"
    assert translate(Msg(key, {"n": 2, "h": 1}), "en") == "2 Combat cards, 1 Hero (hidden)"
    assert translate(Msg(key, {"n": 0, "h": 0}), "fr") == "0 carte Combat, 0 Héros (cachées)"


def test_counts_named_otherwise_than_n_select_their_words() -> None:
    """`cli.sim.title_ray` selects on `$games` (and `$workers`), `cli.army.total` on
    `$points`: French 0 and 1 singular, English 1 only."""
    _load_catalogs()
    title = {"game": "Heresy", "workers": 1}
    shown = [translate(Msg("cli.sim.title_ray", {**title, "games": g}), "fr") for g in (0, 1, 2)]
    assert shown == [
        "Heresy : 0 partie, 1 tâche Ray à la fois",
        "Heresy : 1 partie, 1 tâche Ray à la fois",
        "Heresy : 2 parties, 1 tâche Ray à la fois",
    ]
    shown = [translate(Msg("cli.sim.title_ray", {**title, "games": g}), "en") for g in (0, 1, 2)]
    assert shown == [
        "Heresy: 0 games, 1 Ray task at a time",
        "Heresy: 1 game, 1 Ray task at a time",
        "Heresy: 2 games, 1 Ray task at a time",
    ]
    total = {"limit": 3000}
    assert translate(Msg("cli.army.total", {**total, "points": 0}), "fr") == (
        "Total : 0 point sur 3000"
    )
    assert translate(Msg("cli.army.total", {**total, "points": 1}), "en") == (
        "Total: 1 point of 3000"
    )
    assert translate(Msg("cli.army.total", {**total, "points": 0}), "en") == (
        "Total: 0 points of 3000"
    )


def test_the_epic_assault_outcome_line_agrees_with_both_counts() -> None:
    """`arbitre odds epic assault`: one line per outcome, a Fluent template of its own."""
    from arbitre.cli.odds_epic_cmd import _OUTCOME

    def line(lang: str, w: int, a: int) -> str:
        return render_fluent(_OUTCOME[lang], {"w": w, "a": a, "p": 0.25}, lang)

    assert line("fr", 0, 1) == "  0 PdV perdu par le défenseur, 1 attaquant perdu : 0.2500"
    assert line("fr", 2, 3) == "  2 PdV perdus par le défenseur, 3 attaquants perdus : 0.2500"
    assert line("en", 0, 1) == "  defender loses 0 wounds, 1 attacker lost: 0.2500"
    assert line("en", 1, 2) == "  defender loses 1 wound, 2 attackers lost: 0.2500"
