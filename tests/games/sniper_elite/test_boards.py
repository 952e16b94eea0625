"""The two original boards meet the anatomy the solo rules need."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.sniper_elite.board import BOARD_KEYS, SQUADS, Area, SpaceType, board_json, load_board
from games.sniper_elite.geometry import is_convex, signed_area
from games.sniper_elite.sight import sight_pair


@pytest.fixture(params=BOARD_KEYS)
def board_key(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_spaces_are_convex_and_do_not_overlap(board_key: str) -> None:
    board = load_board(board_key)
    total = sum(abs(signed_area(s.polygon)) for s in board.spaces)
    total += sum(abs(signed_area(f.polygon)) for f in board.features)
    assert all(is_convex(s.polygon) for s in board.spaces)
    assert total == board.width * board.height  # the board is tiled exactly


def test_space_sizes_vary_deliberately(board_key: str) -> None:
    areas = [abs(signed_area(s.polygon)) for s in load_board(board_key).playing_spaces]
    assert max(areas) >= 8 * min(areas)
    assert min(areas) == 1


def test_types_features_doors_ladders(board_key: str) -> None:
    board = load_board(board_key)
    assert {s.kind for s in board.spaces} == set(SpaceType)
    assert any(s.difficult for s in board.spaces)
    assert {f.kind for f in board.features} == {"obstruction", "water"}
    assert board.doors and board.ladders
    for pair in board.doors | board.ladders:
        a, b = sorted(pair)
        assert b in board.adjacent[a]
    for kind in SpaceType:
        assert any(board.is_access(s.id) and s.kind is kind for s in board.playing_spaces)


def test_areas_objectives_crosses_entries(board_key: str) -> None:
    board = load_board(board_key)
    numbers = sorted(s.objective for s in board.spaces if s.objective is not None)
    assert numbers == list(range(1, 10))
    per_area = Counter(board.objective_space(n).area for n in numbers)
    assert per_area[Area.WHITE] == 1
    assert sorted(per_area[a] for a in SQUADS) == [2, 3, 3]
    for squad in SQUADS:
        cross = board.iron_cross(squad)
        assert cross.area is squad and cross.objective is None
    entries = board.entries
    assert len(entries) == 4 and {e.area for e in entries} == set(Area)
    for entry in entries:
        assert entry.objective is None and board.passages[entry.id]


def test_every_space_is_reachable(board_key: str) -> None:
    board = load_board(board_key)
    playing = [s.id for s in board.playing_spaces]
    for a in playing:
        assert all(board.distance(a, b) < 100 for b in playing)
    for entry in board.entries:
        assert all(board.distance(entry.id, b) < 100 for b in playing)


def test_enclosed_spaces_open_only_through_doors() -> None:
    board = load_board("tidewater")
    assert board.passages["A1"] == {"A3", "D1"}  # the warehouse hall's walls
    assert board.passages["F9"] == {"B6"}  # the water tower's single ladder
    assert "N3" in board.passages["K3"]  # open ground meets open ground


@pytest.mark.parametrize(
    ("a", "b", "sight", "distance"),
    [
        ("B6", "F9", 1, 1),  # adjacent across the ladder
        ("A1", "C3", 1, 2),  # rooms of one building see each other
        ("B6", "A1", None, 3),  # the warehouse wall is in the way
        ("H8", "K8", 2, 2),  # around the container stack, past one space
        ("F9", "S8", 6, 8),  # high ground to high ground over the whole yard
        ("B6", "K8", None, 4),  # the water tower blocks the view east
    ],
)
def test_hand_picked_sight_lines(a: str, b: str, sight: int | None, distance: int) -> None:
    board = load_board("tidewater")
    assert board.line_of_sight(a, b) == sight
    assert board.line_of_sight(b, a) == sight
    assert board.distance(a, b) == distance


def test_cached_sight_matches_the_geometry(board_key: str) -> None:
    board = load_board(board_key)
    rng = random.Random(board_key)
    ids = [s.id for s in board.spaces]
    for _ in range(25):
        a, b = rng.sample(ids, 2)
        assert sight_pair(board.spaces, board.features, a, b) == board.line_of_sight(a, b), (a, b)


def test_sight_overrides_apply() -> None:
    from games.sniper_elite.board import build_board

    data = board_json("tidewater")
    data["sight_overrides"] = [
        {"a": "B6", "b": "A1", "distance": 2},
        {"a": "B6", "b": "F9", "distance": None},
    ]
    board = build_board(data)
    assert board.line_of_sight("A1", "B6") == 2
    assert board.line_of_sight("B6", "F9") is None
