"""The game log on SQL, written once: backends supply connections and type conversions."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from typing import Any, Protocol

from storage.base import (
    Clock,
    ConflictError,
    GameNotFoundError,
    SeatTakenError,
    dumps,
    loads,
    utc_now,
)
from storage.records import (
    EventRecord,
    GameRecord,
    GameStatus,
    Handover,
    NewGame,
    SeatRecord,
    SnapshotRecord,
)

GAME_COLUMNS = (
    "id, game_key, rules_version, seed, config, guild_id, channel_id, thread_id, status, "
    "version, outcome, created, updated"
)
SEAT_COLUMNS = "game_id, seat, user_id, role, to_act, joined, left_at"
EVENT_COLUMNS = "game_id, seq, seat, action, created"
SNAPSHOT_COLUMNS = "game_id, version, rules_version, state, digest, created"
OPEN = "('lobby', 'active')"


class Tx(Protocol):
    """A connection as the shared SQL sees it; statements use `?` placeholders."""

    async def execute(self, sql: str, *args: Any) -> int:
        """Run a statement and return how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run a statement once per row of arguments."""
        ...

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        """All result rows (indexable by column name)."""
        ...

    async def fetchrow(self, sql: str, *args: Any) -> Any | None:
        """The first result row, or None."""
        ...


def json_object(value: Mapping[str, Any] | None, what: str) -> str | None:
    """Canonical JSON text of an object (None passes through); ValueError otherwise."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ValueError(f"{what} must be a JSON object, not {type(value).__name__}")
    return dumps(dict(value))


