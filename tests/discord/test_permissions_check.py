"""/muster-admin check: per channel, the permissions the bot lacks for each feature, by name."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from bot.discord.admin import admin_group
from bot.discord.permissions import missing, report
from tests.discord.conftest import World

ALL = discord.Permissions.all()


def without(*flags: str) -> discord.Permissions:
    perms = discord.Permissions.all()
    for flag in flags:
        setattr(perms, flag, False)
    return perms


def test_each_missing_permission_is_named_under_its_feature() -> None:
    assert missing(ALL, ALL) == {}
    lacking = missing(without("attach_files", "create_public_threads"), without("manage_events"))
    assert lacking == {
        "feature_threads": ["Create Public Threads"],
        "feature_files": ["Attach Files"],
        "feature_events": ["Manage Events"],
    }
    closed = missing(without("send_messages_in_threads", "create_private_threads"), ALL)
    assert closed == {
        "feature_threads": ["Send Messages in Threads"],
        "feature_dms": ["Create Private Threads", "Send Messages in Threads"],
    }


def test_the_report_says_it_channel_by_channel() -> None:
    channels = [("<#1>", ALL), ("<#2>", without("attach_files"))]
    assert report(channels, without("manage_events"), "en").splitlines() == [
        "<#1>: nothing missing.",
        "<#2>: board images need Attach Files.",
        "Server: league scheduled events need Manage Events.",
    ]


async def test_the_admin_command_answers_privately(world: World) -> None:
    def channel(cid: int, perms: discord.Permissions) -> Any:
        return SimpleNamespace(mention=f"<#{cid}>", permissions_for=lambda member: perms)

    me = SimpleNamespace(guild_permissions=ALL)
    guild = SimpleNamespace(
        me=me, text_channels=[channel(1, ALL)], forums=[], voice_channels=[channel(2, without(
            "create_public_threads"))]
    )  # fmt: skip
    interaction = world.interaction(world.alice, admin=True)
    interaction.guild = guild  # type: ignore[attr-defined]
    check = admin_group(world.runner).get_command("check")
    assert isinstance(check, discord.app_commands.Command)
    await check.callback(interaction)  # type: ignore[call-arg]
    (answer,) = world.client.log.of("followup", interaction.id)
    assert answer.ephemeral
    assert (
        answer.content == "<#1>: nothing missing.\n<#2>: game threads need Create Public Threads."
    )
