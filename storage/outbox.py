"""The outbox and the clocks leader: the part of the store the delivery loop and the clocks use.

A committed change writes its messages here in the same transaction; a separate, retrying loop
claims them, delivers them and closes them. One process at a time leads the clocks.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from storage.records import NewOutbox, OutboxRecord


class OutboxStore(Protocol):
    """Messages waiting to be delivered, their attempts, and the clocks leadership."""

    async def enqueue(
        self, messages: Sequence[NewOutbox], *, replacing: str | None = None
    ) -> list[OutboxRecord]:
        """Store messages to deliver in one transaction (a key already stored is kept as is);
        a pending, never attempted row keyed `replacing` is dropped in the same transaction."""
        ...

    async def claim_outbox(
        self, now: datetime, until: datetime, *, limit: int = 20
    ) -> list[OutboxRecord]:
        """Due messages, oldest first, leased until `until` so no other process takes them."""
        ...

    async def due_outbox(self, now: datetime, *, limit: int = 50) -> list[OutboxRecord]:
        """Pending messages whose next attempt is due at or before `now`, oldest first."""
        ...

    async def outbox_message(self, key: str) -> OutboxRecord | None:
        """The outbox row with this idempotency key, if one was stored."""
        ...

    async def outbox_messages(self, keys: Sequence[str]) -> list[OutboxRecord]:
        """The outbox rows with these keys (those stored), by id."""
        ...

    async def mark_sent(self, outbox_id: int) -> bool:
        """Close a delivered message; False when it was already closed."""
        ...

    async def mark_all_sent(self, outbox_ids: Sequence[int]) -> int:
        """Close delivered messages in one transaction; how many were still open."""
        ...

    async def retry_later(self, outbox_id: int, at: datetime, error: str) -> OutboxRecord:
        """Count a failed attempt and schedule the next one at `at`."""
        ...

    async def give_up(self, outbox_id: int, error: str) -> bool:
        """Keep a message that can never be delivered, for its game's host to see."""
        ...

    async def undeliverable(self, game_ids: Sequence[int]) -> list[OutboxRecord]:
        """Messages of these games that were given up, oldest first."""
        ...

    async def outbox_backlog(self) -> tuple[int, datetime | None]:
        """How many messages wait to be delivered, and when the oldest of them was written."""
        ...

    async def prune_outbox(self, before: datetime) -> int:
        """Forget messages sent before `before` (their keys have done their work)."""
        ...

    async def lead(self) -> bool:
        """Take or keep the clocks leadership; True while this store's process holds it."""
        ...

    async def resign_lead(self) -> None:
        """Give the clocks leadership up (another process may take it at once)."""
        ...
