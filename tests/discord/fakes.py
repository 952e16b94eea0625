"""Small fakes of the Discord objects the layer touches, recording what would be sent.

Shaped after discord.py's own objects (Interaction, InteractionResponse, Webhook followups,
channels, threads, users); Discord itself cannot be reached from the test machines.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord.app import DYNAMIC_ITEMS

_ids = itertools.count(9_000_000)


def snowflake() -> int:
    """A fresh fake id."""
    return next(_ids)


@dataclass
class Sent:
    """One thing the bot would have sent or changed on Discord."""

    kind: str
    where: int
    content: str | None = None
    files: list[str] = field(default_factory=list)
    view: discord.ui.View | None = None
    ephemeral: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    at: float = field(default_factory=time.monotonic)

    @property
    def custom_ids(self) -> list[str]:
        """The custom ids of the view's components, in order."""
        return [getattr(c, "custom_id", "") for c in self.view.children] if self.view else []

    def options(self, custom_id: str) -> list[str]:
        """The option values of a select in the view."""
        assert self.view is not None
        for c in self.view.children:
            if getattr(c, "custom_id", None) == custom_id:
                return [o.value for o in c.item.options]  # type: ignore[attr-defined]
        raise KeyError(custom_id)


class Log(list[Sent]):
    """Everything sent, in order."""

    def of(self, kind: str, where: int | None = None) -> list[Sent]:
        """Sends of one kind (to one place)."""
        return [s for s in self if s.kind == kind and (where is None or s.where == where)]


def _files(kwargs: dict[str, Any]) -> list[str]:
    files = list(kwargs.get("files") or [])
    if kwargs.get("file") is not None:
        files.append(kwargs["file"])
    attachments = kwargs.get("attachments") or []
    files += [a for a in attachments if isinstance(a, discord.File)]
    return [f.filename for f in files]


class FakeResponse403:
    """What aiohttp would hand discord.Forbidden."""

    status = 403
    reason = "Forbidden"


def dm_forbidden() -> discord.Forbidden:
    """The error Discord answers a DM to a user who does not accept them with."""
    return discord.Forbidden(
        FakeResponse403(),  # type: ignore[arg-type]
        {"code": 50007, "message": "Cannot send messages to this user"},
    )


class FakeMessage:
    """A sent message: it can be edited and can start a public thread."""

    def __init__(self, client: FakeClient, channel_id: int, message_id: int | None = None) -> None:
        self.client, self.channel_id = client, channel_id
        self.id = message_id or snowflake()

    async def edit(self, **kwargs: Any) -> FakeMessage:
        self.client.log.append(
            Sent("edit", self.id, kwargs.get("content"), _files(kwargs), kwargs.get("view"))
        )
        return self

    async def create_thread(self, *, name: str, **kwargs: Any) -> FakeChannel:
        thread = FakeChannel(self.client, self.id, name, parent_id=self.channel_id)
        self.client.log.append(Sent("thread", self.id, name, extra={"type": "public"}))
        return thread


class FakeChannel:
    """A text channel or thread."""

    def __init__(
        self, client: FakeClient, channel_id: int, name: str = "", parent_id: int | None = None
    ) -> None:
        self.client, self.id, self.name, self.parent_id = client, channel_id, name, parent_id
        self.archived = False
        self.members: list[int] = []
        client.channels[channel_id] = self

    @property
    def jump_url(self) -> str:
        return f"https://discord.com/channels/1/{self.id}"

    async def send(self, content: str | None = None, **kwargs: Any) -> FakeMessage:
        sent = Sent("send", self.id, content, _files(kwargs), kwargs.get("view"))
        sent.extra["mentions"] = kwargs.get("allowed_mentions")
        self.client.log.append(sent)
        return FakeMessage(self.client, self.id)

    async def edit(self, **kwargs: Any) -> FakeChannel:
        self.archived = bool(kwargs.get("archived", self.archived))
        self.client.log.append(Sent("wake", self.id))
        return self

    async def create_thread(self, *, name: str, type: Any = None, **kwargs: Any) -> FakeChannel:
        # As discord.py: without a message, no type means a private thread.
        assert type is not None, "say which kind of thread to create"
        thread = FakeChannel(self.client, snowflake(), name, parent_id=self.id)
        kind = "private" if type == discord.ChannelType.private_thread else "public"
        self.client.log.append(Sent("thread", thread.id, name, extra={"type": kind}))
        return thread

    async def add_user(self, user: discord.abc.Snowflake) -> None:
        self.members.append(user.id)

    def get_partial_message(self, message_id: int) -> FakeMessage:
        return FakeMessage(self.client, self.id, message_id)


