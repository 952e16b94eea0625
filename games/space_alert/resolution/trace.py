"""What a resolved flight reports: the score card and one frame per turn for the replay."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TraceEvent:
    """One thing that happened: turn, step (appear/actions/damage/threats/computer), text."""

    turn: int
    step: str
    kind: str
    text: str
    crew: int | None = None
    threat: str | None = None


@dataclass(frozen=True, slots=True)
class CrewFrame:
    """A crew member at the end of a turn; station 'space' when out in the interceptors."""

    name: str
    station: str
    bots: str | None
    knocked_out: bool


@dataclass(frozen=True, slots=True)
class ThreatFrame:
    """A threat in play (or just removed) at the end of a turn."""

    key: str
    id: str
    name: str
    zone: str
    position: int
    damage: int
    health: int
    shield: int
    stations: tuple[str, ...]
    status: str


@dataclass(frozen=True, slots=True)
class ShipFrame:
    """Energy, stocks and damage tokens (per zone, red-white-blue) at the end of a turn."""

    reactors: tuple[int, int, int]
    shields: tuple[int, int, int]
    capsules: int
    rockets: int
    rocket_in_flight: bool
    tiles: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    stored_battlebots: tuple[tuple[str, str | None], ...]


@dataclass(frozen=True, slots=True)
class TurnFrame:
    """Everything a replay needs to draw turn `turn` (0 = start of the flight, 13 = the jump)."""

    turn: int
    crew: tuple[CrewFrame, ...]
    threats: tuple[ThreatFrame, ...]
    ship: ShipFrame
    events: tuple[TraceEvent, ...]


@dataclass(frozen=True, slots=True)
class FlightResult:
    """The outcome of a flight: lost or scored, the threat piles, and the per-turn frames."""

    lost: bool
    loss_reason: str | None
    score: int | None
    threat_points: int
    damage: tuple[int, int, int]
    destroyed: tuple[str, ...]
    survived: tuple[str, ...]
    unfinished: tuple[str, ...]
    knocked_out: tuple[str, ...]
    inactive_battlebots: int
    visual_confirmation: tuple[int, int, int]
    frames: tuple[TurnFrame, ...]

    @property
    def log(self) -> tuple[str, ...]:
        """Every event's text in order."""
        return tuple(e.text for frame in self.frames for e in frame.events)
