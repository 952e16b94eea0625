"""Fixtures: a Service on a real SQLite file behind the Discord layer, with fake Discord objects."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from bot.discord.app import install
from bot.discord.delivery import Delivery
from bot.discord.runner import Runner
from bot.service import FakeClock, Service
from bot.service.commands import CONTEXT_SEED
from storage.sqlite import SqliteStore
from tests.discord.fakes import FakeChannel, FakeClient, FakeInteraction, FakeUser, snowflake

GUILD = 4242
SEED = "discord-1"


@dataclass
class World:
    """A guild with a #games channel, two players and the bot's runner."""

    client: FakeClient
    service: Service
    runner: Runner
    tree: app_commands.CommandTree[Any]
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    clock: FakeClock

    def interaction(self, user: FakeUser, **kwargs: Any) -> FakeInteraction:
        """An interaction from `user` in #games (or where kwargs say)."""
        kwargs.setdefault("guild_id", GUILD)
        kwargs.setdefault("channel", self.channel)
        return FakeInteraction(self.client, user, **kwargs)

    def command(self, path: str) -> app_commands.Command[Any, ..., Any]:
        """The slash command typed as 'board' or 'neuroshima new'."""
        words = path.split()
        found = self.tree.get_command(words[0])
        if len(words) == 2:
            assert isinstance(found, app_commands.Group)
            found = found.get_command(words[1])
        assert isinstance(found, app_commands.Command)
        return found

    async def slash(self, user: FakeUser, path: str, **values: Any) -> FakeInteraction:
        """Invoke a slash command as Discord would call its callback."""
        interaction = self.interaction(user)
        await self.command(path).callback(interaction, **values)  # type: ignore[arg-type]
        return interaction


async def make_world(tmp_path: Path, clock: FakeClock, client: FakeClient | None = None) -> World:
    """A fresh world over the database in tmp_path; passing the old (Discord-side) client and
    reopening the same database simulates a restart of the bot."""
    import discord

    client = client or FakeClient()
    store = await SqliteStore.open(tmp_path / "muster.db", clock=clock.now)
    service = Service(
        store,
        clock,
        names=lambda uid: client.users[uid].name if uid in client.users else f"<@{uid}>",
    )
    runner = Runner(service, Delivery(client, service))  # type: ignore[arg-type]
    context = runner.context

    async def seeded(interaction: Any) -> dict[str, Any]:
        # Fixed seeds make the scripted games repeatable; Discord itself never passes one.
        return {**await context(interaction), CONTEXT_SEED: SEED}

    runner.context = seeded  # type: ignore[method-assign]
    client.runner = runner
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(
        discord.Client(intents=discord.Intents.default())
    )
    install(tree, runner)
    channel = FakeChannel(client, snowflake(), "games")
    alice = client.users.get(1001) or client.user_(1001, "alice")
    bob = client.users.get(1002) or client.user_(1002, "bob")
    return World(client, service, runner, tree, channel, alice, bob, clock)


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    clock = FakeClock()
    w = await make_world(tmp_path, clock)
    yield w
    await w.service.close()
