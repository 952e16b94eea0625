"""What the in-memory Discord keeps: users, channels, messages, interactions, and every request.

Objects are kept as Discord's own JSON, so what the bot reads back is what Discord would send.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

import discord

from tests.discord.real import payloads as p
from tests.discord.real.limits import message_problems
from tests.discord.real.payloads import JSON, Person


@dataclass(frozen=True, slots=True)
class Upload:
    """A file sent with a request."""

    filename: str
    data: bytes


@dataclass
class Request:
    """One request the bot made, and how Discord answered it."""

    via: str
    method: str
    path: str
    body: Any
    files: list[Upload]
    at: float = field(default_factory=time.monotonic)
    status: int = 200
    code: int = 0
    """Discord's JSON error code of a refusal (50007: DMs closed...)."""
    error: str = ""
    message_id: str | None = None
    """The message the request created or changed, once answered."""

    @property
    def json(self) -> JSON:
        """The JSON body (an empty one when there was none)."""
        return self.body if isinstance(self.body, dict) else {}

    @property
    def data(self) -> JSON:
        """The message part of the body (inside `data` for interaction callbacks)."""
        inner = self.json.get("data")
        return inner if isinstance(inner, dict) and "type" in self.json else self.json

    @property
    def content(self) -> str:
        """The message text sent."""
        return str(self.data.get("content") or "")

    @property
    def ephemeral(self) -> bool:
        """Whether the body asks for a message only the caller sees."""
        return bool(int(self.data.get("flags") or 0) & p.EPHEMERAL)

    @property
    def custom_ids(self) -> list[str]:
        """The custom ids of the message's components, in order."""
        return [
            c["custom_id"]
            for row in self.data.get("components") or ()
            for c in row["components"]
            if "custom_id" in c
        ]


class _Answer:
    """What aiohttp would hand discord.HTTPException: a status and its reason."""

    def __init__(self, status: int, reason: str) -> None:
        self.status, self.reason = status, reason


def refusal(status: int, code: int, message: str) -> discord.HTTPException:
    """The exception discord.py raises for this error answer."""
    kinds = {403: discord.Forbidden, 404: discord.NotFound}
    kind = kinds.get(status, discord.HTTPException)
    return kind(_Answer(status, message), {"code": code, "message": message})


@dataclass
class Interaction:
    """Discord's side of one interaction: its token, clock and answers."""

    id: int
    kind: int
    token: str
    channel: JSON
    user: JSON
    message_id: int | None
    created: float = field(default_factory=time.monotonic)
    answered: int | None = None
    answered_at: float | None = None
    """When the first answer arrived (monotonic seconds), for the acknowledgement times."""
    original: int | None = None
    loading_flags: int | None = None
    """The flags of a deferred 'thinking' message until the first followup resolves it."""


