"""What Muster keeps about one person, in shared SQL: read it all out, or forget it.

Forgetting keeps finished games playable and replayable: the person's id is replaced by a
pseudonym everywhere it appears in those games and in league logs (seats, logged actions,
settings of the game, rating history), so the records stay consistent with one another, while
nothing left points back at the person. Their settings and current ratings are deleted.
"""

from __future__ import annotations

import re
from typing import Any

from storage.base import ConflictError, dumps
from storage.records import is_former_player
from storage.sql import OPEN, SqlCore


def renamed(value: Any, old: int, new: int) -> Any:
    """A JSON value with every integer equal to `old` replaced by `new`."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return new if value == old else value
    if isinstance(value, list):
        return [renamed(v, old, new) for v in value]
    if isinstance(value, dict):
        return {k: renamed(v, old, new) for k, v in value.items()}
    return value


def unnamed(value: Any, names: tuple[str, ...], replacement: str) -> Any:
    """A JSON value with each of `names`, as a whole word in any string, replaced."""
    if isinstance(value, str):
        for name in names:
            value = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", replacement, value)
        return value
    if isinstance(value, list):
        return [unnamed(v, names, replacement) for v in value]
    if isinstance(value, dict):
        return {k: unnamed(v, names, replacement) for k, v in value.items()}
    return value


class SqlPrivacy(SqlCore):
    """Export and erasure of one user's data."""

    async def open_games_of(self, user_id: int) -> list[int]:
        """Ids of the lobbies and running games the user holds a seat in."""
        async with self._read() as tx:
            rows = await tx.fetch(
                "SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id"
                f" WHERE s.user_id = ? AND s.left_at IS NULL AND g.status IN {OPEN}"
                " ORDER BY g.id",
                user_id,
            )
        return [int(r["id"]) for r in rows]

    async def open_leagues_of(self, user_id: int) -> list[str]:
        """Names of the leagues not yet over that the user signed up for or plays in."""
        async with self._read() as tx:
            rows = await tx.fetch(
                "SELECT DISTINCT l.id, l.name FROM leagues l JOIN league_members m"
                " ON m.league_id = l.id WHERE m.user_id = ?"
                " AND l.status IN ('signup', 'running', 'paused') ORDER BY l.id",
                user_id,
            )
        return [str(r["name"]) for r in rows]

    async def user_record(self, user_id: int) -> dict[str, Any]:
        """Everything stored about the user, as JSON-ready data."""
        async with self._read() as tx:
            return {
                "user_id": user_id,
                "settings": await self._rows(
                    tx,
                    "SELECT locale, dm_status, notifications, quiet_start, quiet_end, timezone,"
                    " updated FROM user_settings WHERE user_id = ?",
                    user_id,
                ),
                "names": await self._rows(
                    tx,
                    "SELECT game_id, name, updated FROM seat_names WHERE user_id = ?"
                    " ORDER BY game_id",
                    user_id,
                ),
                "seats": await self._rows(
                    tx,
                    "SELECT s.game_id, g.game_key, g.status, g.guild_id, s.seat, s.role,"
                    " s.joined, s.left_at FROM seats s JOIN games g ON g.id = s.game_id"
                    " WHERE s.user_id = ? ORDER BY s.game_id, s.seat",
                    user_id,
                ),
                "ratings": await self._rows(
                    tx,
                    "SELECT scope, game_key, rating, deviation, games, updated FROM ratings"
                    " WHERE user_id = ? ORDER BY scope, game_key",
                    user_id,
                ),
                "rating_history": await self._rows(
                    tx,
                    "SELECT game_id, scope, game_key, before, after, created FROM rating_history"
                    " WHERE user_id = ? ORDER BY created, game_id",
                    user_id,
                ),
                "leagues": await self._rows(
                    tx,
                    "SELECT l.id AS league_id, l.name, l.guild_id, l.game_key, m.joined"
                    " FROM league_members m JOIN leagues l ON l.id = m.league_id"
                    " WHERE m.user_id = ? ORDER BY l.id",
                    user_id,
                ),
                "puzzle_tries": await self._rows(
                    tx,
                    "SELECT guild_id, puzzle_id, day, status, actions, started AS created,"
                    " finished FROM puzzle_tries WHERE user_id = ? ORDER BY id",
                    user_id,
                ),
                "puzzle_ratings": await self._rows(
                    tx,
                    "SELECT guild_id, mu, sigma, tries, solved, updated FROM puzzle_ratings"
                    " WHERE user_id = ? ORDER BY guild_id",
                    user_id,
                ),
                "puzzle_streaks": await self._rows(
                    tx,
                    "SELECT guild_id, current, best, last_day FROM puzzle_streaks"
                    " WHERE user_id = ? ORDER BY guild_id",
                    user_id,
                ),
                "actions": await self._rows(
                    tx,
                    "SELECT e.game_id, e.seq, e.seat, e.action, e.created FROM events e"
                    " JOIN seats s ON s.game_id = e.game_id AND s.seat = e.seat"
                    " WHERE s.user_id = ? AND e.created >= s.joined"
                    " AND (s.left_at IS NULL OR e.created <= s.left_at)"
                    " ORDER BY e.game_id, e.seq",
                    user_id,
                ),
            }

    async def _rows(self, tx: Any, sql: str, *args: Any) -> list[dict[str, Any]]:
        found = []
        for row in await tx.fetch(sql, *args):
            item = {}
            for key in row.keys():  # noqa: SIM118 - driver rows are mappings without iteration
                value = row[key]
                if (
                    key in ("joined", "left_at", "updated", "created", "finished")
                    and value is not None
                ):
                    value = self._dt(value).isoformat()
                elif key in ("action", "actions"):
                    value = self._json(value)
                item[key] = value
            found.append(item)
        return found

    async def forget_user(
        self, user_id: int, pseudonym: int, names: tuple[str, ...] = (), replacement: str = ""
    ) -> list[int]:
        """Erase the user (see the module's docstring); returns the ids of the renamed games.

        Results written in words (a finished game's outcome) name people as they were called
        then: each of `names` there becomes `replacement`.

        ConflictError while they hold a seat in a lobby or a running game, or are entered in a
        league that is not over.
        """
        if not is_former_player(pseudonym):
            raise ValueError("a pseudonym must be a former player's id")
        async with self._write() as tx:
            busy = await tx.fetch(
                "SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id"
                f" WHERE s.user_id = ? AND s.left_at IS NULL AND g.status IN {OPEN}",
                user_id,
            )
            leagues = await tx.fetch(
                "SELECT 1 FROM leagues l JOIN league_members m ON m.league_id = l.id"
                " WHERE m.user_id = ? AND l.status IN ('signup', 'running', 'paused')",
                user_id,
            )
            if busy or leagues:
                raise ConflictError(f"user {user_id} still plays in an open game or league")
            games = [
                int(r["game_id"])
                for r in await tx.fetch(
                    "SELECT DISTINCT game_id FROM seats WHERE user_id = ?", user_id
                )
            ]
            for game_id in games:
                await self._rename_in_game(tx, game_id, user_id, pseudonym)
                await self._unname_outcome(tx, game_id, names, replacement)
            await self._rename_in_leagues(tx, user_id, pseudonym)
            tables = ("user_settings", "ratings", "seat_names")
            puzzles = ("puzzle_tries", "puzzle_ratings", "puzzle_streaks")
            for table in (*tables, *puzzles):
                await tx.execute(f"DELETE FROM {table} WHERE user_id = ?", user_id)
            await tx.execute(
                "UPDATE rating_history SET user_id = ? WHERE user_id = ?", pseudonym, user_id
            )
        return games

    async def _rename_in_game(self, tx: Any, game_id: int, old: int, new: int) -> None:
        await tx.execute("UPDATE seats SET user_id = ? WHERE game_id = ? AND user_id = ?",
                         new, game_id, old)  # fmt: skip
        for row in await tx.fetch("SELECT seq, action FROM events WHERE game_id = ?", game_id):
            action = self._json(row["action"])
            changed = renamed(action, old, new)
            if changed != action:
                await tx.execute("UPDATE events SET action = ? WHERE game_id = ? AND seq = ?",
                                 dumps(changed), game_id, row["seq"])  # fmt: skip
        game = await tx.fetchrow("SELECT config FROM games WHERE id = ?", game_id)
        config = self._json(game["config"])
        if renamed(config, old, new) != config:
            await tx.execute("UPDATE games SET config = ? WHERE id = ?",
                             dumps(renamed(config, old, new)), game_id)  # fmt: skip
        # Snapshots are a cache of the log: rebuilt from the renamed events on the next load.
        await tx.execute("DELETE FROM snapshots WHERE game_id = ?", game_id)

    async def _unname_outcome(
        self, tx: Any, game_id: int, names: tuple[str, ...], replacement: str
    ) -> None:
        names = tuple(n for n in names if n.strip())
        row = await tx.fetchrow("SELECT outcome FROM games WHERE id = ?", game_id)
        if not names or row is None or row["outcome"] is None:
            return
        outcome = self._json(row["outcome"])
        changed = unnamed(outcome, names, replacement)
        if changed != outcome:
            await tx.execute("UPDATE games SET outcome = ? WHERE id = ?", dumps(changed), game_id)

    async def _rename_in_leagues(self, tx: Any, old: int, new: int) -> None:
        leagues = await tx.fetch("SELECT league_id FROM league_members WHERE user_id = ?", old)
        await tx.execute("UPDATE league_members SET user_id = ? WHERE user_id = ?", new, old)
        for league in leagues:
            rows = await tx.fetch(
                "SELECT seq, actor, data FROM league_events WHERE league_id = ?",
                league["league_id"],
            )
            for row in rows:
                data = self._json(row["data"])
                actor = new if row["actor"] == old else row["actor"]
                if renamed(data, old, new) != data or actor != row["actor"]:
                    await tx.execute(
                        "UPDATE league_events SET actor = ?, data = ?"
                        " WHERE league_id = ? AND seq = ?",
                        actor, dumps(renamed(data, old, new)), league["league_id"], row["seq"],
                    )  # fmt: skip
