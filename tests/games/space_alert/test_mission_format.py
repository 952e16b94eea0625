"""The public mission format: malformed files fail with one clear line and a stable code."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.base import InvalidActionError
from games.space_alert.mission_format import run

GOOD: dict[str, Any] = {
    "format": "muster.space_alert.mission/1",
    "crew": [{"name": "P1", "program": ["lift", "C"]}],
    "tracks": {"red": "T7", "white": "T6", "blue": "T4", "internal": "T3"},
    "threats": [{"id": "E1-09", "turn": 1, "zone": "blue"}],
}


def _broken(path: str, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    target: Any = data
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if key.isdigit() else target[key]
    last = keys[-1]
    if last.isdigit():
        target[int(last)] = value
    else:
        target[last] = value
    return data


def test_good_mission_resolves_and_reports_every_field() -> None:
    result = run(GOOD)
    assert result["format"] == "muster.space_alert.mission-result/1"
    assert set(result) == {
        "format", "lost", "score", "damage", "destroyed", "survived", "unfinished",
        "knocked_out", "inactive_battlebots", "visual_confirmation", "log",
    }  # fmt: skip
    assert result["survived"] == ["E1-09"]
    assert all(isinstance(line, str) for line in result["log"])


@pytest.mark.parametrize(
    ("path", "value", "code"),
    [
        ("threats.0.id", "E9-99", "unknown_threat"),
        ("threats.0.zone", "green", "bad_zone"),
        ("threats.0.zone", "internal", "bad_zone"),
        ("threats.0.turn", 13, "malformed_mission"),
        ("crew.0.program", ["A"] * 13, "malformed_mission"),
        ("crew.0.program", ["jump"], "unknown_card"),
        ("crew.0.program", ["Hmove:bridge"], "unknown_station"),
        ("tracks.red", "T8", "unknown_track"),
        ("format", "something/2", "malformed_mission"),
        ("crew", [], "malformed_mission"),
    ],
)
def test_malformed_missions_are_rejected(path: str, value: Any, code: str) -> None:
    with pytest.raises(InvalidActionError) as err:
        run(_broken(path, value))
    assert err.value.code == code
    assert "\n" not in err.value.user_message


def test_unknown_damage_token_is_rejected() -> None:
    data = copy.deepcopy(GOOD)
    data["damage_tokens"] = {"red": ["hull"]}
    with pytest.raises(InvalidActionError) as err:
        run(data)
    assert err.value.code == "unknown_tile"


def test_given_damage_order_comes_first_then_the_default_order() -> None:
    data = copy.deepcopy(GOOD)
    data["crew"] = [{"name": "P1", "program": []}]
    data["damage_tokens"] = {"blue": ["structure", "gravolift"]}
    result = run(data)
    # Amoeba Z: 5 against 1 shield cube -> 4 tokens: the two given, then the default order.
    tokens = [line.split(": ")[1] for line in result["log"] if "blue zone damaged" in line]
    assert tokens == ["structure", "gravolift", "upper_cannon", "lower_cannon"]


def test_run_is_pure() -> None:
    data = copy.deepcopy(GOOD)
    assert run(data) == run(data)
    assert data == GOOD


def test_two_threats_in_one_turn_act_in_the_order_announced() -> None:
    # The format does not forbid it. Amoeba (E1-09, speed 2) on T4 in blue (13 spaces, X 9,
    # Y 5): Z at turn 6, 5 against 1 shield cube -> 4 damage. Armored Grappler (E1-08, speed
    # 2) on T6 in white (15 spaces, X 10, Y 7 and 3): X at turn 3 (1, absorbed), Y heals at
    # turns 4 and 6, Z at turn 7: 4 damage. In turn 6 the Amoeba, listed first, moves first.
    # Score: 2 + 2 - 8 - 4 = -8.
    data = copy.deepcopy(GOOD)
    data["crew"] = [{"name": "P1", "program": []}]
    data["threats"] = [
        {"id": "E1-09", "turn": 1, "zone": "blue"},
        {"id": "E1-08", "turn": 1, "zone": "white"},
    ]
    result = run(data)
    log = result.pop("log")
    assert result["score"] == -8
    assert result["damage"] == {"red": 0, "white": 4, "blue": 4}
    assert result["survived"] == ["E1-09", "E1-08"]
    amoeba = log.index("T6 E1-09@T1 Amoeba reaches Z")
    grappler = log.index("T6 E1-08@T1b Armored Grappler reaches Y")
    assert amoeba < grappler
    data["threats"].reverse()
    swapped = run(data)["log"]
    assert swapped.index("T6 E1-08@T1 Armored Grappler reaches Y") < swapped.index(
        "T6 E1-09@T1b Amoeba reaches Z"
    )


def test_a_heroic_c_repairs_twice_as_fast_and_otherwise_acts_as_c() -> None:
    # HC is in the format; cs "Hrdinská oprava – … položí se na kartu závady dvě červené
    # kostičky místo jedné". At the bridge with no malfunction it maintains the computer.
    data = copy.deepcopy(GOOD)
    data["crew"] = [{"name": "P1", "program": ["HC"]}]
    data["threats"] = []
    assert "T1 P1 maintains the computer" in run(data)["log"]
    # Virus (I2-05, 3 health, C at the bridge) appears in turn 1: HC deals 2, C the last 1 in
    # turn 2; it is destroyed before its X. Score: 6 for a destroyed yellow normal threat.
    data["crew"] = [{"name": "P1", "program": ["HC", "C"]}]
    data["threats"] = [{"id": "I2-05", "turn": 1, "zone": "internal"}]
    result = run(data)
    assert "T1 P1 repairs I2-05@T1 by 2" in result["log"]
    assert result["destroyed"] == ["I2-05"] and result["score"] == 6
