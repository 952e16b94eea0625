"""Threat trajectories T1-T7: length, the X/Y spaces, distance bands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Trajectory:
    """One trajectory; spaces count from the ship: 1 is the Z space, `length` the start."""

    name: str
    length: int
    x: tuple[int, ...]
    y: tuple[int, ...]

    def letter(self, space: int) -> str | None:
        """'x', 'y' or 'z' when that space carries an action, else None."""
        if space == 1:
            return "z"
        if space in self.x:
            return "x"
        if space in self.y:
            return "y"
        return None


TRAJECTORIES: Final = {
    t.name: t
    for t in (
        Trajectory("T1", 10, (5,), ()),
        Trajectory("T2", 11, (8,), ()),
        Trajectory("T3", 12, (8,), (3,)),
        Trajectory("T4", 13, (9,), (5,)),
        Trajectory("T5", 14, (11,), (7,)),
        Trajectory("T6", 15, (10,), (7, 3)),
        Trajectory("T7", 16, (12,), (8, 5)),
    )
}


def distance(space: int) -> int:
    """The distance band (1, 2 or 3) of a space: 1-5, 6-10, 11 and beyond."""
    if space <= 5:
        return 1
    if space <= 10:
        return 2
    return 3
