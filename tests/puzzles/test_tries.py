"""Playing puzzles through the service: tries, ratings both ways, retries, streaks, servers."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest

from bot.service import FakeClock, Service
from bot.service.commands import catalogue, dispatch
from bot.service.commands.spec import CONTEXT_GUILD
from bot.service.plugins.neuroshima.puzzles import choice, skill, tries
from games.base import GameError
from games.neuroshima.puzzles import Puzzle
from storage.base import PuzzleRatingMovedError
from storage.puzzles import NewPuzzleTry, Streak, TryStatus
from tests.puzzles.conftest import todays, wrong_turn

ALICE, BOB = "alice", "bob"
GUILD, OTHER = 1_000_001, 2_000_002


def theme_elsewhere(today: Puzzle) -> str:
    """A theme of some shipped puzzle that today's puzzle does not have."""
    for puzzle in choice.shipped():
        for theme in puzzle.themes:
            if theme not in today.themes:
                return theme
    pytest.skip("every shipped puzzle has today's themes")


async def solve(service: Service, user: str, scope: int = 0) -> tries.PuzzleReply:
    desk = await tries.desk(service, user)
    for action in desk.puzzle.solutions[0]:
        reply = await tries.act(service, user, action, scope=scope)
        if reply.replay is not None:  # the rules fought the battle (a Battle tile, a full board)
            return reply
    return await tries.fight(service, user, scope=scope)


async def test_solving_todays_puzzle_raises_the_player_and_lowers_the_puzzle(
    service: Service, clock: FakeClock
) -> None:
    puzzle = todays(clock)
    started = await tries.begin(service, ALICE, GUILD)
    assert started.panel is not None and started.panel.version == 0
    assert puzzle.id in started.text and len(started.images) == 2
    reply = await solve(service, ALICE, GUILD)
    assert reply.solved is True and reply.replay is not None and reply.panel is None
    expected = skill.rate(skill.newcomer(), skill.seeded(puzzle.difficulty), solved=True)
    me = await service.store.puzzle_skill(GUILD, service.user(ALICE))
    it = await service.store.puzzle_strength(puzzle.id)
    assert me == expected.player and it == expected.puzzle
    assert skill.shown(me) > 1500 and skill.shown(it) < puzzle.difficulty
    assert (me.tries, me.solved, it.tries, it.solved) == (1, 1, 1, 1)
    before, after = skill.shown(skill.newcomer()), skill.shown(me)
    assert f"Rating: {before} → {after} (+{after - before})." in reply.text


async def test_a_wrong_turn_shows_its_battle_lowers_the_player_and_raises_the_puzzle(
    service: Service, clock: FakeClock
) -> None:
    puzzle = todays(clock)
    await tries.begin(service, ALICE, GUILD)
    for action in wrong_turn(puzzle):
        await tries.act(service, ALICE, action, scope=GUILD)
    reply = await tries.fight(service, ALICE, scope=GUILD)
    assert reply.solved is False and reply.replay is not None
    assert reply.replay.narration  # the battle told in words
    assert reply.text.splitlines()[0].startswith("Not solved")
    assert "/puzzle retry" in reply.text
    me = await service.store.puzzle_skill(GUILD, service.user(ALICE))
    it = await service.store.puzzle_strength(puzzle.id)
    assert me is not None and it is not None
    assert skill.shown(me) < 1500 and skill.shown(it) > puzzle.difficulty
    assert (me.tries, me.solved) == (1, 0)
    assert await service.store.puzzle_streak(GUILD, service.user(ALICE)) is None


async def test_only_the_first_try_is_rated_and_a_retry_may_solve_it(
    service: Service, clock: FakeClock
) -> None:
    puzzle = todays(clock)
    await tries.begin(service, ALICE, GUILD)
    await tries.fight(service, ALICE, scope=GUILD)  # nothing played: not solved
    failed = await service.store.puzzle_skill(GUILD, service.user(ALICE))
    again = await tries.retry(service, ALICE, GUILD)
    assert again.panel is not None and puzzle.id in again.text
    reply = await solve(service, ALICE, GUILD)
    assert reply.solved is True and "Unrated" in reply.text
    assert await service.store.puzzle_skill(GUILD, service.user(ALICE)) == failed
    # The day's puzzle solved on a second try still keeps the streak.
    assert await service.store.puzzle_streak(GUILD, service.user(ALICE)) == Streak(
        1, 1, clock.now().date().isoformat()
    )
    assert puzzle.id in await service.store.solved_puzzles(GUILD, service.user(ALICE))


