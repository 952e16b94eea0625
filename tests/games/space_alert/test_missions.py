"""Hand-traced missions: each file's expected result was worked out on paper before the code ran.

`missions/NN_name.mission.json` is the input in the public format; `NN_name.expected.json` holds
the expected result (every key but the free-form log), log lines that must appear, and the hand
trace the numbers rest on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.space_alert.mission_format import run

MISSIONS = Path(__file__).parent / "missions"
CASES = sorted(p.name.removesuffix(".mission.json") for p in MISSIONS.glob("*.mission.json"))


def _load(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    mission = json.loads((MISSIONS / f"{name}.mission.json").read_text("utf-8"))
    expected = json.loads((MISSIONS / f"{name}.expected.json").read_text("utf-8"))
    return mission, expected


def test_there_are_at_least_twenty_traced_missions() -> None:
    assert len(CASES) >= 20


@pytest.mark.parametrize("name", CASES)
def test_mission_resolves_as_traced_by_hand(name: str) -> None:
    mission, expected = _load(name)
    result = run(mission)
    log = result.pop("log")
    assert result == expected["expected"], "\n".join(log)
    for line in expected["log_includes"]:
        assert any(line in entry for entry in log), f"missing {line!r} in:\n" + "\n".join(log)
