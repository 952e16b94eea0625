"""The daily puzzle post on Discord: the day's puzzle and picture in the server's channel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.discord import files
from bot.discord.courier import once, seen
from bot.discord.i18n import localise
from bot.service.commands.frontend import server_language
from bot.service.plugins.neuroshima.puzzles import choice, shown
from bot.service.plugins.neuroshima.puzzles.messages import DailyPuzzle
from games.text import Text

if TYPE_CHECKING:
    from bot.discord.delivery import Delivery

PLAY = Text("Play today's puzzle")
PLAY_ID = "zp:0:0:0:play"
"""The Play button's custom id: a puzzle panel button (prefix zp) doing `play`."""


async def post_daily(delivery: Delivery, m: DailyPuzzle) -> None:
    """Post a server's daily puzzle in its language (sent once: a resent parcel that already
    stands in the channel is not posted again)."""
    channel = await delivery.channel(m.channel_id)
    lang = await server_language(delivery.service, m.guild_id)
    attachments = await files.draw(shown.start_images(choice.find(m.puzzle_id)), lang)
    pieces = files.chunks(localise(m.text, lang))
    for i, piece in enumerate(pieces):
        if await seen(delivery.client, channel, piece):
            continue
        last = i == len(pieces) - 1
        extra: dict[str, Any] = {"files": attachments, "view": play_view(lang)} if last else {}
        await channel.send(
            piece, allowed_mentions=discord.AllowedMentions.none(), **once(), **extra
        )


def play_view(lang: str) -> discord.ui.View:
    """The daily post's Play button: today's puzzle, answered to the clicker only.

    Its custom id is a puzzle panel key (PuzzleButton of .puzzles handles it) written out here, so
    delivering a post needs none of the panel's machinery."""
    view = discord.ui.View(timeout=None)
    button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
        label=localise(PLAY, lang), style=discord.ButtonStyle.primary, custom_id=PLAY_ID
    )
    view.add_item(button)
    return view
