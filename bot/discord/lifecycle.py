"""A bot process's life: which shards it runs, the gate interactions pass, and stopping well.

Stopping (SIGTERM or SIGINT) closes the gate to new interactions, lets those in flight finish,
stops the clocks and waits for their tick, sends what the outbox can within the time left,
gives up the clocks leadership and closes the store, all within STOP_SECONDS, then disconnects.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

STOP_SECONDS = 10.0
"""The whole shutdown, as systemd and container runtimes allow before they kill."""
IN_FLIGHT_SECONDS = 6.0
"""Of those, how long interactions already running may take to finish."""
CLOCK_SECONDS = 2.0
"""How long the clocks loop may take to finish the tick it is in."""


class Alarm:
    """A sleep that another coroutine can cut short, without a task per sleep (a loop that
    polls every few seconds would otherwise leave a fresh pending task behind each time)."""

    def __init__(self) -> None:
        self._future: asyncio.Future[None] | None = None
        self.rung = False
        """Set by `ring`, cleared by the next `sleep`: whether a wake came meanwhile."""

    async def sleep(self, seconds: float) -> None:
        """Sleep `seconds`, or less if `ring` is called (or was called since the last sleep)."""
        if self.rung:
            self.rung = False
            return
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._future = future
        timer = loop.call_later(seconds, _wake, future)
        try:
            await future
        finally:
            timer.cancel()
            self._future = None
            self.rung = False

    def ring(self) -> None:
        """End the current sleep now (or the next one at once)."""
        self.rung = True
        if self._future is not None:
            _wake(self._future)


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class ShardError(ValueError):
    """A --shards value that names no valid shard."""


def parse_shards(text: str | None, count: int | None) -> tuple[int, ...] | None:
    """The shard ids a `--shards` value names ('0-3', '4,5', '7'); None runs them all.

    >>> parse_shards("0-3", 8)
    (0, 1, 2, 3)
    >>> parse_shards("1,4-5", 8)
    (1, 4, 5)
    >>> parse_shards(None, None) is None
    True
    """
    if text is None:
        return None
    if count is None:
        raise ShardError("--shards needs --shard-count (the total over every process)")
    ids: set[int] = set()
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ShardError(f"--shards {text!r}: use ids and ranges such as 0-3 or 4,5")
        ids.update(range(int(first), int(last if dash else first) + 1))
    if not ids or max(ids) >= count:
        raise ShardError(f"--shards {text!r}: ids must be below --shard-count {count}")
    return tuple(sorted(ids))


class Gate:
    """Interactions pass while it is open; it counts those in flight so a stop can wait."""

    def __init__(self) -> None:
        self.open = True
        self._running = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def running(self) -> int:
        """Interactions being handled now."""
        return self._running

    @asynccontextmanager
    async def job(self) -> AsyncIterator[None]:
        """Count one interaction in flight for the duration of the block."""
        self._running += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._running -= 1
            if self._running == 0:
                self._idle.set()

    def close(self) -> None:
        """Take no new interactions."""
        self.open = False

    async def drained(self, seconds: float) -> bool:
        """Wait until nothing is in flight; False when `seconds` ran out first."""
        try:
            await asyncio.wait_for(self._idle.wait(), max(seconds, 0.0))
        except TimeoutError:
            return False
        return True
