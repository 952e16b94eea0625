"""A turn reminder names the clock's end in the reader's own time zone (across a DST change,
unset or unknown zones in UTC); a timeout notice in a game thread is a moment each reader's
front-end writes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.discord.i18n import localise as discord_localise
from bot.service import FakeClock, Notice, Reminder, Service
from bot.service.i18n import localise
from bot.service.parcels import decode, encode
from storage.records import UserSettings
from tests.service.helpers import duel

HOUR = 3600


def _plain(said: str) -> str:
    """Babel's narrow spaces as plain ones, to compare with a readable literal."""
    return said.replace("\u202f", " ").replace("\xa0", " ")


@pytest.fixture
def clock() -> FakeClock:
    # 22:00 CEST on Saturday 24 October 2026: Prague's clocks go back at 03:00 that night.
    return FakeClock(datetime(2026, 10, 24, 20, 0, tzinfo=UTC))


async def _reminders(service: Service, clock: FakeClock, zone: str | None) -> list[Reminder]:
    """Alice's two reminders of a 10-hour clock started at 20:00 UTC, her zone set to `zone`."""
    alice = service.user("alice")
    await service.store.put_user_settings(UserSettings(alice, timezone=zone))
    await duel(service, clock=10 * HOUR, seed="z1")
    found: list[Reminder] = []
    for hours in (5, 3):  # at 50 % (01:00 UTC, the change) and 80 % (04:00 UTC)
        clock.advance(timedelta(hours=hours))
        found += [m for m in await service.tick() if isinstance(m, Reminder)]
    assert [m.user_id for m in found] == [alice, alice]
    return found


async def test_a_reminder_names_the_clocks_end_in_the_players_zone_across_the_dst_change(
    service: Service, clock: FakeClock
) -> None:
    half, late = await _reminders(service, clock, "Europe/Prague")
    # The clock ends at 06:00 UTC: 07:00 CET after the change (08:00 were the summer's hour).
    assert _plain(localise(half.text, "en")) == (
        "Game 1 (Stones) waits for your move: about 5 hours left on your clock "
        "(until Sun, Oct 25, 7:00 AM CET)."
    )
    assert localise(half.text, "cs") == (
        "Hra 1 (Stones) čeká na váš tah: na hodinách vám zbývá asi 5 hodin"
        " (do ne 25. 10. 7:00 CET)."
    )
    assert localise(late.text, "ru") == (
        "Игра 1 (Stones) ждёт вашего хода: на часах осталось примерно 2 часа (до вс, 25 окт., "
        "07:00 CET)."
    )
    # A reminder waits in the outbox as a row: it is said in the same zone when it is sent,
    # and Discord writes it the same (the service knows this reader's zone).
    sent = decode(encode(half))
    assert isinstance(sent, Reminder)
    polish = (
        "Gra 1 (Stones) czeka na Twój ruch: na zegarze zostało około 5 godzin"
        " (do niedz., 25 paź, 07:00 CET)."
    )
    assert localise(sent.text, "pl") == discord_localise(half.text, "pl") == polish


@pytest.mark.parametrize(("hours", "ends"), [(4, "2:00 CEST"), (5, "2:00 CET")])
async def test_the_hour_that_happens_twice_is_told_apart_by_its_zone(
    service: Service, clock: FakeClock, hours: int, ends: str
) -> None:
    alice = service.user("alice")
    await service.store.put_user_settings(UserSettings(alice, timezone="Europe/Prague"))
    await duel(service, clock=hours * HOUR, seed="z2")  # from 22:00 CEST
    clock.advance(timedelta(hours=hours / 2))
    (reminder,) = [m for m in await service.tick() if isinstance(m, Reminder)]
    assert localise(reminder.text, "cs").endswith(f"(do ne 25. 10. {ends}).")


@pytest.mark.parametrize("zone", [None, "Mars/Olympus"])
async def test_an_unset_or_unknown_zone_is_utc_named(
    service: Service, clock: FakeClock, zone: str | None
) -> None:
    half, _ = await _reminders(service, clock, zone)
    assert _plain(localise(half.text, "en")).endswith("(until Sun, Oct 25, 6:00 AM UTC).")
    assert localise(half.text, "cs").endswith("(do ne 25. 10. 6:00 UTC).")


async def test_a_timeout_notice_in_the_thread_is_a_moment_for_every_reader(
    service: Service, clock: FakeClock
) -> None:
    await duel(service, clock=10 * HOUR, seed="z3")
    clock.advance(timedelta(hours=10))
    (notice,) = [m for m in await service.tick() if isinstance(m, Notice)]
    forfeit = int(datetime(2026, 10, 25, 18, 0, tzinfo=UTC).timestamp())  # 12 hours' grace
    assert discord_localise(notice.text, "en") == (
        "alice is out of time in game 1: they forfeit unless they move by "
        f"<t:{forfeit}:f> (<t:{forfeit}:R>)."
    )
    assert localise(notice.text, "cs") == (
        "alice vypršel čas ve hře 1: prohraje, pokud netáhne do 25. 10. 2026 18:00 UTC"
        " (za 12 hodin)."
    )


async def test_a_pause_says_when_it_ends_to_every_reader(
    service: Service, clock: FakeClock
) -> None:
    gid = await duel(service, clock=10 * HOUR, seed="z4")
    await service.pause(gid, "alice", hours=48)
    clock.advance(timedelta(hours=1))  # bob agrees an hour later: the pause ends as asked
    reply = await service.answer(gid, "bob", "pause", True)
    back = int(datetime(2026, 10, 26, 20, 0, tzinfo=UTC).timestamp())
    assert discord_localise(reply.text, "en") == (
        f"Game 1 is paused until <t:{back}:f> (<t:{back}:R>): clocks stopped."
    )
    assert localise(reply.text, "cs") == (
        "Hra 1 je pozastavena do 26. 10. 2026 20:00 UTC (za 2 dny): hodiny stojí."
    )


async def test_settings_show_the_local_time_reminders_are_written_in(service: Service) -> None:
    from tests.service.test_servers import run

    said = (await run(service, "alice", "settings", timezone="Europe/Prague")).text
    assert localise(said, "cs").splitlines() == [
        "Nastavení uloženo. Časové pásmo: Europe/Prague; tiché hodiny: vypnuto; jazyk: en.",
        "Místní čas: so 24. 10. 22:00 CEST.",
    ]
    # A zone tzdata no longer knows (stored before an upgrade) is UTC, and says so.
    alice = service.user("alice")
    await service.store.put_user_settings(UserSettings(alice, timezone="Europe/Kyivv"))
    said = (await run(service, "alice", "settings")).text
    assert _plain(localise(said, "en")).splitlines()[1] == "Local time: Sat, Oct 24, 8:00 PM UTC."
