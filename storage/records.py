"""Frozen records that go in and out of the store: games, seats, events, snapshots, host rows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from games.base import CHANCE, Seat

JSONObject = dict[str, Any]
"""A JSON object as json.loads returns it."""


class GameStatus(StrEnum):
    """Where a game is in its life: gathering players, being played, or over."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    ABANDONED = "abandoned"

    @property
    def is_open(self) -> bool:
        """True while events may still be appended (lobby or active)."""
        return self in (GameStatus.LOBBY, GameStatus.ACTIVE)


class DmStatus(StrEnum):
    """Whether direct messages reach a user."""

    UNKNOWN = "unknown"
    OK = "ok"
    BLOCKED = "blocked"


class Notifications(StrEnum):
    """Where a user's private hand and turn notices go (/settings notifications)."""

    DM = "dm"
    THREAD = "thread"
    OFF = "off"


@dataclass(frozen=True, slots=True)
class NewGame:
    """What the host knows when it opens a lobby."""

    game_key: str
    rules_version: int
    seed: str
    config: Mapping[str, Any] = field(default_factory=dict)
    guild_id: int | None = None
    channel_id: int | None = None
    thread_id: int | None = None
    status: GameStatus = GameStatus.LOBBY
    seats: tuple[NewSeat, ...] = ()
    """Seats taken in the same write as the game (a rematch's or a league table's players)."""


@dataclass(frozen=True, slots=True)
class NewSeat:
    """A seat given to a user as its game is created."""

    seat: int
    user_id: int
    role: str | None = None


@dataclass(frozen=True, slots=True)
class Handover:
    """A seat changing hands in one write: its holder leaves and another user sits down."""

    seat: int
    from_user: int
    to_user: int


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game; `version` is the number of events in its log (the next seq)."""

    id: int
    game_key: str
    rules_version: int
    seed: str
    config: JSONObject
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    status: GameStatus
    version: int
    outcome: JSONObject | None
    created: datetime
    updated: datetime


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A user's place in a game; `to_act` is set by the host on each append."""

    game_id: int
    seat: Seat
    user_id: int
    role: str | None
    to_act: bool
    joined: datetime
    left: datetime | None


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append: `seat` is None (or CHANCE) for chance and system events."""

    seat: Seat | None
    action: Mapping[str, Any]

    @property
    def db_seat(self) -> Seat | None:
        """The seat as stored: chance and system events have no seat."""
        return None if self.seat is None or self.seat == CHANCE else self.seat


@dataclass(frozen=True, slots=True)
class EventRecord:
    """One logged event; seat None means chance or system."""

    game_id: int
    seq: int
    seat: Seat | None
    action: JSONObject
    created: datetime

    @property
    def engine_seat(self) -> Seat:
        """The seat as the engine knows it: CHANCE for a stored NULL."""
        return CHANCE if self.seat is None else self.seat


@dataclass(frozen=True, slots=True)
class SnapshotRecord:
    """A cached state after the first `version` events, built by `rules_version` rules."""

    game_id: int
    version: int
    rules_version: int
    state: Any
    digest: str
    created: datetime


@dataclass(frozen=True, slots=True)
class GameLog:
    """What loading a game returns: the latest usable snapshot and the events after it."""

    game: GameRecord
    seats: tuple[SeatRecord, ...]
    snapshot: SnapshotRecord | None
    events: tuple[EventRecord, ...]

    @property
    def first_seq(self) -> int:
        """The seq of the first event in `events`."""
        return self.snapshot.version if self.snapshot else 0


@dataclass(frozen=True, slots=True)
class UserSettings:
    """Per-user preferences; quiet hours are minutes after local midnight."""

    user_id: int
    locale: str | None = None
    dm_status: DmStatus = DmStatus.UNKNOWN
    quiet_start: int | None = None
    quiet_end: int | None = None
    timezone: str | None = None
    notifications: Notifications = Notifications.DM


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """Per-server preferences; `settings` holds options later issues add."""

    guild_id: int
    locale: str | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class DeadlineRecord:
    """A turn deadline or reminder; `done` is set once it has been handled or cancelled."""

    id: int
    game_id: int
    seat: Seat | None
    kind: str
    due: datetime
    created: datetime
    done: datetime | None


def rating_scope(guild_id: int | None) -> int:
    """Where a game's ratings count: its guild, or 0 for games outside any guild."""
    return 0 if guild_id is None else guild_id


@dataclass(frozen=True, slots=True)
class RatingRecord:
    """A user's current rating in one game within one scope (see rating_scope)."""

    scope: int
    game_key: str
    user_id: int
    rating: float
    deviation: float
    games: int
    updated: datetime


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One user's rating move from one finished game; `before` None for a first game."""

    user_id: int
    before: float | None
    after: float
    deviation: float


@dataclass(frozen=True, slots=True)
class RatingHistoryRecord:
    """A stored rating change, at most one per user and game."""

    game_id: int
    scope: int
    game_key: str
    user_id: int
    before: float | None
    after: float
    created: datetime


@dataclass(frozen=True, slots=True)
class NewOutbox:
    """A message to deliver, written with the change that produced it.

    `key` is its idempotency key: enqueueing the same key twice stores one row, and front-ends
    send it along (Discord's message nonce) so a post retried after a crash is not doubled.
    """

    key: str
    kind: str
    payload: JSONObject
    game_id: int | None = None
    due: datetime | None = None
    """When it may first be sent by any process (None: now); its writer sends it before."""


@dataclass(frozen=True, slots=True)
class OutboxRecord:
    """A stored outbox message: pending until `sent`, or kept as undeliverable with `failed`."""

    id: int
    key: str
    game_id: int | None
    kind: str
    payload: JSONObject
    created: datetime
    attempts: int
    next_attempt: datetime
    error: str | None
    sent: datetime | None
    failed: datetime | None

    @property
    def pending(self) -> bool:
        """True until the message was sent or given up."""
        return self.sent is None and self.failed is None


FORMER_PLAYER_BASE = 9_200_000_000_000_000_000
"""Pseudonyms of forgotten players live above every Discord id (snowflakes reach this only in the
22nd century) and below the 64-bit limit both databases store; AI seats use small negative ids."""


def is_former_player(user_id: int) -> bool:
    """Whether a user id is the pseudonym of someone who asked to be forgotten."""
    return user_id >= FORMER_PLAYER_BASE
