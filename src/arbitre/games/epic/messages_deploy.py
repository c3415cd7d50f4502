"""The fr/en texts of games from armies (issue 16): deployment by the players (the
decision, its options, its refusals and events) and the army options' help texts."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages


def _t(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}


_WHERE = {
    "left_front": ("sur le flanc gauche, au premier rang", "left flank, front"),
    "centre_front": ("au centre, au premier rang", "centre, front"),
    "right_front": ("sur le flanc droit, au premier rang", "right flank, front"),
    "left_rear": ("sur le flanc gauche, à l'arrière", "left flank, rear"),
    "centre_rear": ("au centre, à l'arrière", "centre, rear"),
    "right_rear": ("sur le flanc droit, à l'arrière", "right flank, rear"),
}

MESSAGES: dict[str, dict[str, str]] = {
    "epic.decide.deploy": _t("Où se déploie { $det } ?", "Where does { $det } deploy?"),
    "epic.deploy.opt.here": _t("Le laisser là", "Leave it there"),
    "epic.deploy.opt.point": _t(
        "Le placer en ({ $x } ; { $y }) cm", "Place it at ({ $x }, { $y }) cm"
    ),
    "epic.deploy.opt.at": _t("Le placer { $where }", "Place it: { $where }"),
    **{f"epic.deploy.where.{k}": _t(fr, en) for k, (fr, en) in _WHERE.items()},
    "epic.deploy.out_of_zone": _t("Hors de sa zone de déploiement", "Outside its deployment zone"),
    "epic.deploy.overlap": _t(
        "Un socle en chevaucherait un autre", "A stand would overlap another stand"
    ),
    "epic.deploy.impassable": _t(
        "Un socle serait dans un décor infranchissable pour lui ({ $terrain })",
        "A stand would stand in terrain impassable to it ({ $terrain })",
    ),
    "epic.ev.deployed": _t("{ $det } se déploie", "{ $det } deploys"),
    "epic.ev.deployment_done": _t("Déploiement terminé", "Deployment complete"),
    "cli.epic.phase.deployment": _t("déploiement", "deployment"),
    # an army option refused (forces.py)
    "epic.army_option.bad": _t(
        "{ $key } : « { $value } » : { $why }", "{ $key }: '{ $value }': { $why }"
    ),
    "epic.army_option.none": _t(
        "ne nomme aucune armée (une liste@points, une armée enregistrée, un fichier)",
        "names no army (a list@points, a saved army, a file)",
    ),
    "epic.army_option.too_big": _t("plus de { $most } octets", "more than { $most } bytes"),
    "epic.army_option.no_lists": _t(
        "les listes d'armée ne sont pas installées", "the army lists are not installed"
    ),
    "epic.army_option.refused": _t("{ $error }", "{ $error }"),
    # the options (help texts; the lobby's labels are in messages_options.py)
    "epic.option.army.0": _t(
        "L'armée du premier joueur : une armée toute faite d'une liste à un niveau de "
        "points, une armée enregistrée, ou l'armée de départ",
        "The first player's army: a list's ready-made army at a points level, a saved "
        "army, or the starter army",
    ),
    "epic.option.army.1": _t(
        "L'armée du second joueur : une armée toute faite d'une liste à un niveau de "
        "points, une armée enregistrée, ou l'armée de départ",
        "The second player's army: a list's ready-made army at a points level, a saved "
        "army, or the starter army",
    ),
    "epic.option.deployment": _t(
        "Qui place les détachements avant le premier tour : les joueurs, chacun dans sa "
        "zone, ou l'arbitre (rangs fixes) ; par défaut les joueurs dans une partie "
        "d'armées, l'arbitre dans la bataille de départ",
        "Who places the detachments before the first turn: the players, each in his "
        "zone, or the referee (fixed rows); by default the players in a game from armies, "
        "the referee in the starter battle",
    ),
}

add_messages(MESSAGES)
