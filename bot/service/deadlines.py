"""Turn clocks as stored deadlines: reminders at 50% and 80%, the timeout, the daily digest.

Deadlines live in the store, so a restart loses none; `tick` (ticks.py) fires the due ones.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.service.table import Host, Table
from games.base import Seat
from storage.records import GameStatus, UserSettings

REMIND_HALF = "remind50"
REMIND_LATE = "remind80"
TIMEOUT = "timeout"
GRACE = "grace"
DIGEST = "digest"
RESUME = "resume"
REMINDERS = {REMIND_HALF: 0.5, REMIND_LATE: 0.8}
DIGEST_HOUR = time(9, 0)
DIGEST_MIN_WAIT = timedelta(hours=6)


def zone(settings: UserSettings) -> ZoneInfo:
    """A user's time zone (UTC when unset or unknown)."""
    return zone_named(settings.timezone)


def zone_named(name: str | None) -> ZoneInfo:
    """The time zone called `name` (UTC for none, or for a name tzdata no longer knows)."""
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def local(when: datetime, settings: UserSettings) -> datetime:
    """`when` in a user's time zone: what a text to that user alone says (the zone named)."""
    return when.astimezone(zone(settings))


def quiet_until(settings: UserSettings, now: datetime) -> datetime | None:
    """The end of the user's quiet hours when `now` falls inside them, else None."""
    start, end = settings.quiet_start, settings.quiet_end
    if start is None or end is None or start == end:
        return None
    local = now.astimezone(zone(settings))
    minute = local.hour * 60 + local.minute
    inside = start <= minute < end if start < end else minute >= start or minute < end
    if not inside:
        return None
    ahead = (end - minute) % (24 * 60)
    return (
        (local + timedelta(minutes=ahead)).replace(second=0, microsecond=0).astimezone(now.tzinfo)
    )


def next_digest(settings: UserSettings, after: datetime) -> datetime:
    """The first 09:00 in the user's zone at least DIGEST_MIN_WAIT after `after`."""
    tz = zone(settings)
    earliest = (after + DIGEST_MIN_WAIT).astimezone(tz)
    candidate = datetime.combine(earliest.date(), DIGEST_HOUR, tzinfo=tz)
    if candidate < earliest:
        candidate += timedelta(days=1)
    return candidate.astimezone(after.tzinfo)


async def start_clock(host: Host, table: Table, seat: Seat, now: datetime) -> None:
    """Schedule a seat's reminders, timeout and digest from `now`."""
    clock = table.settings.clock
    if clock:
        for kind, share in REMINDERS.items():
            await host.store.add_deadline(
                table.id, seat, kind, now + timedelta(seconds=clock * share)
            )
        await host.store.add_deadline(table.id, seat, TIMEOUT, now + timedelta(seconds=clock))
    user = table.user_at(seat)
    if user is not None:
        settings = await host.store.get_user_settings(user)
        await host.store.add_deadline(table.id, seat, DIGEST, next_digest(settings, now))


async def reschedule(host: Host, before: Table | None, after: Table, actor: Seat | None) -> None:
    """Keep deadlines in step with who is to act: new turns start a clock, ended turns stop one."""
    if after.record.status is not GameStatus.ACTIVE:
        await host.store.cancel_deadlines(after.id)
        return
    if after.timeline.paused is not None:
        for seat in range(after.settings.seats):
            await host.store.cancel_deadlines(after.id, seat=seat)
        return
    was_running = (
        before is not None
        and before.record.status is GameStatus.ACTIVE
        and before.timeline.paused is None
    )
    old = set(before.humans_to_act()) if was_running and before is not None else set()
    new = set(after.humans_to_act())
    now = host.clock.now()
    for seat in sorted(old - new):
        await host.store.cancel_deadlines(after.id, seat=seat)
    for seat in sorted(new - old):
        # A turn starts with a clean clock: nothing a crash left of an earlier turn may fire.
        await host.store.cancel_deadlines(after.id, seat=seat)
        await start_clock(host, after, seat, now)
    # A player who moves during the grace period is back: their clock starts afresh.
    back = actor is not None and actor in old & new and after.settings.clock
    if (
        back
        and actor is not None
        and await host.store.cancel_deadlines(after.id, seat=actor, kind=GRACE)
    ):
        await host.store.cancel_deadlines(after.id, seat=actor)
        await start_clock(host, after, actor, now)
