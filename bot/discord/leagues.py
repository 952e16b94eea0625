"""League replies delivered to Discord: Scheduled Events, a thread per table, announcements.

The league service asks for these beside the game messages of its tables; they go out first,
because a table's thread must exist (and be bound to its game) before the game posts in it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.discord import files
from bot.discord.courier import allowed, mentions
from bot.discord.i18n import localise
from bot.discord.threads import ARCHIVE
from bot.service.commands.frontend import server_language
from bot.service.leagues import (
    LeagueAnnouncement,
    LeagueMessage,
    LeagueReply,
    LeagueService,
    ScheduledEvent,
    ScheduledEventChange,
    TableOpened,
)
from bot.service.outbox import GameOver, Reply

if TYPE_CHECKING:
    from bot.discord.delivery import Delivery

log = logging.getLogger("muster.discord.leagues")

MAX_FOLLOW_TICKS = 32
"""League ticks run back to back at most (AI tables end as they start, pairing the next round)."""
LOCATION_LIMIT = 100
"""Discord's limit on an external Scheduled Event's location."""


async def deliver_reply(delivery: Delivery, reply: Reply, *, follow: bool = True) -> None:
    """A reply's league messages first (threads, events), then its game messages."""
    if isinstance(reply, LeagueReply):
        await deliver_league(delivery, reply.league)
    await delivery.deliver(reply.messages, follow=follow)


async def deliver_league(delivery: Delivery, messages: Sequence[LeagueMessage]) -> None:
    """League messages through the outbox, in order; one that fails is retried later (or
    kept as undeliverable) and does not stop the others."""
    parcels = await delivery.service.postbox.publish(messages)
    await delivery.courier.flush(parcels)


async def deliver_league_message(delivery: Delivery, m: LeagueMessage) -> None:
    """Send one league message (errors reach the caller: see Courier)."""
    if isinstance(m, TableOpened):
        await open_table(delivery, m)
    elif isinstance(m, LeagueAnnouncement):
        await announce(delivery, m)
    elif isinstance(m, ScheduledEvent):
        await create_event(delivery, m)
    elif isinstance(m, ScheduledEventChange):
        await change_event(delivery, m)


async def open_table(delivery: Delivery, m: TableOpened) -> None:
    """A public thread under the league channel, the players mentioned, bound to the game."""
    if m.channel_id is None:
        return  # no league channel: the game posts wherever its record says
    parent = await delivery.channel(m.channel_id)
    lang = await _lang(delivery, m.guild_id)
    thread = await parent.create_thread(
        name=localise(m.title, lang)[:100],
        type=discord.ChannelType.public_thread,
        auto_archive_duration=ARCHIVE,
    )
    content = f"{localise(m.text, lang)}\n{mentions(m.users)}".strip()
    await thread.send(files.chunks(content)[0], allowed_mentions=allowed(m.users))
    # Bound before the game's own messages are delivered, so they land in this thread.
    await LeagueService(delivery.service).bind_thread(m.game_id, thread.id)


async def announce(delivery: Delivery, m: LeagueAnnouncement) -> None:
    """Check-in, pairings, standings (with the image) and the podium, in the league channel."""
    if m.channel_id is None:
        return
    channel = await delivery.channel(m.channel_id)
    lang = await _lang(delivery, m.guild_id)
    text = localise(m.text, lang)
    content = f"{text}\n{mentions(m.mention)}".strip() if m.mention else text
    attachments = await files.draw(m.images, lang)
    pieces = files.chunks(content)
    for i, piece in enumerate(pieces):
        extra: dict[str, Any] = {}
        if i == len(pieces) - 1 and attachments:
            extra["files"] = attachments
        await channel.send(piece, allowed_mentions=allowed(m.mention), **extra)


async def _lang(delivery: Delivery, guild_id: int) -> str:
    """The language of a server's league posts (its /settings, else Discord's)."""
    guild = delivery.client.get_guild(guild_id)
    preferred = getattr(guild, "preferred_locale", None)
    return await server_language(delivery.service, guild_id, preferred and str(preferred.value))


async def _guild(delivery: Delivery, guild_id: int) -> Any:
    client: Any = delivery.client
    return client.get_guild(guild_id) or await client.fetch_guild(guild_id)


async def create_event(delivery: Delivery, m: ScheduledEvent) -> None:
    """A Discord Scheduled Event for the night (members get Discord's reminders), linked back."""
    if not m.guild_id:
        return
    guild = await _guild(delivery, m.guild_id)
    lang = await _lang(delivery, m.guild_id)
    location = "Muster league"
    if m.channel_id is not None:
        channel = await delivery.channel(m.channel_id)
        location = str(getattr(channel, "jump_url", None) or f"<#{m.channel_id}>")
    try:
        event = await guild.create_scheduled_event(
            name=localise(m.name, lang)[:100],
            start_time=m.start,
            end_time=m.end,
            entity_type=discord.EntityType.external,
            privacy_level=discord.PrivacyLevel.guild_only,
            location=location[:LOCATION_LIMIT],
            description=localise(m.description, lang)[:1000],
        )
    except discord.Forbidden:
        log.warning("no Manage Events permission in guild %s: league %s has no event",
                    m.guild_id, m.league_id)  # fmt: skip
        return
    await LeagueService(delivery.service).link_event(m.league_id, str(event.id))


async def change_event(delivery: Delivery, m: ScheduledEventChange) -> None:
    """Move the night's event on: active when the league starts, completed or cancelled after."""
    if not m.guild_id or not m.event:
        return
    guild = await _guild(delivery, m.guild_id)
    event_id = int(m.event)
    event = guild.get_scheduled_event(event_id) or await guild.fetch_scheduled_event(event_id)
    scheduled, active = discord.EventStatus.scheduled, discord.EventStatus.active
    if m.status == "active" and event.status is scheduled:
        await event.start()
    elif m.status == "completed":
        if event.status is scheduled:
            event = await event.start()  # Discord ends only events that have started
        if event.status is active:
            await event.end()
    elif m.status == "cancelled":
        if event.status is scheduled:
            await event.cancel()
        elif event.status is active:
            await event.end()


async def tick_leagues(delivery: Delivery) -> int:
    """Move every league on and deliver what it says; again while AI tables end at once."""
    leagues = LeagueService(delivery.service)
    count = 0
    for _ in range(MAX_FOLLOW_TICKS):
        replies = await leagues.tick()
        for reply in replies:
            await deliver_reply(delivery, reply, follow=False)
        count += len(replies)
        if not any(isinstance(m, GameOver) for r in replies for m in r.messages):
            break
    return count
