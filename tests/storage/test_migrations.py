"""Schema migrations: from empty, from every earlier version, and refusing what is not ours."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

import pytest

from storage import GameStore, MigrationError, StorageError, open_store
from storage.migrations import latest, migrations
from storage.records import GameStatus, NewEvent, NewGame, UserSettings

LATEST = latest("sqlite")


def test_both_dialects_define_the_same_tables_and_columns() -> None:
    def shape(dialect: str) -> dict[str, list[str]]:
        tables: dict[str, list[str]] = {}
        for step in migrations(dialect):
            for name, body in re.findall(r"CREATE TABLE (\w+) \((.*?)\n\)", step.sql, re.S):
                columns = [line.split()[0] for line in body.strip().splitlines()]
                tables[name] = [c for c in columns if c.isidentifier() and c.islower()]
        return tables

    assert latest("sqlite") == latest("postgres") >= 2
    assert shape("sqlite") == shape("postgres")


async def test_migrates_an_empty_database(store_url: str) -> None:
    store = await open_store(store_url, migrate=False)
    try:
        assert await store.schema_version() == 0
        assert await store.migrate() == LATEST
        assert await store.migrate() == LATEST  # idempotent
        await store.put_user_settings(UserSettings(1, "en"))
    finally:
        await store.close()


async def _fill(store: GameStore) -> int:
    game = await store.create_game(NewGame("counter", 1, "seed", {"k": 1}, 5, 6))
    await store.add_seat(game.id, 0, 42)
    await store.append(
        game.id, 0, [NewEvent(None, {"a": 1}), NewEvent(0, {"b": 2})], status=GameStatus.ACTIVE
    )
    return game.id


@pytest.mark.parametrize("start", range(LATEST))
async def test_migrates_from_every_earlier_version(store_url: str, start: int) -> None:
    store = await open_store(store_url, migrate=False)
    try:
        assert await store.migrate(start) == start
        game_id = await _fill(store) if start >= 1 else None
    finally:
        await store.close()
    store = await open_store(store_url)  # opening migrates the rest of the way
    try:
        assert await store.schema_version() == LATEST
        if game_id is not None:
            assert (await store.get_game(game_id)).version == 2
            assert [e.action for e in await store.events(game_id)] == [{"a": 1}, {"b": 2}]
            assert [s.user_id for s in await store.seats(game_id)] == [42]
        new_id = await _fill(store)
        await store.add_deadline(new_id, 0, "turn", (await store.get_game(new_id)).updated)
        assert await store.integrity_check() == []
        with pytest.raises(MigrationError):
            await store.migrate(start)  # never backwards
        with pytest.raises(MigrationError):
            await store.migrate(LATEST + 1)
    finally:
        await store.close()


async def test_concurrent_openers_migrate_once(store_url: str) -> None:
    stores = await asyncio.gather(*(open_store(store_url) for _ in range(3)))
    try:
        assert [await s.schema_version() for s in stores] == [LATEST] * 3
    finally:
        for s in stores:
            await s.close()


async def test_refuses_a_schema_newer_than_the_code(store_url: str, backend: str) -> None:
    store = await open_store(store_url)
    if backend == "sqlite":
        await store.close()
        path = Path(store_url.removeprefix("sqlite:///"))
        with sqlite3.connect(path) as conn:
            conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    else:
        tx_store = store
        async with tx_store._write() as tx:  # type: ignore[attr-defined]
            await tx.execute("INSERT INTO muster_schema (version, name) VALUES (?, 'future')", 99)
        await store.close()
    with pytest.raises(StorageError, match="newer"):
        await open_store(store_url)


async def test_refuses_an_sqlite_file_that_is_not_muster(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER)")
        conn.execute("INSERT INTO accounts VALUES (1, 100)")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StorageError, match="not Muster's"):
        await open_store(f"sqlite:///{path}")
    assert path.read_bytes() == before


async def test_many_openers_of_a_new_sqlite_file_all_succeed(tmp_path: Path) -> None:
    # Switching a new file to WAL answers "locked" at once to the other openers (no busy
    # handler there): every opener must wait its turn instead of failing.
    for attempt in range(5):
        url = f"sqlite:///{tmp_path / f'race{attempt}.db'}"
        stores = await asyncio.gather(*(open_store(url) for _ in range(8)))
        try:
            assert [await s.schema_version() for s in stores] == [LATEST] * 8
        finally:
            for s in stores:
                await s.close()