async def test_leaving_a_rated_try_for_another_puzzle_counts_as_not_solved(
    service: Service, clock: FakeClock
) -> None:
    first = await tries.begin(service, ALICE, GUILD)
    left = await tries.begin(service, ALICE, GUILD, theme=theme_elsewhere(todays(clock)))
    assert f"You left puzzle {todays(clock).id}: it counts as not solved." in left.text
    assert left.panel is not None and left.panel.try_id != first.panel.try_id  # type: ignore[union-attr]
    me = await service.store.puzzle_skill(GUILD, service.user(ALICE))
    assert me is not None and (me.tries, me.solved) == (1, 0)
    (old,) = [
        t
        for t in await service.store.puzzle_tries(GUILD, service.user(ALICE))
        if t.puzzle_id == todays(clock).id
    ]
    assert old.status is TryStatus.ABANDONED


async def test_play_again_resumes_the_try_in_play(service: Service) -> None:
    first = await tries.begin(service, ALICE, GUILD)
    desk = await tries.desk(service, ALICE)
    await tries.act(service, ALICE, desk.puzzle.solutions[0][0], scope=GUILD)
    again = await tries.begin(service, ALICE, GUILD)
    assert again.panel is not None and first.panel is not None
    assert (again.panel.try_id, again.panel.version) == (first.panel.try_id, 1)


async def test_a_stale_panel_and_an_illegal_action_are_refused_with_their_codes(
    service: Service,
) -> None:
    await tries.begin(service, ALICE, GUILD)
    desk = await tries.desk(service, ALICE)
    await tries.act(service, ALICE, desk.puzzle.solutions[0][0], version=0)
    with pytest.raises(GameError) as late:
        await tries.act(service, ALICE, desk.puzzle.solutions[0][0], version=0)
    assert late.value.code == "stale_panel"
    with pytest.raises(GameError) as bad:
        await tries.act(service, ALICE, "place outpost.hq Z9 0")
    assert bad.value.code not in (None, "stale_panel")
    with pytest.raises(GameError) as none:
        await tries.act(service, BOB, "end")
    assert none.value.code == "no_puzzle"
    await tries.undo(service, ALICE)
    with pytest.raises(GameError) as empty:
        await tries.undo(service, ALICE)
    assert empty.value.code == "nothing_to_undo"


async def test_a_streak_counts_days_in_a_row_and_breaks_after_a_missed_day(
    service: Service, clock: FakeClock
) -> None:
    uid = service.user(ALICE)
    days = []
    for _ in range(2):
        await tries.begin(service, ALICE, GUILD)
        await solve(service, ALICE, GUILD)
        days.append(clock.now().date())
        clock.advance(timedelta(days=1))
    assert await service.store.puzzle_streak(GUILD, uid) == Streak(2, 2, days[1].isoformat())
    clock.advance(timedelta(days=1))  # a day without the daily puzzle
    today = clock.now().date()
    standing = tries.standing(await service.store.puzzle_streak(GUILD, uid), today)
    assert (standing.current, standing.best) == (0, 2)
    await tries.begin(service, ALICE, GUILD)
    await solve(service, ALICE, GUILD)
    assert await service.store.puzzle_streak(GUILD, uid) == Streak(1, 2, today.isoformat())


async def test_a_puzzle_of_a_theme_is_not_a_daily_and_keeps_no_streak(
    service: Service, clock: FakeClock
) -> None:
    theme = theme_elsewhere(todays(clock))
    reply = await tries.begin(service, ALICE, GUILD, theme=theme)
    assert reply.panel is not None
    record = await service.store.puzzle_try(reply.panel.try_id)
    assert record is not None and record.day is None
    assert theme in choice.find(record.puzzle_id).themes
    await solve(service, ALICE, GUILD)
    assert await service.store.puzzle_streak(GUILD, service.user(ALICE)) is None


async def test_another_servers_try_cannot_be_answered_here(service: Service) -> None:
    await tries.begin(service, ALICE, GUILD)
    with pytest.raises(GameError) as there:
        await tries.act(service, ALICE, "end", scope=OTHER)
    assert there.value.code == "puzzle_elsewhere"
    with pytest.raises(GameError):
        await tries.fight(service, ALICE, scope=OTHER)
    assert (await tries.desk(service, ALICE)).record.status is TryStatus.OPEN


