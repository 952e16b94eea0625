"""The Discord client: connects with the token and the default (non-privileged) intents."""

from __future__ import annotations

import logging

import discord

from bot.config import Settings

log = logging.getLogger("muster.discord")


class MusterClient(discord.Client):
    """The bot's gateway connection; commands are added by the cogs of later releases."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())

    async def on_ready(self) -> None:
        """Log which account and how many servers the bot is connected to."""
        user = self.user
        log.info("connected as %s to %d server(s)", user, len(self.guilds))


def run_bot(settings: Settings) -> int:
    """Connect to Discord and serve until interrupted; returns the exit code."""
    token = settings.discord_token
    if not token:
        raise ValueError("run_bot needs a token")
    try:
        MusterClient().run(token, log_handler=None)
    except discord.LoginFailure:
        log.error("Discord rejected the token: check DISCORD_TOKEN in .env")
        return 1
    return 0
