"""The daily puzzle post: an admin picks a channel and a time in the server's zone; the clock
posts the day's puzzle there once a day, with the solution of the day before.

Once: the post claims its day on the server's row and writes its outbox row in the same
transaction (storage `post_puzzle_daily`), so two clock ticks, two processes or a crash and a
restart post a day at most once, and a post written is delivered by the outbox however the
process ends. A day whose time passed while the bot was down is posted at the next tick.
"""

from __future__ import annotations

import logging
import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.service.commands.server import read_zone, server_zone
from bot.service.errors import PermissionDeniedError, RequestError
from bot.service.plugins.neuroshima.puzzles import choice, skill, words
from bot.service.plugins.neuroshima.puzzles.messages import DailyPuzzle
from games.text import Text
from storage.base import StorageFullError
from storage.puzzles import DailySettings

if TYPE_CHECKING:
    from bot.service.service import Service
    from bot.service.table import Host

log = logging.getLogger(__name__)
_TIME = re.compile(r"^([01]?\d|2[0-3])[:.h]([0-5]\d)$")
_CHANNEL = re.compile(r"^(?:<#(\d+)>|(\d{5,}))$")


def read_time(text: str) -> int:
    """The minute of the day in '09:30' (also '9:30', '9.30', '9h30')."""
    match = _TIME.match(text.strip().lower())
    if match is None:
        raise RequestError("{text!r} is not a time of day; try 09:00.", "bad_time", text=text)
    return int(match.group(1)) * 60 + int(match.group(2))


def read_channel(text: str) -> int:
    """A channel named as #channel (or its id)."""
    match = _CHANNEL.match(text.strip())
    if match is None:
        raise RequestError("Name the channel as #channel.", code="bad_channels")
    return int(match.group(1) or match.group(2))


def _said(settings: DailySettings) -> Text:
    return Text(
        "The daily puzzle is posted in {channel} at {time} ({zone}).",
        channel=Text.verbatim(f"<#{settings.channel_id}>"),
        time=Text.verbatim(f"{settings.minute // 60:02d}:{settings.minute % 60:02d}"),
        zone=Text.verbatim(settings.zone),
    )


async def configure(
    service: Service,
    guild: int | None,
    admin: bool,
    *,
    channel: int | None,
    here: int | None = None,
    time: str | None,
    zone: str | None,
    off: bool = False,
) -> Text:
    """Set, show or stop a server's daily post (admins set and stop it): in `channel`, else
    where it is posted already, else `here` (where the command was given)."""
    if guild is None:
        raise RequestError("Server settings are set in a server.", code="no_server")
    current = await service.store.puzzle_daily(guild)
    if not off and time is None and zone is None:
        if current is None:
            return Text("This server has no daily puzzle post.")
        return _said(current)
    if not admin:
        raise PermissionDeniedError("Only a server admin can change server settings.", "not_admin")
    if off:
        await service.store.drop_puzzle_daily(guild)
        return Text("The daily puzzle post is off.")
    where = channel or (current.channel_id if current else here)
    kept = current.zone if current else await _zone_here(service, guild)
    zone_name = read_zone(zone) if zone else kept
    if where is None:
        raise RequestError("Name the channel as #channel.", code="bad_channels")
    settings = DailySettings(
        guild,
        where,
        read_time(time) if time else (current.minute if current else 9 * 60),
        zone_name,
    )
    return _said(await service.store.put_puzzle_daily(settings))


async def _zone_here(service: Service, guild: int) -> str:
    """The zone a daily post set up without `zone:` keeps: the server's, else UTC."""
    return await server_zone(service, guild) or "UTC"


def post_text(day: str) -> Text:
    """The daily post: the day's puzzle, how to play it, the day before's solution."""
    date_ = datetime.fromisoformat(day).date()
    puzzle, before = choice.daily(date_), choice.daily(date_ - timedelta(days=1))
    return Text.lines(
        [
            Text("Daily puzzle of {day}.", day=Text.verbatim(day)),
            words.title(puzzle, skill.seeded(puzzle.difficulty)),
            Text("Goal: {goal}", goal=words.goal(puzzle)),
            Text("Play it with /puzzle play (your answers are private)."),
            Text(
                "Yesterday's puzzle {puzzle}: {solution}",
                puzzle=Text.verbatim(before.id),
                solution=words.solution_text(before),
            ),
        ]
    )


async def tick(host: Host, now: datetime) -> list[DailyPuzzle]:
    """Post every server's daily puzzle whose time has come today (once per day and server)."""
    posted: list[DailyPuzzle] = []
    for settings in await host.store.puzzle_dailies():
        try:
            found = await _post(host, settings, now)
        except StorageFullError:
            raise  # the operator must free space; every server waits for it alike
        except Exception:  # one server's post must not stop the others' (nor the clocks)
            log.exception("daily puzzle of guild %d failed", settings.guild_id)
            continue
        if found is not None:
            posted.append(found)
    return posted


async def _post(host: Host, settings: DailySettings, now: datetime) -> DailyPuzzle | None:
    """A server's post for today when its time has come and nobody posted it yet."""
    local = now.astimezone(choice.zone(settings.zone))
    day = local.date().isoformat()
    if local.hour * 60 + local.minute < settings.minute:
        return None
    if settings.posted_day is not None and settings.posted_day >= day:
        return None
    puzzle = choice.daily(local.date())
    message = DailyPuzzle(settings.guild_id, settings.channel_id, day, puzzle.id, post_text(day))
    postbox = host.postbox
    rows = postbox.rows([message], f"puzzle{settings.guild_id}d{day}.") if postbox else []
    if await host.store.post_puzzle_daily(settings.guild_id, day, rows):
        return message
    if postbox is not None:
        postbox.forget([message])
    return None
