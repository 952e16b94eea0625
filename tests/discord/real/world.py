"""The real MusterBot on the fake Discord, and interactions played as Discord sends them.

    world = await DiscordWorld.open(tmp_path)
    lobby = await world.slash(world.alice, "neuroshima new", army="moloch")
    await world.click(world.bob, lobby.message, "Join")
    await world.select(world.bob, lobby.message, "Choose your army…", "outpost")

Interactions are payload dicts (API v10) handed to the client's ConnectionState exactly as the
gateway's INTERACTION_CREATE is: slash commands and autocomplete reach the CommandTree, components
the view store and its dynamic items; the harness then waits for the tasks discord.py started.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import time
from pathlib import Path
from typing import Any

import discord
from discord.webhook.async_ import async_context

from bot.config import Settings
from bot.discord.app import MusterBot
from bot.discord.schema import py_name
from bot.service.commands import CONTEXT_SEED
from tests.discord.real import payloads as p
from tests.discord.real.api import FakeDiscord
from tests.discord.real.exchange import Exchange
from tests.discord.real.payloads import JSON, Person
from tests.discord.real.state import Request
from tests.discord.real.transport import RecordingHTTP, RecordingWebhookAdapter

GUILD = 1_150_000_000_000_000_001
TOKEN = "MTAx.fake.token"
SEED = "discord-1"
MEMBER = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    read_message_history=True,
    attach_files=True,
    embed_links=True,
    use_application_commands=True,
)
BOT_PERMISSIONS = MEMBER | discord.Permissions(
    create_public_threads=True, create_private_threads=True, manage_threads=True
)
OPTION_TYPES = {3: str, 4: int, 5: bool}
USER_OPTION, SUBCOMMAND, SUBCOMMAND_GROUP = 6, 1, 2
UI_LOGGERS = ("discord.ui.view", "discord.app_commands.tree", "discord.client")


class _Failures(logging.Handler):
    """Errors discord.py logs and swallows (a component callback that raised, for one)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class DiscordWorld:
    """A guild with #games, players alice and bob, and the bot serving them over SQLite."""

    def __init__(self, tmp_path: Path) -> None:
        self.owner = Person(1_150_000_000_000_000_100, "owner")
        self.fake = FakeDiscord(GUILD, self.owner, Person(1_150_000_000_000_000_002, "muster"))
        self.alice = self.person("alice")
        self.bob = self.person("bob")
        self.channel = self.fake.add_text_channel("games")
        self.database = f"sqlite:///{tmp_path / 'muster.db'}"
        self.adapter = RecordingWebhookAdapter(self.fake)
        self.failures = _Failures()
        self.bot: MusterBot | None = None

    @classmethod
    async def open(cls, tmp_path: Path) -> DiscordWorld:
        """A world with the bot logged in."""
        world = cls(tmp_path)
        await world.start()
        return world

    def person(self, name: str, *, dms_open: bool = True) -> Person:
        """A member of the guild (one who closed DMs makes Discord refuse them with 50007)."""
        found = Person(self.fake.snowflake(), name)
        self.fake.add_user(found, dms_open=dms_open)
        return found

    # --- the bot's life -----------------------------------------------------------------------
    async def start(self) -> None:
        """Log a fresh MusterBot in (setup_hook runs as in production, dev-guild sync too)."""
        bot = MusterBot(Settings(discord_token=TOKEN, database=self.database, dev_guild=GUILD))
        # Every holder of the REST client: the client, its state and the command tree.
        bot.http = bot._connection.http = bot.tree._http = RecordingHTTP(self.fake, bot.http.loop)
        for name in UI_LOGGERS:
            logging.getLogger(name).addHandler(self.failures)
        await bot.login(TOKEN)
        # What READY and GUILD_CREATE would have cached: the guild with its channels.
        channels = [ch for ch in self.fake.channels.values() if ch["type"] == p.TEXT_CHANNEL]
        bot._connection._add_guild_from_data(p.guild(GUILD, self.owner.id, channels))  # type: ignore[arg-type]
        runner = bot.runner
        assert runner is not None
        context = runner.context

        async def seeded(interaction: discord.Interaction[Any]) -> dict[str, Any]:
            # Fixed seeds make the scripted games repeatable; Discord itself never passes one.
            return {**await context(interaction), CONTEXT_SEED: SEED}

        runner.context = seeded  # type: ignore[method-assign]
        self.bot = bot

    async def close(self) -> None:
        """Shut the bot down (its store is closed; the fake Discord keeps everything)."""
        if self.bot is not None:
            await self.bot.close()
            self.bot = None
        for name in UI_LOGGERS:
            logging.getLogger(name).removeHandler(self.failures)

    async def restart(self) -> None:
        """A new process: a new client and runner over the same database and the same Discord."""
        await self.close()
        await self.start()

    @property
    def client(self) -> MusterBot:
        """The running bot."""
        assert self.bot is not None, "the bot is not running"
        return self.bot

    # --- interactions ---------------------------------------------------------------------------
    async def slash(
        self, who: Person, path: str, *, where: JSON | None = None, **options: Any
    ) -> Exchange:
        """Run a slash command as typed in the Discord client ('neuroshima new', vs='ai')."""
        data = self._command_data(path, options, focused=None)
        return await self.dispatch(self.interaction(who, 2, data, where or self.channel))

    async def autocomplete(
        self, who: Person, path: str, focused: str, typed: str = "", **options: Any
    ) -> list[JSON]:
        """The choices the client would show while `who` types `typed` into `focused`."""
        data = self._command_data(path, {**options, focused: typed}, focused=focused)
        exchange = await self.dispatch(self.interaction(who, 4, data, self.channel))
        answer = exchange.callback
        assert answer is not None and answer.status == 200, "autocomplete went unanswered"
        return list(answer.data.get("choices") or [])

    async def click(self, who: Person, message: JSON, button: str) -> Exchange:
        """Press a button (by label or custom id) on a message as it is now on Discord."""
        current = self.fake.message(int(message["id"]))
        found = self._component(current, button, 2)
        data = {"custom_id": found["custom_id"], "component_type": 2}
        return await self.dispatch(self.interaction(who, 3, data, self._where(current), current))

    async def select(self, who: Person, message: JSON, menu: str, value: str) -> Exchange:
        """Pick one option of a select menu (by placeholder or custom id)."""
        current = self.fake.message(int(message["id"]))
        found = self._component(current, menu, 3)
        offered = [o["value"] for o in found["options"]]
        assert value in offered, f"the menu offers {offered}, not {value!r}"
        data = {"custom_id": found["custom_id"], "component_type": 3, "values": [value]}
        return await self.dispatch(self.interaction(who, 3, data, self._where(current), current))

    async def dispatch(self, payload: JSON) -> Exchange:
        """Hand an interaction to the client as the gateway does; wait for what it started."""
        self.fake.open_interaction(payload)
        first = len(self.fake.requests)
        started = time.monotonic()
        reset = async_context.set(self.adapter)
        try:
            before = asyncio.all_tasks()
            self.client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
            await _settle(before)
        finally:
            async_context.reset(reset)
        return Exchange(payload, started, self.fake, self.fake.requests[first:])

    # --- payloads -----------------------------------------------------------------------------
    def interaction(
        self, who: Person, kind: int, data: JSON, where: JSON, message: JSON | None = None
    ) -> JSON:
        """An INTERACTION_CREATE payload from `who` in a channel, thread or DM."""
        interaction_id = self.fake.snowflake()
        payload: JSON = {
            "id": str(interaction_id),
            "application_id": str(self.fake.application_id),
            "type": kind,
            "data": data,
            "token": f"interaction-token-{interaction_id}",
            "version": 1,
            "locale": who.locale,
            "app_permissions": str(BOT_PERMISSIONS.value),
            "entitlements": [],
            "attachment_size_limit": p.UPLOAD_LIMIT,
            "channel_id": where["id"],
            "channel": {**copy.deepcopy(where), "permissions": str(MEMBER.value)},
        }
        if "guild_id" in where:
            payload |= {
                "guild_id": where["guild_id"],
                "guild_locale": "en-US",
                "guild": {"id": where["guild_id"], "locale": "en-US", "features": []},
                "member": p.member(who, self._permissions(who)),
                "context": 0,
                "authorizing_integration_owners": {"0": where["guild_id"]},
            }
        else:
            payload |= {
                "user": p.user(who),
                "context": 1,
                "authorizing_integration_owners": {"1": str(who.id)},
            }
        if message is not None:
            payload["message"] = copy.deepcopy(message)
        return payload

    def _permissions(self, who: Person) -> discord.Permissions:
        return discord.Permissions.all() if who == self.owner else MEMBER

    def _where(self, message: JSON) -> JSON:
        return self.fake.channel(int(message["channel_id"]))

    def _component(self, message: JSON, name: str, kind: int) -> JSON:
        for row in message["components"]:
            for c in row["components"]:
                if c["type"] == kind and name in (
                    c.get("custom_id"),
                    c.get("label"),
                    c.get("placeholder"),
                ):
                    return dict(c)
        shown = [
            c.get("label") or c.get("placeholder") or c.get("custom_id")
            for row in message["components"]
            for c in row["components"]
        ]
        raise AssertionError(f"no {name!r} on the message; it shows {shown}")

    def _command_data(self, path: str, given: dict[str, Any], focused: str | None) -> JSON:
        """The data of a command interaction, typed against the schema Discord holds."""
        registered = self.fake.commands.get(GUILD) or []
        words = path.split()
        schema = next((c for c in registered if c["name"] == words[0]), None)
        assert schema is not None, f"/{words[0]} is not registered with Discord"
        data: JSON = {
            "id": schema["id"],
            "name": schema["name"],
            "type": 1,
            "guild_id": schema["guild_id"],
            "resolved": {},
        }
        level, holder = schema, data
        for word in words[1:]:
            sub = next(o for o in level.get("options", ()) if o["name"] == word)
            assert sub["type"] in (SUBCOMMAND, SUBCOMMAND_GROUP), f"{word} is not a subcommand"
            inner: JSON = {"name": word, "type": sub["type"], "options": []}
            holder.setdefault("options", []).append(inner)
            level, holder = sub, inner
        holder.setdefault("options", [])
        for key, value in given.items():
            holder["options"].append(self._option(level, key, value, focused, data["resolved"]))
        for option in level.get("options", ()):
            named = {o["name"] for o in holder["options"]}
            if focused is None and option.get("required") and option["name"] not in named:
                raise AssertionError(f"Discord requires {option['name']!r} for /{path}")
        return data

    def _option(
        self, level: JSON, key: str, value: Any, focused: str | None, resolved: JSON
    ) -> JSON:
        spec = next(
            (o for o in level.get("options", ()) if key in (o["name"], py_name(o["name"]))), None
        )
        assert spec is not None, f"/{level['name']} has no option {key!r}"
        option: JSON = {"name": spec["name"], "type": spec["type"]}
        if focused is not None and key == focused:
            return option | {"value": str(value), "focused": True}
        if spec["type"] == USER_OPTION:
            assert isinstance(value, Person)
            resolved.setdefault("users", {})[str(value.id)] = p.user(value)
            return option | {"value": str(value.id)}
        choices = [c["value"] for c in spec.get("choices") or ()]
        assert not choices or value in choices, f"{spec['name']} offers only {choices}"
        return option | {"value": OPTION_TYPES[spec["type"]](value)}

    # --- what Discord holds -----------------------------------------------------------------------
    def messages(self, channel: JSON | int) -> list[JSON]:
        """The messages in a channel, thread or DM, oldest first."""
        channel_id = str(channel if isinstance(channel, int) else channel["id"])
        return [m for m in self.fake.messages.values() if m["channel_id"] == channel_id]

    def dm_channel(self, who: Person) -> JSON | None:
        """The DM channel the bot opened with someone (None when it never tried)."""
        for channel in self.fake.channels.values():
            if channel["type"] == p.DM_CHANNEL and int(channel["recipients"][0]["id"]) == who.id:
                return channel
        return None

    def dms(self, who: Person) -> list[JSON]:
        """The DMs the bot got through to someone."""
        channel = self.dm_channel(who)
        return self.messages(channel) if channel else []

    def threads(self) -> list[JSON]:
        """Every thread the bot opened, oldest first."""
        return [c for c in self.fake.channels.values() if c["type"] in p.THREAD_TYPES]

    def problems(self) -> list[str]:
        """What no test expects: bodies Discord refuses, unknown routes, swallowed errors."""
        found = [
            f"{r.method} {r.path}: {r.status} {r.error}"
            for r in self.fake.requests
            if (r.status >= 400 and r.status not in (403, 404)) or "no such route" in r.error
        ]
        return found + [r.getMessage() for r in self.failures.records]

    def refused(self) -> list[Request]:
        """The requests Discord answered with an error."""
        return [r for r in self.fake.requests if r.status >= 400]


async def _settle(before: set[asyncio.Task[Any]]) -> None:
    """Wait for every task started since `before`, and the tasks those started.

    The timers discord.py starts for views sent ephemerally (15 minutes) are not waited for.
    """
    while pending := [
        t
        for t in asyncio.all_tasks() - before
        if not t.done() and t is not asyncio.current_task() and not _view_timer(t)
    ]:
        await asyncio.gather(*pending)


def _view_timer(task: asyncio.Task[Any]) -> bool:
    name: str = getattr(task.get_coro(), "__qualname__", "")
    return name.endswith("__timeout_task_impl")
