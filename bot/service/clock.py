"""Where the host reads the time: injected, so tests and replays control it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    """A source of the current time (timezone-aware, UTC)."""

    def now(self) -> datetime:
        """The current time."""
        ...


class SystemClock:
    """The real clock."""

    def now(self) -> datetime:
        """The current UTC time."""
        return datetime.now(UTC)


class FakeClock:
    """A clock that only moves when told to (tests, scripted consoles)."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2025, 1, 6, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        """The time the clock was last set to."""
        return self._now

    def advance(self, delta: timedelta) -> datetime:
        """Move the clock forward by `delta` and return the new time."""
        if delta < timedelta(0):
            raise ValueError("a clock does not run backwards")
        self._now += delta
        return self._now

    def set(self, when: datetime) -> None:
        """Jump to `when` (must be timezone-aware and not in the past)."""
        if when.tzinfo is None or when < self._now:
            raise ValueError("set the clock to an aware time not before now")
        self._now = when
