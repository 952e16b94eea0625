"""Double submits: many appends at the same expected seq, exactly one wins, nothing doubles."""

from __future__ import annotations

import asyncio

import pytest

from storage import GameStore, StaleVersionError, open_store
from storage.records import GameStatus, NewEvent, NewGame, RatingChange, rating_scope


@pytest.mark.parametrize("writers", [2, 10])
@pytest.mark.parametrize("separate_connections", [False, True])
async def test_one_of_n_concurrent_appends_wins(
    store: GameStore, store_url: str, writers: int, separate_connections: bool
) -> None:
    game = await store.create_game(NewGame("counter", 1, "s"))
    await store.append(game.id, 0, [NewEvent(None, {"start": 1})], status=GameStatus.ACTIVE)
    stores = [store]
    if separate_connections:
        # Other store objects stand for other processes: their own connections and locks.
        stores += [await open_store(store_url) for _ in range(writers - 1)]
    try:
        for round_ in range(3):
            expected = 1 + 2 * round_

            async def submit(i: int, expected: int = expected) -> int | None:
                try:
                    await stores[i % len(stores)].append(
                        game.id, expected, [NewEvent(0, {"who": i}), NewEvent(None, {"d": i})]
                    )
                except StaleVersionError as err:
                    assert err.actual == expected + 2
                    return None
                return i

            results = await asyncio.gather(*(submit(i) for i in range(writers)))
            winners = [r for r in results if r is not None]
            assert len(winners) == 1, results
            events = await store.events(game.id, start=expected)
            assert [e.action for e in events] == [{"who": winners[0]}, {"d": winners[0]}]
        assert (await store.get_game(game.id)).version == 7
    finally:
        for other in stores[1:]:
            await other.close()


async def test_concurrent_ratings_of_one_game_apply_once(store: GameStore) -> None:
    game = await store.create_game(NewGame("counter", 1, "s"))
    await store.append(game.id, 0, [NewEvent(0, {"w": 1})], status=GameStatus.FINISHED)

    async def rate() -> bool:
        try:
            await store.record_ratings(game.id, [RatingChange(1, None, 1510.0, 300.0)])
        except Exception:
            return False
        return True

    outcomes = await asyncio.gather(*(rate() for _ in range(5)))
    assert outcomes.count(True) == 1
    rating = await store.get_rating("counter", 1, scope=rating_scope(game.guild_id))
    assert rating is not None and rating.games == 1
