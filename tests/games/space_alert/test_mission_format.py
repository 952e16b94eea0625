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