class SqlCore(ABC):
    """Games, seats, events and snapshots in SQL shared by SQLite and PostgreSQL."""

    def __init__(self, clock: Clock | None = None) -> None:
        self._clock = clock or utc_now

    # --- what a backend provides -----------------------------------------------------------
    @abstractmethod
    def _write(self) -> AbstractAsyncContextManager[Tx]:
        """A write transaction; concurrent writers are serialised or conflict-checked."""

    @abstractmethod
    def _read(self) -> AbstractAsyncContextManager[Tx]:
        """A connection for reads (each statement sees committed data)."""

    @abstractmethod
    def _t(self, value: datetime) -> Any:
        """A time as the driver stores it."""

    @abstractmethod
    def _dt(self, value: Any) -> datetime:
        """A stored time as an aware UTC datetime."""

    # --- shared helpers --------------------------------------------------------------------
    def _now(self) -> datetime:
        now = self._clock()
        if now.tzinfo is None:
            raise ValueError("the store's clock must return aware datetimes")
        return now.astimezone(UTC)

    def _opt_dt(self, value: Any) -> datetime | None:
        return None if value is None else self._dt(value)

    @staticmethod
    def _json(value: Any) -> Any:
        return loads(value) if isinstance(value, str | bytes) else value

    def _game(self, r: Any) -> GameRecord:
        return GameRecord(
            id=r["id"],
            game_key=r["game_key"],
            rules_version=r["rules_version"],
            seed=r["seed"],
            config=self._json(r["config"]),
            guild_id=r["guild_id"],
            channel_id=r["channel_id"],
            thread_id=r["thread_id"],
            status=GameStatus(r["status"]),
            version=r["version"],
            outcome=None if r["outcome"] is None else self._json(r["outcome"]),
            created=self._dt(r["created"]),
            updated=self._dt(r["updated"]),
        )

    def _seat(self, r: Any) -> SeatRecord:
        return SeatRecord(
            game_id=r["game_id"],
            seat=r["seat"],
            user_id=r["user_id"],
            role=r["role"],
            to_act=bool(r["to_act"]),
            joined=self._dt(r["joined"]),
            left=self._opt_dt(r["left_at"]),
        )

    def _event(self, r: Any) -> EventRecord:
        return EventRecord(
            game_id=r["game_id"],
            seq=r["seq"],
            seat=r["seat"],
            action=self._json(r["action"]),
            created=self._dt(r["created"]),
        )

    def _snapshot(self, r: Any) -> SnapshotRecord:
        return SnapshotRecord(
            game_id=r["game_id"],
            version=r["version"],
            rules_version=r["rules_version"],
            state=loads(r["state"]),
            digest=r["digest"],
            created=self._dt(r["created"]),
        )

    async def _game_in(self, tx: Tx, game_id: int) -> GameRecord:
        row = await tx.fetchrow(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", game_id)
        if row is None:
            raise GameNotFoundError(game_id)
        return self._game(row)

    # --- games -----------------------------------------------------------------------------
    async def create_game(self, new: NewGame) -> GameRecord:
        """Store a new game at version 0 (with its first seats) and return it with its id."""
        async with self._write() as tx:
            return await self._insert_game(tx, new)

    async def _insert_game(self, tx: Tx, new: NewGame) -> GameRecord:
        config = json_object(new.config, "config")
        now = self._t(self._now())
        row = await tx.fetchrow(
            "INSERT INTO games (game_key, rules_version, seed, config, guild_id, channel_id,"
            " thread_id, status, version, created, updated)"
            f" VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?) RETURNING {GAME_COLUMNS}",
            new.game_key,
            new.rules_version,
            new.seed,
            config,
            new.guild_id,
            new.channel_id,
            new.thread_id,
            GameStatus(new.status).value,
            now,
            now,
        )
        game = self._game(row)
        for seat in new.seats:
            if seat.seat < 0:
                raise ValueError(f"seat must be >= 0, not {seat.seat}")
            await tx.execute(
                "INSERT INTO seats (game_id, seat, user_id, role, to_act, joined)"
                " VALUES (?, ?, ?, ?, FALSE, ?)",
                game.id,
                seat.seat,
                seat.user_id,
                seat.role,
                now,
            )
        return game

    async def get_game(self, game_id: int) -> GameRecord:
        """The game with this id; raises GameNotFoundError."""
        async with self._read() as tx:
            return await self._game_in(tx, game_id)

    async def update_game(
        self,
        game_id: int,
        *,
        config: dict[str, Any] | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
    ) -> GameRecord:
        """Change where a game is played, or its config while it is still a lobby."""
        text = json_object(config, "config")
        async with self._write() as tx:
            game = await self._game_in(tx, game_id)
            if text is not None and game.status is not GameStatus.LOBBY:
                # The log was recorded under the old config; changing it would break replay.
                raise ConflictError(f"game {game_id} has started; its config is fixed")
            row = await tx.fetchrow(
                "UPDATE games SET config = COALESCE(?, config),"
                " channel_id = COALESCE(?, channel_id), thread_id = COALESCE(?, thread_id),"
                f" updated = ? WHERE id = ? RETURNING {GAME_COLUMNS}",
                text,
                channel_id,
                thread_id,
                self._t(self._now()),
                game_id,
            )
        return self._game(row)

    async def set_status(
        self,
        game_id: int,
        status: GameStatus,
        *,
        expected: GameStatus | None = None,
        outcome: dict[str, Any] | None = None,
    ) -> GameRecord:
        """Move a game to `status`; raises ConflictError when it is not at `expected`."""
        text = json_object(outcome, "outcome")
        now = self._t(self._now())
        async with self._write() as tx:
            game = await self._game_in(tx, game_id)
            if expected is not None and game.status is not expected:
                raise ConflictError(f"game {game_id} is {game.status}, not {expected}")
            row = await tx.fetchrow(
                "UPDATE games SET status = ?, outcome = COALESCE(?, outcome), updated = ?"
                f" WHERE id = ? AND status = ? RETURNING {GAME_COLUMNS}",
                GameStatus(status).value,
                text,
                now,
                game_id,
                game.status.value,
            )
            if row is None:
                raise ConflictError(f"game {game_id} changed status meanwhile")
            if not GameStatus(status).is_open:
                await self._close_game(tx, game_id, now)
        return self._game(row)

    async def _close_game(self, tx: Tx, game_id: int, now: Any) -> None:
        await tx.execute("UPDATE seats SET to_act = FALSE WHERE game_id = ? AND to_act", game_id)
        await tx.execute(
            "UPDATE deadlines SET done = ? WHERE game_id = ? AND done IS NULL", now, game_id
        )

    # --- seats -----------------------------------------------------------------------------
    async def add_seat(
        self, game_id: int, seat: int, user_id: int, role: str | None = None
    ) -> SeatRecord:
        """Give `seat` to a user; raises SeatTakenError when someone holds it."""
        if seat < 0:
            raise ValueError(f"seat must be >= 0, not {seat}")
        async with self._write() as tx:
            await self._game_in(tx, game_id)
            taken = await tx.fetchrow(
                "SELECT user_id FROM seats WHERE game_id = ? AND seat = ? AND left_at IS NULL",
                game_id,
                seat,
            )
            if taken is not None:
                raise SeatTakenError(f"seat {seat} of game {game_id} is taken")
            try:
                row = await tx.fetchrow(
                    "INSERT INTO seats (game_id, seat, user_id, role, to_act, joined)"
                    f" VALUES (?, ?, ?, ?, FALSE, ?) RETURNING {SEAT_COLUMNS}",
                    game_id,
                    seat,
                    user_id,
                    role,
                    self._t(self._now()),
                )
            except ConflictError:
                raise SeatTakenError(f"seat {seat} of game {game_id} is taken") from None
        return self._seat(row)

    async def leave_seat(self, game_id: int, seat: int) -> bool:
        """Mark the seat's holder as gone; False when nobody held it."""
        async with self._write() as tx:
            changed = await tx.execute(
                "UPDATE seats SET left_at = ?, to_act = FALSE"
                " WHERE game_id = ? AND seat = ? AND left_at IS NULL",
                self._t(self._now()),
                game_id,
                seat,
            )
        return changed > 0

    async def _hand_over(self, tx: Tx, game_id: int, handover: Handover, stamp: Any) -> None:
        """Inside a write: the holder leaves and the new user sits, keeping role and flag; the
        seat's pending deadlines close with the old holder."""
        clash = await tx.fetchrow(
            "SELECT seat FROM seats WHERE game_id = ? AND user_id = ? AND left_at IS NULL",
            game_id,
            handover.to_user,
        )
        if clash is not None:
            raise SeatTakenError(f"user {handover.to_user} already holds a seat of game {game_id}")
        old = await tx.fetchrow(
            "UPDATE seats SET left_at = ?, to_act = FALSE WHERE game_id = ? AND seat = ?"
            " AND user_id = ? AND left_at IS NULL RETURNING role, to_act",
            stamp,
            game_id,
            handover.seat,
            handover.from_user,
        )
        if old is None:
            raise ConflictError(
                f"seat {handover.seat} of game {game_id} is not held by {handover.from_user}"
            )
        await tx.execute(
            "INSERT INTO seats (game_id, seat, user_id, role, to_act, joined)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            game_id,
            handover.seat,
            handover.to_user,
            old["role"],
            old["to_act"],
            stamp,
        )
        # The old holder's clocks (reminders, timeouts) go with their seat, in the same write.
        await tx.execute(
            "UPDATE deadlines SET done = ? WHERE game_id = ? AND seat = ? AND done IS NULL",
            stamp,
            game_id,
            handover.seat,
        )

    async def set_seat_role(
        self, game_id: int, seat: int, role: str | None, *, user_id: int | None = None
    ) -> SeatRecord:
        """Change a lobby seat's role in place; ConflictError unless still held (by user_id)."""
        async with self._write() as tx:
            # Touching the game row first holds it against a concurrent start (an append moves
            # the status through the same row), and re-checks the status once a start is done.
            lobby = await tx.execute(
                "UPDATE games SET updated = ? WHERE id = ? AND status = 'lobby'",
                self._t(self._now()),
                game_id,
            )
            if not lobby:
                await self._game_in(tx, game_id)  # GameNotFoundError for a wrong id
                raise ConflictError(f"game {game_id} has started; its roles are fixed")
            holder = "" if user_id is None else " AND user_id = ?"
            row = await tx.fetchrow(
                "UPDATE seats SET role = ? WHERE game_id = ? AND seat = ? AND left_at IS NULL"
                f"{holder} RETURNING {SEAT_COLUMNS}",
                role,
                game_id,
                seat,
                *(() if user_id is None else (user_id,)),
            )
            if row is None:
                who = "" if user_id is None else f" by user {user_id}"
                raise ConflictError(f"seat {seat} of game {game_id} is not held{who}")
        return self._seat(row)

    async def seats(self, game_id: int, *, include_left: bool = False) -> list[SeatRecord]:
        """The game's seats in seat order (current holders unless include_left)."""
        where = "" if include_left else " AND left_at IS NULL"
        async with self._read() as tx:
            rows = await tx.fetch(
                f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ?{where} ORDER BY seat, id",
                game_id,
            )
        return [self._seat(r) for r in rows]
