"""The store for deployments that outgrow one file: PostgreSQL through an asyncpg pool."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from storage.base import Clock, ConflictError, MigrationError, StorageError, StorageFullError
from storage.migrations import latest, migrations
from storage.sql_host import SqlStore
from storage.sql_leagues import SqlLeagues
from storage.sql_puzzles import SqlPuzzles
from storage.urls import safe_url

log = logging.getLogger(__name__)

_MIGRATION_LOCK = 0x6D7573746572  # "muster": one migrator at a time per database
_LEADER_LOCK = 0x6D757374  # "must": with the schema's hash, the clocks leader of one schema
_LEADER_KEEPALIVE = {
    "tcp_keepalives_idle": "10",
    "tcp_keepalives_interval": "5",
    "tcp_keepalives_count": "3",
}
"""The server probes the leader's connection: a leader whose machine vanished (no FIN, no RST)
frees the lock within about 25 s instead of the system's default two hours."""
_LEADER_PROBE_SECONDS = 5.0
"""A leader that cannot reach its own connection within this gives the clocks up."""
_DRIVER_ERRORS = (OSError, asyncpg.PostgresError, asyncpg.InterfaceError)


@lru_cache(maxsize=512)
def to_dollar(sql: str) -> str:
    """The shared SQL's `?` placeholders as PostgreSQL's $1, $2, ..."""
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return re.sub(r"\?", number, sql)


def _translate(err: Exception) -> StorageError:
    if isinstance(err, asyncpg.IntegrityConstraintViolationError):
        return ConflictError(f"constraint failed: {err}")
    if isinstance(err, (asyncpg.DiskFullError, asyncpg.ReadOnlySQLTransactionError)):
        return StorageFullError(f"PostgreSQL error: {err}")
    return StorageError(f"PostgreSQL error: {err}")


