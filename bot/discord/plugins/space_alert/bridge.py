"""The Space Alert bridge in the game thread: one message per phase, edited in place.

The service marks bridge updates (`BRIDGE`: a new phase's bridge, `BRIDGE_EDIT`: the same
phase moved on); the message id is remembered with the game's threads, so an edit after a
restart still finds it. A bridge that cannot be edited (deleted, or never posted) is posted
anew. A game played in DMs has no thread: each bridge goes out as an ordinary post.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.discord import files
from bot.discord.courier import once
from bot.discord.i18n import localise
from bot.service.commands.frontend import game_language, game_message, set_game_message
from bot.service.outbox import PublicUpdate
from bot.service.plugins.space_alert.bridge import BRIDGE_EDIT

if TYPE_CHECKING:
    from bot.discord.delivery import Delivery

log = logging.getLogger("muster.discord.space_alert")

MESSAGE_KEY = "bridge"


async def deliver_bridge(delivery: Delivery, m: PublicUpdate) -> None:
    """Post a new phase's bridge, or edit the current one in place."""
    channel = await delivery.game_channel(m.game_id)
    if channel is None:
        await delivery.post(m.game_id, m.text, m.images)
        return
    lang = await game_language(delivery.service, m.game_id)
    text = files.chunks(localise(m.text, lang))[0]
    attachments = await files.draw(m.images, lang)
    current = await game_message(delivery.service, m.game_id, MESSAGE_KEY)
    if m.kind == BRIDGE_EDIT and current is not None:
        try:
            await channel.get_partial_message(current).edit(content=text, attachments=attachments)
            return
        except discord.NotFound:
            log.info("game %s: the bridge message is gone; posting a new one", m.game_id)
            attachments = await files.draw(m.images, lang)  # a File is read once
    sent = await channel.send(text, files=attachments, **once())
    await set_game_message(delivery.service, m.game_id, MESSAGE_KEY, sent.id)