class DiscordState:
    """Users, channels, DMs, threads, messages and interactions, kept as Discord's JSON."""

    def __init__(self, guild_id: int, owner: Person, bot: Person) -> None:
        self.snowflake = p.Snowflakes()
        self.guild_id = guild_id
        self.guilds: dict[int, int] = {guild_id: owner.id}
        """Every guild the bot is in, with its owner's id (the first is `guild_id`)."""
        self.muted: set[int] = set()
        """Channels where the bot lacks the permission to post (403 / 50013)."""
        self.application_id = bot.id
        self.bot_user = p.user(bot, bot=True)
        self.users: dict[int, JSON] = {owner.id: p.user(owner), bot.id: self.bot_user}
        self.closed_dms: set[int] = set()
        self.channels: dict[int, JSON] = {}
        self.messages: dict[int, JSON] = {}
        self.files: dict[str, Upload] = {}
        self.members: dict[int, set[int]] = {}
        self.interactions: dict[str, Interaction] = {}
        self.commands: dict[int | None, list[JSON]] = {}
        self.events: dict[int, JSON] = {}
        """Guild scheduled events by id."""
        self.requests: list[Request] = []

    # --- the world the tests set up -----------------------------------------------------------
    def add_user(self, person: Person, *, dms_open: bool = True) -> None:
        """An account on the server; with closed DMs, messages to it are refused (50007)."""
        self.users[person.id] = p.user(person)
        if not dms_open:
            self.closed_dms.add(person.id)

    def add_guild(self, owner: Person) -> int:
        """Another server the bot is in; returns its id."""
        guild_id = self.snowflake()
        self.guilds[guild_id] = owner.id
        self.users.setdefault(owner.id, p.user(owner))
        return guild_id

    def add_text_channel(self, name: str, guild_id: int | None = None) -> JSON:
        """A text channel of a guild (the first one unless named)."""
        channel = p.text_channel(self.snowflake(), guild_id or self.guild_id, name)
        self.channels[int(channel["id"])] = channel
        return channel

    def open_interaction(self, payload: JSON) -> None:
        """Start the clock of an interaction as Discord sends it to the bot."""
        who = payload["member"]["user"] if "member" in payload else payload["user"]
        message = payload.get("message")
        self.interactions[payload["token"]] = Interaction(
            int(payload["id"]),
            payload["type"],
            payload["token"],
            payload["channel"],
            who,
            int(message["id"]) if message else None,
        )

    # --- helpers of the routes ----------------------------------------------------------------
    def check_message(self, body: JSON, files: list[Upload], *, creating: bool) -> None:
        """Refuse a message body Discord would refuse."""
        problems = message_problems(body, len(files), creating=creating)
        if sum(len(f.data) for f in files) > p.UPLOAD_LIMIT:
            problems.append("Request entity too large")
        if problems:
            raise refusal(400, 50035, "Invalid Form Body: " + "; ".join(problems))

    def channel(self, channel_id: int) -> JSON:
        """A channel by id, or Unknown Channel."""
        found = self.channels.get(channel_id)
        if found is None:
            raise refusal(404, 10003, "Unknown Channel")
        return found

    def message(self, message_id: int) -> JSON:
        """A message by id, or Unknown Message."""
        found = self.messages.get(message_id)
        if found is None:
            raise refusal(404, 10008, "Unknown Message")
        return found

    def create_message(
        self,
        channel: JSON,
        body: JSON,
        files: list[Upload],
        author: JSON,
        flags: int = 0,
        *,
        webhook: bool = False,
    ) -> JSON:
        """A new message in a channel."""
        app = self.application_id if webhook else None
        found = p.message(self.snowflake(), channel, author, flags, application_id=app)
        self.messages[int(found["id"])] = found
        if body.get("nonce") is not None:
            found["nonce"] = body["nonce"]
        self.edit_message(found, body, files)
        found["edited_timestamp"] = None
        channel["last_message_id"] = found["id"]
        return found

    def edit_message(self, message: JSON, body: JSON, files: list[Upload]) -> JSON:
        """Apply an edit: text, components, kept and new attachments, allowed mentions."""
        for key, empty in (("content", ""), ("components", []), ("embeds", [])):
            if key in body:
                message[key] = body[key] if body[key] is not None else empty
        kept = message["attachments"]
        if "attachments" in body:
            listed = {str(a.get("id")) for a in body["attachments"] or ()}
            kept = [a for a in kept if a["id"] in listed]
        added = []
        for f in files:
            made = p.attachment(
                self.snowflake(), int(message["channel_id"]), f.filename, len(f.data)
            )
            self.files[made["id"]] = f
            added.append(made)
        message["attachments"] = kept + added
        if body.get("flags") is not None:
            fixed = p.EPHEMERAL | p.LOADING  # set by how the message was made, never by an edit
            message["flags"] = (int(message["flags"]) & fixed) | (int(body["flags"]) & ~fixed)
        if "content" in body:
            pinged = _pinged(message["content"], body.get("allowed_mentions"))
            message["mentions"] = [self.users[u] for u in pinged if u in self.users]
        message["edited_timestamp"] = p.now()
        return message

    def attachments(self, message: JSON) -> list[Upload]:
        """The files a message carries now, with their bytes."""
        return [self.files[a["id"]] for a in message["attachments"]]


def _pinged(content: str, allowed: JSON | None) -> list[int]:
    """The users a message pings: those mentioned in it that allowed_mentions lets through."""
    mentioned = sorted({int(m) for m in re.findall(r"<@!?(\d+)>", content or "")})
    if allowed is None or "users" in allowed.get("parse", ()):
        return mentioned
    listed = {int(u) for u in allowed.get("users") or ()}
    return [u for u in mentioned if u in listed]
