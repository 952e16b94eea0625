"""Puzzles in the console: a puzzle answer's pictures and battle, and the try in play."""

from __future__ import annotations

from bot.console.plugin import Mode
from bot.console.show import Images, Say, indent
from bot.service import Service
from bot.service.panels import Panel
from bot.service.plugins.neuroshima.puzzle_commands import GROUP
from bot.service.plugins.neuroshima.puzzles import tries
from bot.service.plugins.neuroshima.puzzles.panel import PANEL
from bot.service.plugins.neuroshima.puzzles.shown import PuzzleReply
from games.text import Text


def puzzle_lines(reply: PuzzleReply, images: Images, say: Say = str) -> list[str]:
    """A puzzle answer's pictures, and its battle: caption, narration and frames."""
    lines = [f"  {say(line)}" for i in reply.images if (line := images.image(i))]
    replay = reply.replay
    if replay is not None:
        lines.append(say(Text("[battle] {caption}", caption=replay.caption)))
        lines += indent(say(replay.narration))
        lines += indent("\n".join(say(line) for line in images.frames(replay)))
    return lines


async def try_panel(service: Service, user: str) -> tuple[int, Panel]:
    """The panel of the user's try in play."""
    return (await tries.desk(service, user)).record.id, PANEL


IN_PLAY = Mode(f"/{GROUP} act action:", try_panel)
"""A puzzle is in play: text without a slash is played in it, /panel shows its panel."""


def in_play(reply: PuzzleReply) -> Mode | None:
    """A puzzle stays in play while its try is open (until its battle)."""
    return IN_PLAY if reply.panel is not None else None
