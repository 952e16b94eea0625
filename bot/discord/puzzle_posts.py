"""The daily puzzle post on Discord: the day's puzzle and picture in the server's channel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.discord import files
from bot.discord.courier import once, seen
from bot.service.commands.frontend import server_language
from bot.service.i18n import localise
from bot.service.puzzles import choice, shown
from bot.service.puzzles.messages import DailyPuzzle

if TYPE_CHECKING:
    from bot.discord.delivery import Delivery


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
        extra: dict[str, Any] = {"files": attachments} if i == len(pieces) - 1 else {}
        await channel.send(
            piece, allowed_mentions=discord.AllowedMentions.none(), **once(), **extra
        )
