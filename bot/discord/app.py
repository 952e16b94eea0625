"""The Discord application: gateway client, slash commands from the catalogue, clocks loop.

No privileged intents: slash commands, components and DMs need none of them.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Callable, Sequence
from contextlib import suppress
from typing import Any

import aiohttp
import discord
import yarl
from aiohttp import web
from discord import app_commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

# Loaded with the bot: settle imports it when a game ends, and its first import (120 ms) would
# stall the event loop then.
import bot.service.leagues.hook  # noqa: F401
from bot import health
from bot.config import Settings
from bot.discord.admin import admin_group
from bot.discord.delivery import Delivery
from bot.discord.i18n import Translator, localise
from bot.discord.leagues import tick_leagues
from bot.discord.lifecycle import CLOCK_SECONDS, IN_FLIGHT_SECONDS, STOP_SECONDS, Alarm
from bot.discord.lobby import ConsentButton, LobbyButton, LobbySelect
from bot.discord.panels import PanelButton, PanelSelect
from bot.discord.plugin import DiscordPlugin
from bot.discord.plugins.registry import builtin
from bot.discord.runner import Runner
from bot.discord.schema import build
from bot.lag import LagMonitor, freeze_start_up
from bot.service import metrics
from bot.service.play import replies_later
from bot.service.replies import ai_replies, owed_games
from bot.service.service import Service, open_service
from bot.service.workers import Workers
from bot.service.workers import install as install_workers
from games.text import Text
from storage.sqlite import SqliteStore

log = logging.getLogger("muster.discord")

TICK_SECONDS = 5.0
"""How often the clocks are read: live Space Alert announcements are due to the second (T+n), so
a tick of a minute would post them up to a minute late."""
LEAGUE_TICKS = 12
"""Leagues move on every 12th tick (once a minute): their deadlines are hours apart, and checking
them loads every open league."""
HOST_ITEMS = (LobbyButton, LobbySelect, ConsentButton, PanelButton, PanelSelect)
"""The persistent components every game shares (lobby, consent, the panel)."""
DYNAMIC_ITEMS = (*HOST_ITEMS, *(item for plugin in builtin() for item in plugin.items))
"""The persistent components of a bot built with the shipped games' Discord plug-ins."""


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
    with replies_later() as owed:
        messages = await service.tick()
        await delivery.deliver(messages)
        sent = len(messages) + (await tick_leagues(delivery) if leagues else 0)
    # AI seats that are to act now (after a timeout, in league tables) think in the pool.
    replies = await ai_replies(service.host, owed)
    await delivery.deliver(replies)
    return sent + len(replies)


class AnotherBotError(RuntimeError):
    """The database is SQLite and another bot process already serves it."""

    def __init__(self, database: str, holder: str) -> None:
        super().__init__(f"another muster bot (process {holder}) already runs on {database}")
        self.database = database
        self.holder = holder


