"""What the ship picture shows, as plain records: built from a view or a replay frame, then painted.

The bridge and every replay frame are the same picture with different contents; keeping the
contents as records (not views) is what lets one painter serve both without seeing any card.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.space_alert.ship import (
    FUEL_CAPSULES,
    REACTOR_CAPACITY,
    REACTOR_START,
    ROCKETS,
    SHIELD_CAPACITY,
    SHIELD_START,
)

STATIONS = ("upper_red", "upper_white", "upper_blue", "lower_red", "lower_white", "lower_blue")


@dataclass(frozen=True, slots=True)
class CrewMark:
    """A crew member's token: captain-order index, where, and what is special about them."""

    index: int
    station: str
    """A station key, or "space" while out in the interceptors."""
    knocked_out: bool = False
    bots: str | None = None
    delayed: bool = False


@dataclass(frozen=True, slots=True)
class ThreatMark:
    """A threat on a trajectory (external) or in stations (internal)."""

    number: int
    """The turn it appears: the number on its token, as at the table."""
    name: str
    id: str
    zone: str
    """red, white, blue or internal."""
    position: int | None
    """Space on the trajectory (1 = Z); None while only announced."""
    health: int
    damage: int
    shield: int
    speed: int
    serious: bool
    stations: tuple[str, ...] = ()
    status: str = "active"
    hit: int = 0
    """Damage aimed at it this turn (drawn as a beam)."""


@dataclass(frozen=True, slots=True)
class Shot:
    """A weapon firing this turn: from which zone and deck, at which threat, how hard."""

    zone: str
    upper: bool
    target: int
    strength: int


@dataclass(frozen=True, slots=True)
class ShipMarks:
    """Energy, stocks and damage of the ship."""

    reactors: tuple[int, int, int] = REACTOR_START
    shields: tuple[int, int, int] = SHIELD_START
    capsules: int = FUEL_CAPSULES
    rockets: int = ROCKETS
    rocket_in_flight: bool = False
    tiles: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = ((), (), ())
    new_tiles: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = ((), (), ())
    stored_bots: tuple[tuple[str, str | None], ...] = (
        ("upper_blue", "active"),
        ("lower_red", "active"),
    )

    def reactor_capacity(self, zone: int) -> int:
        """Reactor capacity after damage."""
        return REACTOR_CAPACITY[zone] - ("reactor" in self.tiles[zone])

    def shield_capacity(self, zone: int) -> int:
        """Shield capacity after damage."""
        return SHIELD_CAPACITY[zone] - ("shield" in self.tiles[zone])


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything on the ship picture."""

    title: str
    subtitle: str
    tracks: tuple[str, str, str, str]
    """Trajectory names for red, white, blue and internal."""
    threats: tuple[ThreatMark, ...]
    crew: tuple[CrewMark, ...]
    ship: ShipMarks
    shots: tuple[Shot, ...] = ()
    impacts: tuple[tuple[str, str], ...] = ()
    """(zone, short text) for every zone an attack struck this turn."""
    announced: bool = False
    """True on the bridge: threats are only announced, drawn at their entry with T+n."""
    progress: tuple[int, int] | None = None
    """(turn, last turn) for the replay's turn strip."""
