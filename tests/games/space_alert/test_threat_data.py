"""The bundled threat data against the reference card facts, typed in again here by hand.

Values: ../shared/reference/space-alert/threats.yaml (majority of independent sources, see
SOURCES.md there). A slip in data/threats.json fails here.
"""

from __future__ import annotations

import pytest

from games.space_alert.ship import Station
from games.space_alert.threats import threat_spec, threat_specs

# id: (health, shield, speed, points survived, points destroyed)
EXTERNAL = {
    "E1-01": (5, 1, 2, 2, 4), "E1-02": (5, 2, 2, 2, 4), "E1-03": (4, 2, 3, 2, 4),
    "E1-04": (5, 3, 2, 2, 4), "E1-05": (5, 2, 2, 2, 4), "E1-06": (4, 1, 3, 2, 4),
    "E1-07": (4, 2, 3, 2, 4), "E1-08": (4, 3, 2, 2, 4), "E1-09": (8, 0, 2, 2, 4),
    "E1-10": (5, 0, 5, 2, 4),
    "E2-01": (5, 2, 4, 3, 6), "E2-02": (3, 1, 2, 3, 6), "E2-03": (3, 3, 3, 3, 6),
    "E2-04": (3, 0, 2, 3, 6), "E2-05": (13, -2, 2, 3, 6), "E2-06": (6, 1, 3, 3, 6),
    "E2-07": (7, 0, 4, 3, 6),
    "SE1-01": (7, 2, 2, 4, 8), "SE1-02": (9, 2, 1, 4, 8), "SE1-03": (8, 3, 2, 4, 8),
    "SE1-04": (4, 2, 3, 4, 8), "SE1-05": (7, 1, 2, 4, 8), "SE1-06": (8, 1, 2, 4, 8),
    "SE1-07": (8, 3, 2, 4, 8), "SE1-08": (9, 0, 3, 4, 8),
    "SE2-01": (7, 4, 2, 6, 12), "SE2-02": (10, 3, 1, 6, 12), "SE2-03": (5, 2, 2, 6, 12),
    "SE2-04": (7, 2, 2, 6, 12), "SE2-05": (9, 1, 3, None, 12), "SE2-06": (11, 0, 2, 6, 12),
}  # fmt: skip

# id: (health, speed, survived, destroyed, stations, fix)
INTERNAL = {
    "I1-01": (1, 3, 2, 4, "upper_red", "battlebots"),
    "I1-02": (1, 3, 2, 4, "upper_blue", "battlebots"),
    "I1-03": (1, 4, 2, 4, "lower_white", "battlebots"),
    "I1-04": (1, 4, 2, 4, "lower_white", "battlebots"),
    "I1-05": (3, 2, 2, 4, "upper_blue", "B"),
    "I1-06": (3, 2, 2, 4, "upper_red", "B"),
    "I1-07": (0, 3, 2, 4, "lower_blue", "C"),  # health = rockets aboard
    "I2-01": (2, 2, 3, 6, "lower_blue", "battlebots"),
    "I2-02": (2, 2, 3, 6, "lower_red", "battlebots"),
    "I2-03": (2, 2, 3, 6, "upper_red", "battlebots"),
    "I2-04": (2, 2, 3, 6, "lower_blue", "battlebots"),
    "I2-05": (3, 3, 3, 6, "upper_white", "C"),
    "I2-06": (3, 2, 3, 6, "lower_white", "B"),
    "SI1-01": (2, 2, 4, 8, "lower_red", "battlebots"),
    "SI1-02": (2, 2, 4, 8, "upper_blue", "battlebots"),
    "SI1-03": (2, 2, None, 8, "lower_white", "battlebots"),
    "SI1-04": (2, 2, None, 8, "upper_red", "interceptors"),
    "SI1-05": (4, 3, 4, 8, "upper_white", "B"),
    "SI1-06": (4, 2, 4, 8, "upper_blue lower_red", "C"),
    "SI2-01": (2, 2, 6, 12, "upper_blue", "battlebots"),
    "SI2-02": (2, 2, 6, 15, "upper_white", "battlebots"),
    "SI2-03": (7, 3, 6, 12, "lower_red lower_white lower_blue", "B"),
    "SI2-04": (3, 2, 6, 12, "upper_red lower_red upper_blue lower_blue", "battlebots"),
    "SI2-05": (1, 4, None, 12, "lower_white", "C"),
}


def test_all_55_base_threats_are_bundled() -> None:
    assert set(threat_specs()) == set(EXTERNAL) | set(INTERNAL)
    assert len(threat_specs()) == 55


@pytest.mark.parametrize("threat_id", sorted(EXTERNAL))
def test_external_threat_stats(threat_id: str) -> None:
    spec = threat_spec(threat_id)
    health, shield, speed, survived, destroyed = EXTERNAL[threat_id]
    assert not spec.internal
    assert (spec.health, spec.shield, spec.speed) == (health, shield, speed)
    assert (spec.points_survived, spec.points_destroyed) == (survived, destroyed)
    assert spec.serious == threat_id.startswith("S")
    assert spec.deck == ("white" if threat_id.split("-")[0][-1] == "1" else "yellow")


@pytest.mark.parametrize("threat_id", sorted(INTERNAL))
def test_internal_threat_stats(threat_id: str) -> None:
    spec = threat_spec(threat_id)
    health, speed, survived, destroyed, stations, fix = INTERNAL[threat_id]
    assert spec.internal
    assert (spec.health, spec.speed, spec.fix) == (health, speed, fix)
    assert (spec.points_survived, spec.points_destroyed) == (survived, destroyed)
    assert spec.stations == tuple(Station[s.upper()] for s in stations.split())


def test_special_rules_are_marked() -> None:
    traits = {t: s.traits for t, s in threat_specs().items()}
    immune = {t for t, tr in traits.items() if "immune_rockets" in tr}
    assert immune == {"E1-09", "E1-10", "E2-04", "E2-05", "E2-07", "SE1-06", "SE1-08", "SE2-04",
                      "SE2-06"}  # fmt: skip
    assert {t for t, tr in traits.items() if "stealth_until_x" in tr} == {"E1-03", "E2-03"}
    assert {t for t, tr in traits.items() if "cryoshield" in tr} == {"E1-06", "SE1-05"}
    assert {t for t, tr in traits.items() if "untargetable_at_distance_3" in tr} == {
        "SE1-04",
        "SE2-03",
    }
    assert "immune_heavy_lasers" in traits["E2-02"]
    assert "rocket_magnet" in traits["SE2-02"]
    assert "rocket_decoy" in traits["E2-03"]
    assert threat_spec("SI2-02").returns_fire == "never"
    assert threat_spec("SI1-03").returns_fire == "after_x"
    assert threat_spec("SI2-01").returns_fire == "always"


def test_man_of_war_z_is_five_and_pulse_ball_y_is_one() -> None:
    assert threat_spec("SE1-02").z[0].amount == 5
    assert threat_spec("E1-01").y[0].amount == 1
