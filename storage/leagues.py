"""League records and the LeagueStore protocol: a league row, its append-only log, its games."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from storage.base import ConflictError, StorageError
from storage.records import JSONObject, NewGame, NewOutbox


class LeagueStatus(StrEnum):
    """Where a league is, coarsely (the log says the rest): listing and ticking use it."""

    SIGNUP = "signup"
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def is_open(self) -> bool:
        """True while the league still takes events that move it on."""
        return self in (LeagueStatus.SIGNUP, LeagueStatus.RUNNING, LeagueStatus.PAUSED)


class LeagueNotFoundError(StorageError):
    """No league has the requested id."""

    def __init__(self, league_id: int) -> None:
        super().__init__(f"league {league_id} does not exist")
        self.league_id = league_id


class StaleLeagueError(ConflictError):
    """A league append expected a log length the league no longer has."""

    def __init__(self, league_id: int, expected: int, actual: int) -> None:
        super().__init__(f"league {league_id} is at version {actual}, not {expected}")
        self.league_id = league_id
        self.expected = expected
        self.actual = actual


@dataclass(frozen=True, slots=True)
class LeagueHead:
    """A league with its settings; `version` is the length of its log (the next seq)."""

    id: int
    guild_id: int
    channel_id: int | None
    name: str
    game_key: str
    config: JSONObject
    status: LeagueStatus
    version: int
    created: datetime
    updated: datetime
    ends: datetime | None


@dataclass(frozen=True, slots=True)
class NewLeagueEvent:
    """An event to append to a league's log; `actor` is None for the host's own decisions."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    actor: int | None = None


@dataclass(frozen=True, slots=True)
class LeagueEvent:
    """One logged league event."""

    league_id: int
    seq: int
    actor: int | None
    kind: str
    data: JSONObject
    created: datetime


@dataclass(frozen=True, slots=True)
class LeagueGame:
    """A game a league round created: table `board` of round `round`."""

    game_id: int
    league_id: int
    round: int
    board: int


@runtime_checkable
class LeagueStore(Protocol):
    """What the league service persists; both backends implement it beside GameStore."""

    async def open_league(
        self,
        guild_id: int,
        name: str,
        game_key: str,
        config: Mapping[str, Any],
        *,
        channel_id: int | None = None,
        ends: datetime | None = None,
        events: Sequence[NewLeagueEvent] = (),
        outbox: Callable[[LeagueHead], Sequence[NewOutbox]] | None = None,
    ) -> LeagueHead:
        """Start a league with settings and its first `events` in one transaction, with the
        messages `outbox(the new league)` enqueued in it; ConflictError when the guild has one
        with that name."""
        ...

    async def get_league(self, league_id: int) -> LeagueHead:
        """The league with this id; raises LeagueNotFoundError."""
        ...

    async def guild_leagues(self, guild_id: int) -> list[LeagueHead]:
        """A guild's leagues with their settings, by id."""
        ...

    async def open_leagues(self, *, after_id: int = 0, limit: int = 200) -> list[LeagueHead]:
        """Leagues still in signup, running or paused with id > after_id, by id."""
        ...

    async def append_league(
        self,
        league_id: int,
        expected_seq: int,
        events: Sequence[NewLeagueEvent],
        *,
        status: LeagueStatus | None = None,
        games: Sequence[LeagueGame] = (),
        outbox: Sequence[NewOutbox] = (),
    ) -> LeagueHead:
        """Log events (and link games, enqueue `outbox`) in one transaction; StaleLeagueError
        if moved on."""
        ...

    async def open_round(
        self,
        league_id: int,
        expected_seq: int,
        round_number: int,
        games: Sequence[NewGame],
        paired: Callable[[Sequence[int]], NewLeagueEvent],
        outbox: Callable[[Sequence[int]], Sequence[NewOutbox]] | None = None,
    ) -> tuple[LeagueHead, list[int]]:
        """Create a round's games with their seats, log `paired(game ids)`, link the games
        as tables 1.. of the round and enqueue `outbox(game ids)`, all in one transaction;
        StaleLeagueError if moved on."""
        ...

    async def league_events(self, league_id: int, *, start: int = 0) -> list[LeagueEvent]:
        """A league's log from seq `start`, in order."""
        ...

    async def league_of_game(self, game_id: int) -> LeagueGame | None:
        """The league round a game belongs to, if any."""
        ...

    async def league_games(self, league_id: int) -> list[LeagueGame]:
        """Every game a league created, by round and table."""
        ...
