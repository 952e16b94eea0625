"""The puzzles shipped in the package, and re-checking a puzzle against its listed answers."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from games.neuroshima.puzzles.fileformat import load
from games.neuroshima.puzzles.model import Puzzle
from games.neuroshima.puzzles.solve import Solved, solve


@cache
def shipped() -> tuple[Puzzle, ...]:
    """Every puzzle in games/neuroshima/data/puzzles, in file-name order."""
    folder = resources.files("games.neuroshima") / "data" / "puzzles"
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")), key=lambda f: f.name)
    return tuple(load(json.loads(f.read_text(encoding="utf-8"))) for f in files)


def find(puzzle_id: str) -> Puzzle | None:
    """The shipped puzzle with this id, if there is one."""
    return next((p for p in shipped() if p.id == puzzle_id), None)


def check(puzzle: Puzzle) -> tuple[bool, Solved]:
    """Whether the listed solutions are exactly the turns that reach the goal, and the search.

    The goal must be reached by exactly one turn (up to identical outcomes)."""
    solved = solve(puzzle)
    listed = sorted(set(puzzle.solutions))
    return solved.unique and listed == sorted(set(solved.texts())), solved
