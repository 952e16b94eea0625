"""`/muster-admin`: server-admin tools, hidden from members by default (manage server)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord import files
from bot.discord.i18n import described, t
from bot.discord.permissions import game_channels, report
from bot.discord.runner import Runner, find
from bot.service.commands.admin_tools import REPLACE, START
from games.text import marked

ADMIN_DESCRIPTION = marked("Server admin tools for Muster games")


def admin_group(runner: Runner) -> app_commands.Group:
    """The admin group; Discord shows it only to members who may manage the server."""
    group = app_commands.Group(
        name="muster-admin",
        description=ADMIN_DESCRIPTION,
        default_permissions=discord.Permissions(manage_guild=True),
        guild_only=True,
    )

    @group.command(
        name="cancel",
        description=described("Cancel any lobby or running game", "muster-admin.cancel"),
    )
    @app_commands.describe(game=described("Game number", "muster-admin.cancel.game"))
    async def cancel(
        interaction: discord.Interaction[Any], game: app_commands.Range[int, 1]
    ) -> None:
        await runner.run(interaction, find("cancel"), {"game": game})

    @group.command(
        name="start", description=described("Start a full lobby for its host", "muster-admin.start")
    )
    @app_commands.describe(game=described("Game number", "muster-admin.start.game"))
    async def start(
        interaction: discord.Interaction[Any], game: app_commands.Range[int, 1]
    ) -> None:
        await runner.run(interaction, START, {"game": game})

    @group.command(
        name="replace",
        description=described("Hand a player's seat to someone else", "muster-admin.replace"),
    )
    @app_commands.describe(
        game=described("Game number", "muster-admin.replace.game"),
        old=described("Who leaves the seat", "muster-admin.replace.old"),
        new=described("Who takes it", "muster-admin.replace.new"),
    )
    async def replace(
        interaction: discord.Interaction[Any],
        game: app_commands.Range[int, 1],
        old: discord.User,
        new: discord.User,
    ) -> None:
        await runner.run(interaction, REPLACE, {"game": game, "old": old.id, "new": new.id})

    @group.command(
        name="check",
        description=described(
            "Which bot permissions each channel lacks, by feature", "muster-admin.check"
        ),
    )
    async def check(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            guild: Any = interaction.guild
            me = guild.me
            channels = [(c.mention, c.permissions_for(me)) for c in game_channels(guild)]
            lang = await runner.locale(interaction)
            said = report(channels, me.guild_permissions, lang)
            await files.followup(interaction, said or t("done", lang), (), True)
        except Exception as err:  # the one error handler answers
            await runner.fail(interaction, err)

    del cancel, start, replace, check
    return group
