"""Ratings per guild (scope), the v2 -> v3 migration of ratings, and changing a seat's role."""

from __future__ import annotations

import asyncio

import pytest

from storage import ConflictError, GameStore, open_store
from storage.records import GameStatus, NewEvent, RatingChange, rating_scope
from tests.storage.test_store import new_game

GUILD_A, GUILD_B = 111, 222


async def finished(store: GameStore, guild_id: int | None, users: tuple[int, ...] = (1, 2)) -> int:
    """A finished counter game played in `guild_id` (None: outside any guild)."""
    gid = await new_game(store, users=users, guild_id=guild_id)
    await store.append(gid, 0, [NewEvent(0, {"win": 1})], status=GameStatus.FINISHED)
    return gid


def test_scope_of_a_game_outside_any_guild_is_zero() -> None:
    assert rating_scope(None) == 0
    assert rating_scope(GUILD_A) == GUILD_A


async def test_two_guilds_rate_independently(store: GameStore) -> None:
    in_a = await finished(store, GUILD_A)
    in_b = await finished(store, GUILD_B)
    await store.record_ratings(
        in_a, [RatingChange(1, None, 30.0, 7.0), RatingChange(2, None, 10.0, 7.0)]
    )
    # The same players start from nothing in the other guild, with the opposite result.
    stored = await store.record_ratings(
        in_b, [RatingChange(1, None, 12.0, 7.0), RatingChange(2, None, 28.0, 7.0)]
    )
    assert [(r.scope, r.user_id, r.rating) for r in stored] == [
        (GUILD_B, 1, 12.0),
        (GUILD_B, 2, 28.0),
    ]
    a1 = await store.get_rating("counter", 1, scope=GUILD_A)
    b1 = await store.get_rating("counter", 1, scope=GUILD_B)
    assert a1 is not None and (a1.scope, a1.rating, a1.games) == (GUILD_A, 30.0, 1)
    assert b1 is not None and (b1.scope, b1.rating, b1.games) == (GUILD_B, 12.0, 1)
    assert await store.get_rating("counter", 1, scope=0) is None
    board_a = await store.leaderboard("counter", scope=GUILD_A)
    board_b = await store.leaderboard("counter", scope=GUILD_B)
    assert [r.user_id for r in board_a] == [1, 2]
    assert [r.user_id for r in board_b] == [2, 1]
    assert await store.leaderboard("counter", scope=0) == []
    history = await store.rating_history("counter", 1, scope=GUILD_A)
    assert [(h.game_id, h.scope, h.after) for h in history] == [(in_a, GUILD_A, 30.0)]
    # A rating change builds on the rating in its own guild only.
    again = await finished(store, GUILD_A)
    with pytest.raises(ConflictError):
        await store.record_ratings(again, [RatingChange(1, 12.0, 14.0, 6.5)])
    await store.record_ratings(again, [RatingChange(1, 30.0, 33.0, 6.5)])
    assert [h.game_id for h in await store.rating_history("counter", 1, scope=GUILD_A)] == [
        in_a,
        again,
    ]
    assert [h.game_id for h in await store.rating_history("counter", 1, scope=GUILD_B)] == [in_b]


async def test_a_game_outside_any_guild_rates_in_scope_zero(store: GameStore) -> None:
    console = await finished(store, None)
    stored = await store.record_ratings(console, [RatingChange(1, None, 20.0, 8.0)])
    assert [r.scope for r in stored] == [0]
    assert (await store.get_rating("counter", 1, scope=0)) == stored[0]
    assert await store.get_rating("counter", 1, scope=GUILD_A) is None
    assert [r.user_id for r in await store.leaderboard("counter", scope=0)] == [1]
    assert [h.scope for h in await store.rating_history("counter", 1, scope=0)] == [0]


