"""Puzzles on Discord: the private answer to /puzzle, its panel's components, and the verdict.

The panel is data (the Neuroshima plug-in's puzzles.panel: its steps over a try) drawn and answered
by the one component set of bot.discord.panels; this module adds what only a puzzle has: the
verdict with its battle (a GIF and its narration), Try again, and the daily post's Play button.
Everything here is ephemeral: a puzzle's answers are for the one who plays it.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord import files, i18n, panels
from bot.discord.i18n import localise
from bot.discord.panel_keys import KEY_TEMPLATE, Key
from bot.discord.panels import PanelButton, PanelSelect
from bot.discord.runner import Runner, runner_of
from bot.service.panel_flow import panel_message
from bot.service.plugins.neuroshima.puzzles import tries
from bot.service.plugins.neuroshima.puzzles.panel import PANEL
from bot.service.plugins.neuroshima.puzzles.shown import PuzzleReply
from bot.service.workers import draw_frames
from games.text import Text

AGAIN = Text("Try again")
MENUS, BUTTONS = PANEL.ids
DOORS = ("again", "play")
"""Buttons that open a try rather than answer one (`zp:0:0:0:<op>`): Try again, and the daily
post's Play."""


async def present(
    runner: Runner, interaction: discord.Interaction[Any], reply: PuzzleReply, lang: str
) -> None:
    """Answer a /puzzle command: the text, the panel or the battle, all for the caller only."""
    text = localise(reply.text, lang)
    if reply.panel is not None:
        view = await _view(runner, interaction, reply.panel.try_id, lang)
        await files.followup(interaction, text, reply.images, True, view, lang)
    elif reply.replay is not None:
        await _battle(interaction, reply, lang, edit=False)
    else:
        await files.followup(interaction, text or i18n.t("done", lang), reply.images, True,
                             lang=lang)  # fmt: skip


async def _view(
    runner: Runner, interaction: discord.Interaction[Any], try_id: int, lang: str
) -> discord.ui.View:
    user = interaction.user.id
    screen = await panel_message(runner.service, try_id, user, panel=PANEL)
    return await panels.drawn(runner.service, screen, user, lang, PANEL, runner.plugins)


def again_view(lang: str) -> discord.ui.View:
    """After a battle: one button to try the clicker's last puzzle again."""
    view = discord.ui.View(timeout=None)
    key = Key(0, 0, 0, "again").custom_id(BUTTONS)
    view.add_item(discord.ui.Button(label=localise(AGAIN, lang), custom_id=key))
    return view


async def _battle(
    interaction: discord.Interaction[Any], reply: PuzzleReply, lang: str, *, edit: bool
) -> None:
    """The verdict with the battle as one GIF and its narration (edited into the panel)."""
    replay = reply.replay
    assert replay is not None
    told = localise(reply.text, lang)
    story = Text.lines([replay.caption, replay.narration]) if replay.narration else replay.caption
    frames = tuple(await draw_frames(replay, lang))
    attachments = await files.animation(replay.name, lambda: frames, localise(story, lang))
    content = files.chunks(f"{told}\n\n{localise(story, lang)}")
    view = again_view(lang) if reply.solved is False else None
    if edit:
        await interaction.edit_original_response(content=content[0], attachments=attachments,
                                                 view=view)  # fmt: skip
    else:
        kwargs: dict[str, Any] = {"ephemeral": True, "wait": True, "files": attachments}
        if view is not None:
            kwargs["view"] = view
        await interaction.followup.send(content[0], **kwargs)
    for piece in content[1:]:
        await interaction.followup.send(piece, ephemeral=True)


async def edited(interaction: discord.Interaction[Any], reply: PuzzleReply, lang: str) -> None:
    """Edit the panel into what a click led to: the try's panel anew, or the battle's verdict."""
    if reply.replay is not None:
        await _battle(interaction, reply, lang, edit=True)
        return
    runner = runner_of(interaction)
    if reply.panel is None:  # a text only (nothing to draw a panel from)
        text = files.chunks(localise(reply.text, lang) or i18n.t("done", lang))[0]
        await interaction.edit_original_response(content=text, view=None)
        return
    screen = await panel_message(runner.service, reply.panel.try_id, interaction.user.id,
                                 panel=PANEL)  # fmt: skip
    await panels.edit(runner, interaction, screen, lang, PANEL)


async def _door(runner: Runner, interaction: discord.Interaction[Any], op: str) -> None:
    """Try again (edited into the verdict), or the daily post's Play (a new private message:
    the post stays as it is for everyone)."""
    service, user = runner.service, interaction.user.id
    lang = await runner.locale(interaction)
    scope = interaction.guild_id or 0
    if op == "again":
        await edited(interaction, await tries.retry(service, user, scope), lang)
    else:
        await present(runner, interaction, await tries.begin(service, user, scope), lang)


class PuzzleButton(PanelButton, template=rf"(?P<prefix>{BUTTONS}):{KEY_TEMPLATE}"):
    """A puzzle panel button (drawn by bot.discord.panels), or Try again / Play."""

    panel = PANEL

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Handle the click: a door opens a try, anything else answers the try's panel."""
        key = self.key
        if key.op in DOORS and (key.game, key.seat, key.version) == (0, 0, 0):
            runner = runner_of(interaction)
            await runner.clicked(interaction, lambda: _door(runner, interaction, key.op))
            return
        await super().callback(interaction)


class PuzzleSelect(PanelSelect, template=rf"(?P<prefix>{MENUS}):{KEY_TEMPLATE}"):
    """A puzzle panel menu (drawn by bot.discord.panels): a tile, a hex, another legal move."""

    panel = PANEL
