"""The /league command entries through the shared catalogue (what both front-ends dispatch)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from bot.service import FakeClock, Service
from bot.service.commands import catalogue, dispatch, help_text
from bot.service.commands.leagues import CONTEXT_ROLES, parse_start
from bot.service.leagues import LeagueReply, LeagueService, ScheduledEvent
from games.base import GameError
from storage.records import UserSettings


async def run(service: Service, user: str, line: str, **context: Any) -> LeagueReply:
    """Dispatch '/league name key:value ...' as a front-end would (values typed by the option)."""
    words = line.split()
    command = catalogue().find(" ".join(words[:2]))
    assert command is not None, line
    options: dict[str, Any] = dict(context)
    for word in words[2:]:
        key, _, raw = word.partition(":")
        option = command.option(key)
        assert option is not None, key
        options[key] = option.read(raw.replace("_", " "))
    reply = await dispatch(service, user, command, options)
    assert isinstance(reply, LeagueReply)
    return reply


async def test_a_start_time_is_read_in_the_organisers_time_zone(service: Service) -> None:
    ctx = {"_guild": 42, "_channel": 420, "_seed": "tz"}
    olga = service.user("olga")
    await service.store.put_user_settings(UserSettings(olga, timezone="Europe/Prague"))
    made = await run(service, "olga", "league create name:Friday game:stones"
                     " start:2030-01-11_19:00", **ctx)  # fmt: skip
    assert isinstance(made.league[0], ScheduledEvent)
    assert made.league[0].start == datetime(2030, 1, 11, 18, 0, tzinfo=UTC)
    # Somebody without a time zone of their own types UTC.
    made = await run(service, "bob", "league create name:Later game:stones"
                     " start:2030-01-11_19:00", **ctx)  # fmt: skip
    assert isinstance(made.league[0], ScheduledEvent)
    assert made.league[0].start == datetime(2030, 1, 11, 19, 0, tzinfo=UTC)


async def test_a_night_from_commands(service: Service, clock: FakeClock) -> None:
    ctx = {"_guild": 42, "_channel": 420, "_seed": "cmd"}
    made = await run(service, "olga", "league create name:Tuesday game:stones rounds:2"
                     " start:in_1h clock:15m", **ctx)  # fmt: skip
    assert isinstance(made.league[0], ScheduledEvent)
    assert made.league[0].start == clock.now() + timedelta(hours=1)
    for name in ("alice", "bob", "carol"):
        await run(service, name, "league join", **ctx)
    await run(service, "olga", "league add-ai level:easy", **ctx)
    started = await run(service, "olga", "league start", **ctx)
    assert "round 1 is paired" in started.text and started.league
    why = await run(service, "alice", "league pairing-why", **ctx)
    assert why.text.startswith("Swiss round 1")
    pairings = await run(service, "bob", "league pairings", **ctx)
    game = int(pairings.text.split("(game ")[1].split(")")[0])
    try:
        await run(service, "bob", f"league result game:{game} draw:true reason:x", **ctx)
        raise AssertionError("a player cannot set results")
    except GameError as err:
        assert err.code == "not_org"
    set_ = await run(service, "olga", f"league result game:{game} draw:true reason:agreed", **ctx)
    assert "a draw" in set_.text
    standings = await run(service, "carol", "league standings", **ctx)
    assert standings.images and "pts" in standings.text
    log = await run(service, "carol", "league log last:5", **ctx)
    assert "agreed" in log.text
    admin = await run(
        service, "root", "league setup roles:<@&77> ratings:carry", _admin=True, **ctx
    )
    assert "<@&77>" in admin.text
    await run(service, "mod", "league pause reason:lunch", **{**ctx, CONTEXT_ROLES: (77,)})
    leagues = LeagueService(service)
    state = await leagues.state(await leagues.find(42, "Tuesday"))
    assert state.phase == "paused"
    assert "/league create" in help_text("league")


def test_start_times() -> None:
    now = datetime(2025, 1, 6, 12, 0, tzinfo=UTC)
    prague = ZoneInfo("Europe/Prague")
    assert parse_start("in 90m", now, prague) == now + timedelta(minutes=90)
    assert parse_start("+2h", now) == now + timedelta(hours=2)
    assert parse_start("2025-01-10 19:00", now) == datetime(2025, 1, 10, 19, 0, tzinfo=UTC)
    assert parse_start("2025-01-10 19:00", now, prague) == datetime(2025, 1, 10, 18, tzinfo=UTC)
    assert parse_start("2025-07-10 19:00", now, prague) == datetime(2025, 7, 10, 17, tzinfo=UTC)
    assert parse_start("2025-01-10T19:00+01:00", now).utcoffset() == timedelta(hours=1)
    assert parse_start("2025-01-10T19:00+00:00", now, prague).utcoffset() == timedelta(0)
    try:
        parse_start("soon", now)
        raise AssertionError("not a time")
    except GameError as err:
        assert err.code == "bad_time"