async def test_migration_from_version_2_keeps_ratings_in_scope_zero(store_url: str) -> None:
    store = await open_store(store_url, migrate=False)
    try:
        assert await store.migrate(2) == 2
        # Version 2 code wrote ratings without a scope: write them the way it did.
        gid = await finished(store, GUILD_A)
        async with store._write() as tx:  # type: ignore[attr-defined]
            await tx.execute(
                "INSERT INTO ratings (game_key, user_id, rating, deviation, games, updated)"
                " VALUES ('counter', 1, 25.5, 6.25, 3, ?), ('counter', 2, 19.0, 7.5, 1, ?)",
                *[store._t(store._now())] * 2,  # type: ignore[attr-defined]
            )
            await tx.execute(
                "INSERT INTO rating_history (game_id, user_id, game_key, before, after, created)"
                " VALUES (?, 1, 'counter', 24.0, 25.5, ?)",
                gid,
                store._t(store._now()),  # type: ignore[attr-defined]
            )
    finally:
        await store.close()
    store = await open_store(store_url)
    try:
        assert await store.schema_version() >= 3
        one = await store.get_rating("counter", 1, scope=0)
        assert one is not None and (one.rating, one.deviation, one.games) == (25.5, 6.25, 3)
        assert await store.get_rating("counter", 1, scope=GUILD_A) is None
        assert [r.user_id for r in await store.leaderboard("counter", scope=0)] == [1, 2]
        history = await store.rating_history("counter", 1, scope=0)
        assert [(h.game_id, h.before, h.after) for h in history] == [(gid, 24.0, 25.5)]
        # The migrated game counts as rated; new games rate per guild on top.
        assert await store.finished_games() == []
        with pytest.raises(ConflictError):
            await store.record_ratings(gid, [RatingChange(2, 19.0, 20.0, 7.0)])
        later = await finished(store, GUILD_A)
        await store.record_ratings(later, [RatingChange(1, None, 5.0, 8.0)])
        assert (await store.get_rating("counter", 1, scope=0)).rating == 25.5  # type: ignore[union-attr]
        assert await store.integrity_check() == []
    finally:
        await store.close()


# --- seat roles -----------------------------------------------------------------------------


async def test_set_seat_role_changes_the_seat_in_place(store: GameStore) -> None:
    gid = await new_game(store, users=(10, 20))
    changed = await store.set_seat_role(gid, 1, "moloch", user_id=20)
    assert (changed.seat, changed.user_id, changed.role) == (1, 20, "moloch")
    await store.set_seat_role(gid, 1, "borgo")
    await store.set_seat_role(gid, 0, None, user_id=10)
    every = await store.seats(gid, include_left=True)
    # One row per player: no "left" rows from a change of army.
    assert [(s.seat, s.user_id, s.role, s.left) for s in every] == [
        (0, 10, None, None),
        (1, 20, "borgo", None),
    ]
    assert every[1].joined == changed.joined


async def test_set_seat_role_refuses_a_seat_not_held(store: GameStore) -> None:
    gid = await new_game(store, users=(10, 20))
    with pytest.raises(ConflictError):
        await store.set_seat_role(gid, 1, "moloch", user_id=10)  # seat 1 is user 20's
    with pytest.raises(ConflictError):
        await store.set_seat_role(gid, 2, "moloch")  # nobody sits there
    await store.leave_seat(gid, 1)
    with pytest.raises(ConflictError):
        await store.set_seat_role(gid, 1, "moloch", user_id=20)
    assert [s.role for s in await store.seats(gid, include_left=True)] == ["army0", "army1"]


async def test_set_seat_role_only_in_the_lobby(store: GameStore) -> None:
    gid = await new_game(store, users=(10, 20))
    await store.append(gid, 0, [NewEvent(None, {"start": 1})], status=GameStatus.ACTIVE)
    with pytest.raises(ConflictError, match="started"):
        await store.set_seat_role(gid, 0, "moloch", user_id=10)
    assert [s.role for s in await store.seats(gid)] == ["army0", "army1"]


async def test_set_seat_role_races_a_start_safely(store: GameStore) -> None:
    outcomes = set()
    for attempt in range(6):
        gid = await new_game(store, users=(10, 20))

        async def choose(gid: int = gid) -> bool:
            try:
                await store.set_seat_role(gid, 0, "moloch", user_id=10)
            except ConflictError:
                return False
            return True

        async def start(gid: int = gid) -> None:
            await store.append(gid, 0, [NewEvent(None, {"start": 1})], status=GameStatus.ACTIVE)

        if attempt % 2:
            chose, _ = await asyncio.gather(choose(), start())
        else:
            _, chose = await asyncio.gather(start(), choose())
        outcomes.add(chose)
        role = (await store.seats(gid))[0].role
        # Either the choice landed before the start, or it was refused and nothing changed.
        assert role == ("moloch" if chose else "army0")
    assert outcomes == {True, False}
