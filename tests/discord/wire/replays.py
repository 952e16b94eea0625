"""Every stored game replays from its log to the state the bot holds: the same moves, typed in the
console, give the same game (the console and the bot share one Service and one engine)."""

from __future__ import annotations

from bot.db_cli import replay_with_registry
from storage.factory import open_store
from storage.records import GameStatus
from storage.tools import CheckReport, check_games


async def replay_all(database: str) -> CheckReport:
    """Replay every active and finished game of a database and compare it with its snapshots."""
    store = await open_store(database, migrate=False)
    try:
        statuses = (GameStatus.ACTIVE, GameStatus.FINISHED)
        return await check_games(store, replay_with_registry, statuses=statuses, repair=False)
    finally:
        await store.close()
