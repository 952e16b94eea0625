"""Puzzles in shared SQL: tries, ratings of users and of puzzles, streaks, daily posts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.base import ConflictError, PuzzleRatingMovedError, dumps
from storage.puzzles import (
    DailySettings,
    NewPuzzleTry,
    PlayerSkill,
    PuzzleTry,
    Skill,
    Streak,
    TryResult,
    TryStatus,
)
from storage.records import NewOutbox
from storage.sql import SqlCore, Tx
from storage.sql_outbox import insert_outbox

TRY_COLUMNS = (
    "id, user_id, guild_id, puzzle_id, day, rated, actions, version, status, started, finished"
)
DAILY_COLUMNS = "guild_id, channel_id, minute, zone, posted_day"
SKILL_COLUMNS = "mu, sigma, tries, solved"
"""A rating's columns, the same for a player's and a puzzle's (read by `_skill`)."""


class SqlPuzzles(SqlCore):
    """The puzzle half of a backend (mixed in beside SqlStore)."""

    def _try(self, r: Any) -> PuzzleTry:
        return PuzzleTry(
            id=r["id"],
            user_id=r["user_id"],
            guild_id=r["guild_id"],
            puzzle_id=r["puzzle_id"],
            day=r["day"],
            rated=bool(r["rated"]),
            actions=tuple(str(a) for a in self._json(r["actions"])),
            version=r["version"],
            status=TryStatus(r["status"]),
            started=self._dt(r["started"]),
            finished=self._opt_dt(r["finished"]),
        )

    @staticmethod
    def _daily(r: Any) -> DailySettings:
        return DailySettings(
            r["guild_id"], r["channel_id"], r["minute"], r["zone"], r["posted_day"]
        )

    # --- tries -----------------------------------------------------------------------------
    async def start_puzzle_try(self, new: NewPuzzleTry) -> PuzzleTry:
        """A new open try; ConflictError when the user has an open try already."""
        async with self._write() as tx:
            row = await tx.fetchrow(
                "INSERT INTO puzzle_tries (user_id, guild_id, puzzle_id, day, rated, actions,"
                f" version, status, started) VALUES (?, ?, ?, ?, ?, ?, 0, 'open', ?)"
                f" RETURNING {TRY_COLUMNS}",
                new.user_id,
                new.guild_id,
                new.puzzle_id,
                new.day,
                new.rated,
                "[]",
                self._t(self._now()),
            )
        return self._try(row)

    async def puzzle_try(self, try_id: int) -> PuzzleTry | None:
        """The try with this id, if any."""
        async with self._read() as tx:
            row = await tx.fetchrow(f"SELECT {TRY_COLUMNS} FROM puzzle_tries WHERE id = ?", try_id)
        return None if row is None else self._try(row)

    async def open_puzzle_try(self, user_id: int) -> PuzzleTry | None:
        """The user's try being played, if any (a user plays one at a time)."""
        async with self._read() as tx:
            row = await tx.fetchrow(
                f"SELECT {TRY_COLUMNS} FROM puzzle_tries WHERE user_id = ? AND status = 'open'",
                user_id,
            )
        return None if row is None else self._try(row)

    async def puzzle_tries(
        self, guild_id: int, user_id: int, puzzle_id: str | None = None
    ) -> list[PuzzleTry]:
        """A user's tries in a scope (of one puzzle, or all), oldest first."""
        where = "guild_id = ? AND user_id = ?"
        args: list[Any] = [guild_id, user_id]
        if puzzle_id is not None:
            where += " AND puzzle_id = ?"
            args.append(puzzle_id)
        async with self._read() as tx:
            rows = await tx.fetch(
                f"SELECT {TRY_COLUMNS} FROM puzzle_tries WHERE {where} ORDER BY id", *args
            )
        return [self._try(r) for r in rows]

    async def solved_puzzles(self, guild_id: int, user_id: int) -> frozenset[str]:
        """The puzzles a user has solved in a scope (on any try)."""
        async with self._read() as tx:
            rows = await tx.fetch(
                "SELECT DISTINCT puzzle_id FROM puzzle_tries"
                " WHERE guild_id = ? AND user_id = ? AND status = 'solved'",
                guild_id,
                user_id,
            )
        return frozenset(str(r["puzzle_id"]) for r in rows)

    async def play_puzzle_try(self, try_id: int, version: int, actions: Sequence[str]) -> PuzzleTry:
        """Replace an open try's actions; ConflictError when it moved on since `version`."""
        async with self._write() as tx:
            row = await tx.fetchrow(
                "UPDATE puzzle_tries SET actions = ?, version = version + 1"
                " WHERE id = ? AND version = ? AND status = 'open'"
                f" RETURNING {TRY_COLUMNS}",
                dumps(list(actions)),
                try_id,
                version,
            )
        if row is None:
            raise ConflictError(f"puzzle try {try_id} is no longer at version {version}")
        return self._try(row)

    async def finish_puzzle_try(self, try_id: int, version: int, result: TryResult) -> PuzzleTry:
        """End an open try and write what it moves (ratings, streak) in one transaction;
        ConflictError when it moved on since `version`, PuzzleRatingMovedError when the puzzle's
        rating moved since `result.puzzle` was computed (nothing is written then)."""
        if result.status is TryStatus.OPEN:
            raise ValueError("a try ends solved, failed or abandoned")
        now = self._t(self._now())
        async with self._write() as tx:
            row = await tx.fetchrow(
                "UPDATE puzzle_tries SET actions = ?, version = version + 1, status = ?,"
                " finished = ? WHERE id = ? AND version = ? AND status = 'open'"
                f" RETURNING {TRY_COLUMNS}",
                dumps(list(result.actions)),
                result.status.value,
                now,
                try_id,
                version,
            )
            if row is None:
                raise ConflictError(f"puzzle try {try_id} is no longer at version {version}")
            done = self._try(row)
            if result.player is not None:
                await _put_player(tx, done.guild_id, done.user_id, result.player, now)
            if result.puzzle is not None:
                await _put_puzzle(tx, done.puzzle_id, result.puzzle, now)
            if result.streak is not None:
                await _put_streak(tx, done.guild_id, done.user_id, result.streak)
        return done

    # --- ratings and streaks ---------------------------------------------------------------
    async def puzzle_skill(self, guild_id: int, user_id: int) -> Skill | None:
        """A user's puzzle rating in a scope (None: never rated there)."""
        async with self._read() as tx:
            r = await tx.fetchrow(
                f"SELECT {SKILL_COLUMNS} FROM puzzle_ratings WHERE guild_id = ? AND user_id = ?",
                guild_id,
                user_id,
            )
        return None if r is None else _skill(r)

    async def puzzle_strength(self, puzzle_id: str) -> Skill | None:
        """A puzzle's own rating (None: never rated yet, so its difficulty stands)."""
        async with self._read() as tx:
            r = await tx.fetchrow(
                f"SELECT {SKILL_COLUMNS} FROM puzzle_strengths WHERE puzzle_id = ?", puzzle_id
            )
        return None if r is None else _skill(r)

    async def puzzle_streak(self, guild_id: int, user_id: int) -> Streak | None:
        """A user's daily streak in a scope, as last written."""
        async with self._read() as tx:
            r = await tx.fetchrow(
                "SELECT current, best, last_day FROM puzzle_streaks"
                " WHERE guild_id = ? AND user_id = ?",
                guild_id,
                user_id,
            )
        return None if r is None else Streak(r["current"], r["best"], r["last_day"])

    async def puzzle_leaderboard(self, guild_id: int, limit: int = 10) -> list[PlayerSkill]:
        """The best puzzle ratings of a scope by ordinal (mu - 3 sigma), best first."""
        async with self._read() as tx:
            rows = await tx.fetch(
                f"SELECT guild_id, user_id, {SKILL_COLUMNS}, updated FROM puzzle_ratings"
                " WHERE guild_id = ? ORDER BY mu - 3 * sigma DESC, user_id LIMIT ?",
                guild_id,
                limit,
            )
        return [
            PlayerSkill(r["guild_id"], r["user_id"], _skill(r), self._dt(r["updated"]))
            for r in rows
        ]

    # --- the daily post --------------------------------------------------------------------
    async def put_puzzle_daily(self, settings: DailySettings) -> DailySettings:
        """Set a server's daily post (the day last posted is kept: a new time on a day already
        posted does not post that day again)."""
        async with self._write() as tx:
            row = await tx.fetchrow(
                "INSERT INTO puzzle_daily (guild_id, channel_id, minute, zone, posted_day, updated)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                " channel_id = excluded.channel_id, minute = excluded.minute,"
                f" zone = excluded.zone, updated = excluded.updated RETURNING {DAILY_COLUMNS}",
                settings.guild_id,
                settings.channel_id,
                settings.minute,
                settings.zone,
                settings.posted_day,
                self._t(self._now()),
            )
        return self._daily(row)

    async def puzzle_daily(self, guild_id: int) -> DailySettings | None:
        """A server's daily post settings, if it has any."""
        async with self._read() as tx:
            row = await tx.fetchrow(
                f"SELECT {DAILY_COLUMNS} FROM puzzle_daily WHERE guild_id = ?", guild_id
            )
        return None if row is None else self._daily(row)

    async def puzzle_dailies(self) -> list[DailySettings]:
        """Every server's daily post settings (the clock reads them each tick)."""
        async with self._read() as tx:
            rows = await tx.fetch(f"SELECT {DAILY_COLUMNS} FROM puzzle_daily ORDER BY guild_id")
        return [self._daily(r) for r in rows]

    async def drop_puzzle_daily(self, guild_id: int) -> bool:
        """Stop a server's daily post; False when it had none."""
        async with self._write() as tx:
            return await tx.execute("DELETE FROM puzzle_daily WHERE guild_id = ?", guild_id) > 0

    async def post_puzzle_daily(
        self, guild_id: int, day: str, messages: Sequence[NewOutbox]
    ) -> bool:
        """Mark `day` posted for a server and enqueue its messages, in one transaction; False
        (and nothing written) when that day, or a later one, was posted already."""
        async with self._write() as tx:
            claimed = await tx.execute(
                "UPDATE puzzle_daily SET posted_day = ?"
                " WHERE guild_id = ? AND (posted_day IS NULL OR posted_day < ?)",
                day,
                guild_id,
                day,
            )
            if not claimed:
                return False
            await insert_outbox(tx, messages, self._t(self._now()), self._t)
        return True


