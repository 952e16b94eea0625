"""League changes and their announcements commit together (issue 18): a crash right after a
league's write loses no announcement and a second process doubles none. Both backends
(PostgreSQL when MUSTER_TEST_POSTGRES is set)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service import FakeClock, Service
from bot.service.i18n import localise
from bot.service.leagues import LeagueService
from bot.service.leagues.messages import LeagueAnnouncement, ScheduledEvent, TableOpened
from bot.service.leagues.pictures import draw_podium
from bot.service.postbox import LEASE
from bot.service.presenters import sayer
from bot.service.table import load_table
from games.text import Text
from storage import open_store
from storage.records import GameStatus
from tests.postgres import fresh_schema

PLAYERS = ("alice", "bob", "carol", "dave")


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'muster.db'}"
        return
    async with fresh_schema("leagues") as url:
        yield url


async def process(database: str, clock: FakeClock) -> Service:
    """A bot process's service on `database` (nothing shared in memory with another)."""
    return Service(await open_store(database, clock=clock.now), clock)


async def signed_up(leagues: LeagueService, clock: FakeClock) -> int:
    """A Swiss night of four that starts in 30 minutes (no check-in window)."""
    org = leagues.caller("olga")
    start = clock.now() + timedelta(minutes=30)
    created = await leagues.create(org, 1, "Night", "stones", start=start, rounds=2,
                                   round_time=3600, checkin=0, seed="n", channel=7)  # fmt: skip
    lid = created.league_id
    assert lid is not None
    for name in PLAYERS:
        await leagues.join(lid, name)
    return lid


def _killed_after(store: Any, method: str) -> None:
    """The process dies right after `store.method` commits."""
    real = getattr(store, method)

    async def commit_then_die(*args: Any, **kwargs: Any) -> Any:
        await real(*args, **kwargs)
        raise SystemExit(f"killed after {method}")

    setattr(store, method, commit_then_die)


def said(message: object) -> str:
    """A league message's text, in English."""
    return localise(getattr(message, "text", None) or getattr(message, "name", ""), "en")


async def test_a_crash_after_the_pairing_commit_loses_and_doubles_no_announcement(
    database: str,
) -> None:
    clock = FakeClock()
    first = await process(database, clock)
    try:
        lid = await signed_up(LeagueService(first), clock)
        clock.advance(timedelta(minutes=31))
        _killed_after(first.store, "open_round")
        with pytest.raises(SystemExit):
            await LeagueService(first).tick()  # the start, then the pairing's write, then death
    finally:
        await first.close()
    second = await process(database, clock)
    try:
        # The creation's Scheduled Event was written 31 minutes ago; the rest is still leased
        # to the dead writer.
        early = await second.postbox.claim(limit=50)
        assert [type(p.message) for p in early] == [ScheduledEvent]
        await second.postbox.delivered_all(early)
        clock.advance(LEASE)
        parcels = [*early, *await second.postbox.claim(limit=50)]
        messages = [p.message for p in parcels]
        assert [type(m) for m in messages] == [
            ScheduledEvent, LeagueAnnouncement, LeagueAnnouncement, TableOpened, TableOpened,
        ]  # fmt: skip
        assert all(p.resent for p in parcels)
        state = await LeagueService(second).state(lid)
        tables = state.current().tables  # type: ignore[union-attr]
        assert said(messages[0]) == "Night"
        assert said(messages[1]) == "Night starts with 4 players."
        assert said(messages[2]).startswith("Night: round 1 is paired.\n")
        opened = [m for m in messages if isinstance(m, TableOpened)]
        assert [m.game_id for m in opened] == [t.game_id for t in tables]
        assert all(m.channel_id == 7 for m in opened)
        await second.postbox.delivered_all(parcels)
        # The new process moves the league on: the lobbies start, no thread is asked twice.
        replies = await LeagueService(second).tick()
        assert [m for r in replies for m in r.league] == []
        for table in tables:
            assert (await second.store.get_game(table.game_id)).status is GameStatus.ACTIVE
        clock.advance(timedelta(hours=3))
        later = [p.message for p in await second.postbox.claim(limit=50)]
        assert not any(isinstance(m, TableOpened | ScheduledEvent) for m in later)
        assert not any("is paired" in said(m) for m in later if isinstance(m, LeagueAnnouncement))
    finally:
        await second.close()


async def test_a_crash_after_the_finish_commit_keeps_the_podium(database: str) -> None:
    clock = FakeClock()
    first = await process(database, clock)
    try:
        leagues = LeagueService(first)
        org = leagues.caller("olga")
        lid = (await leagues.create(org, 1, "Solo", "stones", rounds=1, channel=7)).league_id
        assert lid is not None
        for name in PLAYERS[:2]:
            await leagues.join(lid, name)
        await leagues.start_now(lid, org)
        state = await leagues.state(lid)
        gid = state.current().tables[0].game_id  # type: ignore[union-attr]
        seated = await load_table(first.host, gid)
        winner, loser = (localise(first.host.name(seated.user_at(s) or 0), "en") for s in (0, 1))
        await first.store.set_status(
            gid, GameStatus.FINISHED, expected=GameStatus.ACTIVE,
            outcome={"winners": [0], "scores": [1.0, 0.0], "reason": "test"},
        )  # fmt: skip
        first.host.cache.pop(gid, None)
        await first.postbox.delivered_all(await first.postbox.claim(limit=50))
        _killed_after(first.store, "append_league")
        with pytest.raises(SystemExit):
            await leagues.tick()  # the result is logged, and the process dies there
        _killed_after(first.store, "append_league")  # the finish, next
        with pytest.raises(SystemExit):
            await leagues.tick()
    finally:
        await first.close()
    second = await process(database, clock)
    try:
        assert (await LeagueService(second).state(lid)).phase == "finished"
        clock.advance(LEASE)
        messages = [p.message for p in await second.postbox.claim(limit=50)]
        podium = [m for m in messages if "is over" in said(m)]
        assert [said(m) for m in podium] == [f"Solo is over. Podium: 1. {winner}, 2. {loser}"]
        # The pictures come out as announced, names and all, though this process has never
        # heard those names (before, a restart dropped them: only boards were drawn again).
        (over,) = podium
        assert [i.name for i in over.images] == [
            f"league-{lid}-podium.png", f"league-{lid}-standings.png",
        ]  # fmt: skip
        assert localise(second.host.name(seated.user_at(0) or 0), "en") != winner
        final = Text("{league}: final", league="Solo")
        places = ((winner, 1.0), (loser, 0.0))
        assert over.images[0].png("cs") == draw_podium(final, places, say=sayer("cs"))
        assert await LeagueService(second).tick() == []
    finally:
        await second.close()


async def test_two_processes_ticking_at_once_announce_each_step_once(database: str) -> None:
    clock = FakeClock()
    a, b = await process(database, clock), await process(database, clock)
    try:
        await signed_up(LeagueService(a), clock)
        clock.advance(timedelta(minutes=31))
        await asyncio.gather(LeagueService(a).tick(), LeagueService(b).tick())
        clock.advance(LEASE)
        messages = [p.message for p in await a.postbox.claim(limit=100)]
        texts = [said(m) for m in messages]
        assert texts.count("Night starts with 4 players.") == 1
        assert sum(1 for t in texts if "round 1 is paired" in t) == 1
        assert sum(1 for m in messages if isinstance(m, TableOpened)) == 2
    finally:
        await a.close()
        await b.close()
