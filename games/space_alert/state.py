"""The state of a Space Alert game: configuration, boards, hands, announcements, the result."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from games.base import InvalidActionError
from games.space_alert.missions import Schedule, Slot, official_mission
from games.space_alert.resolution import FlightResult

DIFFICULTIES = ("white", "yellow", "mixed")


class Stage(Enum):
    """Where the game is: chance steps, planning a phase, resolved."""

    PREPARE = "prepare"
    OPEN_PHASE = "open_phase"
    PLANNING = "planning"
    RESOLVE = "resolve"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Config:
    """Lobby choices: mission (official id or 'random'), deck difficulty, variants."""

    humans: int
    mission: str = "random"
    normal: str = "white"
    serious: str = "white"
    fifth_android: bool = False

    @property
    def solo(self) -> bool:
        """One player flying four androids."""
        return self.humans == 1

    @property
    def androids(self) -> int:
        """Android crew members: up to four characters (five with the variant); solo: four."""
        if self.solo:
            return 4
        target = 5 if self.fifth_android else 4
        return max(0, target - self.humans)

    @property
    def crew_size(self) -> int:
        """Characters on the ship, humans and androids."""
        return (0 if self.solo else self.humans) + self.androids


def parse_config(data: object, humans: int) -> Config:
    """Validate lobby options; raises InvalidActionError with a readable message."""
    if not 1 <= humans <= 5:
        raise InvalidActionError("Space Alert is for 1 to 5 players.", "bad_seats")
    if not isinstance(data, dict):
        data = {}
    mission = str(data.get("mission", "random"))
    if mission != "random":
        mission = official_mission(mission).id
    normal = str(data.get("normal", data.get("difficulty", "white")))
    serious = str(data.get("serious", data.get("difficulty", "white")))
    for name in (normal, serious):
        if name not in DIFFICULTIES:
            raise InvalidActionError(
                f"Difficulty must be white, yellow or mixed, not {name!r}.", "bad_difficulty"
            )
    fifth = bool(data.get("fifth_android", False))
    if fifth and humans in (1, 5):
        raise InvalidActionError("The fifth-android variant needs 2 to 4 players.", "bad_variant")
    return Config(humans, mission, normal, serious, fifth)


@dataclass(frozen=True, slots=True)
class Placed:
    """A card lying in a program slot, with the half that counts."""

    card: int
    half: str


@dataclass(frozen=True, slots=True)
class Board:
    """One crew member's program: a human's (seat) or an android's (seat None)."""

    name: str
    seat: int | None
    slots: tuple[Placed | None, ...]
    heroic: int | None = None
    """An android's own heroic card while it is not yet placed."""


@dataclass(frozen=True, slots=True)
class Announcement:
    """A threat the computer has announced: its slot in the schedule and the card drawn."""

    slot: Slot
    threat_id: str


@dataclass(frozen=True, slots=True)
class State:
    """A whole game; boards of other players are never shown before resolution (see view)."""

    config: Config
    stage: Stage
    boards: tuple[Board, ...]
    hands: tuple[tuple[int, ...], ...]
    schedule: Schedule | None = None
    tracks: tuple[str, ...] = ()
    heroics: tuple[int, ...] = ()
    phase: int = 0
    announced: tuple[Announcement, ...] = ()
    dealt: frozenset[int] = frozenset()
    locked: frozenset[int] = frozenset()
    given: tuple[int, ...] = ()
    result: FlightResult | None = None
