"""Questions the turn-flow rules ask about a state: relations, free hexes, tiles in hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from games.base import Seat
from games.neuroshima.board import Hex
from games.neuroshima.position import PlacedTile, Position, can_push, is_enemy
from games.neuroshima.state import Change, State
from games.neuroshima.tiles import Action, Kind, tile_type


def team_of(position: Position, seat: Seat) -> int:
    """The team index of `seat` (seats without a team count as their own team)."""
    for i, members in enumerate(position.teams):
        if seat in members:
            return i
    return seat + len(position.teams)


def opponents(position: Position, a: Seat | None, b: Seat | None) -> bool:
    """True when tiles of `a` and `b` are enemies (the neutral bomber is everyone's enemy)."""
    return is_enemy(position, a, b)


def pushable(position: Position, pusher: Seat, target: Seat | None) -> bool:
    """Whether `pusher` may push or pull a tile of `target` (cs: Moloch and his allies may)."""
    return can_push(position, pusher, target)


def free_hexes(position: Position) -> tuple[Hex, ...]:
    """Hexes of the board with no tile, in board order."""
    taken = {h for h, _ in position.tiles}
    return tuple(h for h in position.board.hexes if h not in taken)


def instant_in_hand(state: State, seat: Seat, action: Action) -> str | None:
    """The id of a tile in `seat`'s hand whose action is `action`, if there is one."""
    for tile in state.hands[seat]:
        if tile_type(tile).action is action:
            return tile
    return None


def is_hq(placed: PlacedTile) -> bool:
    """True for an HQ tile."""
    return placed.type.kind is Kind.HQ


def is_unit(placed: PlacedTile) -> bool:
    """True for a unit (a soldier), including a neutral or mercenary Mad Bomber."""
    return placed.type.kind in (Kind.UNIT, Kind.NEUTRAL)


def own_tiles(position: Position, seat: Seat) -> tuple[tuple[Hex, PlacedTile], ...]:
    """The tiles `seat` owns, in hex order."""
    return tuple((h, p) for h, p in position.tiles if p.owner == seat)


def hq_hex(position: Position, seat: Seat) -> Hex | None:
    """Where `seat`'s HQ stands, if it is on the board."""
    for h, p in position.tiles:
        if p.owner == seat and is_hq(p):
            return h
    return None


def with_tiles(position: Position, tiles: dict[Hex, PlacedTile]) -> Position:
    """The position with its tiles replaced (sorted back into canonical order)."""
    return Position(
        tuple(sorted(tiles.items())),
        position.armies,
        position.hq_hp,
        position.teams,
        position.board,
        position.scoring,
    )


def changed(kind: str, h: Hex, frm: Hex | None, placed: PlacedTile) -> Change:
    """The change record of `placed` as it stands on `h` after the change."""
    return Change(kind, h, frm, placed.tile, placed.owner, placed.facing, placed.wounds)


def note(state: State, changes: Sequence[Change]) -> State:
    """The state with these board changes recorded under the current turn."""
    if not changes:
        return state
    return replace(state, changes=(*state.changes, *((state.turn, c) for c in changes)))


def next_alive(state: State, seat: Seat) -> Seat:
    """The first seat after `seat` in turn order that is still in the game."""
    order = state.order
    i = order.index(seat)
    for k in range(1, len(order) + 1):
        candidate = order[(i + k) % len(order)]
        if candidate not in state.eliminated:
            return candidate
    return seat
