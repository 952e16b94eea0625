"""A full disk or a read-only database mid-game: a coded refusal, nothing saved, play goes on.

The store raises the driver's own error (SQLite's SQLITE_FULL from a database really capped at
two pages, or SQLITE_READONLY from `PRAGMA query_only`); the player reads "The server's storage
is full; your move was not saved." and the same move goes through once space is back.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import asyncpg
import pytest

from bot.console.session import Session
from bot.service.commands import catalogue, complete, dispatch
from games.base import GameError
from storage import postgres
from storage import sqlite as sqlite_store
from storage.base import StorageFullError
from tests.fuzz.test_internal_errors import duel


def disk_full_error() -> sqlite3.OperationalError:
    """SQLite's own error for a write the disk cannot take."""
    db = sqlite3.connect(":memory:")
    try:
        db.execute("PRAGMA max_page_count = 2")
        db.execute("CREATE TABLE t (x)")
        db.execute("INSERT INTO t VALUES (?)", ("x" * 100_000,))
    except sqlite3.OperationalError as err:
        return err
    finally:
        db.close()
    raise AssertionError("a two-page database took 100 kB")


async def first_move(session: Session, game: int) -> tuple[str, dict[str, Any]]:
    """Who is to act in `game` and the options of their first legal move."""
    command = catalogue().find("neuroshima act")
    assert command is not None
    for user in ("alice", "bob"):
        if [g for g in await session.service.waiting(user) if g.id == game]:
            legal = await complete(session.service, user, command, "action", {"game": game})
            return user, {"game": game, "action": legal[0].value}
    raise AssertionError("nobody is to act")


async def version(session: Session, game: int) -> int:
    return (await session.service.store.get_game(game)).version


@pytest.mark.parametrize("fault", ["disk full", "read-only"])
async def test_a_move_the_store_cannot_save_is_refused_and_play_goes_on(
    session: Session, monkeypatch: pytest.MonkeyPatch, fault: str
) -> None:
    gid = await duel(session, "neuroshima")
    user, options = await first_move(session, gid)
    command = catalogue().find("neuroshima act")
    assert command is not None
    before = await version(session, gid)
    writer = session.service.store._writer  # type: ignore[attr-defined]
    if fault == "read-only":
        await writer.execute("PRAGMA query_only = 1")
    else:
        full = disk_full_error()
        execute = writer.execute

        async def no_space(sql: str, parameters: Any = None) -> Any:
            if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
                raise full
            return await execute(sql, parameters)

        monkeypatch.setattr(writer, "execute", no_space)
    with pytest.raises(GameError) as caught:
        await dispatch(session.service, user, command, options)
    assert caught.value.code == "storage_full"
    assert caught.value.user_message == "The server's storage is full; your move was not saved."
    assert await version(session, gid) == before
    # Space is back: the same move goes through, and the game goes on.
    if fault == "read-only":
        await writer.execute("PRAGMA query_only = 0")
    else:
        monkeypatch.undo()
    await dispatch(session.service, user, command, options)
    assert await version(session, gid) > before


async def test_the_console_says_the_coded_line_not_an_internal_error(
    session: Session,
) -> None:
    gid = await duel(session, "neuroshima")
    user, options = await first_move(session, gid)
    await session.handle(f"/as {user}")
    await session.service.store._writer.execute("PRAGMA query_only = 1")  # type: ignore[attr-defined]
    answer = (await session.handle(f"/neuroshima act action:{options['action']}")).text
    assert answer.startswith("Error (storage_full): The server's storage is full")
    assert session.internal_errors == 0


def test_the_drivers_full_and_read_only_errors_are_storage_full() -> None:
    assert isinstance(sqlite_store._translate(disk_full_error()), StorageFullError)
    assert isinstance(postgres._translate(asyncpg.DiskFullError("full")), StorageFullError)
    assert isinstance(
        postgres._translate(asyncpg.ReadOnlySQLTransactionError("ro")), StorageFullError
    )
    other = sqlite3.OperationalError("no such table: x")
    assert not isinstance(sqlite_store._translate(other), StorageFullError)
