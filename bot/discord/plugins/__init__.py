"""The games' Discord front-end plug-ins: one package per game that brings messages, replies or
components of its own (bot.discord.plugin); the list the bot is built with is `registry`."""
