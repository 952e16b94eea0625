"""The ship: zones, decks, stations, the devices behind each button, energy and damage tokens."""

from __future__ import annotations

from enum import Enum
from typing import Final


class Zone(Enum):
    """The three zones of the ship, left to right as the rulebook attacks them."""

    RED = 0
    WHITE = 1
    BLUE = 2

    @property
    def key(self) -> str:
        """The lower-case name used in files and logs."""
        return _ZONE_KEYS[self]


class Station(Enum):
    """The six stations: upper deck 0-2 and lower deck 3-5, red to blue."""

    UPPER_RED = 0
    UPPER_WHITE = 1
    UPPER_BLUE = 2
    LOWER_RED = 3
    LOWER_WHITE = 4
    LOWER_BLUE = 5

    @property
    def key(self) -> str:
        """The lower-case name used in files and logs."""
        return _STATION_KEYS[self]

    @property
    def zone(self) -> Zone:
        """The zone this station belongs to."""
        return _STATION_ZONES[self]

    @property
    def upper(self) -> bool:
        """True for the upper deck."""
        return self in _UPPER

    def step(self, direction: str) -> Station | None:
        """The neighbour by a red/blue move or the lift; None beyond the hull."""
        if direction == "lift":
            return STATIONS[(self.value + 3) % 6]
        column = self.value % 3 + (-1 if direction == "red" else 1)
        if column < 0 or column > 2:
            return None
        return STATIONS[self.value - self.value % 3 + column]

    def neighbours(self) -> tuple[Station, ...]:
        """Stations reachable by one move: red, blue and the lift."""
        found = (self.step("red"), self.step("blue"), self.step("lift"))
        return tuple(s for s in found if s is not None)


ZONES: Final = (Zone.RED, Zone.WHITE, Zone.BLUE)
STATIONS: Final = tuple(Station)
# Enum attribute access is slow; resolution asks these many times per turn.
_ZONE_KEYS: Final = {z: z.name.lower() for z in Zone}
_STATION_KEYS: Final = {s: s.name.lower() for s in Station}
_STATION_ZONES: Final = {s: ZONES[s.value % 3] for s in Station}
_UPPER: Final = frozenset(s for s in Station if s.value < 3)
BRIDGE: Final = Station.UPPER_WHITE
"""Every crew member starts the flight here."""


def zone_named(name: str) -> Zone:
    """The zone for 'red', 'white' or 'blue'; raises KeyError otherwise."""
    return Zone[name.upper()]


def station_named(name: str) -> Station:
    """The station for 'upper_red' ... 'lower_blue'; raises KeyError otherwise."""
    return Station[name.upper()]


class Tile(Enum):
    """The six damage tokens of each zone, in the default draw order."""

    UPPER_CANNON = "upper_cannon"
    LOWER_CANNON = "lower_cannon"
    SHIELD = "shield"
    REACTOR = "reactor"
    GRAVOLIFT = "gravolift"
    STRUCTURE = "structure"


DEFAULT_TILE_ORDER: Final = tuple(Tile)
"""The draw order of a zone whose order a mission file does not give (documented in rulings)."""

REACTOR_CAPACITY: Final = (3, 5, 3)
REACTOR_START: Final = (2, 3, 2)
SHIELD_CAPACITY: Final = (2, 3, 2)
SHIELD_START: Final = (1, 1, 1)
FUEL_CAPSULES: Final = 3
ROCKETS: Final = 3
HEAVY_LASER_STRENGTH: Final = (4, 5, 4)
LIGHT_LASER_STRENGTH: Final = 2
PULSE_STRENGTH: Final = 1
PULSE_RANGE: Final = 2
ROCKET_STRENGTH: Final = 3
ROCKET_RANGE: Final = 2
INTERCEPTOR_SINGLE: Final = 3
INTERCEPTOR_EACH: Final = 1
BEHEMOTH_INTERCEPTORS: Final = 9
BATTLEBOT_STORES: Final = (Station.UPPER_BLUE, Station.LOWER_RED)
INTERCEPTOR_BAY: Final = Station.UPPER_RED
TURNS: Final = 12
PHASES: Final = ((1, 3), (4, 7), (8, 12))
"""First and last turn of each phase of the action part."""
VISUAL_CONFIRMATION_POINTS: Final = (0, 1, 2, 3, 5, 7)
"""Points for the best turn of a phase, by how many crew confirmed visually in it."""


def phase_of(turn: int) -> int:
    """The phase (1-3) a turn 1-12 belongs to."""
    for number, (first, last) in enumerate(PHASES, start=1):
        if first <= turn <= last:
            return number
    raise ValueError(f"turn {turn} is outside the action part")


def maintenance_turns(phase: int) -> tuple[int, int]:
    """The first two turns of a phase, when the computer must be maintained."""
    first = PHASES[phase - 1][0]
    return first, first + 1