class FakeUser:
    """A Discord user; `dms_closed` makes DMs fail as Discord does (403 / 50007)."""

    def __init__(self, client: FakeClient, user_id: int, name: str) -> None:
        self.client, self.id, self.name, self.display_name = client, user_id, name, name
        self.dms_closed = False
        self.dm_attempts = 0
        self.roles: list[discord.Object] = []

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    async def send(self, content: str | None = None, **kwargs: Any) -> FakeMessage:
        self.dm_attempts += 1
        if self.dms_closed:
            raise dm_forbidden()
        self.client.log.append(Sent("dm", self.id, content, _files(kwargs), kwargs.get("view")))
        return FakeMessage(self.client, self.id)


class FakeEvent:
    """A guild Scheduled Event; status moves as Discord allows (scheduled -> active -> ...)."""

    def __init__(self, guild: FakeGuild, **kwargs: Any) -> None:
        self.guild, self.id, self.fields = guild, snowflake(), kwargs
        self.status = discord.EventStatus.scheduled

    async def _move(self, allowed_from: discord.EventStatus, to: discord.EventStatus) -> FakeEvent:
        assert self.status is allowed_from, f"Discord refuses {self.status} -> {to}"
        self.status = to
        self.guild.client.log.append(Sent("event_status", self.id, to.name))
        return self

    async def start(self) -> FakeEvent:
        return await self._move(discord.EventStatus.scheduled, discord.EventStatus.active)

    async def end(self) -> FakeEvent:
        return await self._move(discord.EventStatus.active, discord.EventStatus.completed)

    async def cancel(self) -> FakeEvent:
        return await self._move(discord.EventStatus.scheduled, discord.EventStatus.cancelled)


class FakeGuild:
    """A guild: only its Scheduled Events are used."""

    def __init__(self, client: FakeClient, guild_id: int) -> None:
        self.client, self.id = client, guild_id
        self.events: dict[int, FakeEvent] = {}

    async def create_scheduled_event(self, **kwargs: Any) -> FakeEvent:
        event = FakeEvent(self, **kwargs)
        self.events[event.id] = event
        self.client.log.append(Sent("event", event.id, kwargs["name"], extra=kwargs))
        return event

    def get_scheduled_event(self, event_id: int) -> FakeEvent | None:
        return None  # not cached: the layer must fetch

    async def fetch_scheduled_event(self, event_id: int) -> FakeEvent:
        return self.events[event_id]


class FakeClient:
    """The parts of discord.Client the layer uses: channels, users, guilds, the runner."""

    def __init__(self) -> None:
        self.log = Log()
        self.channels: dict[int, FakeChannel] = {}
        self.users: dict[int, FakeUser] = {}
        self.guilds: dict[int, FakeGuild] = {}
        self.runner: Any = None

    def get_guild(self, guild_id: int) -> FakeGuild | None:
        return None  # not cached: the layer must fetch

    async def fetch_guild(self, guild_id: int) -> FakeGuild:
        return self.guilds.setdefault(guild_id, FakeGuild(self, guild_id))

    def user_(self, user_id: int, name: str) -> FakeUser:
        self.users[user_id] = FakeUser(self, user_id, name)
        return self.users[user_id]

    def get_channel(self, channel_id: int) -> FakeChannel | None:
        return self.channels.get(channel_id)

    async def fetch_channel(self, channel_id: int) -> FakeChannel:
        return self.channels[channel_id]

    def get_user(self, user_id: int) -> FakeUser | None:
        return self.users.get(user_id)

    async def fetch_user(self, user_id: int) -> FakeUser:
        return self.users[user_id]


