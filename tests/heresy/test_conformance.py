"""The engine's conformance harness over L'Hérésie d'Horus: random games to the end."""

from __future__ import annotations

from arbitre.engine import conformance, get


def test_random_games_conform_and_end() -> None:
    records = conformance.check_all(get("heresy"), [{}], seeds=range(3))
    assert len(records) == 3 and all(r.keys for r in records)


def test_random_games_conform_with_other_readings() -> None:
    config = {
        "stacking.removed": "reserve",
        "transport.dropOutside": False,
        "move.leaveContested": False,
        "orders.unknownCost": 2,
    }
    assert conformance.check_all(get("heresy"), [config], seeds=range(2))


def test_HH_12_5_the_later_scenarios_conform() -> None:
    """Impassable zones, the chosen deployment, the Event draft, special tokens and extra
    orders survive clone, determinize, replay and the JSON round trip."""
    configs = [{"scenario": s} for s in ("holy_terra_asunder", "like_unto_gods", "cry_havoc")]
    assert conformance.check_all(get("heresy"), configs, seeds=range(1))


def test_the_other_scenarios_keep_their_secrets() -> None:
    """Every scenario hides something (hands, face-down orders, the Event and Combat
    decks, the landing orders, the drafted Events, the extra orders): the harness checks
    that no answer's text or event names what the other seat's view hides."""
    configs: list[dict[str, object]] = [
        {"scenario": "heresy_unheralded"},
        {"scenario": "fortune_favors_the_bold", "events.reconstructed": False},
    ]
    assert conformance.check_all(get("heresy"), configs, seeds=range(1))
