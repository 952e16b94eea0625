"""A position on the board: which tile stands where, whose it is, how it faces, its wounds.

This is what both the turn flow (state.py) and battle resolution (battle.py) look at. Queries
about the position that rules share (who is an enemy of whom, which tiles are netted, which
modules reach which hexes) live here so there is one answer to each.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from games.base import Seat
from games.neuroshima.board import STANDARD_BOARD, Board, Hex
from games.neuroshima.tiles import TileType, tile_type


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile on the board. `owner` is None for a neutral tile (the Mad Bomber)."""

    tile: str
    owner: Seat | None
    facing: int = 0
    wounds: int = 0

    @property
    def type(self) -> TileType:
        """The printed tile."""
        return tile_type(self.tile)


@dataclass(frozen=True, slots=True)
class Position:
    """Everything on and around the board that battles and placement rules look at."""

    tiles: tuple[tuple[Hex, PlacedTile], ...]
    """Tiles on the board, sorted by hex."""
    armies: tuple[str, ...]
    """The army key of each seat."""
    hq_hp: tuple[int, ...]
    """Each seat's HQ hit points (victory points in the scoring variant)."""
    teams: tuple[tuple[Seat, ...], ...] = ()
    """Teams of allied seats; empty means every seat plays alone."""
    board: Board = STANDARD_BOARD
    scoring: bool = False
    """The optional scoring variant: HQ hits score points instead of removing hit points."""

    @staticmethod
    def of(
        tiles: Mapping[Hex, PlacedTile],
        armies: tuple[str, ...],
        hq_hp: tuple[int, ...],
        **options: object,
    ) -> Position:
        """A position from a mapping of hexes to tiles (sorted for a canonical form)."""
        return Position(tuple(sorted(tiles.items())), armies, hq_hp, **options)  # type: ignore[arg-type]

    def by_hex(self) -> dict[Hex, PlacedTile]:
        """The tiles as a fresh dict (hex -> tile)."""
        return dict(self.tiles)

    def __iter__(self) -> Iterator[tuple[Hex, PlacedTile]]:
        return iter(self.tiles)
