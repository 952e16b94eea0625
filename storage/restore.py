"""Putting a backup back: check that a file is a Muster database, then copy it into place.

SQLite backups are database files (`muster db backup`); PostgreSQL backups are `pg_dump`
custom-format archives, made and restored by PostgreSQL's own tools, which copy a live database
consistently. Either way the current data is kept aside first, so a wrong restore can be undone.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import sqlite3
import subprocess
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from storage.base import StorageError
from storage.migrations import latest

MUSTER_TABLES = frozenset({"games", "seats", "events"})
"""Tables every Muster schema has had since its first migration."""
DUMP_TIMEOUT_S = 3600


def check_sqlite_backup(path: Path) -> int:
    """The schema version of a SQLite backup; StorageError unless it is a sound Muster file."""
    if not path.is_file():
        raise StorageError(f"{path}: no such file")
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
            verdict = conn.execute("PRAGMA integrity_check").fetchone()
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as err:
        raise StorageError(f"{path} is not a SQLite database ({err})") from None
    if verdict is None or verdict[0] != "ok":
        raise StorageError(f"{path} fails SQLite's integrity check: {verdict}")
    return _known_version(path, version, tables, latest("sqlite"))


def _known_version(path: Path, version: int, tables: set[str], newest: int) -> int:
    if not tables >= MUSTER_TABLES or version < 1:
        raise StorageError(f"{path} is not a Muster database (no games, seats and events)")
    if version > newest:
        raise StorageError(
            f"{path} has schema version {version}, newer than this Muster's {newest}:"
            " upgrade Muster before restoring it"
        )
    return version


def restore_sqlite(backup: Path, database: Path) -> Path | None:
    """Replace `database` by `backup` (checked first); returns where the old file was kept."""
    check_sqlite_backup(backup)
    if backup.resolve() == database.resolve():
        raise StorageError("the backup is the database itself")
    # The bot holds this lock while it runs (see SqliteStore.lead): never swap a live database.
    lock = database.with_name(database.name + ".lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = lock.read_text().strip() or "unknown"
            raise StorageError(
                f"a muster bot (process {holder}) is using {database}: stop it before restoring"
            ) from None
        return _swap_in(backup, database)
    finally:
        os.close(fd)


def _swap_in(backup: Path, database: Path) -> Path | None:
    kept = None
    if database.exists():
        kept = database.with_name(f"{database.name}.before-restore-{_stamp()}")
        with closing(sqlite3.connect(database)) as live, closing(sqlite3.connect(kept)) as aside:
            live.backup(aside)
    database.parent.mkdir(parents=True, exist_ok=True)
    # The backup API writes through SQLite, so the target's WAL and shm files stay consistent.
    source = closing(sqlite3.connect(f"file:{backup}?mode=ro", uri=True))
    with source as reader, closing(sqlite3.connect(database)) as target:
        reader.backup(target)
    return kept


def libpq_target(url: str) -> tuple[str, list[str]]:
    """The URL PostgreSQL's tools accept, and the options that keep to Muster's schema.

    Muster's URLs may carry `search_path=SCHEMA` (a server setting asyncpg passes on); libpq's
    tools refuse that parameter, so it becomes pg_dump's `--schema`.
    """
    parts = urlsplit(url)
    query = parse_qsl(parts.query)
    schemas = [value for key, value in query if key == "search_path"]
    kept = urlencode([(key, value) for key, value in query if key != "search_path"])
    options = [f"--schema={schema}" for schema in schemas]
    return urlunsplit(parts._replace(query=kept)), options


def dump_postgres(url: str, path: Path) -> None:
    """A consistent custom-format archive of a live PostgreSQL database (pg_dump)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    target, options = libpq_target(url)
    command = ["pg_dump", "--format=custom", "--no-owner", *options, "--file", str(path), target]
    _run_tool(command, "pg_dump")


def check_postgres_backup(path: Path) -> None:
    """StorageError unless `path` is a pg_dump archive of a Muster database."""
    if not path.is_file():
        raise StorageError(f"{path}: no such file")
    try:
        listing = _run_tool(["pg_restore", "--list", str(path)], "pg_restore")
    except StorageError as err:
        raise StorageError(f"{path} is not a pg_dump archive ({err})") from None
    found = {line.split()[-2] for line in listing.splitlines() if " TABLE " in line}
    if not (MUSTER_TABLES | {"muster_schema"}) <= found:
        raise StorageError(f"{path} is not a dump of a Muster database")


def restore_postgres(path: Path, url: str) -> None:
    """Replace the database's Muster tables by those of a pg_dump archive (checked first)."""
    check_postgres_backup(path)
    target, _ = libpq_target(url)
    _run_tool(
        ["pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction",
         "--dbname", target, str(path)],
        "pg_restore",
    )  # fmt: skip


def _run_tool(command: list[str], name: str) -> str:
    if shutil.which(name) is None:
        raise StorageError(f"{name} is not installed (Debian: apt-get install postgresql-client)")
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=DUMP_TIMEOUT_S, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as err:
        raise StorageError(f"{name} failed: {err}") from None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise StorageError(f"{name} failed: {last}")
    return done.stdout


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
