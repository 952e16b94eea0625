"""The store interface: errors, canonical JSON, and the GameStore protocol of both backends."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from storage.outbox import OutboxStore
from storage.puzzles import PuzzleStore
from storage.records import (
    DeadlineRecord,
    EventRecord,
    GameLog,
    GameRecord,
    GameStatus,
    GuildSettings,
    Handover,
    NewEvent,
    NewGame,
    NewOutbox,
    RatingChange,
    RatingHistoryRecord,
    RatingRecord,
    SeatRecord,
    SnapshotRecord,
    UserSettings,
)

Clock = Callable[[], datetime]
"""Where the store reads the time (injected so tests control it)."""


def utc_now() -> datetime:
    """The current time in UTC."""
    return datetime.now(UTC)


class StorageError(Exception):
    """A database problem, with a message an operator can act on."""


class StorageFullError(StorageError):
    """The disk is full or the database read-only: the write was refused and nothing was saved.
    Play can go on once the operator frees space (or makes the database writable again)."""


class MigrationError(StorageError):
    """The schema could not be brought to the version this code needs."""


class GameNotFoundError(StorageError):
    """No game has the requested id."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} does not exist")
        self.game_id = game_id


class ConflictError(StorageError):
    """A row changed since the caller read it; reload and decide again. Nothing was written."""


