"""Nobody is pinged by default: allowed_mentions is set once on the client and widened only for
the player who must act."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from bot.config import settings_from
from bot.discord.app import MusterBot
from bot.service.presenters import _PRESENTERS
from tests.discord.real.images import quick_neuroshima
from tests.discord.real.world import DiscordWorld


@pytest.fixture(autouse=True)
def quick_images(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(_PRESENTERS, "neuroshima", quick_neuroshima())


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[DiscordWorld]:
    found = await DiscordWorld.open(tmp_path)
    yield found
    await found.close()
    assert found.problems() == []


def test_the_client_pings_nobody_by_default() -> None:
    bot = MusterBot(settings_from({"DISCORD_TOKEN": "x"}))
    assert bot.allowed_mentions is not None
    assert bot.allowed_mentions.to_dict() == discord.AllowedMentions.none().to_dict()


async def test_a_post_that_says_nothing_about_mentions_pings_nobody(world: DiscordWorld) -> None:
    await world.slash(world.alice, "neuroshima new", vs="ai", level="easy", army="moloch")
    assert world.bot is not None
    channel = world.bot.get_channel(int(world.channel["id"]))
    assert isinstance(channel, discord.TextChannel)
    # As the Space Alert bridge posts: no allowed_mentions of its own.
    await channel.send(f"{world.alice.mention} @everyone, a name that looks like a ping")
    sent = [r for r in world.fake.requests if r.method == "POST" and r.path.endswith("/messages")]
    assert sent[-1].json["allowed_mentions"] == {"parse": []}
    for request in sent:
        allowed = request.json.get("allowed_mentions")
        assert allowed is not None, request.json
        assert allowed["parse"] == [] and not allowed.get("replied_user"), allowed
        users = [int(u) for u in allowed.get("users", [])]
        if users:  # only a post telling someone it is their move pings, and only them
            assert users == [int(m) for m in re.findall(r"<@!?(\d+)>", request.json["content"])]
