"""The games' Discord front-end plug-ins the bot is built with: the one explicit list.

A game needs one only when it brings messages, replies or components of its own (see
docs/adding-a-game.md); the others are shown by the generic front-end alone. Nothing else in
bot/discord names a game.
"""

from __future__ import annotations

from bot.discord.plugin import DiscordPlugin
from bot.discord.plugins.neuroshima.plugin import PLUGIN as NEUROSHIMA
from bot.discord.plugins.space_alert.plugin import PLUGIN as SPACE_ALERT


def builtin() -> tuple[DiscordPlugin, ...]:
    """Every shipped game's Discord plug-in."""
    return (NEUROSHIMA, SPACE_ALERT)
