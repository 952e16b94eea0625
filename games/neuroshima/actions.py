"""Everything a seat (or chance) can do in Neuroshima Hex, as frozen values.

Hexes are board coordinates (`Hex`), tiles are tile ids such as "outpost.runner", facings are
0..5 as in board.py. `Means` says which ability pays for a move: a Move tile from the hand, the
unit's own Mobility (printed or lent by a Transport), the Doomsday HQ's once-per-turn rotation,
the Turn-over mark, or a unit's own Push Back / Grab ability (Doomsday Pusher, Doom Net Fighter).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from games.base import Seat
from games.neuroshima.board import Hex


class Means(Enum):
    """What pays for a movement, rotation, push or grab."""

    TILE = "tile"
    MOBILITY = "mobility"
    HQ = "hq"
    TURN_OVER = "turn_over"
    UNIT = "unit"


@dataclass(frozen=True, slots=True)
class PickMercenary:
    """Before the HQs go down: take one of the Mercenaries from Alabama into your reserve."""

    tile: str


@dataclass(frozen=True, slots=True)
class PlaceHQ:
    """Put your HQ on a free hex (its facing does not matter: all six edges are alike)."""

    hex: Hex


@dataclass(frozen=True, slots=True)
class Draw:
    """Start your draw, taking these reserved mercenaries instead of army tiles."""

    mercenaries: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TilesDrawn:
    """Chance result: the tiles `seat` drew from the top of its pile, in draw order."""

    seat: Seat
    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Discard:
    """Put a tile from your hand on your discard pile."""

    tile: str


@dataclass(frozen=True, slots=True)
class PlaceTile:
    """Put a board tile from your hand on a free hex with the given facing."""

    tile: str
    hex: Hex
    facing: int


@dataclass(frozen=True, slots=True)
class Move:
    """Move one of your tiles to `to` (may equal `frm` for a pure rotation) and face it."""

    frm: Hex
    to: Hex
    facing: int
    means: Means = Means.TILE


@dataclass(frozen=True, slots=True)
class Rotate:
    """Turn one of your units in place (Doomsday HQ ability or the Turn-over mark)."""

    hex: Hex
    facing: int
    means: Means = Means.HQ


@dataclass(frozen=True, slots=True)
class PushBack:
    """Your tile at `pusher` pushes the adjacent enemy at `target` one hex away."""

    pusher: Hex
    target: Hex
    means: Means = Means.TILE


@dataclass(frozen=True, slots=True)
class Grab:
    """Your unit at `grabber` pulls the enemy at `target` (two hexes away) next to it."""

    grabber: Hex
    target: Hex
    means: Means = Means.TILE


@dataclass(frozen=True, slots=True)
class Reposition:
    """Swap two of your own tiles; neither turns."""

    first: Hex
    second: Hex


@dataclass(frozen=True, slots=True)
class Snipe:
    """Play a Sniper: one wound to the enemy tile at `target` (never an HQ)."""

    target: Hex


@dataclass(frozen=True, slots=True)
class AirStrike:
    """Play an Air Strike centred on `target`: one wound to every non-HQ tile in the 7 hexes."""

    target: Hex


@dataclass(frozen=True, slots=True)
class Grenade:
    """Play a Grenade: destroy the enemy tile at `target`, next to your own HQ (never an HQ)."""

    target: Hex


@dataclass(frozen=True, slots=True)
class ChooseDestination:
    """Answer a pending push or grab: where your pushed/pulled tile goes and how it faces."""

    hex: Hex
    facing: int | None = None


@dataclass(frozen=True, slots=True)
class StartBattle:
    """Play a Battle tile: the battle is fought at once and your turn ends."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Finish your turn, keeping what is left in your hand."""


NeuroshimaAction = (
    PickMercenary
    | PlaceHQ
    | Draw
    | TilesDrawn
    | Discard
    | PlaceTile
    | Move
    | Rotate
    | PushBack
    | Grab
    | Reposition
    | Snipe
    | AirStrike
    | Grenade
    | ChooseDestination
    | StartBattle
    | EndTurn
)
"""Any Neuroshima Hex action, chance results included."""