class _Tx:
    """The shared SQL's view of an asyncpg connection."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def execute(self, sql: str, *args: Any) -> int:
        try:
            status: str = await self._conn.execute(to_dollar(sql), *args)
        except _DRIVER_ERRORS as err:
            raise _translate(err) from err
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            await self._conn.executemany(to_dollar(sql), rows)
        except _DRIVER_ERRORS as err:
            raise _translate(err) from err

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        try:
            return list(await self._conn.fetch(to_dollar(sql), *args))
        except _DRIVER_ERRORS as err:
            raise _translate(err) from err

    async def fetchrow(self, sql: str, *args: Any) -> Any | None:
        try:
            return await self._conn.fetchrow(to_dollar(sql), *args)
        except _DRIVER_ERRORS as err:
            raise _translate(err) from err


class PostgresStore(SqlStore, SqlLeagues, SqlPuzzles):
    """A GameStore in PostgreSQL; every write is one transaction on a pooled connection."""

    _skip_locked = "FOR UPDATE SKIP LOCKED"

    def __init__(self, url: str, pool: Any, clock: Clock | None = None) -> None:
        super().__init__(clock)
        self._url = url
        self._pool = pool
        self._leader: Any = None
        self._connect_timeout = 10.0

    @property
    def description(self) -> str:
        """Where the data lives, without the password."""
        return safe_url(self._url)

    @property
    def shared(self) -> bool:
        """Several bot processes may serve one PostgreSQL database (one leads the clocks)."""
        return True

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        migrate: bool = True,
        clock: Clock | None = None,
        max_connections: int = 10,
        connect_timeout: float = 10.0,
    ) -> PostgresStore:
        """Connect a pool, refuse a schema newer than this code, and migrate unless told not to."""
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=max_connections, timeout=connect_timeout
            )
        except Exception as err:
            raise StorageError(f"cannot connect to PostgreSQL at {safe_url(url)}: {err}") from None
        store = cls(url, pool, clock)
        try:
            version = await store.schema_version()
            if version > latest("postgres"):
                raise StorageError(
                    f"{store.description} has schema version {version}, newer than this Muster"
                    f" knows ({latest('postgres')}); upgrade Muster before using it"
                )
            if migrate:
                await store.migrate()
        except BaseException:
            await store.close()
            raise
        return store

    async def close(self) -> None:
        """Give the clocks leadership up and close the pool."""
        await self.resign_lead()
        await self._pool.close()

    # --- the clocks leader -----------------------------------------------------------------
    async def lead(self) -> bool:
        """Take or keep a session advisory lock on a connection of its own.

        PostgreSQL releases the lock when that connection ends, so a leader that dies (or
        loses its connection) hands the clocks over to the next process that asks.
        """
        if self._leader is not None:
            try:
                await self._leader.fetchval("SELECT 1", timeout=_LEADER_PROBE_SECONDS)
                return True
            except (*_DRIVER_ERRORS, TimeoutError):
                log.warning("%s: lost the clocks leader's connection", self.description)
                await self.resign_lead()
        try:
            conn = await asyncpg.connect(
                self._url, timeout=self._connect_timeout, server_settings=_LEADER_KEEPALIVE
            )
        except _DRIVER_ERRORS as err:
            log.warning("%s: cannot connect to compete for the clocks: %s", self.description, err)
            return False
        try:
            won = await conn.fetchval(
                "SELECT pg_try_advisory_lock($1, hashtext(current_schema()))", _LEADER_LOCK
            )
        except _DRIVER_ERRORS:
            won = False
        if not won:
            await conn.close()
            return False
        self._leader = conn
        log.info("%s: this process now runs the clocks", self.description)
        return True

    async def resign_lead(self) -> None:
        """Close the leader's connection, which releases its advisory lock."""
        conn, self._leader = self._leader, None
        if conn is not None:
            try:
                await conn.close(timeout=2)
            except _DRIVER_ERRORS:
                conn.terminate()

    async def leader_pid(self) -> int | None:
        """The server process id of this store's leader connection (for operators and tests)."""
        if self._leader is None:
            return None
        return int(self._leader.get_server_pid())

    # --- the shared SQL's hooks ------------------------------------------------------------
    @asynccontextmanager
    async def _write(self) -> AsyncIterator[_Tx]:
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                yield _Tx(conn)
        except _DRIVER_ERRORS as err:
            raise _translate(err) from err

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[_Tx]:
        try:
            async with self._pool.acquire() as conn:
                yield _Tx(conn)
        except _DRIVER_ERRORS as err:
            raise _translate(err) from err

    def _t(self, value: datetime) -> Any:
        if value.tzinfo is None:
            raise ValueError("times must be timezone-aware")
        return value

    def _dt(self, value: Any) -> datetime:
        if not isinstance(value, datetime):
            raise TypeError(f"expected a timestamp from PostgreSQL, got {value!r}")
        return value.astimezone(UTC)

    # --- administration --------------------------------------------------------------------
    async def schema_version(self) -> int:
        """The highest migration recorded in muster_schema (0 before the first)."""
        async with self._read() as tx:
            exists = await tx.fetchrow("SELECT to_regclass('muster_schema') AS t")
            if exists is None or exists["t"] is None:
                return 0
            row = await tx.fetchrow("SELECT COALESCE(MAX(version), 0) AS v FROM muster_schema")
        return int(row["v"]) if row else 0

    async def migrate(self, target: int | None = None) -> int:
        """Apply pending migrations, each in a transaction holding an advisory lock."""
        steps = migrations("postgres")
        target = len(steps) if target is None else target
        if not 0 <= target <= len(steps):
            raise MigrationError(f"no schema version {target}; this Muster knows 0..{len(steps)}")
        current = await self.schema_version()
        if current > target:
            raise MigrationError(f"database is at version {current}; cannot go back to {target}")
        for step in steps[current:target]:
            try:
                async with self._pool.acquire() as conn, conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
                    await self._ensure_schema(conn)
                    await conn.execute(
                        "CREATE TABLE IF NOT EXISTS muster_schema (version INTEGER PRIMARY KEY,"
                        " name TEXT NOT NULL, applied TIMESTAMPTZ NOT NULL DEFAULT now())"
                    )
                    # Re-read under the lock: another process may have migrated meanwhile.
                    now = await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM muster_schema")
                    if now < step.version:
                        await conn.execute(step.sql)
                        await conn.execute(
                            "INSERT INTO muster_schema (version, name) VALUES ($1, $2)",
                            step.version,
                            step.name,
                        )
            except _DRIVER_ERRORS as err:
                raise MigrationError(f"migration {step.version} ({step.name}): {err}") from err
            log.info("%s: migrated to schema version %d", self.description, step.version)
        return await self.schema_version()

    @staticmethod
    async def _ensure_schema(conn: Any) -> None:
        # A URL may name a schema (?search_path=muster) that does not exist yet: create it.
        if await conn.fetchval("SELECT current_schema()") is not None:
            return
        path = await conn.fetchval("SHOW search_path")
        first = str(path).split(",")[0].strip().strip('"')
        if not first or first.startswith("$"):
            raise MigrationError(f"search_path {path!r} names no schema to create tables in")
        await conn.execute(
            await conn.fetchval("SELECT format('CREATE SCHEMA %I', $1::text)", first)
        )
        log.info("created schema %s", first)

    async def backup(self, path: Path) -> None:
        """PostgreSQL is backed up with its own tools; this explains how."""
        raise StorageError(
            "PostgreSQL databases are backed up with pg_dump, which copies a live database"
            f" consistently: pg_dump --format=custom --file '{path}' '{self.description}'"
            " (restore with pg_restore --dbname URL FILE)"
        )

    async def integrity_check(self) -> list[str]:
        """PostgreSQL checks its own pages; here: the log's shape (see log_problems)."""
        return await self.log_problems()
