"""What seats do during planning and between campaign flights, and the logged chance results."""

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


@dataclass(frozen=True, slots=True)
class FlyAgain:
    """Campaign: this seat's proposal to fly the next flight at this difficulty (per deck)."""

    normal: str
    serious: str


@dataclass(frozen=True, slots=True)
class StopCampaign:
    """Campaign: this seat's proposal to fly no more and count the score."""


@dataclass(frozen=True, slots=True)
class RepairDamage:
    """Campaign repair: take one damage token (zone, token name) off the ship."""

    zone: str
    tile: str


@dataclass(frozen=True, slots=True)
class RepairBattlebots:
    """Campaign repair: mend one damaged battlebot squad."""


@dataclass(frozen=True, slots=True)
class SkipRepair:
    """Campaign repair: this crew member repairs nothing (the host sends it past a deadline)."""


@dataclass(frozen=True, slots=True)
class LeaveStoreEmpty:
    """Campaign: the store ('upper_blue' or 'lower_red') that gets no squad next flight."""

    station: str


Action = (
    PlaceCard
    | ClearSlot
    | GiveCard
    | LockIn
    | FlyAgain
    | StopCampaign
    | RepairDamage
    | RepairBattlebots
    | SkipRepair
    | LeaveStoreEmpty
    | FlightPrepared
    | PhaseOpened
    | DamageDrawn
)
