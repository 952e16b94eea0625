"""The action log, snapshots and game queries in shared SQL."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from storage.base import GameClosedError, StaleVersionError, dumps
from storage.records import (
    EventRecord,
    GameLog,
    GameRecord,
    GameStatus,
    Handover,
    NewEvent,
    NewOutbox,
    SnapshotRecord,
)
from storage.sql import (
    EVENT_COLUMNS,
    GAME_COLUMNS,
    OPEN,
    SEAT_COLUMNS,
    SNAPSHOT_COLUMNS,
    SqlCore,
    Tx,
    json_object,
)
from storage.sql_outbox import insert_outbox

KEEP_SNAPSHOTS = 2
"""Snapshots kept per game: the newest, and one to fall back on if it is found bad."""


class SqlLog(SqlCore):
    """Appending and reading the log, caching snapshots, and the host's game queries."""

    # --- the log ---------------------------------------------------------------------------
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
        if expected_seq < 0:
            raise ValueError(f"expected_seq must be >= 0, not {expected_seq}")
        if status is GameStatus.LOBBY:
            raise ValueError("a game cannot go back to the lobby")
        now = self._now()
        stamp = self._t(now)
        rows = []
        for offset, event in enumerate(events):
            seat = event.db_seat
            if seat is not None and seat < 0:
                raise ValueError(f"event seat must be >= 0, None or CHANCE, not {seat}")
            action = json_object(event.action, "an event's action")
            rows.append((game_id, expected_seq + offset, seat, action, stamp))
        outcome_text = json_object(outcome, "outcome")
        async with self._write() as tx:
            row = await tx.fetchrow(
                "UPDATE games SET version = version + ?, updated = ?,"
                " status = COALESCE(?, status), outcome = COALESCE(?, outcome)"
                f" WHERE id = ? AND version = ? AND status IN {OPEN} RETURNING {GAME_COLUMNS}",
                len(rows),
                stamp,
                None if status is None else GameStatus(status).value,
                outcome_text,
                game_id,
                expected_seq,
            )
            if row is None:
                await self._refuse(tx, game_id, expected_seq)
            if rows:
                await tx.executemany(
                    f"INSERT INTO events ({EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?)", rows
                )
            if handover is not None:
                await self._hand_over(tx, game_id, handover, stamp)
            if status is not None and not status.is_open:
                await self._close_game(tx, game_id, stamp)
            elif to_act is not None:
                seats = sorted({seat for seat in to_act if seat >= 0})
                # One statement sets every current seat's flag: fewer round trips per append.
                flag = f"seat IN ({', '.join('?' * len(seats))})" if seats else "FALSE"
                await tx.execute(
                    f"UPDATE seats SET to_act = ({flag}) WHERE game_id = ? AND left_at IS NULL",
                    *seats,
                    game_id,
                )
            # The messages the change produces commit or vanish with it.
            await insert_outbox(tx, outbox, stamp, self._t)
        return self._game(row)

    async def _refuse(self, tx: Tx, game_id: int, expected_seq: int) -> None:
        game = await self._game_in(tx, game_id)
        if not game.status.is_open:
            raise GameClosedError(f"game {game_id} is {game.status} and takes no more events")
        raise StaleVersionError(game_id, expected_seq, game.version)

    async def events(
        self, game_id: int, *, start: int = 0, stop: int | None = None
    ) -> list[EventRecord]:
        """Logged events with start <= seq < stop, in order."""
        async with self._read() as tx:
            if stop is None:
                rows = await tx.fetch(
                    f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq >= ?"
                    " ORDER BY seq",
                    game_id,
                    start,
                )
            else:
                rows = await tx.fetch(
                    f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq >= ?"
                    " AND seq < ? ORDER BY seq",
                    game_id,
                    start,
                    stop,
                )
        return [self._event(r) for r in rows]

    async def load(self, game_id: int, *, rules_version: int | None = None) -> GameLog:
        """The game, its seats, its newest snapshot for `rules_version` and the events after it."""
        async with self._read() as tx:
            game = await self._game_in(tx, game_id)
            seats = await tx.fetch(
                f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? AND left_at IS NULL"
                " ORDER BY seat",
                game_id,
            )
            snap = await tx.fetchrow(
                f"SELECT {SNAPSHOT_COLUMNS} FROM snapshots WHERE game_id = ?"
                " AND rules_version = ? AND version <= ? ORDER BY version DESC LIMIT 1",
                game_id,
                game.rules_version if rules_version is None else rules_version,
                game.version,
            )
            snapshot = None if snap is None else self._snapshot(snap)
            # Bounded by the game's version read above, so a concurrent append cannot make the
            # events run ahead of the record they are returned with.
            events = await tx.fetch(
                f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq >= ? AND seq < ?"
                " ORDER BY seq",
                game_id,
                snapshot.version if snapshot else 0,
                game.version,
            )
        return GameLog(
            game=game,
            seats=tuple(self._seat(r) for r in seats),
            snapshot=snapshot,
            events=tuple(self._event(r) for r in events),
        )

    # --- snapshots -------------------------------------------------------------------------
    async def save_snapshot(
        self, game_id: int, version: int, rules_version: int, state: Any
    ) -> SnapshotRecord:
        """Cache the state after `version` events; keeps only the newest few per game."""
        text = dumps(state)
        digest = hashlib.sha256(text.encode()).hexdigest()
        async with self._write() as tx:
            game = await self._game_in(tx, game_id)
            if not 0 <= version <= game.version:
                raise ValueError(f"game {game_id} has {game.version} events, not {version}")
            row = await tx.fetchrow(
                f"INSERT INTO snapshots ({SNAPSHOT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, version) DO UPDATE SET"
                " rules_version = excluded.rules_version, state = excluded.state,"
                " digest = excluded.digest, created = excluded.created"
                f" RETURNING {SNAPSHOT_COLUMNS}",
                game_id,
                version,
                rules_version,
                text,
                digest,
                self._t(self._now()),
            )
            await tx.execute(
                "DELETE FROM snapshots WHERE game_id = ? AND version NOT IN"
                " (SELECT version FROM snapshots WHERE game_id = ? ORDER BY version DESC LIMIT ?)",
                game_id,
                game_id,
                KEEP_SNAPSHOTS,
            )
        return self._snapshot(row)

    async def snapshots(self, game_id: int) -> list[SnapshotRecord]:
        """Every cached snapshot of a game, oldest first."""
        async with self._read() as tx:
            rows = await tx.fetch(
                f"SELECT {SNAPSHOT_COLUMNS} FROM snapshots WHERE game_id = ? ORDER BY version",
                game_id,
            )
        return [self._snapshot(r) for r in rows]

    async def delete_snapshots(self, game_id: int, *, version: int | None = None) -> int:
        """Drop a game's snapshots (or the one at `version`) and return how many went."""
        async with self._write() as tx:
            if version is None:
                return await tx.execute("DELETE FROM snapshots WHERE game_id = ?", game_id)
            return await tx.execute(
                "DELETE FROM snapshots WHERE game_id = ? AND version = ?", game_id, version
            )

    # --- queries ---------------------------------------------------------------------------
    async def _games(self, where: str, *args: Any) -> list[GameRecord]:
        async with self._read() as tx:
            rows = await tx.fetch(f"SELECT {GAME_COLUMNS} FROM games WHERE {where}", *args)
        return [self._game(r) for r in rows]

    async def active_games_for_user(self, user_id: int) -> list[GameRecord]:
        """Open games (lobby or active) where the user holds a seat, newest activity first."""
        return await self._games(
            f"status IN {OPEN} AND id IN"
            " (SELECT game_id FROM seats WHERE user_id = ? AND left_at IS NULL)"
            " ORDER BY updated DESC, id DESC",
            user_id,
        )

    async def games_waiting_on(self, user_id: int) -> list[GameRecord]:
        """Active games where one of the user's seats is to act, longest waiting first."""
        return await self._games(
            "status = 'active' AND id IN (SELECT game_id FROM seats"
            " WHERE user_id = ? AND left_at IS NULL AND to_act = TRUE) ORDER BY updated, id",
            user_id,
        )

    async def games_in_channel(
        self, channel_id: int, *, open_only: bool = True
    ) -> list[GameRecord]:
        """Games played in a channel or thread, by id."""
        status = f" AND status IN {OPEN}" if open_only else ""
        return await self._games(
            f"(channel_id = ? OR thread_id = ?){status} ORDER BY id", channel_id, channel_id
        )

    async def games_with_status(
        self, status: GameStatus, *, after_id: int = 0, limit: int = 500
    ) -> list[GameRecord]:
        """Games in `status` with id > after_id, by id (a page for walking every game)."""
        return await self._games(
            "status = ? AND id > ? ORDER BY id LIMIT ?", GameStatus(status).value, after_id, limit
        )

    async def count_games(self, status: GameStatus) -> dict[str, int]:
        """How many games are in `status`, by game key (keys with none are left out)."""
        async with self._read() as tx:
            rows = await tx.fetch(
                "SELECT game_key, COUNT(*) AS n FROM games WHERE status = ? GROUP BY game_key",
                GameStatus(status).value,
            )
        return {str(r["game_key"]): int(r["n"]) for r in rows}

    async def finished_games(
        self, *, game_key: str | None = None, unrated_only: bool = True, limit: int = 100
    ) -> list[GameRecord]:
        """Finished games, oldest first; by default only those without rating history."""
        where = "status = 'finished'"
        args: list[Any] = []
        if game_key is not None:
            where += " AND game_key = ?"
            args.append(game_key)
        if unrated_only:
            where += " AND NOT EXISTS (SELECT 1 FROM rating_history h WHERE h.game_id = games.id)"
        return await self._games(f"{where} ORDER BY updated, id LIMIT ?", *args, limit)

    async def log_problems(self) -> list[str]:
        """Games whose events are not exactly seqs 0..version-1 (empty when every log is whole)."""
        async with self._read() as tx:
            rows = await tx.fetch(
                "SELECT g.id AS id, g.version AS version, COUNT(e.seq) AS n,"
                " COALESCE(MAX(e.seq), -1) AS top FROM games g"
                " LEFT JOIN events e ON e.game_id = g.id GROUP BY g.id, g.version"
                " HAVING COUNT(e.seq) <> g.version OR COALESCE(MAX(e.seq), -1) <> g.version - 1"
                " ORDER BY g.id"
            )
        return [
            f"game {r['id']}: version {r['version']} but {r['n']} events (last seq {r['top']})"
            for r in rows
        ]
