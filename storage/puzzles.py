"""Puzzle records: a user's tries at a puzzle, puzzle ratings, daily streaks, daily posts.

Puzzles themselves are not stored (they ship with the game): a try names its puzzle by id.
Scopes are as for game ratings: a server's id, 0 outside any server (console, direct messages).
Days are ISO dates ('2026-11-26') in the server's time zone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Protocol

from storage.records import NewOutbox


class TryStatus(StrEnum):
    """Where a try is: being played, or how it ended."""

    OPEN = "open"
    SOLVED = "solved"
    FAILED = "failed"
    ABANDONED = "abandoned"
    """Left for another puzzle before its battle (rated as a failure when it was rated)."""


@dataclass(frozen=True, slots=True)
class NewPuzzleTry:
    """A try to start: who, where, which puzzle, for which daily day (None: not the daily)."""

    user_id: int
    guild_id: int
    puzzle_id: str
    day: str | None
    rated: bool
    """Whether its result moves the ratings (the user's first try of this puzzle here)."""


@dataclass(frozen=True, slots=True)
class PuzzleTry:
    """One try: the actions played so far (codec text), `version` counting the writes."""

    id: int
    user_id: int
    guild_id: int
    puzzle_id: str
    day: str | None
    rated: bool
    actions: tuple[str, ...]
    version: int
    status: TryStatus
    started: datetime
    finished: datetime | None


@dataclass(frozen=True, slots=True)
class Skill:
    """An openskill rating (mu, sigma) with its counts: a user's in a scope, or a puzzle's."""

    mu: float
    sigma: float
    tries: int = 0
    solved: int = 0


@dataclass(frozen=True, slots=True)
class PlayerSkill:
    """A user's puzzle rating in a scope (a leaderboard row)."""

    guild_id: int
    user_id: int
    skill: Skill
    updated: datetime


@dataclass(frozen=True, slots=True)
class Streak:
    """Consecutive days a user solved the daily puzzle in a scope; `last_day` the latest."""

    current: int
    best: int
    last_day: str


@dataclass(frozen=True, slots=True)
class TryResult:
    """How a try ends, written in one transaction with what it moves.

    `player` and `puzzle` are the new ratings (None: unrated), `streak` the user's new streak in
    the try's scope (None: unchanged).
    """

    status: TryStatus
    actions: tuple[str, ...]
    player: Skill | None = None
    puzzle: Skill | None = None
    streak: Streak | None = None


@dataclass(frozen=True, slots=True)
class DailySettings:
    """A server's daily puzzle: channel, minute of the day in `zone`, the last day posted."""

    guild_id: int
    channel_id: int
    minute: int
    zone: str
    posted_day: str | None = None


class PuzzleStore(Protocol):
    """What the host persists about puzzles (part of GameStore; both backends implement it)."""

    async def start_puzzle_try(self, new: NewPuzzleTry) -> PuzzleTry:
        """A new open try; ConflictError when the user has an open try already."""
        ...

    async def puzzle_try(self, try_id: int) -> PuzzleTry | None:
        """The try with this id, if any."""
        ...

    async def open_puzzle_try(self, user_id: int) -> PuzzleTry | None:
        """The user's try being played, if any."""
        ...

    async def puzzle_tries(
        self, guild_id: int, user_id: int, puzzle_id: str | None = None
    ) -> list[PuzzleTry]:
        """A user's tries in a scope (of one puzzle, or all), oldest first."""
        ...

    async def solved_puzzles(self, guild_id: int, user_id: int) -> frozenset[str]:
        """The puzzles a user has solved in a scope."""
        ...

    async def play_puzzle_try(self, try_id: int, version: int, actions: Sequence[str]) -> PuzzleTry:
        """Replace an open try's actions; ConflictError when it moved on since `version`."""
        ...

    async def finish_puzzle_try(self, try_id: int, version: int, result: TryResult) -> PuzzleTry:
        """End an open try with what it moves, in one transaction; ConflictError if it moved."""
        ...

    async def puzzle_skill(self, guild_id: int, user_id: int) -> Skill | None:
        """A user's puzzle rating in a scope."""
        ...

    async def puzzle_strength(self, puzzle_id: str) -> Skill | None:
        """A puzzle's own rating."""
        ...

    async def puzzle_streak(self, guild_id: int, user_id: int) -> Streak | None:
        """A user's daily streak in a scope."""
        ...

    async def puzzle_leaderboard(self, guild_id: int, limit: int = 10) -> list[PlayerSkill]:
        """The best puzzle ratings of a scope, best first."""
        ...

    async def put_puzzle_daily(self, settings: DailySettings) -> DailySettings:
        """Set a server's daily post (keeping the day last posted)."""
        ...

    async def puzzle_daily(self, guild_id: int) -> DailySettings | None:
        """A server's daily post settings."""
        ...

    async def puzzle_dailies(self) -> list[DailySettings]:
        """Every server's daily post settings."""
        ...

    async def drop_puzzle_daily(self, guild_id: int) -> bool:
        """Stop a server's daily post."""
        ...

    async def post_puzzle_daily(
        self, guild_id: int, day: str, messages: Sequence[NewOutbox]
    ) -> bool:
        """Mark `day` posted and enqueue its messages in one transaction; False if posted."""
        ...
