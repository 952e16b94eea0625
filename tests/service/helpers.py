"""Shared steps for service tests: a started Stones duel between alice and bob."""

from __future__ import annotations

from bot.service import Service
from bot.service.table import load_table
from tests.contract.stones import State


async def duel(service: Service, **options: object) -> int:
    """A started Stones game: alice (seat 0) against bob (seat 1)."""
    created = await service.create("stones", "alice", **options)
    gid = created.game_id
    assert gid is not None
    await service.join(gid, "bob")
    await service.start(gid, "alice")
    return gid


async def state(service: Service, gid: int) -> State:
    """The current Stones state (fresh from the store, not the cache)."""
    service.host.cache.pop(gid, None)
    table = await load_table(service.host, gid)
    assert isinstance(table.state, State)
    return table.state


async def version(service: Service, gid: int) -> int:
    """The number of logged events."""
    return (await service.store.get_game(gid)).version
