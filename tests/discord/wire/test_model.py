"""The model of Discord both harnesses share: scheduled events move as Discord allows."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import discord
import pytest

from tests.discord.real.world import GUILD, DiscordWorld


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[DiscordWorld]:
    found = await DiscordWorld.open(tmp_path)
    yield found
    await found.close()


async def test_a_league_night_event_is_created_started_and_ended_as_on_discord(
    world: DiscordWorld,
) -> None:
    guild = world.client.get_guild(GUILD)
    assert guild is not None
    start = datetime.now(UTC) + timedelta(hours=1)
    event = await guild.create_scheduled_event(
        name="League night",
        start_time=start,
        end_time=start + timedelta(hours=3),
        entity_type=discord.EntityType.external,
        privacy_level=discord.PrivacyLevel.guild_only,
        location="#games",
    )
    assert event.status is discord.EventStatus.scheduled
    fetched = await guild.fetch_scheduled_event(event.id)
    assert (fetched.name, fetched.location) == ("League night", "#games")
    started = await fetched.start()
    assert started.status is discord.EventStatus.active
    with pytest.raises(discord.HTTPException) as refused:
        await fetched.cancel()  # an old copy still says scheduled; Discord knows it started
    assert refused.value.code == 50035
    assert (await started.end()).status is discord.EventStatus.completed


async def test_an_event_in_the_past_or_without_a_place_is_refused(world: DiscordWorld) -> None:
    guild = world.client.get_guild(GUILD)
    assert guild is not None
    past = datetime.now(UTC) - timedelta(minutes=5)
    with pytest.raises(discord.HTTPException) as refused:
        await guild.create_scheduled_event(
            name="Too late",
            start_time=past,
            end_time=past + timedelta(hours=1),
            entity_type=discord.EntityType.external,
            privacy_level=discord.PrivacyLevel.guild_only,
            location="#games",
        )
    assert refused.value.code == 50035 and "in the past" in refused.value.text
    with pytest.raises(discord.NotFound) as unknown:
        await guild.fetch_scheduled_event(12345)
    assert unknown.value.code == 10070
