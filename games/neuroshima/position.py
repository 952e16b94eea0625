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
from games.neuroshima.modules import Bonus, ModuleLink, bonuses, module_links
from games.neuroshima.nets import netted_hexes
from games.neuroshima.orientation import tile_facts
from games.neuroshima.sides import Piece, Pieces, Sides, sides_of
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


def sides(position: Position) -> Sides:
    """The relation tables (friend, enemy, attack, net) for this position's seats and teams."""
    return sides_of(position.armies, position.teams)


def pieces(position: Position) -> Pieces:
    """The tiles as battle pieces (fresh, mutable copies)."""
    neutral = sides(position).neutral
    return {
        h: Piece(tile_facts(p.tile, p.facing), neutral if p.owner is None else p.owner, p.wounds)
        for h, p in position.tiles
    }


def is_ally(position: Position, a: Seat | None, b: Seat | None) -> bool:
    """True for two different seats of the same team (Moloch's team-mates included)."""
    return a is not None and b is not None and a != b and sides(position).friend[a][b]


def is_enemy(position: Position, a: Seat | None, b: Seat | None) -> bool:
    """True when `a` and `b` are on different sides; the neutral Mad Bomber is everyone's enemy."""
    s = sides(position)
    return s.enemy[s.side(a)][s.side(b)]


def can_attack(position: Position, attacker: Seat | None, target: Seat | None) -> bool:
    """Whether attacks of `attacker` hit tiles of `target` (Moloch also hits his allies)."""
    s = sides(position)
    return s.attack[s.side(attacker)][s.side(target)]


def can_net(position: Position, thrower: Seat | None, target: Seat | None) -> bool:
    """Whether nets of `thrower` hold tiles of `target` (Moloch and allies net each other)."""
    s = sides(position)
    return s.net[s.side(thrower)][s.side(target)]


def can_push(position: Position, pusher: Seat, target: Seat | None) -> bool:
    """Whether `pusher` may push or grab a tile of `target` (enemies; Moloch and his allies)."""
    return can_net(position, pusher, target)


def netted(position: Position) -> frozenset[Hex]:
    """The hexes of the tiles netted right now."""
    return netted_hexes(pieces(position), sides(position), position.board)


def module_targets(position: Position) -> dict[Hex, ModuleLink]:
    """Every working module: the side it serves (Scoper take-overs applied) and its hexes.

    A module's effect lands on the tiles of those hexes that it can help: friendly units and
    HQs (Medics also friendly modules); a Saboteur's on enemy units and HQs.
    """
    ps = pieces(position)
    s = sides(position)
    return module_links(ps, s, netted_hexes(ps, s, position.board), position.board)


def tile_bonuses(position: Position) -> dict[Hex, Bonus]:
    """What every tile gets right now from modules and HQs (initiative, strength, mobility...)."""
    ps = pieces(position)
    s = sides(position)
    held = netted_hexes(ps, s, position.board)
    return bonuses(ps, s, held, module_links(ps, s, held, position.board), position.board)
