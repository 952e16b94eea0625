"""The puzzle messages the outbox carries (kept free of service imports: parcels reads them)."""

from __future__ import annotations

from dataclasses import dataclass

DAILY = "puzzle_daily"
"""The daily post's message kind (what a front-end delivers it by)."""


@dataclass(frozen=True, slots=True)
class DailyPuzzle:
    """For a server's puzzle channel: the day's puzzle, and the day before's solution.

    Its picture is drawn at delivery from `puzzle_id` (so a post sent after a restart has it).
    """

    guild_id: int
    channel_id: int
    day: str
    puzzle_id: str
    text: str
    kind: str = DAILY
