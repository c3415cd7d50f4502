"""The fr/en texts of the playable Epic game: decisions, options and events of the turn
(orders, movement, combat, end), transports, templates, objectives, Characters at setup,
the Elite question, and why a detachment cannot shoot or move (keys `epic.decide.*`,
`epic.opt.*`, `epic.ev.*`, `epic.why.*`, `epic.dir.*`, `epic.result*`, `epic.seat.*`).
Content names, refusals of a point and the rule options are in messages.py."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages
from arbitre.games.epic.catalog import CATALOG


def _t(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}


# Counts in the shot reports, singular or plural by the number (CLDR: French 0 and 1 singular)
_HITS_FR = "{ $hits } { $hits ->\n    [one] touche\n   *[other] touches\n}"
_HITS_EN = "{ $hits } { $hits ->\n    [one] hit\n   *[other] hits\n}"
_LOSSES_FR = "{ $lost } { $lost ->\n    [one] perte\n   *[other] pertes\n}"
_LOSSES_EN = "{ $lost } { $lost ->\n    [one] loss\n   *[other] losses\n}"
_WOUNDS_FR = "{ $lost } { $lost ->\n    [one] PV perdu\n   *[other] PV perdus\n}"
_WOUNDS_EN = "{ $lost } { $lost ->\n    [one] wound\n   *[other] wounds\n} lost"

MESSAGES: dict[str, dict[str, str]] = {
    **{
        f"epic.weapon.{u.id}.{i}": _t(w.name_fr, w.name_en)
        for u in CATALOG.units.values()
        for i, w in enumerate(u.weapons)
    },
    # transports (EPC-21, EP-9.3, EP-16.4, EP-16.17, EP-16.21, EP-16.35)
    "epic.opt.embark": _t("Embarquer dans { $det }", "Embark into { $det }"),
    "epic.opt.abandon": _t(
        "Le Personnage { $det_of } abandonne son transport { $transport }",
        "The Character of { $det } abandons its transport { $transport }",
    ),
    "epic.ev.embark": _t("{ $det } embarque dans { $into }", "{ $det } embarks into { $into }"),
    "epic.ev.disembark": _t("{ $det } débarque (5 cm de moins)", "{ $det } disembarks (5 cm less)"),
    "epic.ev.exit": _t(
        "{ $unit } réussit sa sortie d'urgence", "{ $unit } passes its Emergency Exit"
    ),
    "epic.ev.abandon": _t(
        "{ $det } abandonne { $transport }, détruit et compté comme perte",
        "{ $det } abandons { $transport }, destroyed and counted as a loss",
    ),
    # movement (research §3.5)
    "epic.move.titan_turn": _t(
        "Un titan ne tourne que de 90° au plus ({ $deg }° demandés)",
        "A titan turns 90° at most ({ $deg }° asked)",
    ),
    "epic.ev.opportunity": _t(
        "{ $unit } se désengage et subit une attaque d'opportunité",
        "{ $unit } disengages and takes an opportunity attack",
    ),
    "epic.ev.fell_back": _t("{ $det } se replie", "{ $det } falls back"),
    # templates and bombs (EPC-18, EP-16.15, EP-16.41)
    "epic.decide.template": _t(
        "Où placer le gabarit de { $weapon } ({ $det }) ?",
        "Where does { $det } place its { $weapon } template?",
    ),
    "epic.opt.aim": _t(
        "Gabarit centré en ({ $x }, { $y })", "Template centred at ({ $x }, { $y })"
    ),
    "epic.opt.no_template": _t("Ne pas placer ce gabarit", "Do not place this template"),
    "epic.decide.layer": _t(
        "Le gabarit { $det_of } touche un Volant : viser les volants ou le sol dessous ?",
        "{ $det }'s template touches a Flyer: hit the aircraft or the ground beneath?",
    ),
    "epic.opt.layer_air": _t("Les unités en vol", "The airborne stands"),
    "epic.opt.layer_ground": _t("Les unités au sol", "The ground stands"),
    "epic.template.off_line": _t(
        "Une bombe se centre sur la ligne de mouvement", "A bomb is centred on the line of movement"
    ),
    "epic.template.range": _t("Hors de portée ({ $max } cm)", "Out of range ({ $max } cm)"),
    "epic.template.arc": _t("Hors de l'arc de tir", "Outside the fire arc"),
    "epic.template.los": _t("Pas de ligne de vue", "No line of sight"),
    "epic.ev.aimed": _t(
        "{ $det } centre un gabarit en ({ $x }, { $y })",
        "{ $det } centres a template at ({ $x }, { $y })",
    ),
    "epic.ev.template": _t(
        "Gabarits { $det_of } : pour toucher { $to_hit } → " + _HITS_FR + " ;"
        " sauvegardes { $saves } → " + _LOSSES_FR,
        "{ $det }'s templates: to hit { $to_hit } → "
        + _HITS_EN
        + "; saves { $saves } → "
        + _LOSSES_EN,
    ),
    # objectives and scenario (research §3.9, EP-9.2)
    "epic.ev.objective": _t(
        "{ $side_The } { $side_form ->\n    [plural] tiennent\n   *[other] tient\n}"
        " l'objectif { $n }",
        "{ $side_The } { $side_form ->\n    [plural] hold\n   *[other] holds\n} objective { $n }",
    ),
    "epic.reason.objectives": _t("objectifs tenus", "objectives held"),
    "epic.decide.warlord": _t(
        "Carte Seigneur de Guerre : sur quel Personnage ?",
        "Warlord card: on which Character?",
    ),
    "epic.opt.warlord": _t("{ $unit } devient Seigneur de Guerre", "{ $unit } becomes the Warlord"),
    # Bound Characters at setup (EP-10.1, EP-10.8)
    "epic.decide.bind": _t(
        "Quel détachement rejoint { $unit } ?", "Which detachment does { $unit } join?"
    ),
    "epic.opt.join": _t("Rejoindre { $det }", "Join { $det }"),
    "epic.ev.joined": _t("{ $unit } rejoint { $det }", "{ $unit } joins { $det }"),
    # Elite (EP-4.1)
    "epic.decide.elite": _t(
        "Dépenser vos relances Elite dans cette action ? (il en reste { $n })",
        "Spend your Elite re-rolls in this action? ({ $n } left)",
    ),
    "epic.opt.elite_yes": _t("Oui, relancer les dés ratés", "Yes, re-roll failed dice"),
    "epic.opt.elite_no": _t("Non, les garder", "No, keep them"),
    # options
    "epic.option.transport.exitTest": _t(
        "Test de sortie d'urgence : D6 ≥ X modifié par la PA (4+ en assaut)",
        "Emergency Exit test: D6 >= X modified by PA (4+ in an assault)",
    ),
    "epic.option.victory.objectives": _t(
        "Objectifs : points (2 par objectif), majorité, ou ignorés",
        "Objectives: points (2 each), majority, or off",
    ),
    "epic.option.scenario.cards": _t(
        "Cartes de scénario : aucune, ou Maelström (Seigneur de Guerre)",
        "Scenario cards: none, or Maelström (Warlord)",
    ),
    "epic.option.bound.join": _t(
        "Personnages Liés : le joueur choisit leur détachement, ou celui de la liste",
        "Bound Characters: the player picks their detachment, or the listed one",
    ),
    "epic.option.elite.decide": _t(
        "Relances Elite : le joueur décide à chaque action, ou dépense automatique",
        "Elite re-rolls: the player decides each action, or automatic spending",
    ),
    "epic.option.fallback.move": _t(
        "Mouvement de repli : placé par le joueur, ou automatique",
        "Fall-back move: placed by the player, or automatic",
    ),
    "epic.option.titan.turn90": _t(
        "Les titans ne tournent que de 90° par tour", "Titans turn at most 90° per turn"
    ),
    "epic.option.disengage.attacks": _t(
        "Attaques d'opportunité quand un socle quitte le contact",
        "Opportunity attacks when a stand leaves contact",
    ),
    # the playable turn
    "epic.seat.imperium": _t("Imperium\n.form = elided", "Imperium\n.form = the"),
    "epic.seat.mille_fils": _t("Mille Fils\n.form = plural", "Thousand Sons\n.form = plural"),
    "epic.decide.order": _t("Ordre secret pour { $det }", "Secret order for { $det }"),
    "epic.decide.activate": _t(
        "Quel détachement bouge ? Touchez-le sur la table",
        "Which detachment moves? Tap it on the table",
    ),
    "epic.decide.move": _t(
        "Où va { $det } ? Touchez la table dans la zone claire, ou choisissez ci-dessous",
        "Where does { $det } go? Tap the table inside the light area, or pick below",
    ),
    "epic.decide.combat": _t(
        "Phase de combat : tirer ou mener un assaut", "Combat phase: shoot or assault"
    ),
    "epic.opt.activate": _t("{ $det } : { $order }", "{ $det }: { $order }"),
    "epic.opt.infiltrate": _t("{ $det } s'infiltre", "{ $det } infiltrates"),
    "epic.opt.move": _t("Aller { $dir }, { $cm } cm", "Go { $dir }, { $cm } cm"),
    "epic.opt.stay": _t("Rester sur place", "Stay in place"),
    "epic.opt.move_toward": _t("Vers { $target }, { $cm } cm", "Towards { $target }, { $cm } cm"),
    "epic.opt.move_contact": _t(
        "Au contact { $target_of }, { $cm } cm", "Into contact with { $target }, { $cm } cm"
    ),
    "epic.opt.move_toward_dir": _t(
        "Vers { $target }, { $dir }, { $cm } cm", "Towards { $target }, { $dir }, { $cm } cm"
    ),
    "epic.opt.move_cap": _t(
        "Aller au cap { $deg }°, { $cm } cm", "Go on bearing { $deg }°, { $cm } cm"
    ),
    "epic.opt.move_bearing": _t(
        "Vers { $target }, cap { $deg }°, { $cm } cm",
        "Towards { $target }, bearing { $deg }°, { $cm } cm",
    ),
    "epic.dir.n": _t("vers le nord", "north"),
    "epic.dir.ne": _t("vers le nord-est", "north-east"),
    "epic.dir.e": _t("vers l'est", "east"),
    "epic.dir.se": _t("vers le sud-est", "south-east"),
    "epic.dir.s": _t("vers le sud", "south"),
    "epic.dir.sw": _t("vers le sud-ouest", "south-west"),
    "epic.dir.w": _t("vers l'ouest", "west"),
    "epic.dir.nw": _t("vers le nord-ouest", "north-west"),
    "epic.opt.fire": _t("{ $det } tire sur { $target }", "{ $det } shoots at { $target }"),
    "epic.opt.assault": _t("{ $det } mène l'assaut", "{ $det } assaults"),
    "epic.ev.turn": _t("Tour { $turn }", "Turn { $turn }"),
    "epic.ev.initiative": _t(
        "Initiative : { $a } contre { $b }, "
        "{ $side_The } { $side_form ->\n    [plural] commencent\n   *[other] commence\n}",
        "Initiative: { $a } against { $b }, "
        "{ $side_The } { $side_form ->\n    [plural] start\n   *[other] starts\n}",
    ),
    "epic.ev.fire": _t(
        "Tir { $det_of } sur { $target } : pour toucher { $to_hit } → " + _HITS_FR + " ;"
        " sauvegardes { $saves } → " + _WOUNDS_FR,
        "{ $det } shoots at { $target }: to hit { $to_hit } → " + _HITS_EN + ";"
        " saves { $saves } → " + _WOUNDS_EN,
    ),
    "epic.ev.duel": _t(
        "Duel { $det_of } : { $a } contre { $b }", "{ $det }'s duel: { $a } against { $b }"
    ),
    "epic.ev.stand_lost": _t("Socle détruit : { $unit }", "Stand destroyed: { $unit }"),
    "epic.ev.broken": _t("Le détachement { $det } est brisé", "Detachment { $det } is broken"),
    "epic.illegal.option": _t(
        "Choix « { $key } » impossible ici", "Choice '{ $key }' is not possible here"
    ),
    "epic.result": _t(
        "Victoire { $winner_of } ({ $reason }), points { $a }–{ $b }",
        "{ $winner_The } { $winner_form ->\n    [plural] win\n   *[other] wins\n} "
        "({ $reason }), points { $a }–{ $b }",
    ),
    "epic.result.draw": _t("Match nul, points { $a }–{ $b }", "Draw, points { $a }–{ $b }"),
    "epic.reason.broken": _t("armée adverse brisée", "enemy army broken"),
    "epic.reason.points": _t("points de rupture", "break points"),
    "epic.order.aucun": _t("Sans ordre", "No order"),
    "epic.alt.high": _t("Haute Altitude", "High altitude"),
    "epic.alt.low": _t("Basse Altitude", "Low altitude"),
    "epic.alt.ground": _t("Au sol", "On the ground"),
    "epic.loc.jambes": _t("jambes", "legs"),
    "epic.loc.coque": _t("coque", "hull"),
    "epic.loc.arme": _t("arme", "weapon"),
    "epic.loc.tete": _t("tête / passerelle", "head / bridge"),
    "epic.loc.reacteur": _t("réacteur", "reactor"),
    "epic.loc.generateur": _t("générateur de boucliers", "shield generator"),
    "epic.loc.choix": _t("au choix", "attacker's choice"),
    "epic.decide.movement": _t("Où va { $det } ?", "Where does { $det } go?"),
    "epic.decide.zone": _t(
        "Zone d'Interception { $det_of } : où la placer ?",
        "Where does { $det } set its Interception Zone?",
    ),
    "epic.decide.infiltrate": _t("Où s'infiltre { $det } ?", "Where does { $det } infiltrate?"),
    "epic.decide.breakthrough": _t(
        "Percée { $det_of } : où aller ?", "Breakthrough of { $det }: where to?"
    ),
    "epic.decide.fallback": _t("Repli { $det_of }", "Fall-back of { $det }"),
    "epic.decide.infiltrate_which": _t(
        "Quel détachement s'infiltre ?", "Which detachment infiltrates?"
    ),
    "epic.decide.declare": _t(
        "{ $det } révèle Charge : créer une Zone d'Interception ou assaut normal ?",
        "{ $det } reveals Charge: create an Interception Zone or assault normally?",
    ),
    "epic.decide.altitude": _t(
        "Altitude de fin de mouvement { $det_of }", "{ $det } ends its move at"
    ),
    "epic.decide.start_altitude": _t(
        "Altitude de départ { $det_of }", "Starting altitude of { $det }"
    ),
    "epic.decide.react": _t(
        "{ $target } se déplace : tirer en réaction ?", "{ $target } moves: fire in reaction?"
    ),
    "epic.decide.intercept": _t(
        "{ $target } traverse la Zone d'Interception { $det_of } : intercepter ?",
        "{ $target } crosses { $det }'s Interception Zone: intercept?",
    ),
    "epic.decide.late": _t(
        "Fin du mouvement : interception d'un appareil ennemi par { $det } ?",
        "End of movement: does { $det } intercept an enemy aircraft?",
    ),
    "epic.decide.hq": _t(
        "Le QG { $unit } a raté sa sauvegarde : sacrifier un socle ?",
        "HQ { $unit } failed its save: sacrifice a stand?",
    ),
    "epic.opt.pass": _t("Passer", "Pass"),
    "epic.opt.zone": _t("Zone d'Interception", "Interception Zone"),
    "epic.opt.normal_assault": _t("Assaut normal", "Normal assault"),
    "epic.opt.no_intercept": _t("Ne pas intercepter", "Do not intercept"),
    "epic.opt.intercept": _t("Intercepter en ({ $x }, { $y })", "Intercept at ({ $x }, { $y })"),
    "epic.opt.late": _t("Intercepter { $target }", "Intercept { $target }"),
    "epic.opt.react.fire": _t(
        "{ $det } : tir d'interception sur { $target }",
        "{ $det }: interception fire at { $target }",
    ),
    "epic.opt.react.dr": _t(
        "{ $det } : Défenses Rapprochées (7+) sur { $target }",
        "{ $det }: Close Defences (7+) at { $target }",
    ),
    "epic.opt.react.cc": _t(
        "{ $det } : tir de contre-charge (6+) sur { $target }",
        "{ $det }: counter-charge fire (6+) at { $target }",
    ),
    "epic.opt.react.psy": _t(
        "{ $det } : pouvoir physique en interception sur { $target }",
        "{ $det }: physical power as interception fire at { $target }",
    ),
    "epic.opt.power": _t("Pouvoir { $power } sur { $target }", "Power { $power } at { $target }"),
    "epic.opt.demolish": _t(
        "{ $det } tire sur le { $target }", "{ $det } fires at the { $target }"
    ),
    "epic.opt.hq_keep": _t(
        "Aucun sacrifice : le QG subit la perte", "No sacrifice: the HQ takes the loss"
    ),
    "epic.opt.sacrifice": _t("Sacrifier { $unit }", "Sacrifice { $unit }"),
    "epic.ev.elite": _t("Relance Elite ({ $unit })", "Elite re-roll ({ $unit })"),
    "epic.ev.regenerated": _t(
        "{ $unit } régénère ({ $dice })", "{ $unit } regenerates ({ $dice })"
    ),
    "epic.ev.regen_failed": _t(
        "{ $unit } ne régénère pas ({ $dice })", "{ $unit } does not regenerate ({ $dice })"
    ),
    "epic.ev.location": _t("Touché à la localisation : { $loc }", "Location hit: { $loc }"),
    "epic.ev.shield": _t(
        "Un bouclier tombe ({ $left } { $left ->\n    [one] restant\n   *[other] restants\n})",
        "A shield falls ({ $left } left)",
    ),
    # the side with its article and its verb agreeing ("Les Eldars remportent l'assaut")
    "epic.ev.assault": _t(
        "{ $side_The } { $side_form ->\n    [plural] remportent\n   *[other] remporte\n} l'assaut",
        "{ $side_The } { $side_form ->\n    [plural] win\n   *[other] wins\n} the assault",
    ),
    "epic.ev.react": _t(
        "Tir en réaction sur { $target } : pour toucher { $to_hit } → " + _HITS_FR + " ;"
        " sauvegardes { $saves } → " + _LOSSES_FR,
        "Reaction fire at { $target }: to hit { $to_hit } → " + _HITS_EN + ";"
        " saves { $saves } → " + _LOSSES_EN,
    ),
    "epic.ev.intercepted": _t("{ $det } est intercepté", "{ $det } is intercepted"),
    "epic.ev.zone": _t(
        "{ $det } crée une Zone d'Interception", "{ $det } sets an Interception Zone"
    ),
    "epic.ev.zone_spent": _t(
        "La Zone d'Interception { $det_of } est annulée",
        "{ $det }'s Interception Zone is cancelled",
    ),
    "epic.ev.command": _t(
        "{ $det } reçoit l'ordre { $order }", "{ $det } receives the order { $order }"
    ),
    "epic.ev.rally": _t("{ $det } se rallie ({ $roll })", "{ $det } rallies ({ $roll })"),
    "epic.ev.morale_ok": _t("{ $det } tient bon ({ $roll })", "{ $det } holds ({ $roll })"),
    "epic.ev.morale_fail": _t(
        "{ $det } rate son test de moral ({ $roll }) et se replie",
        "{ $det } fails its morale test ({ $roll }) and falls back",
    ),
    "epic.ev.sacrifice": _t(
        "{ $unit } est sacrifié pour le QG", "{ $unit } is sacrificed for the HQ"
    ),
    "epic.ev.breakthrough": _t("Percée { $det_of }", "Breakthrough of { $det }"),
    "epic.ev.power": _t(
        "{ $power } sur { $target } : pour toucher { $to_hit } → " + _HITS_FR + " ;"
        " sauvegardes { $saves } → " + _LOSSES_FR,
        "{ $power } at { $target }: to hit { $to_hit } → "
        + _HITS_EN
        + "; saves { $saves } → "
        + _LOSSES_EN,
    ),
    # EP-11.2: a power is a choice ("peuvent utiliser"), declined for one phase
    "epic.opt.no_power": _t(
        "Aucun pouvoir psychique pendant cette phase", "No psychic power this phase"
    ),
    "epic.ev.no_power": _t(
        "Aucun pouvoir psychique pendant cette phase ({ $side })",
        "No psychic power this phase ({ $side })",
    ),
    "epic.ev.demolish": _t(
        "{ $det } tire sur le bâtiment : { $lost } PS { $lost ->\n"
        "    [one] perdu\n   *[other] perdus\n}, "
        "{ $left } { $left ->\n    [one] restant\n   *[other] restants\n}",
        "{ $det } fires at the building: { $lost } SP lost, { $left } left",
    ),
    "epic.ev.ruined": _t("Le bâtiment s'effondre en ruines", "The building collapses into ruins"),
    "epic.ev.infiltration_roll": _t(
        "Infiltration : { $a } contre { $b }, "
        "{ $side_The } { $side_form ->\n    [plural] commencent\n   *[other] commence\n}",
        "Infiltration: { $a } against { $b }, "
        "{ $side_The } { $side_form ->\n    [plural] start\n   *[other] starts\n}",
    ),
    "epic.ev.infiltrated": _t("{ $det } s'infiltre", "{ $det } infiltrates"),
    # why a detachment cannot shoot (logged as the combat phase starts) or be chosen
    "epic.ev.no_fire": _t("{ $det } ne tire pas : { $why }", "{ $det } does not shoot: { $why }"),
    "epic.why.order_charge": _t(
        "Charge : pas de tir (assaut seulement)", "Charge: no shooting (assault only)"
    ),
    "epic.why.order_none": _t("sans ordre, pas de tir", "no order, no shooting"),
    "epic.why.order_retreat": _t("Retraite : pas de tir", "Retreat: no shooting"),
    "epic.why.fallback": _t(
        "en repli après un test de moral raté", "falling back after a failed morale test"
    ),
    "epic.why.intercepted": _t(
        "a déjà tiré en interception ce tour", "already fired in interception this turn"
    ),
    "epic.why.acted": _t("a déjà agi pendant cette phase", "has already acted this phase"),
    "epic.why.pinned": _t("bloqué au contact en assaut", "pinned in base contact"),
    "epic.why.no_weapon": _t("aucune arme de tir", "no ranged weapon"),
    "epic.why.range": _t(
        "hors de portée : ennemi le plus proche à { $dist } cm, portée { $range } cm",
        "out of range: nearest enemy at { $dist } cm, range { $range } cm",
    ),
    "epic.why.no_target": _t(
        "aucune cible visible (ligne de vue, arc de tir ou cible en vol)",
        "no visible target (line of sight, fire arc or airborne target)",
    ),
    "epic.why.moved": _t("a déjà bougé ce tour", "has already moved this turn"),
    "epic.why.order_stays": _t(
        "{ $order } : ce détachement ne bouge pas", "{ $order }: this detachment does not move"
    ),
    "epic.why.not_yours": _t("détachement adverse", "an enemy detachment"),
    "epic.why.gone": _t("détachement détruit", "detachment destroyed"),
    "epic.why.det": _t("{ $det } : { $why }", "{ $det }: { $why }"),
    "epic.why.not_now": _t(
        "{ $det } n'est pas un choix de cette décision", "{ $det } is not a choice of this decision"
    ),
}

add_messages(MESSAGES)
