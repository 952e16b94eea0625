"""Per-server settings an admin sets with /settings: where games may be opened, the default
thread visibility, the default turn clock and the server's time zone (the language lives beside
them in shared.py).

A game opened without `clock:` gets the server's default clock, so it cannot stall forever
unless the admin says so (`server_clock:off`). A clock time typed without a zone (a league's
start, the daily puzzle's hour) is read in the typer's own zone, else the server's, else UTC.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.service.commands.place import caller_place
from bot.service.commands.spec import CONTEXT_ADMIN, CONTEXT_CHANNEL, Options, parse_duration
from bot.service.deadlines import zone_named
from bot.service.errors import PermissionDeniedError, RequestError
from games.text import Text

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

CHANNELS = "game_channels"
"""Guild setting: the channel ids games may be opened in (none: any channel)."""
THREAD = "thread"
"""Guild setting: the default visibility of a game's thread, 'public' or 'private'."""
CLOCK = "clock"
"""Guild setting: the default turn clock in seconds (absent: none)."""
ZONE = "timezone"
"""Guild setting: the server's time zone, an IANA name (absent: UTC)."""
_CHANNEL = re.compile(r"<#(\d+)>|(\d{5,})")
OFF = ("off", "none", "any")
VISIBILITY = {"public": Text("public"), "private": Text("private")}


async def server_settings(service: Service, guild: int | None) -> dict[str, Any]:
    """A server's game settings (empty in DMs)."""
    if guild is None:
        return {}
    return dict((await service.store.get_guild_settings(guild)).settings)


async def check_channel(service: Service, o: Options) -> dict[str, Any]:
    """The server's settings, once sure a game may be opened where the command was given."""
    settings = await server_settings(service, caller_place(o))
    allowed = [int(c) for c in settings.get(CHANNELS) or ()]
    if allowed and o.get(CONTEXT_CHANNEL) is not None and int(o[CONTEXT_CHANNEL]) not in allowed:
        raise RequestError(
            "Games are opened in {channels} on this server.",
            code="wrong_channel",
            channels=" ".join(f"<#{c}>" for c in allowed),
        )
    return settings


async def lobby_clock(service: Service, o: Options, clock: int | None) -> int | None:
    """The turn clock of a lobby opened here: the one asked for, else the server's default.

    Raises RequestError when the server keeps games to other channels.
    """
    settings = await check_channel(service, o)
    if clock is not None:
        return clock
    default = settings.get(CLOCK)
    return None if default is None else int(default)


def read_zone(text: str) -> str:
    """A time zone name the system knows (Europe/Prague, UTC)."""
    name = text.strip()
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise RequestError(
            "Unknown time zone {zone!r}; try Europe/Prague.", "bad_zone", zone=name
        ) from None
    return name


async def server_zone(service: Service, guild: int | None) -> str | None:
    """The time zone a server's admin set (None: none set, or outside a server)."""
    zone = (await server_settings(service, guild)).get(ZONE)
    return None if zone is None else str(zone)


async def typed_zone(service: Service, user: UserId, guild: int | None) -> ZoneInfo:
    """The zone a clock time typed by `user` here is read in: theirs, else the server's, else
    UTC (an organiser in Prague types 19:00 and means Prague's 19:00)."""
    own = (await service.store.get_user_settings(service.user(user))).timezone
    return zone_named(own or await server_zone(service, guild))


async def default_thread(service: Service, guild: int | None) -> str:
    """The thread visibility of a game opened without `thread:` ('public' unless set)."""
    return str((await server_settings(service, guild)).get(THREAD) or "public")


def _read(o: Options) -> dict[str, Any]:
    """The server settings /settings was given, parsed (None removes a setting)."""
    found: dict[str, Any] = {}
    if o.get("server_channels"):
        text = str(o["server_channels"]).strip().lower()
        ids = [int(a or b) for a, b in _CHANNEL.findall(text)]
        if not ids and text not in OFF:
            raise RequestError("Name channels as #channel (or say any).", code="bad_channels")
        found[CHANNELS] = ids or None
    if o.get("server_thread"):
        found[THREAD] = str(o["server_thread"])
    if o.get("server_clock"):
        text = str(o["server_clock"]).strip().lower()
        found[CLOCK] = None if text in OFF else parse_duration(text)
    if o.get("server_timezone"):
        text = str(o["server_timezone"]).strip()
        found[ZONE] = None if text.lower() in OFF else read_zone(text)
    return found


async def set_server(service: Service, o: Options) -> list[Text]:
    """Apply the server settings /settings was given (admins); the lines that say what is set."""
    wanted = _read(o)
    if not wanted:
        return []
    guild = caller_place(o)
    if guild is None:
        raise RequestError("Server settings are set in a server.", code="no_server")
    if not o.get(CONTEXT_ADMIN):
        raise PermissionDeniedError("Only a server admin can change server settings.", "not_admin")
    current = await service.store.get_guild_settings(guild)
    settings = {**current.settings, **wanted}
    settings = {k: v for k, v in settings.items() if v is not None}
    await service.store.put_guild_settings(replace(current, settings=settings))
    return [_said(settings)]


def _said(settings: dict[str, Any]) -> Text:
    channels = " ".join(f"<#{c}>" for c in settings.get(CHANNELS) or ()) or Text("any")
    clock = settings.get(CLOCK)
    return Text(
        "Server games: channels {channels}; threads {thread}; turn clock {clock};"
        " time zone {zone}.",
        channels=channels,
        thread=VISIBILITY[str(settings.get(THREAD) or "public")],
        clock=Text("none") if clock is None else Text.verbatim(_duration(int(clock))),
        zone=Text.verbatim(str(settings.get(ZONE) or "UTC")),
    )


def _duration(seconds: int) -> str:
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds % size == 0:
            return f"{seconds // size}{unit}"
    return f"{seconds}s"
