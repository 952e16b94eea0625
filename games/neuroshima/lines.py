"""Board geometry tables for battles: neighbours and lines of fire from every hex, built once.

Hex arithmetic allocates a new tuple per step; a battle walks the same few hundred steps over
and over, so it reads them from these cached tables instead.
"""

from __future__ import annotations

from games.neuroshima.board import Board, Hex

Neighbours = dict[Hex, tuple[Hex | None, ...]]
Rays = dict[Hex, tuple[tuple[Hex, ...], ...]]

_NEIGHBOURS: dict[int, Neighbours] = {}
_RAYS: dict[int, Rays] = {}


def neighbour_table(board: Board) -> Neighbours:
    """For every hex of `board`, its neighbour in each direction (None off the board)."""
    # Keyed by radius: hashing the Board dataclass on every call would cost more than the lookup.
    table = _NEIGHBOURS.get(board.radius)
    if table is None:
        table = _NEIGHBOURS[board.radius] = {
            h: tuple(n if n in board else None for n in h.neighbours()) for h in board.hexes
        }
    return table


def ray_table(board: Board) -> Rays:
    """For every hex of `board`, the hexes in a straight line in each direction, nearest first."""
    table = _RAYS.get(board.radius)
    if table is None:
        table = _RAYS[board.radius] = {
            h: tuple(tuple(board.ray(h, d)) for d in range(6)) for h in board.hexes
        }
    return table