class FakeInteractionResponse:
    """interaction.response: one initial answer, recorded with its time."""

    def __init__(self, interaction: FakeInteraction) -> None:
        self.interaction = interaction
        self.done = False

    def is_done(self) -> bool:
        return self.done

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        assert not self.done, "an interaction is answered once"
        self.done = True
        self.interaction.client.log.append(
            Sent("defer", self.interaction.id, ephemeral=ephemeral, extra={"thinking": thinking})
        )

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        assert not self.done, "an interaction is answered once"
        self.done = True
        sent = Sent("respond", self.interaction.id, content, _files(kwargs), kwargs.get("view"))
        sent.ephemeral = bool(kwargs.get("ephemeral"))
        self.interaction.client.log.append(sent)


class FakeFollowup:
    """interaction.followup (a webhook): later messages."""

    def __init__(self, interaction: FakeInteraction) -> None:
        self.interaction = interaction

    async def send(self, content: str | None = None, **kwargs: Any) -> FakeMessage:
        assert self.interaction.response.done, "followups come after the first answer"
        sent = Sent("followup", self.interaction.id, content, _files(kwargs), kwargs.get("view"))
        sent.ephemeral = bool(kwargs.get("ephemeral"))
        self.interaction.client.log.append(sent)
        return FakeMessage(self.interaction.client, self.interaction.channel_id or 0)


class Namespace:
    """interaction.namespace: the options filled in so far."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.values = values

    def __iter__(self) -> Any:
        return iter(self.values.items())


class FakeInteraction:
    """A slash command, autocomplete or component interaction from one user."""

    def __init__(
        self,
        client: FakeClient,
        user: FakeUser,
        *,
        guild_id: int | None = None,
        channel: FakeChannel | None = None,
        admin: bool = False,
        data: dict[str, Any] | None = None,
        namespace: dict[str, Any] | None = None,
    ) -> None:
        self.id = snowflake()
        self.created_at = discord.utils.snowflake_time(self.id)
        self.client, self.user, self.guild_id, self.channel = client, user, guild_id, channel
        self.channel_id = channel.id if channel else user.id
        self.permissions = discord.Permissions(manage_guild=admin)
        self.locale = discord.Locale.american_english
        self.data = data or {}
        self.namespace = Namespace(namespace or {})
        self.response = FakeInteractionResponse(self)
        self.followup = FakeFollowup(self)

    async def edit_original_response(self, **kwargs: Any) -> FakeMessage:
        assert self.response.done
        self.client.log.append(
            Sent("edit_original", self.id, kwargs.get("content"), _files(kwargs),
                 kwargs.get("view"), extra={"has_view": "view" in kwargs})
        )  # fmt: skip
        return FakeMessage(self.client, self.channel_id)


class FakeItem:
    """The bare component discord.py hands DynamicItem.from_custom_id."""

    def __init__(self, custom_id: str) -> None:
        self.custom_id, self.label = custom_id, ""


async def click(interaction: FakeInteraction, custom_id: str, *values: str) -> None:
    """What discord.py's view store does with a component interaction: match, rebuild, call."""
    if values:
        interaction.data = {"custom_id": custom_id, "values": list(values)}
    for cls in DYNAMIC_ITEMS:
        match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match:
            item = await cls.from_custom_id(interaction, FakeItem(custom_id), match)  # type: ignore[arg-type]
            await item.callback(interaction)  # type: ignore[arg-type]
            return
    raise AssertionError(f"no component handles {custom_id!r}")
