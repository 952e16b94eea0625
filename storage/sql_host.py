"""Host tables in shared SQL: settings, deadlines, ratings and league membership."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from storage.base import ConflictError
from storage.records import (
    DeadlineRecord,
    DmStatus,
    GameStatus,
    GuildSettings,
    NewOutbox,
    Notifications,
    RatingChange,
    RatingHistoryRecord,
    RatingRecord,
    UserSettings,
    rating_scope,
)
from storage.sql import OPEN, json_object
from storage.sql_log import SqlLog
from storage.sql_outbox import SqlOutbox, insert_outbox
from storage.sql_privacy import SqlPrivacy

DEADLINE_COLUMNS = "id, game_id, seat, kind, due, created, done"
RATING_COLUMNS = "scope, game_key, user_id, rating, deviation, games, updated"


class SqlStore(SqlLog, SqlOutbox, SqlPrivacy):
    """The whole GameStore in shared SQL; a backend adds connections and conversions."""

    def _deadline(self, r: Any) -> DeadlineRecord:
        return DeadlineRecord(
            id=r["id"],
            game_id=r["game_id"],
            seat=r["seat"],
            kind=r["kind"],
            due=self._dt(r["due"]),
            created=self._dt(r["created"]),
            done=self._opt_dt(r["done"]),
        )

    def _rating(self, r: Any) -> RatingRecord:
        return RatingRecord(
            scope=r["scope"],
            game_key=r["game_key"],
            user_id=r["user_id"],
            rating=float(r["rating"]),
            deviation=float(r["deviation"]),
            games=r["games"],
            updated=self._dt(r["updated"]),
        )

    # --- settings --------------------------------------------------------------------------
    async def get_user_settings(self, user_id: int) -> UserSettings:
        """A user's settings (defaults when none are stored)."""
        async with self._read() as tx:
            r = await tx.fetchrow(
                "SELECT user_id, locale, dm_status, quiet_start, quiet_end, timezone,"
                " notifications FROM user_settings WHERE user_id = ?",
                user_id,
            )
        if r is None:
            return UserSettings(user_id)
        return UserSettings(
            user_id=r["user_id"],
            locale=r["locale"],
            dm_status=DmStatus(r["dm_status"]),
            quiet_start=r["quiet_start"],
            quiet_end=r["quiet_end"],
            timezone=r["timezone"],
            notifications=Notifications(r["notifications"]),
        )

    async def put_user_settings(self, settings: UserSettings) -> None:
        """Store a user's settings, replacing earlier ones."""
        for minute in (settings.quiet_start, settings.quiet_end):
            if minute is not None and not 0 <= minute < 1440:
                raise ValueError(f"quiet hours are minutes 0..1439, not {minute}")
        async with self._write() as tx:
            await tx.execute(
                "INSERT INTO user_settings (user_id, locale, dm_status, quiet_start, quiet_end,"
                " timezone, notifications, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE"
                " SET locale = excluded.locale, dm_status = excluded.dm_status,"
                " quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end,"
                " timezone = excluded.timezone, notifications = excluded.notifications,"
                " updated = excluded.updated",
                settings.user_id,
                settings.locale,
                DmStatus(settings.dm_status).value,
                settings.quiet_start,
                settings.quiet_end,
                settings.timezone,
                Notifications(settings.notifications).value,
                self._t(self._now()),
            )

    async def name_seats(self, user_id: int, name: str, guild_id: int | None) -> int:
        """Set the display name of the user's current seats in open games of one server (None:
        games in DMs); returns how many seats changed."""
        server = "g.guild_id IS NULL" if guild_id is None else "g.guild_id = ?"
        changed = 0
        async with self._write() as tx:
            rows = await tx.fetch(
                "SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id"
                f" WHERE s.user_id = ? AND s.left_at IS NULL AND g.status IN {OPEN} AND {server}",
                user_id,
                *(() if guild_id is None else (guild_id,)),
            )
            for row in rows:
                changed += await tx.execute(
                    "INSERT INTO seat_names (game_id, user_id, name, updated) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (game_id, user_id) DO UPDATE SET name = excluded.name,"
                    " updated = excluded.updated WHERE seat_names.name <> excluded.name",
                    row["game_id"],
                    user_id,
                    name,
                    self._t(self._now()),
                )
        return changed

    async def seat_names(self, game_id: int) -> dict[int, str]:
        """The display names stored for a game's seated users, by user id."""
        async with self._read() as tx:
            rows = await tx.fetch("SELECT user_id, name FROM seat_names WHERE game_id = ?", game_id)
        return {int(r["user_id"]): str(r["name"]) for r in rows}

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """A guild's settings (defaults when none are stored)."""
        async with self._read() as tx:
            r = await tx.fetchrow(
                "SELECT guild_id, locale, settings FROM guild_settings WHERE guild_id = ?",
                guild_id,
            )
        if r is None:
            return GuildSettings(guild_id)
        return GuildSettings(r["guild_id"], r["locale"], self._json(r["settings"]))

    async def put_guild_settings(self, settings: GuildSettings) -> None:
        """Store a guild's settings, replacing earlier ones."""
        async with self._write() as tx:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, locale, settings, updated)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                " locale = excluded.locale, settings = excluded.settings,"
                " updated = excluded.updated",
                settings.guild_id,
                settings.locale,
                json_object(settings.settings, "guild settings"),
                self._t(self._now()),
            )

    # --- deadlines -------------------------------------------------------------------------
    async def add_deadline(
        self, game_id: int, seat: int | None, kind: str, due: datetime
    ) -> DeadlineRecord:
        """Schedule a deadline or reminder for a game (and seat)."""
        [added] = await self.add_deadlines(game_id, [(seat, kind, due)])
        return added

    async def add_deadlines(
        self, game_id: int, deadlines: Sequence[tuple[int | None, str, datetime]]
    ) -> list[DeadlineRecord]:
        """Schedule several (seat, kind, due) deadlines of a game in one transaction."""
        now = self._t(self._now())
        added = []
        async with self._write() as tx:
            await self._game_in(tx, game_id)
            for seat, kind, due in deadlines:
                r = await tx.fetchrow(
                    "INSERT INTO deadlines (game_id, seat, kind, due, created)"
                    f" VALUES (?, ?, ?, ?, ?) RETURNING {DEADLINE_COLUMNS}",
                    game_id,
                    seat,
                    kind,
                    self._t(due),
                    now,
                )
                added.append(self._deadline(r))
        return added

    async def due_deadlines(self, now: datetime, *, limit: int = 100) -> list[DeadlineRecord]:
        """Pending deadlines due at or before `now`, earliest first."""
        async with self._read() as tx:
            rows = await tx.fetch(
                f"SELECT {DEADLINE_COLUMNS} FROM deadlines WHERE done IS NULL AND due <= ?"
                " ORDER BY due, id LIMIT ?",
                self._t(now),
                limit,
            )
        return [self._deadline(r) for r in rows]

    async def pending_deadlines(self, game_id: int) -> list[DeadlineRecord]:
        """A game's deadlines not yet handled nor cancelled, earliest first."""
        async with self._read() as tx:
            rows = await tx.fetch(
                f"SELECT {DEADLINE_COLUMNS} FROM deadlines WHERE game_id = ? AND done IS NULL"
                " ORDER BY due, id",
                game_id,
            )
        return [self._deadline(r) for r in rows]

    async def complete_deadline(
        self, deadline_id: int, *, outbox: Sequence[NewOutbox] = ()
    ) -> bool:
        """Mark a deadline handled and enqueue `outbox` with it, in one transaction; False (and
        nothing enqueued) when it already was (so it fires once)."""
        stamp = self._t(self._now())
        async with self._write() as tx:
            changed = await tx.execute(
                "UPDATE deadlines SET done = ? WHERE id = ? AND done IS NULL", stamp, deadline_id
            )
            if changed:
                await insert_outbox(tx, outbox, stamp, self._t)
        return changed > 0

    async def cancel_deadlines(
        self, game_id: int, *, seat: int | None = None, kind: str | None = None
    ) -> int:
        """Close a game's pending deadlines (optionally one seat's or kind's); return the count."""
        where = "game_id = ? AND done IS NULL"
        args: list[Any] = [self._t(self._now()), game_id]
        if seat is not None:
            where += " AND seat = ?"
            args.append(seat)
        if kind is not None:
            where += " AND kind = ?"
            args.append(kind)
        async with self._write() as tx:
            return await tx.execute(f"UPDATE deadlines SET done = ? WHERE {where}", *args)

    # --- ratings ---------------------------------------------------------------------------
    async def get_rating(self, game_key: str, user_id: int, *, scope: int) -> RatingRecord | None:
        """A user's rating in a game within a scope, if they have one."""
        async with self._read() as tx:
            r = await tx.fetchrow(
                f"SELECT {RATING_COLUMNS} FROM ratings"
                " WHERE scope = ? AND game_key = ? AND user_id = ?",
                scope,
                game_key,
                user_id,
            )
        return None if r is None else self._rating(r)

    async def record_ratings(
        self, game_id: int, changes: Sequence[RatingChange]
    ) -> list[RatingRecord]:
        """Apply a finished game's changes once, in its guild's scope; ConflictError if stale."""
        now = self._t(self._now())
        result: list[RatingRecord] = []
        async with self._write() as tx:
            game = await self._game_in(tx, game_id)
            if game.status is not GameStatus.FINISHED:
                raise ConflictError(f"game {game_id} is {game.status}, not finished")
            scope = rating_scope(game.guild_id)
            for change in changes:
                try:
                    await tx.execute(
                        "INSERT INTO rating_history (game_id, user_id, scope, game_key, before,"
                        " after, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        game_id,
                        change.user_id,
                        scope,
                        game.game_key,
                        change.before,
                        change.after,
                        now,
                    )
                except ConflictError:
                    raise ConflictError(f"game {game_id} is already rated") from None
                result.append(await self._move_rating(tx, scope, game.game_key, change, now))
        return result

    async def _move_rating(
        self, tx: Any, scope: int, game_key: str, change: RatingChange, now: Any
    ) -> RatingRecord:
        # Conditional on the rating the caller computed from, so two games finishing at once
        # cannot both build on the same old value.
        if change.before is None:
            r = await tx.fetchrow(
                "INSERT INTO ratings (scope, game_key, user_id, rating, deviation, games, updated)"
                " VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (scope, game_key, user_id) DO NOTHING"
                f" RETURNING {RATING_COLUMNS}",
                scope,
                game_key,
                change.user_id,
                change.after,
                change.deviation,
                now,
            )
        else:
            r = await tx.fetchrow(
                "UPDATE ratings SET rating = ?, deviation = ?, games = games + 1, updated = ?"
                " WHERE scope = ? AND game_key = ? AND user_id = ? AND rating = ?"
                f" RETURNING {RATING_COLUMNS}",
                change.after,
                change.deviation,
                now,
                scope,
                game_key,
                change.user_id,
                change.before,
            )
        if r is None:
            raise ConflictError(
                f"the {game_key} rating of user {change.user_id} in scope {scope}"
                f" is no longer {change.before}"
            )
        return self._rating(r)

    async def rating_history(
        self, game_key: str, user_id: int, *, scope: int
    ) -> list[RatingHistoryRecord]:
        """A user's rating changes in a game within a scope, oldest first."""
        async with self._read() as tx:
            rows = await tx.fetch(
                "SELECT game_id, scope, game_key, user_id, before, after, created"
                " FROM rating_history WHERE scope = ? AND game_key = ? AND user_id = ?"
                " ORDER BY created, game_id",
                scope,
                game_key,
                user_id,
            )
        return [
            RatingHistoryRecord(
                game_id=r["game_id"],
                scope=r["scope"],
                game_key=r["game_key"],
                user_id=r["user_id"],
                before=None if r["before"] is None else float(r["before"]),
                after=float(r["after"]),
                created=self._dt(r["created"]),
            )
            for r in rows
        ]

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
        where = "scope = ? AND game_key = ? AND games >= ?"
        args: list[Any] = [scope, game_key, min_games]
        if league_id is not None:
            where += " AND user_id IN (SELECT user_id FROM league_members WHERE league_id = ?)"
            args.append(league_id)
        async with self._read() as tx:
            rows = await tx.fetch(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE {where}"
                " ORDER BY rating DESC, user_id LIMIT ?",
                *args,
                limit,
            )
        return [self._rating(r) for r in rows]

    # --- leagues ---------------------------------------------------------------------------
    async def add_league_member(self, league_id: int, user_id: int) -> bool:
        """Enrol a user; False when already enrolled."""
        async with self._write() as tx:
            return (
                await tx.execute(
                    "INSERT INTO league_members (league_id, user_id, joined) VALUES (?, ?, ?)"
                    " ON CONFLICT (league_id, user_id) DO NOTHING",
                    league_id,
                    user_id,
                    self._t(self._now()),
                )
                > 0
            )

    async def remove_league_member(self, league_id: int, user_id: int) -> bool:
        """Withdraw a user; False when not enrolled."""
        async with self._write() as tx:
            return (
                await tx.execute(
                    "DELETE FROM league_members WHERE league_id = ? AND user_id = ?",
                    league_id,
                    user_id,
                )
                > 0
            )

    async def league_members(self, league_id: int) -> list[int]:
        """User ids enrolled in a league, ascending."""
        async with self._read() as tx:
            rows = await tx.fetch(
                "SELECT user_id FROM league_members WHERE league_id = ? ORDER BY user_id",
                league_id,
            )
        return [r["user_id"] for r in rows]
