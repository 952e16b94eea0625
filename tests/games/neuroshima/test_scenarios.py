"""Every battle scenario file against its hand-worked expected result (scenarios/README.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.base import InvalidActionError
from games.neuroshima import scenario

FOLDER = Path(__file__).parent / "scenarios"
NAMES = sorted(
    p.name.removesuffix(".json") for p in FOLDER.glob("*.json") if ".expected" not in p.name
)


def load(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The scenario input and its expected result."""
    data = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    expected = json.loads((FOLDER / f"{name}.expected.json").read_text(encoding="utf-8"))
    return data, expected


def test_there_are_enough_scenarios() -> None:
    assert len([n for n in NAMES if not n.startswith("E")]) >= 30


@pytest.mark.parametrize("name", NAMES)
def test_scenario(name: str) -> None:
    data, expected = load(name)
    if "error" in expected:
        with pytest.raises(InvalidActionError) as caught:
            scenario.run(data)
        assert str(caught.value) == expected["error"]
        return
    result = scenario.run(data)
    assert result["format"] == expected["format"]
    for key in ("hq_hp", "tiles", "destroyed", "eliminated"):
        assert result[key] == expected[key], key
    assert all(isinstance(line, str) for line in result["log"])


def test_every_scenario_is_described() -> None:
    readme = (FOLDER / "README.md").read_text(encoding="utf-8")
    assert all(f"| {name} |" in readme for name in NAMES)
