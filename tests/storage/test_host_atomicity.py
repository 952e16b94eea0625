"""Every host operation that writes more than once happens whole or not at all.

Each test first counts the writes of an operation, then for every boundary k kills the
operation just before its k-th write (see faults.py), opens a fresh service on the same store
(an empty cache: a restarted process) and checks that the store is consistent and that the
operation either happened or did not.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from bot.service import FakeClock, Service
from bot.service.table import load_table
from games import registry
from storage import GameStore, open_store
from storage.records import GameStatus
from tests.contract.stones import STONES
from tests.storage.faults import Faults, Killed


@pytest.fixture(autouse=True)
def stones_registered() -> None:
    if "stones" not in registry.GAMES:
        registry.register(STONES)


@pytest.fixture
async def opened(store_url: str) -> AsyncIterator[tuple[GameStore, FakeClock]]:
    clock = FakeClock()
    store = await open_store(store_url, clock=clock.now)
    yield store, clock
    await store.close()


async def duel(service: Service) -> int:
    """A started Stones game: alice (seat 0) against bob (seat 1)."""
    created = await service.create("stones", "alice")
    gid = created.game_id
    assert gid is not None
    await service.join(gid, "bob")
    await service.start(gid, "alice")
    return gid


async def every_boundary(
    store: GameStore,
    clock: FakeClock,
    prepare: Callable[[Service], Awaitable[Any]],
    operate: Callable[[Service, Any], Awaitable[Any]],
    check: Callable[[Service, Any, bool], Awaitable[None]],
) -> int:
    """Run `operate` once whole, then killed before each of its writes; `check` every outcome.

    `check(service, prepared, killed)` gets a fresh service; returns the number of writes.
    """
    faults = Faults(store)
    whole = Service(store, clock)
    prepared = await prepare(whole)
    faults.arm(None)
    await operate(whole, prepared)
    writes = faults.count
    await check(Service(store, clock), prepared, False)
    for k in range(writes):
        service = Service(store, clock)
        prepared = await prepare(service)
        faults.arm(k)
        with pytest.raises(Killed):
            await operate(service, prepared)
        faults.arm(None)
        await check(Service(store, clock), prepared, True)
    return writes


async def test_seat_replacement_is_one_write(opened: tuple[GameStore, FakeClock]) -> None:
    store, clock = opened

    async def replace(service: Service, gid: int) -> None:
        await service.replace_player(gid, "bob", "bob", "dave")

    async def check(service: Service, gid: int, killed: bool) -> None:
        holders = {s.seat: s.user_id for s in await store.seats(gid)}
        assert sorted(holders) == [0, 1]
        bob, dave = service.user("bob"), service.user("dave")
        assert holders[1] in (bob, dave)
        replaced = holders[1] == dave
        assert (
            not killed
            or not replaced
            or "took over seat 1" in "\n".join(await service.history(gid))
        )
        holder = "dave" if replaced else "bob"
        # The game goes on: whoever holds the seat now can move when it is their turn.
        await service.act(gid, "alice", "take 1")
        table = await load_table(service.host, gid)
        if 1 in table.to_act():
            await service.act(gid, holder, "take 1")

    writes = await every_boundary(store, clock, duel, replace, check)
    assert writes >= 1


async def test_a_replaced_seat_moves_with_its_new_holder(
    opened: tuple[GameStore, FakeClock],
) -> None:
    store, clock = opened
    service = Service(store, clock)
    gid = await duel(service)
    await service.replace_player(gid, "bob", "bob", "dave")
    seats = await store.seats(gid, include_left=True)
    left = [s for s in seats if s.left is not None]
    assert [s.user_id for s in left] == [service.user("bob")]
    assert (await store.get_game(gid)).status is GameStatus.ACTIVE
    assert (await load_table(Service(store, clock).host, gid)).user_at(1) == service.user("dave")