def _skill(row: Any) -> Skill:
    return Skill(row["mu"], row["sigma"], row["tries"], row["solved"])


async def _put_player(tx: Tx, guild_id: int, user_id: int, skill: Skill, now: Any) -> None:
    await tx.execute(
        "INSERT INTO puzzle_ratings (guild_id, user_id, mu, sigma, tries, solved, updated)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, tries = excluded.tries,"
        " solved = excluded.solved, updated = excluded.updated",
        guild_id,
        user_id,
        skill.mu,
        skill.sigma,
        skill.tries,
        skill.solved,
        now,
    )


async def _put_puzzle(tx: Tx, puzzle_id: str, skill: Skill, now: Any) -> None:
    """The puzzle's new rating, written only over the rating it was computed from (the one
    `skill.tries - 1` tries counted): two players' tries ending at once both count."""
    written = await tx.execute(
        "INSERT INTO puzzle_strengths (puzzle_id, mu, sigma, tries, solved, updated)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (puzzle_id) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, tries = excluded.tries,"
        " solved = excluded.solved, updated = excluded.updated"
        " WHERE puzzle_strengths.tries = excluded.tries - 1",
        puzzle_id,
        skill.mu,
        skill.sigma,
        skill.tries,
        skill.solved,
        now,
    )
    if not written:
        raise PuzzleRatingMovedError(f"puzzle {puzzle_id} was rated meanwhile")


async def _put_streak(tx: Tx, guild_id: int, user_id: int, streak: Streak) -> None:
    await tx.execute(
        "INSERT INTO puzzle_streaks (guild_id, user_id, current, best, last_day)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET"
        " current = excluded.current, best = excluded.best, last_day = excluded.last_day",
        guild_id,
        user_id,
        streak.current,
        streak.best,
        streak.last_day,
    )
