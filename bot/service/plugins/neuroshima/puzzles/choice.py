"""Which puzzle: today's (the same for every server on a date), or one matching a request.

Today's puzzle is a function of the date alone: the shipped set in a fixed shuffled order, one
puzzle a day, round and round (300 puzzles last 300 days before the first comes back). A server
reads "today" in its own time zone, so two servers in different zones may be a day apart for a
few hours, but on the same date every server has the same puzzle.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Collection
from datetime import date, datetime
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.service.errors import RequestError
from games.neuroshima.puzzles import Puzzle, shipped
from games.neuroshima.puzzles.shipped import find as shipped_puzzle

EPOCH = date(2026, 1, 1)
ORDER_SEED = "muster:neuroshima:daily-puzzles"
DIFFICULTY = {"easiest": -600, "easier": -300, "normal": 0, "harder": 300, "hardest": 600}
"""A requested difficulty, relative to the player's puzzle rating (as Lichess offers it)."""


def zone(name: str | None) -> ZoneInfo:
    """A server's time zone (UTC when unset or unknown)."""
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def local_day(now: datetime, zone_name: str | None) -> date:
    """The date it is at `now` in a zone."""
    return now.astimezone(zone(zone_name)).date()


@cache
def _daily_order() -> tuple[Puzzle, ...]:
    puzzles = sorted(shipped(), key=lambda p: p.id)
    random.Random(ORDER_SEED).shuffle(puzzles)
    return tuple(puzzles)


def daily(day: date) -> Puzzle:
    """The daily puzzle of a date."""
    order = _daily_order()
    if not order:
        raise RequestError("No puzzles are installed.", code="no_puzzles")
    return order[(day - EPOCH).days % len(order)]


def ships(puzzle_id: str) -> bool:
    """Whether this release has the puzzle (a regenerated set may drop old ones)."""
    return shipped_puzzle(puzzle_id) is not None


def find(puzzle_id: str) -> Puzzle:
    """A shipped puzzle by id; RequestError when there is none (a try of a puzzle a later
    release dropped)."""
    found = shipped_puzzle(puzzle_id)
    if found is None:
        raise RequestError("There is no puzzle {puzzle}.", code="no_puzzle", puzzle=puzzle_id)
    return found


def pick(
    rating: int,
    *,
    theme: str | None,
    difficulty: str | None,
    solved: Collection[str],
    tried: Collection[str],
    salt: str,
) -> Puzzle:
    """A puzzle of `theme` (any when None) the player has not solved, nearest to their rating
    moved by `difficulty`; untried puzzles before tried ones, ties broken by `salt`."""
    target = rating + DIFFICULTY.get(difficulty or "normal", 0)
    fits = [p for p in shipped() if theme is None or theme in p.themes]
    open_ = [p for p in fits if p.id not in solved]
    if not open_:
        if not fits:
            raise RequestError(
                "No puzzle has the theme {theme}.", code="no_puzzle_theme", theme=theme or ""
            )
        raise RequestError("You have solved every puzzle of this kind here.", code="all_solved")
    return min(open_, key=lambda p: (p.id in tried, abs(p.difficulty - target), _mix(salt, p)))


def _mix(salt: str, puzzle: Puzzle) -> str:
    return hashlib.sha256(f"{salt}:{puzzle.id}".encode()).hexdigest()
