"""Leagues in shared SQL: the league row, its append-only log, and the games its rounds made."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from storage.base import ConflictError
from storage.leagues import (
    LeagueEvent,
    LeagueGame,
    LeagueHead,
    LeagueNotFoundError,
    LeagueStatus,
    NewLeagueEvent,
    StaleLeagueError,
)
from storage.records import NewGame, NewOutbox
from storage.sql import SqlCore, Tx, json_object
from storage.sql_outbox import insert_outbox

HEAD_COLUMNS = (
    "id, guild_id, channel_id, name, game_key, config, status, version, created, updated, ends"
)
LEAGUE_EVENT_COLUMNS = "league_id, seq, actor, kind, data, created"
OPEN_STATUSES = "('signup', 'running', 'paused')"


class SqlLeagues(SqlCore):
    """The LeagueStore half of a backend (mixed in beside SqlStore)."""

    def _head(self, r: Any) -> LeagueHead:
        return LeagueHead(
            id=r["id"],
            guild_id=r["guild_id"],
            channel_id=r["channel_id"],
            name=r["name"],
            game_key=r["game_key"],
            config=self._json(r["config"]),
            status=LeagueStatus(r["status"]),
            version=r["version"],
            created=self._dt(r["created"]),
            updated=self._dt(r["updated"] if r["updated"] is not None else r["created"]),
            ends=self._opt_dt(r["ends"]),
        )

    def _league_event(self, r: Any) -> LeagueEvent:
        return LeagueEvent(
            league_id=r["league_id"],
            seq=r["seq"],
            actor=r["actor"],
            kind=r["kind"],
            data=self._json(r["data"]),
            created=self._dt(r["created"]),
        )

    async def _head_in(self, tx: Tx, league_id: int) -> LeagueHead:
        r = await tx.fetchrow(f"SELECT {HEAD_COLUMNS} FROM leagues WHERE id = ?", league_id)
        if r is None:
            raise LeagueNotFoundError(league_id)
        return self._head(r)

    async def open_league(
        self,
        guild_id: int,
        name: str,
        game_key: str,
        config: Mapping[str, Any],
        *,
        channel_id: int | None = None,
        ends: datetime | None = None,
        events: Sequence[NewLeagueEvent] = (),
        outbox: Callable[[LeagueHead], Sequence[NewOutbox]] | None = None,
    ) -> LeagueHead:
        """Start a league with settings and its first `events` in one transaction, with the
        messages `outbox(the new league)` enqueued in it; ConflictError when the guild has one
        with that name."""
        text = json_object(config, "league config")
        now = self._t(self._now())
        async with self._write() as tx:
            clash = await tx.fetchrow(
                "SELECT id FROM leagues WHERE guild_id = ? AND name = ?", guild_id, name
            )
            if clash is not None:
                raise ConflictError(f"guild {guild_id} already has a league named {name!r}")
            r = await tx.fetchrow(
                "INSERT INTO leagues (guild_id, channel_id, name, game_key, config, status,"
                " version, created, updated, ends) VALUES (?, ?, ?, ?, ?, 'signup', 0, ?, ?, ?)"
                f" RETURNING {HEAD_COLUMNS}",
                guild_id,
                channel_id,
                name,
                game_key,
                text,
                now,
                now,
                None if ends is None else self._t(ends),
            )
            head = self._head(r)
            if events:
                head = await self._append_league_in(tx, head.id, 0, events)
            if outbox is not None:
                await insert_outbox(tx, outbox(head), now, self._t)
        return head

    async def get_league(self, league_id: int) -> LeagueHead:
        """The league with this id; raises LeagueNotFoundError."""
        async with self._read() as tx:
            return await self._head_in(tx, league_id)

    async def guild_leagues(self, guild_id: int) -> list[LeagueHead]:
        """A guild's leagues with their settings, by id."""
        async with self._read() as tx:
            rows = await tx.fetch(
                f"SELECT {HEAD_COLUMNS} FROM leagues WHERE guild_id = ? ORDER BY id", guild_id
            )
        return [self._head(r) for r in rows]

    async def open_leagues(self, *, after_id: int = 0, limit: int = 200) -> list[LeagueHead]:
        """Leagues still in signup, running or paused with id > after_id, by id."""
        async with self._read() as tx:
            rows = await tx.fetch(
                f"SELECT {HEAD_COLUMNS} FROM leagues WHERE status IN {OPEN_STATUSES}"
                " AND id > ? ORDER BY id LIMIT ?",
                after_id,
                limit,
            )
        return [self._head(r) for r in rows]

    async def append_league(
        self,
        league_id: int,
        expected_seq: int,
        events: Sequence[NewLeagueEvent],
        *,
        status: LeagueStatus | None = None,
        games: Sequence[LeagueGame] = (),
        outbox: Sequence[NewOutbox] = (),
    ) -> LeagueHead:
        """Log events (and link games, enqueue `outbox`) in one transaction; StaleLeagueError
        if moved on."""
        if expected_seq < 0:
            raise ValueError(f"expected_seq must be >= 0, not {expected_seq}")
        async with self._write() as tx:
            head = await self._append_league_in(
                tx, league_id, expected_seq, events, status=status, games=games
            )
            await insert_outbox(tx, outbox, self._t(self._now()), self._t)
        return head

    async def open_round(
        self,
        league_id: int,
        expected_seq: int,
        round_number: int,
        games: Sequence[NewGame],
        paired: Callable[[Sequence[int]], NewLeagueEvent],
        outbox: Callable[[Sequence[int]], Sequence[NewOutbox]] | None = None,
    ) -> tuple[LeagueHead, list[int]]:
        """Create a round's games with their seats, log `paired(game ids)`, link the games
        as tables 1.. of the round and enqueue `outbox(game ids)`, all in one transaction;
        StaleLeagueError if moved on."""
        if expected_seq < 0:
            raise ValueError(f"expected_seq must be >= 0, not {expected_seq}")
        async with self._write() as tx:
            head = await self._head_in(tx, league_id)
            if head.version != expected_seq:
                raise StaleLeagueError(league_id, expected_seq, head.version)
            ids = [(await self._insert_game(tx, new)).id for new in games]
            links = [
                LeagueGame(gid, league_id, round_number, board)
                for board, gid in enumerate(ids, start=1)
            ]
            head = await self._append_league_in(
                tx, league_id, expected_seq, [paired(ids)], games=links
            )
            if outbox is not None:
                await insert_outbox(tx, outbox(ids), self._t(self._now()), self._t)
        return head, ids

    async def _append_league_in(
        self,
        tx: Tx,
        league_id: int,
        expected_seq: int,
        events: Sequence[NewLeagueEvent],
        *,
        status: LeagueStatus | None = None,
        games: Sequence[LeagueGame] = (),
    ) -> LeagueHead:
        stamp = self._t(self._now())
        rows = [
            (
                league_id,
                expected_seq + offset,
                event.actor,
                event.kind,
                json_object(event.data, "a league event's data"),
                stamp,
            )
            for offset, event in enumerate(events)
        ]
        r = await tx.fetchrow(
            "UPDATE leagues SET version = version + ?, updated = ?,"
            " status = COALESCE(?, status) WHERE id = ? AND version = ?"
            f" RETURNING {HEAD_COLUMNS}",
            len(rows),
            stamp,
            None if status is None else LeagueStatus(status).value,
            league_id,
            expected_seq,
        )
        if r is None:
            head = await self._head_in(tx, league_id)
            raise StaleLeagueError(league_id, expected_seq, head.version)
        if rows:
            await tx.executemany(
                f"INSERT INTO league_events ({LEAGUE_EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)",
                rows,
            )
        if games:
            await tx.executemany(
                "INSERT INTO league_games (game_id, league_id, round, board) VALUES (?, ?, ?, ?)",
                [(g.game_id, league_id, g.round, g.board) for g in games],
            )
        return self._head(r)

    async def league_events(self, league_id: int, *, start: int = 0) -> list[LeagueEvent]:
        """A league's log from seq `start`, in order."""
        async with self._read() as tx:
            rows = await tx.fetch(
                f"SELECT {LEAGUE_EVENT_COLUMNS} FROM league_events WHERE league_id = ?"
                " AND seq >= ? ORDER BY seq",
                league_id,
                start,
            )
        return [self._league_event(r) for r in rows]

    async def league_of_game(self, game_id: int) -> LeagueGame | None:
        """The league round a game belongs to, if any."""
        async with self._read() as tx:
            r = await tx.fetchrow(
                "SELECT game_id, league_id, round, board FROM league_games WHERE game_id = ?",
                game_id,
            )
        if r is None:
            return None
        return LeagueGame(r["game_id"], r["league_id"], r["round"], r["board"])

    async def league_games(self, league_id: int) -> list[LeagueGame]:
        """Every game a league created, by round and table."""
        async with self._read() as tx:
            rows = await tx.fetch(
                "SELECT game_id, league_id, round, board FROM league_games WHERE league_id = ?"
                " ORDER BY round, board, game_id",
                league_id,
            )
        return [LeagueGame(r["game_id"], r["league_id"], r["round"], r["board"]) for r in rows]
