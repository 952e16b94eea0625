"""What seats do during planning, and the chance results the engine logs."""

from __future__ import annotations

from dataclasses import dataclass

from games.space_alert.missions import Schedule


@dataclass(frozen=True, slots=True)
class PlaceCard:
    """Put a card from hand into a slot (1-12) with its 'action' or 'move' half up.

    `board` is the crew index of the board (None: the player's own; an android's index to
    program the android).
    """

    card: int
    slot: int
    half: str
    board: int | None = None


@dataclass(frozen=True, slots=True)
class ClearSlot:
    """Take a card of the open phase back into hand (own board; in solo, any android's)."""

    slot: int
    board: int | None = None


@dataclass(frozen=True, slots=True)
class GiveCard:
    """Data transfer: hand one ordinary card to another player."""

    card: int
    to: int


@dataclass(frozen=True, slots=True)
class LockIn:
    """The seat is done with this phase (the host sends it for a player past the deadline)."""


@dataclass(frozen=True, slots=True)
class FlightPrepared:
    """Chance: trajectories (red, white, blue, internal), each crew member's heroic card, and
    the generated schedule for a random mission (None for an official one)."""

    tracks: tuple[str, str, str, str]
    heroics: tuple[int, ...]
    schedule: Schedule | None


@dataclass(frozen=True, slots=True)
class PhaseOpened:
    """Chance: this phase's threat cards (turn, card id) and each seat's new cards."""

    phase: int
    threats: tuple[tuple[int, str], ...]
    cards: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class DamageDrawn:
    """Chance: the order in which each zone's damage tokens will be drawn (red, white, blue)."""

    orders: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


Action = PlaceCard | ClearSlot | GiveCard | LockIn | FlightPrepared | PhaseOpened | DamageDrawn
