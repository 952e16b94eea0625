"""League moments many people read (a start, a round's end, a resume) as each front-end writes
them: Discord timestamp markup each reader's client shows in their zone, the console Babel's
UTC with the zone named; a check-in refusal said to one player in that player's time zone."""

from __future__ import annotations

from datetime import timedelta

from bot.discord.i18n import localise as discord_localise
from bot.service import FakeClock, Service
from bot.service.i18n import localise
from bot.service.leagues import LeagueService
from bot.service.leagues.messages import LeagueAnnouncement, TableOpened
from bot.service.parcels import decode, encode
from games.base import GameError
from storage.records import UserSettings

ROUND_ENDS = 1736339460
"""2025-01-08 12:31 UTC: two days after round 1 is paired (the start, 12:30, and a minute)."""
STARTS = 1736166600
"""2025-01-06 12:30 UTC."""


def _plain(said: str) -> str:
    """Babel's narrow spaces as plain ones, to compare with a readable literal."""
    return said.replace("\u202f", " ").replace("\xa0", " ")


async def _night(leagues: LeagueService, clock: FakeClock, checkin: int = 0) -> tuple[int, str]:
    """A Swiss night of four whose rounds last two days; its creation reply."""
    start = clock.now() + timedelta(minutes=30)
    created = await leagues.create(leagues.caller("olga"), 1, "Night", "stones", start=start,
                                   rounds=2, round_time=2 * 86400, checkin=checkin, seed="m",
                                   channel=7)  # fmt: skip
    assert created.league_id is not None
    for name in ("alice", "bob", "carol", "dave"):
        await leagues.join(created.league_id, name)
    return created.league_id, created.text


async def test_a_league_start_is_markup_on_discord_and_utc_on_the_console(
    leagues: LeagueService, clock: FakeClock
) -> None:
    _, created = await _night(leagues, clock)
    assert _plain(localise(created, "en")) == (
        "League Night (#1) created: swiss, night, starts Jan 6, 2025, 12:30 PM UTC "
        "(in 30 minutes). Join with /league join."
    )
    assert discord_localise(created, "en") == (
        f"League Night (#1) created: swiss, night, starts <t:{STARTS}:f> (<t:{STARTS}:R>). "
        "Join with /league join."
    )


async def test_the_round_deadline_in_the_pairing_post_for_the_console_and_for_discord(
    service: Service, leagues: LeagueService, clock: FakeClock
) -> None:
    lid, _ = await _night(leagues, clock)
    clock.advance(timedelta(minutes=31))
    replies = await leagues.tick()
    posts = [m for r in replies for m in r.league if isinstance(m, LeagueAnnouncement)]
    paired = next(p for p in posts if "is paired" in p.text)
    # The post waits in the outbox: its moment survives as a moment, written when it is sent.
    sent = decode(encode(paired))
    assert isinstance(sent, LeagueAnnouncement)
    for text in (paired.text, sent.text):
        assert _plain(localise(text, "en")).splitlines()[-1] == (
            "The round ends Jan 8, 2025, 12:31 PM UTC (in 2 days)."
        )
        assert localise(text, "cs").splitlines()[-1] == (
            "Kolo končí 8. 1. 2025 12:31 UTC (za 2 dny)."
        )
        assert discord_localise(text, "en").splitlines()[-1] == (
            f"The round ends <t:{ROUND_ENDS}:f> (<t:{ROUND_ENDS}:R>)."
        )
        assert discord_localise(text, "ru").splitlines()[-1] == (
            f"Раунд завершится <t:{ROUND_ENDS}:f> (<t:{ROUND_ENDS}:R>)."
        )
    # Each table's thread says it to its players.
    table = next(m for r in replies for m in r.league if isinstance(m, TableOpened))
    assert discord_localise(table.text, "en") == (
        f"Round 1, table 1: game {table.game_id}, to be played by <t:{ROUND_ENDS}:f> "
        f"(<t:{ROUND_ENDS}:R>). Good luck!"
    )
    # /league standings says it too, counted from when it is asked.
    clock.advance(timedelta(days=1))
    standings = (await leagues.standings(lid)).text
    assert _plain(localise(standings, "pl")).splitlines()[-1] == (
        "Runda kończy się 8 sty 2025, 12:31 UTC (za 24 godziny)."
    )
    # A pause of an hour moves the deadline; the resume says the new one.
    org = leagues.caller("olga")
    await leagues.pause(lid, org, "lunch")
    clock.advance(timedelta(hours=1))
    resumed = (await leagues.resume(lid, org)).text
    later = ROUND_ENDS + 3600
    assert discord_localise(resumed, "en").splitlines()[0] == (
        f"Night resumes; round 1 now ends <t:{later}:f> (<t:{later}:R>)."
    )
    assert _plain(localise(resumed, "en")).splitlines()[0] == (
        "Night resumes; round 1 now ends Jan 8, 2025, 1:31 PM UTC (in 24 hours)."
    )


async def test_the_log_dates_are_moments_without_a_relative_time(
    leagues: LeagueService, clock: FakeClock
) -> None:
    lid, _ = await _night(leagues, clock)
    log = (await leagues.log(lid)).text
    created = int(clock.now().timestamp())
    assert discord_localise(log, "en").splitlines()[1] == (
        f"<t:{created}:f> #0 league created by olga"
    )
    assert _plain(localise(log, "en")).splitlines()[1] == (
        "Jan 6, 2025, 12:00 PM UTC #0 league created by olga"
    )


async def test_a_check_in_refusal_is_said_in_the_players_own_zone(
    service: Service, leagues: LeagueService, clock: FakeClock
) -> None:
    lid, _ = await _night(leagues, clock, checkin=15 * 60)  # check-in opens at 12:15 UTC
    alice, bob = service.user("alice"), service.user("bob")
    await service.store.put_user_settings(UserSettings(alice, timezone="Europe/Prague"))
    await service.store.put_user_settings(UserSettings(bob, timezone="Mars/Olympus"))
    said = {}
    for name in ("alice", "bob", "carol"):
        try:
            await leagues.check_in(lid, name)
        except GameError as err:
            assert err.code == "checkin_closed"
            said[name] = err.user_message
    assert _plain(localise(said["alice"], "en")) == (
        "Check-in is not open. It opens Jan 6, 2025, 1:15 PM CET (in 15 minutes)."
    )
    assert localise(said["alice"], "cs") == (
        "Potvrzení účasti není otevřené. Otevře se 6. 1. 2025 13:15 CET (za 15 minut)."
    )
    # An unknown zone (one tzdata no longer has) and no zone at all are UTC, named.
    for name in ("bob", "carol"):
        assert _plain(localise(said[name], "en")) == (
            "Check-in is not open. It opens Jan 6, 2025, 12:15 PM UTC (in 15 minutes)."
        )
    # The window opens: the channel's post names the start for every reader.
    clock.advance(timedelta(minutes=15))
    (opened,) = [m for r in await leagues.tick() for m in r.league]
    assert isinstance(opened, LeagueAnnouncement)
    assert discord_localise(opened.text, "en") == (
        f"Check-in for Night is open: /league check-in before the start, <t:{STARTS}:f> "
        f"(<t:{STARTS}:R>)."
    )
    assert localise(opened.text, "cs") == (
        "Potvrzení účasti v Night je otevřené: /league check-in před začátkem, 6. 1. 2025 12:30 "
        "UTC (za 15 minut)."
    )
