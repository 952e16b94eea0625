"""Space Alert's own on Discord: one value."""

from __future__ import annotations

from bot.discord.plugin import DiscordPlugin
from bot.discord.plugins.space_alert.bridge import deliver_bridge
from bot.service.plugins.space_alert.bridge import BRIDGE, BRIDGE_EDIT

PLUGIN = DiscordPlugin(
    key="space_alert",
    deliverers={BRIDGE: deliver_bridge, BRIDGE_EDIT: deliver_bridge},
)
"""The bridge: one message per phase in the game thread, edited in place as the phase moves
on."""