class StaleVersionError(ConflictError):
    """An append expected a log length the game no longer has."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id} is at version {actual}, not {expected}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class GameClosedError(ConflictError):
    """The game is finished or abandoned and takes no more events."""


class PuzzleRatingMovedError(ConflictError):
    """A puzzle's rating changed since it was read (another player's try ended meanwhile):
    nothing was written; read it again and rate again."""


class SeatTakenError(ConflictError):
    """Somebody already holds that seat."""


def dumps(value: Any) -> str:
    """Canonical JSON: sorted keys, no spaces, no NaN; raises ValueError for anything else."""
    try:
        return json.dumps(
            value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
    except TypeError as err:
        raise ValueError(f"not JSON-compatible: {err}") from None


def loads(text: str | bytes) -> Any:
    """The value of a JSON text read from the database."""
    return json.loads(text)


def digest(value: Any) -> str:
    """A SHA-256 hex digest of the canonical JSON of `value`."""
    return hashlib.sha256(dumps(value).encode()).hexdigest()


class GameStore(PuzzleStore, OutboxStore, Protocol):
    """Records in, records out: everything the host persists goes through here."""

    @property
    def description(self) -> str:
        """Where the data lives, safe to print (no password)."""
        ...

    @property
    def shared(self) -> bool:
        """True when several bot processes may serve this database at once (PostgreSQL)."""
        ...

    # --- lifecycle -------------------------------------------------------------------------
    async def close(self) -> None:
        """Release connections; the store is unusable afterwards."""
        ...

    async def schema_version(self) -> int:
        """The migration the database is at (0 for an empty database)."""
        ...

    async def migrate(self, target: int | None = None) -> int:
        """Apply pending migrations up to `target` (default: all) and return the new version."""
        ...

    async def backup(self, path: Path) -> None:
        """Write a consistent copy of a live database to `path`."""
        ...

    async def integrity_check(self) -> list[str]:
        """Problems the database engine finds in its own files (empty when healthy)."""
        ...

    # --- games, seats and the log ----------------------------------------------------------
    async def create_game(self, new: NewGame) -> GameRecord:
        """Store a new game at version 0 and return it with its id."""
        ...

    async def get_game(self, game_id: int) -> GameRecord:
        """The game with this id; raises GameNotFoundError."""
        ...

    async def update_game(
        self,
        game_id: int,
        *,
        config: dict[str, Any] | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
    ) -> GameRecord:
        """Change where a game is played, or its config while it is still a lobby."""
        ...

    async def set_status(
        self,
        game_id: int,
        status: GameStatus,
        *,
        expected: GameStatus | None = None,
        outcome: dict[str, Any] | None = None,
    ) -> GameRecord:
        """Move a game to `status`; raises ConflictError when it is not at `expected`."""
        ...

    async def add_seat(
        self, game_id: int, seat: int, user_id: int, role: str | None = None
    ) -> SeatRecord:
        """Give `seat` to a user; raises SeatTakenError when someone holds it."""
        ...

    async def leave_seat(self, game_id: int, seat: int) -> bool:
        """Mark the seat's holder as gone; False when nobody held it."""
        ...

    async def set_seat_role(
        self, game_id: int, seat: int, role: str | None, *, user_id: int | None = None
    ) -> SeatRecord:
        """Change a lobby seat's role in place; ConflictError unless still held (by user_id)."""
        ...

    async def seats(self, game_id: int, *, include_left: bool = False) -> list[SeatRecord]:
        """The game's seats in seat order (current holders unless include_left)."""
        ...

    async def append(
        self,
        game_id: int,
        expected_seq: int,
        events: Sequence[NewEvent],
        *,
        to_act: Sequence[int] | None = None,
        status: GameStatus | None = None,
        outcome: dict[str, Any] | None = None,
        outbox: Sequence[NewOutbox] = (),
        handover: Handover | None = None,
    ) -> GameRecord:
        """Log events at seqs expected_seq.. and enqueue `outbox` in one transaction;
        StaleVersionError if moved on (and then nothing is enqueued).

        A `handover` changes a seat's holder in the same transaction (seat replacement)."""
        ...

    async def events(
        self, game_id: int, *, start: int = 0, stop: int | None = None
    ) -> list[EventRecord]:
        """Logged events with start <= seq < stop, in order."""
        ...

    async def load(self, game_id: int, *, rules_version: int | None = None) -> GameLog:
        """The game, its seats, its newest snapshot for `rules_version` and the events after it."""
        ...

    async def save_snapshot(
        self, game_id: int, version: int, rules_version: int, state: Any
    ) -> SnapshotRecord:
        """Cache the state after `version` events; keeps only the newest few per game."""
        ...

    async def snapshots(self, game_id: int) -> list[SnapshotRecord]:
        """Every cached snapshot of a game, oldest first."""
        ...

    async def delete_snapshots(self, game_id: int, *, version: int | None = None) -> int:
        """Drop a game's snapshots (or the one at `version`) and return how many went."""
        ...

    # --- queries the host needs ------------------------------------------------------------
    async def active_games_for_user(self, user_id: int) -> list[GameRecord]:
        """Open games (lobby or active) where the user holds a seat, newest activity first."""
        ...

    async def games_waiting_on(self, user_id: int) -> list[GameRecord]:
        """Active games where one of the user's seats is to act, longest waiting first."""
        ...

    async def games_in_channel(
        self, channel_id: int, *, open_only: bool = True
    ) -> list[GameRecord]:
        """Games played in a channel or thread, by id."""
        ...

    async def games_with_status(
        self, status: GameStatus, *, after_id: int = 0, limit: int = 500
    ) -> list[GameRecord]:
        """Games in `status` with id > after_id, by id (a page for walking every game)."""
        ...

    # --- privacy ---------------------------------------------------------------------------
    async def open_games_of(self, user_id: int) -> list[int]:
        """Ids of the lobbies and running games the user holds a seat in."""
        ...

    async def open_leagues_of(self, user_id: int) -> list[str]:
        """Names of the leagues not yet over that the user signed up for or plays in."""
        ...

    async def user_record(self, user_id: int) -> dict[str, Any]:
        """Everything stored about the user, as JSON-ready data."""
        ...

    async def forget_user(
        self, user_id: int, pseudonym: int, names: tuple[str, ...] = (), replacement: str = ""
    ) -> list[int]:
        """Replace the user by `pseudonym` in closed games and leagues (and `names` by
        `replacement` in their results), delete their settings and ratings; returns the renamed
        games' ids (ConflictError while they play)."""
        ...

    async def count_games(self, status: GameStatus) -> dict[str, int]:
        """How many games are in `status`, by game key (keys with none are left out)."""
        ...

    async def finished_games(
        self, *, game_key: str | None = None, unrated_only: bool = True, limit: int = 100
    ) -> list[GameRecord]:
        """Finished games, oldest first; by default only those without rating history."""
        ...

    async def due_deadlines(self, now: datetime, *, limit: int = 100) -> list[DeadlineRecord]:
        """Pending deadlines due at or before `now`, earliest first."""
        ...

    async def pending_deadlines(self, game_id: int) -> list[DeadlineRecord]:
        """A game's deadlines not yet handled nor cancelled, earliest first."""
        ...

    async def leaderboard(
        self,
        game_key: str,
        *,
        scope: int,
        league_id: int | None = None,
        min_games: int = 1,
        limit: int = 10,
    ) -> list[RatingRecord]:
        """The best ratings in a game within a scope (only league members with league_id)."""
        ...

    # --- host tables -----------------------------------------------------------------------
    async def get_user_settings(self, user_id: int) -> UserSettings:
        """A user's settings (defaults when none are stored)."""
        ...

    async def put_user_settings(self, settings: UserSettings) -> None:
        """Store a user's settings, replacing earlier ones."""
        ...

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """A guild's settings (defaults when none are stored)."""
        ...

    async def name_seats(self, user_id: int, name: str, guild_id: int | None) -> int:
        """Set the display name of the user's current seats in open games of one server (None:
        games in DMs); returns how many seats changed."""
        ...

    async def seat_names(self, game_id: int) -> dict[int, str]:
        """The display names stored for a game's seated users, by user id."""
        ...

    async def put_guild_settings(self, settings: GuildSettings) -> None:
        """Store a guild's settings, replacing earlier ones."""
        ...

    async def add_deadline(
        self, game_id: int, seat: int | None, kind: str, due: datetime
    ) -> DeadlineRecord:
        """Schedule a deadline or reminder for a game (and seat)."""
        ...

    async def add_deadlines(
        self, game_id: int, deadlines: Sequence[tuple[int | None, str, datetime]]
    ) -> list[DeadlineRecord]:
        """Schedule several (seat, kind, due) deadlines of a game in one transaction."""
        ...

    async def complete_deadline(
        self, deadline_id: int, *, outbox: Sequence[NewOutbox] = ()
    ) -> bool:
        """Mark a deadline handled and enqueue `outbox` with it, in one transaction; False (and
        nothing enqueued) when it already was (so it fires once)."""
        ...

    async def cancel_deadlines(
        self, game_id: int, *, seat: int | None = None, kind: str | None = None
    ) -> int:
        """Close a game's pending deadlines (optionally one seat's or kind's); return the count."""
        ...

    async def get_rating(self, game_key: str, user_id: int, *, scope: int) -> RatingRecord | None:
        """A user's rating in a game within a scope (records.rating_scope), if they have one."""
        ...

    async def record_ratings(
        self, game_id: int, changes: Sequence[RatingChange]
    ) -> list[RatingRecord]:
        """Apply a finished game's changes once, in its guild's scope; ConflictError if stale."""
        ...

    async def rating_history(
        self, game_key: str, user_id: int, *, scope: int
    ) -> list[RatingHistoryRecord]:
        """A user's rating changes in a game within a scope, oldest first."""
        ...

    async def add_league_member(self, league_id: int, user_id: int) -> bool:
        """Enrol a user; False when already enrolled."""
        ...

    async def remove_league_member(self, league_id: int, user_id: int) -> bool:
        """Withdraw a user; False when not enrolled."""
        ...

    async def league_members(self, league_id: int) -> list[int]:
        """User ids enrolled in a league, ascending."""
        ...
