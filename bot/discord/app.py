"""The Discord application: gateway client, slash commands from the catalogue, clocks loop.

No privileged intents: slash commands, components and DMs need none of them.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from typing import Any

import aiohttp
import discord
from discord import app_commands

from bot.config import Settings
from bot.discord.admin import admin_group
from bot.discord.delivery import Delivery
from bot.discord.i18n import Translator
from bot.discord.leagues import tick_leagues
from bot.discord.lobby import ConsentButton, LobbyButton, LobbySelect
from bot.discord.panels import PanelButton, PanelSelect
from bot.discord.runner import Runner
from bot.discord.schema import build
from bot.discord.space_alert import AlertButton, AlertSelect
from bot.service.commands.frontend import open_service
from bot.service.i18n import localise
from bot.service.service import Service
from games.text import Text

log = logging.getLogger("muster.discord")

TICK_SECONDS = 5.0
"""How often the clocks are read: live Space Alert announcements are due to the second (T+n), so
a tick of a minute would post them up to a minute late."""
LEAGUE_TICKS = 12
"""Leagues move on every 12th tick (once a minute): their deadlines are hours apart, and checking
them loads every open league."""
DYNAMIC_ITEMS = (
    LobbyButton, LobbySelect, ConsentButton, PanelButton, PanelSelect, AlertButton, AlertSelect,
)  # fmt: skip


def install(tree: app_commands.CommandTree[Any], runner: Runner) -> None:
    """Put every Muster command on a tree and route its errors to the one error handler."""
    for command in build(runner):
        tree.add_command(command)
    tree.add_command(admin_group(runner))

    async def on_error(
        interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await runner.fail(interaction, error)

    tree.on_error = on_error  # type: ignore[method-assign]


async def tick_once(service: Service, delivery: Delivery, *, leagues: bool = True) -> int:
    """Fire due reminders, digests and timeouts, move the leagues on, deliver it all.

    Returns how many messages and league replies went out.
    """
    messages = await service.tick()
    await delivery.deliver(messages)
    return len(messages) + (await tick_leagues(delivery) if leagues else 0)


class MusterBot(discord.Client):
    """The bot: a command tree built from the catalogue over one Service."""

    def __init__(self, settings: Settings, *, sync_global: bool = False) -> None:
        super().__init__(intents=discord.Intents.default())
        self.settings = settings
        self.sync_global = sync_global
        self.tree: app_commands.CommandTree[MusterBot] = app_commands.CommandTree(self)
        self.runner: Runner | None = None
        self._ticker: asyncio.Task[None] | None = None

    def display_name(self, user_id: int) -> str:
        """How messages name a user: their cached display name, else a mention."""
        user = self.get_user(user_id)
        return user.display_name if user is not None else f"<@{user_id}>"

    async def setup_hook(self) -> None:
        """Open the store, register commands and persistent components, sync as configured."""
        service = await open_service(self.settings.database, self.display_name)
        self.runner = Runner(service, Delivery(self, service))
        install(self.tree, self.runner)
        # Persistent components: matched by custom_id, so old buttons work after a restart.
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(Translator())
        await self._sync()
        self._ticker = asyncio.create_task(self._tick_forever())

    async def _sync(self) -> None:
        # Never on every start globally: Discord rate-limits command registration.
        if self.settings.dev_guild is not None:
            guild = discord.Object(self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the development server", len(synced))
        if self.sync_global:
            synced = await self.tree.sync()
            log.info("synced %d commands globally (may take up to an hour to show)", len(synced))

    async def _tick_forever(self) -> None:
        await self.wait_until_ready()
        ticks = 0
        while not self.is_closed():
            runner = self.runner
            if runner is not None:
                try:
                    leagues = ticks % LEAGUE_TICKS == 0
                    await tick_once(runner.service, runner.delivery, leagues=leagues)
                except Exception:  # one bad tick must not stop the clocks for good
                    log.exception("clock tick failed")
            ticks += 1
            await asyncio.sleep(TICK_SECONDS)

    async def on_ready(self) -> None:
        """Log which account and how many servers the bot is connected to."""
        log.info("connected as %s to %d server(s)", self.user, len(self.guilds))

    async def close(self) -> None:
        """Stop the clocks loop and close the store, then disconnect."""
        if self._ticker is not None:
            self._ticker.cancel()
        if self.runner is not None:
            await self.runner.service.close()
        await super().close()


def run_bot(settings: Settings, *, sync_global: bool = False) -> int:
    """Connect to Discord and serve until interrupted; returns the exit code."""
    token = settings.discord_token
    if not token:
        raise ValueError("run_bot needs a token")
    try:
        MusterBot(settings, sync_global=sync_global).run(token, log_handler=None)
    except discord.LoginFailure:
        log.error("Discord rejected the token: check DISCORD_TOKEN in .env")
        return 1
    except (aiohttp.ClientError, OSError, discord.GatewayNotFound) as err:
        # Unreachable (no network, DNS, a firewall): one line for the operator, no traceback.
        unreachable = Text("cannot reach Discord: {error}", error=str(err) or type(err).__name__)
        print(f"muster: {localise(unreachable, settings.locale)}", file=sys.stderr)
        return 1
    return 0
