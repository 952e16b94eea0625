"""Neuroshima Hex battle puzzles: one turn with a given hand, one battle, one goal.

The public API: `Puzzle`, `Goal`, `GoalKind`, `Verdict`, `load`/`dump` (the format
`muster.neuroshima.puzzle/1`), `start` (the game state the turn begins in), `play` and
`finish` (a turn action by action), `judge` (a whole turn at once), `solve` (every turn, for
checking), `check` (re-verify a puzzle), `shipped`/`find` (the puzzles in the package), and
`theme_name` and `Puzzle.goal_text` (what players read).
"""

from __future__ import annotations

from games.neuroshima.puzzles.fileformat import dump, load
from games.neuroshima.puzzles.judge import finish, judge, play
from games.neuroshima.puzzles.model import (
    FORMAT,
    THEMES,
    Goal,
    GoalKind,
    Puzzle,
    PuzzleError,
    Verdict,
    theme_name,
)
from games.neuroshima.puzzles.shipped import check, find, shipped
from games.neuroshima.puzzles.solve import Solved, solve
from games.neuroshima.puzzles.turn import start

__all__ = [
    "FORMAT",
    "THEMES",
    "Goal",
    "GoalKind",
    "Puzzle",
    "PuzzleError",
    "Solved",
    "Verdict",
    "check",
    "dump",
    "find",
    "finish",
    "judge",
    "load",
    "play",
    "shipped",
    "solve",
    "start",
    "theme_name",
]
