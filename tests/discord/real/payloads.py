"""Discord's JSON shapes (API v10) for users, members, guilds, channels, messages, interactions.

Only the fields discord.py reads, with the types Discord sends (snowflakes as strings).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord

JSON = dict[str, Any]

TEXT_CHANNEL = discord.ChannelType.text.value
DM_CHANNEL = discord.ChannelType.private.value
PUBLIC_THREAD = discord.ChannelType.public_thread.value
PRIVATE_THREAD = discord.ChannelType.private_thread.value
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)
EPHEMERAL = discord.MessageFlags.ephemeral.flag
LOADING = discord.MessageFlags.loading.flag
UPLOAD_LIMIT = 10 * 1024 * 1024
"""Bytes a bot may attach per message on a server without boosts."""


class Snowflakes:
    """Fresh snowflakes from now on, as Discord mints them (milliseconds since 2015 << 22)."""

    def __init__(self) -> None:
        self._base = discord.utils.time_snowflake(datetime.now(UTC))
        self._count = itertools.count(1)

    def __call__(self) -> int:
        """The next snowflake."""
        return self._base + next(self._count)


@dataclass(frozen=True, slots=True)
class Person:
    """A Discord account in the test guild."""

    id: int
    name: str
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        """How a message pings this person."""
        return f"<@{self.id}>"


def now() -> str:
    """An ISO-8601 timestamp as Discord writes them."""
    return datetime.now(UTC).isoformat()


def user(person: Person, *, bot: bool = False) -> JSON:
    """A user object."""
    return {
        "id": str(person.id),
        "username": person.name,
        "discriminator": "0",
        "global_name": person.name.title(),
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
    }


def member(person: Person, permissions: discord.Permissions) -> JSON:
    """A guild member as an interaction carries it (with the resolved channel permissions)."""
    return {
        "user": user(person),
        "roles": [],
        "joined_at": now(),
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "nick": None,
        "avatar": None,
        "permissions": str(permissions.value),
    }


def guild(guild_id: int, owner: int, channels: list[JSON]) -> JSON:
    """A guild as GUILD_CREATE delivers it (the bot caches it with its channels)."""
    everyone = {
        "id": str(guild_id),
        "name": "@everyone",
        "permissions": str(discord.Permissions.general().value),
        "position": 0,
        "color": 0,
        "hoist": False,
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }
    return {
        "id": str(guild_id),
        "name": "Muster test server",
        "icon": None,
        "owner_id": str(owner),
        "features": [],
        "roles": [everyone],
        "emojis": [],
        "stickers": [],
        "channels": channels,
        "threads": [],
        "members": [],
        "member_count": 3,
        "preferred_locale": "en-US",
        "premium_tier": 0,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "system_channel_flags": 0,
    }


def text_channel(channel_id: int, guild_id: int, name: str) -> JSON:
    """A guild text channel."""
    return {
        "id": str(channel_id),
        "type": TEXT_CHANNEL,
        "guild_id": str(guild_id),
        "name": name,
        "position": 0,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
    }


def thread(
    thread_id: int, parent: JSON, owner: int, name: str, kind: int, archive_minutes: int
) -> JSON:
    """A thread of a text channel."""
    return {
        "id": str(thread_id),
        "type": kind,
        "guild_id": parent["guild_id"],
        "parent_id": parent["id"],
        "owner_id": str(owner),
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "flags": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": archive_minutes,
            "archive_timestamp": now(),
            "locked": False,
            "invitable": kind == PUBLIC_THREAD,
        },
    }


def dm_channel(channel_id: int, recipient: JSON) -> JSON:
    """A DM channel between the bot and one user."""
    return {
        "id": str(channel_id),
        "type": DM_CHANNEL,
        "last_message_id": None,
        "recipients": [recipient],
    }


def attachment(attachment_id: int, channel_id: int, filename: str, size: int) -> JSON:
    """An uploaded file as a message lists it."""
    url = f"https://cdn.discordapp.com/attachments/{channel_id}/{attachment_id}/{filename}"
    return {
        "id": str(attachment_id),
        "filename": filename,
        "size": size,
        "url": url,
        "proxy_url": url,
        "content_type": _content_type(filename),
    }


def _content_type(filename: str) -> str:
    suffix = filename.rsplit(".", 1)[-1].lower()
    return {"png": "image/png", "gif": "image/gif"}.get(suffix, "application/octet-stream")


def message(
    message_id: int, channel: JSON, author: JSON, flags: int, *, application_id: int | None = None
) -> JSON:
    """An empty message in a channel; its content comes from the request that made it."""
    found: JSON = {
        "id": str(message_id),
        "channel_id": channel["id"],
        "type": 0,
        "author": author,
        "content": "",
        "timestamp": now(),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "components": [],
        "pinned": False,
        "flags": flags,
    }
    if "guild_id" in channel:
        found["guild_id"] = channel["guild_id"]
    if application_id is not None:
        found["webhook_id"] = found["application_id"] = str(application_id)
    return found


def application(application_id: int, bot_user: JSON) -> JSON:
    """What GET /oauth2/applications/@me answers a bot token with."""
    return {
        "id": str(application_id),
        "name": bot_user["username"],
        "icon": None,
        "description": "",
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": bot_user,
        "verify_key": "0" * 64,
        "flags": 0,
        "summary": "",
    }


SCHEDULED, ACTIVE, COMPLETED, CANCELED = 1, 2, 3, 4
EVENT_MOVES = {SCHEDULED: (ACTIVE, CANCELED), ACTIVE: (COMPLETED,)}
"""The status changes Discord allows a scheduled event; completed and cancelled are final."""
EXTERNAL = 3


def event_problems(body: JSON) -> list[str]:
    """Why Discord would refuse to create this scheduled event."""
    problems: list[str] = []
    if not 1 <= len(body.get("name") or "") <= 100:
        problems.append("name: 1-100 characters")
    if len(body.get("description") or "") > 1000:
        problems.append("description: at most 1000 characters")
    start = datetime.fromisoformat(body["scheduled_start_time"])
    if start < datetime.now(UTC):
        problems.append("scheduled_start_time: Cannot schedule event in the past")
    if body.get("entity_type") == EXTERNAL:
        location = (body.get("entity_metadata") or {}).get("location") or ""
        if not 1 <= len(location) <= 100:
            problems.append("entity_metadata.location: 1-100 characters")
        if not body.get("scheduled_end_time"):
            problems.append("scheduled_end_time: required for external events")
    return problems


def scheduled_event(event_id: int, guild_id: int, creator: int, body: JSON) -> JSON:
    """A guild scheduled event as Discord stores it."""
    return {
        "id": str(event_id),
        "guild_id": str(guild_id),
        "channel_id": body.get("channel_id"),
        "creator_id": str(creator),
        "name": body["name"],
        "description": body.get("description"),
        "scheduled_start_time": body["scheduled_start_time"],
        "scheduled_end_time": body.get("scheduled_end_time"),
        "privacy_level": body.get("privacy_level", 2),
        "status": SCHEDULED,
        "entity_type": body["entity_type"],
        "entity_id": None,
        "entity_metadata": body.get("entity_metadata"),
        "user_count": 0,
    }
