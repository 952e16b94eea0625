"""The default store: one SQLite file through aiosqlite, in WAL mode, one writer at a time."""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from storage.base import Clock, ConflictError, MigrationError, StorageError, StorageFullError
from storage.migrations import latest, migrations
from storage.sql_host import SqlStore
from storage.sql_leagues import SqlLeagues
from storage.sql_puzzles import SqlPuzzles

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 10_000
"""How long a writer waits for another process's transaction before giving up."""

_HEADER = b"SQLite format 3\x00"
_TIME_FORMAT = "%Y-%m-%dT%H:%M:%S.%f+00:00"


_FULL = frozenset({sqlite3.SQLITE_FULL, sqlite3.SQLITE_READONLY})
"""Primary result codes of a write the disk cannot take (full, or read-only)."""


def _translate(err: sqlite3.Error) -> StorageError:
    if isinstance(err, sqlite3.IntegrityError):
        return ConflictError(f"constraint failed: {err}")
    if (
        getattr(err, "sqlite_errorcode", 0) & 0xFF in _FULL
    ):  # extended codes keep it in the low byte
        return StorageFullError(f"SQLite error: {err}")
    return StorageError(f"SQLite error: {err}")


class _Tx:
    """The shared SQL's view of an aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, *args: Any) -> int:
        try:
            cursor = await self._conn.execute(sql, args)
        except sqlite3.Error as err:
            raise _translate(err) from err
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            await self._conn.executemany(sql, rows)
        except sqlite3.Error as err:
            raise _translate(err) from err

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        # One hop to the connection's thread instead of execute + fetch + close.
        try:
            return list(await self._conn.execute_fetchall(sql, args))
        except sqlite3.Error as err:
            raise _translate(err) from err

    async def fetchrow(self, sql: str, *args: Any) -> Any | None:
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None


def split_statements(script: str) -> list[str]:
    """The statements of an SQL script, for running them one by one inside a transaction."""
    statements: list[str] = []
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    return statements


def _check_path(path: Path) -> None:
    """Refuse, before SQLite opens anything, a path that cannot hold a writable database."""
    parent = path.parent
    if not parent.exists():
        try:
            parent.mkdir(parents=True)
        except OSError as err:
            raise StorageError(
                f"cannot create the directory {parent} for the database: {err.strerror or err}"
            ) from None
        log.info("created directory %s for the database", parent)
    if not parent.is_dir():
        raise StorageError(f"{parent} is not a directory, so it cannot hold the database")
    if not path.exists():
        if not os.access(parent, os.W_OK | os.X_OK):
            raise StorageError(f"cannot create the database in {parent}: permission denied")
        return
    if not path.is_file():
        raise StorageError(f"{path} is not a regular file, so it cannot be the database")
    if not os.access(path, os.R_OK):
        raise StorageError(f"cannot read the database {path}: permission denied")
    if not os.access(path, os.W_OK):
        raise StorageError(f"the database {path} is read-only; Muster needs to write to it")
    if not os.access(parent, os.W_OK | os.X_OK):
        # WAL mode keeps -wal and -shm files beside the database.
        raise StorageError(f"the directory {parent} is read-only; Muster needs to write there")
    with path.open("rb") as handle:
        header = handle.read(len(_HEADER))
    if header and header != _HEADER:
        raise StorageError(f"{path} is not an SQLite database (damaged, or some other file)")


class SqliteStore(SqlStore, SqlLeagues, SqlPuzzles):
    """A GameStore in one SQLite file: a writer connection and a query-only reader."""

    def __init__(
        self,
        path: Path,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        clock: Clock | None = None,
    ) -> None:
        super().__init__(clock)
        self.path = path
        self._writer = writer
        self._reader = reader
        self._lock = asyncio.Lock()
        self._leader: int | None = None

    @property
    def description(self) -> str:
        """Where the data lives."""
        return f"sqlite:///{self.path}"

    @property
    def shared(self) -> bool:
        """One bot process per SQLite file (see `lead`)."""
        return False

    @classmethod
    async def open(
        cls, path: str | Path, *, migrate: bool = True, clock: Clock | None = None
    ) -> SqliteStore:
        """Open (creating if needed) and check a database file; migrate it unless told not to."""
        path = Path(path)
        _check_path(path)
        writer = await cls._connect(path)
        try:
            await cls._inspect(writer, path)
            await writer.execute("PRAGMA foreign_keys = ON")
            await writer.execute("PRAGMA synchronous = NORMAL")
            mode = await cls._enter_wal(writer)
            if mode is None or str(mode[0]).lower() != "wal":
                raise StorageError(f"{path}: SQLite refused WAL mode (got {mode and mode[0]})")
            reader = await cls._connect(path)
            await reader.execute("PRAGMA query_only = ON")
        except sqlite3.Error as err:
            await writer.close()
            raise StorageError(f"cannot open {path}: {err}") from None
        except BaseException:
            await writer.close()
            raise
        store = cls(path, writer, reader, clock)
        if migrate:
            try:
                await store.migrate()
            except BaseException:
                await store.close()
                raise
        return store

    @staticmethod
    async def _enter_wal(writer: aiosqlite.Connection) -> Any:
        """Switch to WAL, waiting out other openers: SQLite answers "locked" at once here,
        without its busy handler, while another connection changes the journal mode."""
        waited = 0.0
        while True:
            try:
                async with writer.execute("PRAGMA journal_mode = WAL") as cur:
                    return await cur.fetchone()
            except sqlite3.OperationalError as err:
                if "locked" not in str(err) or waited >= BUSY_TIMEOUT_MS / 1000:
                    raise
                await asyncio.sleep(0.05)
                waited += 0.05

    @staticmethod
    async def _connect(path: Path) -> aiosqlite.Connection:
        try:
            conn = await aiosqlite.connect(
                path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000
            )
        except sqlite3.Error as err:
            raise StorageError(f"cannot open the database {path}: {err}") from None
        conn.row_factory = sqlite3.Row
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        return conn

    @staticmethod
    async def _inspect(conn: aiosqlite.Connection, path: Path) -> None:
        """Read the header and schema before anything writes, so a bad file stays untouched."""
        try:
            # One read transaction: another opener may commit the first migration between two
            # autocommit reads, and its tables must not be seen with the old version number.
            await conn.execute("BEGIN")
            try:
                async with conn.execute("PRAGMA user_version") as cur:
                    row = await cur.fetchone()
                version = int(row[0]) if row else 0
                async with conn.execute(
                    "SELECT name FROM sqlite_master"
                    " WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                ) as cur:
                    tables = {r[0] for r in await cur.fetchall()}
            finally:
                await conn.execute("COMMIT")
        except sqlite3.Error as err:
            raise StorageError(f"{path} is damaged or not a database: {err}") from None
        if version > latest("sqlite"):
            raise StorageError(
                f"{path} has schema version {version}, newer than this Muster knows"
                f" ({latest('sqlite')}); upgrade Muster before opening it"
            )
        if version == 0 and tables:
            raise StorageError(
                f"{path} holds tables that are not Muster's ({', '.join(sorted(tables)[:5])});"
                " refusing to touch it"
            )

    async def close(self) -> None:
        """Close both connections and give the clocks up."""
        await self.resign_lead()
        await self._reader.close()
        await self._writer.close()

    # --- the one bot process ---------------------------------------------------------------
    @property
    def lock_path(self) -> Path:
        """The file whose lock marks the one bot process of this database."""
        return self.path.with_name(self.path.name + ".lock")

    async def lead(self) -> bool:
        """Hold an exclusive lock on the database's lock file; False while another process does.

        The operating system drops the lock when its process dies, so a kill -9 leaves nothing
        to clean up by hand.
        """
        if self._leader is not None:
            return True
        fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._leader = fd
        return True

    def lock_holder(self) -> str:
        """Who holds the lock file, as written there by the holder (its process id)."""
        try:
            return self.lock_path.read_text().strip() or "unknown"
        except OSError:
            return "unknown"

    async def resign_lead(self) -> None:
        """Release the lock file (another bot process may then open the database)."""
        fd, self._leader = self._leader, None
        if fd is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    # --- the shared SQL's hooks ------------------------------------------------------------
    @asynccontextmanager
    async def _write(self) -> AsyncIterator[_Tx]:
        async with self._lock:
            # IMMEDIATE takes the write lock up front: writers in other processes queue on the
            # busy timeout instead of failing halfway through.
            await _Tx(self._writer).execute("BEGIN IMMEDIATE")
            try:
                yield _Tx(self._writer)
                await _Tx(self._writer).execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    async def _rollback(self) -> None:
        # Best effort: the original error (or cancellation) is what the caller must see.
        if self._writer.in_transaction:
            try:
                await self._writer.execute("ROLLBACK")
            except sqlite3.Error as err:
                log.warning("%s: rollback failed: %s", self.path, err)

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[_Tx]:
        yield _Tx(self._reader)

    def _t(self, value: datetime) -> Any:
        if value.tzinfo is None:
            raise ValueError("times must be timezone-aware")
        return value.astimezone(UTC).strftime(_TIME_FORMAT)

    def _dt(self, value: Any) -> datetime:
        return datetime.fromisoformat(value)

    # --- administration --------------------------------------------------------------------
    async def schema_version(self) -> int:
        """The value of PRAGMA user_version."""
        return await self._user_version(_Tx(self._reader))

    @staticmethod
    async def _user_version(tx: _Tx) -> int:
        row = await tx.fetchrow("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def migrate(self, target: int | None = None) -> int:
        """Apply pending migrations, each in its own transaction with its user_version bump."""
        steps = migrations("sqlite")
        target = len(steps) if target is None else target
        if not 0 <= target <= len(steps):
            raise MigrationError(f"no schema version {target}; this Muster knows 0..{len(steps)}")
        async with self._lock:
            tx = _Tx(self._writer)
            current = await self._user_version(tx)
            if current > target:
                raise MigrationError(
                    f"{self.path} is at version {current}; cannot go back to {target}"
                )
            for step in steps[current:target]:
                await tx.execute("BEGIN IMMEDIATE")
                try:
                    # Re-read under the write lock: another process may have migrated meanwhile.
                    now = await self._user_version(tx)
                    if now < step.version:
                        for statement in split_statements(step.sql):
                            await tx.execute(statement)
                        await tx.execute(f"PRAGMA user_version = {step.version}")
                except BaseException as err:
                    await self._rollback()
                    if isinstance(err, StorageError):
                        raise MigrationError(
                            f"migration {step.version} ({step.name}): {err}"
                        ) from err
                    raise
                await tx.execute("COMMIT")
                log.info(
                    "%s: migrated to schema version %d (%s)", self.path, step.version, step.name
                )
        return await self.schema_version()

    async def backup(self, path: Path) -> None:
        """Copy the live database with SQLite's online backup API, then swap it into place."""
        path = Path(path)
        if path.resolve() == self.path.resolve():
            raise StorageError("the backup must not overwrite the database itself")
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".partial")
        partial.unlink(missing_ok=True)
        try:
            async with aiosqlite.connect(partial) as target:
                # pages=0 copies everything in one step under one read lock: a consistent copy
                # even while the bot keeps writing through the other connection.
                await self._reader.backup(target, pages=0)
                async with target.execute("PRAGMA integrity_check") as cur:
                    verdict = await cur.fetchone()
            if verdict is None or verdict[0] != "ok":
                raise StorageError(f"the backup failed its integrity check: {verdict}")
            os.replace(partial, path)
        except (OSError, sqlite3.Error) as err:
            partial.unlink(missing_ok=True)
            raise StorageError(f"backup to {path} failed: {err}") from None

    async def integrity_check(self) -> list[str]:
        """SQLite's integrity and foreign-key checks; empty when both pass."""
        tx = _Tx(self._reader)
        problems = [str(r[0]) for r in await tx.fetch("PRAGMA integrity_check") if r[0] != "ok"]
        for r in await tx.fetch("PRAGMA foreign_key_check"):
            problems.append(f"table {r[0]} row {r[1]} points at a missing {r[2]} row")
        return problems + await self.log_problems()
