"""The daily puzzle post: set by admins per server, fired by the clock exactly once a day."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service import FakeClock, Service
from bot.service.commands import catalogue, dispatch
from bot.service.commands.spec import CONTEXT_ADMIN, CONTEXT_CHANNEL, CONTEXT_GUILD
from bot.service.plugins.neuroshima.puzzles import choice
from bot.service.plugins.neuroshima.puzzles.messages import DailyPuzzle
from bot.service.postbox import LEASE
from games.base import GameError
from storage.sqlite import SqliteStore

PRAGUE, TOKYO = 1_000_001, 2_000_002
CHANNEL = 555_555_555


async def daily(service: Service, guild: int | None, *, admin: bool = True, **options: Any) -> str:
    command = catalogue().find("puzzle daily")
    assert command is not None
    context = {CONTEXT_GUILD: guild, CONTEXT_ADMIN: admin, CONTEXT_CHANNEL: CHANNEL}
    return str((await dispatch(service, "admin", command, {**context, **options})).text)


def posts(messages: list[Any]) -> list[DailyPuzzle]:
    return [m for m in messages if isinstance(m, DailyPuzzle)]


async def test_the_daily_post_fires_once_a_day_at_the_servers_time(
    service: Service, clock: FakeClock
) -> None:
    clock.set(datetime(2026, 11, 26, 7, 0, tzinfo=UTC))  # 08:00 in Prague
    said = await daily(service, PRAGUE, time="09:30", zone="Europe/Prague")
    assert said == f"The daily puzzle is posted in <#{CHANNEL}> at 09:30 (Europe/Prague)."
    assert posts(await service.tick()) == []
    clock.set(datetime(2026, 11, 26, 8, 29, tzinfo=UTC))  # 09:29 in Prague
    assert posts(await service.tick()) == []
    clock.set(datetime(2026, 11, 26, 8, 30, tzinfo=UTC))
    (post,) = posts(await service.tick())
    day = datetime(2026, 11, 26).date()
    assert (post.guild_id, post.channel_id, post.day) == (PRAGUE, CHANNEL, "2026-11-26")
    assert post.puzzle_id == choice.daily(day).id
    before = choice.daily(day - timedelta(days=1))
    assert f"Yesterday's puzzle {before.id}: {'; '.join(before.solutions[0])}" in post.text
    for minutes in (1, 60, 600):  # later ticks the same day post nothing
        clock.set(datetime(2026, 11, 26, 8, 30, tzinfo=UTC) + timedelta(minutes=minutes))
        assert posts(await service.tick()) == []
    clock.set(datetime(2026, 11, 27, 8, 30, tzinfo=UTC))
    (next_day,) = posts(await service.tick())
    assert (
        next_day.day == "2026-11-27" and next_day.puzzle_id == choice.daily(day.replace(day=27)).id
    )


async def test_each_server_posts_on_its_own_day(service: Service, clock: FakeClock) -> None:
    await daily(service, PRAGUE, time="09:00", zone="Europe/Prague")
    await daily(service, TOKYO, time="09:00", zone="Asia/Tokyo")
    clock.set(datetime(2026, 11, 26, 0, 5, tzinfo=UTC))  # 09:05 in Tokyo, 01:05 in Prague
    assert [p.guild_id for p in posts(await service.tick())] == [TOKYO]
    clock.set(datetime(2026, 11, 26, 8, 5, tzinfo=UTC))
    assert [p.guild_id for p in posts(await service.tick())] == [PRAGUE]


async def test_the_post_is_in_the_outbox_and_survives_a_crash_before_sending(
    tmp_path: Path, clock: FakeClock
) -> None:
    store = await SqliteStore.open(tmp_path / "m.db", clock=clock.now)
    first = Service(store, clock)
    await daily(first, PRAGUE, time="00:00", zone="UTC")
    (post,) = posts(await first.tick())
    await store.close()  # the process dies before delivering
    store = await SqliteStore.open(tmp_path / "m.db", clock=clock.now)
    second = Service(store, clock)
    try:
        assert posts(await second.tick()) == []  # posted once, not again after the restart
        clock.advance(LEASE + timedelta(seconds=1))
        parcels = await second.postbox.claim()
        assert [p.message for p in parcels] == [post]  # the outbox still has it to send
    finally:
        await second.close()


async def test_two_clock_leaders_racing_post_once(tmp_path: Path, clock: FakeClock) -> None:
    stores = [await SqliteStore.open(tmp_path / "m.db", clock=clock.now) for _ in range(2)]
    services = [Service(s, clock) for s in stores]
    try:
        await daily(services[0], PRAGUE, time="00:00", zone="UTC")
        ticked = await asyncio.gather(*(s.tick() for s in services))
        assert sum(len(posts(t)) for t in ticked) == 1
    finally:
        for s in services:
            await s.close()


async def test_only_admins_of_the_server_set_it_and_others_see_their_own(
    service: Service,
) -> None:
    await daily(service, PRAGUE, time="09:00", zone="Europe/Prague")
    with pytest.raises(GameError) as not_admin:
        await daily(service, PRAGUE, admin=False, time="10:00")
    assert not_admin.value.code == "not_admin"
    with pytest.raises(GameError) as stop:
        await daily(service, PRAGUE, admin=False, off=True)
    assert stop.value.code == "not_admin"
    # Another server sees its own settings (none), never Prague's channel or time.
    assert await daily(service, TOKYO, admin=False) == "This server has no daily puzzle post."
    assert await daily(service, TOKYO, off=True) == "The daily puzzle post is off."
    assert "09:00 (Europe/Prague)" in await daily(service, PRAGUE, admin=False)
    with pytest.raises(GameError) as dms:
        await daily(service, None, time="09:00")
    assert dms.value.code == "no_server"


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"time": "25:00"}, "bad_time"),
        ({"time": "9"}, "bad_time"),
        ({"time": "09:00", "zone": "Mars/Olympus"}, "bad_zone"),
        ({"time": "09:00", "channel": "general"}, "bad_channels"),
    ],
)
async def test_bad_settings_are_refused(
    service: Service, options: dict[str, str], code: str
) -> None:
    with pytest.raises(GameError) as refused:
        await daily(service, PRAGUE, **options)
    assert refused.value.code == code
    assert await service.store.puzzle_daily(PRAGUE) is None


async def test_a_channel_named_and_the_post_turned_off(service: Service, clock: FakeClock) -> None:
    said = await daily(service, PRAGUE, time="9.15", channel="<#777777777>")
    assert said == "The daily puzzle is posted in <#777777777> at 09:15 (UTC)."
    moved = await daily(service, PRAGUE, time="10:00")  # typed elsewhere: the channel stays
    assert moved == "The daily puzzle is posted in <#777777777> at 10:00 (UTC)."
    assert await daily(service, PRAGUE, off=True) == "The daily puzzle post is off."
    clock.set(datetime(2026, 11, 26, 23, 0, tzinfo=UTC))
    assert posts(await service.tick()) == []


async def test_one_servers_broken_post_does_not_stop_the_others(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    await daily(service, PRAGUE, time="00:00", zone="UTC")
    await daily(service, TOKYO, time="00:00", zone="UTC")
    real = choice.daily
    calls = 0

    def broken_in_prague(day: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 1:  # the first server's post (Prague, by guild id)
            raise RuntimeError("a bug")
        return real(day)

    monkeypatch.setattr(choice, "daily", broken_in_prague)
    assert [p.guild_id for p in posts(await service.tick())] == [TOKYO]
    assert [p.guild_id for p in posts(await service.tick())] == [PRAGUE]  # the next tick
