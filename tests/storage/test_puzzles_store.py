"""Puzzle tries, ratings, streaks and daily posts on both backends (migration 0007)."""

from __future__ import annotations

import asyncio

import pytest

from storage import GameStore, open_store
from storage.base import ConflictError, PuzzleRatingMovedError
from storage.puzzles import DailySettings, NewPuzzleTry, Skill, Streak, TryResult, TryStatus
from storage.records import FORMER_PLAYER_BASE, NewOutbox
from tests.storage.conftest import Clock

ALICE, BOB = 101, 202
GUILD, OTHER = 7, 8


async def _start(store: GameStore, user: int = ALICE, guild: int = GUILD, puzzle: str = "p1"):
    return await store.start_puzzle_try(NewPuzzleTry(user, guild, puzzle, "2026-11-26", True))


async def test_a_try_keeps_its_actions_and_refuses_a_stale_write(store: GameStore) -> None:
    started = await _start(store)
    assert (started.status, started.actions, started.version) == (TryStatus.OPEN, (), 0)
    played = await store.play_puzzle_try(started.id, 0, ["place a C3 2"])
    assert (played.actions, played.version) == (("place a C3 2",), 1)
    with pytest.raises(ConflictError):
        await store.play_puzzle_try(started.id, 0, ["place b C3 2"])  # a second, late click
    assert await store.open_puzzle_try(ALICE) == played
    assert await store.puzzle_try(played.id) == played


async def test_one_open_try_per_user(store: GameStore) -> None:
    await _start(store)
    with pytest.raises(ConflictError):
        await _start(store, puzzle="p2")
    await _start(store, user=BOB)  # others are not held up


async def test_finishing_writes_ratings_and_streak_together_and_only_once(
    store: GameStore,
) -> None:
    t = await _start(store)
    result = TryResult(
        TryStatus.SOLVED,
        ("place a C3 2",),
        player=Skill(27.0, 7.5, 1, 1),
        puzzle=Skill(23.0, 7.9, 1, 1),
        streak=Streak(1, 1, "2026-11-26"),
    )
    done = await store.finish_puzzle_try(t.id, 0, result)
    assert done.status is TryStatus.SOLVED and done.finished is not None
    assert await store.puzzle_skill(GUILD, ALICE) == Skill(27.0, 7.5, 1, 1)
    assert await store.puzzle_skill(OTHER, ALICE) is None  # ratings are per server
    assert await store.puzzle_strength("p1") == Skill(23.0, 7.9, 1, 1)
    assert await store.puzzle_streak(GUILD, ALICE) == Streak(1, 1, "2026-11-26")
    with pytest.raises(ConflictError):  # a double click finishes nothing twice
        await store.finish_puzzle_try(t.id, 0, result)
    with pytest.raises(ConflictError):
        await store.finish_puzzle_try(t.id, 1, result)
    assert await store.open_puzzle_try(ALICE) is None
    assert await store.solved_puzzles(GUILD, ALICE) == frozenset({"p1"})
    assert await store.solved_puzzles(OTHER, ALICE) == frozenset()


async def test_a_conflicting_finish_writes_no_rating(store: GameStore) -> None:
    t = await _start(store)
    await store.play_puzzle_try(t.id, 0, ["place a C3 2"])
    with pytest.raises(ConflictError):
        await store.finish_puzzle_try(
            t.id, 0, TryResult(TryStatus.FAILED, (), player=Skill(20.0, 7.0, 1, 0))
        )
    assert await store.puzzle_skill(GUILD, ALICE) is None


async def test_tries_are_listed_per_scope_and_puzzle(store: GameStore) -> None:
    first = await _start(store)
    await store.finish_puzzle_try(first.id, 0, TryResult(TryStatus.FAILED, ("end",)))
    second = await _start(store, guild=OTHER)
    await store.finish_puzzle_try(second.id, 0, TryResult(TryStatus.ABANDONED, ()))
    third = await _start(store, puzzle="p2")
    assert [t.id for t in await store.puzzle_tries(GUILD, ALICE)] == [first.id, third.id]
    assert [t.id for t in await store.puzzle_tries(GUILD, ALICE, "p1")] == [first.id]
    assert [t.id for t in await store.puzzle_tries(OTHER, ALICE)] == [second.id]
    with pytest.raises(ValueError):
        await store.finish_puzzle_try(third.id, 0, TryResult(TryStatus.OPEN, ()))


async def test_leaderboard_sorts_by_ordinal_within_one_server(store: GameStore) -> None:
    for user, guild, skill in (
        (ALICE, GUILD, Skill(30.0, 5.0, 3, 2)),  # ordinal 15
        (BOB, GUILD, Skill(35.0, 8.0, 1, 1)),  # ordinal 11
        (303, OTHER, Skill(50.0, 1.0, 9, 9)),
    ):
        t = await _start(store, user=user, guild=guild)
        await store.finish_puzzle_try(t.id, 0, TryResult(TryStatus.SOLVED, (), player=skill))
    board = await store.puzzle_leaderboard(GUILD)
    assert [(p.user_id, p.skill.solved) for p in board] == [(ALICE, 2), (BOB, 1)]
    assert [p.user_id for p in await store.puzzle_leaderboard(GUILD, limit=1)] == [ALICE]


