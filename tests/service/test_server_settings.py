"""Per-server settings an admin sets with /settings: where games open, thread and clock defaults."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.service import Service
from bot.service.commands.server import default_thread
from bot.service.leagues import ScheduledEvent
from bot.service.table import HostSettings
from storage.records import UserSettings
from tests.service.test_servers import ADMIN_B, DM, IN_A, A, refused, run

ADMIN_A = {**IN_A, "_admin": True}
ELSEWHERE_IN_A = {"_guild": A, "_channel": 99}


async def clock_of(service: Service, gid: int) -> int | None:
    record = await service.store.get_game(gid)
    return HostSettings.from_json(record.config["host"]).clock


async def test_an_admin_sets_channels_thread_and_clock(service: Service) -> None:
    said = await run(service, "root", "settings", server_channels="<#11> <#12>",
                     server_thread="private", server_clock="48h", **ADMIN_A)  # fmt: skip
    assert said.text.endswith(
        "Server games: channels <#11> <#12>; threads private; turn clock 2d; time zone UTC."
    )
    assert await default_thread(service, A) == "private"
    assert await default_thread(service, None) == "public"
    await refused(service, "alice", "neuroshima new", "wrong_channel", **ELSEWHERE_IN_A)
    await refused(service, "alice", "space-alert new", "wrong_channel", **ELSEWHERE_IN_A)
    await refused(service, "alice", "sniper new", "wrong_channel", **ELSEWHERE_IN_A)
    made = await run(service, "alice", "neuroshima new", **IN_A)
    assert made.game_id is not None and await clock_of(service, made.game_id) == 48 * 3600
    own = await run(service, "alice", "neuroshima new", clock="1h", **IN_A)
    assert own.game_id is not None and await clock_of(service, own.game_id) == 3600
    # Another server and DMs keep their own rules.
    elsewhere = await run(service, "zed", "neuroshima new", **ADMIN_B)
    assert elsewhere.game_id is not None and await clock_of(service, elsewhere.game_id) is None
    assert (await run(service, "zed", "neuroshima new", **DM)).game_id is not None


async def test_settings_can_be_cleared_and_only_admins_change_them(service: Service) -> None:
    await run(service, "root", "settings", server_channels="<#11>", server_clock="1d", **ADMIN_A)
    cleared = await run(service, "root", "settings", server_channels="any", server_clock="off",
                        **ADMIN_A)  # fmt: skip
    assert cleared.text.endswith(
        "Server games: channels any; threads public; turn clock none; time zone UTC."
    )
    made = await run(service, "alice", "neuroshima new", **ELSEWHERE_IN_A)
    assert made.game_id is not None and await clock_of(service, made.game_id) is None
    await refused(service, "alice", "settings", "not_admin", server_clock="1h", **IN_A)
    await refused(service, "alice", "settings", "no_server", server_clock="1h", **DM)
    await refused(service, "root", "settings", "bad_channels", server_channels="games",
                  **ADMIN_A)  # fmt: skip


async def test_a_server_time_zone_reads_the_clock_times_typed_there(service: Service) -> None:
    said = await run(service, "root", "settings", server_timezone="Europe/Prague", **ADMIN_A)
    assert said.text.endswith("turn clock none; time zone Europe/Prague.")
    await refused(service, "alice", "settings", "not_admin", server_timezone="UTC", **IN_A)
    await refused(service, "root", "settings", "bad_zone", server_timezone="Mars/Base", **ADMIN_A)
    # An organiser without a zone of their own types the server's clock.
    night = await run(service, "olga", "league create", name="Friday", game="neuroshima",
                      start="2030-01-11 19:00", **IN_A)  # fmt: skip
    assert "starts" in night.text
    event = next(m for m in night.league if isinstance(m, ScheduledEvent))
    assert event.start == datetime(2030, 1, 11, 18, 0, tzinfo=UTC)
    # Their own zone comes first; another server keeps UTC.
    await service.store.put_user_settings(UserSettings(service.user("ivan"), timezone="Asia/Tokyo"))
    own = await run(service, "ivan", "league create", name="Late", game="neuroshima",
                    start="2030-01-11 19:00", **IN_A)  # fmt: skip
    event = next(m for m in own.league if isinstance(m, ScheduledEvent))
    assert event.start == datetime(2030, 1, 11, 10, 0, tzinfo=UTC)
    other = await run(service, "zed", "league create", name="B", game="neuroshima",
                      start="2030-01-11 19:00", **ADMIN_B)  # fmt: skip
    event = next(m for m in other.league if isinstance(m, ScheduledEvent))
    assert event.start == datetime(2030, 1, 11, 19, 0, tzinfo=UTC)
    # The daily puzzle set up without zone: keeps the server's.
    daily = await run(service, "root", "puzzle daily", channel="<#11>", time="18:00", **ADMIN_A)
    assert daily.text == "The daily puzzle is posted in <#11> at 18:00 (Europe/Prague)."
    cleared = await run(service, "root", "settings", server_timezone="off", **ADMIN_A)
    assert cleared.text.endswith("time zone UTC.")
