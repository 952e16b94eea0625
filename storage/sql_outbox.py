"""The outbox in shared SQL: messages written with their change, delivered and closed later."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from storage.records import NewOutbox, OutboxRecord
from storage.sql import SqlCore, Tx, json_object

OUTBOX_COLUMNS = (
    "id, key, game_id, kind, payload, created, attempts, next_attempt, error, sent, failed"
)
MAX_ERROR = 500
"""Characters of a delivery error kept on the row (enough for Discord's code and message)."""


async def insert_outbox(
    tx: Tx, messages: Sequence[NewOutbox], stamp: Any, at: Callable[[datetime], Any]
) -> None:
    """Enqueue messages inside a caller's transaction; a key already stored is left alone."""
    rows = []
    for m in messages:
        if not m.key:
            raise ValueError("an outbox message needs an idempotency key")
        payload = json_object(m.payload, "an outbox payload")
        due = stamp if m.due is None else at(m.due)
        rows.append((m.key, m.game_id, m.kind, payload, stamp, due))
    if rows:
        await tx.executemany(
            "INSERT INTO outbox (key, game_id, kind, payload, created, next_attempt)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
            rows,
        )


class SqlOutbox(SqlCore):
    """Enqueueing, reading due messages, and closing them as sent or undeliverable."""

    _skip_locked = ""
    """What a claim adds to lock its rows (PostgreSQL: skip rows another claim holds; SQLite
    has one writer at a time, so a claim is alone anyway)."""

    def _outbox(self, r: Any) -> OutboxRecord:
        return OutboxRecord(
            id=r["id"],
            key=r["key"],
            game_id=r["game_id"],
            kind=r["kind"],
            payload=self._json(r["payload"]),
            created=self._dt(r["created"]),
            attempts=r["attempts"],
            next_attempt=self._dt(r["next_attempt"]),
            error=r["error"],
            sent=self._opt_dt(r["sent"]),
            failed=self._opt_dt(r["failed"]),
        )

    async def enqueue(
        self, messages: Sequence[NewOutbox], *, replacing: str | None = None
    ) -> list[OutboxRecord]:
        """Store messages to deliver in one transaction (a key already stored is kept as is);
        a pending, never attempted row keyed `replacing` is dropped in the same transaction."""
        if not messages and replacing is None:
            return []
        keys = [m.key for m in messages]
        async with self._write() as tx:
            if replacing is not None:
                await tx.execute(
                    "DELETE FROM outbox WHERE key = ? AND sent IS NULL AND failed IS NULL"
                    " AND attempts = 0",
                    replacing,
                )
            await insert_outbox(tx, messages, self._t(self._now()), self._t)
            if not keys:
                return []
            marks = ", ".join("?" * len(keys))
            rows = await tx.fetch(
                f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE key IN ({marks}) ORDER BY id", *keys
            )
        return [self._outbox(r) for r in rows]

    async def due_outbox(self, now: datetime, *, limit: int = 50) -> list[OutboxRecord]:
        """Pending messages whose next attempt is due at or before `now`, oldest first."""
        async with self._read() as tx:
            rows = await tx.fetch(
                f"SELECT {OUTBOX_COLUMNS} FROM outbox"
                " WHERE sent IS NULL AND failed IS NULL AND next_attempt <= ?"
                " ORDER BY next_attempt, id LIMIT ?",
                self._t(now),
                limit,
            )
        return [self._outbox(r) for r in rows]

    async def claim_outbox(
        self, now: datetime, until: datetime, *, limit: int = 20
    ) -> list[OutboxRecord]:
        """Due messages, oldest first, leased until `until` so no other process takes them."""
        async with self._write() as tx:
            rows = await tx.fetch(
                f"SELECT {OUTBOX_COLUMNS} FROM outbox"
                " WHERE sent IS NULL AND failed IS NULL AND next_attempt <= ?"
                f" ORDER BY next_attempt, id LIMIT ? {self._skip_locked}",
                self._t(now),
                limit,
            )
            if rows:
                ids = [r["id"] for r in rows]
                marks = ", ".join("?" * len(ids))
                await tx.execute(
                    f"UPDATE outbox SET next_attempt = ? WHERE id IN ({marks})",
                    self._t(until),
                    *ids,
                )
        return [replace(self._outbox(r), next_attempt=until) for r in rows]

    async def outbox_message(self, key: str) -> OutboxRecord | None:
        """The outbox row with this idempotency key, if one was stored."""
        async with self._read() as tx:
            r = await tx.fetchrow(f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE key = ?", key)
        return None if r is None else self._outbox(r)

    async def outbox_messages(self, keys: Sequence[str]) -> list[OutboxRecord]:
        """The outbox rows with these keys (those stored), by id."""
        if not keys:
            return []
        marks = ", ".join("?" * len(keys))
        async with self._read() as tx:
            rows = await tx.fetch(
                f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE key IN ({marks}) ORDER BY id", *keys
            )
        return [self._outbox(r) for r in rows]

    async def mark_sent(self, outbox_id: int) -> bool:
        """Close a delivered message; False when it was already closed."""
        return await self.mark_all_sent([outbox_id]) > 0

    async def mark_all_sent(self, outbox_ids: Sequence[int]) -> int:
        """Close delivered messages in one transaction; how many were still open."""
        if not outbox_ids:
            return 0
        marks = ", ".join("?" * len(outbox_ids))
        async with self._write() as tx:
            return await tx.execute(
                "UPDATE outbox SET sent = ?, error = NULL"
                f" WHERE id IN ({marks}) AND sent IS NULL AND failed IS NULL",
                self._t(self._now()),
                *outbox_ids,
            )

    async def retry_later(self, outbox_id: int, at: datetime, error: str) -> OutboxRecord:
        """Count a failed attempt and schedule the next one at `at`."""
        async with self._write() as tx:
            r = await tx.fetchrow(
                "UPDATE outbox SET attempts = attempts + 1, next_attempt = ?, error = ?"
                f" WHERE id = ? RETURNING {OUTBOX_COLUMNS}",
                self._t(at),
                error[:MAX_ERROR],
                outbox_id,
            )
        if r is None:
            raise KeyError(f"no outbox message {outbox_id}")
        return self._outbox(r)

    async def give_up(self, outbox_id: int, error: str) -> bool:
        """Keep a message that can never be delivered, for its game's host to see."""
        async with self._write() as tx:
            changed = await tx.execute(
                "UPDATE outbox SET failed = ?, attempts = attempts + 1, error = ?"
                " WHERE id = ? AND sent IS NULL AND failed IS NULL",
                self._t(self._now()),
                error[:MAX_ERROR],
                outbox_id,
            )
        return changed > 0

    async def undeliverable(self, game_ids: Sequence[int]) -> list[OutboxRecord]:
        """Messages of these games that were given up, oldest first."""
        if not game_ids:
            return []
        marks = ", ".join("?" * len(game_ids))
        async with self._read() as tx:
            rows = await tx.fetch(
                f"SELECT {OUTBOX_COLUMNS} FROM outbox"
                f" WHERE failed IS NOT NULL AND game_id IN ({marks}) ORDER BY id",
                *game_ids,
            )
        return [self._outbox(r) for r in rows]

    async def outbox_backlog(self) -> tuple[int, datetime | None]:
        """How many messages wait to be delivered, and when the oldest of them was written."""
        async with self._read() as tx:
            row = await tx.fetchrow(
                "SELECT COUNT(*) AS n, MIN(created) AS oldest FROM outbox"
                " WHERE sent IS NULL AND failed IS NULL"
            )
        if row is None or not row["n"]:
            return 0, None
        return int(row["n"]), self._dt(row["oldest"])

    async def prune_outbox(self, before: datetime) -> int:
        """Forget messages sent before `before` (their keys have done their work)."""
        async with self._write() as tx:
            return await tx.execute(
                "DELETE FROM outbox WHERE sent IS NOT NULL AND sent < ?", self._t(before)
            )
