""" "Why not?" in Champs: a clicked cell that is not a legal choice says why, naming the
CB- rule, in French and English (explain.py, the `why_not` / `why_key` hooks)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arbitre.engine.i18n import Msg, translate
from arbitre.engine.why import explain
from arbitre.games.champs.state import ChampsState
from tests.champs.helpers import H, R, U, dec, game, keys, play


def ask(s: ChampsState, key: str) -> Msg:
    """The reason the game gives for a clicked board element (or an option key)."""
    why = explain(R, s, dec(s), key)
    assert not why.legal, f"{key} is legal ({why.key})"
    assert why.reason is not None, f"no reason for {key}"
    return why.reason


def check(msg: Msg, rule: str, fr: str, en: str) -> None:
    assert msg.rule == rule, (msg, rule)
    text_fr = translate(msg._replace(rule=None), "fr")
    text_en = translate(msg._replace(rule=None), "en")
    assert fr in text_fr, text_fr
    assert en in text_en, text_en
    assert "{" not in text_fr + text_en and "champs." not in text_fr + text_en


def g(tmp: Path, pos: dict[str, Any], obstacles: Any = (), **cfg: Any) -> ChampsState:
    return game(tmp, pos, obstacles, players=1, **cfg)


BASE = [U("soldats", (3, 3), 2), U("soldats", (3, 6), side="mj")]


# --- which troop to activate ------------------------------------------------------------


def test_CB_31_an_empty_cell_has_no_troop_to_activate(tmp_path: Path) -> None:
    s = g(tmp_path, {"units": BASE})
    check(ask(s, "cell:5,5"), "CB-31", "Case (5,5) : aucune troupe", "Cell (5,5): no troop")


def test_CB_31_the_enemy_troop_is_not_yours_to_activate(tmp_path: Path) -> None:
    s = g(tmp_path, {"units": BASE})
    check(ask(s, "cell:3,6"), "CB-31", "une troupe du MJ", "a troop of the GM")
    mj = g(tmp_path, {"units": BASE, "turn": {"seat": "mj"}})
    check(ask(mj, "act:3,3"), "CB-31", "une troupe des joueurs", "a troop of the players")


def test_CB_31_a_unit_token_stands_for_its_cell(tmp_path: Path) -> None:
    s = g(tmp_path, {"units": BASE})
    enemy = next(u.uid for u in s.units.values() if u.side == 1)
    mine = next(u.uid for u in s.units.values() if u.side == 0)
    check(ask(s, f"unit:{enemy}"), "CB-31", "(3,6)", "(3,6)")
    why = explain(R, s, dec(s), f"unit:{mine}")
    assert why.legal and why.key == "act:3,3"


def test_CB_30_two_troops_already_activated(tmp_path: Path) -> None:
    s = g(tmp_path, {"units": [*BASE, U("cavalerie", (6, 1))], "turn": {"used": 2}})
    check(ask(s, "act:6,1"), "CB-30", "déjà activé 2 troupes", "already activated 2 troops")


def test_CB_30_a_troop_acts_once_a_turn(tmp_path: Path) -> None:
    s = g(tmp_path, {"units": [*BASE, U("cavalerie", (6, 1))]})
    play(s, "act:6,1", "end")
    check(ask(s, "cell:6,1"), "CB-30", "a déjà agi ce tour", "already acted this turn")


def test_CB_38_another_players_hero_in_the_troop(tmp_path: Path) -> None:
    pos = {"units": BASE, "heroes": [H("p2", (3, 3)), H("p1", (0, 0))]}
    s = game(tmp_path, pos, players=2)
    check(ask(s, "act:3,3"), "CB-38", "héros d'un autre joueur", "another player's hero")
    check(ask(s, "hero:p2"), "CB-38", "(3,3)", "(3,3)")


def test_CB_38_another_players_lone_hero(tmp_path: Path) -> None:
    pos = {"units": BASE, "heroes": [H("p2", (5, 2)), H("p1", (0, 0))]}
    s = game(tmp_path, pos, players=2)
    check(ask(s, "cell:5,2"), "CB-38", "celui d'un autre joueur", "another player's")


def test_AMB_CB_20a_a_lone_hero_that_may_not_move(tmp_path: Path) -> None:
    pos = {"units": BASE, "heroes": [H("p1", (5, 2))]}
    s = g(tmp_path, pos, heroes=["guerrier"], hero__loneMove=0)
    check(ask(s, "cell:5,2"), "AMB-CB-20a", "un héros seul ne se déplace pas", "lone hero")


# --- attacking and firing -----------------------------------------------------------------


def test_CB_32_no_enemy_on_the_target_cell(tmp_path: Path) -> None:
    s = g(tmp_path, {"units": BASE})
    play(s, "act:3,3")
    check(ask(s, "attack:3,3>7,7"), "CB-32", "aucun ennemi", "no enemy")


def test_CB_32_an_attack_reaches_only_an_adjacent_cell(tmp_path: Path) -> None:
    s = g(tmp_path, {"units": BASE})
    play(s, "act:3,3")
    why = explain(R, s, dec(s), "cell:3,6")
    assert why.key == "attack:3,3>3,6"
    check(ask(s, "cell:3,6"), "CB-32", "à 3 cases : on n'attaque qu'une case adjacente", "3 cells")


def test_CB_15_a_catapult_fires_from_2_to_5_cells(tmp_path: Path) -> None:
    pos = {"units": [U("catapulte", (0, 0), loaded=True), U("soldats", (7, 7), side="mj")]}
    s = g(tmp_path, pos)
    play(s, "act:0,0")
    assert R.why_key(s, dec(s), "cell:7,7") == "fire:0,0>7,7"
    check(ask(s, "cell:7,7"), "CB-15", "à 7 cases : la catapulte tire de 2 à 5", "7 cells")


def test_CB_16_an_unloaded_catapult_does_not_fire(tmp_path: Path) -> None:
    pos = {"units": [U("catapulte", (0, 0)), U("soldats", (3, 3), side="mj")]}
    s = g(tmp_path, pos)
    play(s, "act:0,0")
    check(ask(s, "cell:3,3"), "CB-16", "n'est pas chargée", "not loaded")


def test_CB_15_only_a_catapult_fires(tmp_path: Path) -> None:
    s = g(tmp_path, {"units": BASE})
    play(s, "act:3,3")
    check(ask(s, "fire:3,3>3,6"), "CB-15", "seule une catapulte", "only a catapult")


def test_AMB_CB_15c_a_catapult_does_not_attack_at_close_quarters(tmp_path: Path) -> None:
    pos = {"units": [U("catapulte", (3, 3), loaded=True), U("soldats", (3, 4), side="mj")]}
    s = g(tmp_path, pos)
    play(s, "act:3,3")
    check(ask(s, "attack:3,3>3,4"), "AMB-CB-15c", "pas au contact", "close quarters")


def test_CB_53_a_lone_hero_does_not_fight(tmp_path: Path) -> None:
    pos = {"units": [U("soldats", (5, 5), side="mj")], "heroes": [H("p1", (5, 4))]}
    s = g(tmp_path, pos, heroes=["guerrier"])
    play(s, "act:5,4")
    check(ask(s, "attack:5,4>5,5"), "CB-53", "un héros seul ne combat pas", "does not fight")


def test_CB_31_only_the_activated_troop_attacks(tmp_path: Path) -> None:
    s = g(tmp_path, {"units": [*BASE, U("soldats", (3, 5))]})
    play(s, "act:3,3")
    check(ask(s, "attack:3,5>3,6"), "CB-31", "seule la troupe activée", "only the activated")


# --- moving -------------------------------------------------------------------------------


def test_CB_37_a_cell_clicked_before_choosing_to_move(tmp_path: Path) -> None:
    s = g(tmp_path, {"units": BASE})
    play(s, "act:3,3")
    check(ask(s, "cell:3,4"), "CB-37", "choisissez d'abord « se déplacer »", "choose 'move'")


def test_CB_34_a_reloading_troop_does_not_move(tmp_path: Path) -> None:
    pos = {"units": [U("catapulte", (0, 0)), U("soldats", (7, 7), side="mj")]}
    s = g(tmp_path, pos)
    play(s, "act:0,0", "reload")
    check(ask(s, "cell:0,1"), "CB-34", "qui recharge ne se déplace pas", "reloads")


def test_CB_37_too_far_names_the_distance_and_the_allowance(tmp_path: Path) -> None:
    s = g(tmp_path, {"units": BASE})
    play(s, "act:3,3", "move")
    assert "to:3,4" in keys(s)
    check(
        ask(s, "cell:3,0"),
        "CB-37",
        "elle est à 3 cases, et cette troupe ne se déplace que de 1 case",
        "it is 3 cells away, and this troop moves only 1 cell",
    )


def test_CB_37_the_troop_is_already_there(tmp_path: Path) -> None:
    s = g(tmp_path, {"units": BASE})
    play(s, "act:3,3", "move")
    check(ask(s, "cell:3,3"), "CB-37", "s'y trouve déjà", "already there")


def test_CB_40_ground_units_do_not_enter_an_obstacle(tmp_path: Path) -> None:
    s = g(tmp_path, {"units": BASE}, obstacles=[(3, 4)])
    play(s, "act:3,3", "move")
    check(ask(s, "cell:3,4"), "CB-40", "c'est un obstacle", "obstacle")


def test_CB_40_obstacles_bar_the_way(tmp_path: Path) -> None:
    pos = {"units": [U("cavalerie", (3, 3), 2), U("soldats", (9, 7), side="mj")]}
    s = g(tmp_path, pos, obstacles=[(2, 4), (3, 4), (4, 4)], grid__adjacency=4)
    play(s, "act:3,3", "move")
    check(ask(s, "cell:3,5"), "CB-40", "des obstacles barrent le chemin", "obstacles bar")


def test_CB_41_flyers_do_not_land_on_an_obstacle(tmp_path: Path) -> None:
    pos = {"units": [U("airs", (3, 3), 2), U("soldats", (9, 7), side="mj")]}
    s = g(tmp_path, pos, obstacles=[(3, 4)])
    play(s, "act:3,3", "move")
    check(ask(s, "cell:3,4"), "CB-41", "on survole un obstacle", "pass over an obstacle")


def test_CB_42_a_move_does_not_end_on_the_enemy(tmp_path: Path) -> None:
    pos = {"units": [U("cavalerie", (3, 3), 2), U("soldats", (3, 4), side="mj")]}
    s = g(tmp_path, pos)
    play(s, "act:3,3", "move")
    check(ask(s, "cell:3,4"), "CB-42", "on ne s'y arrête pas, on l'attaque", "attack it")


def test_CB_42_enemies_bar_the_way(tmp_path: Path) -> None:
    mj = [U("soldats", (x, 4), side="mj") for x in (2, 3, 4)]
    pos = {"units": [U("cavalerie", (3, 3), 2), *mj]}
    s = g(tmp_path, pos, grid__adjacency=4)
    play(s, "act:3,3", "move")
    check(ask(s, "cell:3,5"), "CB-42", "des troupes ennemies barrent le chemin", "enemy troops")


# --- traps, deployment, recruitment, retreats ------------------------------------------------


def test_CB_20_one_trap_per_cell(tmp_path: Path) -> None:
    pos = {"units": BASE, "traps": [{"at": [3, 2]}]}
    s = g(tmp_path, pos, traps__placement="adjacentCell")
    play(s, "act:3,3", "trap")
    check(ask(s, "cell:3,2"), "CB-20", "déjà un piège", "a trap here already")


def test_AMB_CB_16c_a_trap_goes_next_to_the_troop(tmp_path: Path) -> None:
    s = g(tmp_path, {"units": BASE}, traps__placement="adjacentCell")
    play(s, "act:3,3", "trap")
    check(ask(s, "cell:7,0"), "AMB-CB-16c", "une case voisine", "next to the troop")
    check(ask(s, "cell:3,3"), "AMB-CB-16c", "une case vide", "an empty cell")


def test_AMB_CB_16d_an_unseen_enemy_trap_is_no_reason(tmp_path: Path) -> None:
    """A hidden MJ trap on (3,4) is not "a trap here already" for the players."""
    pos = {"units": BASE, "traps": [{"at": [3, 4], "side": "mj"}]}
    s = g(tmp_path, pos, traps__placement="adjacentCell", traps__visible=False)
    play(s, "act:3,3", "trap")
    assert explain(R, s, dec(s), "cell:3,4").legal


def test_CB_25_players_deploy_on_their_start_line(tmp_path: Path) -> None:
    s = R.new({"players": 1}, 3)
    assert dec(s).kind == "champs.deploy"
    check(ask(s, "cell:0,5"), "CB-25", "pas sur votre ligne de départ", "not on your start line")


def test_CB_36_a_new_troop_enters_on_the_start_line(tmp_path: Path) -> None:
    pos = {"units": [U("soldats", (3, 0)), U("soldats", (9, 7), side="mj")], "deck": ["soldats"]}
    s = g(tmp_path, pos)
    play(s, "act:3,0", "recruit")
    assert dec(s).kind == "champs.recruit.place"
    check(ask(s, "cell:3,4"), "CB-36", "ligne de départ de son camp", "start line")


def test_CB_60_a_retreat_goes_away_from_the_attacker(tmp_path: Path) -> None:
    pos = {
        "units": [U("soldats", (3, 3), 3), U("soldats", (3, 4), 2, side="mj")],
        "dice": [6, 6, 6, 6, 6, 6, 1, 1, 1, 1],
        "turn": {"seat": "p1"},
    }
    s = g(tmp_path, pos)
    play(s, "act:3,3", "attack:3,3>3,4")
    while dec(s).kind != "champs.retreat":
        assert dec(s).kind != "champs.turn", "the defender never retreated"
        play(s, dec(s).options[0].key)
    check(ask(s, "cell:2,3"), "CB-60", "s'éloigne de l'attaquant", "away from the attacker")
    check(ask(s, "cell:3,3"), "CB-46", "pas sur une case ennemie", "enemy cell")
    check(ask(s, "cell:6,6"), "CB-60", "directement adjacente", "directly adjacent")


@pytest.mark.parametrize("key", ["hello", "attack:zz>yy", "cell:99,99", "unit:999", "hero:p9"])
def test_unknown_keys_cite_no_rule(tmp_path: Path, key: str) -> None:
    s = g(tmp_path, {"units": BASE})
    why = explain(R, s, dec(s), key)
    assert not why.legal and why.reason is None


def test_CB_8_the_surplus_goes_to_an_adjacent_cell(tmp_path: Path) -> None:
    pos = {"units": [U("mastodonte", (3, 3), 3), U("cavalerie", (3, 2), 2), *BASE[1:]]}
    s = g(tmp_path, pos, obstacles=[(2, 3)])
    play(s, "act:3,2", "move", "to:3,3")
    assert dec(s).kind == "champs.overflow"
    check(ask(s, "cell:7,7"), "CB-8", "une case adjacente", "an adjacent cell")
    check(ask(s, "cell:2,3"), "CB-8", "c'est un obstacle", "an obstacle")
