"""The sides of a game from armies named by their army (issue 16), in French and English.

`epic.side.<list>` names a side by its army list with its grammatical form (`.form`, read
by `$side_of`, `$side_The`…: "de la Garde Impériale", "des Eldars", "des Space Marines",
"du Chaos"); `epic.side.<list>.north` / `.south` (or `.west` / `.east`) tell two armies of
the same list apart by the edge they deploy from, read from the table's deployment zones
(sides.edges_of: north is the top of the table as the page and the terminal draw it).
The starter battle keeps `epic.seat.imperium` / `epic.seat.mille_fils` (play_texts.py).
"""

from __future__ import annotations

from arbitre.engine.i18n import add_messages

# list id -> (French name, its form), (English name, its form). The forms are those of
# engine.grammar: elided, masculine, feminine, plural (fr); the, plural, other (en).
SIDE_NAMES: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "space_marines": (("Space Marines", "plural"), ("Space Marines", "plural")),
    "garde_imperiale": (("Garde Impériale", "feminine"), ("Imperial Guard", "the")),
    "eldar": (("Eldars", "plural"), ("Eldar", "plural")),
    "chaos": (("Chaos", "masculine"), ("Chaos", "other")),
}
EDGES = {
    "north": ("nord", "north"),
    "south": ("sud", "south"),
    "west": ("ouest", "west"),
    "east": ("est", "east"),
}


def side_messages(
    list_id: str, fr: tuple[str, str], en: tuple[str, str]
) -> dict[str, dict[str, str]]:
    """The names of a list's side: alone, and from each edge (north, south, west, east)."""
    out = {
        f"epic.side.{list_id}": {
            "fr": f"{fr[0]}\n.form = {fr[1]}",
            "en": f"{en[0]}\n.form = {en[1]}",
        }
    }
    for edge, (edge_fr, edge_en) in EDGES.items():
        out[f"epic.side.{list_id}.{edge}"] = {
            "fr": f"{fr[0]} ({edge_fr})\n.form = {fr[1]}",
            "en": f"{en[0]} ({edge_en})\n.form = {en[1]}",
        }
    return out


MESSAGES: dict[str, dict[str, str]] = {}
for _list, (_fr, _en) in SIDE_NAMES.items():
    MESSAGES.update(side_messages(_list, _fr, _en))

add_messages(MESSAGES)

add_messages(
    {
        # the view's words for a side (sides.side_names): "des Space Marines (nord)", and
        # the long edge it deploys from, "Bord de la Garde Impériale" / "Imperial Guard edge"
        "epic.side.of": {"fr": "{ $side_of }", "en": "{ $side_of }"},
        "epic.side.the": {"fr": "{ $side_the }", "en": "{ $side_the }"},
        "epic.side.edge": {"fr": "Bord { $side_of }", "en": "{ $side } edge"},
    }
)
