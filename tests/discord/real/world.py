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
import logging
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import discord
from discord.webhook.async_ import async_context

from bot.config import Settings
from bot.discord.app import MusterBot
from bot.service.commands import CONTEXT_SEED
from bot.service.plugin import GamePlugin
from bot.service.service import open_service
from tests.discord.real import gestures
from tests.discord.real import payloads as p
from tests.discord.real.api import FakeDiscord
from tests.discord.real.exchange import Exchange
from tests.discord.real.payloads import JSON, Person
from tests.discord.real.state import Request
from tests.discord.real.transport import RecordingHTTP, RecordingWebhookAdapter

GUILD = 1_150_000_000_000_000_001
TOKEN = "MTAx.fake.token"
SEED = "discord-1"
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

    def __init__(self, tmp_path: Path, plugins: Sequence[GamePlugin] | None = None) -> None:
        self.owner = Person(1_150_000_000_000_000_100, "owner")
        self.fake = FakeDiscord(GUILD, self.owner, Person(1_150_000_000_000_000_002, "muster"))
        self.alice = self.person("alice")
        self.bob = self.person("bob")
        self.channel = self.fake.add_text_channel("games")
        self.database = f"sqlite:///{tmp_path / 'muster.db'}"
        self.adapter = RecordingWebhookAdapter(self.fake)
        self.failures = _Failures()
        self.bot: MusterBot | None = None
        self.plugins = plugins
        """The games the bot hosts (None: the shipped ones, as the bot's own service does)."""

    @classmethod
    async def open(
        cls, tmp_path: Path, plugins: Sequence[GamePlugin] | None = None
    ) -> DiscordWorld:
        """A world with the bot logged in (hosting `plugins`, else the shipped games)."""
        world = cls(tmp_path, plugins)
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
        if self.plugins is not None:
            await bot.open(await open_service(self.database, bot.display_name, self.plugins))
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
        data = gestures.click_data(current, button)
        return await self.dispatch(self.interaction(who, 3, data, self._where(current), current))

    async def select(self, who: Person, message: JSON, menu: str, value: str) -> Exchange:
        """Pick one option of a select menu (by placeholder or custom id)."""
        current = self.fake.message(int(message["id"]))
        data = gestures.select_data(current, menu, value)
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
        return gestures.interaction(self.fake, who, kind, data, where, message)

    def _where(self, message: JSON) -> JSON:
        return self.fake.channel(int(message["channel_id"]))

    def _command_data(self, path: str, given: dict[str, Any], focused: str | None) -> JSON:
        return gestures.command_data(self.fake, GUILD, path, given, focused)

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