class MusterBot(discord.AutoShardedClient):
    """The bot: a command tree built from the catalogue over one Service.

    One process may run a slice of the shards (`shard_ids` of `shard_count`); every process
    answers its own shards' interactions and sends from the shared outbox, and exactly one of
    them (the store's leader) runs the clocks and the leagues.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        sync_global: bool = False,
        shard_ids: Sequence[int] | None = None,
        shard_count: int | None = None,
        plugins: Sequence[DiscordPlugin] | None = None,
    ) -> None:
        slice_: dict[str, Any] = {}
        if shard_ids is not None:
            slice_["shard_ids"] = list(shard_ids)
        if shard_count is not None:
            slice_["shard_count"] = shard_count
        # Nobody is pinged unless a post says so: a display name or a quoted text can hold a
        # mention; posts that must ping the player to act widen this (delivery.allowed).
        super().__init__(
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions.none(),
            **slice_,
        )
        self.settings = settings
        self.sync_global = sync_global
        self.plugins = builtin() if plugins is None else tuple(plugins)  # the games' own
        self.tree: app_commands.CommandTree[MusterBot] = app_commands.CommandTree(self)
        self.runner: Runner | None = None
        self.stopping = asyncio.Event()
        """Set by SIGTERM or SIGINT: `serve` then stops the bot gracefully."""
        self._stop_clocks = asyncio.Event()
        self._clock_alarm = Alarm()
        self._ticker: asyncio.Task[None] | None = None
        self.workers: Workers | None = None
        self.lag = LagMonitor(report=settings.lag_report)
        """The event loop's lag (`lag.largest_ms`, `lag.recent_ms`), for logs and metrics."""
        self._courier: asyncio.Task[None] | None = None
        self._shut = False
        self._health: web.AppRunner | None = None
        self._sources: list[metrics.Refresh] = []

    def display_name(self, user_id: int) -> str:
        """How messages name a user the service has no name for: their cached display name.

        Never a mention: names are drawn on images and buttons, where `<@…>` shows raw. The
        service names most users from their interactions (see Runner.remember_names).
        """
        user = self.get_user(user_id)
        return user.display_name if user is not None else Text("player {user}", user=user_id)

    async def open(self, service: Service | None = None) -> None:
        """Serve `service`, else open the store (AnotherBotError: see `open_bot_service`)."""
        if service is None:
            service = await open_bot_service(self.settings, self.display_name)
        self.runner = Runner(service, Delivery(self, service, self.plugins))

    async def setup_hook(self) -> None:
        """Register commands and persistent components, sync, start the clocks and outbox."""
        self.workers = Workers()
        install_workers(self.workers)
        self.lag.start()
        if self.runner is None:
            await self.open()
        assert self.runner is not None
        install(self.tree, self.runner)
        # Persistent components: matched by custom_id, so old buttons work after a restart.
        self.add_dynamic_items(*HOST_ITEMS, *self.runner.plugins.items)
        await self.tree.set_translator(Translator())
        await self._sync()
        freeze_start_up()  # start-up's objects stay out of the loop's garbage collections
        self._ticker = asyncio.create_task(self._tick_forever())
        self._courier = asyncio.create_task(self.runner.delivery.courier.run())
        await self._serve_health(self.runner.service)

    async def _serve_health(self, service: Service) -> None:
        if self.settings.metrics is None:
            return
        self._sources = [
            metrics.games_source(service.store),
            metrics.outbox_source(service.store, service.host.clock.now),
            metrics.lag_source(lambda: self.lag.recent_ms),
        ]
        for source in self._sources:
            metrics.add_source(source)
        readiness = health.Readiness(self.is_ready, service.store.schema_version)
        host, port = self.settings.metrics
        self._health = await health.serve(readiness, host, port)

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
        if self.runner is not None:  # AI replies a stop interrupted are given first
            try:
                self.runner.stuck += await owed_games(self.runner.service.host)
            except Exception:
                log.exception("could not look for AI replies owed")
        ticks = 0
        while not self._stop_clocks.is_set():
            runner = self.runner
            if runner is not None:  # this process's AI replies that failed are tried again
                stuck, runner.stuck = runner.stuck, []
                await runner.ai_replies(stuck)
            if await self.clock_round(ticks):
                ticks += 1
            await self._clock_alarm.sleep(TICK_SECONDS)

    async def clock_round(self, ticks: int) -> bool:
        """One pass of the clocks, when this process leads them; True when it ticked."""
        runner = self.runner
        if runner is None or not await leading(runner.service):
            return False
        try:
            leagues = ticks % LEAGUE_TICKS == 0
            await tick_once(runner.service, runner.delivery, leagues=leagues)
        except Exception:  # one bad tick must not stop the clocks for good
            log.exception("clock tick failed")
        return True

    async def on_ready(self) -> None:
        """Log which account, shards and how many servers the bot is connected to."""
        shards = sorted(self.shards)
        log.info("connected as %s to %d server(s) on shard(s) %s of %s", self.user,
                 len(self.guilds), shards, self.shard_count)  # fmt: skip

    async def shutdown(self) -> None:
        """Stop well within STOP_SECONDS (see bot/discord/lifecycle.py), then disconnect."""
        loop = asyncio.get_running_loop()
        end = loop.time() + STOP_SECONDS
        runner = self.runner
        if runner is not None:
            runner.gate.close()
            if not await runner.gate.drained(min(IN_FLIGHT_SECONDS, end - loop.time())):
                log.warning("%d interaction(s) still running at shutdown", runner.gate.running)
        self._stop_clocks.set()
        self._clock_alarm.ring()
        await _finish(self._ticker, CLOCK_SECONDS)
        if runner is not None:
            courier = runner.delivery.courier
            courier.stop()
            await _finish(self._courier, 1.0)
            sent = await courier.drain(max(0.5, end - loop.time() - 1.0))
            log.info("shutdown: %d outbox message(s) sent on the way out", sent)
        await self.close()

    async def close(self) -> None:
        """Stop the loops, close the store (giving up the clocks), then disconnect."""
        if self._shut:
            return
        self._shut = True
        self._stop_clocks.set()
        for task in (self._ticker, self._courier):
            if task is not None and not task.done():
                task.cancel()
        if self._health is not None:
            await self._health.cleanup()
        for source in self._sources:
            metrics.remove_source(source)
        if self.runner is not None:
            await self.runner.service.close()
        if self.workers is not None:
            await asyncio.to_thread(self.workers.close)
        await self.lag.stop()
        try:
            await super().close()
        except AttributeError:  # never logged in: discord.py has no event queue to close yet
            log.debug("closed before connecting")