def _row(key: str) -> NewOutbox:
    return NewOutbox(key, "puzzle_daily", {"type": "DailyPuzzle", "guild_id": GUILD}, None, None)


async def test_the_daily_post_is_claimed_once_per_day(store: GameStore) -> None:
    assert await store.puzzle_daily(GUILD) is None
    await store.put_puzzle_daily(DailySettings(GUILD, 555, 9 * 60, "Europe/Prague"))
    assert await store.post_puzzle_daily(GUILD, "2026-11-26", [_row("d7.2026-11-26")])
    assert not await store.post_puzzle_daily(GUILD, "2026-11-26", [_row("d7.2026-11-26b")])
    assert not await store.post_puzzle_daily(GUILD, "2026-11-25", [_row("d7.2026-11-25")])
    keys = ["d7.2026-11-26", "d7.2026-11-26b", "d7.2026-11-25"]
    assert [r.key for r in await store.outbox_messages(keys)] == ["d7.2026-11-26"]
    # A new time the same day keeps the day posted: no second post.
    moved = await store.put_puzzle_daily(DailySettings(GUILD, 556, 20 * 60, "UTC"))
    assert moved == DailySettings(GUILD, 556, 20 * 60, "UTC", "2026-11-26")
    assert await store.post_puzzle_daily(GUILD, "2026-11-27", [])
    assert await store.puzzle_dailies() == [DailySettings(GUILD, 556, 20 * 60, "UTC", "2026-11-27")]
    assert not await store.post_puzzle_daily(OTHER, "2026-11-27", [])  # no settings, no post
    assert await store.drop_puzzle_daily(GUILD)
    assert not await store.drop_puzzle_daily(GUILD)


async def test_two_processes_racing_for_one_day_post_it_once(store_url: str, clock: Clock) -> None:
    first = await open_store(store_url, clock=clock)
    second = await open_store(store_url, clock=clock)
    try:
        await first.put_puzzle_daily(DailySettings(GUILD, 555, 0, "UTC"))
        won = await asyncio.gather(
            *(
                s.post_puzzle_daily(GUILD, "2026-11-26", [_row(f"race{n}")])
                for n, s in enumerate((first, second, first, second))
            )
        )
        assert sorted(won) == [False, False, False, True]
        sent = await first.outbox_messages([f"race{n}" for n in range(4)])
        assert len(sent) == 1
    finally:
        await first.close()
        await second.close()


async def test_a_user_record_shows_and_forgetting_erases_puzzles(store: GameStore) -> None:
    t = await _start(store)
    await store.finish_puzzle_try(
        t.id,
        0,
        TryResult(
            TryStatus.SOLVED,
            ("place a C3 2",),
            player=Skill(27.0, 7.5, 1, 1),
            streak=Streak(1, 1, "2026-11-26"),
        ),
    )
    record = await store.user_record(ALICE)
    assert [t["actions"] for t in record["puzzle_tries"]] == [["place a C3 2"]]
    assert record["puzzle_ratings"][0]["tries"] == 1
    assert record["puzzle_streaks"][0]["current"] == 1
    await store.forget_user(ALICE, FORMER_PLAYER_BASE + 5)
    after = await store.user_record(ALICE)
    assert after["puzzle_tries"] == after["puzzle_ratings"] == after["puzzle_streaks"] == []


async def test_a_puzzle_rating_is_written_only_over_the_one_it_was_computed_from(
    store: GameStore,
) -> None:
    mine = await _start(store)
    theirs = await _start(store, user=BOB)
    first = TryResult(
        TryStatus.SOLVED, (), player=Skill(27.0, 7.5, 1, 1), puzzle=Skill(23.0, 7.9, 1, 1)
    )
    await store.finish_puzzle_try(mine.id, 0, first)
    # Bob's result was computed from the puzzle as it was before Alice's try ended.
    late = TryResult(
        TryStatus.FAILED, (), player=Skill(22.0, 7.5, 1, 0), puzzle=Skill(26.0, 7.9, 1, 0)
    )
    with pytest.raises(PuzzleRatingMovedError):
        await store.finish_puzzle_try(theirs.id, 0, late)
    assert await store.puzzle_skill(GUILD, BOB) is None
    assert (await store.open_puzzle_try(BOB)) == theirs  # nothing of it was written
    again = TryResult(
        TryStatus.FAILED, (), player=Skill(22.0, 7.5, 1, 0), puzzle=Skill(25.0, 7.8, 2, 1)
    )
    await store.finish_puzzle_try(theirs.id, 0, again)
    assert await store.puzzle_strength("p1") == Skill(25.0, 7.8, 2, 1)
