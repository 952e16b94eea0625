"""The lobby message's components (Join, Leave, army select, Start) and consent buttons.

They are DynamicItems: the custom_id carries the game, so they keep working after a restart.
Each one runs the same catalogue command a player could type (`/neuroshima join game:12`).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord import i18n
from bot.discord.runner import find, picked_values, runner_of
from bot.service.commands import CONTEXT_GUILD, catalogue, complete
from bot.service.commands.frontend import place
from bot.service.commands.hosting import group_name, profile_of
from bot.service.service import Service

Button = discord.ui.Button[discord.ui.View]
Select = discord.ui.Select[discord.ui.View]

LOBBY_OPS = ("join", "leave", "start")


def _lobby_command(game_key: str, op: str) -> str:
    return f"{group_name(game_key)} {op}"


class LobbyButton(
    discord.ui.DynamicItem[Button], template=r"ml:(?P<game>\d+):(?P<op>join|leave|start)"
):
    """Join, Leave or Start on a lobby message."""

    def __init__(self, game_id: int, op: str, label: str = "") -> None:
        style = discord.ButtonStyle.success if op == "start" else discord.ButtonStyle.primary
        if op == "leave":
            style = discord.ButtonStyle.secondary
        super().__init__(Button(label=label or op, style=style, custom_id=f"ml:{game_id}:{op}"))
        self.game_id = game_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        """Rebuild the button from its custom_id (any time, also after a restart)."""
        return cls(int(match["game"]), match["op"], str(getattr(item, "label", "") or ""))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Run the lobby command the button stands for."""
        runner = runner_of(interaction)
        try:
            where = await place(runner.service, self.game_id)
            if self.op == "start":
                # Probe DMs before the first hand is dealt, so no panel goes to a closed DM.
                for user in await _humans(runner.service, self.game_id):
                    await runner.delivery.probe(user, self.game_id)
            command = find(_lobby_command(where.game_key, self.op))
        except Exception as err:  # answered by the one error handler
            await runner.fail(interaction, err)
            return
        await runner.run(interaction, command, {"game": self.game_id})


class LobbySelect(discord.ui.DynamicItem[Select], template=r"ml:(?P<game>\d+):role"):
    """The army (role) select of a lobby message."""

    def __init__(self, game_id: int, options: list[discord.SelectOption], placeholder: str) -> None:
        select = Select(
            custom_id=f"ml:{game_id}:role",
            placeholder=placeholder,
            options=options or [discord.SelectOption(label="random")],
        )
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbySelect:
        """Rebuild the select from its custom_id; the chosen value arrives with the interaction."""
        return cls(int(match["game"]), [], "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Choose the picked army in this lobby."""
        runner = runner_of(interaction)
        values = picked_values(interaction)
        try:
            where = await place(runner.service, self.game_id)
            label = profile_of(where.game_key).role_label
            command = find(_lobby_command(where.game_key, label))
        except Exception as err:  # answered by the one error handler
            await runner.fail(interaction, err)
            return
        picked = values[0] if values else ""
        await runner.run(interaction, command, {label: picked, "game": self.game_id})


class ConsentButton(
    discord.ui.DynamicItem[Button], template=r"mc:(?P<game>\d+):(?P<what>[a-z]+):(?P<yes>[01])"
):
    """Accept or decline a takeback, abort or pause request."""

    def __init__(self, game_id: int, what: str, yes: bool, label: str = "") -> None:
        style = discord.ButtonStyle.success if yes else discord.ButtonStyle.danger
        custom_id = f"mc:{game_id}:{what}:{int(yes)}"
        super().__init__(Button(label=label or ("yes" if yes else "no"), style=style,
                                custom_id=custom_id))  # fmt: skip
        self.game_id, self.what, self.yes = game_id, what, yes

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConsentButton:
        """Rebuild the button from its custom_id."""
        label = str(getattr(item, "label", "") or "")
        return cls(int(match["game"]), match["what"], match["yes"] == "1", label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Answer the request as the clicking player."""
        runner = runner_of(interaction)
        options = {"request": self.what, "accept": self.yes, "game": self.game_id}
        await runner.run(interaction, find("answer"), options)


async def _humans(service: Service, game_id: int) -> list[int]:
    from bot.service.commands.frontend import humans

    return await humans(service, game_id)


async def lobby_view(service: Service, game_id: int, lang: str) -> discord.ui.View | None:
    """The components of a lobby message; None once the game has started or ended."""
    where = await place(service, game_id)
    if where.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    profile = profile_of(where.game_key)
    group = catalogue().group(group_name(where.game_key))
    role_command = group.command(profile.role_label) if group and profile.roles else None
    if role_command is not None:
        # The lobby's own message, shown where the game lives: asked from the game's server.
        here = {"game": game_id, CONTEXT_GUILD: where.guild_id}
        found = await complete(service, 0, role_command, profile.role_label, here)
        options = [discord.SelectOption(label=s.name[:100], value=s.value) for s in found]
        view.add_item(LobbySelect(game_id, options, i18n.t("army", lang)))
    for op in LOBBY_OPS:
        view.add_item(LobbyButton(game_id, op, i18n.t(op, lang)))
    return view


def consent_view(game_id: int, what: str, lang: str = "en") -> discord.ui.View:
    """Accept / Decline buttons for a takeback, abort or pause request."""
    view = discord.ui.View(timeout=None)
    view.add_item(ConsentButton(game_id, what, True, i18n.t("accept", lang)))
    view.add_item(ConsentButton(game_id, what, False, i18n.t("decline", lang)))
    return view
