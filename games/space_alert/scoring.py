"""Scoring a completed flight: threat points, penalties and visual confirmation."""

from __future__ import annotations

from dataclasses import dataclass

from games.space_alert.ship import VISUAL_CONFIRMATION_POINTS


@dataclass(frozen=True, slots=True)
class ScoreCard:
    """The flight log's line: each part of the score and the total."""

    destroyed_points: int
    survived_points: int
    damage: tuple[int, int, int]
    knocked_out: int
    inactive_battlebots: int
    visual_confirmation: tuple[int, int, int]

    @property
    def total(self) -> int:
        """Points minus all damage, the worst zone again, 2 per knock-out, 1 per squad down."""
        return (
            self.destroyed_points
            + self.survived_points
            - sum(self.damage)
            - max(self.damage)
            - 2 * self.knocked_out
            - self.inactive_battlebots
            + sum(self.visual_confirmation)
        )


def confirmation_points(crew_count: int) -> int:
    """Points for a phase whose best turn had `crew_count` crew confirming visually."""
    return VISUAL_CONFIRMATION_POINTS[min(crew_count, len(VISUAL_CONFIRMATION_POINTS) - 1)]
