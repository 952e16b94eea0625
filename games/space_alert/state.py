"""The state of a Space Alert game: configuration, boards, hands, announcements, the result."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from games.base import InvalidActionError
from games.space_alert.actions import FlyAgain, StopCampaign
from games.space_alert.campaign import FlightRecord, ShipDamage
from games.space_alert.missions import Schedule, Slot, official_mission
from games.space_alert.resolution import FlightResult
from games.space_alert.ship import TURNS

DIFFICULTIES = ("white", "yellow", "mixed")


class Stage(Enum):
    """Where the game is: chance steps, planning a phase, resolved; between campaign flights."""

    PREPARE = "prepare"
    OPEN_PHASE = "open_phase"
    PLANNING = "planning"
    RESOLVE = "resolve"
    DEBRIEF = "debrief"
    """Campaign: every player proposes flying on (and the difficulty) or stopping."""
    REPAIR = "repair"
    """Campaign: crew members repair the ship one by one in captain order."""
    STOW_BOTS = "stow_bots"
    """Campaign: the crew picks the store that stays empty for a broken squad."""
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Config:
    """Lobby choices: mission (official id, 'official' for a random one of the eight missions,
    or 'random' for a generated one), deck difficulty, variants, campaign."""

    humans: int
    mission: str = "random"
    normal: str = "white"
    serious: str = "white"
    fifth_android: bool = False
    campaign: bool = False
    """Up to three flights with damage carried over (cs 6)."""

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
    if mission not in ("random", "official"):
        mission = official_mission(mission).id
    normal = str(data.get("normal", data.get("difficulty", "white")))
    serious = str(data.get("serious", data.get("difficulty", "white")))
    for name in (normal, serious):
        if name not in DIFFICULTIES:
            raise InvalidActionError(
                "Difficulty must be white, yellow or mixed, not {name!r}.",
                "bad_difficulty",
                name=name,
            )
    fifth = bool(data.get("fifth_android", False))
    if fifth and humans in (1, 5):
        raise InvalidActionError("The fifth-android variant needs 2 to 4 players.", "bad_variant")
    return Config(humans, mission, normal, serious, fifth, bool(data.get("campaign", False)))


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


NO_DAMAGE = ShipDamage()
"""A ship fresh from the yard."""


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
    """The flight just resolved (kept through a campaign's debrief and repairs)."""
    normal: str = "white"
    """This flight's normal-threat deck (the lobby's, then the crew's choice per flight)."""
    serious: str = "white"
    flight: int = 1
    flights: tuple[FlightRecord, ...] = ()
    """Resolved flights of this game, the current one included once it has resolved."""
    ship: ShipDamage = NO_DAMAGE
    """Damage the ship carries into this flight (after a flight: what it brought back)."""
    votes: tuple[FlyAgain | StopCampaign | None, ...] = ()
    repairer: int = 0
    """Crew index whose repair is due (stage REPAIR)."""
    repaired: tuple[int, int, int] = (0, 0, 0)
    """Ship damage repaired per zone in this break (at most two each)."""


def crew_boards(config: Config) -> tuple[Board, ...]:
    """Empty program boards: humans in seat order, then the androids (solo: four androids)."""
    humans = 0 if config.solo else config.humans
    boards = [Board(f"P{i + 1}", i, (None,) * TURNS) for i in range(humans)]
    boards += [Board(f"Android {n}", None, (None,) * TURNS) for n in "ABCDE"[: config.androids]]
    return tuple(boards)


def next_flight(state: State) -> State:
    """The same crew and ship before the next campaign flight: new boards, hands and threats."""
    return replace(
        state,
        stage=Stage.PREPARE,
        boards=crew_boards(state.config),
        hands=((),) * state.config.humans,
        schedule=None,
        tracks=(),
        heroics=(),
        phase=0,
        announced=(),
        dealt=frozenset(),
        locked=frozenset(),
        given=(0,) * state.config.humans,
        result=None,
        flight=state.flight + 1,
        votes=(),
        repairer=0,
        repaired=(0, 0, 0),
    )
