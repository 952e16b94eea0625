"""The words of a puzzle: its heading, its goal, its seats' names and its solution.

Kept apart from the pictures (shown.py) so the daily post's text needs no renderer.
"""

from __future__ import annotations

from bot.service.plugins.neuroshima.puzzles import skill
from games.neuroshima.puzzles import Puzzle
from games.neuroshima.puzzles.model import theme_name
from games.neuroshima.tiles import armies
from games.text import Text
from storage.puzzles import Skill


def names(puzzle: Puzzle) -> tuple[str, ...]:
    """Each seat as the pictures and the narration call it: its army."""
    known = armies()
    return tuple(Text.verbatim(known[a].name if a in known else a) for a in puzzle.position.armies)


def title(puzzle: Puzzle, rating: Skill) -> Text:
    """The puzzle's heading: id, themes and its rating."""
    themes = Text.joined(", ", [theme_name(t) for t in puzzle.themes]) or Text("no theme")
    return Text(
        "Puzzle {puzzle} ({themes}), rated {rating}.",
        puzzle=Text.verbatim(puzzle.id),
        themes=themes,
        rating=skill.shown(rating),
    )


def goal(puzzle: Puzzle) -> str:
    """The goal as the player reads it."""
    return puzzle.goal_text


def solution_text(puzzle: Puzzle) -> Text:
    """A puzzle's first listed solution, as typed."""
    if not puzzle.solutions:
        return Text("no solution listed")
    return Text.verbatim("; ".join(puzzle.solutions[0]))
