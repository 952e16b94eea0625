"""Choosing a backend from a MUSTER_DATABASE URL."""

from __future__ import annotations

from storage.base import Clock, GameStore, StorageError

DEFAULT_URL = "sqlite:///data/muster.db"
"""A file beside the working directory: works on a fresh machine with nothing installed."""

SQLITE_PREFIX = "sqlite:///"
POSTGRES_PREFIXES = ("postgresql://", "postgres://")


async def open_store(url: str, *, migrate: bool = True, clock: Clock | None = None) -> GameStore:
    """Open the store `url` names (sqlite:///PATH or postgresql://...), migrated unless told not."""
    if url.startswith(SQLITE_PREFIX):
        path = url[len(SQLITE_PREFIX) :]
        if not path or path == ":memory:":
            raise StorageError(f"{url!r} names no file; use sqlite:///path/to/muster.db")
        from storage.sqlite import SqliteStore

        return await SqliteStore.open(path, migrate=migrate, clock=clock)
    if url.startswith(POSTGRES_PREFIXES):
        # Imported here so a SQLite deployment never needs the PostgreSQL driver to load.
        from storage.postgres import PostgresStore

        return await PostgresStore.open(url, migrate=migrate, clock=clock)
    raise StorageError(
        f"the database URL must be sqlite:///PATH or postgresql://..., not {url.split(':')[0]!r}..."
    )
