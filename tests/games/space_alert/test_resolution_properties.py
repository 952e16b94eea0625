"""Random flights never crash, resolve deterministically, and trace every turn for the replay."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.space_alert.mission_format import parse_mission, run
from games.space_alert.resolution import resolve
from games.space_alert.threats import threat_specs

PLAYS = ["red", "blue", "lift", "A", "B", "C", "bots", "-", "HA", "HB", "Hbots",
         "Hmove:lower_red", "Hmove:upper_blue"]  # fmt: skip
TRACKS = ["T1", "T2", "T3", "T4", "T5", "T6", "T7"]


@st.composite
def missions(draw: st.DrawFn) -> dict[str, Any]:
    crew = [
        {"name": f"P{i + 1}", "program": draw(st.lists(st.sampled_from(PLAYS), max_size=12))}
        for i in range(draw(st.integers(1, 5)))
    ]
    turns = draw(st.lists(st.integers(1, 8), unique=True, max_size=8))
    threats = []
    for turn in turns:
        threat_id = draw(st.sampled_from(sorted(threat_specs())))
        internal = threat_specs()[threat_id].internal
        zone = "internal" if internal else draw(st.sampled_from(["red", "white", "blue"]))
        threats.append({"id": threat_id, "turn": turn, "zone": zone})
    tracks = draw(st.permutations(TRACKS))
    return {
        "format": "muster.space_alert.mission/1",
        "crew": crew,
        "tracks": dict(zip(["red", "white", "blue", "internal"], tracks[:4], strict=True)),
        "threats": threats,
    }


@settings(max_examples=150, deadline=None)
@given(mission=missions())
def test_random_flights_resolve_deterministically(mission: dict[str, Any]) -> None:
    first = run(mission)
    assert first == run(mission)
    if first["lost"]:
        assert first["score"] is None
    else:
        assert isinstance(first["score"], int)
        ids = first["destroyed"] + first["survived"] + first["unfinished"]
        assert sorted(ids) == sorted(t["id"] for t in mission["threats"])
    assert all(0 <= n <= 6 for n in first["damage"].values())


@settings(max_examples=60, deadline=None)
@given(mission=missions())
def test_frames_cover_every_turn_for_the_replay(mission: dict[str, Any]) -> None:
    result = resolve(parse_mission(mission))
    turns = [f.turn for f in result.frames]
    assert turns[0] == 0
    if not result.lost:
        assert turns == list(range(14))
    for frame in result.frames:
        assert len(frame.crew) == len(mission["crew"])
        assert all(e.turn == frame.turn for e in frame.events)
        assert all(len(tiles) <= 6 for tiles in frame.ship.tiles)