async def open_bot_service(settings: Settings, names: Callable[[int], str]) -> Service:
    """The bot's service; on SQLite it first takes the file's one-bot lock, so a second bot
    on the same file stops here (AnotherBotError), before it ever connects to Discord."""
    service = await open_service(settings.database, names)
    store = service.store
    if not store.shared and not await store.lead():
        holder = store.lock_holder() if isinstance(store, SqliteStore) else "unknown"
        await service.close()
        raise AnotherBotError(store.description, holder)
    return service


async def leading(service: Service) -> bool:
    """Whether this process runs the clocks now (the store's leader; asked every tick, so a
    follower takes over within a tick of the leader's death)."""
    try:
        return await service.store.lead()
    except Exception:  # a store that is away leads nothing; the next tick asks again
        log.exception("could not ask the store for the clocks leadership")
        return False


async def _finish(task: asyncio.Task[None] | None, seconds: float) -> None:
    """Let a loop end on its own within `seconds`, else cancel it."""
    if task is None or task.done():
        return
    try:
        await asyncio.wait_for(asyncio.shield(task), seconds)
    except TimeoutError:
        task.cancel()
        with suppress(asyncio.CancelledError):
            await task
    except Exception:  # the loop's own failure was logged where it happened
        log.exception("a loop failed while stopping")


async def serve(bot: MusterBot, token: str) -> int:
    """Connect, and stop gracefully on SIGTERM or SIGINT; the exit code."""
    if bot.runner is None:
        await bot.open()
    loop = asyncio.get_running_loop()
    signals = (signal.SIGTERM, signal.SIGINT)
    for sig in signals:
        loop.add_signal_handler(sig, bot.stopping.set)
    try:
        connected = asyncio.create_task(bot.start(token))
        stop = asyncio.create_task(bot.stopping.wait())
        await asyncio.wait({connected, stop}, return_when=asyncio.FIRST_COMPLETED)
        if not stop.done():  # the connection ended by itself: a failure (or a close)
            stop.cancel()
            await bot.close()
            connected.result()
            return 0
        log.info("stopping (signal received)")
        await bot.shutdown()
        with suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(connected, 2.0)
        return 0
    finally:
        for sig in signals:
            loop.remove_signal_handler(sig)


def use_discord_at(api: str) -> None:
    """Point discord.py's REST routes and gateway at a Discord simulator (tests only).

    Only the two addresses change; discord.py's HTTP client, rate limiter and gateway code run as
    they do against discord.com. The gateway listens at the simulator's root, over ws(s).
    """
    Route.BASE = f"{api}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(api).with_scheme(
        "wss" if api.startswith("https") else "ws"
    )
    log.warning("talking to a Discord simulator at %s, not discord.com", api)


def run_bot(
    settings: Settings,
    *,
    sync_global: bool = False,
    shard_ids: Sequence[int] | None = None,
    shard_count: int | None = None,
) -> int:
    """Connect to Discord and serve until stopped; returns the exit code.

    Raises AnotherBotError when another bot process holds the SQLite database.
    """
    token = settings.discord_token
    if not token:
        raise ValueError("run_bot needs a token")
    if settings.discord_api is not None:
        use_discord_at(settings.discord_api)

    async def main() -> int:
        made: list[MusterBot] = []
        service = await open_bot_service(settings, lambda user: made[0].display_name(user))
        bot = MusterBot(
            settings, sync_global=sync_global, shard_ids=shard_ids, shard_count=shard_count
        )
        made.append(bot)
        await bot.open(service)
        return await serve(bot, token)

    try:
        return asyncio.run(main())
    except discord.LoginFailure:
        log.error("Discord rejected the token: check DISCORD_TOKEN in .env")
        return 1
    except (aiohttp.ClientError, OSError, discord.GatewayNotFound) as err:
        # Unreachable (no network, DNS, a firewall): one line for the operator, no traceback.
        unreachable = Text("cannot reach Discord: {error}", error=str(err) or type(err).__name__)
        print(f"muster: {localise(unreachable, settings.locale)}", file=sys.stderr)
        return 1