async def test_ratings_and_streaks_are_per_server(service: Service, clock: FakeClock) -> None:
    await tries.begin(service, ALICE, GUILD)
    await solve(service, ALICE, GUILD)
    uid = service.user(ALICE)
    assert await service.store.puzzle_skill(OTHER, uid) is None
    assert await service.store.puzzle_streak(OTHER, uid) is None
    # The same puzzle in another server is a first try there: rated there.
    reply = await tries.begin(service, ALICE, OTHER)
    assert reply.panel is not None
    record = await service.store.puzzle_try(reply.panel.try_id)
    assert record is not None and record.rated and record.guild_id == OTHER
    assert [p.user_id for p in await service.store.puzzle_leaderboard(OTHER)] == []


def test_today_is_the_same_puzzle_everywhere_and_moves_each_day(clock: FakeClock) -> None:
    day = clock.now().date()
    assert choice.daily(day) == choice.daily(day)
    count = len(choice.shipped())
    week = [choice.daily(day + timedelta(days=n)).id for n in range(count)]
    assert sorted(week) == sorted(p.id for p in choice.shipped())  # each once per round
    assert choice.daily(day + timedelta(days=count)) == choice.daily(day)


def test_picking_skips_solved_puzzles_and_says_when_none_is_left() -> None:
    ids = [p.id for p in choice.shipped()]
    found = choice.pick(1500, theme=None, difficulty="normal", solved=ids[1:], tried=(), salt="")
    assert found.id == ids[0]
    with pytest.raises(GameError) as done:
        choice.pick(1500, theme=None, difficulty=None, solved=ids, tried=(), salt="")
    assert done.value.code == "all_solved"
    with pytest.raises(GameError) as theme:
        choice.pick(1500, theme="nothing-like-it", difficulty=None, solved=(), tried=(), salt="")
    assert theme.value.code == "no_puzzle_theme"


async def test_two_players_ending_the_same_puzzle_at_once_both_count(
    service: Service, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = todays(clock)
    for user in (ALICE, BOB):
        await tries.begin(service, user, GUILD)
    moved = 0
    finish = service.store.finish_puzzle_try

    async def counted(*args: Any) -> Any:
        nonlocal moved
        try:
            return await finish(*args)
        except PuzzleRatingMovedError:
            moved += 1
            raise

    monkeypatch.setattr(service.store, "finish_puzzle_try", counted)
    await asyncio.gather(*(tries.fight(service, u, scope=GUILD) for u in (ALICE, BOB)))
    assert moved == 1  # the later one was rated again over the earlier one's result
    it = await service.store.puzzle_strength(puzzle.id)
    assert it is not None and (it.tries, it.solved) == (2, 0)
    for user in (ALICE, BOB):
        me = await service.store.puzzle_skill(GUILD, service.user(user))
        assert me is not None and me.tries == 1


async def test_another_server_sees_none_of_this_servers_ratings(
    service: Service, clock: FakeClock
) -> None:
    await tries.begin(service, ALICE, GUILD)
    await solve(service, ALICE, GUILD)

    async def run(path: str, user: str, guild: int) -> str:
        command = catalogue().find(path)
        assert command is not None
        return str((await dispatch(service, user, command, {CONTEXT_GUILD: guild})).text)

    here = await run("puzzle leaderboard", BOB, GUILD)
    assert here.splitlines()[1].startswith("1. alice: ")
    assert await run("puzzle leaderboard", BOB, OTHER) == (
        "Nobody has a puzzle rating here yet: /puzzle play."
    )
    assert await run("puzzle rating", ALICE, OTHER) == (
        "Your puzzle rating here: 1500 (0 rated tries, 0 solved).\n"
        "Daily streak: 0 days (best 0 days)."
    )


async def test_a_try_of_a_puzzle_no_longer_shipped_is_left_unrated(service: Service) -> None:
    uid = service.user(ALICE)
    gone = await service.store.start_puzzle_try(NewPuzzleTry(uid, GUILD, "nh-gone", None, True))
    with pytest.raises(GameError) as missing:
        await tries.desk(service, ALICE)
    assert missing.value.code == "no_puzzle"
    reply = await tries.begin(service, ALICE, GUILD)
    assert reply.panel is not None and "You left puzzle nh-gone." in reply.text
    left = await service.store.puzzle_try(gone.id)
    assert left is not None and left.status is TryStatus.ABANDONED
    assert await service.store.puzzle_skill(GUILD, uid) is None
