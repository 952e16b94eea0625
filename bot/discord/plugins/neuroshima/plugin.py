"""Neuroshima Hex's own on Discord: one value."""

from __future__ import annotations

from bot.discord.plugin import DiscordPlugin
from bot.discord.plugins.neuroshima.daily import post_daily
from bot.discord.plugins.neuroshima.puzzles import PuzzleButton, PuzzleSelect, edited, present
from bot.service.plugins.neuroshima.puzzles.messages import DAILY
from bot.service.plugins.neuroshima.puzzles.shown import PuzzleReply

PLUGIN = DiscordPlugin(
    key="neuroshima",
    items=(PuzzleButton, PuzzleSelect),
    replies={PuzzleReply: present},
    panel_replies={PuzzleReply: edited},
    deliverers={DAILY: post_daily},
)
"""The puzzles: a /puzzle answer and the try's panel (its own components, Try again and the
daily post's Play), the battle edited into the panel, and the daily post in a server's
channel."""
