"""Compact position building for the battle and position tests."""

from __future__ import annotations

from games.base import Seat
from games.neuroshima.board import STANDARD_BOARD, Board, Hex
from games.neuroshima.position import PlacedTile, Position

TileSpec = tuple[str, str, Seat | None, int] | tuple[str, str, Seat | None, int, int]


def at(label: str, board: Board = STANDARD_BOARD) -> Hex:
    """The hex with this label."""
    return board.parse(label)


def position(
    armies: tuple[str, ...],
    *tiles: TileSpec,
    hq_hp: tuple[int, ...] | None = None,
    teams: tuple[tuple[Seat, ...], ...] = (),
    scoring: bool = False,
    board: Board = STANDARD_BOARD,
) -> Position:
    """A position from (label, tile id, seat, facing[, wounds]) entries."""
    placed = {
        board.parse(spec[0]): PlacedTile(spec[1], spec[2], spec[3], spec[4] if len(spec) > 4 else 0)
        for spec in tiles
    }
    hp = hq_hp if hq_hp is not None else tuple(0 if scoring else 20 for _ in armies)
    return Position(tuple(sorted(placed.items())), armies, hp, teams, board, scoring)


def labels(hexes: object, board: Board = STANDARD_BOARD) -> set[str]:
    """The labels of a collection of hexes."""
    assert isinstance(hexes, (set, frozenset, list, tuple, dict))
    return {board.label(h) for h in hexes}
