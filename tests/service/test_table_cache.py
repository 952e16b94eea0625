"""The host's table cache is bounded: the least recently used game leaves it first."""

from __future__ import annotations

from dataclasses import replace

from bot.service import Service
from bot.service.table import CACHED_TABLES, TableCache, load_table
from tests.service.helpers import duel


def test_the_least_recently_used_table_goes_first() -> None:
    cache = TableCache(size=2)
    cache[1], cache[2] = "one", "two"  # type: ignore[assignment]
    assert cache.get(1) == "one"  # 1 is now the most recently used
    cache[3] = "three"  # type: ignore[assignment]
    assert list(cache) == [1, 3]
    assert cache.get(2) is None and cache.get(2, "gone") == "gone"


async def test_a_host_keeps_at_most_its_size_of_games_loaded(service: Service) -> None:
    assert service.host.cache.size == CACHED_TABLES
    service.host = replace(service.host, cache=TableCache(size=2))
    games = [await duel(service) for _ in range(3)]
    for gid in games:
        await load_table(service.host, gid)
    assert list(service.host.cache) == games[1:]
    # A game that fell out loads again (from the store) and is the newest entry.
    first = await load_table(service.host, games[0])
    assert first.id == games[0] and list(service.host.cache) == [games[2], games[0]]
    await service.act(games[2], "alice", "take 1")
    assert list(service.host.cache) == [games[0], games[2]]
