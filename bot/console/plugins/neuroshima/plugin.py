"""Neuroshima Hex's own in the console: one value."""

from __future__ import annotations

from bot.console.plugin import ConsolePlugin
from bot.console.plugins.neuroshima.puzzles import in_play, puzzle_lines
from bot.service.plugins.neuroshima.puzzles.shown import PuzzleReply

PLUGIN = ConsolePlugin(
    key="neuroshima", lines={PuzzleReply: puzzle_lines}, modes={PuzzleReply: in_play}
)
"""The puzzles: an answer's pictures and battle, and the try in play."""
